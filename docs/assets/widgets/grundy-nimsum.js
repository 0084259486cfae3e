// <grundy-nimsum>: the nim-sum of heaps, column by column in binary. data-start = heaps.

import { ascii, field, h, setFieldError } from "./dom.js";
import { GrundyWidget, define } from "./widget-base.js";

const DEBOUNCE_MS = 250;

export class NimsumElement extends GrundyWidget {
  static kind = "nimsum";
  static redrawsRequest = true;

  build() {
    const t = this.t;
    this.input = h("input", { type: "text", class: "gw-heaps", size: 16, spellcheck: "false", inputmode: "numeric",
      value: this.config.start || "3 5 6", title: t("heapsHelp"), autocomplete: "off" });
    this.output = h("div", { class: "gw-nimsum-output" }, this.fallback);
    this.input.addEventListener("input", () => {
      clearTimeout(this.debounce);
      this.debounce = setTimeout(() => this.compute(), DEBOUNCE_MS);
    });
    const form = h("form", { class: "gw-controls", novalidate: true, onsubmit: (e) => { e.preventDefault(); this.compute(); } },
      field(t("heapSizes"), this.input),
      h("button", { type: "submit", class: "md-button md-button--primary gw-show", text: t("nimsum") }));
    this.verdict = h("p", { class: "gw-verdict", role: "status" }); // announced at each new answer
    this.replaceChildren(form, this.loader, this.message, this.status, this.output, this.verdict);
  }

  detached() {
    clearTimeout(this.debounce);
  }

  firstDraw() {
    this.compute();
  }

  overlaid() {
    return this.output; // the engine's progress over the drawing it will replace
  }

  drawn() {
    return this.dataset.total !== undefined;
  }

  /** The heaps typed (full-width digits read as digits), or null after saying what is wrong. */
  heaps() {
    const words = ascii(this.input.value).replace(/[{}(),、]/g, " ").split(/\s+/).filter(Boolean);
    const problem = !words.length || !words.every((w) => /^\d+$/.test(w)) ? "heapsNeeded"
      : words.some((w) => w.length > 15) ? "tooLarge" : "";
    if (!problem) return words.join(" ");
    setFieldError(this.input, this.t(problem));
    this.clear();
    return null;
  }

  /** No result shown (the input is wrong). */
  clear() {
    this.token = (this.token || 0) + 1; // an answer still on its way no longer counts
    this.output.replaceChildren();
    this.verdict.textContent = "";
    delete this.dataset.total;
  }

  async compute() {
    clearTimeout(this.debounce);
    setFieldError(this.input, "");
    const heaps = this.heaps();
    if (heaps === null) return;
    const data = await this.callLatest({ op: "nimsum", heaps }, { quiet: true });
    if (!data) {
      if (this.lastError) {
        setFieldError(this.input, this.lastError);
        this.clear();
      }
      return;
    }
    const t = this.t;
    const width = data.total_binary.length;
    const ones = Array.from({ length: width }, (_, i) => data.binary.filter((b) => b[i] === "1").length);
    const bitCells = (bits, tag = "td") => [...bits].map((bit, i) =>
      h(tag, { class: `gw-bit${ones[i] % 2 ? " gw-odd" : ""}`, text: bit }));
    const header = h("tr", {}, h("th", { text: t("heap") }), h("th", { text: t("decimal") }),
      Array.from({ length: width }, (_, i) => h("th", { class: `gw-bit${ones[i] % 2 ? " gw-odd" : ""}`,
                                                      text: 2 ** (width - 1 - i) })));
    const rows = data.heaps.map((heap, i) => h("tr", {}, h("th", { scope: "row", text: i + 1 }),
      h("td", { text: heap }), bitCells(data.binary[i])));
    const total = h("tr", { class: "gw-total" }, h("th", { scope: "row", text: t("nimsum") }),
      h("td", { class: "gw-total-value", text: data.total }), bitCells(data.total_binary));
    const verdict = data.total === 0 ? t("nimsumP") : t("nimsumN", { total: data.total });
    this.dataset.total = data.total;
    this.output.replaceChildren(
      h("div", { class: "gw-scroll" }, h("table", { class: "gw-nimsum-table" },
        h("caption", { text: `${t("binary")}: ${t("oddColumn")}` }),
        h("thead", {}, header), h("tbody", {}, rows), h("tfoot", {}, total))));
    this.verdict.className = `gw-verdict ${data.total === 0 ? "gw-win" : ""}`;
    this.verdict.textContent = verdict;
  }
}

define("grundy-nimsum", NimsumElement);
