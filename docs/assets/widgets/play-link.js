// The play widget's game in the page's address, readable like the command line:
// ?play=chocolate&k=3&start=10.5.5&moves=6.3.5,6.2.5 (also level=3, first=computer,
// misere=1, pass=1, seed=…; a sum: play=sum&parts=chocolate k=3|nim heaps=1; w=2: the
// second play widget of the page), and the same game as Python code for the Lab.

const OWN = ["play", "parts", "start", "moves", "level", "first", "misere", "pass", "seed", "w"];
const PASS_MOVE = "pass";

/** A position as the link writes it: 10.5.5. */
const dotted = (pos) => pos.join(".");

/** Whole numbers written with dots ("10.5.5"), or null. */
function undotted(text) {
  return /^\d+(\.\d+)*$/.test(text) ? text.split(".").map(Number) : null;
}

/** A sum's components as the directive writes them: "chocolate k=3|nim heaps=1". */
function partsText(components) {
  return components.map((c) => [c.game, ...Object.entries(c.params || {}).map(([k, v]) => `${k}=${v}`)].join(" "))
    .join("|");
}

function readParams(pairs) {
  return Object.fromEntries(pairs.map(([key, value]) => [key, /^\d+$/.test(value) ? Number(value) : value]));
}

function readParts(text) {
  return {
    components: text.split("|").map((part) => {
      const [game, ...pairs] = part.trim().split(/\s+/);
      return { game, params: readParams(pairs.map((pair) => pair.split("="))) };
    }),
  };
}

/** The widget number a link names (1: the first play widget), or null without a game. */
export function linkedWidget(search) {
  const query = new URLSearchParams(search);
  if (!query.has("play")) return null;
  const w = query.get("w") || "1";
  return /^\d+$/.test(w) ? Number(w) : 1;
}

/** The game of a link: {game, params, start, moves: [pos | "pass"], level, humanFirst,
 *  misere, pass, seed}; throws an Error whose message says what is wrong (t: the texts). */
export function readLink(search, t) {
  const query = new URLSearchParams(search);
  const game = query.get("play");
  const params = game === "sum" ? readParts(query.get("parts") || "")
    : readParams([...query].filter(([key]) => !OWN.includes(key)));
  const start = undotted(query.get("start") || "");
  if (!start) throw new Error(t("link.start", { text: query.get("start") || "" }));
  const moves = (query.get("moves") || "").split(",").filter(Boolean).map((text, i) => {
    const pos = text === PASS_MOVE ? PASS_MOVE : undotted(text);
    if (!pos) throw new Error(t("link.move", { n: i + 1, text }));
    return pos;
  });
  const first = query.get("first") || "you";
  if (!["you", "computer"].includes(first)) throw new Error(t("link.first", { text: first }));
  const seed = query.get("seed") || "";
  if (seed && !/^\d+$/.test(seed)) throw new Error(t("link.seed", { text: seed }));
  return { game, params, start, moves, level: query.get("level") || "perfect", humanFirst: first === "you",
           misere: query.get("misere") === "1", pass: query.get("pass") === "1",
           seed: seed ? Number(seed) : null };
}

/** The link's query for a game: setup {game, params, start, level, humanFirst, misere,
 *  pass, seed}, the history's entries after the start ({pos, kind}), widget number w. */
export function linkQuery(setup, entries, w) {
  const query = new URLSearchParams({ play: setup.game });
  if (setup.game === "sum") query.set("parts", partsText(setup.params.components));
  else for (const [key, value] of Object.entries(setup.params)) query.set(key, value);
  query.set("start", dotted(setup.start));
  if (entries.length) query.set("moves", entries.map((e) => (e.kind === "pass" ? PASS_MOVE : dotted(e.pos))).join(","));
  if (setup.level !== "perfect") query.set("level", setup.level);
  if (!setup.humanFirst && setup.level !== "two") query.set("first", "computer");
  if (setup.misere) query.set("misere", "1");
  if (setup.pass) query.set("pass", "1");
  query.set("seed", setup.seed);
  if (w > 1) query.set("w", w);
  const readable = { "%2C": ",", "%7C": "|", "%3D": "=", "%2F": "/" }; // legal in a query as they are
  return `?${query.toString().replace(/%(2C|7C|3D|2F)/g, (code) => readable[code])}`;
}

/** The address `href` with its query replaced by the game's `query` (the pages have no
 *  other query). */
export function withQuery(href, query) {
  const url = new URL(href);
  url.search = query;
  return url.href;
}

const py = (value) => (typeof value === "number" ? String(value) : JSON.stringify(String(value)));
const tuple = (pos) => `(${pos.join(", ")}${pos.length === 1 ? "," : ""})`;

/** Python code for the Lab that rebuilds the game and its position with grundy.game(...). */
export function labCode(setup, positions) {
  const args = (params) => Object.entries(params || {}).map(([k, v]) => `, ${k}=${py(v)}`).join("");
  let make = setup.game === "sum"
    ? `grundy.sum_of([${setup.params.components.map((c) => `{"game": ${py(c.game)}, "params": {${
      Object.entries(c.params || {}).map(([k, v]) => `${py(k)}: ${py(v)}`).join(", ")}}}`).join(", ")}])`
    : `grundy.game(${py(setup.game)}${args(setup.params)})`;
  if (setup.pass) make = `grundy.with_pass(${make})`;
  const misere = setup.misere ? ", misere=True" : "";
  const line = positions.map(({ pos, pass }) => tuple(setup.pass ? [...pos, pass ? 1 : 0] : pos));
  return [
    "import grundy",
    "",
    `g = ${make}`,
    setup.pass ? "# the start, then the position after each move (last number: 1 = the pass is still available)"
      : "# the start, then the position after each move",
    `line = [${line.join(", ")}]`,
    "pos = line[-1]",
    `print("position", pos, "outcome", g.outcome(pos${misere}), "remoteness", g.remoteness(pos${misere}))`,
    `move = g.winning_move(pos${misere})`,
    'print("a winning move:", move.describe() if move else None)',
    "",
  ].join("\n");
}
