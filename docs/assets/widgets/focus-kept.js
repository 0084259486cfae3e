// The keyboard focus kept in a widget as it replaces its build-time content. A reader who
// tabs into that content (a table that scrolls, a link) starts the widget, which then
// moves that content, then removes it: the focus would fall to the page's body, and a
// screen reader would lose the reader's place. A moved element keeps the focus; when it
// is removed, the focus goes to the widget's first control, or to its last when the
// reader came back with Shift+Tab. A focus moved by the reader (a press of the mouse or
// a finger elsewhere, another window) is left where it went.

const CONTROLS = "a[href], button, input, select, textarea, summary, [tabindex]";

let pressed = false; // a pointer went down in this task: the press moves the focus itself
for (const type of ["pointerdown", "mousedown"]) {
  document.addEventListener(type, () => {
    pressed = true;
    setTimeout(() => { pressed = false; });
  }, true);
}

/** The controls of `root` that Tab reaches, in document order. */
function tabbable(root) {
  return [...root.querySelectorAll(CONTROLS)].filter((el) => el.tabIndex >= 0 && !el.disabled
    && !el.closest("[inert], [hidden]") && el.checkVisibility({ visibilityProperty: true }));
}

/** Keep the keyboard focus in `widget` when it moves or removes `content` (its build-time
 *  content); returns the function that stops it. */
export function keepFocus(widget, content) {
  let backward = false; // the focus came into the widget from after it (Shift+Tab)
  let keyboard = false; // the element that has the focus got it by the keyboard
  const onFocusIn = (event) => {
    const from = event.relatedTarget;
    if (from && !widget.contains(from)) {
      backward = Boolean(widget.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING);
    }
    keyboard = event.target.matches(":focus-visible");
  };
  const onFocusOut = (event) => {
    if (event.relatedTarget || !keyboard || pressed || !content.contains(event.target)) return;
    queueMicrotask(() => { // once the widget's drawing is done
      const now = document.activeElement;
      if (now && now !== document.body) return;
      if (widget.contains(event.target)) { // moved: it keeps the focus
        event.target.focus();
        if (document.activeElement === event.target) return;
      }
      const controls = tabbable(widget).filter((el) => !content.contains(el)); // (content: moved, or gone)
      for (const el of backward ? controls.reverse() : controls) {
        el.focus();
        if (document.activeElement === el) return;
      }
    });
  };
  widget.addEventListener("focusin", onFocusIn);
  widget.addEventListener("focusout", onFocusOut);
  return () => {
    widget.removeEventListener("focusin", onFocusIn);
    widget.removeEventListener("focusout", onFocusOut);
  };
}
