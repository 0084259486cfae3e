// <grundy-discover>: find the formula of a game's table, as the papers' authors did. The
// reader chooses a game, its parameters and the table's bound, and sees first the engine's
// table (discover-table.js: P-positions or Grundy values, the build's answer for the page's
// own table); then writes a guess and tests it (the engine's `guess` operation: its first
// counterexample, marked in the table). Only when asked does the engine search itself
// (`discover`: the simplest formula of its grammar, or its near misses), with progress and
// a Cancel button; then it proves the guess, or the formula found, for every position
// (`prove`): the site's own proofs are the build's answers (data-answers), any other is
// decided in the page by the automata (grundy.prove.automata), or the page says it could
// not and gives the command that can. Each new check or search replaces the verdicts
// before it. data-game, data-params, data-max, data-target (grundy | P), data-guess (the
// example of the syntax shown for the page's own game), data-answers.

import { GameControls } from "./catalogue.js";
import { GuessTable } from "./discover-table.js";
import { ascii, field, h, numberInput, posNode, posText, setFieldError, withPos } from "./dom.js";
import { GrundyWidget, define } from "./widget-base.js";

// The bounds the browser's formula search affords for every game (grundy.budget.DISCOVERY).
const MAX_RANGE = { min: 1, max: 24 };

/** An example of the syntax in the game's coordinates: no game's answer. */
function example(coords, target) {
  const [a, b] = [coords[0], coords[coords.length - 1]];
  return target === "P" ? `${a} % 3 == ${b} // 2` : `(${a} + ${b}) % 3`;
}

/** Whether two games' parameters are the same (numbers or their text). */
function sameParams(a, b) {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => String(a[key] ?? "") === String(b[key] ?? ""));
}

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
    // the page's own guess is the example only for the page's own game, parameters and target
    // (the build checked that it fails there: discover_markup.py); elsewhere it may be the answer
    this.first = { game: this.config.game || "chocolate", params: JSON.stringify(params ?? {}),
                   target: this.targetSelect.value };
    this.guessInput = h("input", { type: "text", class: "gw-guess", size: 24, spellcheck: "false",
                                   autocomplete: "off", autocapitalize: "off" });
    for (const input of [this.maxInput, this.guessInput]) {
      input.addEventListener("input", () => setFieldError(input, ""));
    }
    // a verdict is about the formula it checked or proved: another formula, and it goes
    this.guessInput.addEventListener("input", () => this.clearGuessVerdict());
    const choose = h("div", { class: "gw-controls" }, this.controls.element,
      field(t("max"), this.maxInput), field(t("discover.target"), this.targetSelect));
    // another table: the answers shown no longer apply, the table is drawn again
    choose.addEventListener("input", () => this.clearResults());
    choose.addEventListener("change", () => this.clearResults());
    this.table = new GuessTable(t);
    this.ask = h("p", { class: "gw-ask" });
    const guessField = field(t("discover.guess"), this.guessInput);
    this.example = h("p", { class: "gw-example", id: `${this.guessInput.id}-example` });
    const error = guessField.querySelector(".gw-field-error");
    this.guessInput.setAttribute("aria-describedby", `${this.example.id} ${error.id}`);
    const guess = h("form", { class: "gw-controls gw-guess-form", novalidate: true,
                              onsubmit: (e) => { e.preventDefault(); this.testGuess(); } },
      guessField,
      h("button", { type: "submit", class: "md-button md-button--primary gw-test", text: t("discover.test") }),
      h("button", { type: "button", class: "md-button gw-prove", text: t("discover.prove"),
                    onclick: () => this.prove() }));
    this.guessResult = h("p", { class: "gw-guess-result", "aria-live": "polite" });
    this.proofResult = h("div", { class: "gw-proof", "aria-live": "polite" });
    this.result = h("div", { class: "gw-discover-out", "aria-live": "polite" });
    const search = h("div", { class: "gw-search-box" },
      h("p", { class: "gw-search-intro" }, t("discover.searchIntro"), " ",
        h("button", { type: "button", class: "md-button gw-search", text: t("discover.search"),
                      onclick: () => this.search() })),
      this.result);
    this.replaceChildren(choose, this.ask, this.table.element, guess, this.example, this.loader, this.message,
      this.status, this.guessResult, this.proofResult, search);
    this.showTask(this.first.target, null);
  }

  /** The instruction and the example of the syntax for `target` (coords: the table's, when drawn). */
  showTask(target, coords) {
    const t = this.t;
    this.ask.textContent = t(target === "P" ? "discover.askP" : "discover.askGrundy");
    const chosen = this.controls.read();
    const own = this.dataset.guess && chosen?.game === this.first.game && target === this.first.target
      && sameParams(chosen.params, JSON.parse(this.first.params));
    const text = own ? this.dataset.guess : coords ? example(coords, target) : "";
    const end = this.lang === "ja" ? "。" : ". "; // no space after 。 in Japanese
    this.example.replaceChildren(...(text ? [t("discover.example"), " ",
      h("code", { class: "gw-example-formula", text }), end] : []), t("discover.help"));
  }

  firstDraw() {
    this.drawTable();
  }

  drawn() {
    return this.table.shown;
  }

  /** Its first drawing is the build's answer: the engine's status concerns it only while it asks. */
  get needsEngine() {
    return this.asking;
  }

  /** Draw the table of the fields' game, bound and target (the engine's `table`); kept as
   *  this.tableShown, a promise a verdict waits for before it marks its counterexample. */
  drawTable() {
    const request = this.read();
    const key = JSON.stringify(request);
    if (key === this.tableKey) return this.tableShown;
    this.tableKey = key;
    const token = (this.tableToken = (this.tableToken || 0) + 1);
    this.tableShown = (async () => {
      if (!request) {
        this.table.clear(this.t("discover.table.fix"));
        return;
      }
      this.table.clear();
      const { game, params, max, target } = request;
      const data = await this.call({ op: "table", game, params, max, compare: "xor" }, { quiet: true });
      if (token !== this.tableToken) return;
      if (!data) {
        this.tableKey = null; // asked again with the next change or check
        this.table.clear(this.lastError || this.t("discover.table.none"));
        return;
      }
      this.table.show(data, target, max);
      this.showTask(target, data.coords);
    })();
    return this.tableShown;
  }

  clearResults() {
    this.token = (this.token || 0) + 1; // an answer still on its way no longer counts
    this.clearVerdicts();
    this.drawTable();
  }

  /** Every verdict goes: the check of a guess (and its mark in the table), a search's
   *  answer, a proof. */
  clearVerdicts() {
    this.result.replaceChildren();
    this.clearGuessVerdict();
  }

  /** The verdicts about the formula in the field: its check, its mark, its proof. */
  clearGuessVerdict() {
    this.guessResult.replaceChildren();
    this.table.unmark();
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
    this.clearVerdicts(); // no verdict of an earlier formula, or search, beside this one's
    if (!request || !formula) return;
    const data = await this.callLatest({ op: "guess", ...request, formula }, { quiet: true });
    if (!data) {
      if (this.lastError) setFieldError(this.guessInput, this.lastError);
      return;
    }
    const token = this.token;
    await this.drawTable(); // the table of this request, to mark the counterexample in
    if (token !== this.token) return;
    const t = this.t;
    if (data.holds) {
      this.guessResult.textContent = t("discover.guessHolds", { n: data.checked, max: request.max });
    } else {
      const at = data.first_counterexample;
      // a formula wrong at the very first position holds up to nothing: no "holds up to -1"
      const text = t(request.target === "P" ? "discover.guessFailsP" : "discover.guessFails",
                     { at: posText(at), value: data.value, expected: data.expected })
        + (data.holds_to >= 0 ? (this.lang === "ja" ? "" : " ") + t("discover.holdsUpTo", { holds: data.holds_to }) : "");
      const marked = this.table.mark(at, data.expected);
      this.guessResult.replaceChildren(...withPos(text, at), // the position on one line
        ...(marked ? [this.lang === "ja" ? "" : " ", t("discover.marked")] : []));
    }
  }

  /** Prove the formula in the guess field (or `formula`, put there first) for every position. */
  async prove(formula = null) {
    if (formula !== null) { // the formula found, put in the field: the field's old verdicts go
      this.guessInput.value = formula;
      setFieldError(this.guessInput, "");
      this.clearGuessVerdict();
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
    this.clearVerdicts(); // a search replaces the verdicts before it
    if (!request) return;
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
