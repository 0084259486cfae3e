// The exercises' entry module (mkdocs.yml loads it with type="module"): it defines
// <grundy-exercise> (exercise-element.js) once the page has loaded and been painted, and
// then once the browser is idle, so that the exercises' modules are not fetched while the
// first screen is painted, and their start (0.1-0.2 s on a slow phone) does not come
// between a play widget near the screen and its first move.

import { pageIdle } from "../widgets/painted.js";

await pageIdle();
await import("./exercise-element.js");
