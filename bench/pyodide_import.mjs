// The engine's import time inside Pyodide (under Node), from source and from .pyc files
// compiled by Pyodide's own Python 3.14, each in a fresh interpreter; and which modules
// the import loads beyond those a bare interpreter has.
//
// usage: node bench/pyodide_import.mjs WHEEL [RUNS]

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [wheel, runs = "3"] = process.argv.slice(2);
if (!wheel) {
  console.error("usage: node bench/pyodide_import.mjs WHEEL [RUNS]");
  process.exit(2);
}
const { loadPyodide } = await import(path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
const bytes = new Uint8Array(fs.readFileSync(wheel));

/** A fresh interpreter with the wheel unpacked (compiled to .pyc first if `compiled`). */
async function fresh(compiled) {
  const t0 = performance.now();
  const pyodide = await loadPyodide({ indexURL: path.join(ROOT, "node_modules", "pyodide") + path.sep });
  const boot = performance.now() - t0;
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(bytes, "wheel", { extractDir: site });
  if (compiled) {
    pyodide.runPython(`import compileall, sys; compileall.compile_dir("${site}/grundy", quiet=1)`);
  }
  return { pyodide, boot };
}

function importMs(pyodide) {
  return pyodide.runPython(`
import sys, time
before = set(sys.modules)
t0 = time.perf_counter()
import grundy, grundy.webapi
ms = (time.perf_counter() - t0) * 1000
new = sorted(m for m in set(sys.modules) - before if not m.startswith("grundy"))
(ms, new)`).toJs();
}

for (const compiled of [false, true]) {
  const times = [];
  let boots = [];
  let modules = [];
  for (let i = 0; i < Number(runs); i++) {
    const { pyodide, boot } = await fresh(compiled);
    const [ms, loaded] = importMs(pyodide);
    times.push(ms);
    boots.push(boot);
    modules = loaded;
  }
  const best = Math.min(...times);
  console.log(`${compiled ? ".pyc" : "source"}: import grundy, grundy.webapi ${best.toFixed(0)} ms ` +
              `(best of ${runs}; Pyodide boot ${Math.min(...boots).toFixed(0)} ms)`);
  if (!compiled) console.log(`standard modules the import loads: ${modules.join(" ")}`);
}
