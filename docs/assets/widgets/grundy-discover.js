// <grundy-discover>: find the formula of a game's table, as the papers' authors did. The
// reader chooses a game, its parameters and the table's bound, then either tests a guess
// (the engine's `guess` operation: its first counterexample) or lets the engine search
// (`discover`: the simplest formula of its grammar, or its near misses), with progress
// and a Cancel button. data-game, data-params, data-max, data-target (grundy | P),
// data-guess (the guess the field starts with).

import { GameControls } from "./catalogue.js";
import { ascii, field, h, numberInput, posNode, posText, setFieldError, withPos } from "./dom.js";
import { GrundyWidget, define } from "./widget-base.js";

// The bounds the browser's formula search affords for every game (grundy.budget.DISCOVERY).
const MAX_RANGE = { min: 1, max: 24 };

export class DiscoverElement extends GrundyWidget {
  static kind = "discover";
  static usesCatalogue = true;

  build(catalogue, params) {
    const t = this.t;
    this.controls = new GameControls({ t, lang: this.lang, catalogue, game: this.config.game || "chocolate",
      params, forTable: true, onChange: () => this.clearResults() });
    this.maxInput = numberInput({ class: "gw-max", value: this.dataset.max ?? 8 });
    this.targetSelect = h("select", { class: "gw-target" },
      h("option", { value: "P", text: t("discover.targetP") }),
      h("option", { value: "grundy", text: t("discover.targetGrundy") }));
    this.targetSelect.value = this.dataset.target === "grundy" ? "grundy" : "P";
    this.guessInput = h("input", { type: "text", class: "gw-guess", value: this.dataset.guess || "",
      size: 24, spellcheck: "false", autocomplete: "off", autocapitalize: "off",
      placeholder: "x ^ y ^ z == 0" });
    for (const input of [this.maxInput, this.guessInput]) {
      input.addEventListener("input", () => setFieldError(input, ""));
    }
    const choose = h("div", { class: "gw-controls" }, this.controls.element,
      field(t("max"), this.maxInput), field(t("discover.target"), this.targetSelect));
    // another table: the answers shown (the build-time one too) no longer apply
    choose.addEventListener("input", () => this.clearResults());
    choose.addEventListener("change", () => this.clearResults());
    const guess = h("form", { class: "gw-controls gw-guess-form", novalidate: true,
                              onsubmit: (e) => { e.preventDefault(); this.testGuess(); } },
      field(t("discover.guess"), this.guessInput),
      h("button", { type: "submit", class: "md-button md-button--primary gw-test", text: t("discover.test") }),
      h("button", { type: "button", class: "md-button gw-search", text: t("discover.search"),
                    onclick: () => this.search() }));
    this.guessResult = h("p", { class: "gw-guess-result", "aria-live": "polite" });
    this.result = h("div", { class: "gw-discover-out", "aria-live": "polite" }, this.fallback);
    this.replaceChildren(choose, guess, this.loader, this.message, this.status, this.guessResult,
      this.result, h("p", { class: "gw-summary", text: t("discover.help") }));
  }

  /** Its first result is the engine's at build time (the fallback): the engine's status
   *  concerns it only while it asks. */
  get needsEngine() {
    return this.asking;
  }

  clearResults() {
    this.token = (this.token || 0) + 1; // an answer still on its way no longer counts
    this.guessResult.replaceChildren();
    this.result.replaceChildren();
  }

  /** {game, params, max, target} from the fields, or null (the faults shown beside them). */
  read() {
    const chosen = this.controls.read();
    const text = ascii(this.maxInput.value);
    const n = Number(text);
    const bad = !/^\d+$/.test(text) || n < MAX_RANGE.min || n > MAX_RANGE.max;
    setFieldError(this.maxInput, bad ? this.t("between", MAX_RANGE) : "");
    if (!chosen || bad) return null;
    return { ...chosen, max: n, target: this.targetSelect.value };
  }

  async testGuess() {
    const request = this.read();
    const formula = this.guessInput.value.trim();
    setFieldError(this.guessInput, formula ? "" : this.t("discover.needGuess"));
    this.guessResult.replaceChildren(); // no verdict of an earlier formula beside this one's error
    if (!request || !formula) return;
    const data = await this.callLatest({ op: "guess", ...request, formula }, { quiet: true });
    if (!data) {
      if (this.lastError) setFieldError(this.guessInput, this.lastError);
      return;
    }
    const t = this.t;
    if (data.holds) {
      this.guessResult.textContent = t("discover.guessHolds", { n: data.checked, max: request.max });
    } else {
      const at = data.first_counterexample;
      const text = t(request.target === "P" ? "discover.guessFailsP" : "discover.guessFails",
                     { at: posText(at), value: data.value, expected: data.expected, holds: data.holds_to });
      this.guessResult.replaceChildren(...withPos(text, at)); // the position on one line
    }
  }

  async search() {
    const request = this.read();
    if (!request) return;
    this.result.replaceChildren();
    const data = await this.callLatest({ op: "discover", ...request }, { quiet: true });
    if (!data) {
      if (this.lastError) setFieldError(this.maxInput, this.lastError);
      return;
    }
    const t = this.t;
    const out = [];
    if (data.found) {
      const gap = this.lang === "ja" ? "" : " "; // no space after 。 in Japanese
      out.push(h("p", { class: "gw-discover-result" }, t("discover.found"), " ",
        h("code", { class: "gw-formula", text: data.formula }), t("discover.end"), gap,
        t("discover.holds", { n: data.checked, max: data.holds_to })));
      if (data.theorem) out.push(h("p", { class: "gw-discover-theorem", text: t("discover.theorem", { theorem: data.theorem }) }));
    } else {
      out.push(h("p", { class: "gw-discover-result", text: t("discover.none", { n: data.checked, max: request.max }) }));
    }
    if (data.near_misses.length) {
      out.push(h("table", { class: "gw-near" },
        h("caption", { text: t("discover.nearCaption") }),
        h("thead", {}, h("tr", {}, ["formula", "holdsTo", "first"].map((key) =>
          h("th", { scope: "col", text: t(`discover.near.${key}`) })))),
        h("tbody", {}, data.near_misses.map((m) => h("tr", {},
          h("td", {}, h("code", { text: m.formula })), h("td", { text: String(m.holds_to) }),
          h("td", {}, posNode(m.first_counterexample)))))));
    }
    this.result.replaceChildren(...out);
  }
}

define("grundy-discover", DiscoverElement);
