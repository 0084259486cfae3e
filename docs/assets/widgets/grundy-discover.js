// <grundy-discover>: find the formula of a game's table, as the papers' authors did. The
// reader chooses a game, its parameters and the table's bound, then either tests a guess
// (the engine's `guess` operation: its first counterexample) or lets the engine search
// (`discover`: the simplest formula of its grammar, or its near misses), with progress
// and a Cancel button; then proves the guess, or the formula found, for every position
// (`prove`): the site's own proofs are the build's answers (data-answers), any other is
// decided in the page by the automata (grundy.prove.automata), or the page says it could
// not and gives the command that can. data-game, data-params, data-max, data-target
// (grundy | P), data-guess (the guess the field starts with), data-answers.

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
    // a verdict is about the formula it proved: another formula, and it goes
    this.guessInput.addEventListener("input", () => this.clearProof());
    const choose = h("div", { class: "gw-controls" }, this.controls.element,
      field(t("max"), this.maxInput), field(t("discover.target"), this.targetSelect));
    // another table: the answers shown (the build-time one too) no longer apply
    choose.addEventListener("input", () => this.clearResults());
    choose.addEventListener("change", () => this.clearResults());
    const guess = h("form", { class: "gw-controls gw-guess-form", novalidate: true,
                              onsubmit: (e) => { e.preventDefault(); this.testGuess(); } },
      field(t("discover.guess"), this.guessInput),
      h("button", { type: "submit", class: "md-button md-button--primary gw-test", text: t("discover.test") }),
      h("button", { type: "button", class: "md-button gw-prove", text: t("discover.prove"),
                    onclick: () => this.prove() }),
      h("button", { type: "button", class: "md-button gw-search", text: t("discover.search"),
                    onclick: () => this.search() }));
    this.guessResult = h("p", { class: "gw-guess-result", "aria-live": "polite" });
    this.proofResult = h("div", { class: "gw-proof", "aria-live": "polite" });
    this.result = h("div", { class: "gw-discover-out", "aria-live": "polite" }, this.fallback);
    this.replaceChildren(choose, guess, this.loader, this.message, this.status, this.guessResult,
      this.proofResult, this.result, h("p", { class: "gw-summary", text: t("discover.help") }));
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
    this.clearProof();
  }

  clearProof() {
    this.proofToken = (this.proofToken || 0) + 1;
    this.proofResult.replaceChildren();
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

  /** Prove the formula in the guess field (or `formula`, put there first) for every position. */
  async prove(formula = null) {
    if (formula !== null) {
      this.guessInput.value = formula;
      setFieldError(this.guessInput, "");
    }
    const request = this.read();
    const text = this.guessInput.value.trim();
    setFieldError(this.guessInput, text ? "" : this.t("discover.needGuess"));
    this.clearProof(); // the old verdict goes before the new one is asked
    if (!request || !text) return;
    const token = this.proofToken;
    const asked = { op: "prove", game: request.game, params: request.params, target: request.target,
                    formula: text };
    // the site's own proofs were made when it was built; any other, here, by the automata
    const built = this.answers?.find({ lang: this.lang, ...asked });
    const data = built || await this.callLatest({ ...asked, method: "automata" }, { quiet: true });
    if (token !== this.proofToken) return; // another formula, game or proof since
    if (!data) {
      if (this.lastError) setFieldError(this.guessInput, this.lastError);
      return;
    }
    this.proofResult.replaceChildren(...this.verdict(data, asked, Boolean(built)));
    this.proofResult.scrollIntoView({ block: "nearest" });
  }

  /** The nodes that say what a `prove` answer decided (`built`: the build's answer). */
  verdict(data, asked, built) {
    const t = this.t;
    const at = data.counterexample;
    const out = [];
    if (data.proved === true) {
      out.push(h("p", { class: "gw-verdict gw-proved" }, ...formulaNodes(t("discover.proved"), data.formula)));
    } else if (data.proved === false) {
      out.push(h("p", { class: "gw-verdict gw-refuted" },
        ...formulaNodes(t("discover.refuted", { at: posText(at) }), data.formula, at)));
      if (data.reason) out.push(h("p", { class: "gw-proof-reason" }, ...withPos(data.reason, at)));
    } else {
      out.push(h("p", { class: "gw-verdict gw-undecided" },
        ...formulaNodes(t("discover.undecided", { reason: data.reason || "" }), data.formula)));
      out.push(h("p", { class: "gw-proof-command" }, t("discover.command"), " ",
        h("code", { text: proofCommand(asked) })));
    }
    if (data.statement) { // none when nothing could be decided (a formula outside the language)
      out.push(h("p", { class: "gw-statement" }, h("strong", { text: t("discover.statement") }), " ",
        ...formulaNodes(data.statement.split(data.formula).join("{formula}"), data.formula)));
      out.push(h("p", { class: "gw-proof-how", text: t(built ? "discover.howBuild" : "discover.howPage",
        { method: t(`discover.method.${data.method}`), s: data.seconds.toFixed(2) }) }));
    }
    return out;
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
        t("discover.holds", { n: data.checked, max: data.holds_to })),
      h("p", {}, h("button", { type: "button", class: "md-button gw-prove-found", text: t("discover.proveFound"),
                               onclick: () => this.prove(data.formula) })));
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

/** `text` as nodes: "{formula}" the formula as code, the position `at` kept on one line. */
function formulaNodes(text, formula, at = null) {
  return text.split("{formula}").flatMap((part, i) => [
    ...(i ? [h("code", { class: "gw-proof-formula", text: formula })] : []),
    ...(at ? withPos(part, at) : [part])]).filter((node) => node !== "");
}

/** The command that decides `request` ({game, params, target, formula}) on a computer. */
function proofCommand({ game, params, target, formula }) {
  const quoted = (text) => (/^[\w.]+$/.test(text) ? text : `"${text.replace(/(["\\$`])/g, "\\$1")}"`);
  const options = Object.entries(params).map(([name, value]) => `--${name} ${quoted(String(value))}`);
  return ["grundy prove", game, ...options, "--target", target, "--formula", quoted(formula)].join(" ");
}

define("grundy-discover", DiscoverElement);
