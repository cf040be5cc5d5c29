#!/bin/sh
# Bundles CodeMirror 6 (editor.js) once into static/vendor/codemirror-<version>/, with the
# licences of every package in the bundle. Run by hand when upgrading, then commit the output
# and update static/vendor/README.md (versions, sha256); the dashboard never runs npm.
#   cd frontend/editor && npm ci && sh build.sh
set -eu
cd "$(dirname "$0")"
version=$(node -p 'require("./node_modules/@codemirror/view/package.json").version')
out=../../static/vendor/codemirror-$version
rm -rf "$out"
mkdir -p "$out"
npx esbuild editor.js --bundle --minify --format=iife --global-name=CodeMirror \
  --target=es2020 --legal-comments=none --outfile="$out/editor.min.js"
# one LICENSE file naming each bundled package, its version and its licence text
for dir in node_modules/@codemirror/* node_modules/@lezer/* node_modules/@marijn/* \
           node_modules/crelt node_modules/style-mod node_modules/w3c-keyname; do
  name=$(node -p "require('./$dir/package.json').name")
  ver=$(node -p "require('./$dir/package.json').version")
  lic=$(node -p "require('./$dir/package.json').license")
  printf '%s %s (%s)\n' "$name" "$ver" "$lic"
  printf '%s\n\n' '----------------------------------------------------------------------'
  cat "$dir"/LICENSE* 2>/dev/null || echo "(no licence file shipped; package.json: $lic)"
  printf '\n\n'
done > "$out/LICENSE"
sha256sum "$out/editor.min.js"
