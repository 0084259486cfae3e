// <grundy-assign>: the teacher's form. Choose tasks (a game of the engine's catalogue with
// its parameters, a position, and the task: find a winning move, the Grundy value, win
// against a computer level, or fill in a P/N table up to a bound), an optional title and
// due date (a game against the perfect computer from a P-position, which no student can
// win, is refused next to the position); get one link holding the assignment (#a=v1.…). The form says whether a
// student's result will fit in one QR code; its draft is kept in localStorage until the
// next one. A task already in the list is refused beside the button, saying which task it
// repeats; the first task waits for the engine, its load shown there (engine-status.js).
// Hidden when the page shows a student's assignment.

import { engine } from "../widgets/engine-client.js";
import { GameControls, defaultStart, parseStart } from "../widgets/catalogue.js";
import { ascii, field, h, setFieldError } from "../widgets/dom.js";
import { langOf, translator } from "../widgets/i18n.js";
import { assignmentCode, openCode } from "./address.js";
import { MAX_TABLE, MAX_TASKS, encodeAssignment } from "./codec.js";
import { classroomData, levelsOfGame, startsOf } from "./data.js";
import { modeChoice } from "./mode-choice.js";
import { ask, levelsOf, tableOf, taskText } from "./tasks.js";
import { addStyles, say } from "./text.js";
import { engineStatus } from "./engine-status.js";

const MAX_CELLS = 100; // a P/N table's cells, each filled by hand
const QR_BYTES = 2331; // the most a QR code holds (version 40, level M, bytes)
const DRAFT = "grundy-classroom-draft";
const NAME = 30; // the letters of a long student's name, for the estimate

function readDraft() {
  try {
    const draft = JSON.parse(localStorage.getItem(DRAFT) || "null");
    if (!draft || !Array.isArray(draft.tasks)) return null;
    const tasks = draft.tasks.filter((x) => x && typeof x.game === "string" && x.params && Array.isArray(x.pos));
    return { title: String(draft.title || ""), due: String(draft.due || ""), mode: draft.mode, tasks };
  } catch {
    return null;
  }
}

/** What makes a task the same task: its kind, game, parameters (in any order), position,
 *  opponent (play) and bound (P/N table). */
function taskKey(task) {
  const params = Object.keys(task.params).sort().map((k) => [k, task.params[k]]);
  return JSON.stringify([task.kind, task.game, params, task.pos, task.kind === "play" ? task.level : "",
                         task.kind === "pn-table" ? task.max : null]);
}

class AssignElement extends HTMLElement {
  async connectedCallback() {
    if (this.started) return;
    this.started = true;
    this.hidden = Boolean(openCode() || assignmentCode()); // a student's link: the assignment instead
    if (this.hidden) return;
    addStyles();
    this.classList.add("grundy-widget");
    this.lang = langOf(this);
    this.t = say(this.lang);
    this.wt = translator(this.lang);
    this.tasks = readDraft()?.tasks || [];
    this.data = classroomData();
    try {
      this.catalogue = await engine.games(this.data.catalogue); // the build-time catalogue: no engine
    } catch (err) {
      this.replaceChildren(h("p", { class: "cr-error", role: "alert", text: err.message }));
      return;
    }
    this.build();
  }

  build() {
    const t = this.t;
    const first = Object.keys(this.catalogue)[0];
    this.controls = new GameControls({ t: this.wt, lang: this.lang, catalogue: this.catalogue, game: first, params: {},
      onChange: (name) => { this.posInput.value = defaultStart(this.catalogue, name, {}); this.showFields(); } });
    this.kind = h("select", { class: "cr-kind" },
      ["find-move", "grundy-value", "pn-table", "play"].map((k) => h("option", { value: k, text: t(`kind.${k}`) })));
    this.posInput = h("input", { type: "text", class: "cr-pos", size: 12, value: defaultStart(this.catalogue, first, {}),
                                 spellcheck: "false", autocomplete: "off" });
    this.level = h("select", { class: "cr-level" });
    this.levelField = field(t("level"), this.level, "cr-level-field");
    this.posField = field(t("pos"), this.posInput);
    this.max = h("input", { type: "number", class: "cr-max", min: 1, max: MAX_TABLE, value: 4, inputmode: "numeric" });
    this.maxField = field(t("upTo"), this.max, "cr-max-field");
    this.kind.addEventListener("change", () => this.showFields());
    this.controls.element.addEventListener("change", (e) => { // a parameter (the game: onChange)
      if (e.target !== this.controls.select) this.showFields();
    });
    this.startNote = h("p", { class: "cr-start-note", role: "status" });
    this.posInput.addEventListener("input", () => this.showStart());
    this.list = h("ol", { class: "cr-tasks" });
    const draft = readDraft();
    this.titleInput = h("input", { type: "text", class: "cr-title", size: 30, value: draft?.title || "" });
    this.due = h("input", { type: "date", class: "cr-due", value: draft?.due || "" });
    this.titleInput.addEventListener("input", () => this.saveDraft());
    this.due.addEventListener("change", () => this.saveDraft());
    this.mode = modeChoice(t, draft?.mode, () => this.saveDraft()); // practice or a test
    this.fit = h("p", { class: "cr-fit", role: "status" });
    this.message = h("p", { class: "cr-error", role: "alert" });
    this.output = h("div", { class: "cr-output", hidden: true });
    this.said = h("p", { class: "cr-said", role: "status" }); // a task added or removed, the link made
    this.addButton = h("button", { type: "button", class: "md-button cr-add", text: t("add"), onclick: () => this.add() });
    this.sameNote = h("p", { class: "cr-same", role: "alert" }); // a task already in the list
    this.engineBox = h("div", { class: "cr-engine-box" }); // the engine's load, while a task waits for it
    this.replaceChildren(
      h("fieldset", { class: "cr-form cr-about" }, h("legend", { text: t("about") }),
        field(t("title"), this.titleInput), field(t("due"), this.due)), this.mode.element,
      h("fieldset", { class: "cr-form cr-new" }, h("legend", { text: t("newTask") }), this.controls.element,
        field(t("kind"), this.kind), this.posField, this.maxField, this.levelField, this.startNote, this.addButton,
        this.sameNote, this.engineBox),
      this.said, this.list, this.fit, this.message,
      h("button", { type: "button", class: "md-button md-button--primary cr-make", text: t("make"), onclick: () => this.make() }),
      this.output);
    const changed = () => this.markSame(null);
    this.addButton.closest("fieldset").addEventListener("input", changed);
    this.addButton.closest("fieldset").addEventListener("change", changed);
    this.showFields();
    this.drawList();
  }

  /** The fields of the chosen kind: a position, or a table's bound; an opponent for play. */
  async showFields() {
    const play = this.kind.value === "play";
    this.levelField.hidden = !play;
    this.posField.hidden = this.kind.value === "pn-table";
    this.maxField.hidden = !this.posField.hidden;
    const chosen = this.chosen = this.controls.read();
    this.showStart();
    if (!play || !chosen) return;
    try {
      const levels = levelsOfGame(this.data, chosen.game) || await levelsOf(chosen, this.lang);
      this.level.replaceChildren(...levels.map((l) => h("option", { value: l.name, text: l.title[this.lang] })));
      this.level.value = "perfect";
    } catch (err) {
      this.message.textContent = err.message;
    }
  }

  /** A play task's start: whether it plays at once on a phone (its first moves come with
   *  the page, classroom_data.py), else that the engine loads first, and the starts that do. */
  showStart() {
    const chosen = this.kind.value === "play" ? this.chosen : null;
    this.startNote.hidden = !chosen;
    if (!chosen) return;
    const starts = startsOf(this.data, chosen.game, chosen.params);
    const now = starts.includes(ascii(this.posInput.value).replace(/[{}(),、]/g, " ").trim().split(/\s+/).join(" "));
    this.startNote.dataset.atOnce = String(now);
    const choose = (start) => () => {
      this.posInput.value = start;
      setFieldError(this.posInput, "");
      this.showStart();
    };
    this.startNote.replaceChildren(this.t(now ? "startNow" : "startLater"), now || !starts.length ? ""
      : h("span", { class: "cr-suggestions" }, this.t("startsNow"), starts.flatMap((start) => [" ",
        h("button", { type: "button", class: "md-button cr-suggest", text: start, onclick: choose(start) })])));
  }

  /** "Add the task", one at a time: a click while a task waits for the engine does nothing.
   *  The first task waits for the engine to load: its progress is shown beside the button
   *  (a failure with Try again, which then adds the task). */
  async add() {
    if (this.adding) return;
    this.adding = true;
    this.addButton.setAttribute("aria-disabled", "true");
    try {
      await this.addTask();
    } finally {
      this.adding = false;
      this.addButton.removeAttribute("aria-disabled");
      if (engine.status !== "failed") { // else its Try again stays, and adds the task once loaded
        this.status?.stop();
        this.status = null;
        this.engineBox.replaceChildren();
      }
    }
  }

  /** Before a task's question to the engine: its load shown beside the button unless it is
   *  ready (once only: a failed load's Try again calls add() again). */
  showLoad() {
    if (engine.status === "ready") return;
    this.status?.stop();
    this.status = engineStatus(this.lang, () => this.add());
    this.engineBox.replaceChildren(this.status.element, h("p", { class: "cr-engine-wait", text: this.t("engineWait") }));
    this.engineBox.scrollIntoView({ block: "nearest" }); // in view under the button, on a phone too
  }

  /** The task of the form added to the list, unless the engine refuses it or the list has it. */
  async addTask() {
    const chosen = this.controls.read();
    if (!chosen) return;
    if (this.tasks.length >= MAX_TASKS) {
      this.message.textContent = this.t("tooMany", { max: MAX_TASKS });
      return;
    }
    if (this.kind.value === "pn-table") {
      await this.addTable(chosen);
      return;
    }
    let pos;
    try {
      pos = parseStart(this.posInput.value, this.catalogue, chosen.game, chosen.params, this.wt);
      setFieldError(this.posInput, "");
    } catch (err) {
      setFieldError(this.posInput, err.message);
      return;
    }
    const task = { kind: this.kind.value, ...chosen, pos, level: this.kind.value === "play" ? this.level.value : "" };
    if (this.refuseSame(task)) return;
    let state;
    this.showLoad();
    try {
      state = await ask(task, { op: "state", pos }, this.lang);
    } catch (err) {
      if (engine.status !== "failed") setFieldError(this.posInput, err.message); // the engine refuses the position
      return;
    }
    if (task.kind === "play" && task.level === "perfect" && state.outcome === "P") {
      setFieldError(this.posInput, this.t("unwinnable")); // the student moves first: lost against perfect play
      return;
    }
    const written = pos.join(".").length + 1;
    const answerSize = { "find-move": written, "grundy-value": 3, play: written * (2 * (state.remoteness ?? 10) + 1) }[task.kind];
    this.tasks.push({ ...task, answerSize,
                      levels: task.kind === "play" ? [...this.level.options].map((o) => ({ name: o.value, title: { [this.lang]: o.text } })) : null });
    this.added();
  }

  /** A task was added: the list drawn again and what was added said. */
  added() {
    const task = this.tasks[this.tasks.length - 1];
    this.message.textContent = "";
    this.drawList();
    this.said.textContent = this.t("taskAdded", { i: this.tasks.length, text: taskText(task, this.catalogue, task.levels, this.t) });
  }

  /** Whether `task` is already in the list: then said beside the button (which task), the
   *  list's task marked, and the form kept as it is. */
  refuseSame(task) {
    const i = this.tasks.findIndex((other) => taskKey(other) === taskKey(task));
    this.markSame(i < 0 ? null : i);
    if (i < 0) return false;
    this.sameNote.textContent = this.t("sameTask", { i: i + 1, text: taskText(this.tasks[i], this.catalogue, this.tasks[i].levels, this.t) });
    return true;
  }

  /** Mark task i of the list as the one the form repeats (null: none, the note cleared). */
  markSame(i) {
    if (i === null) this.sameNote.textContent = "";
    this.list.querySelectorAll(".cr-task").forEach((li, k) => li.classList.toggle("cr-task-same", k === i));
  }

  /** Remove task i, say so and put the focus on the next task's Remove (else Add the task). */
  remove(i) {
    this.tasks.splice(i, 1);
    this.drawList();
    this.said.textContent = this.t("taskRemoved", { i: i + 1, n: this.tasks.length });
    (this.list.querySelectorAll(".cr-remove")[i] || this.addButton).focus();
  }

  /** A P/N table up to the bound, if the engine draws it and it has at most MAX_CELLS cells. */
  async addTable(chosen) {
    const max = Number(this.max.value);
    const task = { kind: "pn-table", ...chosen, pos: [], level: "", max };
    let n;
    if (!Number.isInteger(max) || max < 1 || max > MAX_TABLE) {
      setFieldError(this.max, `1 – ${MAX_TABLE}`);
      return;
    }
    if (this.refuseSame(task)) return;
    this.showLoad();
    try {
      n = (await tableOf(task, this.lang)).positions.length;
      if (n > MAX_CELLS) throw new Error(this.t("tooBig", { n, max: MAX_CELLS }));
      setFieldError(this.max, "");
    } catch (err) {
      if (engine.status !== "failed") setFieldError(this.max, err.message);
      return;
    }
    this.tasks.push({ ...task, answerSize: n });
    this.added();
  }

  saveDraft() {
    const draft = { title: this.titleInput.value, due: this.due.value, mode: this.mode.value, tasks: this.tasks };
    try { localStorage.setItem(DRAFT, JSON.stringify(draft)); } catch { /* private mode: this visit only */ }
  }

  /** The longest result link a student may hand in for `tasks` (answers at their longest). */
  resultLength(tasks) {
    const code = encodeAssignment({ title: this.titleInput.value.trim(), due: this.due.value, mode: this.mode.value, tasks });
    const assignment = ((code.length - 3) * 3) / 4; // its JSON, as the result code holds it
    const answers = tasks.reduce((sum, task) => sum + (task.answerSize || 3) + 16, 0); // ["…",99,9,3,1],
    const base = new URL("../results/#r=v3..00000000", location.href).href.length;
    const frame = 20 + 16; // {"n":"","a":,"r":[]} and ,"t":1764250000 (the time of the hand-in)
    return base + Math.ceil((NAME * 3 + frame + assignment + answers) * 4 / 3);
  }

  /** Whether a student's result fits in one QR code, and about how many such tasks would. */
  showFit() {
    const n = this.tasks.length;
    this.fit.hidden = !n;
    if (!n) return;
    const empty = this.resultLength([]);
    const each = (this.resultLength(this.tasks) - empty) / n;
    const k = Math.max(0, Math.floor((QR_BYTES - empty) / each));
    const fits = this.resultLength(this.tasks) <= QR_BYTES;
    this.fit.textContent = this.t(fits ? "fits" : "noFit", { k });
    this.fit.dataset.fits = String(fits);
  }

  drawList() {
    const t = this.t;
    this.saveDraft();
    this.showFit();
    this.list.replaceChildren(...(this.tasks.length ? this.tasks.map((task, i) => h("li", { class: "cr-task" },
      h("span", { text: taskText(task, this.catalogue, task.levels, t) }), " ",
      h("button", { type: "button", class: "md-button cr-remove", text: t("remove"),
                    "aria-label": `${t("remove")}: ${t("task", { i: i + 1 })}`, onclick: () => this.remove(i) })))
      : [h("li", { class: "cr-none", text: t("noTasks") })]));
    this.markSame(null); // the numbers may have changed
  }

  make() {
    const t = this.t;
    if (!this.tasks.length || this.tasks.length > MAX_TASKS) {
      this.message.textContent = this.tasks.length ? t("tooMany", { max: MAX_TASKS }) : t("needTask");
      return;
    }
    const code = encodeAssignment({ title: this.titleInput.value.trim(), due: this.due.value, mode: this.mode.value,
                                    tasks: this.tasks });
    const url = new URL(location.href);
    url.search = "";
    url.hash = `a=${code}`;
    const box = h("input", { type: "text", class: "cr-link", readonly: true, value: url.href, id: "cr-link-box" });
    const note = h("span", { class: "cr-note", role: "status" });
    this.output.replaceChildren(h("p", {}, h("label", { for: box.id, text: t("link") })), box,
      h("button", { type: "button", class: "md-button cr-copy", text: t("copy"), onclick: async () => {
        box.select();
        try { await navigator.clipboard.writeText(box.value); note.textContent = t("copied"); } catch { /* selected: copy by hand */ }
      } }), " ", note,
      h("p", {}, h("a", { href: url.href, class: "cr-open", text: url.href.length > 80 ? `${url.href.slice(0, 77)}…` : url.href })));
    this.output.hidden = false;
    this.said.textContent = t("made");
    box.focus(); // the next step: copy the link
    box.select();
  }
}

if (!customElements.get("grundy-assign")) customElements.define("grundy-assign", AssignElement);
