// The offline copy, offered and not imposed, and the update notice (the service worker is
// sw.js at the site root: scripts/service-worker.js, bundled by scripts/build_sw.py).
// - The worker is registered once the page has loaded and been painted; installing it
//   downloads nothing.
// - The footer of every page offers the copy with what it costs to download ("Save the
//   site for offline use (N MB to download)": N is the sum of the sizes in the worker's
//   manifest, each file's size as GitHub Pages sends it, gzipped or not:
//   scripts/build_sw.py), then shows its progress in the same bytes, "Saved for offline
//   use" and a button that removes it (the worker answers once the copy is gone, a
//   save under way stopped first; without its answer the page asks its status again:
//   the footer never waits for a broadcast).
// - Unasked, the copy is saved only on a fast connection known not to be metered (its
//   type wifi or ethernet) and without Save-Data (navigator.connection; without it or its
//   type, as on desktop Chromium, which may be a laptop tethered to a phone: never),
//   once the reader has stayed SETTLE_MS on a page, the browser is idle and the engine
//   is not loading (<html data-engine="loading">, "grundy-engine" events); never again
//   once removed (in any tab, even while waiting to).
// - A reader who keeps a copy is told when a new version of the site is there.
// The state is on <html data-offline>: offered | saving | saved | failed, and whether the
// copy is saved unasked on <html data-offline-auto>: waiting | no | yes (tests read them).

const ROOT = new URL("../../", import.meta.url);
const CHANNEL = "chocolate-games-offline";
const REMOVED = "chocolate-games-offline-removed"; // localStorage: the reader removed the copy
const SETTLE_MS = 3000;
const ASK_MS = 5000;
const FAST_MBPS = 5;
const UNMETERED = ["wifi", "ethernet"]; // navigator.connection.type
const TEXT = {
  en: {
    offer: (mb) => `Save the site for offline use (${mb} MB to download)`,
    saving: (done, all) => `Saving for offline use: ${done} of ${all} MB`,
    saved: "Saved for offline use",
    remove: "Remove the offline copy",
    failed: "Saving for offline use stopped (no connection?).",
    retry: "Try again",
    update: "A new version of this site is available.",
    reload: "Reload",
  },
  ja: {
    offer: (mb) => `オフラインで使えるようにサイトを保存（ダウンロード ${mb} MB）`,
    saving: (done, all) => `オフライン用に保存中：${done} / ${all} MB`,
    saved: "オフラインで使えるように保存しました",
    remove: "オフライン用のコピーを削除",
    failed: "オフライン用の保存が途中で止まりました（接続が切れていませんか？）。",
    retry: "もう一度試す",
    update: "このサイトの新しい版があります。",
    reload: "再読み込み",
  },
};

// What this page did with the copy, for the tests (tests/perf/test_offline.py prints it,
// with the worker's, when one fails); no page listens otherwise.
const logChannel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(`${CHANNEL}-log`);
const log = (text) => logChannel?.postMessage({ t: Date.now(), from: location.pathname, text });

let registration = null;
let status = null; // the worker's: {files, bytes, savedFiles, savedBytes, chosen, saving}
let failed = false;

const text = () => TEXT[document.documentElement.lang === "ja" ? "ja" : "en"];
const megabytes = (bytes) => Math.round(bytes / 1e6);

function state() {
  if (!status) return "";
  if (status.saving) return "saving";
  if (failed) return "failed";
  if (status.chosen && status.savedFiles === status.files) return "saved";
  return status.chosen ? "saving" : "offered";
}

/** Ask the active worker; resolves to its answer, or null if it gives none. */
function ask(type) {
  const worker = registration?.active;
  log(`ask ${type}${worker ? ` (worker ${worker.state})` : ": no active worker"}`);
  if (!worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    const timer = setTimeout(() => {
      log(`no answer to ${type} in ${ASK_MS} ms`);
      resolve(null);
    }, ASK_MS);
    port1.onmessage = (event) => {
      clearTimeout(timer);
      log(`answer to ${type}: chosen ${event.data?.chosen}, saving ${event.data?.saving}`);
      resolve(event.data);
    };
    worker.postMessage({ type }, [port2]);
  });
}

function save() {
  log(`save (worker ${registration?.active ? "active" : "missing"})`);
  failed = false;
  localStorage.removeItem(REMOVED);
  registration?.active?.postMessage({ type: "OFFLINE_SAVE" });
  status = status && { ...status, saving: true };
  render();
}

/** The worker answers once the copy is gone (every page hears it too); without its answer,
 * the page asks again what there is, so that the footer never waits for a message. */
async function remove() {
  log("remove");
  localStorage.setItem(REMOVED, "1");
  status = (await ask("OFFLINE_REMOVE")) || (await ask("OFFLINE_STATUS")) || status;
  failed = false;
  render();
}

function button(label, onClick) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "app-offline__button";
  element.textContent = label;
  element.addEventListener("click", onClick);
  return element;
}

/** The download's progress, shown; the status line says it. */
function progressBar() {
  const bar = document.createElement("progress");
  bar.setAttribute("aria-hidden", "true");
  return bar;
}

/** The footer's control (each page has its own footer): a status line that stays, for
 * screen readers, and the one control of the state; the focus stays in it. */
function render() {
  const now = state();
  if (document.documentElement.dataset.offline !== now) log(`state ${now || "(none)"}`);
  document.documentElement.dataset.offline = now;
  const footer = document.querySelector(".md-footer-meta__inner");
  let box = footer?.querySelector(".app-offline");
  if (!now || !footer) {
    box?.remove();
    return;
  }
  const t = text();
  if (!box) {
    box = document.createElement("div");
    box.className = "app-offline";
    const said = document.createElement("span");
    said.className = "app-offline__status";
    said.setAttribute("role", "status");
    said.tabIndex = -1;
    box.append(said);
    footer.append(box);
  }
  const said = box.querySelector(".app-offline__status");
  said.textContent = { saving: t.saving(megabytes(status.savedBytes), megabytes(status.bytes)), saved: `✓ ${t.saved}`, failed: t.failed }[now] || "";
  if (box.dataset.state !== now) {
    box.dataset.state = now;
    const focused = box.contains(document.activeElement);
    box.querySelector("button, progress")?.remove();
    const control = {
      offered: () => button(t.offer(Math.max(1, megabytes(status.bytes))), save),
      saving: progressBar,
      saved: () => button(t.remove, remove),
      failed: () => button(t.retry, save),
    }[now]();
    box.append(control);
    if (focused) (control.tagName === "BUTTON" ? control : said).focus();
  }
  if (now === "saving") Object.assign(box.querySelector("progress"), { max: status.bytes, value: status.savedBytes });
}

/** True on a connection known to be fast and not metered (wifi, ethernet), without Save-Data. */
function fastUnmetered() {
  const c = navigator.connection;
  return Boolean(c) && !c.saveData && c.effectiveType === "4g" && c.downlink >= FAST_MBPS && UNMETERED.includes(c.type);
}

/** Resolves when the engine is not loading (at once if it is not). */
function engineNotLoading() {
  const loading = () => document.documentElement.dataset.engine === "loading" || window.grundyEngine?.status === "loading";
  if (!loading()) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (loading()) return;
      removeEventListener("grundy-engine", check);
      window.grundyEngine?.removeEventListener?.("status", check);
      resolve();
    };
    addEventListener("grundy-engine", check);
    window.grundyEngine?.addEventListener?.("status", check);
  });
}

const idle = () => new Promise((resolve) => (window.requestIdleCallback ? requestIdleCallback(() => resolve(), { timeout: SETTLE_MS }) : setTimeout(resolve, 0)));

/** Save the copy unasked where that costs the reader nothing (see the top of this file). */
async function saveIfFree() {
  const root = document.documentElement;
  root.dataset.offlineAuto = "no";
  if (!fastUnmetered() || localStorage.getItem(REMOVED)) return;
  root.dataset.offlineAuto = "waiting";
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  await idle();
  await engineNotLoading();
  const free = fastUnmetered() && !localStorage.getItem(REMOVED) && status && !status.chosen && !status.saving;
  root.dataset.offlineAuto = free ? "yes" : "no";
  if (free) save();
}

function showUpdate(worker) {
  if (document.querySelector(".app-update")) return;
  const t = text();
  const bar = document.createElement("div");
  bar.className = "app-update";
  bar.setAttribute("role", "status");
  const reload = button(t.reload, () => {
    reload.disabled = true;
    navigator.serviceWorker.addEventListener("controllerchange", () => location.reload());
    worker.postMessage({ type: "SKIP_WAITING" });
  });
  reload.className = "md-button md-button--primary";
  bar.append(t.update, " ", reload);
  document.body.append(bar);
}

/** Once per visit: register the worker, learn the copy's state and show it. */
export async function setUpOffline(pageReady) {
  if (!("serviceWorker" in navigator) || typeof BroadcastChannel === "undefined") return;
  await pageReady;
  registration = await navigator.serviceWorker.register(new URL("sw.js", ROOT), { scope: ROOT.href });
  // A waiting worker is a new deployment only when an older one controls the page.
  const offer = (worker) => navigator.serviceWorker.controller && showUpdate(worker);
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener("updatefound", () => {
    const worker = registration.installing;
    worker?.addEventListener("statechange", () => worker.state === "installed" && offer(worker));
  });
  new BroadcastChannel(CHANNEL).onmessage = (event) => {
    if (event.data.type !== "progress") log(`heard ${event.data.type}`);
    status = event.data;
    failed = event.data.type === "failed";
    render();
  };
  log("registered");
  await navigator.serviceWorker.ready;
  status = await ask("OFFLINE_STATUS");
  render();
  if (status?.chosen && !status.saving && status.savedFiles < status.files) save(); // interrupted: go on
  else if (status && !status.chosen) await saveIfFree();
}

/** On every page (instant navigation swaps the footer): the control; sometimes an update check. */
export function offlineOnPage() {
  render();
}

/** Ask the server whether a new deployment is there. */
export function checkForUpdate() {
  registration?.update().catch(() => {});
}
