// The Lab's engine client: the widgets' module worker (Pyodide + the engine) with the
// Lab's run protocol (see lab-worker.js). One run at a time; stop() interrupts it with
// Pyodide's interrupt buffer when the page is cross-origin isolated (SharedArrayBuffer),
// otherwise, or when the interrupt is not honoured in time, it terminates the worker and
// starts a fresh one, so the page never waits on runaway code.

const WORKER_URL = new URL("../widgets/grundy-worker.js", import.meta.url);
const LOAD_TIMEOUT_MS = 90000;
const INTERRUPT_GRACE_MS = 1500;
const SIGINT = 2;

export class LabEngine {
  /** onStatus(status, detail): "loading" | "ready" | "failed" (detail: the message). */
  constructor(onStatus) {
    this.onStatus = onStatus;
    this.worker = null;
    this.nextId = 1;
    this.pending = new Map();
    this.current = null; // {id, resolve, onStream} of the run under way
    this.interrupt = null;
    this.restarts = 0;
  }

  get canInterrupt() {
    return Boolean(self.crossOriginIsolated && typeof SharedArrayBuffer === "function");
  }

  start() {
    if (this.worker) return this.ready;
    const worker = new Worker(WORKER_URL, { type: "module" });
    this.worker = worker;
    this.onStatus("loading");
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      this.fail(worker, event.message || "worker error");
    };
    const timer = setTimeout(() => this.fail(worker, "timeout"), LOAD_TIMEOUT_MS);
    this.ready = this.send({ op: "ping" })
      .then(async (response) => {
        if (this.canInterrupt) {
          this.interrupt = new Int32Array(new SharedArrayBuffer(4));
          await this.send({ op: "interrupt", buffer: this.interrupt });
        } else {
          this.interrupt = null;
        }
        return response;
      })
      .then(
        (response) => {
          clearTimeout(timer);
          if (this.worker === worker) this.onStatus("ready", response.python);
        },
        (err) => {
          clearTimeout(timer);
          this.fail(worker, err.message);
          throw err;
        },
      );
    return this.ready;
  }

  fail(worker, message) {
    if (this.worker !== worker) return;
    this.terminate(new Error(message));
    this.onStatus("failed", message);
  }

  terminate(reason) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    for (const { reject } of this.pending.values()) reject(reason);
    this.pending.clear();
  }

  receive({ id, response, stream }) {
    const entry = this.pending.get(id);
    if (!entry) return;
    if (stream) {
      if (entry.onStream) entry.onStream(stream);
      return;
    }
    this.pending.delete(id);
    if (response.fatal) entry.reject(new Error(response.fatal.split("\n").filter(Boolean).pop()));
    else entry.resolve(response);
  }

  send(request, onStream = null) {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, { resolve, reject, onStream });
      this.worker.postMessage({ id, request });
    });
  }

  /** Run `code`; onStream({kind, text}) as output comes; resolves to the runner's result. */
  async run(code, lang, onStream) {
    if (this.current) throw new Error("a run is under way");
    this.start();
    const worker = this.worker;
    let settle;
    const stopped = new Promise((resolve) => { settle = resolve; });
    this.current = { settle };
    try {
      await Promise.race([this.ready, stopped]);
      if (this.worker !== worker || !this.current) return { status: "stopped" };
      if (this.interrupt) Atomics.store(this.interrupt, 0, 0);
      return await Promise.race([this.send({ op: "run", code, lang }, onStream), stopped]);
    } finally {
      clearTimeout(this.current && this.current.timer);
      this.current = null;
    }
  }

  /** Stop the run under way: interrupt, then restart the worker if that did not work. */
  stop() {
    const current = this.current;
    if (!current) return;
    if (this.interrupt && this.worker && this.pending.size) {
      Atomics.store(this.interrupt, 0, SIGINT);
      current.timer = setTimeout(() => this.restart(current), INTERRUPT_GRACE_MS);
    } else {
      this.restart(current);
    }
  }

  /** Terminate the worker (ending the run as stopped) and start a fresh one. */
  restart(current) {
    if (this.current !== current) return;
    this.restarts += 1;
    current.settle({ status: "stopped", restarted: true }); // before the run's request is rejected
    this.terminate(new Error("stopped"));
    this.start().catch(() => {});
  }
}
