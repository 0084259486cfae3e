// The classroom's codes: an assignment in the address (#a=v1.<base64url JSON>; its mode,
// practice or test, an optional field) and a
// student's result code (v3.<base64url JSON>.<checksum>, with the time of the hand-in; v1
// and v2 codes are still read). Each is read by its version, so old links and codes keep
// working. The checksum (FNV-1a, 32 bits)
// catches accidental damage, not forgers: the results page re-checks every answer instead.

const B64 = { "+": "-", "/": "_" };
const FROM = { "-": "+", _: "/" };

/** UTF-8 text -> base64url (no padding). */
function toBase64(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/[+/]/g, (c) => B64[c]).replace(/=+$/, "");
}

/** base64url -> UTF-8 text; throws on bad input. */
function fromBase64(text) {
  const binary = atob(text.replace(/[-_]/g, (c) => FROM[c]));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** FNV-1a over the text's UTF-8 bytes, as 8 hex digits. */
export function checksum(text) {
  let hash = 0x811c9dc5;
  for (const b of new TextEncoder().encode(text)) hash = Math.imul(hash ^ b, 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

/** A task as the code writes it: [kind, game, params, pos, extra?], extra the level of a
 *  play task, the bound of a pn-table task (its pos is []). */
const KINDS = ["find-move", "grundy-value", "play", "pn-table"];
export const MAX_TABLE = 12; // a pn-table's largest bound (as in the lessons' exercises)
export const MAX_TASKS = 100; // an assignment's tasks at most (a forged code of thousands would stall the results page)

function checkTask(task) {
  const ok = task && KINDS.includes(task.kind) && typeof task.game === "string"
    && task.params && typeof task.params === "object" && Array.isArray(task.pos)
    && task.pos.every((n) => Number.isInteger(n) && n >= 0)
    && (task.kind !== "pn-table" || (Number.isInteger(task.max) && task.max >= 1 && task.max <= MAX_TABLE));
  if (!ok) throw new Error("task");
  return task;
}

/** The modes of an assignment: practice (hints and answers there, and recorded) or a test
 *  (no help; the answers shown after the hand-in). A link holds "m": "test" for a test
 *  only: links without it (all those made before the modes) are practice. */
export const MODES = ["practice", "test"];
const modeOf = (m) => (m === "test" ? "test" : "practice");

/** {title, due, mode, tasks: [{kind, game, params, pos, level, max}]} -> "v1.…". */
export function encodeAssignment({ title = "", due = "", mode = "practice", tasks }) {
  const extra = (x) => (x.kind === "pn-table" ? [x.max] : x.level ? [x.level] : []);
  const compact = { t: title, d: due, ...(modeOf(mode) === "test" ? { m: "test" } : {}),
                    k: tasks.map((x) => [x.kind, x.game, x.params, x.pos, ...extra(x)]) };
  return `v1.${toBase64(JSON.stringify(compact))}`;
}

const ASSIGNMENT_READERS = {
  v1(body) {
    const c = JSON.parse(fromBase64(body));
    if (!c || !Array.isArray(c.k) || !c.k.length || c.k.length > MAX_TASKS) throw new Error("tasks");
    return { title: String(c.t || ""), due: String(c.d || ""), mode: modeOf(c.m),
             tasks: c.k.map(([kind, game, params, pos, extra]) => checkTask({ kind, game, params, pos,
               level: typeof extra === "string" ? extra : "", ...(kind === "pn-table" ? { max: extra } : {}) })) };
  },
};

/** "v1.…" -> the assignment; throws Error("assignment") on anything else. */
export function decodeAssignment(code) {
  const [version, body] = String(code).trim().split(/\.(.*)/s);
  try {
    return ASSIGNMENT_READERS[version](body);
  } catch {
    throw new Error("assignment");
  }
}

/** The assignment's identity (its code's checksum): progress is kept under it. */
export const assignmentId = (code) => checksum(code);

/** A task's record in a result code: [answer, attempts, hints, flags, claimed], answer the
 *  one that solved the task (else the last one tried, else ""), flags SHOWN (the answer was
 *  revealed) + TEACHER (teacher mode was on), claimed 1 when the student's page found it solved. */
export const SHOWN = 1;
export const TEACHER = 2;

/** {name, assignment: "v1.…", results: [{answer, attempts, hints, shown, teacher, solved}],
 *  time (of the hand-in, ms since 1970; default now)} -> "v3.<base64url JSON>.<checksum>"
 *  (the assignment inside as its JSON, not its code, so with its mode; the time in whole
 *  seconds). */
export function encodeResult({ name, assignment, results, time = Date.now() }) {
  const [, body] = String(assignment).split(/\.(.*)/s);
  const r = results.map((x) => [x.answer ?? "", x.attempts || 0, x.hints || 0,
    (x.shown ? SHOWN : 0) + (x.teacher ? TEACHER : 0), x.solved ? 1 : 0]);
  const text = toBase64(`{"n":${JSON.stringify(name)},"a":${fromBase64(body)},"r":${JSON.stringify(r)},"t":${Math.floor(time / 1000)}}`);
  return `v3.${text}.${checksum(`v3.${text}`)}`;
}

/** A count as a code holds it: a whole number >= 0, else 0 (a forged -5 or 1.5 is not shown). */
const count = (n) => (Number.isSafeInteger(n) && n >= 0 ? n : 0);
/** An answer as a code holds it: a string (a number written as one), else "". */
const answerOf = (a) => (typeof a === "string" ? a : typeof a === "number" ? String(a) : "");

/** Why a result code is refused: Error(reason), reason one of "incomplete" (cut short),
 *  "damaged" (the checksum fails and the text cannot be read: characters lost or changed in
 *  copying), "changed" (the checksum fails but the text reads as a result: edited after it
 *  was made), "version" (made by a newer site), "result" (no result code), "assignment". */
const RESULT_READERS = {
  /** v1 (until November 2026): [solved, attempts, hints, answer]; the answer may be the
   *  last one tried, and whether the answer was shown was not recorded. */
  v1(data) {
    const assignment = decodeAssignment(data.a);
    return { assignmentCode: data.a, assignment, results: data.r.map(([solved, attempts, hints, answer]) => ({
      solved: solved === 1, attempts: count(attempts), hints: count(hints),
      answer: answerOf(answer), shown: null, teacher: null })) };
  },
  /** v2: as v3, without the time of the hand-in. */
  v2(data) {
    const assignmentCode = `v1.${toBase64(JSON.stringify(data.a))}`;
    const assignment = decodeAssignment(assignmentCode);
    return { assignmentCode, assignment, results: data.r.map(([answer, attempts, hints, flags, claimed]) => ({
      answer: answerOf(answer), attempts: count(attempts), hints: count(hints),
      shown: Boolean(flags & SHOWN), teacher: Boolean(flags & TEACHER), solved: claimed === 1 })) };
  },
  /** v3: v2 and "t", the time of the hand-in in seconds since 1970 (as the student's device
   *  told it); a time that is not a whole number of seconds reads as unknown. */
  v3(data) {
    return { ...RESULT_READERS.v2(data), time: count(data.t) ? data.t * 1000 : null };
  },
};

const CODE = /^(v\d+)\.([A-Za-z0-9_-]+)\.([0-9a-fA-F]{8})$/;

/** A result code (any whitespace inside ignored) -> {name, assignmentCode, assignment, code,
 *  version, results, time (ms since 1970, null when the code does not say)}; throws
 *  Error(reason) as RESULT_READERS says. */
export function decodeResult(text) {
  const code = String(text).replace(/\s+/g, "");
  const m = CODE.exec(code);
  if (!m) throw new Error(/^v\d+\.[A-Za-z0-9_-]+\.?[0-9a-fA-F]{0,7}(?:…|\.\.\.?)?$/.test(code) ? "incomplete" : "result"); // "…": a chat shortened it
  const [, version, body, sum] = m;
  const reader = RESULT_READERS[version];
  let data = null;
  try {
    data = JSON.parse(fromBase64(body));
  } catch { /* unreadable: below */ }
  const readable = data && typeof data.n === "string" && Array.isArray(data.r) && data.r.every(Array.isArray) && data.a;
  if (checksum(`${version}.${body}`) !== sum.toLowerCase()) throw new Error(readable ? "changed" : "damaged");
  if (!reader) throw new Error("version");
  if (!readable) throw new Error("result");
  const read = reader(data); // Error("assignment") when the assignment inside cannot be read
  if (read.results.length !== read.assignment.tasks.length) throw new Error("result");
  return { name: data.n, code: `${version}.${body}.${sum.toLowerCase()}`, version, time: null, ...read }; // one code, however its checksum is cased
}
