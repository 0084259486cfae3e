// The play widget's Review, once a game is over: every move with the outcome (P/N) and
// remoteness of the position before and after it, the mistakes marked (a move from an
// N-position to an N-position: a win given away) with "Try again from here", and the
// game record as text (copied, downloaded or printed).

import { h, posText } from "./dom.js";

/** "N, 5" for a position's outcome and remoteness (the remoteness may be unknown). */
function valueText(entry) {
  if (!entry.outcome) return "";
  return entry.remoteness === null || entry.remoteness === undefined ? entry.outcome
    : `${entry.outcome}, ${entry.remoteness}`;
}

/** Whether the move into history[i] (i >= 1) was a mistake. */
function isMistake(history, i) {
  return history[i - 1].outcome === "N" && history[i].outcome === "N";
}

/** The game record as plain text: `head` lines, then one line per move. */
export function recordText(t, head, history, who) {
  const lines = [...head, "", `${t("review.start")}: ${posText(history[0].pos)} (${valueText(history[0])})`];
  history.slice(1).forEach((entry, k) => {
    const mark = isMistake(history, k + 1) ? `  ${t("review.mistake")}` : "";
    lines.push(`${k + 1}. ${who(entry.by)}: ${entry.text} → ${posText(entry.pos)} (${valueText(entry)})${mark}`);
  });
  lines.push("", t("review.legend"));
  return `${lines.join("\n")}\n`;
}

/** The Review box: a table of the moves; tryAgain(i) goes back to before move i. */
export function reviewNode(t, history, who, canRetry, tryAgain, tools) {
  const mistakes = history.slice(1).filter((_, k) => isMistake(history, k + 1)).length;
  const rows = history.slice(1).map((entry, k) => {
    const i = k + 1;
    const mistake = isMistake(history, i);
    return h("tr", { class: mistake ? "gw-mistake" : "", "data-move": i },
      h("td", { text: i }),
      h("td", { class: "gw-review-move" }, h("strong", { text: who(entry.by) }), ` ${entry.text} → `,
        h("span", { class: "gw-pos", text: posText(entry.pos) }),
        mistake && h("span", { class: "gw-review-mark" }, h("strong", { text: t("review.mistake") }),
          canRetry(entry.by) && h("button", { type: "button", class: "md-button gw-tryagain",
                                              text: t("review.tryAgain"), onclick: () => tryAgain(i) }))),
      h("td", { class: "gw-review-from", text: valueText(history[i - 1]) }),
      h("td", { class: "gw-review-to", text: valueText(entry) }));
  });
  return h("section", { class: "gw-review", "aria-label": t("review.title") },
    h("p", { class: "gw-logtitle", text: t("review.title") }),
    h("p", { class: "gw-review-summary", text: t(mistakes ? "review.mistakes" : "review.clean", { n: mistakes }) }),
    h("div", { class: "gw-hintlist" }, h("table", { class: "gw-hints-table gw-review-table" },
      h("thead", {}, h("tr", {}, ["#", t("move"), t("review.before"), t("review.after")]
        .map((text) => h("th", { text })))),
      h("tbody", {}, rows))),
    h("p", { class: "gw-review-legend", text: t("review.legend") }),
    h("div", { class: "gw-controls gw-record" }, tools));
}

/** Download `text` as a file called `name`. */
export function download(text, name) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  const a = h("a", { href: url, download: name, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Print `text` alone (in a hidden frame). */
export function printText(text, title) {
  const frame = h("iframe", { class: "gw-print-frame", title, "aria-hidden": "true",
                              style: "position:fixed;width:0;height:0;border:0;left:-10px" });
  document.body.append(frame);
  const doc = frame.contentDocument;
  doc.open();
  doc.write("<!doctype html><meta charset=utf-8><title></title><pre style='white-space:pre-wrap'></pre>");
  doc.close();
  doc.title = title;
  doc.querySelector("pre").textContent = text;
  frame.contentWindow.focus();
  frame.contentWindow.print();
  setTimeout(() => frame.remove(), 1000);
}
