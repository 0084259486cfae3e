// <grundy-results>: the teacher's class results, kept only on this device (localStorage).
// Result codes are pasted, dropped as files, or come in the address (#r=CODE); a code whose
// checksum does not match is rejected. Every answer is re-checked by the engine.
// A table student × task (solved, attempts, hints, answer), sortable, exported as CSV.

import { h } from "../widgets/dom.js";
import { decodeResult } from "./codec.js";
import { answerText } from "./answers.js";
import { recheck } from "./tasks.js";
import { addStyles, say } from "./text.js";

const KEY = "grundy-classroom-results";

function stored() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function save(codes) {
  try { localStorage.setItem(KEY, JSON.stringify(codes)); } catch { /* private mode: this visit only */ }
}

/** One CSV field. */
const csvField = (value) => (/[",\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value));

class ResultsElement extends HTMLElement {
  connectedCallback() {
    if (this.started) return;
    this.started = true;
    addStyles();
    this.classList.add("grundy-widget");
    this.lang = document.documentElement.lang.startsWith("ja") ? "ja" : "en";
    const t = this.t = say(this.lang);
    this.codes = stored();
    this.checks = new Map(); // "code|task" -> true / false (the engine's verdict)
    this.sortKey = "name";
    this.input = h("textarea", { class: "cr-paste", rows: 4, spellcheck: "false" });
    this.message = h("div", { class: "cr-messages", role: "status", "aria-live": "polite" });
    this.sort = h("select", { class: "cr-sort" }, ["name", "solved"].map((k) => h("option", { value: k, text: t(`sort.${k}`) })));
    this.sort.addEventListener("change", () => this.draw());
    this.tables = h("div", { class: "cr-results" });
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
        h("button", { type: "button", class: "md-button cr-clear", text: t("clear"), onclick: () => { this.codes = []; save([]); this.draw(); } })),
      this.tables);
    if (location.hash.startsWith("#r=")) this.add(decodeURIComponent(location.hash.slice(3)));
    else this.draw();
  }

  /** Read every code in `text` (one per line; any other words around them are skipped). */
  add(text) {
    const t = this.t;
    const lines = text.split(/[\s,;"]+/).filter((s) => s.startsWith("v1."));
    const problems = [];
    let added = 0;
    if (!lines.length && text.trim()) problems.push(t("rejected", { line: text.trim().slice(0, 24), why: t("why.result") }));
    for (const line of lines) {
      try {
        const result = decodeResult(line);
        if (!this.codes.includes(result.code)) this.codes.push(result.code);
        added += 1;
      } catch (err) {
        problems.push(t("rejected", { line: `${line.slice(0, 16)}…`, why: t(`why.${err.message}`) }));
      }
    }
    save(this.codes);
    this.message.replaceChildren(...(added ? [h("p", { class: "cr-ok", text: t("added", { n: added }) })] : []),
      ...problems.map((p) => h("p", { class: "cr-error", role: "alert", text: p })));
    this.input.value = "";
    this.draw();
  }

  /** The stored results grouped by assignment: [{assignment, rows: [result]}]. */
  groups() {
    const groups = new Map();
    for (const code of this.codes) {
      const result = decodeResult(code);
      if (!groups.has(result.assignmentCode)) groups.set(result.assignmentCode, { assignment: result.assignment, rows: [] });
      groups.get(result.assignmentCode).rows.push(result);
    }
    const solved = (r) => r.results.filter((x) => x.solved).length;
    for (const g of groups.values()) {
      g.rows.sort(this.sort.value === "solved" ? (a, b) => solved(b) - solved(a) || a.name.localeCompare(b.name)
        : (a, b) => a.name.localeCompare(b.name));
    }
    return [...groups.values()];
  }

  draw() {
    const t = this.t;
    const groups = this.groups();
    if (!groups.length) {
      this.tables.replaceChildren(h("p", { class: "cr-none", text: t("empty") }));
      return;
    }
    this.tables.replaceChildren(...groups.map(({ assignment, rows }) => h("div", { class: "cr-table-box" },
      assignment.title ? h("h3", { text: assignment.title }) : null,
      h("table", { class: "cr-table" },
        h("thead", {}, h("tr", {}, h("th", { text: t("student") }), h("th", { text: t("total") }),
          assignment.tasks.map((_, i) => h("th", { text: t("task", { i: i + 1 }) })))),
        h("tbody", {}, rows.map((row) => h("tr", { "data-student": row.name },
          h("th", { scope: "row", text: row.name }),
          h("td", { text: `${row.results.filter((r) => r.solved).length} / ${row.results.length}` }),
          row.results.map((r, i) => this.cell(row, assignment.tasks[i], r, i)))))))));
  }

  cell(row, task, r, i) {
    const t = this.t;
    const verdict = h("span", { class: "cr-verdict" });
    const key = `${row.code}|${i}`;
    const show = (ok) => {
      verdict.textContent = ok === undefined ? t("checking") : `${t("checked")}: ${ok ? t("right") : t("wrong")}`;
      verdict.dataset.ok = ok === undefined ? "" : String(ok);
    };
    show(this.checks.get(key));
    if (r.answer === "") verdict.textContent = ""; // no answer given: nothing to check
    else if (!this.checks.has(key)) {
      recheck(task, r.answer, this.lang).then((ok) => { this.checks.set(key, ok); show(ok); },
        () => { verdict.textContent = "—"; });
    }
    return h("td", { class: r.solved ? "cr-solved" : "cr-unsolved", "data-task": i },
      h("span", { class: "cr-mark", text: r.solved ? `✓ ${t("solved")}` : t("notSolved") }),
      h("span", { class: "cr-counts", text: `${t("attempts")} ${r.attempts} · ${t("hints")} ${r.hints}` }),
      h("span", { class: "cr-answer", text: `${t("answer")}: ${answerText(task, r.answer, t)}` }), verdict);
  }

  exportCsv() {
    const t = this.t;
    const lines = [];
    for (const { assignment, rows } of this.groups()) {
      lines.push(["assignment", "student", "task", "kind", "solved", "attempts", "hints", "answer", "checked"].join(","));
      for (const row of rows) {
        row.results.forEach((r, i) => {
          const ok = this.checks.get(`${row.code}|${i}`);
          lines.push([assignment.title, row.name, i + 1, assignment.tasks[i].kind, r.solved ? 1 : 0, r.attempts, r.hints,
                      answerText(assignment.tasks[i], r.answer, t), ok === undefined ? "" : ok ? 1 : 0].map(csvField).join(","));
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
