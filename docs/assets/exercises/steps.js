// The engine's explanations (the `explain` operation) as HTML: each step a paragraph, with
// its numbers in binary columns (the highest 1 of the nim-sum marked) or its options.

import { el, say, written } from "./text.js";

const MANY_OPTIONS = 12; // longer lists of options are folded

function binaryTable(data, t) {
  const width = data.total.bits.length;
  const row = (r, cls) => el(`tr${cls}`, {},
    el("th", { scope: "row", textContent: `${r.label} = ${r.value}` }),
    ...[...r.bits].map((b, i) => el(width - 1 - i === data.column ? "td.gx-col" : "td", { textContent: b })));
  return el("table.gx-binary", { attrs: { "aria-label": t("nimsum") } },
    el("tbody", {}, ...data.rows.map((r) => row(r, "")), row(data.total, ".gx-total")));
}

function optionsTable(options, t) {
  const misere = options.length && "outcome" in options[0];
  const head = el("tr", {}, ...[t("optionMove"), t("optionTo"), t(misere ? "optionOutcome" : "optionValue")]
    .map((text) => el("th", { scope: "col", textContent: text })));
  const rows = options.map((o) => {
    const good = misere ? o.outcome === "P" : o.grundy === 0;
    return el(good ? "tr.gx-good" : "tr", {}, el("td", { textContent: o.text }),
      el("td", { textContent: written(o.to) }), el("td", { textContent: misere ? o.outcome : o.grundy }));
  });
  const table = el("table.gx-options", {}, el("thead", {}, head), el("tbody", {}, ...rows));
  const title = t(misere ? "optionsMisere" : "options");
  return options.length > MANY_OPTIONS
    ? el("details", {}, el("summary", { textContent: `${title} (${options.length})` }), table)
    : table;
}

/** One step of an explanation: its sentence and, if it has them, binary rows or options. */
export function stepNode(step, lang) {
  const t = say(lang);
  return el("li.gx-step", {}, el("p", { textContent: step.text }),
    step.binary ? binaryTable(step.binary, t) : null,
    step.options ? optionsTable(step.options, t) : null);
}

/** The whole explanation as an ordered list. */
export function stepsNode(steps, lang) {
  return el("ol.gx-steps", {}, ...steps.map((s) => stepNode(s, lang)));
}
