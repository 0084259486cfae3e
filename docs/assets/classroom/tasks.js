// What the classroom pages share about tasks: the catalogue, a task in words, and the
// engine's checks of a task's answer (the results page re-checks every answer with them).

import { engine } from "../widgets/engine-client.js";
import { gameTitle } from "../widgets/catalogue.js";

const written = (pos) => `{${pos.join(", ")}}`;

/** The engine's answer to `request` for a task's game; rejects with its message. */
export async function ask(task, request, lang) {
  const answer = await engine.request({ lang, game: task.game, params: task.params, ...request });
  if (answer.error) throw new Error(answer.error);
  return answer;
}

/** The task as a sentence in `lang` (t: the classroom's words). */
export function taskText(task, catalogue, levels, t) {
  const entry = catalogue[task.game];
  const game = entry ? gameTitle(entry, task.params, t.lang) : task.game;
  const pos = written(task.pos);
  if (task.kind !== "play") return t(`q.${task.kind}`, { game, pos, max: task.max });
  const level = levels?.find((l) => l.name === task.level)?.title[t.lang] || task.level;
  return t("playTask", { game, pos, level });
}

/** The computer players of a task's game (the engine's `levels`). */
export async function levelsOf(task, lang) {
  return (await ask(task, { op: "levels" }, lang)).levels;
}

const lexicographic = (a, b) => a.reduce((d, x, i) => d || x - b[i], 0);

/** A pn-table task's table: {coords, positions (in lexicographic order), truth: "PN…" in
 *  the same order}, every legal position with coordinates <= task.max, by the engine. */
export async function tableOf(task, lang) {
  const { coords, rows } = await ask(task, { op: "table", max: task.max }, lang);
  const n = coords.length;
  const sorted = rows.map((r) => [r.slice(0, n), r[n]]).sort((a, b) => lexicographic(a[0], b[0]));
  return { coords, positions: sorted.map(([pos]) => pos), truth: sorted.map(([, g]) => (g === 0 ? "P" : "N")).join("") };
}

const LONGEST_GAME = 1000; // positions in a game a result code may hold

/** How far ahead a play task's opponent sees a win: a level's depth, Infinity for
 *  "perfect", 1 for a bot (it takes an immediate win; its other moves are not judged). */
const sight = (level) => (level === "perfect" ? Infinity : /^\d+$/.test(level) ? Number(level) : 1);

/** Whether `answer` solves `task`, by the engine: find-move "x,y" or "none"; grundy-value
 *  a number; pn-table the letters P, N or - (blank) of tableOf's positions; play the
 *  positions of the game ("7.9>5.9>…", the student moving first) ending in the student's
 *  win, every step a legal move, and the opponent never missing a win its level sees
 *  (the perfect one: any win). An answer the engine refuses is wrong. */
export async function recheck(task, answer, lang) {
  if (answer === "" || answer === null || answer === undefined) return false;
  try {
    return await judge(task, String(answer), lang);
  } catch {
    return false;
  }
}

async function judge(task, answer, lang) {
  if (task.kind === "pn-table") return (await tableOf(task, lang)).truth === answer;
  if (task.kind === "grundy-value") {
    return /^\d+$/.test(answer) && (await ask(task, { op: "state", pos: task.pos }, lang)).grundy === Number(answer);
  }
  if (task.kind === "find-move") {
    const state = await ask(task, { op: "state", pos: task.pos }, lang);
    if (answer === "none") return !state.winning;
    return state.moves.some((m) => m.to.join(",") === answer && m.outcome === "P");
  }
  const path = answer.split(">").map((p) => p.split(".").map(Number));
  if (path.length > LONGEST_GAME || path[0].join(",") !== task.pos.join(",") || path.length % 2) return false; // the student's move last
  const sees = sight(task.level);
  for (let i = 0; i < path.length; i += 1) {
    const state = await ask(task, { op: "state", pos: path[i] }, lang);
    if (i === path.length - 1) return state.over;
    const move = state.moves.find((m) => m.to.join(",") === path[i + 1].join(","));
    if (!move) return false;
    const seen = state.outcome === "N" && (sees === Infinity || (state.remoteness !== null && state.remoteness <= sees));
    if (i % 2 === 1 && seen && move.outcome !== "P") return false; // the opponent's turn: it would have won here
  }
  return false;
}

export { written };
