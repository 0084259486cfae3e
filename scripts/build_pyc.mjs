// Prepare the engine of a built site for the browser's Python (Pyodide's own Python 3.14,
// under Node). Run by scripts/build.sh after mkdocs, before build_sw.py.
//
// 1. The site's assets/vendor/wheels/grundy-*.whl gets __pycache__/*.pyc files, as
//    unchecked-hash .pyc (used without comparing the sources' times, which unpacking the
//    wheel resets): the browser imports the engine without compiling it
//    (`node bench/pyodide_import.mjs WHEEL`: 530 ms -> 90 ms on the build machine).
// 2. The engine's standard library, grundy-*.stdlib.zip beside the wheel: the files of
//    Pyodide's python_stdlib.zip that Python imports to start and to import every module
//    of the engine and every module they name (0.8 MB instead of 2.5 MB). The widgets'
//    worker (assets/widgets/grundy-worker.js) starts Python on it; the Lab's first import
//    of a module outside it brings the whole library (assets/lab/lab-worker.js).
// 3. With --snapshot (scripts/bench_engine_load.py measures it): a memory snapshot of
//    Pyodide with the engine imported (gzip, about 6.4 MB), which the worker restores
//    instead of starting the interpreter. Not built by default: on a slow phone's network
//    its bytes cost more time than the start it saves (docs/benchmarks.md, #engine-load).
// grundy.json names them ("stdlib", "snapshot"), counts a boot's bytes as the network
// carries them ("bytes": gzip where GitHub Pages compresses, as scripts/build_sw.py counts;
// "files": each file's [size, bytes sent], for the loader's progress) and, without a
// snapshot, gives the key the browser keeps its own snapshot under ("keep": a hash of
// Pyodide's version, the wheel and the library; the worker makes one after its first
// start; --browser-snapshot off leaves it out, for scripts/bench_engine_load.py).
//
// All depend only on the wheel's bytes, Pyodide's version, the options and this script:
// they are kept in .cache/build_pyc/ under a hash of these, and a second build (the tests'
// build at a domain's root) reuses them.
//
// usage: node scripts/build_pyc.mjs [SITE_DIR] [--stdlib engine|full] [--snapshot]
//   [--browser-snapshot on|off]   (default: site, --stdlib engine, no snapshot, on)

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { stdlib: { type: "string", default: "engine" }, snapshot: { type: "boolean", default: false },
             "browser-snapshot": { type: "string", default: "on" } },
});
if (!["engine", "full"].includes(options.stdlib) || !["on", "off"].includes(options["browser-snapshot"])) {
  console.error(`build_pyc: --stdlib is engine or full, --browser-snapshot on or off`);
  process.exit(2);
}
const site = path.resolve(positionals[0] || path.join(ROOT, "site"));
const wheels = path.join(site, "assets", "vendor", "wheels");
const index = path.join(wheels, "grundy.json");
const info = JSON.parse(fs.readFileSync(index, "utf8"));
const file = path.join(wheels, info.wheel);
const indexURL = path.join(ROOT, "node_modules", "pyodide") + path.sep;
const { loadPyodide } = await import(path.join(indexURL, "pyodide.mjs"));
const PYODIDE_VERSION = JSON.parse(fs.readFileSync(path.join(indexURL, "package.json"), "utf8")).version;
const CACHE = path.join(ROOT, ".cache", "build_pyc");
const FULL_STDLIB = path.join(indexURL, "python_stdlib.zip");

/** A Pyodide with the engine wheel `bytes` unpacked, as the worker installs it. */
async function withEngine(bytes, settings = {}) {
  const pyodide = await loadPyodide({ indexURL, ...settings });
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  return pyodide;
}

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

/** The files of python_stdlib.zip that starting Python and importing every module of the
 * engine (and every module its sources name, where a function imports it) read, in a zip. */
async function engineStdlib(bytes) {
  const pyodide = await withEngine(bytes);
  pyodide.runPython(`
import ast, importlib, pkgutil, sys, sysconfig, traceback, zipfile
import grundy
for info in list(pkgutil.walk_packages(grundy.__path__, "grundy.")):
    if info.name.endswith(".__main__"):
        continue  # runs the command line
    try:
        module = importlib.import_module(info.name)
    except ImportError:
        continue  # the kernels of an optional dependency (numpy)
    tree = ast.parse(open(module.__file__, encoding="utf-8").read())
    for node in ast.walk(tree):
        named = [a.name for a in node.names] if isinstance(node, ast.Import) else \\
            [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else []
        for name in named:
            try:
                importlib.import_module(name)
            except ImportError:
                pass  # an optional dependency (numpy)
try:
    raise ValueError("a traceback, as an error of the engine is reported")
except ValueError:
    traceback.format_exc()
ast.unparse(ast.parse("t * t"))  # as the prover names a term outside its language
archive = next(p for p in sys.path if p.endswith(".zip"))
used = {m.__spec__.origin[len(archive) + 1:] for m in list(sys.modules.values())
        if getattr(m, "__spec__", None) and (m.__spec__.origin or "").startswith(archive + "/")}
with zipfile.ZipFile(archive) as full, zipfile.ZipFile("/tmp/stdlib.zip", "w") as out:
    for item in full.infolist():
        if item.filename in used:
            out.writestr(item, full.read(item))
`);
  return pyodide.FS.readFile("/tmp/stdlib.zip");
}

/** Pyodide's memory after importing the engine from `bytes` on the library `stdlib`, as
 * the worker does (gzip). */
async function snapshot(bytes, stdlib) {
  fs.mkdirSync(CACHE, { recursive: true });
  const stdLibURL = path.join(CACHE, `stdlib-${process.pid}.zip`);
  fs.writeFileSync(stdLibURL, stdlib);
  try {
    const pyodide = await withEngine(bytes, { _makeSnapshot: true, stdLibURL });
    pyodide.runPython("import grundy, grundy.webapi");
    return zlib.gzipSync(pyodide.makeMemorySnapshot(), { level: 9 });
  } finally {
    fs.rmSync(stdLibURL);
  }
}

/** {wheel, added, stdlib, snapshot (gzip, or null), cached} for the wheel's bytes, from
 * the cache or made (and kept there). */
async function prepared(bytes) {
  const key = createHash("sha256").update(bytes).update(PYODIDE_VERSION).update(JSON.stringify(options))
    .update(fs.readFileSync(fileURLToPath(import.meta.url))).digest("hex").slice(0, 24);
  const dir = path.join(CACHE, key);
  const names = ["wheel.whl", "added.txt", "stdlib.zip", "snapshot.gz"];
  const files = names.map((name) => path.join(dir, name));
  if (fs.existsSync(path.join(dir, "done"))) {
    const [wheel, added, stdlib, packed] = files.map((f) => (fs.existsSync(f) ? fs.readFileSync(f) : null));
    return { wheel, added: Number(added.toString()), stdlib, snapshot: packed, cached: true };
  }
  const [wheel, added] = await compiled(bytes);
  const stdlib = options.stdlib === "engine" ? await engineStdlib(wheel) : fs.readFileSync(FULL_STDLIB);
  const packed = options.snapshot ? await snapshot(wheel, stdlib) : null;
  fs.mkdirSync(dir, { recursive: true });
  [wheel, String(added), stdlib, packed].forEach((data, i) => data !== null && fs.writeFileSync(files[i], data));
  fs.writeFileSync(path.join(dir, "done"), "");
  return { wheel, added, stdlib, snapshot: packed, cached: false };
}

const made = await prepared(new Uint8Array(fs.readFileSync(file)));
if (made.added) fs.writeFileSync(file, made.wheel);
const stem = info.wheel.replace(/\.whl$/, "");
for (const old of fs.readdirSync(wheels).filter((f) => /\.(stdlib\.zip|snapshot\.gz)$/.test(f))) {
  fs.rmSync(path.join(wheels, old)); // an earlier run's, with other options
}
const engineFiles = {};
if (options.stdlib === "engine") engineFiles.stdlib = [`${stem}.stdlib.zip`, made.stdlib];
if (made.snapshot) engineFiles.snapshot = [`${stem}.snapshot.gz`, made.snapshot];
for (const [name, data] of Object.values(engineFiles)) fs.writeFileSync(path.join(wheels, name), data);
// what a boot reads (Pyodide's files, the library, the wheel, the snapshot): [size, bytes sent]
const runtime = path.join(site, "assets", "vendor", "pyodide");
const GZIPPED = [".mjs", ".json", ".wasm"]; // of these, the types GitHub Pages compresses
const sizes = (data, name) => [data.length, GZIPPED.includes(path.extname(name))
  ? zlib.gzipSync(data, { level: 6 }).length : data.length];
const files = Object.fromEntries([
  ...["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "pyodide-lock.json"]
    .map((f) => [f, sizes(fs.readFileSync(path.join(runtime, f)), f)]),
  [info.wheel, sizes(fs.readFileSync(file), info.wheel)],
  ...Object.values(engineFiles).map(([name, data]) => [name, sizes(data, name)]),
  ...(engineFiles.stdlib ? [] : [["python_stdlib.zip", sizes(made.stdlib, "python_stdlib.zip")]]),
]);
const bytes = Object.values(files).reduce((sum, [, sent]) => sum + sent, 0);
const names = Object.fromEntries(Object.entries(engineFiles).map(([key, [name]]) => [key, name]));
const keep = !made.snapshot && options["browser-snapshot"] === "on"
  ? createHash("sha256").update(PYODIDE_VERSION).update(fs.readFileSync(file)).update(made.stdlib)
    .digest("hex").slice(0, 16) : null;
fs.writeFileSync(index, JSON.stringify({ wheel: info.wheel, ...names, bytes, files, ...(keep && { keep }) }) + "\n");
const kB = (n) => `${Math.round(n / 1024)} kB`;
console.log(`build_pyc: ${path.relative(ROOT, file)}: ${made.added ? `${made.added} .pyc files added` : "already compiled"}; `
  + `standard library ${engineFiles.stdlib ? `${engineFiles.stdlib[0]} (${kB(made.stdlib.length)})` : "python_stdlib.zip"}`
  + `${made.snapshot ? `; snapshot ${engineFiles.snapshot[0]} (${kB(made.snapshot.length)} gzip)` : ""}`
  + `${made.cached ? ", from .cache/build_pyc/" : ""}`);
