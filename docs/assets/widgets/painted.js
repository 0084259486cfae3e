// When the first screen is on it. `painted` resolves once the browser has painted the
// page (or PAINT_WAIT_MS without a paint, as in a tab opened in the background);
// `pageReady` once, moreover, the page has loaded. What the first screen does not need
// waits for them: the widgets' modules (the play widget's are already on their way, asked
// for by the page's head, so they wait for the paint only), the exercises' modules, the
// engine's runtime. On a phone's network they would otherwise share the bandwidth and the
// main thread with the first paint (the load event can come before the first frame).

const PAINT_WAIT_MS = 3000;

const pageLoaded = document.readyState === "complete" ? Promise.resolve()
  : new Promise((resolve) => addEventListener("load", resolve, { once: true }));

function firstPaint() {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, PAINT_WAIT_MS);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    if (typeof PerformanceObserver === "undefined" || performance.getEntriesByType("paint").length) done();
    else new PerformanceObserver((_, observer) => { observer.disconnect(); done(); }).observe({ type: "paint", buffered: true });
  });
}

export const painted = firstPaint();

export const pageReady = pageLoaded.then(firstPaint);

/** Resolves once the page is ready and then the browser idle (or `ms` later at most). */
export function pageIdle(ms = 1000) {
  return pageReady.then(() => new Promise((resolve) => {
    if ("requestIdleCallback" in window) requestIdleCallback(() => resolve(), { timeout: ms });
    else setTimeout(resolve, 0);
  }));
}
