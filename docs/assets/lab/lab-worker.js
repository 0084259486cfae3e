// Worker side of the Lab's protocol (imported by ../widgets/grundy-worker.js):
//   {op: "interrupt", buffer: Int32Array on a SharedArrayBuffer} -> pyodide.setInterruptBuffer
//   {op: "run", code, lang} -> {id, stream: {kind, text}} messages while the code runs
//   (kind "out", "err" or "rich"), then {id, response: grundy.lab.run's result}.

let runner = null;

/** Answer one Lab request with the worker's Pyodide (already booted, engine imported). */
export function labRequest(pyodide, id, request) {
  if (request.op === "interrupt") {
    pyodide.setInterruptBuffer(request.buffer);
    self.postMessage({ id, response: { interrupt: true } });
    return;
  }
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
