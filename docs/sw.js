// The site's service worker: after the first visit every page, the Python runtime and the
// engine wheel come from the browser's cache, so every lesson opens and plays offline.
// scripts/build_sw.py fills VERSION and FILES in the built site (every file with its
// content hash). As written here (mkdocs serve, test builds) it caches nothing and
// removes what an earlier build cached.
//
// One cache per deployment ("chocolate-games-" + VERSION). Installing a new deployment
// copies unchanged files from the old cache and downloads only what changed (each
// download checked against its hash); the new worker then waits until the reader accepts
// the update (assets/app/app.js posts SKIP_WAITING), and its activation deletes old caches.

const VERSION = "dev";
const FILES = {};

const PREFIX = "chocolate-games-";
const CACHE = PREFIX + VERSION;
const ROOT = new URL("./", self.location.href); // the site root: this file's folder

/** The cache key of a file: its URL with its content hash as the query. */
function keyOf(path) {
  return `${new URL(path, ROOT).href}?v=${FILES[path]}`;
}

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A response holding exactly the file the build hashed (revalidated with the server). */
async function download(path) {
  const response = await fetch(new URL(path, ROOT), { cache: "no-cache" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  if (!(await sha256(body)).startsWith(FILES[path])) throw new Error(`${path}: not the deployed version`);
  // Only the type is kept: the body is already decoded (no Content-Encoding any more).
  return new Response(body, { headers: { "Content-Type": response.headers.get("Content-Type") || "" } });
}

async function precache() {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((request) => request.url));
  await Promise.all(Object.keys(FILES).map(async (path) => {
    const key = keyOf(path);
    if (have.has(key)) return;
    const response = (await caches.match(key)) || (await download(path));
    await cache.put(key, response);
  }));
}

self.addEventListener("install", (event) => {
  if (!self.registration.active) self.skipWaiting(); // the first install: nothing to replace
  event.waitUntil(precache());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => name.startsWith(PREFIX) && name !== CACHE)
      .map((name) => caches.delete(name)));
    await self.clients.claim();
  })());
});

/** The site path a request asks for ("" for the site root), or null if outside the site. */
function pathOf(url) {
  if (!url.href.startsWith(ROOT.href)) return null;
  const path = decodeURIComponent(url.pathname.slice(ROOT.pathname.length));
  if (path === "" || path.endsWith("/")) return `${path}index.html`;
  return path in FILES ? path : `${path}/index.html`;
}

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  const path = pathOf(new URL(event.request.url));
  if (!path || !(path in FILES)) return;
  event.respondWith((async () => {
    const cached = await caches.match(keyOf(path), { cacheName: CACHE });
    return cached || fetch(event.request);
  })());
});
