// The widgets' entry module (mkdocs.yml loads it with type="module"): it defines the
// custom elements <grundy-play>, <grundy-table>, <grundy-nimsum>, <grundy-pviewer> and
// <grundy-discover> once
// the page has loaded and been painted (painted.js): their modules are not fetched while
// the first screen is painted, which the static pictures in their place do not need.
// Elements on pages swapped in by Material's instant navigation upgrade by themselves;
// the one engine worker (engine-client.js) survives those swaps.
//
// The one global, window.grundyEngine, is the engine client: a hook for the browser
// tests (and curious readers): grundyEngine.request({op: "games"}).then(console.log).

import { pageReady } from "./painted.js";

await pageReady;
const [{ engine }] = await Promise.all([import("./engine-client.js"), import("./grundy-play.js"),
  import("./grundy-table.js"), import("./grundy-nimsum.js"), import("./grundy-pviewer.js"),
  import("./grundy-discover.js")]);
window.grundyEngine = engine;
