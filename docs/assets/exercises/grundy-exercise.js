// The exercises' entry module (mkdocs.yml loads it with type="module"): it defines
// <grundy-exercise> (exercise-element.js) once the page has loaded and been painted, so
// that the exercises' modules are not fetched while the first screen is painted.

import { pageReady } from "../widgets/painted.js";

await pageReady;
await import("./exercise-element.js");
