// Precompile the engine wheel of a built site for the browser's Python: the site's
// assets/vendor/wheels/grundy-*.whl gets __pycache__/*.pyc files compiled by Pyodide's own
// Python (3.14, under Node), as unchecked-hash .pyc (used without comparing the sources'
// times, which unpacking the wheel resets). The browser then imports the engine without
// compiling it: `node bench/pyodide_import.mjs WHEEL` measured 530 ms -> 90 ms on the
// build machine. Run by scripts/build.sh after mkdocs, before build_sw.py.
//
// usage: node scripts/build_pyc.mjs [SITE_DIR]   (default: site)

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const site = path.resolve(process.argv[2] || path.join(ROOT, "site"));
const wheels = path.join(site, "assets", "vendor", "wheels");
const { wheel } = JSON.parse(fs.readFileSync(path.join(wheels, "grundy.json"), "utf8"));
const file = path.join(wheels, wheel);

const { loadPyodide } = await import(path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL: path.join(ROOT, "node_modules", "pyodide") + path.sep });
pyodide.FS.writeFile("/tmp/in.whl", new Uint8Array(fs.readFileSync(file)));
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
if (added) fs.writeFileSync(file, pyodide.FS.readFile("/tmp/out.whl"));
console.log(`build_pyc: ${path.relative(ROOT, file)}: ${added ? `${added} .pyc files added` : "already compiled"}`);
