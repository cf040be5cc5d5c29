#!/usr/bin/env bash
# The whole suite: on SQLite, then again on PostgreSQL when one answers at $POSTGRES_URL.
#   REQUIRE_POSTGRES=1  an unreachable PostgreSQL is a failure, not a skip
#   REQUIRE_FLINK=1     no java on PATH is a failure (the live golden tests need real Flink)
set -u
cd "$(dirname "$0")/.."

PYTHON=.venv/bin/python
POSTGRES_URL=${POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}
status=0

if [ "${REQUIRE_FLINK:-0}" = "1" ] && ! command -v java >/dev/null; then
  echo "REQUIRE_FLINK=1 but java is not on PATH" >&2
  status=1
fi

# Browser tests drive Chromium; install it when we can (as root), otherwise they skip.
if [ ! -x /usr/bin/chromium ] && [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  { apt-get update -qq && apt-get install -y -qq chromium; } >/dev/null 2>&1 \
    || echo "could not install chromium" >&2
fi

echo "== tests on SQLite"
# loadgroup: the tests of one xdist_group share one worker (the Flink catalog plugin's end-to-end
# tests share one dashboard server and two JVM sessions); the others are spread as before.
env -u DATABASE_URL "$PYTHON" -m pytest -n auto --dist loadgroup "$@" || status=1

if POSTGRES_URL="$POSTGRES_URL" "$PYTHON" - <<'PY'
import os
import sys

import psycopg

# The server, not the database the URL names: the test run creates its own test_<name>.
try:
    psycopg.connect(os.environ["POSTGRES_URL"], dbname="postgres", connect_timeout=3).close()
except psycopg.Error:
    sys.exit(1)
PY
then
  echo "== tests on PostgreSQL ($POSTGRES_URL)"
  # The live comparison with Flink does not touch the database: it ran in the first pass.
  DATABASE_URL="$POSTGRES_URL" "$PYTHON" -m pytest -n auto --dist loadgroup -m "not flink" "$@" || status=1
elif [ "${REQUIRE_POSTGRES:-0}" = "1" ]; then
  echo "REQUIRE_POSTGRES=1 but PostgreSQL does not answer at $POSTGRES_URL" >&2
  status=1
else
  echo "== skipped the PostgreSQL run: nothing answers at $POSTGRES_URL"
fi

exit $status
