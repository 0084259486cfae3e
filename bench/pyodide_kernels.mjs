// The pure-Python table kernels, and the web API's table and P-position requests (with the
// explorer's cap lifted, to find where it should be), timed inside Pyodide under Node (the
// browser's worker runs the same WebAssembly Python), read from the source tree: best of
// RUNS, in milliseconds of the Node process's CPU time (so that other jobs on the machine
// disturb them less).
//
// usage: node bench/pyodide_kernels.mjs [RUNS] [SRC]   (SRC: another engine/src, e.g. an older
// version's, to compare)

import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.argv[2] || 3);
const src = path.resolve(process.argv[3] || path.join(ROOT, "engine", "src"));
const { loadPyodide } = await import(path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.join(ROOT, "node_modules", "pyodide") + path.sep });
pyodide.FS.mkdir("/engine");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: src }, "/engine");
pyodide.runPython(`
import json, sys
from js import process
sys.path.insert(0, "/engine")
import grundy
from grundy import webapi

def cpu_ms(run):
    """(least CPU milliseconds of RUNS calls of run(), its last result)."""
    best = float("inf")
    for _ in range(${runs}):
        t0 = process.cpuUsage().user
        result = run()
        best = min(best, (process.cpuUsage().user - t0) / 1e3)
    return best, result

CASES = [("chocolate", {"k": 3}, 64), ("chocolate", {"k": 3}, 128), ("chocolate", {"k": 2}, 128),
         ("step3", {"f": "t//2"}, 64), ("step", {"f": "t//3"}, 2000), ("nim", {"heaps": 3}, 64),
         ("wythoff", {}, 600), ("ryuoh", {"p": 5}, 300)]
for name, params, n in CASES:
    ms, values = cpu_ms(lambda: grundy.game(name, **params).kernel(n))
    print(f"kernel {name} {params} max={n}: {ms:7.0f} ms  {len(values):>9,} positions "
          f"({ms * 1e6 / len(values):.0f} ns each)", flush=True)

for k in (3, 2):
    ms, answer = cpu_ms(lambda: webapi.handle({"op": "ppositions", "k": k, "max": 128}))
    print(f"ppositions k={k} max=128: {ms:7.0f} ms  {answer.get('error') or len(answer['points'])}")

webapi.TABLE_CAP = 10**7
TABLES = [("chocolate", {"k": 3}, (30, 40, 50, 60)), ("chocolate", {"k": 2}, (30, 40, 50)),
          ("step", {"f": "t//2"}, (100, 200, 300)), ("step3", {"f": "t//2"}, (30, 40, 50)),
          ("nim", {"heaps": 3}, (30, 40, 50)), ("wythoff", {}, (150, 200, 250, 300)),
          ("ryuoh", {"p": 3}, (150, 200, 250))]
for name, params, sizes in TABLES:
    for n in sizes:
        request = {"op": "table", "game": name, "params": params, "max": n, "lang": "en"}
        ms, answer = cpu_ms(lambda: webapi.handle_json(json.dumps(request)))
        rows = len(json.loads(answer).get("rows", []))
        print(f"table {name} {params} max={n}: {ms:7.0f} ms  {rows:>9,} rows, "
              f"{len(answer) / 1e6:.1f} MB of JSON", flush=True)
`);
