// The classroom's codes: an assignment in the address (#a=v1.<base64url JSON>) and a
// student's result code (v1.<base64url JSON>.<checksum>). Each is read by its version, so
// old links keep working. The checksum (FNV-1a, 32 bits) stops accidental edits, not forgers.

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

function checkTask(task) {
  const ok = task && KINDS.includes(task.kind) && typeof task.game === "string"
    && task.params && typeof task.params === "object" && Array.isArray(task.pos)
    && task.pos.every((n) => Number.isInteger(n) && n >= 0)
    && (task.kind !== "pn-table" || (Number.isInteger(task.max) && task.max >= 1 && task.max <= MAX_TABLE));
  if (!ok) throw new Error("task");
  return task;
}

/** {title, due, tasks: [{kind, game, params, pos, level, max}]} -> "v1.…". */
export function encodeAssignment({ title = "", due = "", tasks }) {
  const extra = (x) => (x.kind === "pn-table" ? [x.max] : x.level ? [x.level] : []);
  const compact = { t: title, d: due, k: tasks.map((x) => [x.kind, x.game, x.params, x.pos, ...extra(x)]) };
  return `v1.${toBase64(JSON.stringify(compact))}`;
}

const ASSIGNMENT_READERS = {
  v1(body) {
    const c = JSON.parse(fromBase64(body));
    if (!c || !Array.isArray(c.k) || !c.k.length) throw new Error("tasks");
    return { title: String(c.t || ""), due: String(c.d || ""),
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

/** {name, assignment: "v1.…", results: [{solved, attempts, hints, answer}]} -> "v1.….checksum". */
export function encodeResult({ name, assignment, results }) {
  const body = toBase64(JSON.stringify({ n: name, a: assignment,
    r: results.map((r) => [r.solved ? 1 : 0, r.attempts, r.hints, r.answer]) }));
  return `v1.${body}.${checksum(`v1.${body}`)}`;
}

/** A result code -> {name, assignment (decoded), code, results}; throws Error("tampered")
 *  when the checksum does not match, Error("result") when it is no result code. */
export function decodeResult(text) {
  const code = String(text).trim().replace(/\s+/g, "");
  const m = /^(v1)\.([A-Za-z0-9_-]+)\.([0-9a-fA-F]{8})$/.exec(code);
  if (!m) throw new Error("result");
  if (checksum(`${m[1]}.${m[2]}`) !== m[3].toLowerCase()) throw new Error("tampered");
  let data;
  try {
    data = JSON.parse(fromBase64(m[2]));
  } catch {
    throw new Error("result");
  }
  const assignment = decodeAssignment(data.a);
  if (typeof data.n !== "string" || !Array.isArray(data.r) || data.r.length !== assignment.tasks.length) throw new Error("result");
  const results = data.r.map(([solved, attempts, hints, answer]) => ({
    solved: solved === 1, attempts: Number(attempts) || 0, hints: Number(hints) || 0, answer: answer ?? "" }));
  return { name: data.n, assignmentCode: data.a, assignment, code, results };
}
