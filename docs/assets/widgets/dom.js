// Small DOM helpers shared by the widgets.

/** h("tag", {class, text, onclick, attr: value}, ...children) -> element. */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

let uid = 0;

/** A fresh id for label/for and aria references. */
function newId(prefix = "gw") {
  uid += 1;
  return `${prefix}-${uid}`;
}

/** A labelled input with a slot beside it for its error message (see setFieldError). */
export function field(label, input, extraClass = "") {
  input.id = input.id || newId();
  const error = h("span", { class: "gw-field-error", id: newId(), role: "alert", hidden: true }); // announced when shown
  input.setAttribute("aria-describedby", error.id);
  return h("span", { class: `gw-field ${extraClass}`.trim() },
    h("label", { for: input.id, text: label }), input, error);
}

/** Show (or with "" clear) the message beside a field's input. */
export function setFieldError(input, message) {
  const box = input.closest(".gw-field")?.querySelector(".gw-field-error");
  if (!box) return;
  box.textContent = message;
  box.hidden = !message;
  if (message) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
}

/** A field's text as ASCII: full-width digits, signs and spaces (１２　３) become 12 3. */
export function ascii(text) {
  return String(text ?? "").normalize("NFKC").trim();
}

/** A text input for a whole number (a numeric keyboard on phones; every text is accepted,
 *  so that a bad one gets its message rather than being emptied by the browser). */
export function numberInput(attrs) {
  return h("input", { type: "text", inputmode: "numeric", autocomplete: "off", spellcheck: "false",
                      size: 6, ...attrs, class: `gw-number ${attrs.class || ""}`.trim() });
}

/** A position as the papers write it: {10, 5, 5}. */
export function posText(pos) {
  return `{${pos.join(", ")}}`;
}

/** A position that never breaks across lines. */
export function posNode(pos) {
  return h("span", { class: "gw-pos", text: posText(pos) });
}

/** `text` as nodes, each occurrence of the position `pos` kept on one line. */
export function withPos(text, pos) {
  const parts = String(text).split(posText(pos));
  return parts.flatMap((part, i) => (i ? [posNode(pos), part] : [part])).filter((node) => node !== "");
}

export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
