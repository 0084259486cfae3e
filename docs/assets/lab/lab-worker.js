// Worker side of the Lab's protocol (imported by ../widgets/grundy-worker.js):
//   {op: "interrupt", buffer: Int32Array on a SharedArrayBuffer} -> pyodide.setInterruptBuffer
//   {op: "run", code, lang} -> {id, stream: {kind, text}} messages while the code runs
//   (kind "out", "err" or "rich"), then {id, response: grundy.lab.run's result}.
// The worker's Python starts on the engine's standard library (scripts/build_pyc.mjs): the
// reader's first import of another module of Python's library brings the whole one.

const WHOLE_LIBRARY = new URL("../vendor/pyodide/python_stdlib.zip", import.meta.url);
let runner = null;

/** Pyodide's whole python_stdlib.zip (2.5 MB), in a synchronous request (a worker may). */
function wholeLibrary() {
  const request = new XMLHttpRequest();
  request.open("GET", WHOLE_LIBRARY.href, false);
  request.responseType = "arraybuffer";
  request.send();
  if (request.status !== 200) throw new Error(`HTTP ${request.status} for ${WHOLE_LIBRARY.pathname}`);
  return new Uint8Array(request.response);
}

// A finder after Python's own: a module of the standard library that the engine's library
// lacks brings the whole library in its place (once), then is imported from it.
const FINDER = `
def install(whole_library):
    import importlib, importlib.machinery, sys
    archive = next(p for p in sys.path if p.endswith(".zip"))

    class WholeLibrary:
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name.partition(".")[0] not in sys.stdlib_module_names:
                return None
            sys.meta_path.remove(WholeLibrary)
            with open(archive, "wb") as f:
                f.write(whole_library().to_bytes())
            importlib.invalidate_caches()
            return importlib.machinery.PathFinder.find_spec(name, path, target)

    sys.meta_path.append(WholeLibrary)
install`;

/** Answer one Lab request with the worker's Pyodide (already booted, engine imported);
 * `partial`: its standard library is the engine's, not the whole one. */
export function labRequest(pyodide, id, request, partial) {
  if (request.op === "interrupt") {
    pyodide.setInterruptBuffer(request.buffer);
    self.postMessage({ id, response: { interrupt: true } });
    return;
  }
  if (!runner && partial) pyodide.runPython(FINDER)(wholeLibrary);
  runner = runner || pyodide.pyimport("grundy.lab").run;
  const emit = (kind, text) => self.postMessage({ id, stream: { kind, text } });
  let response;
  try {
    response = JSON.parse(runner(request.code, emit, request.lang === "ja" ? "ja" : "en"));
  } catch (err) {
    response = { status: "error", line: null, type: "Error", message: String(err && err.message || err),
                 traceback: String(err && err.message || err) };
  }
  self.postMessage({ id, response });
}
