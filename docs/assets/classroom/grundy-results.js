// <grundy-results>: the teacher's class results, kept only on this device (localStorage).
// Result codes are pasted (whatever whitespace or line breaks split them), dropped as files,
// or come in the address (#r=CODE); a refused code says why (cut short, damaged in copying,
// changed after it was made, ...). Every answer is re-checked by the engine, and only what
// it verifies counts: the totals, the sorting and the CSV. A table student × task, each row
// with the time of its hand-in (codes since v3), a student's newest hand-in marked; clearing
// the results can be undone. A code carries its own copy of the assignment: each table lists
// its tasks, and says so when another table has the same title but other tasks. A wrong P/N
// table is drawn as a grid, its wrong cells (by the engine's table) marked. The table shares
// the page's width on a desktop; on a phone it scrolls sideways, the names kept in view.

import { engine } from "../widgets/engine-client.js";
import { h } from "../widgets/dom.js";
import { assignmentId, decodeResult } from "./codec.js";
import { answerText } from "./answers.js";
import { levelsOf, recheck, tableOf, taskText, written } from "./tasks.js";
import { tablesNode } from "./pntable.js";
import { addStyles, say } from "./text.js";

const KEY = "grundy-classroom-results";
const CLEARED = "grundy-classroom-results-cleared"; // the codes of the last "Clear", for Undo

function stored(key) {
  try {
    const list = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(list) ? list.filter((c) => typeof c === "string") : [];
  } catch {
    return [];
  }
}

function save(key, codes) {
  try {
    if (codes.length || key === KEY) localStorage.setItem(key, JSON.stringify(codes));
    else localStorage.removeItem(key);
  } catch { /* private mode: this visit only */ }
}

/** One CSV field; text a spreadsheet would run as a formula (a name "=HYPERLINK(…)") starts
 *  with an apostrophe. */
function csvField(value) {
  const text = typeof value === "string" && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const REASONS = ["incomplete", "damaged", "changed", "version", "result", "assignment"]; // text.js's why.*

const START = /^v\d+\./;
const WHOLE = /^v\d+\.[A-Za-z0-9_-]+\.[0-9a-fA-F]{8}$/;
const PIECE = /^[A-Za-z0-9_.-]+$/;
const ENDS = /^\.[0-9a-fA-F]{8}$/; // a code's last 9 characters (only then is the whole code tested: long codes stay fast)

/** The result codes in `text`: any words around them skipped, a code broken over lines
 *  (as e-mail and chat wrap it) or given as a results link joined again. */
export function findCodes(text) {
  const tokens = String(text).split(/[\s,;"'<>()[\]]+/).map((w) => w.replace(/^.*#r=/, "")).filter(Boolean);
  const codes = [];
  for (let i = 0; i < tokens.length; i += 1) {
    if (!START.test(tokens[i])) continue;
    const pieces = [tokens[i]];
    let tail = tokens[i].slice(-9);
    while (!(ENDS.test(tail) && WHOLE.test(pieces.join(""))) && i + 1 < tokens.length && !START.test(tokens[i + 1])
           && PIECE.test(tokens[i + 1])) {
      pieces.push(tokens[i += 1]);
      tail = (tail + tokens[i]).slice(-9);
    }
    codes.push(pieces.join(""));
  }
  return codes;
}

/** The newest code of each name among `rows` (by the time of the hand-in; none for a name
 *  whose codes do not all say when they were handed in). */
function newestOf(rows) {
  const best = new Map();
  for (const row of rows) {
    const seen = best.get(row.name);
    if (seen === undefined) best.set(row.name, row);
    else if (seen === null || row.time === null || seen.time === null) best.set(row.name, null);
    else if (row.time > seen.time) best.set(row.name, row);
  }
  return new Set([...best.values()].filter(Boolean));
}

class ResultsElement extends HTMLElement {
  connectedCallback() {
    if (this.started) return;
    this.started = true;
    addStyles();
    this.classList.add("grundy-widget");
    this.lang = document.documentElement.lang.startsWith("ja") ? "ja" : "en";
    const t = this.t = say(this.lang);
    this.codes = stored(KEY);
    this.checks = new Map(); // "assignment|task|answer" -> the engine's verdict (a promise, then true / false)
    this.catalogue = null; // the games' titles for the lists of tasks ({} until the engine has them)
    this.levels = new Map(); // a play task's game -> its opponents' titles (null while asked)
    this.truths = new Map(); // a P/N-table task -> the engine's table (null while asked)
    this.input = h("textarea", { class: "cr-paste", rows: 4, spellcheck: "false" });
    this.message = h("div", { class: "cr-messages", role: "status", "aria-live": "polite" });
    this.status = h("p", { class: "cr-check-status", role: "status" });
    this.sort = h("select", { class: "cr-sort" }, ["name", "solved"].map((k) => h("option", { value: k, text: t(`sort.${k}`) })));
    this.sort.addEventListener("change", () => this.draw());
    this.tables = h("div", { class: "cr-results" });
    this.undoButton = h("button", { type: "button", class: "md-button cr-undo", text: t("undoClear"), onclick: () => this.undoClear() });
    const drop = h("div", { class: "cr-drop", text: t("drop") });
    drop.addEventListener("dragover", (e) => e.preventDefault());
    drop.addEventListener("drop", async (e) => {
      e.preventDefault();
      const texts = await Promise.all([...e.dataTransfer.files].map((f) => f.text()));
      this.add(texts.join("\n"));
    });
    this.replaceChildren(
      h("label", { class: "cr-field cr-paste-field" }, t("paste"), this.input),
      h("button", { type: "button", class: "md-button md-button--primary cr-read", text: t("read"), onclick: () => this.add(this.input.value) }),
      drop, this.message,
      h("div", { class: "cr-tools" }, h("label", { class: "cr-field" }, t("sortBy"), " ", this.sort),
        h("button", { type: "button", class: "md-button cr-csv", text: t("csv"), onclick: () => this.exportCsv() }),
        h("button", { type: "button", class: "md-button cr-clear", text: t("clear"), onclick: () => this.clear() }),
        this.undoButton),
      this.status, this.tables);
    if (location.hash.startsWith("#r=")) this.add(location.hash.slice(3).replace(/%([0-9A-Fa-f]{2})/g, (_, x) => String.fromCharCode(parseInt(x, 16))));
    else this.draw();
  }

  /** Read every code in `text` (findCodes). */
  add(text) {
    const t = this.t;
    const found = findCodes(text);
    const problems = [];
    let added = 0;
    if (!found.length && text.trim()) problems.push(t("rejected", { line: text.trim().slice(0, 24), why: t("why.result") }));
    for (const code of found) {
      try {
        const result = decodeResult(code);
        if (!this.codes.includes(result.code)) this.codes.push(result.code);
        added += 1;
      } catch (err) {
        problems.push(t("rejected", { line: `${code.slice(0, 16)}…`, why: t(`why.${REASONS.includes(err.message) ? err.message : "result"}`) }));
      }
    }
    save(KEY, this.codes);
    this.message.replaceChildren(...(added ? [h("p", { class: "cr-ok", text: t("added", { n: added }) })] : []),
      ...problems.map((p) => h("p", { class: "cr-error", role: "alert", text: p })));
    this.input.value = "";
    this.draw();
  }

  /** Every stored code kept aside (Undo brings them back, also after a reload). */
  clear() {
    if (!this.codes.length) return;
    save(CLEARED, this.codes);
    this.codes = [];
    save(KEY, []);
    this.message.replaceChildren(h("p", { class: "cr-ok", text: this.t("cleared") }));
    this.draw();
  }

  undoClear() {
    this.codes = [...new Set([...stored(CLEARED), ...this.codes])];
    save(KEY, this.codes);
    save(CLEARED, []);
    this.message.replaceChildren();
    this.draw();
  }

  /** Start the engine's checks not asked yet (one per assignment, task and answer: a class
   *  shares answers); a promise of their end, or null when every verdict is in. */
  checkAll(groups) {
    const waits = [];
    for (const { code, assignment, rows } of groups) {
      for (const row of rows) {
        row.results.forEach((r, i) => {
          const key = `${code}|${i}|${r.answer}`;
          if (r.answer === "" || typeof this.checks.get(key) === "boolean") return;
          if (!this.checks.has(key)) {
            this.checks.set(key, recheck(assignment.tasks[i], r.answer, this.lang).then((ok) => { this.checks.set(key, ok); return ok; }));
          }
          waits.push(this.checks.get(key));
        });
      }
    }
    return waits.length ? Promise.all(waits) : null;
  }

  /** The stored results grouped by assignment: [{code, assignment, rows: [result + counts]}]. */
  groups() {
    const groups = new Map();
    for (const code of this.codes) {
      let result;
      try {
        result = decodeResult(code);
      } catch {
        continue; // stored by an earlier version and no longer readable
      }
      if (!groups.has(result.assignmentCode)) groups.set(result.assignmentCode, { code: result.assignmentCode, assignment: result.assignment, rows: [] });
      groups.get(result.assignmentCode).rows.push(result);
    }
    return [...groups.values()];
  }

  /** The opponents of a play task's game (asked once, then drawn again), else null. */
  levelsOf(task) {
    if (task.kind !== "play") return null;
    const key = `${task.game}|${JSON.stringify(task.params)}`;
    if (!this.levels.has(key)) {
      this.levels.set(key, null);
      levelsOf(task, this.lang).then((levels) => { this.levels.set(key, levels); if (this.isConnected) this.draw(); }, () => {});
    }
    return this.levels.get(key);
  }

  /** A result's tasks judged: [{...r, ok: true | false | undefined (being checked)}]. */
  judged(group, row) {
    return row.results.map((r, i) => {
      const ok = r.answer === "" ? false : this.checks.get(`${group.code}|${i}|${r.answer}`);
      return { ...r, ok: typeof ok === "boolean" ? ok : undefined };
    });
  }

  draw() {
    const t = this.t;
    const groups = this.groups();
    this.undoButton.hidden = !stored(CLEARED).length;
    if (!groups.length) {
      this.status.textContent = "";
      this.tables.replaceChildren(h("p", { class: "cr-none", text: t("empty") }));
      return;
    }
    if (!this.catalogue) {
      this.catalogue = {};
      engine.games().then((catalogue) => { this.catalogue = catalogue; if (this.isConnected) this.draw(); }, () => {});
    }
    const pending = this.checkAll(groups);
    this.status.textContent = pending ? t("checking") : t("allChecked");
    if (pending) pending.then(() => this.isConnected && this.draw());
    const verified = (cells) => cells.filter((c) => c.ok === true).length;
    const same = (a, b) => a.trim().toLowerCase() === b.trim().toLowerCase();
    const titled = (title) => groups.filter((g) => same(g.assignment.title, title)).length;
    this.tables.replaceChildren(...groups.map((group) => {
      const { assignment } = group;
      const rows = group.rows.map((row) => ({ row, cells: this.judged(group, row) }));
      const sameName = (name) => group.rows.filter((r) => r.name === name).length; // handed in again, or two students
      const newest = newestOf(group.rows);
      const byName = (a, b) => a.row.name.localeCompare(b.row.name) || (b.row.time ?? -1) - (a.row.time ?? -1); // the newest first
      rows.sort(this.sort.value === "solved" ? (a, b) => verified(b.cells) - verified(a.cells) || byName(a, b) : byName);
      return h("div", { class: "cr-table-box" },
        assignment.title ? h("h3", { text: assignment.title }) : null,
        h("p", { class: "cr-mode-of", "data-mode": assignment.mode, text: t("modeIs", { mode: t(`modeName.${assignment.mode}`) }) }),
        titled(assignment.title) > 1 ? h("p", { class: "cr-error cr-same-title", text: t("sameTitle") }) : null,
        h("details", { class: "cr-task-list", open: titled(assignment.title) > 1 }, h("summary", { text: t("taskList") }),
          h("ol", {}, assignment.tasks.map((task) => h("li", { text: taskText(task, this.catalogue, this.levelsOf(task), t) })))),
        h("div", { class: "cr-table-scroll", role: "region", tabindex: 0, // scrolls sideways on a phone, the names kept
                   "aria-label": t("tableLabel", { title: assignment.title || t("untitled") }) },
        h("table", { class: "cr-table", style: `--tasks: ${assignment.tasks.length}` },
          h("thead", {}, h("tr", {}, h("th", { class: "cr-name-col", text: t("student") }), h("th", { class: "cr-total-col", text: t("total") }),
            assignment.tasks.map((_, i) => h("th", { text: t("task", { i: i + 1 }) })))),
          h("tbody", {}, rows.map(({ row, cells }) => h("tr", { "data-student": row.name, "data-version": row.version,
                                                           "data-newest": sameName(row.name) > 1 ? String(newest.has(row)) : null },
            h("th", { scope: "row" }, row.name, this.handedIn(row, sameName(row.name), newest.has(row))),
            this.total(cells),
            cells.map((c, i) => this.cell(assignment.tasks[i], c, i, row.version))))))));
    }));
  }

  /** Under a student's name: when the code was handed in, and, when several codes bear the
   *  name, which is the newest (codes without a time, before v3: only how many there are). */
  handedIn(row, n, newest) {
    const t = this.t;
    const time = row.time === null ? "" : new Date(row.time).toLocaleString(this.lang === "ja" ? "ja-JP" : "en-GB",
      { dateStyle: "medium", timeStyle: "short" });
    const which = n < 2 ? "" : row.time === null ? t("sameName", { n }) : t(newest ? "newestOf" : "olderOf", { n });
    return [time ? h("span", { class: "cr-counts cr-time", text: t("handedInAt", { time }) }) : null,
            which ? h("span", { class: `cr-counts cr-same-name${newest ? " cr-newest" : ""}`, text: which }) : null];
  }

  /** The verified total; claims the engine does not confirm are said, not counted. */
  total(cells) {
    const t = this.t;
    const k = cells.filter((c) => c.ok === true).length;
    const unconfirmed = cells.filter((c) => c.solved && c.ok === false).length;
    return h("td", { class: "cr-total", "data-verified": k },
      h("span", { text: cells.some((c) => c.ok === undefined) ? t("checking") : `${k} / ${cells.length}` }),
      unconfirmed ? h("span", { class: "cr-counts", text: t("claimsNotCounted", { n: unconfirmed }) }) : null);
  }

  cell(task, c, i, version) {
    const t = this.t;
    let mark;
    let state;
    if (c.ok === undefined) [mark, state] = [t("checking"), "checking"];
    else if (c.ok) [mark, state] = [`✓ ${t("verified")}`, "verified"];
    else if (c.solved && c.answer === "") [mark, state] = [t("claimNoAnswer"), "unverified"];
    else if (c.solved) [mark, state] = [t(version === "v1" ? "claimWrongV1" : "claimWrong"), "unverified"];
    else if (c.answer === "") [mark, state] = [t("noAnswer"), "none"];
    else [mark, state] = [`✗ ${t("wrongAnswer")}`, "wrong"];
    const flags = [c.shown && t("shown"), c.teacher && t("teacherOn")].filter(Boolean).join(" · ");
    return h("td", { class: { verified: "cr-solved", unverified: "cr-unsolved cr-unverified" }[state] || "cr-unsolved",
                     "data-task": i, "data-state": state },
      h("span", { class: "cr-mark", text: mark }),
      h("span", { class: "cr-counts", text: `${t("attempts")} ${c.attempts} · ${t("hints")} ${c.hints}` }),
      flags ? h("span", { class: "cr-flags", text: flags }) : null,
      h("span", { class: "cr-answer", text: `${t("answer")}: ${answerText(task, c.answer, t)}` }),
      task.kind === "pn-table" && c.answer !== "" && c.ok === false ? this.wrongCells(task, c.answer) : null,
      h("span", { class: "cr-verdict", "data-ok": c.ok === undefined ? "" : String(c.ok),
                  text: c.answer === "" || c.ok === undefined ? "" : `${t("checked")}: ${c.ok ? t("right") : t("wrong")}` }));
  }

  /** A P/N-table task's table by the engine (asked once, then drawn again), else null. */
  truthOf(task) {
    const key = `${task.game}|${JSON.stringify(task.params)}|${task.max}`;
    if (!this.truths.has(key)) {
      this.truths.set(key, null);
      tableOf(task, this.lang).then((table) => { this.truths.set(key, table); if (this.isConnected) this.draw(); }, () => {});
    }
    return this.truths.get(key);
  }

  /** A wrong P/N table's grid: the student's letters, each wrong one marked (✗, and "wrong"
   *  for a screen reader), by the engine's table, never the code's claim; null until the
   *  engine has it, or when the answer does not have one letter per cell. */
  wrongCells(task, answer) {
    const t = this.t;
    const table = this.truthOf(task);
    if (!table || answer.length !== table.truth.length) return null;
    const given = new Map(table.positions.map((pos, k) => [pos.join(","), [answer[k], table.truth[k]]]));
    const wrong = table.positions.filter((_, k) => answer[k] !== "-" && answer[k] !== table.truth[k]);
    const blank = [...answer].filter((a) => a === "-").length;
    const shown = wrong.slice(0, 6).map(written).join(", ") + (wrong.length > 6 ? ", …" : "");
    const cell = (pos) => {
      const [letter, truth] = given.get(pos.join(","));
      const state = letter === "-" ? "blank" : letter === truth ? "right" : "wrong";
      return h("td", { class: `cr-cell-${state}`, "data-pos": pos.join(",") }, letter === "-" ? "" : letter,
        state === "wrong" ? h("span", { class: "cr-x", "aria-hidden": "true", text: "✗" }) : null,
        state === "right" ? null : h("span", { class: "cr-sr", text: ` ${t(state === "wrong" ? "cellWrong" : "cellBlank")}` }));
    };
    return h("div", { class: "cr-wrong-cells", "data-wrong": wrong.map((pos) => pos.join(",")).join(" ") },
      h("p", { class: "cr-wrong-summary", text: [wrong.length ? t("wrongCells", { n: wrong.length, cells: shown }) : "",
                            blank ? t("blankCells", { n: blank }) : ""].filter(Boolean).join(t("also")) }),
      h("div", { class: "cr-grid-box" }, tablesNode(table, cell)));
  }

  /** The CSV of every result, once the engine has checked every answer. */
  async exportCsv() {
    const t = this.t;
    const lines = [];
    const groups = this.groups();
    await this.checkAll(groups);
    for (const group of groups) {
      const { assignment, rows } = group;
      lines.push(["assignment", "assignment id", "student", "handed in", "task", "kind", "verified", "claimed", "attempts", "hints",
                  "answer shown", "teacher mode", "answer", "code version"].join(","));
      for (const row of rows) {
        this.judged(group, row).forEach((c, i) => {
          const flag = (v) => (v === null ? "" : v ? 1 : 0);
          lines.push([assignment.title, assignmentId(group.code), row.name, row.time === null ? "" : new Date(row.time).toISOString(),
                      i + 1, assignment.tasks[i].kind, c.ok === undefined ? "" : c.ok ? 1 : 0,
                      c.solved ? 1 : 0, c.attempts, c.hints, flag(c.shown), flag(c.teacher),
                      answerText(assignment.tasks[i], c.answer, t), row.version].map(csvField).join(","));
        });
      }
      lines.push(...rows.map((row) => `# ${csvField(row.code)}`));
    }
    const url = URL.createObjectURL(new Blob([`${lines.join("\n")}\n`], { type: "text/csv" }));
    const link = h("a", { href: url, download: "class-results.csv" });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

if (!customElements.get("grundy-results")) customElements.define("grundy-results", ResultsElement);
