// Entry of the CodeMirror bundle the Lab page loads (docs/assets/vendor/codemirror/codemirror.js).
// scripts/vendor.py bundles it with esbuild from the packages pinned in package-lock.json.
export { EditorState, Compartment } from "@codemirror/state";
export {
  EditorView, keymap, lineNumbers, highlightActiveLine, highlightActiveLineGutter,
  drawSelection, Decoration, placeholder,
} from "@codemirror/view";
export { defaultKeymap, history, historyKeymap, indentWithTab } from "@codemirror/commands";
export {
  syntaxHighlighting, defaultHighlightStyle, HighlightStyle, indentOnInput, bracketMatching,
} from "@codemirror/language";
export { python } from "@codemirror/lang-python";
export { tags } from "@lezer/highlight";
