// The engine client: one module Worker per page, shared by every widget and kept across
// Material's instant page swaps (this module is evaluated once per document).
// engine.request(req, {onProgress}) -> Promise<response>; engine.games() -> the game catalogue;
// "status" events (status: idle | loading | ready | failed; stage while loading, and the
// bytes `loaded` of about `total` while downloading). The engine starts on demand (the
// first request): a page's widgets answer what they can from data the engine wrote at
// build time (answers.js). A load has no time limit while its bytes arrive; it fails when
// the network or the server does, or when no byte has come for stallMs.
// The status is also on <html data-engine="loading|ready|failed|idle"> and in a window
// event "grundy-engine" ({detail: {state}}) at each change, for the offline copy (which
// waits for a load to end) and the tests.
// The Lab runs the reader's code on the same worker: engine.run(code, lang, onStream) and
// engine.stop() (Pyodide's interrupt buffer when the page is cross-origin isolated, that
// is when SharedArrayBuffer exists; otherwise, or when the interrupt is not honoured in
// time, the worker is restarted and the widgets' pending requests end as cancelled).

const WORKER_URL = new URL("./grundy-worker.js", import.meta.url);
// The game catalogue the engine wrote at build time (scripts/sitegen/widgets_markup.py):
// every widget and page that needs it reads it without loading the engine.
const CATALOGUE_URL = new URL("../../generated/play/games.json", import.meta.url).href;
const INTERRUPT_GRACE_MS = 3000; // a slow phone, or a busy machine, may need more than 1.5 s
const SIGINT = 2;

/** A request dropped by cancel() or retry(). */
export class CancelledError extends Error {}

/** A request dropped before it was sent: a newer one with the same `supersede` key came. */
export class SupersededError extends Error {}

/** A request the watchdog stopped: it ran past watchdogMs, so the worker was restarted. */
export class WatchdogError extends CancelledError {}


function lastLine(text) {
  return String(text).split("\n").map((s) => s.trim()).filter(Boolean).pop() || String(text);
}

class EngineClient extends EventTarget {
  status = "idle";
  error = "";
  stage = "";
  loaded = 0;  // bytes downloaded so far by the load under way
  total = 0;   // about how many it downloads in all (0: not known yet)
  loadMs = null;
  // {started: page time of the worker's start, times and downloads: the worker's boot steps,
  // start: "snapshot" (Python's memory kept by this browser restored) or "fresh", keeps:
  // the worker will keep a snapshot of its own}
  boot = null;
  kept = null; // once the worker has kept a snapshot for later visits: {made, ms, bytes, memory}, or {error}
  // The engine refuses work over its browser budget (about 2 s); a request still running
  // after this long is stuck, so the worker is replaced and the widget stays usable.
  watchdogMs = 20000;
  // A download with no new byte for this long has stopped (a load has no other time limit).
  stallMs = 30000;
  python = "";   // Pyodide's version, once loaded
  restarts = 0;  // workers restarted by stop()
  #worker = null;
  #interrupt = null; // Int32Array on a SharedArrayBuffer: Pyodide's interrupt buffer
  #run = null;       // the Lab's run under way: {settle, sent, timer, done}
  #nextId = 1;
  #pending = new Map();
  #held = new Map(); // supersede key -> {request, resolve, reject}: waits for an idle worker
  #games = null;

  #stall = null; // the timer of a download that stopped

  #setStatus(status, error = "") {
    this.status = status;
    this.error = error;
    if (status !== "loading") clearTimeout(this.#stall);
    this.dispatchEvent(new Event("status"));
    document.documentElement.dataset.engine = status;
    window.dispatchEvent(new CustomEvent("grundy-engine", { detail: { state: status } }));
  }

  /** (Re)arm the stall timer: a download with no new byte for stallMs has failed. */
  #watchDownload(worker) {
    clearTimeout(this.#stall);
    this.#stall = setTimeout(() => this.#fail(worker, "stalled"), this.stallMs);
  }

  /** Start the worker (once); its loading stages arrive as "status" events. */
  start() {
    if (this.#worker || this.status === "failed") return;
    if (typeof Worker === "undefined") {
      this.#setStatus("failed", "noWorker");
      return;
    }
    const t0 = performance.now();
    const worker = new Worker(WORKER_URL, { type: "module" });
    this.#worker = worker;
    this.stage = "";
    this.loaded = 0;
    this.total = 0;
    this.#setStatus("loading");
    this.#watchDownload(worker);
    worker.onmessage = (event) => this.#receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.#fail(worker, event.message || "worker error");
    };
    this.#send({ op: "ping" }).then(async (response) => {
      if (this.#worker !== worker) return response;
      this.#interrupt = this.canInterrupt ? new Int32Array(new SharedArrayBuffer(4)) : null;
      if (this.#interrupt) await this.#send({ op: "interrupt", buffer: this.#interrupt });
      return response;
    }).then(
      (response) => {
        if (this.#worker !== worker) return;
        this.loadMs = Math.round(performance.now() - t0);
        this.boot = { started: Math.round(t0), times: response.times, downloads: response.downloads,
                      start: response.start, keeps: response.keeps };
        this.python = response.python || "";
        this.#setStatus("ready");
      },
      (err) => {
        if (!(err instanceof CancelledError)) this.#fail(worker, err.message);
      },
    );
  }

  /** How many requests are sent and not answered yet, or held: 0 once every request made
   *  so far has its answer (or was dropped). The tests wait for it. */
  get waiting() {
    return this.#pending.size + this.#held.size;
  }

  #fail(worker, message) {
    if (this.#worker !== worker) return;
    this.#stop(new Error(message));
    this.#setStatus("failed", message);
  }

  #stop(reason) {
    if (this.#worker) this.#worker.terminate();
    this.#worker = null;
    for (const { reject } of [...this.#pending.values(), ...this.#held.values()]) reject(reason);
    this.#pending.clear();
    this.#held.clear();
  }

  #receive({ id, response, stage, progress, stream, loaded, total, kept }) {
    if (kept) {
      this.kept = kept;
      return;
    }
    if (loaded !== undefined) { // bytes arrive: the load goes on
      this.loaded = loaded;
      this.total = Math.max(total, loaded);
      if (loaded < total) this.#watchDownload(this.#worker);
      else clearTimeout(this.#stall);
      this.dispatchEvent(new Event("status"));
      return;
    }
    if (stage) {
      this.stage = stage;
      if (stage === "install") clearTimeout(this.#stall); // every file is there
      this.dispatchEvent(new Event("status"));
      return;
    }
    const entry = this.#pending.get(id);
    if (!entry) return;
    if (progress !== undefined || stream) {
      if (stream) entry.onStream?.(stream);
      else entry.onProgress?.(progress);
      return;
    }
    this.#pending.delete(id);
    if (response.fatal) entry.reject(new Error(lastLine(response.fatal)));
    else entry.resolve(response);
    if (!this.#pending.size && this.#held.size) { // the worker is idle: the oldest held request
      const [key, next] = this.#held.entries().next().value;
      this.#held.delete(key);
      this.#dispatch(next.request, next.onProgress).then(next.resolve, next.reject);
    }
  }

  #send(request, handlers = {}) {
    return new Promise((resolve, reject) => {
      const id = this.#nextId++;
      this.#pending.set(id, { resolve, reject, ...handlers });
      this.#worker.postMessage({ id, request });
    });
  }

  /** Send one request (starting the worker if needed); rejects if loading failed, or with
   *  a WatchdogError (and a fresh worker) if it runs past watchdogMs once the engine is ready.
   *  onProgress(fraction) hears a long table's progress. With a `supersede` key, the request
   *  waits while the worker is busy, and a newer request with the same key replaces it (the
   *  older one then rejects with a SupersededError). */
  request(request, { onProgress, supersede = null } = {}) {
    this.start();
    if (!this.#worker) return Promise.reject(new Error(this.error));
    if (supersede === null || !this.#pending.size) return this.#dispatch(request, onProgress);
    this.#held.get(supersede)?.reject(new SupersededError("superseded"));
    this.#held.delete(supersede); // re-inserted last: held requests go in order of arrival
    return new Promise((resolve, reject) =>
      this.#held.set(supersede, { request, onProgress, resolve, reject }));
  }

  #dispatch(request, onProgress) {
    const answer = this.#send(request, { onProgress });
    const worker = this.#worker;
    let timer = null;
    let answered = false;
    const arm = () => {
      if (answered || this.status !== "ready") return;
      if (this.#run) { // queued behind the reader's code: its time starts when the run ends
        this.#run.done.then(arm);
        return;
      }
      timer = setTimeout(() => {
        if (this.#worker !== worker) return;
        this.#stop(new WatchdogError("watchdog"));
        this.#games = null;
        this.#setStatus("idle");
        this.start();
      }, this.watchdogMs);
    };
    if (this.status === "ready") arm();
    else this.ready().then(arm, () => {});
    return answer.finally(() => {
      answered = true;
      clearTimeout(timer);
    });
  }

  /** Resolves when the engine has loaded (rejects if loading fails). */
  ready() {
    if (this.status === "ready") return Promise.resolve();
    return new Promise((resolve, reject) => {
      const listener = () => {
        if (this.status === "ready") resolve();
        else if (this.status === "failed") reject(new Error(this.error));
        else return;
        this.removeEventListener("status", listener);
      };
      this.addEventListener("status", listener);
    });
  }

  /** The engine's game catalogue (the `games` operation), fetched once: {name: entry}; the
   *  one the engine wrote at build time (no need to load it), else the engine's answer. */
  games() {
    if (!this.#games) {
      const written = fetch(CATALOGUE_URL).then((r) => (r.ok ? r.json() : Promise.reject(new Error(r.status))));
      this.#games = written.catch(() => this.request({ op: "games" })).then((response) => {
        if (response.error) throw new Error(response.error);
        return Object.fromEntries(response.games.map((entry) => [entry.name, entry]));
      });
      this.#games.catch(() => { this.#games = null; });
    }
    return this.#games;
  }

  /** Can stop() interrupt Python (rather than restart the worker)? */
  get canInterrupt() {
    return Boolean(self.crossOriginIsolated && typeof SharedArrayBuffer === "function");
  }

  /** Is a run (the Lab's) under way? */
  get running() {
    return this.#run !== null;
  }

  /** Run Python code (grundy.lab.run) on the engine's worker: onStream({kind, text}) as output
   *  comes; resolves to the runner's result ({status: "ok" | "error" | "stopped", ...}), or
   *  {status: "stopped", restarted: true} when stop() had to restart the worker. One at a time. */
  async run(code, lang, onStream) {
    if (this.#run) throw new Error("a run is under way");
    this.start();
    let settle, finish;
    const stopped = new Promise((resolve) => { settle = resolve; });
    const run = { settle, sent: false, timer: null, done: new Promise((resolve) => { finish = resolve; }) };
    this.#run = run;
    try {
      await Promise.race([this.ready(), stopped]);
      if (this.#run !== run || !this.#worker) return await stopped;
      if (this.#interrupt) Atomics.store(this.#interrupt, 0, 0);
      run.sent = true;
      return await Promise.race([this.#send({ op: "run", code, lang }, { onStream }), stopped]);
    } finally {
      clearTimeout(run.timer);
      if (this.#interrupt) Atomics.store(this.#interrupt, 0, 0); // an interrupt that came too late
      if (this.#run === run) this.#run = null;
      finish();
    }
  }

  /** Stop the run under way: interrupt it, or restart the worker if it cannot be interrupted. */
  stop() {
    const run = this.#run;
    if (!run) return;
    if (!run.sent) { // Python is still starting: nothing to interrupt
      this.#run = null;
      run.settle({ status: "stopped" });
    } else if (this.#interrupt) {
      Atomics.store(this.#interrupt, 0, SIGINT);
      run.timer = setTimeout(() => this.#restart(run), INTERRUPT_GRACE_MS);
    } else {
      this.#restart(run);
    }
  }

  #restart(run) {
    if (this.#run !== run) return;
    this.restarts += 1;
    run.settle({ status: "stopped", restarted: true }); // before the run's request is rejected
    this.cancel();
  }

  /** Stop whatever runs (terminating the worker) and start a fresh one. */
  cancel() {
    this.#stop(new CancelledError("cancelled"));
    this.#games = null;
    this.#setStatus("idle");
    this.start();
  }

  /** After a failed load: forget the failure and load again. */
  retry() {
    this.#stop(new CancelledError("retry"));
    this.#setStatus("idle");
    this.start();
  }
}

/** The page's one engine client. */
export const engine = new EngineClient();
