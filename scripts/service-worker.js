// The site's service worker, Workbox's precaching with a generated manifest; its source.
// scripts/build_sw.py bundles it with esbuild into SITE/sw.js and writes the manifest
// (every file of the site but source maps, sitemaps and sw.js: {url, revision: the start
// of its SHA-256, size}) in place of self.__WB_MANIFEST.
//
// The offline copy is offered, not imposed: installing downloads nothing. The copy is
// saved when a page asks (OFFLINE_SAVE: the reader's choice, or a fast unmetered
// connection, assets/app/offline.js decides), removed when a page asks (OFFLINE_REMOVE,
// answered once done; a save under way stops first) and from then on every install of a new
// deployment brings it up to date, downloading only the files that changed; the new
// worker then waits until the reader accepts the update (SKIP_WAITING). Without a
// copy there is nothing to keep consistent and a new worker takes over at once.
// Saved pages are served from the copy (any query: ?play= links), other files from the
// network; a page's address without its final slash is redirected to it. Offline (the
// network fails), a page that is not on the site gets the site's 404 page from the copy;
// a page of the site that is not saved (no copy, or a page missing from it) gets the
// offline page (./sw-offline-page.js): it links to the pages saved, in the reader's language.

import { PrecacheController, PrecacheRoute } from "workbox-precaching";
import { registerRoute, setCatchHandler } from "workbox-routing";
import { NetworkOnly } from "workbox-strategies";
import { clientsClaim, setCacheNameDetails } from "workbox-core";
import { offlinePage } from "./sw-offline-page.js";

const MANIFEST = self.__WB_MANIFEST;
const SCOPE = self.registration.scope;
const CHOSEN = "chocolate-games-offline"; // a cache that exists while the reader keeps a copy
const BEFORE_WORKBOX = /^chocolate-games-[0-9a-f]{12}$/; // the earlier worker's caches
const channel = new BroadcastChannel("chocolate-games-offline");
// What the worker did with the copy, for the tests (tests/perf/test_offline.py prints it when
// one fails); no page listens otherwise.
const logChannel = new BroadcastChannel("chocolate-games-offline-log");
const log = (text) => logChannel.postMessage({ t: Date.now(), from: "worker", text });

setCacheNameDetails({ prefix: "chocolate-games" });
const revisions = new Map(MANIFEST.map((entry) => [new URL(entry.url, SCOPE).href, entry.revision]));

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Workbox plugin: files the browser already holds (the engine's runtime, after a lesson)
 * are revalidated, not downloaded again (Workbox reloads them); only the file the build
 * hashed is saved (a server or CDN may still serve another deployment's), with its type
 * only (the body is decoded: no Content-Encoding). */
const verified = {
  requestWillFetch({ request }) {
    return new Request(request, { cache: "no-cache" });
  },
  async cacheWillUpdate({ request, response }) {
    if (removing || !response || response.status !== 200) return null; // a save under way stops
    const body = await response.arrayBuffer();
    if (!(await sha256(body)).startsWith(revisions.get(request.url))) return null;
    return new Response(body, { headers: { "Content-Type": response.headers.get("Content-Type") || "" } });
  },
  async cacheDidUpdate() {
    channel.postMessage({ type: "progress", ...(await status()) });
  },
};

const precache = new PrecacheController({ plugins: [verified] });
precache.addToCacheList(MANIFEST.map(({ url, revision }) => ({ url, revision })));

/** Whether the copy holds each file: a function of a manifest url. */
async function savedFiles() {
  const name = precache.strategy.cacheName;
  const cache = (await caches.has(name)) && (await caches.open(name));
  const have = new Set(cache ? (await cache.keys()).map((request) => request.url) : []);
  return (url) => have.has(precache.getCacheKeyForURL(new URL(url, SCOPE).href));
}

/** {files, bytes, savedFiles, savedBytes, chosen, saving} of this worker's copy. */
async function status(busy = Boolean(saving)) {
  const chosen = await caches.has(CHOSEN);
  const saved = chosen ? await savedFiles() : () => false;
  const result = { files: 0, bytes: 0, savedFiles: 0, savedBytes: 0, chosen, saving: busy };
  for (const { url, size } of MANIFEST) {
    result.files += 1;
    result.bytes += size;
    if (saved(url)) {
      result.savedFiles += 1;
      result.savedBytes += size;
    }
  }
  return result;
}

let saving = null;
let removing = null;

/** Download what the copy lacks, during `event` (the install, or a page's message). */
function save(event) {
  // Workbox downloads during an install; a message event lends it its lifetime.
  const installing = event.type === "install" ? event : { type: "install", waitUntil: (p) => event.waitUntil(p) };
  log(`save asked (${event.type}), ${saving ? "one under way" : "starting"}`);
  saving ??= (async () => {
    try {
      await caches.open(CHOSEN);
      await precache.install(installing);
      log("save done");
      channel.postMessage({ type: "saved", ...(await status(false)) });
    } catch (error) {
      log(`save failed: ${error}${removing ? " (removing)" : ""}`);
      if (!removing) channel.postMessage({ type: "failed", error: String(error), ...(await status(false)) });
      throw error;
    } finally {
      saving = null;
    }
  })();
  event.waitUntil(saving.catch(() => {}));
  return saving;
}

/** Remove the copy, once a save under way has stopped (it would bring files back): its
 * status, also told to every page. */
function remove() {
  log(`remove asked, ${removing ? "one under way" : "starting"}${saving ? " after the save under way" : ""}`);
  removing ??= (async () => {
    try {
      await saving?.catch(() => {});
      await caches.delete(CHOSEN);
      await caches.delete(precache.strategy.cacheName);
    } finally {
      removing = null;
    }
    const now = await status();
    log(`removed: chosen ${now.chosen}, ${now.savedFiles} files`);
    channel.postMessage({ type: "removed", ...now });
    return now;
  })();
  return removing;
}

self.addEventListener("install", (event) => {
  log("install");
  event.waitUntil((async () => {
    if (await caches.has(CHOSEN)) await save(event); // an install fails if its copy cannot be completed
    else await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  log("activate");
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => BEFORE_WORKBOX.test(name)).map((name) => caches.delete(name)));
    if (names.includes(CHOSEN)) await precache.activate(event); // the files of older deployments go
  })());
});
clientsClaim();

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  log(`message ${type}${event.ports[0] ? " (answer expected)" : ""}`);
  if (type === "SKIP_WAITING") self.skipWaiting();
  else if (type === "OFFLINE_STATUS") event.waitUntil(status().then((s) => {
    log(`status: chosen ${s.chosen}, saving ${s.saving}, ${s.savedFiles} of ${s.files} files`);
    event.ports[0]?.postMessage(s);
  }));
  else if (type === "OFFLINE_SAVE") save(event).catch(() => {});
  else if (type === "OFFLINE_REMOVE") event.waitUntil(remove().then((s) => event.ports[0]?.postMessage(s)));
});

registerRoute(new PrecacheRoute(precache, {
  ignoreURLParametersMatching: [/./], // ?play=... links are the page itself
  cleanURLs: false,
}));

/** The copy's key of the page at `url`, with or without its final slash; undefined for an
 *  address that is not a page of the site. */
const pageKey = (url) => precache.getCacheKeyForURL(`${url.origin}${url.pathname.replace(/\/?$/, "/")}index.html`);

/** A page's address without its final slash goes to the address with it, as on the server. */
registerRoute(({ request, url }) => request.mode === "navigate" && !url.pathname.endsWith("/") && pageKey(url),
  async ({ url }) => Response.redirect(`${url.origin}${url.pathname}/${url.search}`, 301));

registerRoute(({ request, url }) => request.mode === "navigate" && url.href.startsWith(SCOPE), new NetworkOnly());

/** A page's <title>, "PAGE - SITE", split in two. */
function titleParts(title) {
  const cut = title.lastIndexOf(" - ");
  return [title.slice(0, cut), title.slice(cut + 3)];
}

/** The offline page for `url` (see the top of this file), status 503. */
async function offline(url) {
  const ja = url.href.startsWith(`${SCOPE}ja/`);
  const home = MANIFEST.find((entry) => entry.url === (ja ? "ja/index.html" : "index.html"));
  const saved = await savedFiles();
  const pages = MANIFEST.filter((entry) => entry.title && entry.url.startsWith("ja/") === ja && saved(entry.url))
    .sort((a, b) => (b === home) - (a === home)); // the home page first
  const html = offlinePage({
    lang: ja ? "ja" : "en",
    site: titleParts(home.title)[1],
    address: url.href,
    pages: pages.map((entry) => ({ href: new URL(entry.url.replace(/index\.html$/, ""), SCOPE).href,
                                   title: titleParts(entry.title)[0] })),
    megabytes: Math.max(1, Math.round(MANIFEST.reduce((sum, entry) => sum + entry.size, 0) / 1e6)),
  });
  return new Response(html, { status: 503, statusText: "Offline", headers: { "Content-Type": "text/html; charset=utf-8" } });
}

/** The site's 404 page from the copy, as the server would send it, or null. */
async function notFound() {
  const page = await precache.matchPrecache("404.html");
  return page && new Response(page.body, { status: 404, statusText: "Not Found", headers: page.headers });
}

/** A page the network could not bring (the reader is offline): an address that is not a
 *  page of the site gets the 404 page if the copy has it; else the offline page. */
setCatchHandler(async ({ request, url }) => {
  if (request.mode !== "navigate") return Response.error();
  return (!pageKey(url) && (await notFound())) || offline(url);
});
