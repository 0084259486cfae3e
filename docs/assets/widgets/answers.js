// Answers the engine wrote at build time, one JSON file per widget (or exercise) and
// language, named by its data-answers. A play widget's first moves
// (scripts/sitegen/play_data.py): the `levels`, the `state` of every position reachable in
// the first plies and the perfect `reply` there; the widget plays from them at once. The
// first drawing of the other widgets and an exercise's checks (scripts/sitegen/written.py).
// The engine (Pyodide, megabytes) loads only when the reader leaves them: another game,
// start, level, option or input, Explain, a position beyond the data.

/** JSON with object keys sorted: equal parameters give equal text. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export class Answers {
  constructor(data) {
    this.data = data;
    this.params = canonical(data.params);
  }

  /** The engine's answer to `request` from the data, or null (then the engine must answer). */
  find(request) {
    const d = this.data;
    const { op } = request;
    if (request.game !== d.game || canonical(request.params || {}) !== this.params) return null;
    if (request.lang && request.lang !== d.lang) return null;
    if (op === "levels") return Boolean(request.pass) === d.pass ? d.levels : null;
    if (op !== "state" && op !== "reply") return null;
    if (Boolean(request.misere) !== d.misere || (op === "reply" && (request.level || "perfect") !== "perfect")) {
      return null;
    }
    // the same key as play_data.key: [op, pos, misere, pass, hints, stacked (a sum only)]
    const key = JSON.stringify([op, request.pos.map(Number), d.misere, Boolean(request.pass),
                                Boolean(request.hints), d.game === "sum" && Boolean(request.stacked)]);
    const found = d.answers[key];
    if (!found) return null;
    if (op === "state") return structuredClone(found);
    // the perfect player's equally good replies: the one of this seed
    const move = found.moves[(request.seed || 0) % found.moves.length];
    return { move: structuredClone(move), level: found.level };
  }
}

/** Other widgets' first drawings and an exercise's checks (scripts/sitegen/written.py):
 *  the engine's answers to the very requests the page sends, keyed by the request. */
export class Written {
  constructor(data) {
    this.written = data.written;
  }

  /** The engine's answer to `request` (with its lang) from the data, or null. */
  find(request) {
    const found = this.written[canonical(request)];
    return found ? structuredClone(found) : null;
  }
}

const loaded = new Map(); // url -> Promise<Answers | Written | null>

/** The answers at `url` (fetched once per page visit), or null when they cannot be read. */
export function loadAnswers(url) {
  if (!loaded.has(url)) {
    loaded.set(url, fetch(url).then((r) => (r.ok ? r.json() : null))
      .then((data) => (data?.written ? new Written(data) : data ? new Answers(data) : null), () => null));
  }
  return loaded.get(url);
}
