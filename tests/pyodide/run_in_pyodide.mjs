// Run the engine inside Pyodide (Python 3.14 in WebAssembly) under Node.
//
// usage: node tests/pyodide/run_in_pyodide.mjs WHEEL SITE_PACKAGES [VERIFY_MAX [STDLIB]]
//   WHEEL          the engine wheel (grundy-*-py3-none-any.whl)
//   SITE_PACKAGES  a CPython site-packages holding pytest and its pure-Python dependencies
//   VERIFY_MAX     bound for grundy.verify.run (default 5)
//   STDLIB         the standard library to start Python on (default: Pyodide's whole one);
//                  the site's (the engine's modules only) runs engine_checks.py alone, as
//                  pytest needs more of the library
//
// Installs the wheel with unpackArchive (as the site does), checks `import grundy`,
// runs tests/pyodide/engine_checks.py, then the engine's own pytest suite
// (tests/engine; Pyodide has no hypothesis, so hypothesis_stub.py skips the @given tests).
// Prints one JSON line "RESULT {...}" and exits 0 only if everything passed.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..", "..");
// Tests about the host installation, meaningless in Pyodide: console scripts, the MONA
// program (a process; the page proves with the engine's own automata, whose tests run
// here), the repository's docs/ (not copied in).
const DESELECT = ["engine/test_cli.py::test_console_script_is_installed",
                  "engine/test_prove_mona.py",
                  "engine/test_prove.py::test_chocolate_theorems_proved",
                  "engine/test_prove.py::test_command_line",
                  "engine/test_prove.py::test_the_halves_are_refuted_by_mona_not_only_by_the_table",
                  "engine/test_frontier.py::test_the_pages_reader"];
const PYTEST_PACKAGES = ["pytest", "_pytest", "pluggy", "iniconfig", "packaging", "py.py", "pygments"];

const [wheel, sitePackages, verifyMax = "5", stdLibURL] = process.argv.slice(2);
if (!wheel || !sitePackages) {
  console.error("usage: node run_in_pyodide.mjs WHEEL SITE_PACKAGES [VERIFY_MAX]");
  process.exit(2);
}

/** Copy a host file or directory tree into the Pyodide file system (no __pycache__). */
function copyIn(pyodide, from, to) {
  const stat = fs.statSync(from);
  if (stat.isDirectory()) {
    pyodide.FS.mkdirTree(to);
    for (const name of fs.readdirSync(from)) {
      if (name !== "__pycache__") copyIn(pyodide, path.join(from, name), `${to}/${name}`);
    }
  } else {
    pyodide.FS.mkdirTree(path.posix.dirname(to));
    pyodide.FS.writeFile(to, fs.readFileSync(from));
  }
}

process.on("uncaughtException", (err) => {
  const text = err && (err.message || (err.errno !== undefined && `file system error ${err.errno}`));
  console.error(`FAILED: ${String(text || JSON.stringify(err)).slice(0, 2000)}`);
  process.exit(1);
});

const { loadPyodide } = await import(path.join(ROOT, "node_modules", "pyodide", "pyodide.mjs"));
const t0 = performance.now();
const pyodide = await loadPyodide({ indexURL: path.join(ROOT, "node_modules", "pyodide") + path.sep,
                                    ...(stdLibURL && { stdLibURL }) });
const loadMs = Math.round(performance.now() - t0);
const sitePackagesDir = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(wheel)), "wheel", { extractDir: sitePackagesDir });
const version = pyodide.runPython(
  "import sys, grundy, grundy.webapi; f'{sys.version.split()[0]} {sys.platform} grundy from {grundy.__file__}'");
console.log(`Pyodide ${pyodide.version} loaded in ${loadMs} ms; Python ${version}`);

const site = "/home/pyodide/pytest-site";
for (const name of PYTEST_PACKAGES) {
  const from = path.join(sitePackages, name);
  if (fs.existsSync(from)) copyIn(pyodide, from, `${site}/${name}`);
}
copyIn(pyodide, path.join(ROOT, "tests", "engine"), "/home/pyodide/tests/engine");
copyIn(pyodide, path.join(ROOT, "docs", "glossary.ja.md"), "/home/pyodide/docs/glossary.ja.md");  // test_explain_wording
copyIn(pyodide, path.join(HERE, "engine_checks.py"), "/home/pyodide/tests/engine_checks.py");
copyIn(pyodide, path.join(HERE, "hypothesis_stub.py"), `${site}/hypothesis/__init__.py`);

pyodide.globals.set("SITE", site);
pyodide.globals.set("VERIFY_MAX", Number(verifyMax));
pyodide.globals.set("DESELECT", pyodide.toPy(DESELECT));
pyodide.globals.set("PYTEST", !stdLibURL);
const result = await pyodide.runPythonAsync(`
import json, os, sys
sys.path.append(SITE)
os.chdir("/home/pyodide/tests")
sys.path.insert(0, "/home/pyodide/tests")
import engine_checks
checks = engine_checks.main(VERIFY_MAX)
status = 0
if PYTEST:
    engine_checks.patch_subprocess()
    import pytest
    args = ["-q", "-p", "no:cacheprovider", "-p", "no:faulthandler", "-m", "not slow",
            "-o", "markers=slow: minutes of subprocesses", "engine"]
    args += [f"--deselect={test}" for test in DESELECT]
    status = int(pytest.main(args))
json.dumps({"checks": checks, "pytest_status": status})
`);
console.log(`RESULT ${result}`);
const parsed = JSON.parse(result);
process.exit(parsed.pytest_status === 0 && parsed.checks.failed === 0 ? 0 : 1);
