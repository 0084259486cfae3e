// <grundy-worksheet>: a printable worksheet for a lesson or a game, drawn by the engine:
// positions to analyse and a P/N table to fill, then an answer key on separate pages.
// The choice is in the address (?lesson=wythoff&seed=7, ?game=chocolate&k=3&n=6&seed=42,
// &paper=letter): the positions are drawn by a seeded PRNG (mulberry32), so one address
// always gives the same sheet. Every answer is the engine's (ops `state` and `table`).

import { engine } from "../widgets/engine-client.js";
import { h, posText, withPos } from "../widgets/dom.js";
import { langOf } from "../widgets/i18n.js";

const STRINGS = {
  en: {
    lesson: "Lesson", game: "Game", custom: "(a game of your choice)", count: "Positions",
    seed: "Seed", paper: "Paper", make: "Make the worksheet", newSeed: "New seed", print: "Print",
    loading: "Loading the Python engine (once per visit)…", drawing: "Drawing…",
    failed: "The worksheet could not be drawn: {m}",
    title: "Worksheet: {game}", keyTitle: "Answer key: {game}", name: "Name", date: "Date",
    sheetNote: "Seed {seed}",
    partPositions: "1. Positions to analyse",
    askPositions: "For each position: is it a P-position or an N-position? If it is an N-position, give a winning move.",
    outcome: "P or N?", move: "A winning move:",
    partTable: "2. A table to fill",
    askTable: "Write P or N in each square: {axes}. A grey square is not a position of the game.",
    fixed: "{name} = {value}", axes: "{col} across, {row} down",
    keyOutcome: "{outcome}-position, Grundy value {g}", keyMove: "{text} → {pos}",
    keyOne: "the only winning move: ", keyMany: "{n} winning moves, any one of them is right: ",
    keyNone: "no winning move (every move goes to an N-position)",
    keyTable: "The table, filled in", then: "; ", and: ", ", or: "; ",
    lessons: {
      "impartial-games": "Impartial games (Nim)", "chocolate-and-nim": "Chocolate bars and Nim",
      "triangular-chocolate": "The triangular chocolate", "other-inequalities": "Other inequalities",
      "step-chocolate": "Step chocolates", chomp: "Chomp", wythoff: "Wythoff's game", ryuoh: "Ryuoh Nim",
    },
  },
  ja: {
    lesson: "レッスン", game: "ゲーム", custom: "(ゲームを選ぶ)", count: "局面の数",
    seed: "シード", paper: "用紙", make: "プリントを作る", newSeed: "別のシード", print: "印刷",
    loading: "Python エンジンを読み込んでいます (訪問ごとに 1 回)…", drawing: "描いています…",
    failed: "プリントを描けませんでした: {m}",
    title: "演習プリント: {game}", keyTitle: "解答: {game}", name: "名前", date: "日付",
    sheetNote: "シード {seed}",
    partPositions: "1. 局面を調べる",
    askPositions: "それぞれの局面は P 局面ですか、N 局面ですか。N 局面なら勝つ手を 1 つ書いてください。",
    outcome: "P か N か:", move: "勝つ手:",
    partTable: "2. 表を埋める",
    askTable: "各マスに P か N を書いてください ({axes})。灰色のマスはゲームの局面ではありません。",
    fixed: "{name} = {value}", axes: "横が {col}、縦が {row}",
    keyOutcome: "{outcome} 局面、グランディ数 {g}", keyMove: "{text} → {pos}",
    keyOne: "勝つ手は 1 つだけ: ", keyMany: "勝つ手は {n} 通りあり、どれも正解: ",
    keyNone: "勝つ手なし (どの手も N 局面に行きます)",
    keyTable: "埋めた表", then: "。", and: "、", or: "、",
    lessons: {
      "impartial-games": "不偏ゲーム (ニム)", "chocolate-and-nim": "板チョコとニム",
      "triangular-chocolate": "三角形のチョコレート", "other-inequalities": "ほかの不等式",
      "step-chocolate": "階段チョコレート", chomp: "チョンプ", wythoff: "ワイソフのゲーム", ryuoh: "龍王ニム",
    },
  },
};

/** Each lesson's game and parameters. */
const LESSONS = {
  "impartial-games": { game: "nim", params: { heaps: 3 } },
  "chocolate-and-nim": { game: "rect", params: {} },
  "triangular-chocolate": { game: "chocolate", params: { k: 3 } },
  "other-inequalities": { game: "chocolate", params: { k: 2 } },
  "step-chocolate": { game: "step", params: { f: "t//2" } },
  chomp: { game: "chomp", params: { rows: 3 } },
  wythoff: { game: "wythoff", params: {} },
  ryuoh: { game: "ryuoh", params: { p: 3 } },
};

const TABLE_MAX = 7;          // the table to fill: coordinates 0..7
const COUNT = { min: 1, max: 12, default: 6 };
const ATTEMPTS = 300;         // random positions tried (a bad one is refused by the engine)
const PAPERS = { a4: "A4", letter: "letter" };

/** mulberry32: a small seeded PRNG; returns () -> an integer in [0, 2^32). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** The worksheet's choice from the address: {lesson, game, params, n, seed, paper}. */
function readAddress(catalogue) {
  const query = new URLSearchParams(location.search);
  const lesson = LESSONS[query.get("lesson")] ? query.get("lesson") : "";
  const game = lesson ? LESSONS[lesson].game : (catalogue[query.get("game")] ? query.get("game") : "chocolate");
  const params = lesson ? { ...LESSONS[lesson].params } : {};
  if (!lesson) {
    for (const p of catalogue[game].params) {
      const text = query.get(p.name);
      const value = text === null || text === "" ? p.default : (p.type === "int" ? Number(text) : text);
      if (value !== null && value !== undefined) params[p.name] = value;
    }
  }
  const whole = (text, fallback) => (/^\d{1,9}$/.test(text || "") ? Number(text) : fallback);
  const n = Math.min(COUNT.max, Math.max(COUNT.min, whole(query.get("n"), COUNT.default)));
  const seed = whole(query.get("seed"), Math.floor(Math.random() * 1e6));
  const paper = PAPERS[query.get("paper")] ? query.get("paper") : "a4";
  return { lesson, game, params, n, seed, paper };
}

/** The address of a choice (the lesson's, or the game's with its parameters). */
function addressOf(choice) {
  const query = new URLSearchParams();
  if (choice.lesson) query.set("lesson", choice.lesson);
  else {
    query.set("game", choice.game);
    for (const [name, value] of Object.entries(choice.params)) query.set(name, value);
  }
  query.set("n", choice.n);
  query.set("seed", choice.seed);
  if (choice.paper !== "a4") query.set("paper", choice.paper);
  return `${location.pathname}?${query}`;
}

class GrundyWorksheet extends HTMLElement {
  connectedCallback() {
    if (this.started) return;
    this.started = true;
    this.lang = langOf(this);
    this.strings = STRINGS[this.lang];
    this.status = h("p", { class: "ws-status", role: "status", text: this.t("loading") });
    this.replaceChildren(this.status);
    Promise.all([engine.games(), STYLED]).then(([catalogue]) => {
      this.catalogue = catalogue;
      this.choice = readAddress(catalogue);
      history.replaceState(history.state, "", addressOf(this.choice));
      this.form = this.buildForm();
      this.sheet = h("div", { class: "ws-sheet" });
      this.replaceChildren(this.form, this.status, this.sheet);
      return this.draw();
    }).catch((error) => this.fail(error));
  }

  t(key, fields = {}) {
    const text = key.split(".").reduce((node, part) => node?.[part], this.strings) ?? key;
    return String(text).replace(/\{(\w+)\}/g, (_, name) => (name in fields ? fields[name] : `{${name}}`));
  }

  fail(error) {
    this.dataset.state = "failed";
    this.status.textContent = this.t("failed", { m: error.message || String(error) });
  }

  gameTitle(choice) {
    const title = this.catalogue[choice.game].title[this.lang];
    const params = Object.entries(choice.params).map(([name, value]) => `${name} = ${value}`);
    return params.length ? `${title} (${params.join(", ")})` : title;
  }

  // ------------------------------------------------------------------ the form

  buildForm() {
    const c = this.choice;
    const lessons = h("select", { name: "lesson", "data-lesson": true },
      h("option", { value: "", text: this.t("custom") }),
      Object.keys(LESSONS).map((key) => h("option", { value: key, text: this.t(`lessons.${key}`) })));
    lessons.value = c.lesson;
    const games = h("select", { name: "game" },
      Object.values(this.catalogue).map((g) => h("option", { value: g.name, text: g.title[this.lang] })));
    games.value = c.game;
    const params = h("span", { class: "ws-params" });
    const showParams = () => {
      const entry = this.catalogue[games.value];
      params.replaceChildren(...entry.params.map((p) => label(p.label[this.lang],
        h("input", { name: `param-${p.name}`, size: 6, title: p.help[this.lang],
                     value: games.value === c.game && !c.lesson ? (c.params[p.name] ?? "") : (p.default ?? "") }))));
      games.disabled = Boolean(lessons.value);
      params.hidden = Boolean(lessons.value);
    };
    const label = (text, input) => h("label", { class: "ws-field" }, h("span", { text }), input);
    const count = h("input", { name: "n", size: 3, inputmode: "numeric", value: c.n });
    const seed = h("input", { name: "seed", size: 8, inputmode: "numeric", value: c.seed });
    const paper = h("select", { name: "paper" },
      Object.entries(PAPERS).map(([key, text]) => h("option", { value: key, text })));
    paper.value = c.paper;
    games.addEventListener("change", showParams);
    lessons.addEventListener("change", showParams);
    showParams();
    const form = h("form", { class: "ws-form" },
      label(this.t("lesson"), lessons), label(this.t("game"), games), params,
      label(this.t("count"), count), label(this.t("seed"), seed), label(this.t("paper"), paper),
      h("span", { class: "ws-buttons" },
        h("button", { type: "submit", class: "md-button md-button--primary", text: this.t("make") }),
        h("button", { type: "button", class: "md-button", text: this.t("newSeed"), "data-new-seed": true,
                      onclick: () => { seed.value = Math.floor(Math.random() * 1e6); form.requestSubmit(); } }),
        h("button", { type: "button", class: "md-button", text: this.t("print"), onclick: () => print() })));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const query = new URLSearchParams();
      if (data.get("lesson")) query.set("lesson", data.get("lesson"));
      else {
        query.set("game", games.value);
        for (const [key, value] of data) if (key.startsWith("param-") && value !== "") query.set(key.slice(6), value);
      }
      for (const key of ["n", "seed", "paper"]) query.set(key, String(data.get(key)).trim());
      history.replaceState(history.state, "", `${location.pathname}?${query}`);
      this.choice = readAddress(this.catalogue);
      history.replaceState(history.state, "", addressOf(this.choice));
      this.draw().catch((error) => this.fail(error));
    });
    return form;
  }

  // ------------------------------------------------------------------ drawing

  async draw() {
    const choice = this.choice;
    this.dataset.state = "drawing";
    this.status.textContent = this.t("drawing");
    setPaper(choice.paper);
    const ask = async (request) => {
      const reply = await engine.request({ game: choice.game, params: choice.params, lang: this.lang, ...request });
      if (reply.error) throw new Error(reply.error);
      return reply;
    };
    const random = mulberry32(choice.seed);
    const below = (n) => random() % n;
    const table = await ask({ op: "table", max: TABLE_MAX });
    const dims = table.coords.length;
    const top = dims > 2 ? 5 : 8;
    const items = [];
    const seen = new Set();
    for (let i = 0; i < ATTEMPTS && items.length < choice.n; i += 1) {
      const pos = Array.from({ length: dims }, () => below(top + 1));
      const key = pos.join(" ");
      if (seen.has(key)) continue;
      seen.add(key);
      const reply = await engine.request({ op: "state", game: choice.game, params: choice.params,
                                           lang: this.lang, pos });
      if (!reply.error && !reply.over) items.push(reply);
    }
    const free = ["chocolate", "step3"].includes(choice.game) && dims === 3 ? [0, 2] : [0, 1];
    const fixed = table.coords.map((_, i) => (free.includes(i) ? null : 1 + below(2)));
    if (choice !== this.choice) return;  // a newer choice is being drawn
    const title = this.gameTitle(choice);
    this.sheet.replaceChildren(
      this.header(this.t("title", { game: title }), choice, true),
      h("section", { class: "ws-part" },
        h("h3", { text: this.t("partPositions") }), h("p", { text: this.t("askPositions") }),
        h("ol", { class: "ws-items" }, items.map((item) => this.item(choice, item)))),
      h("section", { class: "ws-part ws-table-part" },
        h("h3", { text: this.t("partTable") }),
        h("p", { text: this.tableAsk(table.coords, free, fixed) }),
        this.grid(table, free, fixed, false)),
      h("section", { class: "ws-key", "data-key": true },
        this.header(this.t("keyTitle", { game: title }), choice, false),
        h("ol", { class: "ws-key-items" }, items.map((item) => this.keyItem(choice, item))),
        h("h3", { text: this.t("keyTable") }),
        h("p", { text: this.tableAsk(table.coords, free, fixed) }),
        this.grid(table, free, fixed, true)));
    this.status.textContent = "";
    this.dataset.state = "ready";
    this.dataset.seed = choice.seed;
  }

  header(text, choice, names) {
    return h("header", { class: "ws-header" },
      h("h2", { class: "ws-title", text }),
      h("p", { class: "ws-meta" },
        names ? [h("span", { text: `${this.t("name")}: ` }), h("span", { class: "ws-blank ws-name" }),
                 h("span", { text: ` ${this.t("date")}: ` }), h("span", { class: "ws-blank ws-date" })] : [],
        h("span", { class: "ws-seed", text: this.t("sheetNote", { seed: choice.seed }) })));
  }

  item(choice, state) {
    const picture = h("div", { class: "ws-picture" });
    picture.innerHTML = state.svg;
    for (const node of picture.querySelectorAll("[data-to]")) {  // the moves: not buttons on paper
      for (const name of node.getAttributeNames()) {
        if (name === "role" || name === "tabindex" || name.startsWith("aria-")) node.removeAttribute(name);
      }
    }
    return h("li", { class: "ws-item", "data-game": choice.game, "data-params": JSON.stringify(choice.params),
                     "data-pos": state.pos.join(" ") },
      h("p", { class: "ws-pos", text: posText(state.pos) }), picture,
      h("p", { class: "ws-answer" }, this.t("outcome"), h("span", { class: "ws-blank ws-short" })),
      h("p", { class: "ws-answer" }, this.t("move"), h("span", { class: "ws-blank" })));
  }

  /** The key to a position: its outcome and Grundy value, then every winning move (the
   *  engine's), so that a teacher marks any of them right. */
  keyItem(choice, state) {
    const wins = state.moves.filter((m) => m.outcome === "P");
    const moves = wins.flatMap((m, i) => [i ? this.t("or") : null,
      ...withPos(this.t("keyMove", { text: m.text, pos: posText(m.to) }), m.to)]);
    const answer = wins.length === 0 ? this.t("keyNone")
      : [this.t(wins.length === 1 ? "keyOne" : "keyMany", { n: wins.length }), ...moves];
    return h("li", { class: "ws-key-item", "data-pos": state.pos.join(" "), "data-outcome": state.outcome,
                     "data-grundy": state.grundy, "data-moves": wins.map((m) => m.to.join(" ")).join(";") },
      h("strong", { text: posText(state.pos) }), " ",
      this.t("keyOutcome", { outcome: state.outcome, g: state.grundy }), this.t("then"), answer);
  }

  tableAsk(coords, free, fixed) {
    const axes = this.t("axes", { col: coords[free[0]], row: coords[free[1]] });
    const held = coords.map((name, i) => (fixed[i] === null ? null : this.t("fixed", { name, value: fixed[i] })))
      .filter(Boolean);
    return this.t("askTable", { axes: [axes, ...held].join(this.t("and")) });
  }

  /** The P/N grid: columns the first free coordinate, rows the second; filled for the key. */
  grid(table, free, fixed, filled) {
    const values = new Map();
    for (const row of table.rows) {
      const pos = row.slice(0, table.coords.length);
      if (pos.every((v, i) => fixed[i] === null || v === fixed[i])) values.set(`${pos[free[0]]} ${pos[free[1]]}`, row[pos.length]);
    }
    const range = Array.from({ length: TABLE_MAX + 1 }, (_, i) => i);
    const corner = `${table.coords[free[1]]} \\ ${table.coords[free[0]]}`;
    return h("table", { class: `ws-grid${filled ? " ws-filled" : ""}`, "data-grid": filled ? "key" : "blank",
                        "data-free": free.join(" "), "data-fixed": JSON.stringify(fixed) },
      h("thead", {}, h("tr", {}, h("th", { scope: "col", text: corner }),
        range.map((x) => h("th", { scope: "col", text: x })))),
      h("tbody", {}, range.map((y) => h("tr", {}, h("th", { scope: "row", text: y }),
        range.map((x) => {
          const value = values.get(`${x} ${y}`);
          if (value === undefined) return h("td", { class: "ws-none" });
          const outcome = value === 0 ? "P" : "N";
          return h("td", { "data-cell": `${x} ${y}`, "data-outcome": filled ? outcome : null,
                           class: filled && value === 0 ? "ws-p" : null, text: filled ? outcome : "" });
        })))));
  }
}

/** The printed page's size (A4 or Letter): an @page rule of its own. */
function setPaper(paper) {
  let style = document.getElementById("ws-page-size");
  if (!style) {
    style = h("style", { id: "ws-page-size" });
    document.head.append(style);
  }
  style.textContent = `@page { size: ${PAPERS[paper]}; margin: 14mm; }`;
}

/** The worksheet's styles, once per document: a promise settled once they apply (or
 * failed to load), so that the form never shows unstyled (its buttons under 44 px). */
function addStyles() {
  if (document.getElementById("ws-styles")) return Promise.resolve();
  const link = h("link", { id: "ws-styles", rel: "stylesheet",
                           href: new URL("./worksheet.css", import.meta.url).href });
  const applied = new Promise((done) => { link.onload = link.onerror = done; });
  document.head.append(link);
  return applied;
}

const STYLED = addStyles();
if (!customElements.get("grundy-worksheet")) customElements.define("grundy-worksheet", GrundyWorksheet);
