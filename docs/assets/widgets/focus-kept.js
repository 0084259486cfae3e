// The keyboard focus kept in a widget as it replaces its build-time content. A reader who
// tabs into that content (a table that scrolls, a link) starts the widget, which then
// moves that content, then removes it: the focus would fall to the page's body, and a
// screen reader would lose the reader's place. A moved element keeps the focus; when it
// is removed, the focus goes to what took its place (the first control drawn where it
// was, the last after Shift+Tab), else to the widget's first control (its last after
// Shift+Tab). A focus moved by the reader (a press of the mouse or a finger, another
// window) is left where it went, and so is a focus the reader then pressed on: it falls
// to the body with the element.

const CONTROLS = "a[href], button, input, select, textarea, summary, [tabindex]";

let pressed = false;   // a pointer went down in this task: the press moves the focus itself
let shiftTab = false;  // Shift+Tab was pressed in this task
const inThisTask = (set) => { set(true); setTimeout(() => set(false)); };
for (const type of ["pointerdown", "mousedown"]) {
  document.addEventListener(type, () => inThisTask((on) => { pressed = on; }), true);
}
document.addEventListener("keydown", (event) => {
  if (event.key === "Tab" && event.shiftKey) inThisTask((on) => { shiftTab = on; });
}, true);

/** The controls of `root` that Tab reaches, in document order. */
function tabbable(root) {
  return [...root.querySelectorAll(CONTROLS)].filter((el) => el.tabIndex >= 0 && !el.disabled
    && !el.closest("[inert], [hidden]") && el.checkVisibility({ visibilityProperty: true }));
}

/** Focus the first of `controls` that takes it; whether one did. */
function focusFirst(controls) {
  return controls.some((el) => {
    el.focus();
    return document.activeElement === el;
  });
}

/** Keep the keyboard focus in `widget` when it moves or removes `content` (its build-time
 *  content). Listens on the widget itself, for the element's lifetime. */
export function keepFocus(widget, content) {
  let backward = false; // the focus came into the widget from after it (Shift+Tab)
  let keyboard = false; // the element that has the focus got it by the keyboard
  let giving = false;   // this script is giving the focus back (not a reader coming in)
  widget.addEventListener("focusin", (event) => {
    const from = event.relatedTarget;
    if (!giving && !widget.contains(from)) {
      backward = from ? Boolean(widget.compareDocumentPosition(from) & Node.DOCUMENT_POSITION_FOLLOWING) : shiftTab;
    }
    keyboard = event.target.matches(":focus-visible");
  });
  widget.addEventListener("pointerdown", (event) => { // a press on the element that has the focus
    if (document.activeElement?.contains(event.target)) keyboard = false;
  });
  widget.addEventListener("focusout", (event) => {
    if (event.relatedTarget || !keyboard || pressed || !content.contains(event.target)) return;
    const place = content.parentElement; // what holds the content: its drawing comes there
    queueMicrotask(() => { // once the widget's drawing is done
      const now = document.activeElement;
      if (now && now !== document.body) return;
      const order = (controls) => (backward ? controls.reverse() : controls);
      giving = true;
      // moved, it keeps the focus; else what was drawn in its place, else the widget's controls
      focusFirst([event.target].filter((el) => widget.contains(el)))
        || (place !== widget && widget.contains(place) && focusFirst(order(tabbable(place))))
        || focusFirst(order(tabbable(widget).filter((el) => !content.contains(el)))); // (content: moved, or gone)
      giving = false;
    });
  });
}
