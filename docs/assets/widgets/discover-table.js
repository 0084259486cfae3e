// The table a reader of <grundy-discover> guesses a rule from: the engine's values up to the
// bound, the way the lessons' tables show them. Two coordinates: a grid (rows y when y is one
// of them, else the first coordinate; scripts/sitegen/markup.py `axes`), P or N in each cell
// for the target P, the Grundy value for the target grundy, P-positions in bold. Other
// numbers of coordinates: a list, the P-positions (target P) or every position with its
// Grundy value. A guess's first counterexample is marked in it (added to the list if the
// list does not hold it).

import { h, posText } from "./dom.js";

const MAX_LIST_ROWS = 400; // as the lessons' lists (scripts/sitegen/tables.py)
let captions = 0; // ids of the tables' captions

/** (down, across) coordinate indices of a grid, as the lessons' tables read. */
function gridAxes(coords) {
  const down = coords.includes("y") ? coords.indexOf("y") : 0;
  return [down, down === 0 ? 1 : 0];
}

/** Lexicographic order of two positions. */
function before(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

export class GuessTable {
  constructor(t) {
    this.t = t;
    this.shown = false;
    this.cells = new Map(); // posText -> the cell (grid) or row (list) of a position
    this.element = h("div", { class: "gw-guess-table" });
  }

  /** "Computing the table…", or `text` (an error) instead of a table. */
  clear(text = "") {
    this.shown = false;
    this.cells.clear();
    this.element.replaceChildren(h("p", { class: text ? "gw-table-error" : "gw-table-wait",
                                          text: text || this.t("discover.table.wait") }));
  }

  /** Draw the engine's `table` answer ({coords, rows: [[...pos, G, f]]}) for `target` up to `max`. */
  show(data, target, max) {
    this.cells.clear();
    this.coords = data.coords;
    this.target = target;
    const k = data.coords.length;
    const rows = data.rows.map((row) => ({ pos: row.slice(0, k), g: row[k] }));
    const table = k === 2 ? this.grid(rows) : this.list(rows);
    const key = k === 2 ? "grid" : "list";
    // the caption stays in view above the box, which scrolls (to a counterexample too); a
    // screen reader reads it as the name of the box (a region: on focus, among landmarks)
    // and of the table (among tables), not a third time as a paragraph
    const caption = h("p", { class: "gw-table-caption", id: `gw-table-${++captions}`, "aria-hidden": "true",
                             text: this.t(`discover.table.${key}${target === "P" ? "P" : "Grundy"}`, { max }) });
    table.setAttribute("aria-labelledby", caption.id);
    this.body = table.querySelector("tbody");
    const box = h("div", { class: "gw-table-box", tabindex: "0", role: "region", "aria-labelledby": caption.id }, table);
    const listed = this.body.rows.length;
    const total = target !== "P" ? rows.length : rows.filter((r) => r.g === 0).length;
    this.element.replaceChildren(caption, box, ...(k !== 2 && listed < total
      ? [h("p", { class: "gw-table-more", text: this.t("discover.table.more", { shown: listed, n: total }) })] : []));
    this.shown = true;
  }

  value(g) {
    return this.target === "P" ? (g === 0 ? "P" : "N") : String(g);
  }

  cell(pos, g) {
    const td = h("td", { class: g === 0 ? "gt-p" : "", text: this.value(g) });
    this.cells.set(posText(pos), td);
    return td;
  }

  grid(rows) {
    const [down, across] = gridAxes(this.coords);
    const at = new Map(rows.map((r) => [`${r.pos[down]},${r.pos[across]}`, r]));
    const used = (i) => [...new Set(rows.map((r) => r.pos[i]))].sort((a, b) => a - b);
    const corner = `${this.coords[down]} \\ ${this.coords[across]}`;
    return h("table", {},
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: corner }),
        used(across).map((c) => h("th", { scope: "col", text: String(c) })))),
      h("tbody", {}, used(down).map((r) => h("tr", {}, h("th", { scope: "row", text: String(r) }),
        used(across).map((c) => {
          const found = at.get(`${r},${c}`);
          return found ? this.cell(found.pos, found.g) : h("td", { class: "gt-void" });
        })))));
  }

  list(rows) {
    const shown = (this.target === "P" ? rows.filter((r) => r.g === 0) : rows)
      .sort((a, b) => (before(a.pos, b.pos) ? -1 : before(b.pos, a.pos) ? 1 : 0)).slice(0, MAX_LIST_ROWS);
    const valueHead = this.target === "P" ? "P/N" : "G";
    return h("table", {},
      h("thead", {}, h("tr", {}, [...this.coords, valueHead].map((c) => h("th", { scope: "col", text: c })))),
      h("tbody", {}, shown.map((r) => this.row(r.pos, r.g))));
  }

  row(pos, g) {
    const tr = h("tr", {}, pos.map((c) => h("td", { text: String(c) })),
                 h("td", { class: g === 0 ? "gt-p" : "", text: this.value(g) }));
    tr.dataset.pos = JSON.stringify(pos);
    this.cells.set(posText(pos), tr);
    return tr;
  }

  /** Mark `pos` (the table's value there `expected`: P, N or a Grundy value) as the first
   *  counterexample; false if the table is not drawn. */
  mark(pos, expected) {
    this.unmark();
    if (!this.shown) return false;
    let node = this.cells.get(posText(pos));
    if (!node && this.body && this.coords.length !== 2) { // an N-position a guess calls P: add its row
      const g = expected === "P" ? 0 : expected === "N" ? 1 : Number(expected);
      node = this.row(pos, g);
      node.classList.add("gw-added");
      const next = [...this.body.rows].find((tr) => before(pos, JSON.parse(tr.dataset.pos)));
      this.body.insertBefore(node, next || null);
    }
    if (!node) return false;
    node.classList.add("gt-miss", "gw-counterexample");
    const where = node.tagName === "TR" ? node.lastElementChild : node;
    where.append(h("span", { class: "gw-sr", text: ` (${this.t("discover.table.counter")})` }));
    this.marked = node;
    this.reveal(node);
    return true;
  }

  /** Scroll the table's box (not the page) to show `node` in its middle. */
  reveal(node) {
    const box = this.element.querySelector(".gw-table-box");
    const b = box.getBoundingClientRect();
    const n = node.getBoundingClientRect();
    box.scrollTop += n.top - b.top - (b.height - n.height) / 2;
    box.scrollLeft += n.left - b.left - (b.width - n.width) / 2;
  }

  unmark() {
    const node = this.marked;
    this.marked = null;
    if (!node) return;
    if (node.classList.contains("gw-added")) node.remove();
    else {
      node.classList.remove("gt-miss", "gw-counterexample");
      node.querySelector(".gw-sr")?.remove();
    }
  }
}
