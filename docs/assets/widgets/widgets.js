// Interactive widgets: <div class="grundy-widget" data-widget="play|table|nimsum|pviewer">.
// One Pyodide worker per page (shared, started lazily); the static fallback inside the
// div stays until the widget has something better to show.

import { langOf, translator } from "./i18n.js";

const WORKER_URL = new URL("./grundy-worker.js", import.meta.url);
const LOAD_TIMEOUT_MS = 60000;
const BUSY_DELAY_MS = 400;
const COMPUTER_PAUSE_MS = 350;

// ---------------------------------------------------------------- engine client

class CancelledError extends Error {}

/** The shared worker: start(), request(req) -> Promise<response>, cancel(), events. */
const engine = {
  worker: null,
  status: "idle", // idle | loading | ready | failed
  error: "",
  loadMs: null,
  nextId: 1,
  pending: new Map(),
  listeners: new Set(),

  /** Tell `widget` (now and on every change) the loading status; forgets removed widgets. */
  watch(widget) {
    this.listeners.add(widget);
    widget.showEngineStatus(this.status, this.error);
  },

  setStatus(status, error = "") {
    this.status = status;
    this.error = error;
    for (const widget of this.listeners) {
      if (widget.root.isConnected) widget.showEngineStatus(status, error);
      else this.listeners.delete(widget);
    }
  },

  start() {
    if (this.worker) return;
    if (typeof Worker === "undefined") {
      this.setStatus("failed", "noWorker");
      return;
    }
    const t0 = performance.now();
    this.setStatus("loading");
    const worker = new Worker(WORKER_URL, { type: "module" });
    this.worker = worker;
    const timer = setTimeout(() => this.fail(worker, "timeout"), LOAD_TIMEOUT_MS);
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail(worker, event.message || "worker error");
    };
    this.send({ op: "ping" }).then(
      () => {
        clearTimeout(timer);
        if (this.worker !== worker) return;
        this.loadMs = Math.round(performance.now() - t0);
        this.setStatus("ready");
      },
      (err) => {
        clearTimeout(timer);
        if (!(err instanceof CancelledError)) this.fail(worker, err.message);
      },
    );
  },

  fail(worker, message) {
    if (this.worker !== worker) return;
    this.stop(new Error(message));
    this.setStatus("failed", message);
  },

  stop(reason) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const { reject } of this.pending.values()) reject(reason);
    this.pending.clear();
  },

  receive({ id, response }) {
    const entry = this.pending.get(id);
    if (!entry) return;
    this.pending.delete(id);
    if (response.fatal) entry.reject(new Error(lastLine(response.fatal)));
    else entry.resolve(response);
  },

  send(request) {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, request });
    });
  },

  /** Send one request (starting the worker if needed); rejects if loading failed. */
  request(request) {
    if (this.status === "failed") return Promise.reject(new Error(this.error));
    this.start();
    if (!this.worker) return Promise.reject(new Error(this.error));
    return this.send(request);
  },

  /** Stop whatever runs (terminating the worker) and start a fresh one. */
  cancel() {
    this.stop(new CancelledError("cancelled"));
    this.setStatus("idle");
    this.start();
  },

  retry() {
    this.stop(new CancelledError("retry"));
    this.setStatus("idle");
    this.start();
  },
};

window.grundyEngine = engine; // for the browser tests and curious readers

function lastLine(text) {
  return String(text).split("\n").map((s) => s.trim()).filter(Boolean).pop() || String(text);
}

// ---------------------------------------------------------------- small DOM helpers

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) {
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
  }
  return node;
}

let uid = 0;
function field(label, input, extraClass = "") {
  input.id = input.id || `gw-${++uid}`;
  return h("span", { class: `gw-field ${extraClass}` }, h("label", { for: input.id, text: label }), input);
}

function posText(pos) {
  return `{${pos.join(", ")}}`;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// ---------------------------------------------------------------- games

const GAMES = {
  nim: { params: {}, start: "3 5 6", random: 9 },
  rect: { params: {}, start: "4 2", random: 9 },
  chocolate: { params: { k: 3 }, start: "10 5 5", random: 14 },
  step: { params: { f: "t//2" }, start: "4 9", random: 16 },
  step3: { params: { f: "t//2" }, start: "3 4 9", random: 12 },
  wythoff: { params: {}, start: "7 5", random: 14 },
  ryuoh: { params: { p: 3 }, start: "7 5", random: 14 },
};
// Parameters a table needs on top of the game's own (nim and rect fix their coordinates).
const TABLE_PARAMS = { nim: { heaps: 3 }, rect: { sides: 2 } };
const PARAM_RANGE = { k: [1, 30], p: [1, 30], heaps: [1, 4], sides: [2, 4] };
const F_EXAMPLES = ["t//2", "t//4", "t//8", "2", "t", "t//3", "(t+1)//2", "t//2+1"];
const TABLE_DEFAULT_MAX = { 2: 20, 3: 12, 4: 6 };
const COORD_COUNT = { nim: 3, rect: 2, chocolate: 3, step: 2, step3: 3, wythoff: 2, ryuoh: 2 };

/** Game select + parameter inputs; onChange(gameName) when the game changes. */
class GameControls {
  constructor(t, game, params, onChange, forTable = false) {
    this.t = t;
    this.forTable = forTable;
    this.select = h("select", { class: "gw-game" },
      Object.keys(GAMES).map((name) => h("option", { value: name, text: t(`games.${name}`) })));
    this.select.value = GAMES[game] ? game : "chocolate";
    this.paramBox = h("span", { class: "gw-params" });
    this.inputs = {};
    this.select.addEventListener("change", () => {
      this.renderParams({});
      onChange(this.select.value);
    });
    this.element = h("span", { class: "gw-gamecontrols" }, field(t("game"), this.select), this.paramBox);
    this.renderParams(params);
  }

  renderParams(given) {
    this.paramBox.replaceChildren();
    this.inputs = {};
    const game = this.select.value;
    const names = { ...GAMES[game].params, ...(this.forTable ? TABLE_PARAMS[game] : {}) };
    for (const [name, fallback] of Object.entries(names)) {
      const value = given[name] ?? fallback;
      let input;
      if (name === "f") {
        const listId = `gw-flist-${++uid}`;
        input = h("input", { type: "text", class: "gw-f", value, list: listId, size: 10,
                             spellcheck: "false", autocomplete: "off" });
        this.paramBox.append(h("datalist", { id: listId },
          F_EXAMPLES.map((f) => h("option", { value: f }))));
      } else {
        const [min, max] = PARAM_RANGE[name];
        input = h("input", { type: "number", class: `gw-${name}`, value, min, max, step: 1 });
      }
      this.inputs[name] = input;
      this.paramBox.append(field(this.t(name), input));
    }
  }

  get game() {
    return this.select.value;
  }

  get params() {
    const params = {};
    for (const [name, input] of Object.entries(this.inputs)) {
      const text = input.value.trim();
      params[name] = name === "f" || !/^\d+$/.test(text) ? text : Number(text);
    }
    return params;
  }
}

// ---------------------------------------------------------------- widget base

class Widget {
  constructor(root) {
    this.root = root;
    this.lang = langOf(root);
    this.t = translator(this.lang);
    this.config = {
      game: root.dataset.game || "chocolate",
      params: parseParams(root.dataset.params),
      start: root.dataset.start || "",
    };
    this.fallback = h("div", { class: "gw-fallback" }, ...root.childNodes);
    this.status = h("div", { class: "gw-status", role: "status", "aria-live": "polite" });
    this.message = h("div", { class: "gw-message", role: "alert", hidden: true });
    this.loader = h("div", { class: "gw-loader", hidden: true });
    this.active = false;
    root.classList.add("gw-ready", `gw-${root.dataset.widget}`);
    root.setAttribute("role", "group");
    root.setAttribute("aria-label", this.t(`widget.${root.dataset.widget}`));
    root.dataset.ready = "true";
  }

  /** Called when the widget is first seen or touched: start the engine and draw. */
  activate() {
    if (this.active) return;
    this.active = true;
    engine.watch(this);
    this.firstDraw();
  }

  showEngineStatus(status, error) {
    this.root.dataset.engine = status;
    if (status === "ready" && this.needsRedraw) {
      this.needsRedraw = false;
      this.firstDraw();
    }
    if (status === "loading") {
      this.loader.hidden = false;
      this.loader.replaceChildren(h("span", { class: "gw-spinner", "aria-hidden": "true" }),
        this.t("loading"));
    } else if (status === "failed") {
      this.loader.hidden = false;
      const why = error === "timeout" || error === "noWorker" ? this.t(error) : error;
      this.loader.replaceChildren(
        h("span", { class: "gw-error" }, `${this.t("loadFailed")} ${why}`), " ",
        h("button", { type: "button", class: "md-button gw-retry", text: this.t("retry"),
                      onclick: () => engine.retry() }));
    } else {
      this.loader.hidden = true;
    }
  }

  /** Run a request; after a short delay show "Computing… [Cancel]". Errors -> message. */
  async call(request, { quiet = false } = {}) {
    let shown = false;
    const timer = setTimeout(() => {
      if (engine.status !== "ready") return;
      shown = true;
      this.showBusy(true);
    }, BUSY_DELAY_MS);
    try {
      const response = await engine.request({ lang: this.lang, ...request });
      if (response.error) {
        if (!quiet) this.showMessage(response.error);
        return null;
      }
      return response;
    } catch (err) {
      if (err instanceof CancelledError) this.showMessage(this.t("cancelled"), false);
      else this.needsRedraw = true; // the engine failed to load: draw again after a retry
      return null;
    } finally {
      clearTimeout(timer);
      if (shown) this.showBusy(false);
    }
  }

  /** Activate, then run `request`; null if it failed or a newer request came meanwhile. */
  async callLatest(request) {
    this.activate();
    this.clearMessage();
    const token = (this.token = (this.token || 0) + 1);
    const data = await this.call(request);
    return data && token === this.token ? data : null;
  }

  showBusy(on) {
    if (!this.busyBox) {
      this.busyBox = h("div", { class: "gw-busy", hidden: true },
        h("span", { class: "gw-spinner", "aria-hidden": "true" }), this.t("working"), " ",
        h("button", { type: "button", class: "md-button gw-cancel", text: this.t("cancel"),
                      onclick: () => engine.cancel() }));
      this.loader.after(this.busyBox);
    }
    this.busyBox.hidden = !on;
  }

  showMessage(text, isError = true) {
    this.message.hidden = !text;
    this.message.classList.toggle("gw-info", !isError);
    // The engine's messages are already in the page's language (requests carry `lang`).
    this.message.textContent = text && isError ? `${this.t("errorPrefix")} ${text}` : text;
  }

  clearMessage() {
    this.showMessage("");
  }
}

function parseParams(text) {
  if (!text) return {};
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

// ---------------------------------------------------------------- play

class PlayWidget extends Widget {
  constructor(root) {
    super(root);
    const t = this.t;
    const game = GAMES[this.config.game] ? this.config.game : "chocolate";
    this.controls = new GameControls(t, game, this.config.params, (name) => {
      this.startInput.value = GAMES[name].start;
    });
    this.startInput = h("input", { type: "text", class: "gw-start", size: 10, spellcheck: "false",
      value: this.config.start || GAMES[game].start, title: t("startHelp"), autocomplete: "off" });
    this.firstSelect = h("select", { class: "gw-first" },
      h("option", { value: "you", text: t("you") }), h("option", { value: "computer", text: t("computer") }));
    this.hintsBox = h("input", { type: "checkbox", class: "gw-hints" });
    this.misereBox = h("input", { type: "checkbox", class: "gw-misere",
                                  checked: ["true", "1", "yes"].includes(root.dataset.misere) });
    this.board = h("div", { class: "gw-board", "aria-label": t("board") }, this.fallback);
    this.info = h("div", { class: "gw-info-line", hidden: true });
    this.hintList = h("div", { class: "gw-hintlist", hidden: true });
    this.logList = h("ol", { class: "gw-log" });
    const button = (cls, label, onclick) =>
      h("button", { type: "button", class: `md-button ${cls}`, text: label, onclick });
    this.undoButton = button("gw-undo", t("undo"), () => this.undo());
    const form = h("form", { class: "gw-controls", onsubmit: (e) => { e.preventDefault(); this.newGame(); } },
      this.controls.element,
      field(t("start"), this.startInput),
      field(t("whoStarts"), this.firstSelect),
      h("button", { type: "submit", class: "md-button md-button--primary gw-new", text: t("newGame") }),
      button("gw-random", t("random"), () => this.randomStart()));
    const options = h("div", { class: "gw-controls gw-options" },
      h("label", { class: "gw-check" }, this.hintsBox, t("hints")),
      h("label", { class: "gw-check" }, this.misereBox, t("misere")),
      this.undoButton,
      button("gw-restart", t("restart"), () => this.restart()));
    this.hintsBox.addEventListener("change", () => this.refresh());
    this.misereBox.addEventListener("change", () => this.refresh());
    this.board.addEventListener("click", (e) => this.onBoardEvent(e));
    this.board.addEventListener("keydown", (e) => this.onBoardKey(e));
    root.replaceChildren(form, options, this.loader, this.message, this.status, this.board,
      this.info, this.hintList,
      h("div", { class: "gw-logbox" },
        h("p", { class: "gw-logtitle", text: t("log") }), this.logList));
    this.history = null;
    this.state = null;
    this.token = 0;
    this.renderLog();
  }

  firstDraw() {
    this.newGame();
  }

  /** Whose turn at the current history length (who started is fixed per game). */
  get humanToMove() {
    const movesMade = this.history.length - 1;
    return (movesMade % 2 === 0) === this.humanFirst;
  }

  /** The same game again from its start (even if the controls were changed meanwhile). */
  restart() {
    if (!this.history) return this.newGame();
    return this.newGame(this.history[0].pos, this.game, this.params);
  }

  request(op, pos) {
    return this.call({ op, game: this.game, params: this.params, pos, misere: this.misere,
                       hints: this.hintsBox.checked });
  }

  async newGame(pos, game = this.controls.game, params = this.controls.params) {
    this.activate();
    const start = pos ?? this.startInput.value;
    const token = ++this.token;
    this.clearMessage();
    const state = await this.call({ op: "state", game, params, pos: start,
                                    misere: this.misereBox.checked, hints: this.hintsBox.checked });
    if (!state || token !== this.token) return;
    this.game = game;
    this.params = params;
    this.misere = this.misereBox.checked;
    this.humanFirst = this.firstSelect.value === "you";
    this.startInput.value = state.pos.join(" ");
    this.history = [{ pos: state.pos, by: null, text: "" }];
    this.renderLog();
    this.render(state);
    if (!state.over && !this.humanToMove) await this.computerMove(token);
  }

  async randomStart() {
    this.activate();
    const game = this.controls.game;
    const response = await this.call({ op: "random_start", game, params: this.controls.params,
      max: GAMES[game].random, seed: Math.floor(Math.random() * 2 ** 31),
      pos: game === "nim" ? this.startInput.value : undefined });
    if (response) {
      this.startInput.value = response.pos.join(" ");
      await this.newGame();
    }
  }

  async refresh() {
    if (!this.history) return;
    const token = ++this.token;
    this.misere = this.misereBox.checked;
    const state = await this.request("state", this.current);
    if (state && token === this.token) {
      this.render(state);
      if (!state.over && !this.humanToMove) await this.computerMove(token);
    }
  }

  get current() {
    return this.history[this.history.length - 1].pos;
  }

  async play(to, by, text) {
    const token = ++this.token;
    this.history.push({ pos: to, by, text });
    this.renderLog();
    const state = await this.request("state", to);
    if (!state || token !== this.token) return;
    this.render(state);
    if (!state.over && !this.humanToMove) await this.computerMove(token);
  }

  async computerMove(token) {
    this.status.textContent = this.t("thinking");
    this.root.dataset.turn = "computer";
    const started = performance.now();
    const reply = await this.request("reply", this.current);
    if (!reply || token !== this.token || !reply.move) return;
    this.root.dataset.replyMs = reply.ms;
    const wait = COMPUTER_PAUSE_MS - (performance.now() - started);
    if (wait > 0) await sleep(wait);
    if (token !== this.token) return;
    await this.play(reply.move.to, "computer", reply.move.text);
  }

  onBoardEvent(event) {
    const target = event.target.closest && event.target.closest(".move");
    if (!target || !this.board.contains(target)) return;
    event.preventDefault();
    this.humanMove(target.getAttribute("data-to"));
  }

  onBoardKey(event) {
    const moves = [...this.board.querySelectorAll(".move")];
    const index = moves.indexOf(document.activeElement);
    if (index < 0) return;
    if (event.key === "Enter" || event.key === " ") {
      this.onBoardEvent(event);
    } else if (["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"].includes(event.key)) {
      event.preventDefault();
      const step = event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1;
      moves[(index + step + moves.length) % moves.length].focus();
    }
  }

  humanMove(toText) {
    if (!this.state || this.state.over || !this.humanToMove || this.root.dataset.turn !== "you") return;
    const move = this.state.moves.find((m) => m.to.join(",") === toText.replace(/\s/g, ""));
    if (!move) return;
    this.keyboardFocus = this.board.contains(document.activeElement);
    this.play(move.to, "you", move.text);
  }

  undo() {
    if (!this.history || this.history.length < 2) return;
    // Back to the last position where it was the reader's turn, before their move.
    do {
      this.history.pop();
    } while (this.history.length > 1 && !this.humanToMove);
    if (!this.humanToMove) {
      // The computer started: play its first move again.
      this.restart();
      return;
    }
    this.renderLog();
    this.refresh();
  }

  render(state) {
    const t = this.t;
    this.state = state;
    this.board.innerHTML = state.svg;
    const svg = this.board.querySelector("svg");
    if (svg) svg.setAttribute("focusable", "false");
    const human = this.humanToMove;
    this.root.dataset.turn = state.over ? "over" : human ? "you" : "computer";
    this.root.dataset.pos = state.pos.join(",");
    this.root.dataset.moves = this.history.length - 1;
    this.board.classList.toggle("gw-waiting", !human || state.over);
    if (state.over) {
      const humanWon = this.misere ? human : !human;
      this.root.dataset.winner = humanWon ? "you" : "computer";
      const key = (humanWon ? "youWin" : "computerWins") + (this.misere ? "Misere" : "");
      this.status.textContent = t(key);
      this.status.className = `gw-status gw-${humanWon ? "win" : "lose"}`;
    } else {
      delete this.root.dataset.winner;
      this.status.textContent = human ? t("yourTurn") : t("thinking");
      this.status.className = "gw-status";
    }
    this.undoButton.disabled = this.history.length < 2;
    this.renderHints(state);
    if (this.keyboardFocus && human && !state.over) {
      const first = this.board.querySelector(".move");
      if (first) first.focus();
    }
    this.keyboardFocus = false;
  }

  renderHints(state) {
    const t = this.t;
    const on = this.hintsBox.checked;
    this.info.hidden = !on;
    this.hintList.hidden = !on || state.over;
    if (!on) return;
    const outcome = state.outcome === "P" ? t("outcomeP") : t("outcomeN");
    const formula = state.formula ? ` · ${formulaText(t, state.formula)}` : "";
    this.info.textContent = `${t("position")} ${posText(state.pos)}: ${t("grundyValue")} ${state.grundy}${formula} — ${outcome}`;
    const rows = state.moves.map((m) => h("tr", { class: m.outcome === "P" ? "gw-p" : "gw-n",
                                                  "data-to": m.to.join(",") },
      h("td", {}, h("button", { type: "button", class: "gw-hintmove", text: m.text, "data-to": m.to.join(","),
                                disabled: !this.humanToMove,
                                onclick: () => this.humanMove(m.to.join(",")) })),
      h("td", { class: "gw-hint-pos", text: posText(m.to) }),
      h("td", { class: "gw-hint-grundy", text: m.grundy }),
      h("td", { class: "gw-hint-outcome", text: m.outcome === "P" ? t("pShort") : t("nShort") })));
    this.hintList.replaceChildren(h("table", { class: "gw-hints-table" },
      h("caption", { text: t("hintsTitle") }),
      h("thead", {}, h("tr", {}, h("th", { text: t("move") }), h("th", { text: t("position") }),
                         h("th", { text: t("grundyValue") }), h("th", { text: t("result") }))),
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
        ` ${e.text} → ${posText(e.pos)}`)));
  }
}

/** A formula in words: its value, or (for a P/N characterisation) when it is 0. */
function formulaText(t, formula) {
  if (formula.kind === "grundy") return t("formulaGrundy", formula);
  const simple = /^[\sxyz0-9^()+\-*/]+$/.test(formula.expression || "");
  return t(simple ? "formulaOutcome" : "formulaOutcomePlain", formula);
}

/** A coordinate's name in the page language (x, y, z stay; right/up/... are translated). */
function coordName(t, name) {
  const text = t(`coords.${name}`);
  return text === `coords.${name}` ? name : text;
}

// ---------------------------------------------------------------- table explorer

class TableWidget extends Widget {
  constructor(root) {
    super(root);
    const t = this.t;
    const game = GAMES[this.config.game] ? this.config.game : "chocolate";
    this.controls = new GameControls(t, game, this.config.params, (name) => {
      this.maxInput.value = TABLE_DEFAULT_MAX[COORD_COUNT[name]];
    }, true);
    const max = root.dataset.max ?? TABLE_DEFAULT_MAX[COORD_COUNT[game]];
    this.maxInput = h("input", { type: "number", class: "gw-max", min: 1, max: 199, value: max });
    this.viewSelect = h("select", { class: "gw-view" },
      h("option", { value: "table", text: t("tableView") }), h("option", { value: "heatmap", text: t("heatmap") }));
    this.viewSelect.addEventListener("change", () => this.draw());
    this.compareSelect = h("select", { class: "gw-compare" },
      h("option", { value: "formula", text: t("compareFormula") }),
      h("option", { value: "xor", text: t("compareXor") }));
    this.slices = h("div", { class: "gw-slices" });
    this.output = h("div", { class: "gw-table-output" }, this.fallback);
    this.summary = h("p", { class: "gw-summary" });
    const form = h("form", { class: "gw-controls", onsubmit: (e) => { e.preventDefault(); this.load(); } },
      this.controls.element, field(t("size"), this.maxInput), field(t("view"), this.viewSelect),
      field(t("compare"), this.compareSelect),
      h("button", { type: "submit", class: "md-button md-button--primary gw-show", text: t("show") }));
    root.replaceChildren(form, this.loader, this.message, this.status, this.slices, this.output, this.summary);
  }

  firstDraw() {
    this.load();
  }

  async load() {
    const data = await this.callLatest({ op: "table", game: this.controls.game, params: this.controls.params,
                                         max: Number(this.maxInput.value), compare: this.compareSelect.value });
    if (!data) return;
    this.data = data;
    this.compare = this.compareSelect.value;
    this.max = Number(this.maxInput.value);
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
    const style = getComputedStyle(this.root);
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

/** A light-to-warm colour scale for 0 < x <= 1 (value 0 is drawn separately). */
function heat(x) {
  const hue = 210 - 170 * x;
  return `hsl(${hue}, 70%, ${78 - 28 * x}%)`;
}

// ---------------------------------------------------------------- nim-sum

class NimsumWidget extends Widget {
  constructor(root) {
    super(root);
    const t = this.t;
    this.input = h("input", { type: "text", class: "gw-heaps", size: 16, spellcheck: "false",
      value: this.config.start || "3 5 6", title: t("heapsHelp"), autocomplete: "off" });
    this.output = h("div", { class: "gw-nimsum-output" }, this.fallback);
    this.input.addEventListener("input", () => {
      clearTimeout(this.debounce);
      this.debounce = setTimeout(() => this.compute(), 250);
    });
    const form = h("form", { class: "gw-controls", onsubmit: (e) => { e.preventDefault(); this.compute(); } },
      field(t("heapSizes"), this.input),
      h("button", { type: "submit", class: "md-button md-button--primary gw-show", text: t("nimsum") }));
    root.replaceChildren(form, this.loader, this.message, this.status, this.output);
  }

  firstDraw() {
    this.compute();
  }

  async compute() {
    const data = await this.callLatest({ op: "nimsum", heaps: this.input.value.trim() });
    if (!data) return;
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
    this.root.dataset.total = data.total;
    this.output.replaceChildren(
      h("div", { class: "gw-scroll" }, h("table", { class: "gw-nimsum-table" },
        h("caption", { text: `${t("binary")}: ${t("oddColumn")}` }),
        h("thead", {}, header), h("tbody", {}, rows), h("tfoot", {}, total))),
      h("p", { class: `gw-verdict ${data.total === 0 ? "gw-win" : ""}`, text: verdict }));
  }
}

// ---------------------------------------------------------------- P-position viewer

class PViewerWidget extends Widget {
  constructor(root) {
    super(root);
    const t = this.t;
    this.kInput = h("input", { type: "number", class: "gw-k", min: 1, max: 12, value: this.config.params.k ?? 3 });
    this.maxInput = h("input", { type: "number", class: "gw-max", min: 4, max: 64,
                                 value: root.dataset.max ?? 31 });
    this.angle = h("input", { type: "range", class: "gw-angle", min: 0, max: 90, step: 1, value: 0 });
    this.angleOut = h("output", { text: "0°" });
    this.angle.addEventListener("input", () => this.draw());
    this.canvas = h("canvas", { class: "gw-cloud", width: 520, height: 360, role: "img" });
    this.output = h("div", { class: "gw-cloud-box" }, this.fallback);
    const form = h("form", { class: "gw-controls", onsubmit: (e) => { e.preventDefault(); this.load(); } },
      field("k", this.kInput), field(t("max"), this.maxInput),
      h("button", { type: "submit", class: "md-button md-button--primary gw-show", text: t("show") }));
    const slider = h("div", { class: "gw-controls" }, field(t("angle"), this.angle), this.angleOut,
      h("button", { type: "button", class: "md-button gw-quarter", text: t("quarterPi"),
                    onclick: () => { this.angle.value = 45; this.draw(); } }));
    root.replaceChildren(form, slider, this.loader, this.message, this.status, this.output,
      h("p", { class: "gw-summary", text: t("gasketNote") }));
  }

  firstDraw() {
    this.load();
  }

  async load() {
    const k = Number(this.kInput.value);
    const max = Number(this.maxInput.value);
    const data = await this.callLatest({ op: "ppositions", k, max });
    if (!data) return;
    this.points = data.points;
    this.k = k;
    this.max = max;
    this.output.replaceChildren(this.canvas);
    this.draw();
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
    const style = getComputedStyle(this.root);
    const colour = style.getPropertyValue("--gw-point").trim() || "#3f51b5";
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

// ---------------------------------------------------------------- start-up

const KINDS = { play: PlayWidget, table: TableWidget, nimsum: NimsumWidget, pviewer: PViewerWidget };

const observer = "IntersectionObserver" in window
  ? new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (entry.isIntersecting) {
        observer.unobserve(entry.target);
        entry.target.grundyWidget?.activate();
      }
    }
  }, { rootMargin: "200px" })
  : null;

function initWidgets() {
  for (const root of document.querySelectorAll(".grundy-widget:not([data-ready])")) {
    const Kind = KINDS[root.dataset.widget];
    if (!Kind) continue;
    const widget = new Kind(root);
    root.grundyWidget = widget;
    const wake = () => widget.activate();
    root.addEventListener("pointerdown", wake, { once: true });
    root.addEventListener("focusin", wake, { once: true });
    if (observer) observer.observe(root);
    else widget.activate();
  }
}

// Material's instant navigation swaps the page without reloading scripts: document$
// emits on every page; the worker (and its loaded Python) survives the navigation.
if (window.document$ && typeof window.document$.subscribe === "function") {
  window.document$.subscribe(() => initWidgets());
} else if (document.readyState === "loading") {
  document.addEventListener("DOMContentLoaded", initWidgets);
} else {
  initWidgets();
}
