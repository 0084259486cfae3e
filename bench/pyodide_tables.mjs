// In-browser table rates: the engine's table kernels and web API requests timed inside
// Pyodide (Python 3.14 in WebAssembly, under Node: the browser's worker runs the same
// code), to set the web API's caps from measurements.
//
// usage: node bench/pyodide_tables.mjs WHEEL

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [wheel] = process.argv.slice(2);
if (!wheel) {
  console.error("usage: node bench/pyodide_tables.mjs WHEEL");
  process.exit(2);
}
const { loadPyodide } = await import(path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.join(ROOT, "node_modules", "pyodide") + path.sep });
const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: site });
pyodide.runPython(`
import json, time
import grundy
from grundy import webapi

def timed(what, run):
    t0 = time.perf_counter()
    result = run()
    print(f"{what}: {(time.perf_counter() - t0) * 1000:.0f} ms ({result})", flush=True)

for k, n in [(3, 64), (3, 128), (2, 64), (2, 128)]:
    g = grundy.game("chocolate", k=k)
    timed(f"kernel chocolate k={k} x, z <= {n}", lambda: f"{len(g.table(n)):,} positions")
    def points():
        r = webapi.handle({"op": "ppositions", "k": k, "max": n})
        return r.get("error") or f"{len(r['points']):,} points"
    timed(f"web API ppositions k={k} max={n}", points)
for game, params, n in [("chocolate", {"k": 3}, 30), ("chocolate", {"k": 3}, 40), ("chocolate", {"k": 3}, 50),
                        ("wythoff", {}, 150), ("wythoff", {}, 250), ("nim", {"heaps": 3}, 40)]:
    def run():
        r = webapi.handle({"op": "table", "game": game, "params": params, "max": n, "lang": "en"})
        return r.get("error") or f"{len(r['rows']):,} rows, {len(json.dumps(r)) / 1e6:.1f} MB of JSON"
    timed(f"web API table {game} {params} max={n}", run)
`);
