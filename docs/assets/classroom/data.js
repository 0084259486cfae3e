// What the classroom's pages know before the engine loads, answered by the engine at build
// time (scripts/sitegen/classroom_data.py writes it into the page: <div class="cr-data" data-json>):
// the game catalogue's URL, the computer players' titles, the players each game offers,
// and the suggested starts of a play task with the URL of their first moves.

const NONE = { catalogue: null, players: [], levels: {}, starts: [] };

/** The same parameters (flat {name: number or text}, in any order)? */
const sameParams = (a, b) => {
  const keys = Object.keys(a).sort();
  return keys.join() === Object.keys(b).sort().join() && keys.every((k) => a[k] === b[k]);
};

/** The page's classroom data, its URLs made absolute (NONE when the page has none). */
export function classroomData() {
  const element = document.querySelector(".cr-data[data-json]");
  if (!element) return NONE;
  const data = JSON.parse(element.dataset.json);
  const absolute = (url) => new URL(url, document.baseURI).href;
  return { ...data, catalogue: absolute(data.catalogue),
           starts: data.starts.map((s) => ({ ...s, answers: absolute(s.answers) })) };
}

/** The suggested start of `task` (a play task: game, params, pos), or undefined: its first
 *  moves then need the engine. */
export function suggested(data, task) {
  return data.starts.find((s) => s.game === task.game && s.pos.join() === task.pos.join()
                                 && sameParams(s.params, task.params));
}

/** The starts suggested for a game with these parameters, as the form writes them ("10 5 5"). */
export function startsOf(data, game, params) {
  return data.starts.filter((s) => s.game === game && sameParams(s.params, params)).map((s) => s.pos.join(" "));
}

/** The computer players of `game` as the engine's `levels` lists them ([{name, title}]),
 *  or null when the data do not say. */
export function levelsOfGame(data, game) {
  const names = data.levels[game];
  return names ? data.players.filter((p) => names.includes(p.name)) : null;
}
