// The play widget's typed moves and commands, for a reader without sight or mouse (as
// lichess's blind mode): a move by its words or by the position it leads to, and commands
// that read the position, the legal moves with where each leads, and the game so far.
// Commands are understood in both languages on every page.

import { ascii, h, posText } from "./dom.js";

const COMMANDS = {
  position: ["position", "p", "局面"],
  moves: ["moves", "m", "手", "合法手"],
  game: ["game", "g", "棋譜"],
  help: ["help", "h", "?", "ヘルプ"],
};

/** Text as compared: NFKC, lower case, spaces collapsed, a final full stop dropped. */
const norm = (text) => ascii(text).toLowerCase().replace(/\s+/g, " ").replace(/[.。]$/, "");

/** The command `text` names ("position", "moves", "game", "help"), or null. */
export function typedCommand(text) {
  const said = norm(text);
  return Object.keys(COMMANDS).find((name) => COMMANDS[name].includes(said)) || null;
}

/** What `text` names among `moves` (the engine's state.moves): {move} for one move (its
 *  words, some of its words that no other move has, the numbers of the position it leads
 *  to, or "pass"), {many: [moves]} when the words fit several, or {} for none. */
export function typedMove(text, moves, t) {
  const said = norm(text);
  const board = moves.filter((m) => (m.kind || "move") === "move");
  if (!said) return {};
  if ([norm(t("pass")), "pass", "パス"].includes(said)) {
    const pass = moves.find((m) => m.kind === "pass");
    return pass ? { move: pass } : {};
  }
  const exact = board.find((m) => norm(m.text) === said);
  if (exact) return { move: exact };
  if (/^[\d\s,{}()|]+$/.test(said)) { // a position: its numbers in order
    const key = (said.match(/\d+/g) || []).map(Number).join(",");
    const move = board.find((m) => m.to.join(",") === key);
    return move ? { move } : {};
  }
  const fits = board.filter((m) => norm(m.text).includes(said));
  if (fits.length === 1) return { move: fits[0] };
  return fits.length ? { many: fits } : {};
}

/** A move in words with the position it leads to (`unbroken`: its spaces no-break, for a
 *  button on screen, where a position must not be split across lines). */
export function moveWords(t, move, unbroken = false) {
  const pos = posText(move.to);
  return t("moveTo", { text: move.text, pos: unbroken ? pos.replaceAll(" ", "\u00a0") : pos });
}

/** The field and what it says: `widget` is the play widget (its state, history, t and
 *  humanMove). */
export class TypedMoves {
  constructor(widget) {
    this.widget = widget;
    const t = widget.t;
    this.input = h("input", { type: "text", class: "gw-typed-input", autocomplete: "off", spellcheck: "false",
                              enterkeyhint: "send" });
    this.output = h("div", { class: "gw-typed-output", role: "status", "aria-live": "polite" });
    const label = h("label", { class: "gw-typed-label", text: t("typed.label") });
    label.htmlFor = this.input.id = `gw-typed-${Math.random().toString(36).slice(2)}`;
    this.help = h("span", { class: "gw-typed-help", id: `${this.input.id}-help`, text: t("typed.help") });
    this.input.setAttribute("aria-describedby", this.help.id);
    this.element = h("form", { class: "gw-controls gw-typed", novalidate: true,
                               onsubmit: (e) => { e.preventDefault(); this.submit(); } },
      label, this.input, h("button", { type: "submit", class: "md-button gw-typed-go", text: t("typed.go") }),
      this.help);
    this.input.addEventListener("input", () => this.input.removeAttribute("aria-invalid"));
  }

  /** Say `lines` (a string, or a list shown as one) in the field's live region. */
  say(lines, error = false) {
    const list = Array.isArray(lines) ? lines : [lines];
    this.output.classList.toggle("gw-typed-error", error);
    this.output.replaceChildren(...(list.length > 1
      ? [h("p", { text: list[0] }), h("ul", {}, list.slice(1).map((line) => h("li", { text: line })))]
      : [h("p", { text: list[0] })]));
    if (error) this.input.setAttribute("aria-invalid", "true");
  }

  submit() {
    const w = this.widget;
    const t = w.t;
    const text = this.input.value;
    const command = typedCommand(text);
    if (command) {
      this.say(this[command]());
      return;
    }
    if (!w.history || !w.state) return;
    if (w.state.over) return this.say(t("typed.over"), true);
    if (!w.canMove()) return this.say(t("typed.wait"), true);
    const { move, many } = typedMove(text, w.state.moves, t);
    if (many) return this.say([t("typed.many", { n: many.length }), ...many.map((m) => moveWords(t, m))], true);
    if (!move) return this.say(t(norm(text) ? "typed.unknown" : "typed.empty", { text: ascii(text) }), true);
    this.input.value = "";
    this.output.replaceChildren();
    w.humanMove(move.to.join(","), move.kind || "move");
  }

  position() {
    const w = this.widget;
    const t = w.t;
    if (!w.state) return t("typed.noGame");
    const turn = w.state.over ? t("typed.ended") : w.canMove() ? t("typed.yourTurn") : t("typed.notYourTurn");
    return t("typed.position", { pos: posText(w.state.pos), n: w.state.moves.length, turn });
  }

  moves() {
    const w = this.widget;
    const t = w.t;
    if (!w.state || w.state.over || !w.state.moves.length) return t("typed.noMoves");
    return [t("typed.moves", { n: w.state.moves.length }), ...w.state.moves.map((m) => moveWords(t, m))];
  }

  game() {
    const w = this.widget;
    const t = w.t;
    const entries = (w.history || []).slice(1);
    const start = t("typed.start", { pos: posText(w.history?.[0]?.pos || []) });
    return [start, ...entries.map((e, i) => `${i + 1}. ${w.who(e.by)}: ${moveWords(t, { text: e.text, to: e.pos })}`),
            ...(entries.length ? [] : [t("noMoves")])];
  }

  help() {
    return this.widget.t("typed.commands");
  }
}
