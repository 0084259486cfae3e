// The game catalogue (the engine's `games` operation) as the widgets use it: names,
// parameter inputs with their ranges, checks of parameters and positions, and sums.

import { ascii, field, h, numberInput, setFieldError } from "./dom.js";

const LARGEST = 1_000_000; // no parameter or coordinate larger than this can be played in a browser
const F_EXAMPLES = ["t//2", "t//4", "t//8", "2", "t", "t//3", "(t+1)//2", "t//2+1"];

/** A game's title in `lang`, with its parameters named in `lang` ("Triangular chocolate
 *  (k = 3)", 「ニム (山の数 = 1)」). */
export function gameTitle(entry, params, lang) {
  const shown = entry.params.filter((spec) => params[spec.name] !== undefined && params[spec.name] !== null);
  const extra = shown.map((spec) => `${spec.label?.[lang] ?? spec.name} = ${params[spec.name]}`).join(", ");
  return extra ? `${entry.title[lang]} (${extra})` : entry.title[lang];
}

/** The error message for one parameter value, or "" when it is fine (full-width digits
 *  are read as digits). */
export function paramError(spec, value, t) {
  const text = ascii(value);
  if (spec.type !== "int") return text ? "" : t("needValue");
  if (text === "") return spec.default === null ? "" : t("needValue");
  if (!/^-?\d+$/.test(text)) return t("wholeNumber");
  const n = Number(text);
  if ((spec.min !== null && n < spec.min) || (spec.max !== null && n > spec.max)) {
    return spec.max === null ? t("atLeast", { min: spec.min }) : t("between", { min: spec.min, max: spec.max });
  }
  return n > LARGEST ? t("tooLarge") : "";
}

/** Throw an Error (in the page language) if `game`/`params` are not a game of the catalogue. */
export function checkGame(catalogue, game, params, t) {
  if (game === "sum") {
    const parts = params && params.components;
    if (!Array.isArray(parts) || !parts.length) throw new Error(t("badSum"));
    parts.forEach((part) => checkGame(catalogue, part.game, part.params || {}, t));
    return;
  }
  const entry = catalogue[game];
  if (!entry) throw new Error(t("unknownGame", { game }));
  const known = new Set(entry.params.map((spec) => spec.name));
  const extra = Object.keys(params || {}).filter((name) => !known.has(name));
  if (extra.length) throw new Error(t("unknownParams", { game: entry.title[t.lang], names: extra.join(", ") }));
  for (const spec of entry.params.filter((p) => params[p.name] !== undefined)) { // absent: its default
    const problem = paramError(spec, params[spec.name], t);
    if (problem) throw new Error(`${entry.title[t.lang]}, ${spec.label[t.lang]}: ${problem}`);
  }
}

/** The components of a game ([{game, params}]; one for a plain game). */
export function components(game, params) {
  return game === "sum" ? params.components.map((c) => ({ game: c.game, params: c.params || {} }))
    : [{ game, params }];
}

/** How many coordinates a game's positions have (null: any number). */
function coordCount(entry, params) {
  if (!entry.variable_coords) return entry.coords.length;
  const fixed = entry.params.find((spec) => spec.type === "int" && spec.default === null);
  return fixed && params[fixed.name] ? Number(params[fixed.name]) : null;
}

/** The default start of a game (a sum: the components' starts joined by " | "). */
export function defaultStart(catalogue, game, params) {
  return components(game, params).map((c) => {
    const entry = catalogue[c.game];
    const n = coordCount(entry, c.params);
    const start = [...entry.start];
    while (n !== null && start.length < n) start.push(start[start.length - 1]);
    return start.slice(0, n ?? start.length).join(" ");
  }).join(" | ");
}

/** A start text ("10 5 5", a sum "10 5 5 | 6 | 3 5") as a flat position; throws a message. */
export function parseStart(text, catalogue, game, params, t) {
  const parts = components(game, params);
  const groups = ascii(text).split("|");
  if (game === "sum" && groups.length !== parts.length) throw new Error(t("sumStart", { n: parts.length }));
  const flat = [];
  groups.forEach((group, i) => {
    const numbers = group.replace(/[{}(),、]/g, " ").trim().split(/\s+/).filter(Boolean);
    if (!numbers.length) throw new Error(t("needValue"));
    if (!numbers.every((s) => /^\d+$/.test(s))) throw new Error(t(numbers.some((s) => /^-\d+$/.test(s)) ? "notNegative" : "startHelp"));
    if (numbers.some((s) => Number(s) > LARGEST)) throw new Error(t("tooLarge"));
    const entry = catalogue[parts[i].game];
    const n = game === "sum" || !entry.variable_coords ? coordCount(entry, parts[i].params) : null;
    if (n !== null && numbers.length !== n) {
      throw new Error(t("coordCount", { n, names: entry.coords.slice(0, n).join(", ") }));
    }
    flat.push(...numbers.map(Number));
  });
  return flat;
}

/** The flat position of a sum written per component: "10 5 5 | 6 | 3 5". */
export function startText(pos, catalogue, game, params) {
  if (game !== "sum") return pos.join(" ");
  let i = 0;
  return components(game, params).map((c) => {
    const n = coordCount(catalogue[c.game], c.params);
    const part = pos.slice(i, i + n);
    i += n;
    return part.join(" ");
  }).join(" | ");
}

/** The game select and parameter inputs of a widget; read() -> {game, params} or null. */
export class GameControls {
  /**
   * @param options {t, lang, catalogue, game, params, onChange(game), forTable}
   *   forTable: only games with a table layout, and a variable number of coordinates fixed.
   */
  constructor({ t, lang, catalogue, game, params, onChange, forTable = false }) {
    this.t = t;
    this.lang = lang;
    this.catalogue = catalogue;
    this.forTable = forTable;
    this.sum = game === "sum" ? params : null;
    const names = Object.values(catalogue).filter((entry) => !forTable || entry.table);
    this.select = h("select", { class: "gw-game" },
      names.map((entry) => h("option", { value: entry.name, text: entry.title[lang] })),
      this.sum && h("option", { value: "sum", text: t("sumGame") }));
    this.select.value = game;
    this.paramBox = h("span", { class: "gw-params" });
    this.inputs = {};
    this.select.addEventListener("change", () => {
      this.renderParams({});
      onChange(this.select.value);
    });
    this.element = h("span", { class: "gw-gamecontrols" }, field(t("game"), this.select), this.paramBox);
    this.renderParams(params);
  }

  /** Show `game` with `params` (e.g. the game being played, after a restart). */
  show(game, params) {
    this.select.value = game;
    this.renderParams(params);
  }

  renderParams(given) {
    this.paramBox.replaceChildren();
    this.inputs = {};
    const game = this.select.value;
    if (game === "sum") {
      const titles = this.sum.components.map((c) => gameTitle(this.catalogue[c.game], c.params || {}, this.lang));
      this.paramBox.append(h("span", { class: "gw-sum-parts", text: titles.join(" + ") }));
      return;
    }
    const entry = this.catalogue[game];
    for (const spec of entry.params) {
      let value = given[spec.name] ?? spec.default;
      if (value === null && this.forTable) value = entry.start.length;
      let input;
      if (spec.type === "int") {
        input = numberInput({ class: `gw-${spec.name}`, value: value ?? "",
                              placeholder: value === null ? this.t("any") : null });
      } else {
        const list = h("datalist", { id: `${this.select.id}-${spec.name}` },
          F_EXAMPLES.map((f) => h("option", { value: f })));
        input = h("input", { type: "text", class: `gw-${spec.name}`, value, list: list.id, size: 10,
                             spellcheck: "false", autocomplete: "off" });
        this.paramBox.append(list);
      }
      input.title = spec.help[this.lang];
      input.addEventListener("input", () => setFieldError(input, ""));
      this.inputs[spec.name] = { spec, input };
      this.paramBox.append(field(spec.label[this.lang], input));
    }
  }

  get game() {
    return this.select.value;
  }

  /** {game, params} from the inputs, or null (each bad input then shows its message). */
  read() {
    if (this.game === "sum") return { game: "sum", params: this.sum };
    const params = {};
    let ok = true;
    for (const [name, { spec, input }] of Object.entries(this.inputs)) {
      const text = ascii(input.value);
      const problem = paramError(spec, text, this.t);
      setFieldError(input, problem);
      ok = ok && !problem;
      if (text !== "") params[name] = spec.type === "int" ? Number(text) : text;
    }
    return ok ? { game: this.game, params } : null;
  }

  /** The input of a parameter whose value the engine refused (the first free-form one). */
  suspect() {
    const all = Object.values(this.inputs);
    return (all.find(({ spec }) => spec.type !== "int") || all[0])?.input || null;
  }
}
