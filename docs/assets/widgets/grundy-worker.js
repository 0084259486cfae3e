// Module worker: loads the vendored Pyodide and the engine wheel, then answers
// {id, request} messages with {id, response} through grundy.webapi.handle_json; a long
// table reports its progress meanwhile as {id, progress} (a fraction).
// While loading it posts {stage} messages: "download", "python", "install".
// Every URL is relative to this script, so the site works under any sub-path.
// The Lab's requests (op "run", "interrupt") go to ../lab/lab-worker.js, loaded on first use.

const VENDOR = new URL("../vendor/", import.meta.url);

let handleJson = null;
let pyodide = null;
const ready = boot();

async function fetchOk(url, what) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} for ${url.pathname}`);
  return response;
}

async function fetchWheel() {
  const wheels = new URL("wheels/", VENDOR);
  const info = await (await fetchOk(new URL("grundy.json", wheels), "wheel index")).json();
  return (await fetchOk(new URL(info.wheel, wheels), "engine wheel")).arrayBuffer();
}

async function boot() {
  const t0 = performance.now();
  self.postMessage({ stage: "download" });
  const wheel = fetchWheel(); // downloads while Pyodide starts
  wheel.catch(() => {}); // its error is reported by the await below
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", VENDOR).href);
  self.postMessage({ stage: "python" });
  // packageBaseUrl given explicitly: otherwise Pyodide keeps a CDN address as its fallback.
  const local = new URL("pyodide/", VENDOR).href;
  pyodide = await loadPyodide({ indexURL: local, packageBaseUrl: local });
  self.postMessage({ stage: "install" });
  const bytes = await wheel;
  const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(bytes, "wheel", { extractDir: sitePackages });
  // unpackArchive/loadPackage failures can be silent: check the import explicitly.
  pyodide.runPython("import grundy, grundy.webapi");
  handleJson = pyodide.globals.get("grundy").webapi.handle_json;
  return { ms: Math.round(performance.now() - t0), python: pyodide.version };
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
    return (await import("../lab/lab-worker.js")).labRequest(pyodide, id, request);
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
