// <grundy-play>: play a game (or a sum of games, optionally with one pass) against the
// computer at a chosen level, or two players on one device. data-game, data-params (JSON;
// a sum: {"components": [...]}), data-start ("10 5 5"; a sum "10 5 5 | 6 | 3 5"),
// data-misere, data-pass. The game played is kept in the page's address (play-link.js);
// once it is over, a Review marks the mistakes (play-review.js). data-locked (a classroom
// test): the game as given, with no help: no hints, Explain, Undo, Review, lab link nor
// controls to change the game or the opponent; Restart only. Nor, once it is over, the
// opponent's rule (a bot's may state the P-positions), nor a sum's Grundy values.

import { Board } from "./board.js";
import { GameControls, checkGame, defaultStart, gameTitle, parseStart, startText } from "./catalogue.js";
import { field, h, posNode, posText, setFieldError, sleep, withPos } from "./dom.js";
import { LevelChoice, TWO_PLAYERS } from "./play-levels.js";
import { labCode, linkQuery, linkedWidget, readLink, withQuery } from "./play-link.js";
import { keepGame, keptGame } from "./play-resume.js";
import { download, printText, recordText, reviewNode } from "./play-review.js";
import { TypedMoves, moveWords } from "./play-typed.js";
import { GrundyWidget, define } from "./widget-base.js";
import { pageIdle } from "./painted.js";
import { engine } from "./engine-client.js";
import { explainPanel } from "../exercises/explain-panel.js";
import { showLinked } from "../app/place.js";

const COMPUTER_PAUSE_MS = 700; // the computer's move stays highlighted this long
const TRUE = ["true", "1", "yes"];
const STACK_BELOW_PX = 600; // narrower than this, a sum's boards are drawn one above the other
const SITE = new URL("../../", import.meta.url); // the site's root (this file: assets/widgets/)

/** A new seed for a game's computer moves. */
const newSeed = () => Math.floor(Math.random() * 2 ** 31);

/** The side to move at history index i: "you" or "computer", two players "p1" or "p2". */
function moverAt(setup, i) {
  if (setup.level === TWO_PLAYERS) return `p${(i % 2) + 1}`;
  return (i % 2 === 0) === setup.humanFirst ? "you" : "computer";
}

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
    this.levelChoice = new LevelChoice(t, () => {
      this.firstSelect.disabled = this.levelChoice.value === TWO_PLAYERS;
      if (!this.setup) return;
      this.markPlayed();
      this.newGame(); // the controls' game against the new opponent
    });
    this.levelCache = new Map();
    this.hintsBox = h("input", { type: "checkbox", class: "gw-hints" });
    this.misereBox = h("input", { type: "checkbox", class: "gw-misere",
                                  checked: TRUE.includes(this.dataset.misere) });
    this.passBox = h("input", { type: "checkbox", class: "gw-pass-option",
                                checked: TRUE.includes(this.dataset.pass) });
    this.boardBox = h("div", { class: "gw-board", tabindex: "-1", "aria-label": t("board") }, this.fallback);
    this.linkNote = h("div", { class: "gw-message gw-link-error", role: "alert", hidden: true });
    this.resumeNote = h("p", { class: "gw-resume", hidden: true });
    this.board = new Board(this.boardBox);
    this.typed = new TypedMoves(this);
    this.moveButtons = h("ul", { class: "gw-movelist-items" });
    this.moveList = h("details", { class: "gw-movelist" }, h("summary", { text: t("moveList") }), this.moveButtons);
    this.said = h("span", { class: "gw-said" });
    this.how = h("span", { class: "gw-how" });
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
                             onsubmit: (e) => { e.preventDefault(); this.markPlayed(); this.newGame(); } },
      this.controls.element,
      field(t("start"), this.startInput),
      field(t("whoStarts"), this.firstSelect),
      field(t("opponent"), this.levelChoice.select, "gw-level-field"),
      h("button", { type: "submit", class: "md-button md-button--primary gw-new", text: t("newGame") }),
      button("gw-random", t("random"), () => { this.markPlayed(); this.randomStart(); }));
    const options = h("div", { class: "gw-controls gw-options" },
      h("label", { class: "gw-check" }, this.hintsBox, t("hints")),
      h("label", { class: "gw-check" }, this.misereBox, t("misere")),
      h("label", { class: "gw-check" }, this.passBox, t("passOption")),
      this.undoButton,
      button("gw-restart", t("restart"), () => { this.markPlayed(); this.restart(); }));
    this.hintsBox.addEventListener("change", () => this.refresh());
    this.misereBox.addEventListener("change", () => {
      this.markPlayed();
      if (this.setup) this.setup.misere = this.misereBox.checked;
      this.refresh();
    });
    this.passBox.addEventListener("change", () => {
      this.markPlayed();
      if (this.setup) this.begin({ ...this.setup, pass: this.passBox.checked, seed: newSeed() });
    });
    this.labLink = h("a", { class: "md-button gw-lab", text: t("openLab"), href: `${SITE}lab/` });
    this.share = h("div", { class: "gw-controls gw-share" },
      button("gw-copylink", t("copyLink"), () => this.copyLink()), this.labLink);
    this.botNote = h("p", { class: "gw-botnote", hidden: true });
    this.reviewBox = h("div", { class: "gw-reviewbox", hidden: true });
    this.boardBox.addEventListener("pointerdown", (e) => { this.pointerType = e.pointerType; });
    this.boardBox.addEventListener("pointermove", (e) => this.onHover(e));
    this.boardBox.addEventListener("pointerleave", (e) => e.pointerType === "mouse" && this.select(null));
    this.boardBox.addEventListener("click", (e) => this.onClick(e));
    this.boardBox.addEventListener("keydown", (e) => this.onKey(e));
    this.boardBox.addEventListener("focusin", (e) => this.onFocus(e));
    // the game first (its board at the top of a phone's screen), then how to start another
    this.locked = TRUE.includes(this.dataset.locked);
    const restartOnly = () => h("div", { class: "gw-controls gw-options" },
      button("gw-restart", t("restart"), () => { this.markPlayed(); this.restart(); }));
    this.replaceChildren(this.loader, this.message, this.status, this.linkNote, this.resumeNote, this.boardBox,
      h("div", { class: "gw-controls gw-movebar" }, this.previewText, this.confirmButton, this.passButton),
      this.locked ? restartOnly() : options, this.typed.element, this.typed.output, this.moveList,
      this.parts, this.info, this.hintList, this.botNote, this.reviewBox,
      ...(this.locked ? [] : [form, this.levelChoice.note]),
      h("div", { class: "gw-logbox" }, h("p", { class: "gw-logtitle", text: t("log") }), this.logList),
      ...(this.locked ? [] : [this.share]));
    if (!this.locked) this.hintList.after(explainPanel(this));
    this.history = null;
    this.renderLog();
  }

  /** The address's game starts even far down the page; the page's first game too: its
   *  first answers are on their way from the head (preload.py), its first move comes
   *  with the page, wherever the reader scrolls. */
  startsNow() {
    return super.startsNow() || this.linkedHere() || document.querySelector("grundy-play") === this;
  }

  /** This widget's number on its page (1: the first play widget). */
  number() {
    return [...document.querySelectorAll("grundy-play")].indexOf(this) + 1;
  }

  /** Whether the page's address holds this widget's game. */
  linkedHere() {
    return linkedWidget(location.search) === this.number();
  }

  drawn() {
    return Boolean(this.history);
  }

  overlaid() {
    return this.history ? this.boardBox : null;
  }

  async firstDraw() {
    pageIdle().then(() => this.answers?.loadRest?.()); // before the reader's first move asks for it
    if (this.linkedHere() && await this.playLink(location.search)) {
      showLinked(this); // under the header, unless the reader comes back to their own place
      return;
    }
    this.newGame();
    this.offerKept();
  }

  /** The game of a link's query (the page's address wins over anything else); false, with
   *  the reason shown beside the board, when it does not hold a game that can be played. */
  async playLink(search) {
    try {
      const link = readLink(search, this.t);
      checkGame(this.catalogue, link.game, link.params, this.t);
      await this.begin({ ...link, seed: link.seed ?? newSeed() }, link.moves);
    } catch (err) {
      this.linkNote.textContent = this.t("link.bad", { why: err.message || this.t("link.unknown") });
      this.linkNote.hidden = false;
      return false;
    }
    this.linked = true;
    return true;
  }

  /** The reader's unfinished game on this page (play-resume.js), offered above the board
   *  while the new game has not been played. */
  offerKept() {
    const kept = keptGame(this.number());
    if (!kept) return;
    const when = new Date(kept.at).toLocaleString(this.lang === "ja" ? "ja-JP" : "en-GB",
                                                  { dateStyle: "medium", timeStyle: "short" });
    this.resumeNote.replaceChildren(this.t("resume.note", { n: kept.moves, when }), " ",
      h("button", { type: "button", class: "md-button gw-resume-go", text: this.t("resume.go"),
                    onclick: () => {
                      this.markPlayed(); // (the game goes into the address as it is replayed)
                      this.focusBoard = true;
                      this.playLink(kept.query);
                    } }));
    this.resumeNote.hidden = false;
  }

  /** The reader acts on this widget: its game goes into the address from now on, and
   *  the rest of its game written at build time is fetched if it is not yet (firstDraw
   *  asks for it once the page is loaded and the browser idle). */
  markPlayed() {
    this.linked = true;
    this.linkNote.hidden = true;
    this.resumeNote.hidden = true; // the game kept is this one from now on
    this.answers?.loadRest?.();
  }

  attached() {
    if (this.history && this.dataset.turn === "computer") this.refresh();
  }

  defaultStartOf(game) {
    return game === "sum" ? this.config.start : defaultStart(this.catalogue, game, {});
  }

  /** Whether a person is to move (who started is fixed per game; two players: always). */
  get humanToMove() {
    return moverAt(this.setup, this.history.length - 1) !== "computer";
  }

  get twoPlayers() {
    return this.setup?.level === TWO_PLAYERS;
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
                       misere: this.misereBox.checked, pass: this.passBox.checked,
                       level: this.levelChoice.value || "perfect", seed: newSeed() });
  }

  /** The game the controls show, from its start (they are reset to the game played). */
  restart() {
    if (!this.setup) return this.newGame();
    return this.begin({ ...this.setup, seed: newSeed() });
  }

  request(op, entry, setup = this.setup) {
    const { game, params, misere } = setup;
    const reply = op === "reply" ? { level: setup.level, seed: (setup.seed + this.history.length) % 2 ** 31 } : {};
    return this.call({ op, game, params, pos: entry.pos, misere, hints: this.hintsBox.checked,
                       stacked: this.clientWidth < STACK_BELOW_PX, ...(entry.pass ? { pass: true } : {}), ...reply },
                     { quiet: op === "state" && !this.history, latest: true });
  }

  /** The computer players of a game (the engine's `levels`, asked once per game). */
  async levelsOf({ game, params, pass }) {
    const key = JSON.stringify([game, params, Boolean(pass)]);
    if (!this.levelCache.has(key)) {
      const answer = await this.call({ op: "levels", game, params, ...(pass ? { pass: true } : {}) }, { quiet: true });
      if (!answer) throw new Error(this.lastError);
      this.levelCache.set(key, answer.levels);
    }
    return this.levelCache.get(key);
  }

  /** The history from setup.start through `moves` (positions, or "pass"), each position
   *  with its values; throws an Error naming the first move that is not legal. */
  async replay(setup, moves, token) {
    let entry = { pos: setup.start, by: null, text: "", pass: setup.pass };
    const history = [];
    for (let i = 0; ; i += 1) {
      const state = await this.request("state", entry, setup);
      if (token !== this.token) return null;
      if (!state) throw new Error(this.lastError);
      history.push(noted({ ...entry, pos: state.pos }, state));
      if (i === moves.length) return { history, state };
      const want = moves[i];
      const move = state.moves.find((m) => (want === "pass" ? m.kind === "pass"
        : (m.kind || "move") === "move" && m.to.join(",") === want.join(",")));
      if (!move) {
        throw new Error(this.t("link.illegal", { n: i + 1, pos: posText(state.pos),
                                                 text: want === "pass" ? this.t("pass") : posText(want) }));
      }
      entry = { pos: move.to, by: moverAt(setup, i), text: move.text, kind: move.kind || "move",
                pass: move.pass ?? entry.pass };
    }
  }

  /** Start the game `setup` ({game, params, start, humanFirst, misere, pass, level, seed}),
   *  with `moves` already played (a link's): throws an Error when they cannot be. */
  async begin(setup, moves = null) {
    const token = (this.token = (this.token || 0) + 1);
    this.clearMessage();
    const saved = this.history;
    const typed = this.startInput.value; // a start typed while the engine works is kept
    this.history = null;
    let game = null;
    try {
      const levels = await this.levelsOf(setup);
      if (token !== this.token) return;
      if (setup.level !== TWO_PLAYERS && !levels.some((level) => level.name === setup.level)) {
        if (moves) throw new Error(this.t("link.level", { text: setup.level }));
        setup = { ...setup, level: "perfect" }; // a bot of the game played before
      }
      game = await this.replay(setup, moves || [], token);
      if (game) this.levelChoice.show(levels, setup.level);
    } catch (err) {
      if (token !== this.token) return;
      this.history = saved;
      if (moves) throw err;
      await this.blame(this.controls, setup, this.startInput, token);
      return;
    }
    if (!game) return;
    const { state } = game;
    this.setup = { ...setup, scored: state.over }; // a game over already (a link's) is not counted
    this.history = game.history;
    this.retry = null;
    this.say = "";
    delete this.dataset.retry;
    this.firstSelect.disabled = this.twoPlayers;
    this.controls.show(setup.game, setup.params);
    if (this.startInput.value === typed) { // the game's start, not where a replayed link stopped
      this.startInput.value = startText(game.history[0].pos, this.catalogue, setup.game, setup.params);
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
    this.dataset.turn = "wait"; // no second move before the engine has answered this one
    const state = await this.request("state", this.current);
    if (token !== this.token) return;
    if (!state) { // the engine could not answer (its message is shown): the move is taken back
      this.history.pop();
      this.renderLog();
      this.render(this.state);
      return;
    }
    this.render(state);
    if (!state.over && !this.humanToMove) await this.computerMove(token);
  }

  async computerMove(token) {
    this.tell(this.t("thinking"));
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

  /** The board's keys: Enter or Space plays the focused move; the arrow keys move across
   *  the board (to the nearest move that way), Home and End to the first and last move. */
  onKey(event) {
    const move = event.target.closest?.(".move");
    if (!move) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      if (this.canMove()) this.boardMove(move);
    } else if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", "Home", "End"].includes(event.key)) {
      event.preventDefault();
      this.board.step(move, event.key)?.focus();
    }
  }

  onFocus(event) {
    const move = event.target.closest?.(".move");
    if (move) this.board.rove(move);
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
    this.markPlayed();
    this.warmUp();
    this.focusBoard = true; // after every move, focus stays on the board
    this.select(null);
    this.say = "";
    if (this.retry) { // "Try again from here": only a winning move is taken
      const n = this.retry.wins;
      const where = { text: move.text, pos: posText(move.to), n };
      if (move.outcome !== "P") {
        this.say = this.t(n ? "retry.wrong" : "retry.none", where);
        this.dataset.retry = "wrong";
        this.render(this.state);
        return;
      }
      this.say = this.t("retry.right", where);
      this.dataset.retry = "right";
      this.retry = null;
    }
    this.play(move, moverAt(this.setup, this.history.length - 1));
  }

  /** The reader plays: the engine starts loading now, so that it is there when the game
   *  leaves the build-time answers; not when they hold the whole game (`whole`), nor on a
   *  connection that saves data or is slow (there it loads only when needed, showing its
   *  progress). */
  warmUp() {
    const link = navigator.connection;
    if (!this.answers || this.answers.data.whole || link?.saveData
        || ["slow-2g", "2g", "3g"].includes(link?.effectiveType)) return;
    engine.start();
  }

  undo() {
    const human = (entry) => entry.by && entry.by !== "computer";
    if (!this.history.some(human)) return;
    this.markPlayed();
    this.retry = null;
    this.say = "";
    // Back to the last position where it was a person's turn, before their move.
    do {
      this.history.pop();
    } while (this.history.length > 1 && !this.twoPlayers && (!this.humanToMove || this.current.by === "you"));
    this.renderLog();
    this.refresh();
  }

  /** Back to the position before move i (a mistake): the reader must find a winning move. */
  tryAgain(i) {
    this.markPlayed();
    this.history.length = i;
    this.retry = { wins: this.current.winning };
    this.setup.scored = true; // a game replayed from a mistake does not move the suggestion
    this.say = this.t("retry.find");
    this.dataset.retry = "on";
    this.focusBoard = true;
    this.renderLog();
    this.refresh();
  }

  // ---- drawing

  render(state) {
    const t = this.t;
    this.state = state;
    this.selected = null;
    this.board.render(state.svg);
    this.board.rove();
    this.board.name((element) => this.moveName(element));
    this.renderMoveList(state);
    this.select(null);
    const human = this.humanToMove;
    const last = noted(this.current, state);
    const player = ((this.history.length - 1) % 2) + 1; // two players: who is to move
    this.dataset.turn = state.over ? "over" : human ? "you" : "computer";
    this.dataset.pos = state.pos.join(",");
    this.dataset.moves = this.history.length - 1;
    this.dataset.pass = String(Boolean(state.pass));
    this.dataset.level = this.setup.level;
    if (this.twoPlayers) this.dataset.player = player;
    else delete this.dataset.player;
    this.boardBox.classList.toggle("gw-waiting", !human || state.over);
    const gap = t.lang === "ja" ? "" : " ";
    const said = (this.say ? this.say + gap : "")
      + (last.by === "computer" ? t("computerPlayed", { text: last.text, pos: posText(last.pos) }) + gap : "");
    const show = (text, how = "") => this.tell(text, how, last.pos);
    if (state.over) {
      const moverWins = this.setup.misere; // the player to move has no move left
      if (this.twoPlayers) {
        const winner = moverWins ? player : 3 - player;
        this.dataset.winner = `p${winner}`;
        show(said + t(`playerWins${this.setup.misere ? "Misere" : ""}`, { n: winner, m: 3 - winner }));
        this.status.className = "gw-status gw-win";
      } else {
        const humanWon = moverWins ? human : !human;
        this.dataset.winner = humanWon ? "you" : "computer";
        const key = (humanWon ? "youWin" : "computerWins") + (this.setup.misere ? "Misere" : "");
        show(said + t(key) + this.score(humanWon, gap));
        this.status.className = `gw-status gw-${humanWon ? "win" : "lose"}`;
      }
    } else {
      delete this.dataset.winner;
      const [turn, how] = this.turnKey().map((key) => t(key));
      show(said + (!human ? t("thinking") : this.twoPlayers ? t("playerTurn", { n: player }) + gap + turn : turn),
           human ? how : "");
      this.status.className = "gw-status";
    }
    this.passButton.hidden = !(this.setup.pass && state.pass && !state.over);
    this.passButton.disabled = !human;
    this.undoButton.disabled = !this.history.some((entry) => entry.by && entry.by !== "computer");
    this.renderParts(state);
    this.renderHints(state);
    this.renderEnd(state);
    this.writeLink(state.over);
    if (this.focusBoard) {
      const first = human && !state.over && this.board.rove();
      (first || this.boardBox).focus();
      this.focusBoard = !human && !state.over; // until the computer has answered
    }
  }

  /** The status line: `text` (what happened and whose turn it is: its live region
   *  announces it, once: an unchanged text is left alone) and `how` (how to move: kept,
   *  not announced again, while it stays the same). */
  tell(text, how = "", pos = null) {
    if (this.said.parentNode !== this.status) this.status.replaceChildren(this.said, this.how);
    if (this.said.textContent !== text) this.said.replaceChildren(...(pos ? withPos(text, pos) : [text]));
    const gapped = how && (this.t.lang === "ja" ? how : ` ${how}`);
    if (this.how.textContent !== gapped) this.how.textContent = gapped;
  }

  /** The legal moves as a list of buttons (folded): on a phone, where a board's moves lie
   *  closer than a finger, each is a full-width target. */
  renderMoveList(state) {
    const board = state.over ? [] : state.moves.filter((m) => (m.kind || "move") === "move");
    this.moveList.hidden = !board.length;
    this.moveButtons.replaceChildren(...board.map((m) => h("li", {}, h("button", {
      type: "button", class: "gw-listmove", "data-to": m.to.join(","), text: moveWords(this.t, m, true),
      onclick: () => this.humanMove(m.to.join(","), "move") }))));
  }

  /** A move's accessible name: its words, the position it leads to, with hints whether it wins. */
  moveName(element) {
    const move = this.moveTo(element.getAttribute("data-to"), "move");
    if (!move) return element.getAttribute("aria-label") || "";
    const hint = this.hintsBox.checked && move.outcome ? `${this.t(`moveHint${move.outcome}`)}` : "";
    return moveWords(this.t, move) + (hint ? (this.t.lang === "ja" ? `、${hint}` : `, ${hint}`) : "");
  }

  /** A finished game against a level moves the suggested level (once per game): the
   *  sentence saying so, or "". */
  score(humanWon, gap) {
    if (this.setup.scored) return "";
    this.setup.scored = true;
    if (this.locked) return ""; // a test: no level to choose, nothing suggested
    const moved = this.levelChoice.record(this.setup.level, humanWon);
    return moved ? gap + this.t("suggestedNow", { title: moved }) : "";
  }

  /** After the game: the bot's rule (when the opponent was one) and the Review. */
  renderEnd(state) {
    const t = this.t;
    const bot = state.over && this.levelChoice.find(this.setup.level);
    // (a test: not the bot's rule, which may state the game's P-positions)
    this.botNote.hidden = !(bot && bot.kind === "bot") || this.locked;
    if (!this.botNote.hidden) {
      this.botNote.textContent = t("botRule", { title: bot.title[t.lang], rule: bot.description[t.lang] });
    }
    this.reviewBox.hidden = !state.over || this.locked; // a test: no mistakes marked
    if (this.reviewBox.hidden) return;
    const button = (cls, label, onclick) =>
      h("button", { type: "button", class: `md-button ${cls}`, text: label, onclick });
    const tools = [button("gw-copyrecord", t("record.copy"), () => this.copy(this.record(), t("record.copied"))),
      button("gw-download", t("record.download"), () => download(this.record(), `${this.setup.game}-game.txt`)),
      button("gw-print", t("record.print"), () => printText(this.record(), t("review.title")))];
    this.reviewBox.replaceChildren(reviewNode(t, this.history, (by) => this.who(by),
                                              (by) => by !== "computer", (i) => this.tryAgain(i), tools));
  }

  /** The name of a side in the log and the review. */
  who(by) {
    if (by === "you") return this.t("youMoved");
    if (by === "computer") return this.t("computerMoved");
    return this.t("playerN", { n: by.slice(1) });
  }

  /** The game record as text. */
  record() {
    const t = this.t;
    const { game, params, misere, pass, level } = this.setup;
    const entry = game === "sum" ? null : this.catalogue[game];
    const title = entry ? gameTitle(entry, params, t.lang)
      : `${t("sumGame")}: ${params.components.map((c) => gameTitle(this.catalogue[c.game], c.params || {}, t.lang)).join(" + ")}`;
    const rules = [misere && t("misere"), pass && t("passOption")].filter(Boolean).join(", ");
    const opponent = level === TWO_PLAYERS ? t("twoPlayers") : this.levelChoice.find(level)?.title[t.lang] || level;
    return recordText(t, [`${t("game")}: ${title}${rules ? ` (${rules})` : ""}`, `${t("opponent")}: ${opponent}`,
                          `${t("link.title")}: ${this.link()}`], this.history, (by) => this.who(by));
  }

  /** The address of this game (the page's, with the game in its query). */
  link() {
    return withQuery(location.href, linkQuery(this.setup, this.history.slice(1), this.number()));
  }

  /** Keep the page's address in step with the game the reader played last (Material's
   *  history state kept), that game for a later visit until it is over (play-resume.js),
   *  and the Lab link with the game as Python code. */
  writeLink(over) {
    if (!this.setup || !this.isConnected) return;
    const lab = new URL(this.lang === "ja" ? "ja/lab/" : "lab/", SITE);
    const positions = this.history.map((e) => ({ pos: e.pos, pass: e.pass }));
    this.labLink.href = `${lab.href}#code=${encodeURIComponent(labCode(this.setup, positions))}`;
    if (!this.linked) return;
    const href = this.link();
    if (href !== location.href) window.history.replaceState(window.history.state, "", href);
    keepGame(this.number(), new URL(href).search, this.history.length - 1, over);
  }

  copyLink() {
    if (this.setup) this.copy(this.link(), this.t("link.copied"));
  }

  /** Copy `text` to the clipboard and say so (where the browser refuses, show it to copy). */
  async copy(text, done) {
    try {
      await navigator.clipboard.writeText(text);
      this.showMessage(done, false);
    } catch {
      this.showMessage(`${this.t("copyHere")} ${text}`, false);
    }
  }

  /** The "your turn" sentence in the board's words (a groove to cut, a counter, a square)
   *  and for the reader's pointer (a mouse, or taps). */
  turnKey() {
    const board = this.boardBox;
    const kinds = [board.querySelector(".move line.hit, .move line.cut") && "cut",
      board.querySelector(".move .counter") && "counter",
      board.querySelector(".move[data-eats]") && "eat",
      board.querySelector(".move:not([data-eats]) rect.hit") && "square"].filter(Boolean);
    const touch = this.pointerType === "touch" || matchMedia("(hover: none)").matches;
    return [`turn.${kinds.length === 1 ? kinds[0] : "move"}`, `how.${touch ? "touch" : "mouse"}`];
  }

  /** A sum: each component's Grundy value and their nim-sum. */
  renderParts(state) {
    this.parts.hidden = !state.components || this.locked; // a test: no values given
    if (this.parts.hidden) return;
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
      `: ${t(`outcome${state.outcome}${mode}`)} · ${value} ${state.grundy}${formula}`,
      state.remoteness_text ? h("span", { class: "gw-remoteness", text: ` ${state.remoteness_text}` }) : "");
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
      h("li", { class: `gw-by-${e.by}` }, h("strong", { text: this.who(e.by) }),
        ` ${e.text} → `, posNode(e.pos))));
  }
}

/** A history entry with its position's outcome, remoteness and number of winning moves. */
function noted(entry, state) {
  return Object.assign(entry, { outcome: state.outcome, remoteness: state.remoteness,
                                winning: state.moves.filter((m) => m.outcome === "P").length });
}

/** A formula in words: its value, or (for a P/N characterisation) when it is 0. */
function formulaText(t, formula) {
  if (formula.kind === "grundy") return t("formulaGrundy", formula);
  const simple = /^[\sxyz0-9^()+\-*/⊕−⌊⌋]+$/.test(formula.expression || "");
  return t(simple ? "formulaOutcome" : "formulaOutcomePlain", formula);
}

define("grundy-play", PlayElement);
