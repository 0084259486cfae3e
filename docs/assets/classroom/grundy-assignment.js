// <grundy-assignment>: the student's side of an assignment link (#a=v1.…, kept in the
// address: address.js): the tasks as the site's own <grundy-exercise> and <grundy-play>
// elements (teacher mode off), the evidence of each task kept per assignment (store.js:
// the answer that solved it however it was given, the attempts, the hints, a shown answer),
// and the hand-in: a name, a result code with a checksum, a link to the teacher's results
// page (also as a QR code when it fits one), and a printable answer sheet. The page is
// the student's (student-view.js): the assignment's title, its mode (a test: no help, the
// answers shown after the hand-in), what to do, and one count of the tasks solved
// (solvedCount: the progress line, the hand-in and the sheet).

import { engine } from "../widgets/engine-client.js";
import { h } from "../widgets/dom.js";
import { progress } from "../exercises/progress.js";
import { assignmentCode, keepInAddress, linkLanguages, openCode, release, toPlainAddress } from "./address.js";
import { assignmentId, decodeAssignment, encodeResult } from "./codec.js";
import { AssignmentStore, solvedCount } from "./store.js";
import { studentView } from "./student-view.js";
import { loadAnswers } from "../widgets/answers.js";
import { answerText } from "./answers.js";
import { classroomData, suggested } from "./data.js";
import { engineStatus } from "./engine-status.js";
import { blankCell, filledCell, tablesNode } from "./pntable.js";
import { tableOf, taskText, written } from "./tasks.js";
import { addStyles, say } from "./text.js";

const PLAYS_FIRST_MS = 10000; // the longest a P/N table waits for the play tasks' boards (one that cannot draw)
const ANSWER = { en: "Answer (computed by the engine)", ja: "答え (エンジンで計算)" };

class AssignmentElement extends HTMLElement {
  connectedCallback() {
    if (this.started) return;
    this.started = true;
    const code = assignmentCode();
    this.hidden = !code;
    if (code) this.open(code);
  }

  disconnectedCallback() {
    release(this);
    this.stopView?.();
    this.store?.removeEventListener("change", this.redraw);
    progress.removeEventListener("change", this.noTeacher);
    if (this.teacherWas) progress.teacher = true; // the reader's own setting, for the lessons
  }

  async open(code) {
    addStyles();
    this.lang = document.documentElement.lang.startsWith("ja") ? "ja" : "en";
    const t = this.t = say(this.lang);
    try {
      this.assignment = decodeAssignment(code);
    } catch {
      this.stopView = studentView(t("studentTitle"));
      this.replaceChildren(h("p", { class: "cr-error", role: "alert", text: t("badLink") }));
      return;
    }
    this.code = code;
    this.test = this.assignment.mode === "test";
    this.stopView = studentView(this.assignment.title || t("studentTitle"));
    this.lessonTitle = this.assignment.title || t("untitled"); // the progress panel's name for it
    keepInAddress(code, this);
    this.store = new AssignmentStore(assignmentId(code));
    this.teacherWas = progress.teacher;
    this.noTeacher = () => { // teacher mode shows every answer: not on a student's page
      if (!progress.teacher) return;
      this.assignment.tasks.forEach((_, i) => this.store.change(i, (r) => ({ ...r, teacher: true })));
      progress.teacher = false;
    };
    if (progress.teacher) progress.teacher = false;
    progress.addEventListener("change", this.noTeacher);
    const data = this.data = classroomData();
    let catalogue;
    try {
      catalogue = await engine.games(data.catalogue); // the build-time catalogue: no engine
    } catch (err) {
      this.replaceChildren(h("p", { class: "cr-error", role: "alert", text: err.message }));
      return;
    }
    const { due, mode, tasks } = this.assignment;
    const parts = [h("p", { class: "cr-mode-line", role: "note", "data-mode": mode, text: t(`modeLine.${mode}`) })];
    if (due) parts.push(h("p", { class: "cr-due-line", text: t("dueOn", { due }) }));
    parts.push(h("p", { class: "cr-todo", text: t("todo") }), this.progressLine());
    // Every task at once: the engine loads only for what the build-time data do not hold
    // (a P/N table's positions, a start that is not suggested, an exercise's check).
    this.playsDrawn = []; // the play tasks' first boards (their data first, then the engine)
    this.sections = tasks.map((task, i) => {
      const text = taskText(task, catalogue, data.players, t);
      const body = task.kind === "play" ? this.play(task, i)
        : task.kind === "pn-table" ? this.table(task, i, text) : this.exercise(task, i, text, null);
      return h("section", { class: "cr-task-box", "data-task": i },
        h("h3", { text: t("task", { i: i + 1 }) }), task.kind === "play" ? h("p", { text }) : null, body);
    });
    this.replaceChildren(...parts, ...this.sections, this.handInBox());
    this.redraw = () => this.drawCount();
    this.store.addEventListener("change", this.redraw);
    this.drawCount();
    if (this.test && this.store.data.handedIn) this.reveal();
    linkLanguages(code);
  }

  /** Every task's result for the code ({answer, attempts, hints, shown, teacher, solved}). */
  results() {
    return this.assignment.tasks.map((task, i) => this.store.result(i, task));
  }

  /** "k of n tasks solved", counted once (solvedCount) for every place that says it. */
  countText() {
    return this.t("summary", { k: solvedCount(this.results()), n: this.assignment.tasks.length });
  }

  /** The progress line above the tasks (a bar and its words). */
  progressLine() {
    this.bar = h("progress", { class: "cr-progress-bar", max: this.assignment.tasks.length, value: 0, "aria-hidden": "true" });
    this.countLine = h("span", { class: "cr-progress-text" });
    return h("p", { class: "cr-progress-line" }, this.countLine, " ", this.bar);
  }

  /** The count, where the page says it: the progress line and the hand-in's. */
  drawCount() {
    const text = this.countText();
    this.countLine.textContent = text;
    this.bar.value = solvedCount(this.results());
    this.handInCount.textContent = text;
  }

  /** A test handed in: its exercises' answers shown, kept so after a reload; the test is
   *  closed (closed()): what the student does from now on is not recorded, so a later
   *  hand-in (a name mistyped) gives the same results, none of them "answer shown". */
  reveal() {
    this.store.update((d) => ({ ...d, handedIn: true }));
    this.revealed = true;
    for (const node of this.querySelectorAll("grundy-exercise")) this.revealIn(node);
  }

  /** Whether the assignment is a test already handed in: its answers are shown. */
  closed() {
    return this.test && Boolean(this.store.data.handedIn);
  }

  /** Show the answer of exercise `node` (once its element is defined). */
  revealIn(node) {
    customElements.whenDefined("grundy-exercise").then(() => node.reveal());
  }

  /** A pn-table task: its positions are the engine's (tableOf), so the engine loads when the
   *  task is shown, with its progress (once the play tasks have drawn their boards: their
   *  data come first on a slow network); then the exercise takes the place of the wait. */
  table(task, i, text) {
    const box = h("div", { class: "cr-table-wait" }, h("p", { class: "gx-question", text }));
    const status = engineStatus(this.lang, () => load());
    box.append(status.element);
    const load = () => tableOf(task, this.lang).then((table) => {
      status.stop();
      box.replaceWith(this.exercise(task, i, text, table));
    }, (err) => {
      if (engine.status !== "failed") { // the engine refuses the table: say why
        status.stop();
        box.append(h("p", { class: "cr-error", role: "alert", text: err.message }));
      }
    });
    const drawn = customElements.whenDefined("grundy-play").then(() => Promise.all(this.playsDrawn));
    Promise.race([drawn, new Promise((resolve) => { setTimeout(resolve, PLAYS_FIRST_MS); })]).then(load);
    return box;
  }

  /** A <grundy-exercise> of the task (a pn-table's `table` from tableOf: its blank cells,
   *  and its answer drawn in the folded answer, which the element checks against). */
  exercise(task, i, text, table) {
    const answer = h("details", { class: "gx-answer" }, h("summary", { text: ANSWER[this.lang] }));
    if (table) {
      const truth = new Map(table.positions.map((pos, k) => [pos.join(","), table.truth[k]]));
      answer.append(tablesNode(table, (pos) => filledCell(pos, truth.get(pos.join(",")))));
    }
    const node = h("grundy-exercise", { class: "grundy-exercise", "data-kind": task.kind, "data-game": task.game,
      "data-params": JSON.stringify(task.params), "data-pos": task.pos.join(" "), "data-lesson": this.store.lesson,
      "data-id": `t${i}`, "data-lang": this.lang, "data-max": task.max, "data-lesson-title": this.lessonTitle,
      "data-test": this.test ? "true" : null },
    h("div", { class: "gx-static" }, h("p", { class: "gx-question", text }),
      task.kind === "find-move" ? h("figure", { class: "grundy-picture" }) : null,
      table ? tablesNode(table, blankCell) : null, answer));
    const given = () => {
      if (table) {
        const cells = new Map([...node.querySelectorAll(".gx-static td.gx-cell")].map((td) => [td.dataset.pos, td.dataset.value]));
        return table.positions.map((pos) => cells.get(pos.join(",")) || "-").join("");
      }
      return task.kind === "find-move" ? node.querySelector(".gx-moves")?.value
        : /^\d+$/.test(node.querySelector(".gx-value")?.value.trim() || "") ? String(Number(node.querySelector(".gx-value").value)) : "";
    };
    // Every way the exercise checks an answer (its buttons, Enter in the value field, Enter
    // or Space on a move of the board), seen before the exercise acts on it.
    const attempt = async (answer) => {
      if (!answer || this.closed()) return;
      let right;
      if (table) right = answer === table.truth;
      else {
        const state = await node.state();
        right = task.kind === "grundy-value" ? Number(answer) === state.grundy
          : answer === "none" ? !state.winning : state.moves.some((m) => m.to.join(",") === answer && m.outcome === "P");
      }
      this.store.attempt(i, answer, right);
    };
    node.addEventListener("click", (e) => {
      if (e.target.closest(".gx-none")) attempt("none");
      else if (e.target.closest(".gx-check")) attempt(given());
      else if (e.target.closest(".gx-show") && !e.target.closest(".gx-show").disabled) {
        this.store.change(i, (r) => ({ ...r, shown: true }));
      }
    }, true);
    node.addEventListener("keydown", (e) => {
      if (e.key === "Enter" && e.target.closest(".gx-value")) attempt(given());
      const move = e.target.closest?.(".gx-static .move");
      if (move && (e.key === "Enter" || e.key === " ")) attempt(move.getAttribute("data-to"));
    }, true);
    if (this.revealed) this.revealIn(node); // a table that came after the hand-in
    if (table) return node; // its answer is drawn already
    // The folded answer, from the exercise's state when it is first opened (not before:
    // the state may need the engine).
    answer.addEventListener("toggle", () => {
      if (!answer.open || answer.dataset.filled) return;
      answer.dataset.filled = "true";
      node.state().then((state) => {
        const wins = state.moves.filter((m) => m.outcome === "P");
        answer.append(task.kind === "grundy-value" ? h("p", { text: `G${written(task.pos)} = ${state.grundy}` })
          : wins.length ? h("ul", {}, wins.map((m) => h("li", { text: `${m.text} → ${written(m.to)}` })))
            : h("p", { text: this.t("none") }));
      }, () => { delete answer.dataset.filled; });
    });
    return node;
  }

  /** A <grundy-play> held at the task's start and level; each finished game is recorded.
   *  The game is the page's first content: its element's module and its first moves (a
   *  suggested start's data) are fetched at once, not once the page has loaded (widgets.js). */
  play(task, i) {
    const answers = suggested(this.data, task)?.answers;
    if (answers) loadAnswers(answers); // the widget finds them fetched (answers.js keeps them)
    import("../widgets/grundy-play.js").catch(() => {}); // else widgets.js defines it later
    const node = h("grundy-play", { "data-game": task.game, "data-params": JSON.stringify(task.params),
                                    "data-start": task.pos.join(" "), "data-lang": this.lang,
                                    "data-catalogue": this.data.catalogue, "data-answers": answers,
                                    "data-locked": this.test ? "true" : null });
    const badge = h("span", { class: "gx-badge cr-won", text: this.t("won"), hidden: !this.store.task(i).right });
    const helped = () => this.store.change(i, (r) => ({ ...r, hints: r.hints + 1 }));
    node.addEventListener("change", (e) => { if (e.target.closest(".gw-hints")?.checked) helped(); });
    node.addEventListener("click", (e) => { if (e.target.closest(".gx-explain, .gw-undo, .gw-tryagain")) helped(); }, true);
    this.playsDrawn.push(new Promise((resolve) => {
      new MutationObserver((_, observer) => {
        if (!node.dataset.turn) return;
        observer.disconnect();
        resolve();
      }).observe(node, { attributes: true, attributeFilter: ["data-turn"] });
    }));
    let recorded = null;
    new MutationObserver(() => {
      const choice = node.levelChoice;
      if (choice && node.dataset.level && node.dataset.level !== task.level && node.dataset.moves === "0"
          && choice.find(task.level)) {
        choice.select.value = task.level;
        choice.select.dispatchEvent(new Event("change"));
      }
      if (!node.dataset.winner || recorded === node.history || this.closed()) return;
      recorded = node.history;
      const setup = node.setup;
      const path = node.history.map((step) => step.pos.join(".")).join(">");
      const won = node.dataset.winner === "you" && setup.level === task.level && setup.humanFirst
        && !setup.misere && !setup.pass && node.history[0].pos.join(",") === task.pos.join(",");
      if (node.hintsBox?.checked) this.store.change(i, (r) => ({ ...r, hints: Math.max(r.hints, 1) }));
      this.store.attempt(i, path, won);
      // the lessons' progress counts it as a task of the assignment (data-lesson, data-id)
      progress.update(this.store.lesson, `t${i}`, (r) => ({ ...r, attempts: r.attempts + 1, solved: r.solved || won }));
      badge.hidden = !this.store.task(i).right;
    }).observe(node, { attributes: true, attributeFilter: ["data-level", "data-winner", "data-moves"] });
    return h("div", { class: "cr-play", "data-lesson": this.store.lesson, "data-id": `t${i}` }, badge, node);
  }

  handInBox() {
    const t = this.t;
    const name = h("input", { type: "text", class: "cr-name", size: 24, autocomplete: "name",
                              value: this.store.data.name || "" });
    const message = h("p", { class: "cr-error", role: "alert" });
    const out = h("div", { class: "cr-handed", hidden: true });
    const done = h("p", { class: "cr-said", role: "status" });
    const handIn = async () => {
      const who = name.value.trim();
      if (!who) {
        message.textContent = t("needName");
        name.focus();
        return;
      }
      message.textContent = "";
      this.store.update((d) => ({ ...d, name: who }));
      this.qrSvg ||= (await import("./qr.js")).qrSvg; // at the hand-in only: not before the tasks
      const results = this.results();
      const code = encodeResult({ name: who, assignment: this.code, results });
      const link = new URL(`../results/#r=${code}`, location.href).href;
      const box = h("textarea", { class: "cr-code", readonly: true, rows: 4, spellcheck: "false", id: "cr-code-box" }, code);
      out.replaceChildren(h("p", {}, h("label", { for: box.id, text: t("codeIntro") })), box,
        h("p", {}, h("a", { class: "cr-result-link", href: link, text: t("resultsLink") })),
        this.qr(link),
        h("button", { type: "button", class: "md-button cr-print", text: t("print"), onclick: () => window.print() }),
        this.sheet(who, results, code, link));
      out.hidden = false;
      done.textContent = this.test ? `${t("handedIn")} ${t("revealed")}` : t("handedIn");
      if (this.test) this.reveal();
      box.focus(); // the next step: copy the code (or follow the link below it)
      box.select();
    };
    this.handInCount = h("p", { class: "cr-handin-count" });
    return h("section", { class: "cr-handin grundy-widget" }, h("h3", { text: t("handIn") }), this.handInCount,
      h("label", { class: "cr-field" }, t("name"), " ", name),
      h("button", { type: "button", class: "md-button md-button--primary cr-handin-button", text: t("handIn"), onclick: handIn }),
      message, done, out);
  }

  /** The link to the teacher's results page as a QR code, with a caption; when the link is
   *  too long for one QR code, a note saying to hand in the code instead. */
  qr(link) {
    const svg = this.qrSvg(link, this.t("qrLabel"));
    if (!svg) return h("p", { class: "cr-qr-none", role: "note", text: this.t("qrTooLong", { n: link.length }) });
    const figure = h("figure", { class: "cr-qr" }, h("figcaption", { text: this.t("qrCaption") }));
    figure.insertAdjacentHTML("afterbegin", svg);
    return figure;
  }

  /** The one-page answer sheet (printed alone by the print stylesheet). */
  sheet(who, results, code, link) {
    const t = this.t;
    const { title, due, tasks } = this.assignment;
    return h("div", { class: "cr-sheet" },
      h("h2", { text: `${t("sheet")}${title ? `: ${title}` : ""}` }),
      h("p", { class: "cr-sheet-summary" }, `${t("student")}: ${who}${due ? ` · ${t("dueOn", { due })}` : ""} · `,
        h("span", { class: "cr-sheet-count", text: t("summary", { k: solvedCount(results), n: tasks.length }) }),
        ` · ${t("modeIs", { mode: t(`modeName.${this.assignment.mode}`) })}`),
      h("table", { class: "cr-sheet-table" },
        h("thead", {}, h("tr", {}, [t("task", { i: "" }).trim(), t("solved"), t("attempts"), t("hints"), t("answer")].map((s) => h("th", { text: s })))),
        h("tbody", {}, results.map((r, i) => h("tr", {},
          h("td", { text: String(i + 1) }), h("td", { text: `${r.solved ? `✓ ${t("solved")}` : t("notSolved")}${r.shown ? ` (${t("shown")})` : ""}` }),
          h("td", { text: String(r.attempts) }), h("td", { text: String(r.hints) }),
          h("td", { text: answerText(tasks[i], r.answer, t) }))))),
      h("p", { class: "cr-sheet-code", text: code }), this.qr(link));
  }
}

// Opening another assignment's link on this page (only the address's fragment changes).
addEventListener("hashchange", () => {
  const code = location.hash.startsWith("#a=") ? assignmentCode() : "";
  if (code && code !== openCode()) location.reload();
  else if (!location.hash && openCode()) toPlainAddress(); // back to the plain address
});
if (!customElements.get("grundy-assignment")) customElements.define("grundy-assignment", AssignmentElement);
