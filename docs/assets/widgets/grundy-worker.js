// Module worker: loads the vendored Pyodide and the engine wheel, then answers
// {id, request} messages with {id, response} through grundy.webapi.handle_json; a long
// table reports its progress meanwhile as {id, progress} (a fraction).
// While loading it posts {stage} messages: "download", "python", "install", and
// {loaded, total}: the bytes the network carried so far of about `total` (grundy.json's
// "bytes" and "files", written by scripts/build_pyc.mjs: gzip where it is sent so), as
// they arrive.
// Python's memory with the engine imported (a snapshot) is kept in the browser's Cache
// Storage after the first start, under grundy.json's "keep" (a hash of Pyodide's version,
// the wheel and the library); a later start restores it instead of starting Python (a few
// seconds of CPU on a phone), and starts the usual way when it is missing or fails. The
// ping's answer says which ("start": "snapshot" or "fresh", and "keeps": one will be
// made); {kept: {made, ms, bytes, memory}} (or
// {kept: {error}}) tells when a snapshot made here has been stored (after the ready, once
// the worker has been idle for IDLE_MS).
// Every URL is relative to this script, so the site works under any sub-path.
// The Lab's requests (op "run", "interrupt") go to ../lab/lab-worker.js, loaded on first use.

const VENDOR = new URL("../vendor/", import.meta.url);

let handleJson = null;
let pyodide = null;
let partialLibrary = false; // Python's standard library is the engine's, not the whole one

const PROGRESS_MS = 250;
let loaded = 0;
let total = 0;
let told = 0;
let files = {}; // grundy.json's "files": name -> [size, bytes sent]

/** The bytes the network carried for `n` bytes of the file at `url` (unpacked by the browser). */
function sent(url, n) {
  const [size, carried] = files[String(url).split("/").pop().split("?")[0]] || [1, 1];
  return n * carried / size;
}

/** Post the download's progress (at most every PROGRESS_MS, and at the end), once its
 * total is known (not "0.0 of 0.0 MB" while grundy.json arrives). */
function tell(force = false) {
  if (!total || (!force && performance.now() - told < PROGRESS_MS)) return;
  told = performance.now();
  const scripts = performance.getEntriesByType("resource").filter((e) => e.initiatorType !== "fetch")
    .reduce((sum, e) => sum + sent(e.name, e.decodedBodySize || 0), 0);
  self.postMessage({ loaded: Math.round(loaded + scripts), total });
}

/** fetch, counting the bytes of the runtime's files (under VENDOR: Pyodide's own downloads
 * go through it) as they arrive, on a copy of each response: the response itself is
 * returned unchanged, since Chromium keeps the optimised code of a WebAssembly module's
 * hot functions only for a response that came from the network (a later visit loads it
 * instead of compiling them again), not for one made here. Each body's end is told at
 * once: after the last one Python starts, a while without bytes that is not a stalled
 * download. */
const plainFetch = self.fetch.bind(self);
self.fetch = async (...args) => {
  const response = await plainFetch(...args);
  if (response.body && response.url.startsWith(VENDOR.href)) {
    count(response.url, response.clone().body.getReader());
  }
  return response;
};

/** Count the bytes `reader` reads of the body of the file at `url`, then tell the end. */
async function count(url, reader) {
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      loaded += sent(url, chunk.value.byteLength);
      tell();
    }
  } catch {
    return; // the download failed: its reader (Pyodide, fetchOk's caller) reports it
  }
  tell(true);
}

async function fetchOk(url, what) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} for ${url.pathname}`);
  return response;
}

const WHEELS = new URL("wheels/", VENDOR);

/** gzip's bytes unpacked. */
const gunzip = (body) => new Response(body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();

/** The engine's files (wheels/grundy.json names them): {wheel, snapshot} as promises of
 * bytes (they arrive while Pyodide's own files load), stdlib, the address of the engine's
 * standard library (null: Pyodide's whole one), and keep, the key of the snapshot this
 * browser keeps (null: none). snapshot is the build's (scripts/build_pyc.mjs makes one
 * only with --snapshot), else the one kept here, else null, as when the browser cannot
 * unpack it (no DecompressionStream): Python then starts the usual way. */
async function fetchEngine() {
  const info = await (await fetchOk(new URL("grundy.json", WHEELS), "wheel index")).json();
  total = info.bytes || 0;
  files = info.files || {};
  const wheel = fetchOk(new URL(info.wheel, WHEELS), "engine wheel").then((r) => r.arrayBuffer());
  const unpacks = typeof DecompressionStream === "function";
  const keep = unpacks && typeof CompressionStream === "function" ? info.keep || null : null;
  const kept = keep && !info.snapshot ? await keptSnapshot(keep) : null;
  const snapshot = info.snapshot && unpacks
    ? fetchOk(new URL(info.snapshot, WHEELS), "engine snapshot").then((r) => gunzip(r.body))
    : kept && gunzip(kept.body);
  const stdlib = info.stdlib ? new URL(info.stdlib, WHEELS).href : null;
  return { wheel, snapshot: snapshot || null, stdlib, keep };
}

// The snapshots this browser keeps (Cache Storage, under addresses never requested)
const KEPT = "grundy-engine-snapshots";
const keptURL = (key) => new URL(`snapshot-${key}.gz`, WHEELS).href;
const CHUNK = 1 << 20;

/** The snapshot kept for `key` (a response, gzip), or null: none, or no Cache Storage
 * here (a private window, an insecure address). */
async function keptSnapshot(key) {
  try {
    return (await (await caches.open(KEPT)).match(keptURL(key))) || null;
  } catch {
    return null;
  }
}

/** `bytes` as a stream of CHUNK-sized pieces, one per task: the worker answers requests
 * between them while they are compressed. */
function chunked(bytes) {
  let at = 0;
  return new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve));
      controller.enqueue(bytes.subarray(at, at + CHUNK));
      at += CHUNK;
      if (at >= bytes.length) controller.close();
    },
  });
}

const IDLE_MS = 1000;
let lastRequest = 0; // when the latest request came (performance.now())

/** Resolves once no request has come for IDLE_MS. */
async function idle() {
  for (let quiet; (quiet = performance.now() - lastRequest) < IDLE_MS;) {
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS - quiet));
  }
}

/** Keep `memory` (a snapshot, copied in `made` ms) for `key`, gzip, in place of the
 * snapshots kept for other keys (this site's), once the worker is idle; tell the page
 * {kept: {made, ms, bytes, memory}} (the time it took to compress and store it, its size
 * kept and unpacked). Quota errors and a browser without Cache Storage only mean no
 * snapshot: {kept: {error}}. */
async function keepSnapshot(key, memory, made) {
  await idle();
  const t0 = performance.now();
  try {
    const packed = await new Response(chunked(memory).pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
    const cache = await caches.open(KEPT);
    await cache.put(keptURL(key), new Response(packed, { headers: { "Content-Type": "application/gzip" } }));
    await forget(cache, keptURL(key));
    self.postMessage({ kept: { made, ms: Math.round(performance.now() - t0), bytes: packed.byteLength,
                                memory: memory.byteLength } });
  } catch (err) {
    self.postMessage({ kept: { error: String(err && err.message || err) } });
  }
}

/** Remove this site's kept snapshots but `except`'s. */
async function forget(cache, except = null) {
  for (const request of await cache.keys()) {
    if (request.url.startsWith(WHEELS.href) && request.url !== except) await cache.delete(request);
  }
}

/** Python started: from `snapshot` (bytes, or their promise) when given, else the usual way (with
 * `makeSnapshot`: ready to make one), on the engine's library `stdlib` (null: the whole). */
function startPython(loadPyodide, stdlib, snapshot, makeSnapshot) {
  // packageBaseUrl given explicitly: otherwise Pyodide keeps a CDN address as its fallback.
  const local = new URL("pyodide/", VENDOR).href;
  return loadPyodide({ indexURL: local, packageBaseUrl: local, ...(stdlib && { stdLibURL: stdlib }),
                       ...(snapshot ? { _loadSnapshot: snapshot } : makeSnapshot && { _makeSnapshot: true }) });
}

/** Install the wheel's `bytes` into `pyodide` and import the engine: grundy.webapi.handle_json. */
function importEngine(pyodide, bytes) {
  // Even after a snapshot: the engine's files, for the modules it imports on first use.
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  // unpackArchive/loadPackage failures can be silent: check the import explicitly.
  pyodide.runPython("import grundy, grundy.webapi");
  return pyodide.globals.get("grundy").webapi.handle_json;
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
  const engineFiles = fetchEngine(); // downloads while Pyodide's loader loads
  engineFiles.catch(() => {}); // its error is reported by the await below
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", VENDOR).href);
  const { wheel, snapshot, stdlib, keep } = await engineFiles;
  partialLibrary = stdlib !== null;
  for (const bytes of [wheel, snapshot]) bytes?.catch(() => {}); // their errors: below
  times.loader = now();
  self.postMessage({ stage: "python" });
  // The standard library: the modules the engine imports (the Lab brings the rest when
  // the reader's code imports one: ../lab/lab-worker.js). A snapshot is Python's memory
  // with the engine imported, made on that library.
  /** Python started from `from` (null: the usual way), the engine imported. */
  const withEngine = async (from) => {
    pyodide = await startPython(loadPyodide, stdlib, from, keep !== null);
    times.python = now();
    tell(true);
    self.postMessage({ stage: "install" });
    const bytes = await wheel;
    times.wheel = now();
    handleJson = importEngine(pyodide, bytes);
  };
  let start = snapshot ? "snapshot" : "fresh";
  try {
    await withEngine(snapshot);
  } catch (err) {
    if (!snapshot || !keep) throw err; // no other way to start
    start = "fresh"; // the kept snapshot is unusable: forget it, start the usual way, make another
    caches.open(KEPT).then((cache) => forget(cache)).catch(() => {});
    await withEngine(null);
  }
  times.engine = now();
  snapshotDue = start === "fresh" ? keep : null;
  // "3.14.2 (Pyodide 314.0.7)": the Python the reader's code runs on, and its runtime
  const python = `${pyodide.runPython("import sys; sys.version.split()[0]")} (Pyodide ${pyodide.version})`;
  return { ms: times.engine, python, start, keeps: snapshotDue !== null, times, downloads: downloads() };
}

let snapshotDue = null; // the key to keep a snapshot under, until it is made

/** If one is due, copy Python's memory (a snapshot) now, before any request changes it,
 * and keep it once the worker is idle. */
function takeSnapshot() {
  if (snapshotDue === null) return;
  const key = snapshotDue;
  snapshotDue = null;
  const t0 = performance.now();
  try {
    const memory = pyodide.makeMemorySnapshot();
    lastRequest = performance.now(); // the idle time starts now
    keepSnapshot(key, memory, Math.round(performance.now() - t0));
  } catch (err) {
    self.postMessage({ kept: { error: String(err && err.message || err) } });
  }
}

const ready = boot();
ready.then(() => setTimeout(takeSnapshot), () => {}); // after the ready, unless a request comes first

self.onmessage = async (event) => {
  const { id, request } = event.data;
  lastRequest = performance.now();
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
  takeSnapshot();
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
