// A student's progress on one assignment, in localStorage: the exercises' own records
// (progress.js, lesson "assign-<id>") and, per task, the answers given and the games won.

import { progress } from "../exercises/progress.js";

const KEY = "grundy-classroom";

function readAll() {
  try {
    return JSON.parse(localStorage.getItem(KEY) || "{}") || {};
  } catch {
    return {};
  }
}

export class AssignmentStore {
  constructor(id) {
    this.id = id;
    this.lesson = `assign-${id}`;
  }

  /** {answers: {task: answer}, play: {task: {solved, attempts, answer}}, name}. */
  get data() {
    return readAll()[this.id] || { answers: {}, play: {}, name: "" };
  }

  update(fn) {
    const all = readAll();
    all[this.id] = fn(this.data);
    try { localStorage.setItem(KEY, JSON.stringify(all)); } catch { /* private mode: keep going */ }
  }

  /** The result of task i ({solved, attempts, hints, answer}). */
  result(i, task) {
    const data = this.data;
    if (task.kind === "play") return { solved: false, attempts: 0, hints: 0, answer: "", ...data.play[i] };
    const record = progress.get(this.lesson, `t${i}`);
    return { solved: Boolean(record.solved), attempts: record.attempts || 0, hints: record.hints || 0,
             answer: data.answers[i] ?? "" };
  }
}
