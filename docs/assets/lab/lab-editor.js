// The Lab's code editor: CodeMirror 6 (the site's own bundle in ../vendor/codemirror/),
// with its own token colours (lab.css, readable in light and dark), or a plain textarea when the
// bundle cannot load. Both offer {kind, getCode(), setCode(text), markLine(n | null)}.

const BUNDLE = new URL("../vendor/codemirror/codemirror.js", import.meta.url).href;

function isRunKey(event) {
  return event.key === "Enter" && (event.ctrlKey || event.metaKey);
}

function textareaEditor(container, code, { label, onRun }) {
  const area = document.createElement("textarea");
  Object.assign(area, { value: code, spellcheck: false, rows: 16 });
  area.setAttribute("aria-label", label);
  area.className = "lab-textarea";
  area.addEventListener("keydown", (event) => {
    if (isRunKey(event)) {
      event.preventDefault();
      onRun();
    }
  });
  container.replaceChildren(area);
  return {
    kind: "textarea",
    getCode: () => area.value,
    setCode: (text) => { area.value = text; },
    markLine: () => {},
  };
}

function highlightStyle(cm) {
  const { tags: t, HighlightStyle } = cm;
  const token = (tag, name) => ({ tag, class: `lab-tok-${name}` }); // colours: lab.css, per scheme
  return HighlightStyle.define([
    token(t.keyword, "keyword"),
    token([t.string, t.special(t.string)], "string"),
    token([t.number, t.bool, t.null, t.self], "number"),
    token(t.comment, "comment"),
    token([t.function(t.variableName), t.function(t.propertyName)], "function"),
    token([t.definition(t.variableName), t.className], "name"),
  ]);
}

function errorLineField(cm) {
  const { StateField, StateEffect, Decoration, EditorView } = cm;
  const setLine = StateEffect.define();
  const mark = Decoration.line({ class: "lab-error-line" });
  const field = StateField.define({
    create: () => Decoration.none,
    update(deco, tr) {
      for (const effect of tr.effects) {
        if (effect.is(setLine)) {
          const n = effect.value;
          deco = n && n <= tr.state.doc.lines
            ? Decoration.set([mark.range(tr.state.doc.line(n).from)]) : Decoration.none;
        }
      }
      return tr.docChanged ? Decoration.none : deco;
    },
    provide: (f) => EditorView.decorations.from(f),
  });
  return { field, setLine };
}

function codeMirrorEditor(cm, container, code, { label, onRun }) {
  const errors = errorLineField(cm);
  const view = new cm.EditorView({
    parent: container,
    state: cm.EditorState.create({
      doc: code,
      extensions: [
        cm.Prec.highest(cm.keymap.of([{ key: "Mod-Enter", run: () => { onRun(); return true; } }])),
        cm.lineNumbers(), cm.highlightActiveLineGutter(), cm.history(), cm.drawSelection(),
        cm.indentOnInput(), cm.bracketMatching(), cm.highlightActiveLine(),
        cm.keymap.of([...cm.defaultKeymap, ...cm.historyKeymap, cm.indentWithTab]),
        cm.python(), cm.syntaxHighlighting(highlightStyle(cm)), errors.field,
        cm.EditorView.lineWrapping, cm.EditorView.contentAttributes.of({ "aria-label": label }),
      ],
    }),
  });
  return {
    kind: "codemirror",
    view,
    getCode: () => view.state.doc.toString(),
    setCode: (text) => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } }),
    markLine: (n) => {
      const effects = [errors.setLine.of(n)];
      if (n && n <= view.state.doc.lines) {
        effects.push(cm.EditorView.scrollIntoView(view.state.doc.line(n).from, { y: "center" }));
      }
      view.dispatch({ effects });
    },
  };
}

/** The editor in `container` holding `code`; onRun is called on Ctrl/Cmd+Enter. */
export async function createEditor(container, code, options) {
  try {
    const cm = await import(BUNDLE);
    return codeMirrorEditor(cm, container, code, options);
  } catch (err) {
    console.warn("Lab: CodeMirror unavailable, using a plain text area:", err);
    return textareaEditor(container, code, options);
  }
}
