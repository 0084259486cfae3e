// <grundy-play>: play a game (or a sum of games, optionally with one pass) against the
// perfect computer. data-game, data-params (JSON; a sum: {"components": [...]}),
// data-start ("10 5 5"; a sum "10 5 5 | 6 | 3 5"), data-misere, data-pass.

import { Board } from "./board.js";
import { GameControls, checkGame, defaultStart, parseStart, startText } from "./catalogue.js";
import { field, h, posNode, posText, setFieldError, sleep, withPos } from "./dom.js";
import { GrundyWidget, define } from "./widget-base.js";
import { explainPanel } from "../exercises/explain-panel.js";

const COMPUTER_PAUSE_MS = 700; // the computer's move stays highlighted this long
const TRUE = ["true", "1", "yes"];
const STACK_BELOW_PX = 600; // narrower than this, a sum's boards are drawn one above the other

export class PlayElement extends GrundyWidget {
  static kind = "play";
  static startsAtOnce = true;
  static usesCatalogue = true;

  build(catalogue, params) {
    const t = this.t;
    const game = this.config.game;
    checkGame(catalogue, game, params, t);
    this.catalogue = catalogue;
    this.controls = new GameControls({ t, lang: this.lang, catalogue, game, params,
      onChange: (name) => { this.startInput.value = this.defaultStartOf(name); } });
    this.startInput = h("input", { type: "text", class: "gw-start", size: 14, spellcheck: "false",
      value: this.config.start || defaultStart(catalogue, game, params), title: t("startHelp"),
      autocomplete: "off" });
    this.startInput.addEventListener("input", () => setFieldError(this.startInput, ""));
    this.firstSelect = h("select", { class: "gw-first" },
      h("option", { value: "you", text: t("you") }), h("option", { value: "computer", text: t("computer") }));
    this.hintsBox = h("input", { type: "checkbox", class: "gw-hints" });
    this.misereBox = h("input", { type: "checkbox", class: "gw-misere",
                                  checked: TRUE.includes(this.dataset.misere) });
    this.passBox = h("input", { type: "checkbox", class: "gw-pass-option",
                                checked: TRUE.includes(this.dataset.pass) });
    this.boardBox = h("div", { class: "gw-board", tabindex: "-1", "aria-label": t("board") }, this.fallback);
    this.board = new Board(this.boardBox);
    this.previewText = h("span", { class: "gw-preview-text" });
    this.confirmButton = h("button", { type: "button", class: "md-button md-button--primary gw-confirm",
      text: t("confirm"), hidden: true, onclick: () => this.playSelected() });
    this.passButton = h("button", { type: "button", class: "md-button gw-pass", text: t("pass"), hidden: true,
      onclick: () => this.humanMove(this.current.pos.join(","), "pass") });
    this.parts = h("div", { class: "gw-parts", hidden: true });
    this.info = h("div", { class: "gw-info-line", hidden: true });
    this.hintList = h("div", { class: "gw-hintlist", hidden: true });
    this.logList = h("ol", { class: "gw-log" });
    const button = (cls, label, onclick) =>
      h("button", { type: "button", class: `md-button ${cls}`, text: label, onclick });
    this.undoButton = button("gw-undo", t("undo"), () => this.undo());
    this.undoButton.disabled = true;
    const form = h("form", { class: "gw-controls", novalidate: true,
                             onsubmit: (e) => { e.preventDefault(); this.newGame(); } },
      this.controls.element,
      field(t("start"), this.startInput),
      field(t("whoStarts"), this.firstSelect),
      h("button", { type: "submit", class: "md-button md-button--primary gw-new", text: t("newGame") }),
      button("gw-random", t("random"), () => this.randomStart()));
    const options = h("div", { class: "gw-controls gw-options" },
      h("label", { class: "gw-check" }, this.hintsBox, t("hints")),
      h("label", { class: "gw-check" }, this.misereBox, t("misere")),
      h("label", { class: "gw-check" }, this.passBox, t("passOption")),
      this.undoButton,
      button("gw-restart", t("restart"), () => this.restart()));
    this.hintsBox.addEventListener("change", () => this.refresh());
    this.misereBox.addEventListener("change", () => {
      if (this.setup) this.setup.misere = this.misereBox.checked;
      this.refresh();
    });
    this.passBox.addEventListener("change", () => this.setup && this.begin({ ...this.setup, pass: this.passBox.checked }));
    this.boardBox.addEventListener("pointerdown", (e) => { this.pointerType = e.pointerType; });
    this.boardBox.addEventListener("pointermove", (e) => this.onHover(e));
    this.boardBox.addEventListener("pointerleave", (e) => e.pointerType === "mouse" && this.select(null));
    this.boardBox.addEventListener("click", (e) => this.onClick(e));
    this.boardBox.addEventListener("keydown", (e) => this.onKey(e));
    this.boardBox.addEventListener("focusin", (e) => this.onFocus(e));
    this.replaceChildren(form, options, this.loader, this.message, this.status, this.boardBox,
      h("div", { class: "gw-controls gw-movebar" }, this.previewText, this.confirmButton, this.passButton),
      this.parts, this.info, this.hintList,
      h("div", { class: "gw-logbox" }, h("p", { class: "gw-logtitle", text: t("log") }), this.logList));
    this.hintList.after(explainPanel(this));
    this.history = null;
    this.renderLog();
  }

  firstDraw() {
    this.newGame();
  }

  attached() {
    if (this.history && this.dataset.turn === "computer") this.refresh();
  }

  defaultStartOf(game) {
    return game === "sum" ? this.config.start : defaultStart(this.catalogue, game, {});
  }

  /** Whose turn at the current history length (who started is fixed per game). */
  get humanToMove() {
    return ((this.history.length - 1) % 2 === 0) === this.setup.humanFirst;
  }

  get current() {
    return this.history[this.history.length - 1];
  }

  /** A new game from the controls (each bad input gets its message beside it). */
  async newGame() {
    const chosen = this.controls.read();
    let start = null;
    if (chosen) {
      try {
        start = parseStart(this.startInput.value, this.catalogue, chosen.game, chosen.params, this.t);
        setFieldError(this.startInput, "");
      } catch (err) {
        setFieldError(this.startInput, err.message);
      }
    }
    if (!chosen || !start) {
      this.token = (this.token || 0) + 1; // an earlier request still on its way no longer counts
      return;
    }
    await this.begin({ ...chosen, start, humanFirst: this.firstSelect.value === "you",
                       misere: this.misereBox.checked, pass: this.passBox.checked });
  }

  /** The game the controls show, from its start (they are reset to the game played). */
  restart() {
    if (!this.setup) return this.newGame();
    return this.begin({ ...this.setup });
  }

  request(op, entry, setup = this.setup) {
    const { game, params, misere } = setup;
    return this.call({ op, game, params, pos: entry.pos, misere, hints: this.hintsBox.checked,
                       stacked: this.clientWidth < STACK_BELOW_PX, ...(entry.pass ? { pass: true } : {}) },
                     { quiet: op === "state" && !this.history, latest: true });
  }

  async begin(setup) {
    const token = (this.token = (this.token || 0) + 1);
    this.clearMessage();
    const first = { pos: setup.start, by: null, text: "", pass: setup.pass };
    const saved = this.history;
    const typed = this.startInput.value; // a start typed while the engine works is kept
    this.history = null;
    const state = await this.request("state", first, setup);
    if (token !== this.token) return;
    if (!state) {
      this.history = saved;
      await this.blame(this.controls, setup, this.startInput, token);
      return;
    }
    this.setup = setup;
    this.history = [{ ...first, pos: state.pos }];
    this.controls.show(setup.game, setup.params);
    if (this.startInput.value === typed) {
      this.startInput.value = startText(state.pos, this.catalogue, setup.game, setup.params);
    }
    this.firstSelect.value = setup.humanFirst ? "you" : "computer";
    this.misereBox.checked = setup.misere;
    this.passBox.checked = setup.pass;
    this.board.reset();
    this.focusBoard = false;
    this.renderLog();
    this.render(state);
    if (!state.over && !this.humanToMove) await this.computerMove(token);
  }

  async randomStart() {
    const chosen = this.controls.read();
    if (!chosen) return;
    const top = Math.max(9, ...defaultStart(this.catalogue, chosen.game, chosen.params).match(/\d+/g).map(Number));
    const response = await this.callLatest({ op: "random_start", game: chosen.game, params: chosen.params,
      max: top, seed: Math.floor(Math.random() * 2 ** 31),
      pos: this.catalogue[chosen.game]?.variable_coords ? this.startInput.value : undefined });
    if (response) {
      this.startInput.value = startText(response.pos, this.catalogue, chosen.game, chosen.params);
      await this.newGame();
    }
  }

  async refresh() {
    if (!this.history) return;
    const token = (this.token = (this.token || 0) + 1);
    const state = await this.request("state", this.current);
    if (state && token === this.token) {
      this.render(state);
      if (!state.over && !this.humanToMove) await this.computerMove(token);
    }
  }

  async play(move, by) {
    const token = (this.token = (this.token || 0) + 1);
    const before = this.current;
    this.history.push({ pos: move.to, by, text: move.text, kind: move.kind || "move",
                        pass: move.pass ?? before.pass });
    this.renderLog();
    const state = await this.request("state", this.current);
    if (!state || token !== this.token) return;
    this.render(state);
    if (!state.over && !this.humanToMove) await this.computerMove(token);
  }

  async computerMove(token) {
    this.status.textContent = this.t("thinking");
    this.dataset.turn = "computer";
    this.boardBox.classList.add("gw-waiting");
    const reply = await this.request("reply", this.current);
    if (!reply || token !== this.token || !reply.move) return;
    this.dataset.replyMs = reply.ms;
    if (reply.move.kind !== "pass") this.board.mark(this.board.find(reply.move.to.join(",")), "gw-computer-move");
    await sleep(COMPUTER_PAUSE_MS);
    if (token !== this.token) return;
    await this.play(reply.move, "computer");
  }

  // ---- board input: hover/focus previews, a click plays; on touch a first tap previews

  onHover(event) {
    if (event.pointerType !== "mouse" || !this.canMove()) return;
    this.select(this.board.nearest(event.clientX, event.clientY));
  }

  onClick(event) {
    if (!this.canMove()) return;
    const move = this.board.nearest(event.clientX, event.clientY);
    event.preventDefault();
    if (this.pointerType === "mouse" || !this.pointerType) {
      if (move) this.boardMove(move);
    } else if (move && move === this.selected) {
      this.boardMove(move);
    } else {
      this.select(move, true);
    }
  }

  onKey(event) {
    const moves = this.board.moves();
    const index = moves.indexOf(document.activeElement);
    if (index < 0) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (this.canMove()) this.boardMove(moves[index]);
    } else if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(event.key)) {
      event.preventDefault();
      const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
      moves[(index + step + moves.length) % moves.length].focus();
    }
  }

  onFocus(event) {
    const move = event.target.closest?.(".move");
    if (move && this.canMove() && move.matches(":focus-visible")) this.select(move);
  }

  canMove() {
    return Boolean(this.state && !this.state.over && this.history && this.humanToMove
                   && this.dataset.turn === "you");
  }

  /** Preview a move element (null: none). withConfirm (a tap) adds the "Play this move"
   *  button, and a tap anywhere outside the board and that button cancels. */
  select(moveElement, withConfirm = false) {
    const move = moveElement && this.moveTo(moveElement.getAttribute("data-to"), "move");
    this.selected = move ? moveElement : null;
    this.board.mark(this.selected);
    this.previewText.replaceChildren(...(move ? withPos(this.t("preview", { text: move.text, pos: posText(move.to) }), move.to) : []));
    this.confirmButton.hidden = !(move && withConfirm);
    this.outside?.abort();
    if (move && withConfirm) {
      this.outside = new AbortController();
      document.addEventListener("pointerdown", (event) => {
        if (!this.boardBox.contains(event.target) && event.target !== this.confirmButton) this.select(null);
      }, { signal: this.outside.signal, capture: true });
    }
  }

  detached() {
    this.outside?.abort();
  }

  playSelected() {
    if (this.selected && this.canMove()) this.boardMove(this.selected);
  }

  boardMove(moveElement) {
    this.humanMove(moveElement.getAttribute("data-to"), "move");
  }

  moveTo(toText, kind) {
    return this.state?.moves.find((m) => m.to.join(",") === toText && (m.kind || "move") === kind) || null;
  }

  humanMove(toText, kind) {
    if (!this.canMove()) return;
    const move = this.moveTo(toText.replace(/\s/g, ""), kind);
    if (!move) return;
    this.focusBoard = true; // after every move, focus stays on the board
    this.select(null);
    this.play(move, "you");
  }

  undo() {
    if (!this.history.some((entry) => entry.by === "you")) return;
    // Back to the last position where it was the reader's turn, before their move.
    do {
      this.history.pop();
    } while (this.history.length > 1 && (!this.humanToMove || this.current.by === "you"));
    this.renderLog();
    this.refresh();
  }

  // ---- drawing

  render(state) {
    const t = this.t;
    this.state = state;
    this.selected = null;
    this.board.render(state.svg);
    this.select(null);
    const human = this.humanToMove;
    const last = this.current;
    this.dataset.turn = state.over ? "over" : human ? "you" : "computer";
    this.dataset.pos = state.pos.join(",");
    this.dataset.moves = this.history.length - 1;
    this.dataset.pass = String(Boolean(state.pass));
    this.boardBox.classList.toggle("gw-waiting", !human || state.over);
    const gap = t.lang === "ja" ? "" : " ";
    const said = last.by === "computer" ? t("computerPlayed", { text: last.text, pos: posText(last.pos) }) + gap : "";
    const show = (text) => this.status.replaceChildren(...withPos(text, last.pos));
    if (state.over) {
      const humanWon = this.setup.misere ? human : !human;
      this.dataset.winner = humanWon ? "you" : "computer";
      const key = (humanWon ? "youWin" : "computerWins") + (this.setup.misere ? "Misere" : "");
      show(said + t(key));
      this.status.className = `gw-status gw-${humanWon ? "win" : "lose"}`;
    } else {
      delete this.dataset.winner;
      show(said + (human ? this.turnKey().map((key) => t(key)).join(gap) : t("thinking")));
      this.status.className = "gw-status";
    }
    this.passButton.hidden = !(this.setup.pass && state.pass && !state.over);
    this.passButton.disabled = !human;
    this.undoButton.disabled = !this.history.some((entry) => entry.by === "you");
    this.renderParts(state);
    this.renderHints(state);
    if (this.focusBoard) {
      const first = human && !state.over && this.board.moves()[0];
      (first || this.boardBox).focus();
      this.focusBoard = !human && !state.over; // until the computer has answered
    }
  }

  /** The "your turn" sentence in the board's words (a groove to cut, a counter, a square)
   *  and for the reader's pointer (a mouse, or taps). */
  turnKey() {
    const board = this.boardBox;
    const kinds = [board.querySelector(".move line.hit, .move line.cut") && "cut",
      board.querySelector(".move .counter") && "counter",
      board.querySelector(".move rect.hit") && "square"].filter(Boolean);
    const touch = this.pointerType === "touch" || matchMedia("(hover: none)").matches;
    return [`turn.${kinds.length === 1 ? kinds[0] : "move"}`, `how.${touch ? "touch" : "mouse"}`];
  }

  /** A sum: each component's Grundy value and their nim-sum. */
  renderParts(state) {
    this.parts.hidden = !state.components;
    if (!state.components) return;
    const t = this.t;
    const total = state.components.reduce((acc, c) => acc ^ c.grundy, 0);
    this.parts.replaceChildren(h("p", { class: "gw-logtitle", text: t("components") }),
      h("ul", {}, state.components.map((c) => h("li", { class: "gw-part" },
        `${c.title}: ${t("grundyValue")} `, h("strong", { class: "gw-part-grundy", text: c.grundy })))),
      h("p", { class: "gw-parts-total" },
        `${t("nimsum")}: ${state.components.map((c) => c.grundy).join(" ⊕ ")} = `, h("strong", { text: total })));
  }

  /** The info line and the options: in misère play the outcomes are misère ones, the
   *  Grundy value is labelled as the normal-play one and no normal-play formula is shown. */
  renderHints(state) {
    const t = this.t;
    const on = this.hintsBox.checked;
    this.info.hidden = !on;
    this.hintList.hidden = !on || state.over;
    if (!on) return;
    const misere = this.setup.misere;
    const mode = misere ? "Misere" : "";
    const value = misere ? t("normalGrundy") : t("grundyValue");
    const formula = state.formula && !misere ? ` · ${formulaText(t, state.formula)}` : "";
    this.info.replaceChildren(`${t("position")} `, posNode(state.pos),
      `: ${t(`outcome${state.outcome}${mode}`)} · ${value} ${state.grundy}${formula}`);
    const winningFirst = [...state.moves].sort((a, b) => (a.outcome === "P" ? 0 : 1) - (b.outcome === "P" ? 0 : 1));
    const rows = winningFirst.map((m) => h("tr", { class: m.outcome === "P" ? "gw-p" : "gw-n",
                                                   "data-to": m.to.join(","), "data-kind": m.kind || "move" },
      h("td", {}, h("button", { type: "button", class: "gw-hintmove", text: m.text, "data-to": m.to.join(","),
                                disabled: !this.humanToMove,
                                onclick: () => this.humanMove(m.to.join(","), m.kind || "move") })),
      h("td", { class: "gw-hint-pos" }, posNode(m.to)),
      h("td", { class: "gw-hint-grundy", text: m.grundy }),
      h("td", { class: "gw-hint-outcome", text: m.outcome === "P" ? t("pShort") : t("nShort") })));
    this.hintList.replaceChildren(h("table", { class: "gw-hints-table" },
      h("caption", { text: t("hintsTitle") }),
      h("thead", {}, h("tr", {}, h("th", { text: t("move") }), h("th", { text: t("position") }),
                         h("th", { text: value }), h("th", { text: t(`result${mode}`) }))),
      h("tbody", {}, rows)));
  }

  renderLog() {
    const t = this.t;
    const entries = (this.history || []).slice(1);
    if (!entries.length) {
      this.logList.replaceChildren(h("li", { class: "gw-log-empty", text: t("noMoves") }));
      return;
    }
    this.logList.replaceChildren(...entries.map((e) =>
      h("li", { class: `gw-by-${e.by}` }, h("strong", { text: e.by === "you" ? t("youMoved") : t("computerMoved") }),
        ` ${e.text} → `, posNode(e.pos))));
  }
}

/** A formula in words: its value, or (for a P/N characterisation) when it is 0. */
function formulaText(t, formula) {
  if (formula.kind === "grundy") return t("formulaGrundy", formula);
  const simple = /^[\sxyz0-9^()+\-*/⊕−⌊⌋]+$/.test(formula.expression || "");
  return t(simple ? "formulaOutcome" : "formulaOutcomePlain", formula);
}

define("grundy-play", PlayElement);
