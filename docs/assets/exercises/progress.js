// Progress in the browser (localStorage): per lesson, per exercise {solved, attempts,
// hints, found: [...moves], rule}; export to and import from a JSON file; teacher mode.
// A "change" event on `progress` after every update (the panels redraw).

const KEY = "grundy-exercises";
const TEACHER_KEY = "grundy-teacher";
const FORMAT = "grundy-exercises/1";

function read() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "null");
    if (data && data.format === FORMAT && typeof data.lessons === "object") return data;
  } catch { /* unreadable: start afresh */ }
  return { format: FORMAT, lessons: {} };
}

class Progress extends EventTarget {
  #write(data) {
    try { localStorage.setItem(KEY, JSON.stringify(data)); } catch { /* private mode: keep going */ }
    this.dispatchEvent(new Event("change"));
  }

  lesson(name) {
    return read().lessons[name] || { total: 0, exercises: {} };
  }

  get(lesson, id) {
    return this.lesson(lesson).exercises[id] || { solved: false, attempts: 0, hints: 0, found: [] };
  }

  /** Apply fn to the exercise's record and save it. */
  update(lesson, id, fn) {
    const data = read();
    const entry = data.lessons[lesson] ||= { total: 0, exercises: {} };
    entry.exercises[id] = fn({ ...this.get(lesson, id) });
    this.#write(data);
  }

  /** Remember how many exercises a lesson page has (for "k of n") and its title in `lang`. */
  setTotal(lesson, total, lang, title) {
    const data = read();
    const entry = data.lessons[lesson] ||= { total: 0, exercises: {} };
    if (entry.total === total && entry.titles?.[lang] === title) return;
    entry.total = total;
    entry.titles = { ...entry.titles, [lang]: title };
    this.#write(data);
  }

  /** [{name, titles, total, solved}] for every lesson with exercises seen in this browser. */
  summary() {
    return Object.entries(read().lessons).map(([name, entry]) => ({
      name, titles: entry.titles || {}, total: entry.total,
      solved: Object.values(entry.exercises).filter((e) => e.solved).length,
    }));
  }

  exportText() {
    return JSON.stringify(read(), null, 2);
  }

  /** Merge an exported file; throws on a file of another kind. Solved stays solved. */
  importText(text) {
    const incoming = JSON.parse(text);
    if (!incoming || incoming.format !== FORMAT || typeof incoming.lessons !== "object") {
      throw new Error("format");
    }
    const data = read();
    for (const [name, entry] of Object.entries(incoming.lessons)) {
      const mine = data.lessons[name] ||= { total: 0, exercises: {} };
      mine.total = Math.max(mine.total, Number(entry.total) || 0);
      for (const [id, record] of Object.entries(entry.exercises || {})) {
        const old = mine.exercises[id] || {};
        mine.exercises[id] = { ...old, ...record, solved: Boolean(old.solved || record.solved) };
      }
    }
    this.#write(data);
  }

  get teacher() {
    try { return localStorage.getItem(TEACHER_KEY) === "1"; } catch { return false; }
  }

  set teacher(on) {
    try { localStorage.setItem(TEACHER_KEY, on ? "1" : "0"); } catch { /* ignore */ }
    this.dispatchEvent(new Event("change"));
  }
}

export const progress = new Progress();
