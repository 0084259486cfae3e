// The engine's load, shown where a classroom task waits for it (a P/N table's positions):
// the bytes so far ("Loading the engine: 4.2 of 13.1 MB"), or a failure with Try again,
// in the play widgets' words (widgets/i18n.js) and look (gw-loader).

import { engine } from "../widgets/engine-client.js";
import { h } from "../widgets/dom.js";
import { translator } from "../widgets/i18n.js";

/** {element, stop()}: the status line, kept up to date until stop(); `again` is called
 *  when the engine is ready after a failed load (tried again here or by any widget). */
export function engineStatus(lang, again) {
  const t = translator(lang);
  const element = h("div", { class: "gw-loader cr-engine", role: "status", "aria-live": "polite" });
  const mb = (n) => (n / 1e6).toFixed(1);
  let failed = false;
  const show = () => {
    element.hidden = engine.status === "ready";
    if (engine.status === "ready" && failed) {
      failed = false;
      again();
    }
    if (engine.status === "failed") {
      failed = true;
      const why = navigator.onLine === false ? t("offline")
        : /failed to fetch|network/i.test(engine.error) ? t("network") : t(engine.error);
      element.replaceChildren(h("span", { class: "gw-error" }, `${t("loadFailed")} ${why}`), " ",
        h("button", { type: "button", class: "md-button gw-retry", text: t("tryAgain"),
                      onclick: () => engine.retry() }));
      return;
    }
    const text = engine.total ? t("loadingBytes", { got: mb(engine.loaded), total: mb(engine.total) }) : t("loading");
    element.replaceChildren(h("span", { class: "gw-spinner", "aria-hidden": "true" }), h("span", { text }),
      engine.total ? h("progress", { class: "gw-progress", max: engine.total, value: engine.loaded, "aria-label": t("loading") })
        : h("progress", { class: "gw-progress", "aria-label": t("loading") }));
  };
  engine.addEventListener("status", show);
  show();
  return { element, stop: () => engine.removeEventListener("status", show) };
}
