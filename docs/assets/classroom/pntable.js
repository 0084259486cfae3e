// A P/N-table task drawn as the lessons draw theirs (scripts/sitegen/exercise_markup.py,
// markup.axes): over the first and the last coordinate, y down if it is one of them (else
// the first), one table per value of the coordinates between; each cell holds its
// position in data-pos.

import { h } from "../widgets/dom.js";

/** The tables of `table` ({coords, positions}); cell(pos) -> the <td> of a position. */
export function tablesNode(table, cell) {
  const { coords, positions } = table;
  const n = coords.length;
  const yDown = n > 1 && coords[n - 1] === "y"; // (x, y): y down, as a board's rows
  const first = n > 1 ? (yDown ? n - 1 : 0) : null;
  const last = yDown ? 0 : n - 1;
  const slices = new Map();
  for (const pos of positions) {
    const key = pos.slice(1, -1).join(",");
    if (!slices.has(key)) slices.set(key, []);
    slices.get(key).push(pos);
  }
  const one = (subset) => {
    const rows = [...new Set(subset.map((p) => (first === null ? "" : p[first])))].sort((a, b) => a - b);
    const cols = [...new Set(subset.map((p) => p[last]))].sort((a, b) => a - b);
    const at = new Map(subset.map((p) => [`${first === null ? "" : p[first]}|${p[last]}`, p]));
    const corner = first === null ? coords[0] : `${coords[first]} \\ ${coords[last]}`;
    return h("table", { class: "cr-pn" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: corner }), cols.map((c) => h("th", { scope: "col", text: String(c) })))),
      h("tbody", {}, rows.map((r) => h("tr", {}, h("th", { scope: "row", text: String(r) }),
        cols.map((c) => (at.has(`${r}|${c}`) ? cell(at.get(`${r}|${c}`)) : h("td", { class: "gx-void" })))))));
  };
  if (n <= 2) return one(positions);
  return h("div", { class: "gx-slices" }, [...slices.values()].map((subset) => h("div", { class: "gx-slice-box" },
    h("p", { class: "gx-slice", text: coords.slice(1, -1).map((c, i) => `${c} = ${subset[0][i + 1]}`).join(", ") }),
    one(subset))));
}

/** The blank cells a student fills (the <grundy-exercise> makes them buttons). */
export const blankCell = (pos) => h("td", { class: "gx-cell", "data-pos": pos.join(",") });

/** A filled cell of the answer (truth: "P" or "N"). */
export const filledCell = (pos, truth) => h("td", { class: `gx-${truth}`, "data-pos": pos.join(","), text: truth });
