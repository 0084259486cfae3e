// Answers the engine wrote at build time, one JSON file per widget (or exercise) and
// language, named by its data-answers. A play widget's game (scripts/sitegen/play_data.py):
// the `levels`, the `state` of its start and the computer's perfect replies from it, the
// widget shows it and takes the first move at once; then "the rest of the game" (the file
// named by `rest`: every later ply, to the game's end where they fit), fetched once the
// widget has started and the page is loaded and the browser idle, or at the reader's first
// action if sooner. The first drawing of the other widgets and
// an exercise's checks (scripts/sitegen/written.py). The engine (Pyodide, megabytes)
// loads only when the reader leaves them: another game, start, level, option or input,
// Explain, hints, a position beyond the data.

/** JSON with object keys sorted: equal parameters give equal text. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export class Answers {
  /** data: the first file's JSON, fetched from `url` (its `rest` is named relative to it). */
  constructor(data, url) {
    this.data = data;
    this.params = canonical(data.params);
    this.restUrl = data.rest ? new URL(data.rest, url).href : null;
    this.rest = null; // Promise of the rest file's JSON ({parts, answers}), or null once it failed
  }

  /** The engine's answer to `request` from the first file, or null. */
  find(request) {
    const key = this.key(request);
    if (key === null || typeof key === "object") return key;
    return answered(this.data.answers[key], request);
  }

  /** The answer from the rest of the game (fetched now if not yet), or null: the engine must answer. */
  async later(request) {
    const key = this.key(request);
    if (typeof key !== "string" || !this.restUrl) return null;
    const rest = await this.loadRest();
    return answered(rest && unpacked(rest, rest.answers[key]), request);
  }

  /** Fetch the rest of the game (once; again after a failure): its JSON, or null. */
  loadRest() {
    if (!this.restUrl) return Promise.resolve(null);
    if (!this.rest) {
      this.rest = fetch(this.restUrl).then((r) => (r.ok ? r.json() : null)).catch(() => null)
        .then((rest) => {
          if (!rest) this.rest = null; // tried again by the next request
          return rest;
        });
    }
    return this.rest;
  }

  /** The request's key in the data (as play_data.key: [op, pos, misere, pass, hints,
   *  stacked (a sum only)]); the answer itself for `levels`; null when the data cannot
   *  hold it (another game, parameter, language, rule or level). */
  key(request) {
    const d = this.data;
    const { op } = request;
    if (request.game !== d.game || canonical(request.params || {}) !== this.params) return null;
    if (request.lang && request.lang !== d.lang) return null;
    if (op === "levels") return Boolean(request.pass) === d.pass ? d.levels : null;
    if (op !== "state" && op !== "reply") return null;
    if (Boolean(request.misere) !== d.misere || (op === "reply" && (request.level || "perfect") !== "perfect")) {
      return null;
    }
    return JSON.stringify([op, request.pos.map(Number), d.misere, Boolean(request.pass),
                           Boolean(request.hints), d.game === "sum" && Boolean(request.stacked)]);
  }
}

/** A stored answer as the engine gives it to `request` (a copy), or null. */
function answered(found, request) {
  if (!found) return null;
  if (request.op === "state") return structuredClone(found);
  // the perfect player's equally good replies: the one of this seed
  const move = found.moves[(request.seed || 0) % found.moves.length];
  return { move: structuredClone(move), level: found.level };
}

/** An answer of the rest file with its svg joined back from the parts (play_data.pack), when asked. */
function unpacked(rest, answer) {
  return answer && Array.isArray(answer.svg) ? { ...answer, svg: answer.svg.map((i) => rest.parts[i]).join("") } : answer;
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
      .then((data) => (data?.written ? new Written(data) : data ? new Answers(data, url) : null), () => null));
  }
  return loaded.get(url);
}
