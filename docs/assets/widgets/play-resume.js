// The reader's unfinished game, kept per page and play widget in localStorage (its link's
// query, play-link.js), offered again when the page is opened without a game in its
// address: from the menu, a bookmark, the next day.

const PREFIX = "grundy-play-game:";

const key = (w) => `${PREFIX}${location.pathname}#${w}`;

/** Keep the game of widget number w (query: its link's query; moves: how many were
 *  played), or forget it when it is over or nothing was played. */
export function keepGame(w, query, moves, over) {
  try {
    if (over || !moves) localStorage.removeItem(key(w));
    else localStorage.setItem(key(w), JSON.stringify({ query, moves, at: Date.now() }));
  } catch {
    // storage refused (private browsing, full): the game is simply not kept
  }
}

/** The game kept for widget number w, {query, moves, at}, or null. */
export function keptGame(w) {
  try {
    const kept = JSON.parse(localStorage.getItem(key(w)) || "null");
    return typeof kept?.query === "string" && Number.isInteger(kept.moves) && Number.isFinite(kept.at) ? kept : null;
  } catch {
    return null;
  }
}
