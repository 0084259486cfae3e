// <grundy-table>: the Grundy table explorer (a table or a heatmap, slices through the
// middle coordinates, comparison with the proved formula or with the nim-sum).
// data-game, data-params (JSON), data-max.

import { GameControls, checkGame } from "./catalogue.js";
import { field, h, setFieldError } from "./dom.js";
import { GrundyWidget, define } from "./widget-base.js";

const DEFAULT_MAX = { 1: 30, 2: 20, 3: 12, 4: 6 }; // by number of coordinates
const MAX_SIZE = 199;

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

export class TableElement extends GrundyWidget {
  static kind = "table";
  static usesCatalogue = true;

  build(catalogue, params) {
    const t = this.t;
    const game = this.config.game;
    checkGame(catalogue, game, params, t);
    if (game === "sum" || !catalogue[game].table) throw new Error(t("unknownGame", { game }));
    this.catalogue = catalogue;
    this.controls = new GameControls({ t, lang: this.lang, catalogue, game, params, forTable: true,
      onChange: () => { this.maxInput.value = this.defaultMax(); } });
    this.maxInput = h("input", { type: "number", class: "gw-max", min: 1, max: MAX_SIZE,
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
    this.summary = h("p", { class: "gw-summary" });
    const form = h("form", { class: "gw-controls", novalidate: true, onsubmit: (e) => { e.preventDefault(); this.load(); } },
      this.controls.element, field(t("size"), this.maxInput), field(t("view"), this.viewSelect),
      field(t("compare"), this.compareSelect),
      h("button", { type: "submit", class: "md-button md-button--primary gw-show", text: t("show") }));
    this.replaceChildren(form, this.loader, this.message, this.status, this.slices, this.output, this.summary);
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

  /** Clear what an earlier request showed (it would now be stale). */
  clear() {
    this.data = null;
    this.slices.replaceChildren();
    this.output.replaceChildren();
    this.summary.textContent = "";
  }

  async load() {
    const chosen = this.controls.read();
    const text = this.maxInput.value.trim();
    const max = /^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_SIZE ? Number(text) : null;
    setFieldError(this.maxInput, max === null ? this.t("between", { min: 1, max: MAX_SIZE }) : "");
    if (!chosen || max === null) {
      this.clear();
      return;
    }
    const token = (this.token = (this.token || 0) + 1);
    this.clearMessage();
    const data = await this.call({ op: "table", ...chosen, max, compare: this.compareSelect.value },
                                 { quiet: true });
    if (token !== this.token) return;
    if (!data) {
      this.clear();
      await this.blame(this.controls, chosen, this.maxInput, token);
      return;
    }
    this.data = data;
    this.compare = this.compareSelect.value;
    this.max = max;
    this.values = new Map(data.rows.map((row) => [row.slice(0, data.coords.length).join(","), row]));
    this.mismatch = new Set(data.mismatches.map((pos) => pos.join(",")));
    this.buildSlices();
    this.draw();
  }

  buildSlices() {
    const { coords } = this.data;
    this.sliceInputs = [];
    this.slices.replaceChildren();
    for (const name of coords.slice(1, -1)) {
      const input = h("input", { type: "range", class: "gw-slice", min: 0, max: this.max, step: 1,
                                 value: Math.min(this.max, Math.floor(this.max / 3)) });
      const shown = h("output", { text: input.value });
      input.addEventListener("input", () => { shown.textContent = input.value; this.draw(); });
      this.sliceInputs.push(input);
      this.slices.append(field(`${this.t("slice")} ${coordName(this.t, name)} =`, input), shown);
    }
  }

  cell(a, b) {
    const middle = this.sliceInputs.map((input) => Number(input.value));
    const pos = this.data.coords.length === 1 ? [a] : [a, ...middle, b];
    const key = pos.join(",");
    const row = this.values.get(key);
    return row ? { pos, value: row[pos.length], mismatch: this.mismatch.has(key),
                   formula: row[pos.length + 1] } : null;
  }

  draw() {
    if (!this.data) return;
    const t = this.t;
    const { coords, rows, p_positions: pp, mismatches, theorem } = this.data;
    let note;
    if (this.compare === "xor") note = t(mismatches.length ? "xorMismatch" : "xorAgrees", { m: mismatches.length });
    else if (mismatches.length) note = t("mismatchSummary", { m: mismatches.length, theorem });
    else note = theorem ? t("formulaAgrees", { theorem }) : t("noFormula");
    this.summary.textContent = `${t("tableSummary", { n: rows.length, p: pp.length })} ${note}`;
    if (this.viewSelect.value === "heatmap") this.drawHeatmap(coords);
    else this.drawTable(coords);
  }

  drawTable(coords) {
    const t = this.t;
    const first = coordName(t, coords[0]);
    const last = coordName(t, coords[coords.length - 1]);
    const n = this.max;
    const header = h("tr", {}, h("th", { scope: "col", text: `${last} \\ ${first}` }),
      Array.from({ length: n + 1 }, (_, a) => h("th", { scope: "col", text: a })));
    const body = Array.from({ length: n + 1 }, (_, b) => h("tr", {},
      h("th", { scope: "row", text: b }),
      Array.from({ length: n + 1 }, (_, a) => {
        const c = this.cell(a, b);
        if (!c) return h("td", { class: "gw-none" });
        const cls = [c.value === 0 ? "gw-p" : "", c.mismatch ? "gw-mismatch" : ""].join(" ").trim();
        return h("td", { class: cls || null,
                         title: c.mismatch ? `${t("formula")}: ${c.formula}` : null,
                         text: c.mismatch ? `${c.value}≠${c.formula}` : c.value });
      })));
    const legend = h("p", { class: "gw-legend" },
      h("span", { class: "gw-swatch gw-p" }), ` ${t("legendP")}  `,
      h("span", { class: "gw-swatch gw-mismatch" }), ` ${t("legendMismatch")}`);
    this.output.replaceChildren(h("div", { class: "gw-scroll" },
      h("table", { class: "gw-grid" }, h("thead", {}, header), h("tbody", {}, body))), legend);
  }

  drawHeatmap(coords) {
    const t = this.t;
    const n = this.max + 1;
    const cellSize = Math.max(3, Math.min(24, Math.floor(520 / n)));
    const canvas = h("canvas", { class: "gw-heatmap", width: n * cellSize, height: n * cellSize,
      role: "img", "aria-label": t("heatmapLabel", { c0: coordName(t, coords[0]),
                                                     c1: coordName(t, coords[coords.length - 1]) }) });
    const ctx = canvas.getContext("2d");
    const style = getComputedStyle(this);
    const pColor = style.getPropertyValue("--gw-p").trim() || "#222";
    const top = Math.max(1, ...this.data.rows.map((row) => row[coords.length]));
    for (let b = 0; b < n; b++) {
      for (let a = 0; a < n; a++) {
        const c = this.cell(a, b);
        if (!c) continue;
        ctx.fillStyle = c.value === 0 ? pColor : heat(c.value / top);
        ctx.fillRect(a * cellSize, b * cellSize, cellSize, cellSize);
        if (c.mismatch) {
          ctx.strokeStyle = "#e53935";
          ctx.lineWidth = Math.max(1, cellSize / 6);
          ctx.strokeRect(a * cellSize + 1, b * cellSize + 1, cellSize - 2, cellSize - 2);
        }
      }
    }
    const legend = h("p", { class: "gw-legend" },
      h("span", { class: "gw-swatch gw-p-strong" }), ` ${t("legendP")}  `,
      h("span", { class: "gw-swatch gw-mismatch" }),
      ` ${t("legendMismatch")}  · ${coordName(t, coords[0])} →, ${coordName(t, coords[coords.length - 1])} ↓`);
    this.output.replaceChildren(h("div", { class: "gw-scroll" }, canvas), legend);
  }
}

define("grundy-table", TableElement);
