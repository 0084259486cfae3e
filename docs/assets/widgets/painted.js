// Resolves once the page has loaded and the browser has painted it (or PAINT_WAIT_MS after
// the load without a paint, as in a tab opened in the background). What the first screen
// does not need waits for it: the widgets' and exercises' modules, the engine's runtime.
// On a phone's network they would otherwise share the bandwidth and the main thread with
// the first paint (the load event can come before the first frame).

const PAINT_WAIT_MS = 3000;

const pageLoaded = document.readyState === "complete" ? Promise.resolve()
  : new Promise((resolve) => addEventListener("load", resolve, { once: true }));

export const pageReady = pageLoaded.then(() => new Promise((resolve) => {
  const timer = setTimeout(resolve, PAINT_WAIT_MS);
  const done = () => {
    clearTimeout(timer);
    resolve();
  };
  if (typeof PerformanceObserver === "undefined" || performance.getEntriesByType("paint").length) done();
  else new PerformanceObserver((_, observer) => { observer.disconnect(); done(); }).observe({ type: "paint", buffered: true });
}));
