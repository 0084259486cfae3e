// Material's instant navigation kept to what a full page load does:
// - the address is the page's own: while the next page loads, the page being left still
//   writes into the history entry, which is by then the next page's: its heading's anchor
//   (navigation.tracking: `impartial-games/#the-theorem`, or `lab/#in-python` in place of
//   `lab/#code=…`) and its scroll offset (which Material would then restore instead of
//   going to the anchor). Those writes are dropped;
// - a link to a heading lands on the heading: off-screen blocks are laid out only when
//   scrolled near (content-visibility: auto, site.css), so the blocks laid out around the
//   heading once it is scrolled to move it (by thousands of pixels on a long page). The
//   heading is put back under the header at each frame until it stays there (or the page's
//   end keeps it lower), unless the reader scrolls or presses a key first (place.js).

import { hold } from "./place.js";

let shownPath = location.pathname;
let loading = null; // the address of the page being loaded, while it loads

const replaceState = history.replaceState;
history.replaceState = function (...args) {
  if (loading) return undefined; // the page being left writing into the next page's entry
  return replaceState.apply(this, args);
};

/** The element an address's anchor names, if the page has it. */
function anchorTarget(hash) {
  if (hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    return null;
  }
  return document.getElementById(id);
}

/** Material's location$ (each navigation) and document$ (each page shown). */
export function keepInstantNavigationFaithful(location$, document$) {
  location$.subscribe((url) => {
    loading = url.pathname === shownPath ? null : url;
  });
  document$.subscribe(() => {
    const arrived = loading;
    loading = null;
    shownPath = location.pathname;
    // a new visit to an anchor (not Back or Forward, whose entries hold their scroll offset)
    const target = arrived && history.state === null ? anchorTarget(location.hash) : null;
    if (target) hold(target);
  });
}
