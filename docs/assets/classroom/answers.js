// An answer of a result code in words (the answer sheet and the results table).

import { written } from "./tasks.js";

/** An answer as the sheet writes it. */
export function answerText(task, answer, t) {
  if (answer === "" || answer === undefined) return "—";
  if (task.kind === "find-move") return answer === "none" ? t("none") : written(String(answer).split(","));
  if (task.kind === "play") return String(answer).split(">").map((p) => written(p.split("."))).join(" → ");
  if (task.kind === "pn-table") return t("cells", { n: String(answer).replace(/-/g, "").length, answer });
  return String(answer);
}
