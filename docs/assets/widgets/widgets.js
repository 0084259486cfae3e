// The widgets' entry module (mkdocs.yml loads it with type="module"): it defines the
// custom elements <grundy-play>, <grundy-table>, <grundy-nimsum>, <grundy-pviewer> and
// <grundy-discover> once the page has been painted (painted.js), each by importing its
// module when such an element is on the page: at once for those in the page, later for
// those that a page swapped in by Material's instant navigation or a script (the
// assignment page's tasks) brings. The head of a page with a game already asks for the
// play widget's modules and first moves (scripts/sitehooks/preload.py): they are on
// their way while the page is painted.
// The one engine worker (engine-client.js) survives page swaps.
//
// The one global, window.grundyEngine, is the engine client: a hook for the browser
// tests (and curious readers): grundyEngine.request({op: "games"}).then(console.log).

import { painted } from "./painted.js";

const MODULES = {
  "grundy-play": () => import("./grundy-play.js"),
  "grundy-table": () => import("./grundy-table.js"),
  "grundy-nimsum": () => import("./grundy-nimsum.js"),
  "grundy-pviewer": () => import("./grundy-pviewer.js"),
  "grundy-discover": () => import("./grundy-discover.js"),
};
const waiting = new Set(Object.keys(MODULES)); // elements whose module is not imported yet

/** Import the module of each widget element in `root` (an element or the document). */
function upgrade(root) {
  for (const name of waiting) {
    if (root.localName === name || root.querySelector(name)) {
      waiting.delete(name);
      MODULES[name]();
    }
  }
  if (!waiting.size) observer.disconnect();
}

const observer = new MutationObserver((records) => {
  for (const record of records) {
    for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE && waiting.size) upgrade(node);
  }
});

await painted;
observer.observe(document.documentElement, { childList: true, subtree: true });
upgrade(document);
window.grundyEngine = (await import("./engine-client.js")).engine;
