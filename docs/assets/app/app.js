// The site as an app, once per visit (Material's instant navigation keeps this module and
// the engine's worker alive across pages):
// - never start the engine by itself (megabytes: a phone's network, a classroom's link):
//   the widgets play their first moves from answers the engine wrote at build time and
//   start it when the reader needs it (widget-base.js);
// - the language switcher points at the current page's other edition (instant navigation
//   does not swap the header), and a change of language loads the page in full (instant
//   navigation would keep the first page's <html lang>, search index and language);
// - register the service worker (sw.js at the site root, made by scripts/build_sw.py)
//   once the engine has loaded and the reader has stayed on a page for SETTLE_MS (its
//   first install downloads and checks the whole site, 30 MiB: on a phone or a 2-core
//   machine that would slow down the next page the reader opens right away), and tell
//   the reader when a new version of the site is there;
// - instant navigation keeps the address and lands on anchors as a full load does
//   (instant.js).

import { pageReady } from "../widgets/painted.js";
import { keepInstantNavigationFaithful } from "./instant.js";

const ROOT = new URL("../../", import.meta.url);
const WIDGETS = ".grundy-widget, grundy-play, grundy-table, grundy-nimsum, grundy-pviewer";
const UPDATE_CHECK_MS = 10 * 60 * 1000;
const SETTLE_MS = 3000;
const TEXT = {
  en: { update: "A new version of this site is available.", reload: "Reload" },
  ja: { update: "このサイトの新しい版があります。", reload: "再読み込み" },
};

/** "ja" for pages under ROOT/ja/, else "en". */
function langOfUrl(href) {
  return href.startsWith(new URL("ja/", ROOT).href) ? "ja" : "en";
}

/** The same page in `lang` (both editions have the same paths, Japanese under ja/). */
function editionUrl(lang) {
  const ja = new URL("ja/", ROOT).href;
  const rest = location.href.startsWith(ja) ? location.href.slice(ja.length) : location.href.slice(ROOT.href.length);
  return new URL((lang === "ja" ? "ja/" : "") + rest.replace(/#.*/, ""), ROOT).href;
}

function fixLanguageLinks() {
  if (document.querySelector("[data-not-found]")) return; // the 404 page links to the home pages
  for (const link of document.querySelectorAll(".md-select__link[hreflang]")) {
    link.href = editionUrl(link.getAttribute("hreflang"));
  }
}

/** The widgets' engine client (widgets.js exposes it; otherwise its own module). */
async function engineClient() {
  return window.grundyEngine ?? (await import("../widgets/engine-client.js")).engine;
}

/** Resolves once the engine is not loading (at once for a client without events). */
function settled(engine) {
  const done = () => engine.status !== "loading";
  if (done() || typeof engine.addEventListener !== "function") return Promise.resolve();
  return new Promise((resolve) => {
    const onStatus = () => {
      if (!done()) return;
      engine.removeEventListener("status", onStatus);
      resolve();
    };
    engine.addEventListener("status", onStatus);
  });
}

/** On every page: resolves once the page is painted and no engine load is under way. */
async function pageSettled() {
  await pageReady;
  if (!document.querySelector(WIDGETS)) return;
  await settled(await engineClient());
}

function showUpdate(worker) {
  if (document.querySelector(".app-update")) return;
  const text = TEXT[langOfUrl(location.href)];
  const bar = document.createElement("div");
  bar.className = "app-update";
  bar.setAttribute("role", "status");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button md-button--primary";
  button.textContent = text.reload;
  button.addEventListener("click", () => {
    button.disabled = true;
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
    worker.postMessage({ type: "SKIP_WAITING" });
  });
  bar.append(text.update, " ", button);
  document.body.append(bar);
}

async function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return null;
  const registration = await navigator.serviceWorker.register(new URL("sw.js", ROOT), { scope: ROOT.href });
  // A waiting worker is a new deployment only when an older one controls the page.
  const offer = (worker) => navigator.serviceWorker.controller && showUpdate(worker);
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => worker.state === "installed" && offer(worker));
  });
  return registration;
}

// Material's search dialog has no accessible name: it takes its search field's.
const searchField = document.querySelector(".md-search[role=dialog] input[aria-label]");
searchField?.closest(".md-search").setAttribute("aria-label", searchField.getAttribute("aria-label"));

addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (link && !link.target && langOfUrl(link.href) !== langOfUrl(location.href)) {
    event.stopPropagation(); // before Material's listener on <body>: the browser navigates
  }
}, true);

let registration = null;
let settling = 0;
let lastCheck = Date.now();

/** Every page (the first, then each instant page swap): fix the language links and start
 * the engine if needed; once, register the service worker when a page's engine has loaded
 * and the reader has stayed SETTLE_MS on it; later, at most every ten minutes, ask the
 * server for a new deployment. */
function onPage() {
  fixLanguageLinks();
  const loaded = pageSettled().catch(() => {}); // the widgets report a failed load
  if (!registration) {
    clearTimeout(settling);
    settling = setTimeout(() => {
      registration = loaded.then(registerServiceWorker).catch(() => null);
    }, SETTLE_MS);
  } else if (Date.now() - lastCheck > UPDATE_CHECK_MS) {
    lastCheck = Date.now();
    registration.then((r) => r?.update()).catch(() => {});
  }
}

if (window.document$) {
  if (window.location$) keepInstantNavigationFaithful(window.location$, window.document$);
  window.document$.subscribe(onPage);
} else onPage();
