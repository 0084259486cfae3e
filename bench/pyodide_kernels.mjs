// The pure-Python table kernels timed inside Pyodide (under Node; the browser's worker runs
// the same WebAssembly Python), read from the source tree: best of RUNS, in milliseconds of
// the Node process's CPU time (so that other jobs on the machine disturb them less).
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
import sys
from js import process
sys.path.insert(0, "/engine")
import grundy

CASES = [("chocolate", {"k": 3}, 64), ("chocolate", {"k": 3}, 128), ("chocolate", {"k": 2}, 128),
         ("step3", {"f": "t//2"}, 64), ("step", {"f": "t//3"}, 2000), ("nim", {"heaps": 3}, 64),
         ("wythoff", {}, 600), ("ryuoh", {"p": 5}, 300)]
for name, params, n in CASES:
    g = grundy.game(name, **params)
    best = float("inf")
    for _ in range(${runs}):
        t0 = process.cpuUsage().user
        values = g.kernel(n)
        best = min(best, (process.cpuUsage().user - t0) / 1e6)
    print(f"{name} {params} max={n}: {best * 1000:7.0f} ms  {len(values):>9,} positions "
          f"({best * 1e9 / len(values):.0f} ns each)", flush=True)
`);
