// The play widget's opponent: a select of the engine's computer players (the `levels`
// operation: depths, perfect, the game's wrong-rule bots, each with its description and
// measured win rate) and "Two players"; the suggested level, kept in localStorage, moves
// up after two wins in a row at it or above (a harder level) and down after two losses in a
// row at it or below: a win against an easier level, or a loss against a harder one, does
// not count.

import { h } from "./dom.js";

export const TWO_PLAYERS = "two";
const STORE = "grundy-play-suggested";
const STREAK = 2;

/** The stored suggestion {level, streak} (streak > 0: wins in a row, < 0: losses). */
function stored() {
  try {
    const value = JSON.parse(localStorage.getItem(STORE) || "null");
    return value && typeof value.level === "string" ? value : null;
  } catch {
    return null;
  }
}

export class LevelChoice {
  /** t: the texts; onChange(): the reader chose another opponent. */
  constructor(t, onChange) {
    this.t = t;
    this.levels = [];
    this.select = h("select", { class: "gw-level" });
    this.note = h("p", { class: "gw-level-note" });
    this.select.addEventListener("change", () => {
      this.describe();
      onChange();
    });
  }

  /** Fill the select with `levels` (the engine's list), keeping `chosen` if offered. */
  show(levels, chosen = this.select.value) {
    const t = this.t;
    const lang = t.lang;
    this.levels = levels;
    const suggested = this.suggested();
    const label = (level) => {
      const head = level.kind === "bot" ? t("botTitle", { title: level.title[lang] })
        : `${level.title[lang]}: ${level.description[lang]}`;
      return level.name === suggested ? `${head} (${t("suggested")})` : head;
    };
    this.select.replaceChildren(...levels.map((level) => h("option", { value: level.name, text: label(level) })),
      h("option", { value: TWO_PLAYERS, text: t("twoPlayers") }));
    const names = [...levels.map((level) => level.name), TWO_PLAYERS];
    this.select.value = names.includes(chosen) ? chosen : names.includes(suggested) ? suggested : "perfect";
    this.describe();
  }

  get value() {
    return this.select.value;
  }

  /** The level named `name` in the list, or null (two players, or not offered). */
  find(name) {
    return this.levels.find((level) => level.name === name) || null;
  }

  /** The note under the select: the measured win rate, and whether it is the suggestion. */
  describe() {
    const t = this.t;
    const level = this.find(this.select.value);
    const c = level?.calibration;
    const parts = [];
    if (!level) parts.push(t("twoPlayersNote"));
    else if (c && c.games) {
      const against = this.find(c.against)?.title[t.lang] || c.against;
      parts.push(t("winRate", { pct: Math.round(100 * c.win_rate), wins: c.wins, games: c.games, against }));
    }
    if (level && level.name === this.suggested()) parts.push(t("suggestedNote"));
    this.note.textContent = parts.join(" ");
  }

  /** The suggested level's name (the stored one if still offered), or null. */
  suggested() {
    const name = stored()?.level;
    return this.ladder().includes(name) ? name : null;
  }

  /** The levels from weakest to strongest (the bots are not on it). */
  ladder() {
    return this.levels.filter((level) => level.kind === "level").map((level) => level.name);
  }

  /** A game against `name` ended (won: the reader won): move the suggestion; returns the
   *  new suggestion's title when it moved, else null. */
  record(name, won) {
    const ladder = this.ladder();
    if (!ladder.includes(name)) return null;
    const now = stored();
    const level = now && ladder.includes(now.level) ? now.level : name;
    const harder = ladder.indexOf(name) - ladder.indexOf(level); // than the suggestion
    if (won ? harder < 0 : harder > 0) return null; // says nothing about the suggested level
    let streak = now && now.level === level ? now.streak : 0;
    streak = won ? Math.max(streak, 0) + 1 : Math.min(streak, 0) - 1;
    let next = level;
    if (Math.abs(streak) >= STREAK) {
      const i = ladder.indexOf(level) + (won ? 1 : -1);
      next = ladder[Math.max(0, Math.min(ladder.length - 1, i))];
      streak = 0;
    }
    try {
      localStorage.setItem(STORE, JSON.stringify({ level: next, streak }));
    } catch {
      return null; // storage refused (private mode): no suggestion
    }
    this.show(this.levels);
    return next !== level || !now ? this.find(next).title[this.t.lang] : null;
  }
}
