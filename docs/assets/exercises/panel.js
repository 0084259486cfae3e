// The progress panel above a lesson's first exercise: solved exercises of this lesson and
// of every lesson visited, export / import of the progress file, and the teacher mode.

import { progress } from "./progress.js";
import { el, say } from "./text.js";

function download(name, text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = el("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function draw(panel, lesson, lang, t) {
  const mine = progress.summary().find((s) => s.name === lesson) || { solved: 0, total: 0 };
  panel.querySelector(".gx-progress-line").textContent =
    t("progressLesson", { k: mine.solved, n: mine.total });
  Object.assign(panel.querySelector("progress"), { max: Math.max(1, mine.total), value: mine.solved });
  const rows = progress.summary().filter((s) => s.solved || s.name === lesson);
  panel.querySelector(".gx-lessons").replaceChildren(...(rows.length
    ? rows.map((s) => el("li", { textContent: t("lessonRow", {
      lesson: s.titles[lang] || Object.values(s.titles)[0] || s.name, k: s.solved, n: s.total }) }))
    : [el("li", { textContent: t("progressNone") })]));
  panel.querySelector(".gx-teacher input").checked = progress.teacher;
}

/** The page's progress panel for `lesson`, put before `first` (the first exercise) once. */
export function ensurePanel(first, lesson, lang) {
  const existing = document.querySelector(`.gx-progress[data-lesson="${CSS.escape(lesson)}"]`);
  if (existing) return existing;
  const t = say(lang);
  const note = el("p.gx-note", { attrs: { role: "status" } });
  const file = el("input", { type: "file", accept: "application/json,.json", hidden: true, on: {
    change: async () => {
      const chosen = file.files[0];
      file.value = "";
      if (!chosen) return;
      try {
        progress.importText(await chosen.text());
        note.textContent = t("imported");
      } catch {
        note.textContent = t("importBad");
      }
    } } });
  const teacher = el("input", { type: "checkbox", on: { change: () => { progress.teacher = teacher.checked; } } });
  const panel = el("div.gx-progress", {},
    el("p.gx-progress-line"), el("progress", { max: 1, value: 0 }),
    el("details", {}, el("summary", { textContent: t("progressAll") }), el("ul.gx-lessons")),
    el("div.gx-buttons", {},
      el("button.md-button.gx-export", { type: "button", textContent: t("export"),
        on: { click: () => download("grundy-progress.json", progress.exportText()) } }),
      el("button.md-button.gx-import", { type: "button", textContent: t("import"), on: { click: () => file.click() } }),
      file,
      el("label.gx-teacher", {}, teacher, t("teacher"))),
    note);
  panel.dataset.lesson = lesson;
  first.before(panel);
  const redraw = () => panel.isConnected ? draw(panel, lesson, lang, t) : progress.removeEventListener("change", redraw);
  progress.addEventListener("change", redraw);
  draw(panel, lesson, lang, t);
  return panel;
}
