// <grundy-pviewer>: the P-positions of the triangular chocolate y <= (x+z)/k as a cloud
// of points, turned about the y axis (at 45 degrees: the Sierpinski gasket).
// data-params {"k": 3}, data-max.

import { checkGame, paramError } from "./catalogue.js";
import { ascii, field, h, numberInput, setFieldError } from "./dom.js";
import { GrundyWidget, define } from "./widget-base.js";

// x, z <= 128 for every k >= 2: the engine's P-position viewer budget (grundy.budget.VIEWER).
const MAX_RANGE = { min: 4, max: 128 };

export class PViewerElement extends GrundyWidget {
  static kind = "pviewer";
  static redrawsRequest = true;
  static usesCatalogue = true;

  build(catalogue, params) {
    const t = this.t;
    checkGame(catalogue, "chocolate", params, t);
    this.kSpec = catalogue.chocolate.params.find((spec) => spec.name === "k");
    this.kInput = numberInput({ class: "gw-k", value: params.k ?? this.kSpec.default });
    this.maxInput = numberInput({ class: "gw-max", value: this.dataset.max ?? 31 });
    this.angle = h("input", { type: "range", class: "gw-angle", min: 0, max: 90, step: 1, value: 0 });
    this.angleOut = h("output", { text: "0°" });
    this.angle.addEventListener("input", () => this.draw());
    this.canvas = h("canvas", { class: "gw-cloud", width: 520, height: 360, role: "img" });
    this.output = h("div", { class: "gw-cloud-box" }, this.fallback);
    const form = h("form", { class: "gw-controls", novalidate: true, onsubmit: (e) => { e.preventDefault(); this.load(); } },
      field(this.kSpec.label[this.lang], this.kInput), field(t("max"), this.maxInput),
      h("button", { type: "submit", class: "md-button md-button--primary gw-show", text: t("show") }));
    const slider = h("div", { class: "gw-controls" }, field(t("angle"), this.angle), this.angleOut,
      h("button", { type: "button", class: "md-button gw-quarter", text: t("quarterPi"),
                    onclick: () => { this.angle.value = 45; this.draw(); } }));
    this.pointsTable = h("div", { class: "gw-scroll gw-points-scroll", tabindex: 0, role: "region",
                                  "aria-label": t("pointsTable") });
    this.pointsBox = h("details", { class: "gw-points", ontoggle: () => this.showTable() },
      h("summary", { text: t("pointsTable") }), this.pointsTable);
    this.replaceChildren(form, slider, this.loader, this.message, this.status, this.output,
      h("p", { class: "gw-summary", text: t("gasketNote") }), this.pointsBox);
  }

  /** The canvas's data as a table (the P-positions, x, y, z), made when unfolded. */
  showTable() {
    if (!this.pointsBox.open || !this.points) {
      this.pointsTable.replaceChildren();
      return;
    }
    const caption = this.t("pointsCaption", { n: this.points.length, k: this.k, max: this.max });
    this.pointsTable.replaceChildren(h("table", { class: "gw-grid" }, h("caption", { text: caption }),
      h("thead", {}, h("tr", {}, ["x", "y", "z"].map((c) => h("th", { scope: "col", text: c })))),
      h("tbody", {}, this.points.map((p) => h("tr", {}, p.map((v) => h("td", { text: v })))))));
  }

  firstDraw() {
    this.load();
  }

  overlaid() {
    return this.output; // the engine's progress over the drawing it will replace
  }

  drawn() {
    return Boolean(this.points);
  }

  async load() {
    const kProblem = paramError(this.kSpec, this.kInput.value, this.t);
    const maxProblem = paramError({ type: "int", ...MAX_RANGE, default: MAX_RANGE.max }, this.maxInput.value, this.t);
    setFieldError(this.kInput, kProblem);
    setFieldError(this.maxInput, maxProblem);
    if (kProblem || maxProblem) {
      this.token = (this.token || 0) + 1; // an answer still on its way no longer counts
      this.points = null;
      this.output.replaceChildren();
      return;
    }
    const k = Number(ascii(this.kInput.value));
    const max = Number(ascii(this.maxInput.value));
    const data = await this.callLatest({ op: "ppositions", k, max }, { quiet: true });
    if (!data) {
      if (this.lastError) {
        setFieldError(this.maxInput, this.lastError);
        this.points = null;
        this.output.replaceChildren();
      }
      return;
    }
    this.points = data.points;
    this.k = k;
    this.max = max;
    this.output.replaceChildren(this.canvas);
    this.draw();
    this.showTable();
  }

  draw() {
    const deg = Number(this.angle.value);
    this.angleOut.textContent = `${deg}°`;
    if (!this.points) return;
    const theta = (deg * Math.PI) / 180;
    const cos = Math.cos(theta);
    const sin = Math.sin(theta);
    const ctx = this.canvas.getContext("2d");
    const { width, height } = this.canvas;
    ctx.clearRect(0, 0, width, height);
    const colour = getComputedStyle(this).getPropertyValue("--gw-point").trim() || "#3f51b5";
    const m = this.max;
    // Rotate about the y axis, project on the plane (u, y): u = z cos - x sin; y grows
    // downwards, so at 45 degrees the gasket stands on its base.
    const uMin = -m * sin;
    const uMax = m * cos;
    const yMax = Math.max(1, ...this.points.map((p) => p[1]));
    const pad = 12;
    const scale = Math.min((width - 2 * pad) / Math.max(1, uMax - uMin), (height - 2 * pad) / yMax);
    const dot = Math.max(1.5, scale * 0.45);
    ctx.fillStyle = colour;
    const sorted = this.points.map(([x, y, z]) => [z * cos - x * sin, y, x * cos + z * sin])
      .sort((p, q) => q[2] - p[2]);
    for (const [u, y, depth] of sorted) {
      ctx.globalAlpha = 0.35 + 0.65 * (1 - depth / (2 * m || 1));
      ctx.fillRect(pad + (u - uMin) * scale - dot / 2, pad + y * scale - dot / 2, dot, dot);
    }
    ctx.globalAlpha = 1;
    this.canvas.setAttribute("aria-label",
      this.t("pointsLabel", { n: this.points.length, k: this.k, max: this.max, deg }));
  }
}

define("grundy-pviewer", PViewerElement);
