// The CodeMirror 6 pieces the dashboard's SQL editor uses (static/js/sql_editor.js), bundled once
// by build.sh into static/vendor/codemirror-<version>/editor.min.js as the global `CodeMirror`.
// Only library code lives here: the dashboard's own behaviour stays in static/js, unbuilt.
export { EditorState, Compartment } from "@codemirror/state";
export {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, placeholder,
} from "@codemirror/view";
export { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
export {
  syntaxHighlighting, indentOnInput, bracketMatching, defaultHighlightStyle,
} from "@codemirror/language";
export { classHighlighter } from "@lezer/highlight";
export { sql, SQLDialect, keywordCompletionSource, schemaCompletionSource } from "@codemirror/lang-sql";
export {
  autocompletion, completionKeymap, closeBrackets, closeBracketsKeymap, startCompletion,
  acceptCompletion,
} from "@codemirror/autocomplete";
export { lintGutter, setDiagnostics, forEachDiagnostic } from "@codemirror/lint";
export { searchKeymap, highlightSelectionMatches } from "@codemirror/search";
