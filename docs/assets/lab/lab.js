// The Lab page: a code editor (CodeMirror 6, or a plain textarea if it cannot load), an
// examples menu, Run (Ctrl/Cmd+Enter), Stop, "copy link" (lab/#code=<percent-encoded
// source>) and the output area ([data-output]) with streamed text, tracebacks pointing
// at the reader's line, SVG pictures and tables downloadable as CSV.
// The code runs on the widgets' engine worker (../widgets/engine-client.js): one Python per
// visit, kept across Material's instant page swaps, whether the reader plays or runs code.

import { engine } from "../widgets/engine-client.js";
import { createEditor } from "./lab-editor.js";
import { renderTable, renderSvg } from "./lab-output.js";

const STRINGS = {
  en: {
    run: "Run", stop: "Stop", share: "Copy link", examples: "Examples", choose: "Choose an example…",
    start: "Getting started", theorem: "Theorems, checked", open: "Open problems, to explore", code: "Python code",
    output: "Output", loading: "Starting Python and the engine…", ready: "Python {v} is ready.",
    failed: "Python could not start: {m}", running: "Running…", done: "Done in {s} s, with no output.",
    doneOne: "Done in {s} s. Output: {first}", doneMany: "Done in {s} s. Output, {n} lines; the first: {first}",
    stopped: "Stopped.", restarted: "Stopped (Python was restarted).",
    error: "Error on line {n}: {m}", errorNoLine: "Error: {m}", copied: "Link copied.",
    copyBy: "Copy this link:", empty: "(no output)",
    shortcut: "Ctrl+Enter or ⌘+Enter runs the code; Esc then Tab leaves the editor.",
  },
  ja: {
    run: "実行", stop: "停止", share: "リンクをコピー", examples: "例", choose: "例を選んでください…",
    start: "はじめに", theorem: "定理 (確かめる)", open: "未解決問題 (調べてみる)", code: "Python のコード",
    output: "出力", loading: "Python とエンジンを起動しています…", ready: "Python {v} の準備ができました。",
    failed: "Python を起動できませんでした: {m}", running: "実行中…", done: "{s} 秒で終わりました。出力はありません。",
    doneOne: "{s} 秒で終わりました。出力: {first}", doneMany: "{s} 秒で終わりました。出力は {n} 行で、最初の行は: {first}",
    stopped: "停止しました。", restarted: "停止しました (Python を再起動しました)。",
    error: "{n} 行目でエラー: {m}", errorNoLine: "エラー: {m}", copied: "リンクをコピーしました。",
    copyBy: "このリンクをコピーしてください:", empty: "(出力なし)",
    shortcut: "Ctrl+Enter または ⌘+Enter で実行します。Esc のあと Tab でエディタから出ます。",
  },
};

function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  node.append(...children.filter((c) => c !== null && c !== undefined));
  return node;
}

function readExamples() {
  const data = document.querySelector("[data-lab-examples]");
  return data ? JSON.parse(data.dataset.labExamples) : [];
}

function codeFromAddress(hash = location.hash) {
  const match = /^#code=(.*)$/s.exec(hash);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

class Lab {
  constructor(root) {
    this.root = root;
    this.lang = (document.documentElement.lang || "en").startsWith("ja") ? "ja" : "en";
    this.examples = readExamples();
    // read at once: after an instant page swap, Material's anchor tracking soon rewrites the hash
    this.fromAddress = codeFromAddress();
    this.path = location.pathname;
    this.engine = engine;
    this.build();
  }

  t(key, fields = {}) {
    return STRINGS[this.lang][key].replace(/\{(\w+)\}/g, (_, k) => String(fields[k] ?? ""));
  }

  build() {
    const menu = h("select", { "data-examples": true, "aria-label": this.t("examples"),
                               onchange: () => this.pickExample(menu.value) },
                   h("option", { value: "", text: this.t("choose") }));
    for (const group of ["start", "theorem", "open"]) {
      const box = h("optgroup", { label: this.t(group) });
      for (const ex of this.examples.filter((e) => e.group === group)) {
        box.append(h("option", { value: ex.id, text: ex.title }));
      }
      if (box.children.length) menu.append(box);
    }
    this.menu = menu;
    this.runButton = h("button", { type: "button", class: "md-button md-button--primary", "data-run": true,
                                   text: this.t("run"), onclick: () => this.run() });
    this.stopButton = h("button", { type: "button", class: "md-button", "data-stop": true, disabled: true,
                                    text: this.t("stop"), onclick: () => engine.stop() });
    this.shareButton = h("button", { type: "button", class: "md-button", "data-share": true,
                                     text: this.t("share"), onclick: () => this.share() });
    this.status = h("p", { class: "lab-status", "data-status": true, role: "status" });
    this.shareBox = h("p", { class: "lab-share", hidden: true });
    this.editorBox = h("div", { class: "lab-editor", "data-editor": true });
    this.output = h("div", { class: "lab-output", "data-output": true, "data-state": "idle", role: "region",
                             "aria-label": this.t("output"), tabindex: "0" });
    this.root.replaceChildren(
      h("div", { class: "lab-toolbar" }, menu, this.runButton, this.stopButton, this.shareButton),
      this.editorBox,
      h("p", { class: "lab-hint", text: this.t("shortcut") }),
      this.status, this.shareBox, this.output,
    );
  }

  async init() {
    const first = this.examples[0];
    const code = this.fromAddress ?? (first ? first.code : "import grundy\n");
    this.editor = await createEditor(this.editorBox, code, {
      label: this.t("code"), onRun: () => this.run(),
    });
    this.root.dataset.editor = this.editor.kind;
    const onHash = () => {
      if (!this.root.isConnected) return window.removeEventListener("hashchange", onHash);
      const fromAddress = codeFromAddress();
      if (fromAddress !== null && fromAddress !== this.editor.getCode()) this.editor.setCode(fromAddress);
    };
    window.addEventListener("hashchange", onHash);
    const onStatus = () => {
      if (!this.root.isConnected) return engine.removeEventListener("status", onStatus);
      this.engineStatus();
    };
    engine.addEventListener("status", onStatus);
    engine.stop(); // a run left behind on an earlier visit to this page writes nowhere
    engine.start();
    this.engineStatus();
  }

  engineStatus() {
    const { status } = engine;
    this.root.dataset.engine = status === "idle" ? "loading" : status;
    // after a run, its result stays in view while Python (re)starts; a failure is always told
    if (this.running || (status !== "failed" && this.output.dataset.state !== "idle")) return;
    const key = status === "ready" || status === "failed" ? status : "loading";
    this.setStatus(this.t(key, { v: engine.python, m: engine.error }));
  }

  setStatus(text, kind = "") {
    this.status.textContent = text;
    this.status.className = `lab-status ${kind}`;
  }

  pickExample(id) {
    const ex = this.examples.find((e) => e.id === id);
    if (!ex) return;
    this.editor.setCode(ex.code);
    history.replaceState(null, "", location.pathname + location.search);
  }

  async run() {
    if (this.running) return;
    this.running = true;
    this.editor.markLine(null);
    this.output.replaceChildren();
    this.output.dataset.state = "running";
    this.runButton.disabled = true;
    this.stopButton.disabled = false;
    this.setStatus(this.t("running"));
    const t0 = performance.now();
    let result;
    try {
      result = await engine.run(this.editor.getCode(), this.lang, (item) => this.append(item));
    } catch (err) {
      result = { status: "failed", message: err.message };
    }
    this.running = false;
    this.runButton.disabled = false;
    this.stopButton.disabled = true;
    this.finish(result, ((performance.now() - t0) / 1000).toFixed(2));
  }

  finish(result, seconds) {
    this.output.dataset.state = result.status;
    if (result.status === "ok") {
      // said by the status (a live region): the output's first line and how many there are
      const lines = this.output.innerText.split("\n").map((line) => line.trim()).filter(Boolean);
      if (!this.output.childNodes.length) this.output.append(h("p", { class: "lab-empty", text: this.t("empty") }));
      const key = ["done", "doneOne"][lines.length] ?? "doneMany";
      this.setStatus(this.t(key, { s: seconds, n: lines.length, first: lines[0]?.slice(0, 120) }));
    } else if (result.status === "stopped") {
      this.setStatus(this.t(result.restarted ? "restarted" : "stopped"), "lab-warn");
    } else if (result.status === "error") {
      this.output.append(h("pre", { class: "lab-err lab-traceback", "data-traceback": true,
                                    text: result.traceback }));
      this.output.dataset.line = result.line ?? "";
      this.editor.markLine(result.line);
      const key = result.line ? "error" : "errorNoLine";
      this.setStatus(this.t(key, { n: result.line, m: `${result.type}: ${result.message}` }), "lab-bad");
    } else {
      this.setStatus(this.t("failed", { m: result.message }), "lab-bad");
    }
  }

  /** One streamed item: printed text (merged into the last text block) or rich output. */
  append({ kind, text }) {
    if (kind === "rich") {
      const item = JSON.parse(text);
      this.output.append(item.type === "svg" ? renderSvg(item) : renderTable(item, this.lang));
      return;
    }
    const last = this.output.lastElementChild;
    const cls = kind === "err" ? "lab-text lab-err" : "lab-text";
    if (last && last.className === cls) last.append(text);
    else this.output.append(h("pre", { class: cls, text }));
  }

  shareLink() {
    const url = new URL(location.href);
    url.hash = `code=${encodeURIComponent(this.editor.getCode())}`;
    return url.href;
  }

  async share() {
    const link = this.shareLink();
    history.replaceState(null, "", link);
    this.root.dataset.link = link;
    try {
      await navigator.clipboard.writeText(link);
      this.shareBox.hidden = true;
      this.setStatus(this.t("copied"));
    } catch {
      const field = h("input", { type: "text", readonly: true, value: link, "aria-label": this.t("copyBy") });
      this.shareBox.replaceChildren(h("label", { text: this.t("copyBy") }), " ", field);
      this.shareBox.hidden = false;
      field.select();
    }
  }
}

/** Set up the Lab on this page, if it has one (once per page, also after an instant swap). */
function mount() {
  const root = document.querySelector("[data-lab]:not([data-mounted])");
  if (!root) return;
  root.dataset.mounted = "";
  const lab = new Lab(root);
  window.grundyLab = lab; // for the browser tests and curious readers
  lab.init();
}

/** Leaving the Lab's page ends its run: a loop left running would hold the engine, and every
 *  widget of the next pages would wait behind it. Stopped as the reader leaves, before the
 *  next page's widgets ask the engine anything (a restart would cancel their requests). */
function leave(url) {
  const lab = window.grundyLab;
  if (lab?.root.isConnected && url.pathname !== lab.path) engine.stop();
}

/** A link on the Lab's own page to lab/#code=… (its examples' "Open in the Lab"), or Back
 *  and Forward between two such addresses: instant navigation changes the address through
 *  the History API, with no hashchange, so the code is put into the editor here. */
function openHere(url) {
  const lab = window.grundyLab;
  const code = codeFromAddress(url.hash);
  if (!lab?.root.isConnected || url.pathname !== lab.path || code === null) return;
  lab.fromAddress = code; // the editor may still be loading
  if (lab.editor && code !== lab.editor.getCode()) lab.editor.setCode(code);
  lab.root.scrollIntoView({ block: "start" });
}

/** Material's document$ announces every page (the first, then each instant swap: this
 *  module runs once per visit, though instant navigation re-inserts its script), location$
 *  every navigation. */
function follow() {
  window.location$?.subscribe((url) => {
    leave(url);
    openHere(url);
  });
  window.document$?.subscribe(mount);
}

mount();
// On a first visit that opens the Lab, this module runs before Material's bundle has made
// its observables (both are deferred scripts, the Lab's first).
if (window.document$) follow();
else addEventListener("DOMContentLoaded", follow, { once: true });
