// <grundy-table>: the Grundy table explorer (a table or a heatmap, slices through the
// middle coordinates, comparison with the theorem's formula or with the nim-sum).
// data-game, data-params (JSON), data-max.
//
// Orientation as the lessons' static tables (scripts/sitegen/tables.py): rows are y when y
// is shown, else the last coordinate; columns the other one. Large tables never block the
// page: the table draws only the cells around the visible part (and again on scroll), the
// heatmap draws its rows in short chunks; a newer request stops an older drawing.

import { GameControls, checkGame } from "./catalogue.js";
import { field, h, setFieldError } from "./dom.js";
import { GrundyWidget, define } from "./widget-base.js";

const DEFAULT_MAX = { 1: 30, 2: 20, 3: 12, 4: 6 }; // by number of coordinates
const MAX_SIZE = 199; // the largest coordinate the explorer offers (the engine caps positions too)
const WHOLE_TABLE = 2500; // cells: up to this many the table is drawn whole, else around the view
const OVERSCAN = 2; // rows and columns drawn beyond the visible part
const CHUNK_MS = 12; // main-thread work between two yields while drawing a heatmap
const NONE = -1; // a cell that is not a position of the game

/** A coordinate's name in the page language (x, y, z stay; right/up/... are translated). */
function coordName(t, name) {
  const text = t(`coords.${name}`);
  return text === `coords.${name}` ? name : text;
}

/** A light-to-warm colour scale for 0 < x <= 1 (value 0 is drawn separately). */
function heat(x) {
  const hue = 210 - 170 * x;
  return `hsl(${hue}, 70%, ${78 - 28 * x}%)`;
}

/** Yield to the browser (a new task), so that input and painting go on. */
function nextTask() {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The engine's `cells` (whole numbers separated by spaces) as an Int32Array, read in
 *  chunks of CHUNK_MS between which the page goes on; null if `stale()` turns true. */
async function parseCells(text, stale) {
  const out = new Int32Array(text.length / 2 + 1);
  let n = 0;
  let value = 0;
  let digits = false;
  let negative = false;
  let started = performance.now();
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : 32;
    if (code >= 48 && code <= 57) {
      value = value * 10 + code - 48;
      digits = true;
    } else if (code === 45) negative = true;
    else if (digits) {
      out[n++] = negative ? -value : value;
      value = 0;
      digits = negative = false;
    }
    if ((i & 0x3fff) === 0 && performance.now() - started > CHUNK_MS) {
      await nextTask();
      if (stale()) return null;
      started = performance.now();
    }
  }
  return out.subarray(0, n);
}

/** [column index, row index] of the coordinates shown, as the lessons' tables: rows y if
 *  y is shown, else the last coordinate (one coordinate: columns only). */
function axes(coords) {
  if (coords.length === 1) return [0, null];
  const last = coords.length - 1;
  return coords[0] === "y" ? [last, 0] : [0, last];
}

/** One slice of the table: value, formula and mark of each (row, column) cell (index
 *  row * n + column); rows and cols stop at the last that holds a position, as in the
 *  lessons' tables. */
class Slice {
  constructor({ coords, max }, cells, fixed) {
    const k = coords.length;
    const [col, row] = axes(coords);
    this.n = max + 1;
    this.rows = row === null ? 1 : this.n;
    this.value = new Int32Array(this.rows * this.n).fill(NONE);
    this.formula = new Array(this.rows * this.n).fill(null);
    this.mark = new Uint8Array(this.rows * this.n);
    this.top = 0;
    let lastRow = 0;
    let lastCol = 0;
    const width = k + 3;
    for (let i = 0; i < cells.length; i += width) {
      let inSlice = true;
      for (let j = 1; j < k - 1; j++) inSlice &&= cells[i + j] === fixed[j - 1];
      if (!inSlice) continue;
      const at = (row === null ? 0 : cells[i + row] * this.n) + cells[i + col];
      this.value[at] = cells[i + k];
      this.formula[at] = cells[i + k + 1] < 0 ? null : cells[i + k + 1];
      this.mark[at] = cells[i + k + 2];
      this.top = Math.max(this.top, cells[i + k]);
      lastRow = Math.max(lastRow, row === null ? 0 : cells[i + row]);
      lastCol = Math.max(lastCol, cells[i + col]);
    }
    this.rows = lastRow + 1;
    this.cols = lastCol + 1;
  }

  /** The text of a cell: its value, or "value≠formula" where the comparison fails. */
  text(at) {
    return this.mark[at] ? `${this.value[at]}≠${this.formula[at]}` : String(this.value[at]);
  }
}

export class TableElement extends GrundyWidget {
  static kind = "table";
  static redrawsRequest = true;
  static usesCatalogue = true;

  build(catalogue, params) {
    const t = this.t;
    const game = this.config.game;
    checkGame(catalogue, game, params, t);
    if (game === "sum" || !catalogue[game].table) throw new Error(t("unknownGame", { game }));
    this.catalogue = catalogue;
    this.drawing = 0;
    this.controls = new GameControls({ t, lang: this.lang, catalogue, game, params, forTable: true,
      onChange: () => { this.maxInput.value = this.defaultMax(); } });
    this.maxInput = h("input", { type: "number", class: "gw-max", min: 1, max: MAX_SIZE, step: 1,
                                 value: this.dataset.max ?? this.defaultMax() });
    this.maxInput.addEventListener("input", () => setFieldError(this.maxInput, ""));
    this.viewSelect = h("select", { class: "gw-view" },
      h("option", { value: "table", text: t("tableView") }), h("option", { value: "heatmap", text: t("heatmap") }));
    this.viewSelect.addEventListener("change", () => this.draw());
    this.compareSelect = h("select", { class: "gw-compare" },
      h("option", { value: "formula", text: t("compareFormula") }),
      h("option", { value: "xor", text: t("compareXor") }));
    this.slices = h("div", { class: "gw-slices" });
    this.output = h("div", { class: "gw-table-output" }, this.fallback);
    this.counts = h("p", { class: "gw-counts", role: "status" }); // each redraw's counts and summary announced
    this.summary = h("p", { class: "gw-summary", role: "status" });
    this.condition = h("p", { class: "gw-condition", hidden: true });
    const form = h("form", { class: "gw-controls", novalidate: true, onsubmit: (e) => { e.preventDefault(); this.load(); } },
      this.controls.element, field(t("size"), this.maxInput), field(t("view"), this.viewSelect),
      field(t("compare"), this.compareSelect),
      h("button", { type: "submit", class: "md-button md-button--primary gw-show", text: t("show") }));
    this.replaceChildren(form, this.loader, this.message, this.status, this.slices, this.output,
                         this.counts, this.summary, this.condition);
  }

  /** The default size for the game the controls show (by its number of coordinates). */
  defaultMax() {
    const entry = this.catalogue[this.controls.game];
    const fixed = entry.variable_coords && Object.values(this.controls.inputs)[0];
    const n = fixed ? Number(fixed.input.value) || entry.start.length : entry.coords.length;
    return DEFAULT_MAX[n] ?? 6;
  }

  firstDraw() {
    this.load();
  }

  overlaid() {
    return this.output; // the engine's progress over the drawing it will replace
  }

  drawn() {
    return Boolean(this.data);
  }

  detached() {
    this.drawing += 1; // a drawing still in progress stops
  }

  /** The size field as a number, or null with its message beside the field. */
  readSize() {
    const text = this.maxInput.value.trim();
    let problem = "";
    if (!text) problem = this.t("needValue");
    else if (!/^\d+$/.test(text)) problem = this.t("wholeNumber");
    else if (Number(text) < 1 || Number(text) > MAX_SIZE) problem = this.t("between", { min: 1, max: MAX_SIZE });
    setFieldError(this.maxInput, problem);
    return problem ? null : Number(text);
  }

  /** Clear what an earlier request showed (it would now be stale). */
  clear() {
    this.data = null;
    this.drawing += 1;
    this.slices.replaceChildren();
    // (the build-time table stays until the first drawing replaces it: a reader may be in it)
    if (!this.output.contains(this.fallback)) this.output.replaceChildren();
    this.counts.textContent = "";
    this.summary.textContent = "";
    this.condition.hidden = true;
    for (const key of ["marked", "total", "condition", "firstFailure", "drawn"]) delete this.dataset[key];
  }

  async load() {
    const chosen = this.controls.read();
    const max = this.readSize();
    if (!chosen || max === null) {
      this.token = (this.token || 0) + 1; // an answer still on its way is dropped
      this.clearMessage();
      this.clear();
      return;
    }
    const token = (this.token = (this.token || 0) + 1);
    this.clearMessage();
    this.drawing += 1; // the table shown is no longer drawn further
    const data = await this.call({ op: "table", ...chosen, max, compare: this.compareSelect.value, flat: true },
                                 { quiet: true });
    if (token !== this.token) return;
    if (!data) {
      this.clear();
      await this.blame(this.controls, chosen, this.maxInput, token);
      return;
    }
    this.data = { ...data, max };
    this.describe();
    this.buildSlices();
    this.draw();
  }

  /** The counts, the summary in plain words and the theorem's condition. */
  describe() {
    const t = this.t;
    const { total, p_count: p, marked, condition, summary } = this.data;
    this.counts.textContent = t("tableCounts", {
      positions: t(total === 1 ? "onePosition" : "positions", { n: total.toLocaleString("en") }),
      pp: t(p === 1 ? "onePPosition" : "pPositions", { n: p.toLocaleString("en") }) });
    this.summary.textContent = summary;
    this.condition.hidden = !condition;
    if (condition) {
      this.condition.textContent = `${t("conditionOf", { theorem: this.data.theorem })} ${condition.text}`;
      this.condition.classList.toggle("gw-fails", !condition.holds);
    }
    Object.assign(this.dataset, { marked, total, condition: condition ? (condition.holds ? "holds" : "fails") : "none" });
    if (condition?.first_failure != null) this.dataset.firstFailure = condition.first_failure;
  }

  buildSlices() {
    const { coords, max } = this.data;
    this.sliceInputs = [];
    this.slices.replaceChildren();
    let pending = false;
    for (const name of coords.slice(1, -1)) {
      const input = h("input", { type: "range", class: "gw-slice", min: 0, max, step: 1,
                                 value: Math.min(max, Math.floor(max / 3)) });
      const shown = h("output", { text: input.value });
      input.addEventListener("input", () => {
        shown.textContent = input.value;
        if (pending) return;
        pending = true; // one drawing per frame, however fast the slider moves
        requestAnimationFrame(() => { pending = false; this.draw(); });
      });
      this.sliceInputs.push(input);
      this.slices.append(field(`${this.t("slice")} ${coordName(this.t, name)} =`, input), shown);
    }
  }

  /** Draw the current slice in the chosen view (the engine's cells are read once, in chunks). */
  async draw() {
    if (!this.data) return;
    const drawing = (this.drawing += 1);
    const stale = () => drawing !== this.drawing;
    delete this.dataset.drawn;
    const data = this.data;
    data.parsed ||= await parseCells(data.cells, stale);
    if (stale() || !data.parsed) return;
    const slice = new Slice(data, data.parsed, this.sliceInputs.map((input) => Number(input.value)));
    await nextTask();
    if (stale()) return;
    if (this.viewSelect.value === "heatmap") this.drawHeatmap(slice, drawing);
    else this.drawTable(slice, drawing);
  }

  /** Names of the column and row coordinates, and the corner label ("y \ z"). */
  labels() {
    const { coords } = this.data;
    const [col, row] = axes(coords);
    const across = coordName(this.t, coords[col]);
    const down = row === null ? "G" : coordName(this.t, coords[row]);
    return { across, down, corner: row === null ? across : `${down} \\ ${across}` };
  }

  legend() {
    const t = this.t;
    return h("p", { class: "gw-legend" },
      h("span", { class: "gw-swatch gw-p" }), ` ${t("legendP")}  `,
      h("span", { class: "gw-swatch gw-mismatch" }), ` ${t("legendMismatch")}`);
  }

  /** The width and height of a cell for the widest text of `slice`, and the width of the
   *  row headers' column (measured once, on a hidden probe). */
  cellSize(slice, corner) {
    let widest = String(Math.max(slice.n - 1, slice.top));
    slice.mark.forEach((m, at) => { if (m && slice.text(at).length > widest.length) widest = slice.text(at); });
    const probe = h("table", { class: "gw-grid gw-probe" },
      h("tbody", {}, h("tr", {}, h("th", { text: corner }), h("td", { text: widest }))));
    this.output.append(probe);
    const [th, td] = [...probe.querySelectorAll("th, td")].map((cell) => cell.getBoundingClientRect());
    probe.remove();
    const cw = Math.ceil(td.width) + 2;
    return { cw, ch: Math.ceil(td.height) + 1, hw: Math.max(cw, Math.ceil(th.width) + 2) };
  }

  /** The table: drawn whole when small, else only around the visible part (again on scroll). */
  drawTable(slice, drawing) {
    const { corner } = this.labels();
    const size = this.cellSize(slice, corner);
    const { cw, ch, hw } = size;
    const { cols } = slice;
    const sizer = h("div", { class: "gw-sizer", style: `width:${hw + cols * cw}px;height:${(slice.rows + 1) * ch}px` });
    const scroller = h("div", { class: "gw-scroll gw-grid-scroll", tabindex: 0, role: "region",
                                "aria-label": this.t("widget.table") }, sizer);
    const whole = slice.rows * cols <= WHOLE_TABLE;
    let shown = "";
    const render = () => {
      if (drawing !== this.drawing) return;
      const range = (start, size, cell, count) => whole ? [0, count] : [
        Math.max(0, Math.floor(start / cell) - OVERSCAN),
        Math.min(count, Math.ceil((start + size) / cell) + OVERSCAN)];
      const [r0, r1] = range(scroller.scrollTop, scroller.clientHeight || 600, ch, slice.rows);
      const [c0, c1] = range(scroller.scrollLeft, scroller.clientWidth || 800, cw, cols);
      const key = `${r0},${r1},${c0},${c1}`;
      if (key === shown) return;
      shown = key;
      sizer.replaceChildren(this.gridWindow(slice, corner, [r0, r1], [c0, c1], size));
    };
    let pending = false;
    scroller.addEventListener("scroll", () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => { pending = false; render(); });
    });
    this.output.replaceChildren(scroller, this.legend());
    render();
    this.dataset.drawn = "table";
  }

  /** The cells of rows r0..r1-1 and columns c0..c1-1 with their headers, placed where they
   *  belong in the whole table (the headers stick to the top and left edges). */
  gridWindow(slice, corner, [r0, r1], [c0, c1], { cw, ch, hw }) {
    const t = this.t;
    const oneRow = slice.rows === 1;
    const cols = h("colgroup", {}, h("col", { style: `width:${hw}px` }),
      Array.from({ length: c1 - c0 }, () => h("col", { style: `width:${cw}px` })));
    const head = h("tr", { "aria-rowindex": 1 }, h("th", { scope: "col", class: "gw-corner", text: corner }));
    for (let c = c0; c < c1; c++) head.append(h("th", { scope: "col", "aria-colindex": c + 2, text: c }));
    const body = h("tbody");
    for (let r = r0; r < r1; r++) {
      const tr = h("tr", { "aria-rowindex": r + 2 }, h("th", { scope: "row", text: oneRow ? "G" : r }));
      for (let c = c0; c < c1; c++) {
        const at = r * slice.n + c;
        const td = document.createElement("td");
        if (slice.value[at] === NONE) td.className = "gw-none";
        else {
          td.textContent = slice.text(at);
          if (slice.value[at] === 0) td.className = "gw-p";
          if (slice.mark[at]) {
            td.classList.add("gw-mismatch");
            td.title = `${t("formula")}: ${slice.formula[at]}`;
          }
        }
        tr.append(td);
      }
      body.append(tr);
    }
    return h("table", { class: "gw-grid", "aria-rowcount": slice.rows + 1, "aria-colcount": slice.cols + 1,
                        style: `left:${c0 * cw}px;top:${r0 * ch}px;width:${hw + (c1 - c0) * cw}px;--gw-ch:${ch}px` },
      cols, h("thead", {}, head), body);
  }

  /** The heatmap, drawn row by row in short chunks (a newer drawing stops this one). */
  async drawHeatmap(slice, drawing) {
    const t = this.t;
    const { across, down } = this.labels();
    const { n, cols } = slice;
    const cellSize = Math.max(3, Math.min(24, Math.floor(520 / Math.max(cols, slice.rows))));
    const canvas = h("canvas", { class: "gw-heatmap", width: cols * cellSize, height: slice.rows * cellSize,
      role: "img", "aria-label": t("heatmapLabel", { c0: across, c1: down }) });
    this.output.replaceChildren(h("div", { class: "gw-scroll" }, canvas), this.heatKey(slice.top),
                                h("p", { class: "gw-legend", text: t("heatmapAxes", { c0: across, c1: down }) }));
    const ctx = canvas.getContext("2d");
    const pColor = getComputedStyle(this).getPropertyValue("--gw-p").trim() || "#222";
    const top = Math.max(1, slice.top);
    let started = performance.now();
    for (let r = 0; r < slice.rows; r++) {
      for (let c = 0; c < cols; c++) {
        const at = r * n + c;
        const value = slice.value[at];
        if (value === NONE) continue;
        ctx.fillStyle = value === 0 ? pColor : heat(value / top);
        ctx.fillRect(c * cellSize, r * cellSize, cellSize, cellSize);
        if (slice.mark[at]) {
          ctx.strokeStyle = "#e53935";
          ctx.lineWidth = Math.max(1, cellSize / 6);
          ctx.strokeRect(c * cellSize + 1, r * cellSize + 1, cellSize - 2, cellSize - 2);
        }
      }
      if (performance.now() - started > CHUNK_MS) {
        await nextTask();
        if (drawing !== this.drawing) return;
        started = performance.now();
      }
    }
    this.dataset.drawn = "heatmap";
  }

  /** The heatmap's colour key: P-positions, the scale from 1 to the largest value, marks. */
  heatKey(top) {
    const t = this.t;
    const stops = [0.05, 0.25, 0.5, 0.75, 1].map((x) => heat(x)).join(", ");
    return h("div", { class: "gw-key", role: "group", "aria-label": t("keyLabel") },
      h("span", { class: "gw-key-item" }, h("span", { class: "gw-swatch gw-p-strong" }), ` ${t("keyP")}`),
      h("span", { class: "gw-key-item" }, h("span", { class: "gw-key-end", text: top > 1 ? 1 : top }),
        h("span", { class: "gw-key-bar", style: `background: linear-gradient(to right, ${stops})`,
                    role: "img", "aria-label": t("keyScale", { top }) }),
        h("span", { class: "gw-key-end", text: top }), ` ${t("keyValues")}`),
      h("span", { class: "gw-key-item" }, h("span", { class: "gw-swatch gw-mismatch" }), ` ${t("legendMismatch")}`));
  }
}

define("grundy-table", TableElement);
