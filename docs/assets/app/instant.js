// Material's instant navigation kept to what a full page load does:
// - the address is the page's own: while the next page loads, the page being left still
//   writes into the history entry, which is by then the next page's: its heading's anchor
//   (navigation.tracking: `impartial-games/#the-theorem`, or `lab/#in-python` in place of
//   `lab/#code=…`) and its scroll offset (which Material would then restore instead of
//   going to the anchor). Those writes are dropped. The next page may be this one again:
//   Material loads a page whenever its path is not the last one its location$ announced,
//   and after a full load it has announced none (another lab/#code=… link opened in the same
//   tab loads the Lab again: its code was lost with the address);
// - a link to a heading lands on the heading: off-screen blocks are laid out only when
//   scrolled near (content-visibility: auto, site.css), so the blocks laid out around the
//   heading once it is scrolled to move it (by thousands of pixels on a long page). The
//   heading is put back under the header at each frame until it stays there (or the page's
//   end keeps it lower), unless the reader scrolls or presses a key first (place.js);
// - a link to a heading of the page being read (its table of contents, a permalink) is
//   followed by the browser, as without instant navigation: Material would load the page
//   again, its widgets started afresh, at an address without the query (?play=…: the game
//   being played lost).

import { hold } from "./place.js";

let loading = null; // the address of the page being loaded, while it loads
let announced = null; // the path of the last address Material's location$ announced

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

/** Where a page's :target lands below the window's top: Material's scroll margin (its
 *  style gives it to :target only, and a page's own link to a heading sets no :target here). */
function anchorMargin(heading) {
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  const offset = { H1: 0.2, H2: 0.2, H3: 0.2, H4: 0.15 }[heading.tagName] || 0;
  return (3.6 - offset) * rem;
}

/** Before Material's listener on <body>: a link to a heading of this page goes there, the
 *  address's query kept (Material writes such links absolute, and the first navigation
 *  after a full load makes it load the page anew even when only the anchor changes). */
addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!link || link.target || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  const url = new URL(link.href);
  if (url.origin !== location.origin || url.pathname !== location.pathname) return;
  if (url.search && url.search !== location.search) return;
  const target = anchorTarget(url.hash);
  if (!target?.matches(".md-content :is(h1, h2, h3, h4, h5, h6)")) return;
  event.preventDefault();
  event.stopPropagation();
  history.replaceState({ x: scrollX, y: scrollY }, ""); // the place left, for Back (place.js)
  history.pushState(null, "", `${location.pathname}${location.search}${url.hash}`);
  const drawer = document.getElementById("__drawer"); // a phone's navigation, closed
  if (drawer?.checked) drawer.click();
  if (!target.hasAttribute("tabindex")) target.tabIndex = -1; // the keyboard goes on from there,
  target.focus({ preventScroll: true }); // as after a plain link to it
  hold(target, anchorMargin(target));
}, true);

/** Material's location$ (each navigation) and document$ (each page shown). */
export function keepInstantNavigationFaithful(location$, document$) {
  location$.subscribe((url) => {
    if (url.pathname !== announced) loading = url;
    announced = url.pathname;
  });
  document$.subscribe(() => {
    const arrived = loading;
    loading = null;
    // a new visit to an anchor (not Back or Forward, whose entries hold their scroll offset)
    const target = arrived && history.state === null ? anchorTarget(location.hash) : null;
    if (target) hold(target);
  });
}
