// The site as an app, once per visit (Material's instant navigation keeps this module and
// the engine's worker alive across pages):
// - never start the engine by itself (megabytes: a phone's network, a classroom's link):
//   the widgets play their first moves from answers the engine wrote at build time and
//   start it when the reader needs it (widget-base.js);
// - the language switcher points at the current page's other edition (instant navigation
//   does not swap the header), with the game being played (the address's ?play=…), and a
//   change of language loads the page in full (instant navigation would keep the first
//   page's <html lang>, search index and language);
// - the service worker and the offline copy it offers (offline.js);
// - instant navigation keeps the address and lands on anchors as a full load does
//   (instant.js); Back and Forward come back to the reader's place once the widgets have
//   grown (place.js).

import { pageReady } from "../widgets/painted.js";
import { keepInstantNavigationFaithful } from "./instant.js";
import { checkForUpdate, offlineOnPage, setUpOffline } from "./offline.js";
import { keepPlaces } from "./place.js";

const ROOT = new URL("../../", import.meta.url);
const UPDATE_CHECK_MS = 10 * 60 * 1000;

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

// Material's search dialog has no accessible name: it takes its search field's.
const searchField = document.querySelector(".md-search[role=dialog] input[aria-label]");
searchField?.closest(".md-search").setAttribute("aria-label", searchField.getAttribute("aria-label"));

addEventListener("click", (event) => {
  const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (link && !link.target && langOfUrl(link.href) !== langOfUrl(location.href)) {
    event.stopPropagation(); // before Material's listener on <body>: the browser navigates
    fixLanguageLinks(); // the address as it is now: a game played since goes along (?play=…)
  }
}, true);

let lastCheck = Date.now();

/** Every page (the first, then each instant page swap): fix the language links, show the
 * offline copy's control; at most every ten minutes, ask the
 * server for a new deployment. */
function onPage() {
  fixLanguageLinks();
  offlineOnPage();
  if (Date.now() - lastCheck > UPDATE_CHECK_MS) {
    lastCheck = Date.now();
    checkForUpdate();
  }
}

setUpOffline(pageReady).catch(() => {}); // without a worker, the site is only not offline

if (window.document$) {
  if (window.location$) keepInstantNavigationFaithful(window.location$, window.document$);
  keepPlaces(window.document$);
  window.document$.subscribe(onPage);
} else onPage();
