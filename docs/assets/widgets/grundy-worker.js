// Module worker: loads the vendored Pyodide and the engine wheel, then answers
// {id, request} messages with {id, response} through grundy.webapi.handle_json; a long
// table reports its progress meanwhile as {id, progress} (a fraction).
// While loading it posts {stage} messages: "download", "python", "install", and
// {loaded, total}: the bytes read so far of about `total` (grundy.json's
// "bytes", written by scripts/build_pyc.mjs), as they arrive.
// Every URL is relative to this script, so the site works under any sub-path.
// The Lab's requests (op "run", "interrupt") go to ../lab/lab-worker.js, loaded on first use.

const VENDOR = new URL("../vendor/", import.meta.url);

let handleJson = null;
let pyodide = null;
let partialLibrary = false; // Python's standard library is the engine's, not the whole one
const ready = boot();

const PROGRESS_MS = 250;
let loaded = 0;
let total = 0;
let told = 0;

/** Post the download's progress (at most every PROGRESS_MS, and at the end). */
function tell(force = false) {
  if (!force && performance.now() - told < PROGRESS_MS) return;
  told = performance.now();
  const scripts = performance.getEntriesByType("resource")
    .filter((e) => e.initiatorType !== "fetch").reduce((sum, e) => sum + (e.decodedBodySize || 0), 0);
  self.postMessage({ loaded: loaded + scripts, total });
}

/** fetch, counting the body's bytes as they arrive (Pyodide's own downloads go through it);
 * each body's end is told at once: after the last one Python starts, a while without bytes
 * that is not a stalled download. */
const plainFetch = self.fetch.bind(self);
self.fetch = async (...args) => {
  const response = await plainFetch(...args);
  if (!response.body) return response;
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      loaded += chunk.byteLength;
      tell();
      controller.enqueue(chunk);
    },
    flush() {
      tell(true);
    },
  }));
  return new Response(counted, { status: response.status, statusText: response.statusText,
                                 headers: response.headers });
};

async function fetchOk(url, what) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} for ${url.pathname}`);
  return response;
}

/** The engine's files (wheels/grundy.json names them): {wheel, snapshot} as promises of
 * bytes and stdlib, the address of the engine's standard library (null: Pyodide's whole
 * one); snapshot is null when the build made none (scripts/build_pyc.mjs makes one only
 * with --snapshot) or the browser cannot unpack it (no DecompressionStream): Python then
 * starts the usual way. */
async function fetchEngine() {
  const wheels = new URL("wheels/", VENDOR);
  const info = await (await fetchOk(new URL("grundy.json", wheels), "wheel index")).json();
  total = info.bytes || 0;
  const wheel = fetchOk(new URL(info.wheel, wheels), "engine wheel").then((r) => r.arrayBuffer());
  const snapshot = info.snapshot && typeof DecompressionStream === "function"
    ? fetchOk(new URL(info.snapshot, wheels), "engine snapshot")
      .then((r) => new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer())
    : null;
  const stdlib = info.stdlib ? new URL(info.stdlib, wheels).href : null;
  return { wheel, snapshot, stdlib };
}

/** Milliseconds since the worker started, rounded. */
const now = () => Math.round(performance.now());

/** When each runtime file finished downloading (ms since the worker started), by file name. */
function downloads() {
  const out = {};
  for (const entry of performance.getEntriesByType("resource")) {
    out[entry.name.split("/").pop().split("?")[0]] = Math.round(entry.responseEnd);
  }
  return out;
}

async function boot() {
  const times = {}; // each boot step's end, ms since the worker started (the benchmark prints them)
  self.postMessage({ stage: "download" });
  const files = fetchEngine(); // downloads while Pyodide's loader loads
  files.catch(() => {}); // its error is reported by the await below
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", VENDOR).href);
  const { wheel, snapshot, stdlib } = await files;
  partialLibrary = stdlib !== null;
  wheel.catch(() => {});
  times.loader = now();
  self.postMessage({ stage: "python" });
  // packageBaseUrl given explicitly: otherwise Pyodide keeps a CDN address as its fallback.
  // The standard library: the modules the engine imports (the Lab brings the rest when
  // the reader's code imports one: ../lab/lab-worker.js). A snapshot (made only on
  // request, scripts/build_pyc.mjs) is Python's memory with the engine imported.
  const local = new URL("pyodide/", VENDOR).href;
  pyodide = await loadPyodide({ indexURL: local, packageBaseUrl: local, ...(stdlib && { stdLibURL: stdlib }),
                                ...(snapshot && { _loadSnapshot: snapshot }) });
  times.python = now();
  tell(true);
  self.postMessage({ stage: "install" });
  const bytes = await wheel;
  times.wheel = now();
  // Even after a snapshot: the engine's files, for the modules it imports on first use.
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  times.unpack = now();
  // unpackArchive/loadPackage failures can be silent: check the import explicitly.
  pyodide.runPython("import grundy, grundy.webapi");
  handleJson = pyodide.globals.get("grundy").webapi.handle_json;
  times.engine = now();
  // "3.14.2 (Pyodide 314.0.7)": the Python the reader's code runs on, and its runtime
  const python = `${pyodide.runPython("import sys; sys.version.split()[0]")} (Pyodide ${pyodide.version})`;
  return { ms: times.engine, python, times, downloads: downloads() };
}

self.onmessage = async (event) => {
  const { id, request } = event.data;
  if (request && request.op === "ping") {
    try {
      self.postMessage({ id, response: { ready: true, ...(await ready) } });
    } catch (err) {
      self.postMessage({ id, response: { fatal: String(err && err.message || err) } });
    }
    return;
  }
  try {
    await ready;
  } catch (err) {
    self.postMessage({ id, response: { fatal: String(err && err.message || err) } });
    return;
  }
  if (request.op === "run" || request.op === "interrupt") {
    return (await import("../lab/lab-worker.js")).labRequest(pyodide, id, request, partialLibrary);
  }
  const t0 = performance.now();
  let response;
  try {
    const progress = (done, total) => self.postMessage({ id, progress: done / total });
    response = JSON.parse(handleJson(JSON.stringify(request), progress));
  } catch (err) {
    response = { error: String(err && err.message || err).split("\n").filter(Boolean).pop() };
  }
  response.ms = Math.round(performance.now() - t0);
  self.postMessage({ id, response });
};
