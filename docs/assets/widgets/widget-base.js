// The base class of the custom elements: lazy start (when the widget comes near the
// viewport or is touched; a play widget at once on a later page of the visit), answers
// the engine wrote at build time (data-answers, answers.js: a play widget's first moves,
// the first drawing of the others) and the build-time game catalogue (data-catalogue)
// before the engine itself, which loads on the first request they cannot answer (the
// reader's change of an input, a button: scrolling through a lesson loads no engine); the
// engine's loading status (the bytes so far, a failure with Try again), messages, busy
// indicator, and clean attach/detach (connectedCallback / disconnectedCallback release
// every listener).

import { loadAnswers } from "./answers.js";
import { CancelledError, WatchdogError, engine } from "./engine-client.js";
import { h, setFieldError } from "./dom.js";
import { keepFocus } from "./focus-kept.js";
import { langOf, translator } from "./i18n.js";
import { parsed, whenParsed } from "./parsed.js";

const BUSY_DELAY_MS = 400;
const STAGES = ["download", "python", "install"];

const nearViewport = "IntersectionObserver" in window
  ? new IntersectionObserver((entries) => {
    for (const entry of entries) if (entry.isIntersecting) entry.target.activate();
  }, { rootMargin: "200px" })
  : null;

/** Register a custom element once (a page swap may evaluate a module only once anyway). */
export function define(name, elementClass) {
  if (!customElements.get(name)) customElements.define(name, elementClass);
}

export class GrundyWidget extends HTMLElement {
  #built = false;
  #parsing = false;   // connected by the parser before its children: started once they are there
  #active = false;
  #setupDone = false;
  #needsDraw = false; // the engine failed to load: set up or draw (again) once it is ready
  #asked = 0;         // requests of this widget waiting for the engine
  answers = null;     // the build-time answers (answers.js), if the widget has them
  #onStatus = () => this.showEngineStatus();
  #wake = () => this.activate();

  /** Whether build() needs the game catalogue (the play and table widgets). */
  static usesCatalogue = false;

  /** Whether firstDraw() makes the reader's current request (it reads the inputs): then a
   *  request that failed because the engine could not load is made again once it loads. */
  static redrawsRequest = false;

  /** Whether the widget starts as soon as it is attached when the engine already runs (a
   *  later page of the visit, after instant navigation): its first request is cheap, so it
   *  is ready before the reader scrolls to it. Otherwise it starts near the viewport. */
  static startsAtOnce = false;

  connectedCallback() {
    if (!parsed(this)) {
      if (!this.#parsing) {
        this.#parsing = true;
        whenParsed(this).then(() => {
          this.#parsing = false;
          if (this.isConnected) this.connectedCallback();
        });
      }
      return;
    }
    if (!this.#built) this.#prepare();
    engine.addEventListener("status", this.#onStatus);
    this.addEventListener("pointerdown", this.#wake);
    this.addEventListener("focusin", this.#wake);
    if (this.#active) {
      this.showEngineStatus();
      this.attached();
    } else if (nearViewport && !this.startsNow()) {
      nearViewport.observe(this);
    } else this.activate();
  }

  disconnectedCallback() {
    if (!this.#built) return;
    engine.removeEventListener("status", this.#onStatus);
    this.removeEventListener("pointerdown", this.#wake);
    this.removeEventListener("focusin", this.#wake);
    nearViewport?.unobserve(this);
    this.token = (this.token || 0) + 1; // answers still on their way are dropped
    this.detached();
  }

  /** Whether the widget starts as soon as it is attached, not once near the viewport. */
  startsNow() {
    return this.constructor.startsAtOnce && engine.status === "ready";
  }

  /** Subclasses: stop timers and the like when the element leaves the page. */
  detached() {}

  /** Subclasses: carry on when an element that was already running comes back. */
  attached() {}

  #prepare() {
    this.#built = true;
    this.lang = langOf(this);
    this.t = translator(this.lang);
    this.config = {
      game: this.dataset.game || "",
      params: this.dataset.params || "{}",
      start: this.dataset.start || "",
    };
    const focused = this.contains(document.activeElement) ? document.activeElement : null;
    this.fallback = h("div", { class: "gw-fallback" }, ...this.childNodes);
    this.status = h("div", { class: "gw-status", role: "status", "aria-live": "polite" });
    this.message = h("div", { class: "gw-message", role: "alert", hidden: true });
    this.loader = h("div", { class: "gw-loader", hidden: true });
    this.replaceChildren(this.loader, this.message, this.fallback);
    keepFocus(this, this.fallback); // (first: it sees the focus given back below)
    focused?.focus({ preventScroll: true }); // (reached before the script came: moved, not redrawn)
    this.classList.add("grundy-widget", "gw-ready", `gw-${this.constructor.kind}`);
    this.setAttribute("role", "group");
    this.setAttribute("aria-label", this.t(`widget.${this.constructor.kind}`));
    this.dataset.ready = "true";
  }

  /** Build the widget (once); the engine starts with its first request the data cannot answer. */
  activate() {
    if (this.#active) return;
    this.#active = true;
    nearViewport?.unobserve(this);
    this.showEngineStatus();
    this.#setup();
  }

  async #setup() {
    let catalogue = null;
    if (this.dataset.answers && !this.answers) {
      this.answers = await loadAnswers(new URL(this.dataset.answers, document.baseURI).href);
    }
    if (this.constructor.usesCatalogue) {
      try {
        catalogue = await engine.games();
      } catch (err) {
        this.#needsDraw = engine.status === "failed" || err instanceof CancelledError;
        if (!this.#needsDraw) this.showMessage(err.message);
        return;
      }
    }
    let params;
    try {
      params = JSON.parse(this.config.params);
    } catch {
      params = null;
    }
    if (!params || typeof params !== "object") {
      this.showMessage(this.t("badParams", { text: this.config.params }));
      return;
    }
    try {
      this.build(catalogue, params);
    } catch (err) {
      this.showMessage(err.message); // an unknown game or bad parameters: say so, build nothing
      return;
    }
    this.#setupDone = true;
    this.firstDraw();
  }

  /** Subclasses: build the controls (catalogue: {name: entry} or null). May throw a message. */
  build() {}

  /** Subclasses: the first computation once built. */
  firstDraw() {}

  /** Subclasses: whether the first computation has been shown (then a failed load that is
   *  tried again need not draw it again: the request that failed is the reader's to repeat). */
  drawn() {
    return false;
  }

  /** Subclasses: the element a loading engine's progress lies over, once built (else the
   *  top of the widget, over its static picture). */
  overlaid() {
    return null;
  }

  /** Does the engine's status concern this widget? (Not while its build-time answers serve.) */
  get needsEngine() {
    return !this.answers || this.asking || !this.drawn();
  }

  /** Is a request of this widget waiting for the engine? */
  get asking() {
    return this.#asked > 0;
  }

  showEngineStatus() {
    const { status, error, stage } = engine;
    this.dataset.engine = status;
    if (status === "ready" && this.#needsDraw) {
      this.#needsDraw = false;
      if (this.#setupDone) this.firstDraw();
      else this.#setup();
    }
    const concerned = this.#active && (this.needsEngine || this.#needsDraw);
    this.loader.classList.toggle("gw-overlay", status === "loading" && concerned); // (widgets.css: over the picture)
    const board = status === "loading" && concerned ? this.overlaid() : null; // or over the board
    this.loader.classList.toggle("gw-over-board", Boolean(board));
    this.loader.style.top = board ? `${board.offsetTop}px` : "";
    if (status === "loading" && concerned) {
      const step = Math.max(0, STAGES.indexOf(stage));
      const mb = (n) => (n / 1e6).toFixed(1);
      const text = engine.total ? this.t("loadingBytes", { got: mb(engine.loaded), total: mb(engine.total) })
        : `${this.t("loading")}${stage ? `: ${this.t(`stage.${stage}`)}` : ""}`;
      this.loader.hidden = false;
      this.loader.replaceChildren(h("span", { class: "gw-spinner", "aria-hidden": "true" }),
        h("span", { class: "gw-loading-text" }, text),
        engine.total ? h("progress", { class: "gw-progress", max: engine.total, value: engine.loaded,
                                       "aria-label": this.t("loading") })
          : h("progress", { class: "gw-progress", max: STAGES.length, value: step + 1,
                            "aria-label": this.t("loading") }));
    } else if (status === "failed" && concerned) {
      this.loader.hidden = false;
      const known = ["stalled", "noWorker"].includes(error) ? this.t(error)
        : /failed to fetch|network/i.test(error) ? this.t("network") : error;
      const why = navigator.onLine === false ? this.t("offline") : known;
      this.loader.replaceChildren(
        h("span", { class: "gw-error" }, `${this.t("loadFailed")} ${why}`), " ",
        h("button", { type: "button", class: "md-button gw-retry", text: this.t("tryAgain"),
                      onclick: () => engine.retry() }));
      this.#needsDraw = this.#active && (!this.drawn() || (this.asking && this.constructor.redrawsRequest));
    } else {
      this.loader.hidden = true;
    }
  }

  /** Run a request; after a short delay show "Computing… [Cancel]" (with the progress of a
   *  long table and the time so far). Errors -> message.
   *  latest: a newer latest request of this widget drops this one if it is not sent yet. */
  async call(request, { quiet = false, latest = false } = {}) {
    const asked = { lang: this.lang, ...request };
    const written = this.answers?.find(asked) || await this.answers?.later?.(asked);
    if (written) { // answered by the engine at build time
      this.lastError = "";
      return written;
    }
    let shown = false;
    let done = false;
    let timer = null;
    const t0 = performance.now();
    const arm = () => { // shown once the engine has worked a while (after its load, if it loads)
      if (done) return;
      timer = setTimeout(() => {
        if (engine.status !== "ready") engine.ready().then(arm, () => {});
        else if (!done) {
          shown = true;
          this.showBusy(true);
        }
      }, BUSY_DELAY_MS);
    };
    arm();
    const onProgress = (fraction) => this.showProgress(fraction, performance.now() - t0);
    this.#asked += 1;
    this.showEngineStatus();
    try {
      const response = await engine.request({ lang: this.lang, ...request },
                                            { onProgress, supersede: latest ? this : null });
      this.lastError = response.error || "";
      if (response.error) {
        if (!quiet) this.showMessage(response.error);
        return null;
      }
      return response;
    } catch (err) {
      this.lastError = "";
      if (err instanceof WatchdogError) this.showMessage(this.t("watchdog"));
      else if (err instanceof CancelledError) this.showMessage(this.t("cancelled"), false);
      return null;
    } finally {
      done = true;
      clearTimeout(timer);
      if (shown) this.showBusy(false);
      this.#asked -= 1;
      if (engine.status !== "failed") this.showEngineStatus(); // a failure stays shown with its Try again
    }
  }

  /** Run `request`; null if it failed or a newer request (or a detach) came meanwhile. */
  async callLatest(request, options) {
    this.clearMessage();
    const token = (this.token = (this.token || 0) + 1);
    const data = await this.call(request, { ...options, latest: true });
    return data && token === this.token ? data : null;
  }

  /** Put the engine's last refusal beside the field at fault: a parameter of `controls`
   *  when the game itself is refused (probed by a tiny random_start), else `other`. */
  async blame(controls, { game, params }, other, token) {
    const error = this.lastError;
    if (!error) return;
    const probe = await this.call({ op: "random_start", game, params, max: 3 }, { quiet: true });
    if (token !== this.token) return;
    const suspect = probe ? other : controls.suspect();
    if (suspect) setFieldError(suspect, probe ? error : this.lastError);
    else this.showMessage(this.lastError);
  }

  showBusy(on) {
    if (!this.busyBox) {
      this.busyBar = h("progress", { class: "gw-progress", max: 1, value: 0, hidden: true,
                                     "aria-label": this.t("working") });
      this.busyText = h("span", { class: "gw-elapsed" });
      this.busyBox = h("div", { class: "gw-busy", hidden: true },
        h("span", { class: "gw-spinner", "aria-hidden": "true" }), this.t("working"), " ",
        this.busyBar, this.busyText,
        h("button", { type: "button", class: "md-button gw-cancel", text: this.t("cancel"),
                      onclick: () => engine.cancel() }));
      this.loader.after(this.busyBox);
    }
    this.busyBox.hidden = !on;
    this.busyBar.hidden = true;
    this.busyText.textContent = "";
  }

  /** The busy box's progress bar and text: `fraction` done after `ms` milliseconds. */
  showProgress(fraction, ms) {
    if (!this.busyBox || this.busyBox.hidden) return;
    this.busyBar.hidden = false;
    this.busyBar.value = fraction;
    this.busyText.textContent = this.t("progress", { pct: Math.round(100 * fraction),
                                                     s: (ms / 1000).toFixed(1) });
  }

  showMessage(text, isError = true) {
    this.message.hidden = !text;
    this.message.classList.toggle("gw-info", !isError);
    // The engine's messages are already in the page's language (requests carry `lang`).
    this.message.textContent = text && isError ? `${this.t("errorPrefix")} ${text}` : text;
  }

  clearMessage() {
    this.showMessage("");
  }
}
