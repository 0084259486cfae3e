// Entry of the CodeMirror bundle the Lab page loads (docs/assets/vendor/codemirror/codemirror.js).
// scripts/vendor.py bundles it with esbuild from the packages pinned in package-lock.json.
export { EditorState, StateField, StateEffect, Prec } from "@codemirror/state";
export {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, Decoration,
} from "@codemirror/view";
export { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
export {
  syntaxHighlighting, HighlightStyle, indentOnInput, bracketMatching,
} from "@codemirror/language";
export { python } from "@codemirror/lang-python";
export { tags } from "@lezer/highlight";
