// <grundy-exercise> (defined by grundy-exercise.js once the page is painted): an exercise
// that checks the reader (scripts/sitegen/exercise_markup.py writes it around its static
// version). data-kind = find-move | grundy-value | pn-table;
// data-game, data-params (JSON), data-pos, data-max, data-misere, data-pass, data-rules,
// data-heap, data-lesson, data-lesson-title (the lesson's name in the progress panel: the
// page's title, or the classroom's assignment; without it, the page's h1), data-id.
// Every move and value is checked by the engine: from its answers written at build time
// (data-answers: the state of the position, the perfect reply after each move, the
// explanation its hints show; scripts/sitegen/written.py), else (the classroom's
// exercises) by the engine itself (engine.request), which then loads; a P/N table against
// its answer cells (data-pos), which the engine computed at build time (also in misère
// play, with a pass or next to a Nim heap). Feedback, a ladder of hints, the (build-time,
// folded) answer after an attempt; progress in localStorage (progress.js); teacher mode
// shows every answer. data-test (a classroom test): no hints and no answer to show (the
// page reveals it: reveal()), and a wrong answer is only "not right" (nothing it says, nor
// a table's marked cells, gives the answer away).

import { loadAnswers } from "../widgets/answers.js";
import { engine } from "../widgets/engine-client.js";
import { ensurePanel } from "./panel.js";
import { progress } from "./progress.js";
import { stepNode } from "./steps.js";
import { addStyles, el, langOf, say, written } from "./text.js";

const Board = await import("../widgets/board.js").then((m) => m.Board, () => null);
const TRUE = "true";
// An exercise asks for its position's state when it comes near the viewport (or is
// touched): its interactive board and list of moves (from the build-time answers, or the
// engine when it has none).
const nearViewport = "IntersectionObserver" in window
  ? new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      nearViewport.unobserve(entry.target);
      entry.target.state().catch(() => {});
    }
  }, { rootMargin: "200px" })
  : null;

/** The title of the page `el` is on: its article's h1, without the permalink. */
function pageTitle(el) {
  const h1 = el.closest("article")?.querySelector("h1")?.cloneNode(true);
  h1?.querySelector(".headerlink")?.remove();
  return h1?.textContent.trim() || "";
}

class ExerciseElement extends HTMLElement {
  #onProgress = () => this.showProgress();

  connectedCallback() {
    if (!this.built) this.build();
    progress.addEventListener("change", this.#onProgress);
    const lesson = this.dataset.lesson;
    const all = [...document.querySelectorAll("grundy-exercise")].filter((e) => e.dataset.lesson === lesson);
    ensurePanel(all[0], lesson, this.lang);
    // The lesson's title is written on the element (at build time, or by the classroom), else
    // its page's heading: when instant navigation connects it, document.title is still the
    // previous page's.
    // Every task of the lesson counts (a classroom's game too: its box has data-lesson and data-id).
    const tasks = [...document.querySelectorAll("[data-lesson][data-id]")].filter((e) => e.dataset.lesson === lesson);
    progress.setTotal(lesson, new Set(tasks.map((e) => e.dataset.id)).size, this.lang,
                      this.dataset.lessonTitle || pageTitle(this) || lesson);
    this.showProgress();
  }

  disconnectedCallback() {
    progress.removeEventListener("change", this.#onProgress);
    nearViewport?.unobserve(this);
  }

  get record() {
    return progress.get(this.dataset.lesson, this.dataset.id);
  }

  save(fn) {
    progress.update(this.dataset.lesson, this.dataset.id, fn);
  }

  /** A request to the engine for this exercise's game, answered from the engine's
   *  build-time answers (data-answers) when they hold it; rejects with the engine's message. */
  async ask(request) {
    const full = { lang: this.lang, game: this.dataset.game, params: JSON.parse(this.dataset.params || "{}"),
                   misere: this.dataset.misere === TRUE, ...request };
    const written = this.dataset.answers
      && await loadAnswers(new URL(this.dataset.answers, document.baseURI).href);
    const response = written?.find(full) || await engine.request(full);
    if (response.error) throw new Error(response.error);
    return response;
  }

  /** The engine's answer for the start, asked once (the first interaction starts the engine). */
  state() {
    this.statePromise ||= this.load();
    return this.statePromise;
  }

  async load() {
    if (this.dataset.kind === "pn-table") return this.tableAnswer();
    this.feedback.textContent = this.t("loading");
    try {
      const state = await this.ask({ op: "state", pos: this.pos, ...(this.dataset.pass === TRUE ? { pass: true } : {}) });
      this.feedback.textContent = "";
      if (this.dataset.kind === "find-move") this.showBoard(state);
      return state;
    } catch (err) {
      this.statePromise = null;
      this.feedback.textContent = `${this.t("engineFailed")} (${err.message})`;
      throw err;
    }
  }

  build() {
    this.built = true;
    addStyles();
    this.lang = langOf(this);
    this.t = say(this.lang);
    this.pos = (this.dataset.pos || "").split(/\s+/).filter(Boolean).map(Number);
    const staticPart = this.querySelector(".gx-static");
    this.answer = this.querySelector(".gx-answer");
    this.feedback = el("p.gx-feedback", { attrs: { role: "status", "aria-live": "polite" } });
    this.hints = el("ol.gx-hints");
    this.hintButton = el("button.md-button.gx-hint", { type: "button", textContent: this.t("hint"),
                                                       on: { click: () => this.nextHint() } });
    this.answerButton = el("button.md-button.gx-show", { type: "button", textContent: this.t("showAnswer"),
                                                         title: this.t("answerAfter"), on: { click: () => this.reveal() } });
    this.badge = el("span.gx-badge", { textContent: `✓ ${this.t("solved")}`, hidden: true });
    this.work = el("div.gx-work");
    staticPart.querySelector(".gx-question")?.append(" ", this.badge);
    this.test = this.dataset.test === TRUE;
    this.answer.before(this.work, this.feedback,
      this.test ? "" : el("div.gx-buttons", {}, this.hintButton, this.answerButton), this.hints);
    ({ "find-move": () => this.buildFindMove(), "grundy-value": () => this.buildValue(),
       "pn-table": () => this.buildTable() })[this.dataset.kind]();
    const wake = () => this.state().catch(() => {});
    this.addEventListener("pointerdown", wake, { once: true });
    this.addEventListener("focusin", wake, { once: true });
    if (nearViewport) nearViewport.observe(this);
    this.dataset.ready = TRUE;
  }

  /** Solved badge, answer availability and teacher mode from the saved progress. */
  showProgress() {
    const record = this.record;
    const teacher = progress.teacher;
    this.badge.hidden = !record.solved;
    this.dataset.solved = String(Boolean(record.solved));
    this.answerButton.disabled = !(record.attempts > 0 || teacher);
    this.answer.hidden = !(this.revealed || teacher);
    if (teacher) this.answer.open = true;
    this.classList.toggle("gx-teacher-on", teacher);
    this.showMore?.(record, teacher);
  }

  reveal() {
    this.revealed = true;
    this.answer.open = true;
    this.showProgress();
  }

  /** Record an attempt (and whether it solved the exercise) and say how it went. */
  attempt(solved, message, extra = (r) => r) {
    this.feedback.textContent = solved || !this.test ? message : this.t("notRight");
    this.feedback.dataset.result = solved ? "right" : "wrong";
    this.save((r) => extra({ ...r, attempts: r.attempts + 1, solved: r.solved || solved }));
  }

  // ---- hints ----------------------------------------------------------------------

  async nextHint() {
    let ladder;
    try {
      ladder = await (this.ladder ||= this.hintLadder());
    } catch (err) {
      this.ladder = null;
      this.feedback.textContent = err.message;
      return;
    }
    const shown = this.hints.children.length;
    if (shown >= ladder.length) {
      this.feedback.textContent = this.t("noMoreHints");
      return;
    }
    this.hints.append(ladder[shown]);
    const next = shown + 2;
    this.hintButton.textContent = next <= ladder.length ? this.t("hintOf", { i: next, n: ladder.length }) : this.t("hint");
    this.save((r) => ({ ...r, hints: Math.max(r.hints || 0, shown + 1) }));
  }

  async hintLadder() {
    const text = (s) => el("li.gx-step", {}, el("p", { textContent: s }));
    if (this.dataset.kind === "pn-table") return this.tableHints().map((k) => text(this.t(k, { n: this.dataset.heap })));
    const state = await this.state();
    if (this.dataset.kind === "grundy-value") {
      const values = [...new Set(state.moves.map((m) => m.grundy))].sort((a, b) => a - b);
      const ladder = [text(this.t("mexHint", { values: `{${values.join(", ")}}` }))];
      if (state.formula?.kind === "grundy") {
        ladder.unshift(text(this.t("formula", { theorem: state.formula.theorem, expr: state.formula.expression })));
      }
      return ladder;
    }
    const explained = await this.ask({ op: "explain", pos: this.pos, ...(this.dataset.pass === TRUE ? { pass: true } : {}) });
    return explained.steps.slice(0, -1).map((s) => stepNode(s, this.lang));
  }

  // ---- find a winning move --------------------------------------------------------

  buildFindMove() {
    this.board = this.querySelector(".gx-static figure");
    this.picker = Board && this.board ? new Board(this.board) : null;
    this.list = el("select.gx-moves", { on: { change: () => this.mark(this.list.value) } },
      el("option", { value: "", textContent: this.t("choose") }));
    this.work.append(el("p.gx-help", { textContent: this.t("pick") }),
      el("div.gx-buttons", {},
        el("label.gx-field", {}, this.t("moveList"), " ", this.list),
        el("button.md-button.md-button--primary.gx-check", { type: "button", textContent: this.t("checkMove"),
          on: { click: () => this.list.value && this.checkMove(this.list.value) } }),
        el("button.md-button.gx-none", { type: "button", textContent: this.t("noWin"),
          on: { click: () => this.checkNone() } })),
      el("p.gx-found"));
    this.board?.addEventListener("click", (e) => this.pick(e));
    this.board?.addEventListener("keydown", (e) => {
      const move = e.target.closest?.(".move");
      if (move && (e.key === "Enter" || e.key === " ")) {
        e.preventDefault();
        this.checkMove(move.getAttribute("data-to"));
      } else if (move && this.picker && /^(Arrow|Home$|End$)/.test(e.key)) {
        e.preventDefault();
        this.picker.step(move, e.key)?.focus();
      }
    });
    this.board?.addEventListener("focusin", (e) => {
      const move = e.target.closest?.(".move");
      if (move) this.picker?.rove(move);
    });
  }

  showBoard(state) {
    const svgBox = this.board.querySelector("svg")?.parentElement || this.board;
    const caption = this.board.querySelector("figcaption");
    if (this.picker) {
      this.picker.element = svgBox;
      this.picker.render(state.svg);
      this.picker.rove();
      const words = new Map(state.moves.map((m) => [m.to.join(","), this.t("moveTo", { move: m.text, to: written(m.to) })]));
      this.picker.name((move) => words.get(move.getAttribute("data-to")) || move.getAttribute("aria-label") || "");
    } else {
      svgBox.querySelector("svg")?.remove();
      svgBox.insertAdjacentHTML("afterbegin", state.svg);
    }
    if (caption) this.board.append(caption);
    this.list.append(...state.moves.map((m) => el("option", { value: m.to.join(","), textContent: `${m.text} → ${written(m.to)}` })));
    this.showFound();
  }

  pick(event) {
    const move = this.picker ? this.picker.nearest(event.clientX, event.clientY) : event.target.closest(".move");
    if (!move) return;
    this.list.value = move.getAttribute("data-to");
    this.mark(this.list.value);
  }

  mark(to) {
    const move = [...this.board.querySelectorAll(".move")].find((m) => m.getAttribute("data-to") === to);
    if (this.picker) this.picker.mark(move || null);
  }

  async checkMove(to) {
    const state = await this.state();
    const move = state.moves.find((m) => m.to.join(",") === to);
    if (!move) return;
    const t = this.t;
    const where = { move: move.text, to: written(move.to),
                    value: this.dataset.misere === TRUE ? "" : t("valueOf", { g: move.grundy }) };
    if (move.outcome === "P") {
      const wins = state.moves.filter((m) => m.outcome === "P").length;
      const found = new Set([...this.record.found, to]);
      const more = wins === 1 ? t("foundOne")
        : `${t("found", { n: wins, k: found.size })} ${found.size < wins ? t("lookOthers") : t("foundAll", { n: wins })}`;
      this.attempt(true, `${t("right", where)} ${more}`, (r) => ({ ...r, found: [...found] }));
      this.showFound();
      return;
    }
    if (!state.winning) {
      this.attempt(false, t("wrongNone", where));
      return;
    }
    const reply = await this.ask({ op: "reply", pos: move.to, ...(move.pass ? { pass: true } : {}) });
    this.attempt(false, t("wrongMove", { ...where, reply: reply.move ? `${reply.move.text} → ${written(reply.move.to)}` : "—" }));
  }

  async checkNone() {
    const state = await this.state();
    const where = { pos: written(this.pos),
                    value: this.dataset.misere === TRUE ? "" : this.t("valueOf", { g: state.grundy }) };
    if (state.winning) this.attempt(false, this.t("wrongClaim", where));
    else this.attempt(true, this.t("rightNone", where));
  }

  showFound() {
    const box = this.querySelector(".gx-found");
    const moves = this.statePromise ? this.list.options : [];
    const found = new Set(this.record.found);
    box.replaceChildren(...[...moves].filter((o) => found.has(o.value)).map((o) => el("span.gx-chip", { textContent: `✓ ${o.textContent}` })));
  }

  // ---- the Grundy value -----------------------------------------------------------

  buildValue() {
    const input = el("input.gx-value", { type: "number", min: 0, step: 1, inputMode: "numeric" });
    const check = () => this.checkValue(input.value.trim());
    input.addEventListener("keydown", (e) => e.key === "Enter" && check());
    this.work.append(el("div.gx-buttons", {}, el("label.gx-field", {}, this.t("yourValue"), " ", input),
      el("button.md-button.md-button--primary.gx-check", { type: "button", textContent: this.t("check"), on: { click: check } })));
  }

  async checkValue(raw) {
    if (!/^\d+$/.test(raw)) {
      this.feedback.textContent = this.t("badNumber");
      return;
    }
    const state = await this.state();
    const v = Number(raw);
    const where = { pos: written(this.pos), g: state.grundy, v };
    if (v === state.grundy) this.attempt(true, this.t("rightValue", where));
    else this.attempt(false, this.t("wrongValue", where));
  }

  // ---- the P/N table ----------------------------------------------------------------

  buildTable() {
    this.cells = [...this.querySelectorAll(".gx-static td.gx-cell")];
    const saved = this.record.cells || {};
    for (const td of this.cells) {
      const button = el("button.gx-cellbtn", { type: "button", tabIndex: -1, on: { click: () => this.cycle(td),
        keydown: (e) => this.cellKey(e, td), focus: () => this.rove(td) } });
      td.replaceChildren(button);
      this.setCell(td, saved[td.dataset.pos] || "");
    }
    if (this.cells.length) this.rove(this.cells[0]);
    this.rules = JSON.parse(this.dataset.rules || "[]");
    this.ruleBox = el("fieldset.gx-rules", { hidden: true });
    // How to fill the cells comes before the tables, where the reader starts (not after four grids).
    const cell = this.querySelector(".gx-static td.gx-cell");
    const tables = cell && (cell.closest(".gx-slices") || cell.closest(".md-typeset__scrollwrap") || cell.closest("table"));
    tables?.before(el("p.gx-help", { textContent: this.t("cellHelp") }));
    this.work.append(
      el("div.gx-buttons", {}, el("button.md-button.md-button--primary.gx-check", { type: "button",
        textContent: this.t("check"), on: { click: () => this.checkTable() } })));
    this.feedback.after(this.ruleBox);
    if (this.rules.length) this.buildRules();
    this.showMore = (record, teacher) => { this.ruleBox.hidden = !(record.solved || teacher) || !this.rules.length; };
  }

  /** A cell's value ("P", "N" or "" blank) and, after Check, its verdict ("right",
   *  "wrong", or "" unchecked): in its look, its name and aria-invalid. */
  setCell(td, value, verdict = "") {
    td.dataset.value = value;
    td.classList.toggle("gx-wrong", verdict === "wrong");
    const said = this.t("cellLabel", { pos: written(td.dataset.pos.split(",")), v: value || this.t("blank") });
    const label = verdict ? this.t("cellChecked", { cell: said, verdict: this.t(verdict === "wrong" ? "cellWrong" : "cellRight") })
      : said;
    td.firstChild.textContent = value;
    td.firstChild.setAttribute("aria-label", label);
    if (verdict === "wrong") td.firstChild.setAttribute("aria-invalid", "true");
    else td.firstChild.removeAttribute("aria-invalid");
  }

  /** One Tab stop for the table: the cell `td` is in the tab order, the others are not. */
  rove(td) {
    for (const cell of this.cells) cell.firstChild.tabIndex = cell === td ? 0 : -1;
  }

  /** The arrow keys move across the table (to the next cell that way, over empty
   *  squares); Right past a table's last column goes on to the next table (one per value
   *  of the middle coordinate), Left past its first column back to the previous one, in
   *  the nearest row; Home and End go to the first and last cell. */
  cellKey(event, td) {
    const place = (cell) => [cell.closest("table"), cell.parentElement.rowIndex, cell.cellIndex];
    const [table, row, col] = place(td);
    const [dr, dc] = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[event.key] || [0, 0];
    const nearest = (cells) => cells.sort((a, b) => {
      const [, ra, ca] = place(a);
      const [, rb, cb] = place(b);
      return 1000 * (Math.abs(ra - row) - Math.abs(rb - row)) + (ca - cb) * dc;
    })[0] || null;
    let next = null;
    if (event.key === "Home") next = this.cells[0];
    else if (event.key === "End") next = this.cells[this.cells.length - 1];
    else if (dr || dc) {
      next = nearest(this.cells.filter((cell) => {
        const [t, r, c] = place(cell);
        return t === table && (dr ? c === col && (r - row) * dr > 0 : r === row && (c - col) * dc > 0);
      }));
      if (!next && dc) {
        const tables = [...new Set(this.cells.map((cell) => cell.closest("table")))];
        const beside = tables[tables.indexOf(table) + dc];
        next = beside ? nearest(this.cells.filter((cell) => cell.closest("table") === beside)) : null;
      }
    } else return;
    event.preventDefault();
    if (next) {
      this.rove(next);
      next.firstChild.focus();
    }
  }

  cycle(td) {
    const next = { "": "P", P: "N", N: "" }[td.dataset.value || ""];
    this.setCell(td, next);
    this.save((r) => ({ ...r, cells: { ...(r.cells || {}), [td.dataset.pos]: next } }));
  }

  /** The build-time answer: position "x,y,z" -> "P" or "N". */
  tableAnswer() {
    return new Map([...this.answer.querySelectorAll("td[data-pos]")].map((td) => [td.dataset.pos, td.textContent.trim()]));
  }

  /** The hints' keys: the end of the game, the rule (misère play, the pass, the heap), the order. */
  tableHints() {
    if (this.dataset.misere === TRUE) return ["hintTerminalMisere", "hintRule", "hintOrder"];
    const extra = this.dataset.pass === TRUE ? ["hintPass"] : this.dataset.heap ? ["hintHeap"] : [];
    return ["hintTerminal", ...extra, "hintRule", "hintOrder"];
  }

  async checkTable() {
    const truth = await this.state();
    let right = 0;
    let blank = 0;
    const wrong = [];
    for (const td of this.cells) {
      const value = td.dataset.value || "";
      const good = value === truth.get(td.dataset.pos);
      if (!value) blank += 1;
      else if (good) right += 1;
      else wrong.push(written(td.dataset.pos.split(",")));
      this.setCell(td, value, value && !this.test ? (good ? "right" : "wrong") : "");
    }
    const firstWrong = this.cells.find((td) => td.classList.contains("gx-wrong"));
    if (firstWrong) this.rove(firstWrong); // Tab goes back to the table at its first wrong cell
    const n = this.cells.length;
    const solved = right === n;
    const where = wrong.length ? ` ${this.t("wrongCells", { cells: wrong.join(this.lang === "ja" ? "、" : "; ") })}` : "";
    this.attempt(solved, solved ? this.t("tableSolved", { n })
      : this.t("tableResult", { k: right, n, w: n - right - blank, b: blank }) + where);
  }

  buildRules() {
    const verdict = el("p.gx-verdict", { attrs: { role: "status" } });
    const name = `gx-rule-${this.dataset.id}`;
    const choices = this.rules.map((rule, i) => el("label.gx-rule", {},
      el("input", { type: "radio", name, value: i, on: { change: () => {
        verdict.textContent = rule.holds
          ? this.t("ruleHolds", { count: rule.count, bound: rule.bound })
          : this.t("ruleFails", { pos: written(rule.counterexample), says: rule.says, truth: rule.truth });
        this.save((r) => ({ ...r, rule: rule.rule }));
      } } }), " ", el("span", { textContent: rule.text ?? rule.rule })));
    this.ruleBox.append(el("legend", { textContent: this.t("ruleTitle") }), ...choices, verdict);
  }
}

if (!customElements.get("grundy-exercise")) customElements.define("grundy-exercise", ExerciseElement);
