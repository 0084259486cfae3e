// Regions that scroll sideways (wide tables, long code lines) can be scrolled with the
// keyboard: while one overflows it is focusable (tabindex="0"; WCAG 2.1.1, axe's
// scrollable-region-focusable). Material does this for code blocks on devices with a
// mouse only, and undoes it elsewhere: a removed tabindex is put back while needed.
// A table or code block the browser has not laid out yet (content-visibility: auto on the
// table's box or the code's <pre>, off-screen) may overflow: it stays focusable until it
// is laid out and can be measured. This script never takes a tabindex away while the
// element has the focus (that would drop the reader's place to the page's body): only once
// the focus leaves.
(function () {
  "use strict";
  var SCROLLERS = ".md-typeset__scrollwrap, .md-typeset pre > code";
  if (!window.document$ || !window.ResizeObserver) return;
  var unmeasured = new WeakSet();
  var focused = new WeakSet(); // waiting for the focus to leave before losing their tabindex

  function wide(el) {
    return el.scrollWidth > el.clientWidth + 1;
  }

  function update(el) {
    if (unmeasured.has(el)) return;
    if (wide(el)) {
      if (el.getAttribute("tabindex") !== "0") el.setAttribute("tabindex", "0");
    } else if (el.hasAttribute("tabindex") && !matchMedia("(hover)").matches) unfocusable(el);
  }

  // The tabindex taken away, at once or when the focus leaves the element (if still narrow).
  function unfocusable(el) {
    if (document.activeElement !== el) el.removeAttribute("tabindex");
    else if (!focused.has(el)) {
      focused.add(el);
      el.addEventListener("blur", function () {
        setTimeout(function () { // (a script may give it the focus back: focus-kept.js)
          focused.delete(el);
          if (!unmeasured.has(el) && !wide(el)) unfocusable(el);
        });
      }, { once: true });
    }
  }

  function hold(el) {
    unmeasured.add(el);
    el.setAttribute("tabindex", "0");
  }

  // The element whose content-visibility lays `el` out late: the <pre> of a code block.
  function box(el) {
    return el.tagName === "CODE" ? el.parentElement : el;
  }

  function skipped(event, el) {
    if (event.skipped) hold(el);
    else if (unmeasured.delete(el) && !wide(el)) unfocusable(el);
  }

  var sizes = new ResizeObserver(function (entries) {
    entries.forEach(function (entry) { update(entry.target); });
  });
  var attributes = new MutationObserver(function (records) {
    records.forEach(function (record) { update(record.target); });
  });

  window.document$.subscribe(function () {
    sizes.disconnect();
    attributes.disconnect();
    document.querySelectorAll(SCROLLERS).forEach(function (el) {
      if (getComputedStyle(box(el)).contentVisibility === "auto") {
        hold(el);
        box(el).addEventListener("contentvisibilityautostatechange", function (event) { skipped(event, el); });
      }
      sizes.observe(el);
      attributes.observe(el, { attributes: true, attributeFilter: ["tabindex"] });
    });
  });
})();
