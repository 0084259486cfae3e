// The reader's place on a page, kept across Back and Forward (and a reload). Material
// restores a page's scroll offset as soon as the page is back, but its widgets then grow
// (the static picture replaced by the game, the engine's answers drawn) and the blocks off
// screen are laid out when scrolled near (content-visibility: auto, site.css): the same
// offset then shows another part of the page (a widget read at 120 px came back at 581 px).
// So each time Material writes the scroll offset into the history entry (as the reader
// scrolls, and as a link is followed) and as the page is left by a full load, the entry
// also gets `place`: the element at the top of the window (the widget or exercise the
// reader used last, if in view, else the first widget, exercise or heading in view, else
// the heading above) and its distance from the window's top. Coming back, that element is
// held at that distance while the page settles (hold()): until the widgets in view have
// drawn and nothing has moved for a while, or the reader scrolls or presses a key.

const SETTLE_FRAMES = 20; // the element has stayed in place this many frames: landed
const GIVE_UP_MS = 10000; // a slow first start of the engine (a full load) included
const READER = ["wheel", "touchstart", "keydown", "mousedown"];
const WIDGETS = "grundy-play, grundy-table, grundy-nimsum, grundy-pviewer, grundy-discover, grundy-exercise";
const PLACES = `${WIDGETS}, .md-content h1[id], .md-content h2[id], .md-content h3[id], .md-content h4[id]`;

let returning = false; // this page was reached by Back, Forward or a reload
let held = null; // the place being restored: {key, top}
let used = null; // the widget or exercise the reader touched last on this page

/** How the place names its element: a heading's id, or a widget's tag and rank. */
function keyOf(el) {
  if (el.id) return `#${el.id}`;
  const tag = el.localName;
  return `${tag}:${[...document.querySelectorAll(tag)].indexOf(el)}`;
}

function find(key) {
  if (key.startsWith("#")) return document.getElementById(key.slice(1));
  const [tag, rank] = key.split(":");
  return /^[a-z-]+$/.test(tag) ? document.querySelectorAll(tag)[Number(rank)] || null : null;
}

const headerBottom = () => document.querySelector(".md-header")?.getBoundingClientRect().bottom || 0;

function inView(el, top = headerBottom()) {
  const box = el.getBoundingClientRect();
  return box.bottom > top && box.top < innerHeight;
}

/** The reader's place now: {key, top}, or null on a page without widgets or headings. */
function here() {
  if (held) return held;
  const top = headerBottom();
  if (used?.isConnected && inView(used, top)) return { key: keyOf(used), top: used.getBoundingClientRect().top };
  const all = [...document.querySelectorAll(PLACES)];
  const el = all.find((e) => inView(e, top)) || all.filter((e) => e.getBoundingClientRect().top < top).pop();
  return el ? { key: keyOf(el), top: el.getBoundingClientRect().top } : null;
}

/** Whether the page is still changing size where the reader looks: a widget or exercise
 *  not yet upgraded, or one in view still showing its static picture. */
function settling() {
  if (document.querySelector(`:is(${WIDGETS}):not(:defined)`)) return true;
  if (window.grundyEngine?.status === "failed") return false;
  return [...document.querySelectorAll(".grundy-widget .gw-fallback")]
    .some((picture) => inView(picture.closest(".grundy-widget"), 0));
}

/** Keep `target`'s top `top` pixels below the window's top (default: under the header,
 *  its scroll margin) while the page settles, unless the reader scrolls or presses a key
 *  first. */
export function hold(target, top = null) {
  const started = performance.now();
  let still = 0;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of READER) removeEventListener(type, stop, true);
    held = null;
  };
  for (const type of READER) addEventListener(type, stop, { capture: true, passive: true });
  const step = (now) => {
    if (!target.isConnected || now - started > GIVE_UP_MS) return stop();
    const want = top ?? (parseFloat(getComputedStyle(target).scrollMarginTop) || 0);
    const off = target.getBoundingClientRect().top - want;
    const bottom = scrollY + innerHeight >= document.documentElement.scrollHeight - 1;
    if (Math.abs(off) > 1 && !(off > 0 && bottom)) {
      scrollBy({ top: off, behavior: "instant" });
      still = 0;
    } else if (!settling()) still += 1;
    if (still > SETTLE_FRAMES) return stop();
    frame = requestAnimationFrame(step);
  };
  frame = requestAnimationFrame(step);
}

/** A widget opened by the page's address (a shared game): shown under the header, unless
 *  the reader is coming back to this page, where their own place wins. */
export function showLinked(el) {
  if (!returning) hold(el);
}

/** Each page shown (Material's document$: the first, then every instant swap): come back
 *  to the place the history entry holds. */
function onPage(first) {
  used = null;
  held = null;
  const [navigation] = performance.getEntriesByType?.("navigation") || [];
  // Material pushes a new entry with no state; Back, Forward and reloads find one
  returning = first ? ["back_forward", "reload"].includes(navigation?.type) : history.state !== null;
  const place = returning ? history.state?.place : null;
  const target = place && find(place.key);
  if (!target) return;
  held = place;
  if (target.matches(WIDGETS)) used = target;
  hold(target, place.top);
}

/** Write the place into the history entry with each scroll offset Material writes there
 *  (and as the page is left by a full load); come back to it on every page shown. */
export function keepPlaces(document$) {
  const replaceState = history.replaceState;
  history.replaceState = function (state, ...rest) {
    const offset = state && typeof state === "object" && "y" in state;
    return replaceState.call(this, offset ? { ...state, place: here() } : state, ...rest);
  };
  addEventListener("pagehide", () => history.replaceState({ ...(history.state || { x: scrollX, y: scrollY }) }, ""));
  addEventListener("pointerdown", remember, { capture: true, passive: true });
  addEventListener("focusin", remember, { capture: true });
  let first = true;
  document$.subscribe(() => {
    onPage(first);
    first = false;
  });
}

function remember(event) {
  const widget = event.target instanceof Element ? event.target.closest(WIDGETS) : null;
  if (widget) used = widget;
}
