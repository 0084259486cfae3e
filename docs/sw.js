// The service worker of a site built without scripts/build_sw.py (mkdocs serve, some test
// builds): it saves nothing and removes what a built site's worker saved. build_sw.py
// replaces it with scripts/service-worker.js bundled, with the site's precache manifest.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then((names) => Promise.all(
    names.filter((name) => name.startsWith("chocolate-games-")).map((name) => caches.delete(name)))));
});
