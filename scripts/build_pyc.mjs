// Prepare the engine of a built site for the browser's Python (Pyodide's own Python 3.14,
// under Node). Run by scripts/build.sh after mkdocs, before build_sw.py.
//
// 1. The site's assets/vendor/wheels/grundy-*.whl gets __pycache__/*.pyc files, as
//    unchecked-hash .pyc (used without comparing the sources' times, which unpacking the
//    wheel resets): the browser imports the engine without compiling it
//    (`node bench/pyodide_import.mjs WHEEL`: 530 ms -> 90 ms on the build machine).
// 2. A memory snapshot of Pyodide with the engine imported (gzip), named in grundy.json as
//    "snapshot": the worker (assets/widgets/grundy-worker.js) restores it instead of
//    starting the interpreter, most of a boot's work (under Node: about 2.6 s of CPU down
//    to 0.3 s).
//
// Both depend only on the wheel's bytes, Pyodide's version and this script: they are kept
// in .cache/build_pyc/ under a hash of the three, and a second build (the tests' build at
// a domain's root) reuses them.
//
// usage: node scripts/build_pyc.mjs [SITE_DIR]   (default: site)

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const site = path.resolve(process.argv[2] || path.join(ROOT, "site"));
const wheels = path.join(site, "assets", "vendor", "wheels");
const index = path.join(wheels, "grundy.json");
const info = JSON.parse(fs.readFileSync(index, "utf8"));
const file = path.join(wheels, info.wheel);
const indexURL = path.join(ROOT, "node_modules", "pyodide") + path.sep;
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const PYODIDE_VERSION = JSON.parse(fs.readFileSync(path.join(indexURL, "package.json"), "utf8")).version;
const CACHE = path.join(ROOT, ".cache", "build_pyc");

/** The wheel with .pyc files added (unchanged if it has them): [bytes, number added]. */
async function compiled(bytes) {
  const pyodide = await loadPyodide({ indexURL });
  pyodide.FS.writeFile("/tmp/in.whl", bytes);
  const added = pyodide.runPython(`
import compileall, os, py_compile, zipfile
with zipfile.ZipFile("/tmp/in.whl") as z:
    names = z.namelist()
    z.extractall("/tmp/wheel")
added = 0
if not any("__pycache__/" in name for name in names):
    compileall.compile_dir("/tmp/wheel", quiet=1,
                           invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with zipfile.ZipFile("/tmp/out.whl", "w", zipfile.ZIP_DEFLATED) as z:
        for name in names:
            z.write(f"/tmp/wheel/{name}", name)
        for folder, _, files in sorted(os.walk("/tmp/wheel")):
            for pyc in sorted(f for f in files if f.endswith(".pyc")):
                z.write(f"{folder}/{pyc}", os.path.relpath(f"{folder}/{pyc}", "/tmp/wheel"))
                added += 1
added`);
  return [added ? pyodide.FS.readFile("/tmp/out.whl") : bytes, added];
}

/** Pyodide's memory after importing the engine from `bytes`, as the worker does (gzip). */
async function snapshot(bytes) {
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  pyodide.runPython("import grundy, grundy.webapi");
  return zlib.gzipSync(pyodide.makeMemorySnapshot(), { level: 9 });
}

/** [compiled wheel, number of .pyc files added, gzipped snapshot, whether cached] of the
 * wheel's bytes, from the cache or made (and kept there). */
async function prepared(bytes) {
  const key = createHash("sha256").update(bytes).update(PYODIDE_VERSION)
    .update(fs.readFileSync(fileURLToPath(import.meta.url))).digest("hex").slice(0, 24);
  const dir = path.join(CACHE, key);
  const files = ["wheel.whl", "snapshot.gz", "added.txt"].map((name) => path.join(dir, name));
  if (files.every((f) => fs.existsSync(f))) {
    const [wheel, packed, added] = files.map((f) => fs.readFileSync(f));
    return [wheel, Number(added.toString()), packed, true];
  }
  const [wheel, added] = await compiled(bytes);
  const packed = await snapshot(wheel);
  fs.mkdirSync(dir, { recursive: true });
  files.forEach((f, i) => fs.writeFileSync(f, [wheel, packed, String(added)][i]));
  return [wheel, added, packed, false];
}

const [wheel, added, packed, cached] = await prepared(new Uint8Array(fs.readFileSync(file)));
if (added) fs.writeFileSync(file, wheel);
const name = info.wheel.replace(/\.whl$/, ".snapshot.gz");
fs.writeFileSync(path.join(wheels, name), packed);
// "bytes": what a boot reads (the runtime's files, the wheel, the snapshot), for its progress
const runtime = path.join(site, "assets", "vendor", "pyodide");
const bytes = fs.readdirSync(runtime).reduce((sum, f) => sum + fs.statSync(path.join(runtime, f)).size, 0)
  + fs.statSync(file).size + packed.length;
fs.writeFileSync(index, JSON.stringify({ ...info, snapshot: name, bytes }) + "\n");
const kB = (n) => `${Math.round(n / 1024)} kB`;
console.log(`build_pyc: ${path.relative(ROOT, file)}: ${added ? `${added} .pyc files added` : "already compiled"}; `
  + `snapshot ${name} (${kB(packed.length)} gzip)${cached ? ", both from .cache/build_pyc/" : ""}`);
