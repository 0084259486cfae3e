// The play widget's Explain button: asks the engine why the best move from the current
// position wins (the `explain` operation: the argument of the papers' constructive proofs,
// or the options' Grundy values and their mex) and shows it step by step. The panel empties
// itself when the widget's position (data-pos) changes.

import { engine } from "../widgets/engine-client.js";
import { stepsNode } from "./steps.js";
import { addStyles, el, say } from "./text.js";

/** The button and panel for a <grundy-play> element `widget` (reads widget.setup and
 *  widget.current when clicked: the game, its parameters, misère, the pass, the position). */
export function explainPanel(widget) {
  addStyles();
  const lang = widget.lang === "ja" ? "ja" : "en";
  const t = say(lang);
  const body = el("div.gx-explain-body", { attrs: { "aria-live": "polite" } });
  const panel = el("section.gx-explain-panel", { hidden: true, attrs: { "aria-label": t("explainTitle") } },
    el("p.gx-explain-title", {}, el("strong", { textContent: t("explainTitle") }), " ",
      el("button.md-button.gx-explain-close", { type: "button", textContent: t("explainClose"),
        on: { click: () => { panel.hidden = true; } } })),
    body);
  const show = async () => {
    if (!widget.setup || !widget.current) return;
    const { game, params, misere } = widget.setup;
    const { pos, pass } = widget.current;
    panel.hidden = false;
    body.replaceChildren(el("p", { textContent: t("explainWorking") }));
    const asked = widget.dataset.pos;
    try {
      const answer = await engine.request({ op: "explain", lang, game, params, pos, misere, ...(pass ? { pass: true } : {}) });
      if (widget.dataset.pos !== asked) return; // the game moved on meanwhile
      body.replaceChildren(answer.error ? el("p.gx-error", { textContent: answer.error }) : stepsNode(answer.steps, lang));
      body.dataset.move = answer.move ? answer.move.to.join(",") : "";
      body.dataset.kind = answer.kind || "";
    } catch (err) {
      body.replaceChildren(el("p.gx-error", { textContent: err.message }));
    }
  };
  new MutationObserver(() => { panel.hidden = true; body.replaceChildren(); })
    .observe(widget, { attributes: true, attributeFilter: ["data-pos"] });
  const button = el("button.md-button.gx-explain", { type: "button", textContent: t("explain"), on: { click: show } });
  return el("div.gx-explain-box", {}, button, panel);
}
