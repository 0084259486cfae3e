// The student's assignment stays in the page's address (#a=v1.…) whatever rewrites it:
// Material's navigation.tracking writes the current heading's anchor (or none) there as the
// reader scrolls, the play widget its game's query. While an assignment is open, every such
// write on its page keeps #a=…; the code is also kept for the tab (sessionStorage), so a
// reload or Back that finds an address without it brings it back. The plain address asked
// for (a link to it, Back to it) is the teacher's page.

const PREFIX = "#a=";
const KEY = "grundy-assignment-address";
let open = null; // {path, hash} of the assignment shown

const replaceState = history.replaceState;
history.replaceState = function (state, title, url) {
  if (open && url !== undefined && url !== null) {
    const next = new URL(url, location.href);
    if (next.pathname === open.path && next.hash !== open.hash) {
      next.hash = open.hash;
      return replaceState.call(this, state, title, next.href);
    }
  }
  return replaceState.call(this, state, title, url);
};

// A link followed to the plain address of the assignment's page (instant navigation pushes
// it, and does not load a page whose path has not changed): the teacher's page.
const pushState = history.pushState;
history.pushState = function (state, title, url) {
  const result = pushState.call(this, state, title, url);
  if (open?.path === location.pathname && !location.hash) toPlainAddress();
  return result;
};

function saved() {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) || "{}")[location.pathname] || "";
  } catch {
    return "";
  }
}

/** Whether this page is the document's first, reached by a reload or Back/Forward (under
 *  instant navigation later pages keep the first one's navigation entry). */
function reloaded() {
  const entry = performance.getEntriesByType?.("navigation")[0];
  return Boolean(entry && entry.type !== "navigate" && new URL(entry.name).pathname === location.pathname && !open);
}

/** The assignment code of this page's address; else, after a reload or Back/Forward in
 *  this tab, the one this tab had open here; else "" (the page opened afresh without an
 *  assignment, as a teacher opens the form after trying a link: this tab forgets it). */
export function assignmentCode() {
  if (location.hash.startsWith(PREFIX)) {
    try {
      return decodeURIComponent(location.hash.slice(PREFIX.length));
    } catch {
      return location.hash.slice(PREFIX.length);
    }
  }
  if (reloaded() || redrawn()) return saved();
  if (!openCode()) remember(""); // (also after instant navigation from the assignment to the plain address)
  return "";
}

/** Keep `code` as this tab's assignment on this page ("" forgets it). */
function remember(code) {
  try {
    const all = JSON.parse(sessionStorage.getItem(KEY) || "{}");
    sessionStorage.setItem(KEY, JSON.stringify({ ...all, [location.pathname]: code }));
  } catch { /* storage refused: the address alone */ }
}

/** Keep `code` in the address (and for this tab) while `element` is on the page. */
export function keepInAddress(code, element) {
  const hash = `${PREFIX}${code}`;
  open = { path: location.pathname, hash, element };
  if (location.hash !== hash) replaceState.call(history, history.state, "", `${location.pathname}${location.search}${hash}`);
  remember(code);
}

/** The language switcher (once app.js has pointed it at this page) opens the assignment. */
export function linkLanguages(code) {
  for (const link of document.querySelectorAll(".md-select__link[hreflang]")) {
    const url = new URL(link.href);
    url.hash = `${PREFIX}${code}`;
    link.href = url.href;
  }
}

/** The element left the page (another page shown): the address is free again. */
export function release(element) {
  if (open?.element === element) open = { ...open, path: null, left: location.pathname };
}

/** Whether the assignment's own page was shown again without the reader leaving it (instant
 *  navigation draws the page anew when the address's fragment is changed by hand). */
const redrawn = () => open?.path === null && open.left === location.pathname;

/** The reader asked for the plain address: this tab forgets the assignment, and the page
 *  loads again as the teacher's. */
export function toPlainAddress() {
  open = null;
  remember("");
  location.reload();
}

/** The code of the assignment open on this page, if any. */
export const openCode = () => (open?.path === location.pathname ? open.hash.slice(PREFIX.length) : "");
