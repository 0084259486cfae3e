// A student's work on one assignment, in localStorage: per task the evidence the result
// code carries (the answer that solved it, else the last one tried; the attempts; whether
// the answer was shown or teacher mode was on), the hints from the exercises' own records
// (progress.js, lesson "assign-<id>"), and the student's name.

import { progress } from "../exercises/progress.js";

const KEY = "grundy-classroom";

function readAll() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    return {};
  }
}

/** How many of `results` (AssignmentStore.result's) are solved: the one count of the
 *  student's page (its progress line, the hand-in and the answer sheet). */
export const solvedCount = (results) => results.filter((r) => r.solved).length;

/** A "change" event after every update (the progress line redraws). */
export class AssignmentStore extends EventTarget {
  constructor(id) {
    super();
    this.id = id;
    this.lesson = `assign-${id}`;
  }

  /** {tasks: {i: {answer, right, attempts, hints, shown, teacher}}, name, handedIn (a
   *  test's answers are shown once it is true)}. */
  get data() {
    return { tasks: {}, name: "", ...readAll()[this.id] };
  }

  update(fn) {
    const all = readAll();
    all[this.id] = fn(this.data);
    try { localStorage.setItem(KEY, JSON.stringify(all)); } catch { /* private mode: keep going */ }
    this.dispatchEvent(new Event("change"));
  }

  /** Task i's record (earlier versions kept `answers` and `play`: read as last tries). */
  task(i) {
    const data = this.data;
    const old = data.play?.[i] || (data.answers?.[i] !== undefined ? { answer: data.answers[i] } : {});
    return { answer: "", right: false, attempts: 0, hints: 0, shown: false, teacher: false,
             ...(old.solved ? { answer: old.answer, right: true } : old.answer ? { answer: old.answer } : {}),
             ...data.tasks[i] };
  }

  /** Change task i's record with fn. */
  change(i, fn) {
    const record = fn(this.task(i));
    this.update((d) => ({ ...d, tasks: { ...d.tasks, [i]: record } }));
  }

  /** An attempt at task i: counted; its answer kept unless an earlier one was right. */
  attempt(i, answer, right) {
    this.change(i, (r) => ({ ...r, attempts: r.attempts + 1, ...(r.right ? {} : { answer, right }) }));
  }

  /** Task i's result for the code: {answer, attempts, hints, shown, teacher, solved}. */
  result(i, task) {
    const r = this.task(i);
    const hints = task.kind === "play" ? r.hints : Math.max(r.hints, progress.get(this.lesson, `t${i}`).hints || 0);
    return { answer: r.answer, attempts: r.attempts, hints, shown: r.shown, teacher: r.teacher, solved: r.right };
  }
}
