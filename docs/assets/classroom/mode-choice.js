// The teacher's choice of an assignment's mode (codec.js MODES): practice, as the lessons
// (hints and answers there, and recorded), or a test (no help; the answers shown after the
// hand-in). A fieldset of two radio buttons, practice unless told.

import { h } from "../widgets/dom.js";
import { MODES } from "./codec.js";

let fieldsets = 0; // each fieldset's radio group its own name

/** {element, value}: the fieldset; value the chosen mode. `onChange` after a choice. */
export function modeChoice(t, mode, onChange) {
  const name = `cr-mode-${(fieldsets += 1)}`;
  const radios = MODES.map((m) => h("input", { type: "radio", name, value: m, class: `cr-mode-${m}`,
                                                checked: m === (MODES.includes(mode) ? mode : "practice") }));
  radios.forEach((r) => r.addEventListener("change", onChange));
  const element = h("fieldset", { class: "cr-form cr-about cr-mode" }, h("legend", { text: t("mode") }),
    ...radios.map((r) => h("label", { class: "cr-mode-option" }, r, " ", t(`mode.${r.value}`))));
  return { element, get value() { return radios.find((r) => r.checked)?.value || "practice"; } };
}
