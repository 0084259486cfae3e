"""The checks every page gets, in one visit per page (pagechecks.check_pages; from page to
page by following links, with Material's instant navigation, as a reader goes): the phone
layout (display formulas fit without a hidden sideways swipe, the page never scrolls
sideways, wide tables and code that scroll show a fade at the edge and take the keyboard
focus, positions like {10, 5, 5} are never split across lines, touch targets are at least
44 px tall or spaced, inputs use at least 16 px text, figure labels are at least 11 px as
rendered), axe-core's serious and critical findings (the checks Lighthouse's accessibility
score is made of), the page's console errors, uncaught exceptions and HTTP errors, and a screenshot of the first screen into artifacts/screenshots/ (the
sample of every kind of page gets full-page screenshots in three configurations).

The widgets' Python runtime is held back (its worker never answers, as on a slow
network): the widgets show their static pictures and "Loading the engine", what a reader
sees first, and the pages are measured without the engine's start-up work
(test_widgets.py and test_phone_layout.py check the running widgets). The sample of every
kind of page (sample_pass) is measured with the engine running, once it has answered. Every block is laid
out first, as the reader's scrolling does (off-screen blocks are skipped until then, and
axe would measure colours on blocks that are not drawn). axe takes 4-19 s a page on two
shared cores (a lesson has thousands of elements, most of them KaTeX's).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from bench.browser import LOAD_IMAGES, RENDER_ALL
from widgetkit import AXE, COUNT_SWAPS, LOAD_MS, follow, settled

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from sitegen import figures  # noqa: E402

SHOTS = ROOT / "artifacts" / "screenshots"
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
TARGET = 44        # px: the smallest touch target (height), or the spacing between targets
INPUT_FONT = 16    # px: smaller text makes phones zoom in when a field gets the focus
LABEL_FONT = 11    # px: the smallest figure label as rendered
TUPLE = r"[{(]\d+(?:,\s\d+)+[})]"
# Interactive parts styled by their own CSS (widgets.css, exercises.css): test_widget_controls_fit_a_phone.
COMPONENTS = ".grundy-widget, grundy-exercise, .gx-progress"

# One pass over the page; returns every failure as a short line.
PAGE_CHECKS = """async ([tuple, target, inputFont, others]) => {
  // two frames: the animations driven by scrolling (the fades at the edges) have run once
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  const bad = [];
  const name = (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} `
    + (el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 40);
  const doc = document.documentElement;
  const widgets = [...document.querySelectorAll(others)];  // checked apart (other owners' CSS)
  widgets.forEach((w) => { w.style.display = "none"; });
  if (doc.scrollWidth > doc.clientWidth + 1) bad.push(`page scrolls sideways: ${doc.scrollWidth}px`);
  widgets.forEach((w) => { w.style.display = ""; });
  for (const el of document.querySelectorAll(".md-content div.arithmatex, .md-content .katex-display")) {
    if (el.scrollWidth > el.clientWidth + 1)
      bad.push(`formula wider than the screen (${el.scrollWidth} > ${el.clientWidth}px): ${name(el)}`);
  }
  // Wide tables and code scroll, visibly (the far side fades out) and by keyboard (focusable).
  for (const el of document.querySelectorAll(".md-content .md-typeset__scrollwrap, .md-content pre > code")) {
    // (in a closed <details> it is not shown: it is measured, by scrollers.js, when opened)
    if (el.scrollWidth <= el.clientWidth + 1 || el.closest(others) || el.closest("details:not([open])")) continue;
    const fade = parseFloat(getComputedStyle(el).getPropertyValue("--choc-fade-end"));
    if (el.scrollLeft === 0 && !(fade > 0)) bad.push(`scrolls sideways with no fade at its edge: ${name(el)}`);
    if (el.getAttribute("tabindex") !== "0") bad.push(`scrolls sideways, not focusable: ${name(el)}`);
  }
  const walker = document.createTreeWalker(document.querySelector(".md-content"), NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => n.parentElement.closest(".katex, pre, script, style, svg")
      ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT });
  const re = new RegExp(tuple, "g");
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(re)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
      if (tops.size > 1) bad.push(`position split across lines: ${m[0]} in ${name(node.parentElement)}`);
    }
  }
  const visible = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.right > 0 && r.left < doc.clientWidth
      && el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  // Targets: controls and links that stand alone (a link inside a sentence is exempt, as in WCAG 2.5.8).
  const inSentence = (a) => {
    const block = a.closest("p, li, td, dd, figcaption, .admonition-title");
    if (!block || a.closest("nav, .md-nav, .md-footer, .md-header")) return false;
    return block.textContent.trim().length > a.textContent.trim().length + 2;
  };
  const targets = [...document.querySelectorAll(
      ".md-header a, .md-header label, .md-header button, .md-nav a, .md-nav label.md-nav__link, "
      + ".md-content a, .md-content button, .md-content summary, .md-footer a, .md-top")]
    .filter((el) => !el.closest(`${others}, .katex`) && visible(el) && !inSentence(el))
    .map((el) => ({ el, r: el.getBoundingClientRect() }));
  for (const { el, r } of targets) {
    if (r.height >= target - 0.5) continue;
    const cy = (r.top + r.bottom) / 2;
    const crowded = targets.find((o) => o.el !== el && !o.el.contains(el) && !el.contains(o.el)
      && o.r.left < r.right && o.r.right > r.left
      && Math.abs((o.r.top + o.r.bottom) / 2 - cy) < target);
    if (crowded) bad.push(`touch target ${Math.round(r.height)}px tall, ${Math.round(Math.abs((crowded.r.top + crowded.r.bottom) / 2 - cy))}px from the next: ${name(el)}`);
  }
  for (const el of document.querySelectorAll("input:not([type=checkbox]):not([type=radio]):not([type=hidden]), select, textarea")) {
    if (el.closest(others) || !el.checkVisibility()) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < inputFont) bad.push(`input text ${size}px: ${el.name || el.className || el.type}`);
  }
  return bad;
}"""

FIGURE_SIZES = """() => [...document.querySelectorAll(".grundy-figure img")].map((img) =>
  ({ src: img.getAttribute("src"), natural: Number(img.getAttribute("width")),
     shown: img.getBoundingClientRect().width })).filter((f) => f.shown > 0)"""


DESKTOP = {"viewport": {"width": 1280, "height": 800}}
# one page of each kind: home, lessons with widgets and exercises (both languages), the Lab,
# the data page, the API reference, the classroom pages, the worksheet, a missing address
# (in the order a reader could follow links: the English pages, the Japanese, then the 404)
NOT_FOUND = "no/such/page/"
SAMPLE = ("", "triangular-chocolate/", "chomp/", "lab/", "data/", "api/", "assign/", "results/",
          "ja/sierpinski/", "ja/lab/", "ja/worksheet/", NOT_FOUND)
SEVERE = ("serious", "critical")
# The Lab's editor (CodeMirror) scrolls inside an element whose content is a contenteditable
# textbox, reached by Tab; axe does not count it as focusable content.
FALSE_POSITIVES = {"scrollable-region-focusable": ".cm-scroller"}
RUN_AXE = """async (ignore) => {
  const r = await axe.run(document, {resultTypes: ["violations"]});
  return r.violations.map((v) => ({id: v.id, impact: v.impact,
    where: v.nodes.map((n) => n.target.join(" ")).filter((t) => !(ignore[v.id] && t.endsWith(ignore[v.id])))}))
    .filter((v) => v.where.length);
}"""


def site_pages(site: Path) -> list[str]:
    """Every page of the built site (paths relative to its root, "" for the home page), and a
    missing address (the 404 page)."""
    return sorted(p.relative_to(site).as_posix().removesuffix("index.html")
                  for p in site.rglob("index.html") if "assets" not in p.parts) + [NOT_FOUND]



def shot_name(rel: str) -> str:
    """The screenshot's name of a page ("" is the home page)."""
    return rel.strip("/").replace("/", "_") or "home"


def edition(url: str, base: str) -> str | None:
    """The language ("en" or "ja") of a page of the site at `base`; None for the 404 page
    and for other addresses."""
    rel = url.split("#")[0].split("?")[0][len(base):]
    if not url.startswith(base) or rel == NOT_FOUND:
        return None
    return "ja" if rel.startswith("ja/") else "en"


def arrive(page, url: str, base: str) -> None:
    """Open `url` as a reader goes from page to page of the site at `base`: from a page of
    the same language by following a link (Material's instant navigation, on a page that
    counts its swaps: widgetkit.COUNT_SWAPS); the first page, a change of language and the
    404 page load in full. Nothing happens if the page is already at `url`."""
    if page.url.split("#")[0].split("?")[0] == url:
        return
    here = edition(page.url, base)
    if here and here == edition(url, base) and page.evaluate("() => window.__counting === true"):
        follow(page, url)
    else:
        page.goto(url, wait_until="load")


def open_laid_out(page, url: str, base: str | None = None) -> None:
    """Open `url` (as a reader goes from page to page if given the site's address: arrive)
    with every block laid out and the formulas typeset."""
    if base:
        arrive(page, url, base)
    else:
        page.goto(url, wait_until="load")
    page.add_style_tag(content=RENDER_ALL)  # measure every block as when scrolled to
    page.wait_for_function("() => !document.querySelector('.arithmatex') || document.querySelector('.katex')")


# The elements that use the engine (widgets.js defines them).
WIDGETS = '"grundy-play, grundy-table, grundy-nimsum, grundy-pviewer, grundy-discover"'
# The page's engine has loaded (the Lab says so on its root), or the page has no widget
# that uses it. The engine starts on demand only (the widgets play their first moves from
# build-time answers): this starts it, as a reader's first request beyond them would.
ENGINE_SETTLED = """() => {
  const lab = document.querySelector("[data-lab]");  // set up (data-engine) once lab.js has run
  if (lab) return Boolean(lab.dataset.engine) && lab.dataset.engine !== "loading";
  if (!document.querySelector(%s)) return true;
  const engine = window.grundyEngine;
  if (engine?.status === "idle") engine.start();
  return engine?.status === "ready"; }""" % WIDGETS


# The engine's worker (engine-client.js) is one that never answers; other workers start.
# (Routing its requests would do the same, but routing turns the browser's cache off.)
SILENT_ENGINE = """{ const Real = window.Worker;
  window.Worker = function (url, options) {
    return String(url).includes("grundy-worker")
      ? Object.assign(new EventTarget(), { postMessage() {}, terminate() {} }) : new Real(url, options);
  }; }"""


def hold_the_engine(page) -> None:
    """The widgets' Python runtime never arrives (see the module's docstring)."""
    page.add_init_script(SILENT_ENGINE)


def layout_failures(page, rel: str) -> tuple[list[str], list[float]]:
    """The phone layout's failures on the open page, and its figures' label sizes (px)."""
    failures = [f"/{rel}: {line}" for line in page.evaluate(PAGE_CHECKS, [TUPLE, TARGET, INPUT_FONT, COMPONENTS])]
    label_px = []
    for fig in page.evaluate(FIGURE_SIZES):  # (figures in closed <details> are not shown)
        px = figures.STYLE["font.size"] * figures.DPI / 72 * fig["shown"] / fig["natural"]
        label_px.append(px)
        if px < LABEL_FONT:
            failures.append(f"/{rel}: figure labels {px:.1f}px at 390px: {fig['src']}")
    return failures, label_px


def axe_findings(page, rel: str) -> list[str]:
    """axe's serious and critical findings on the open page."""
    if not page.evaluate("() => typeof axe === 'object'"):  # (kept by instant navigation)
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    return [f"{rel}: {v['impact']} {v['id']} at {v['where'][:3]}"
            for v in page.evaluate(RUN_AXE, FALSE_POSITIVES) if v["impact"] in SEVERE]


def axe_after_use(page, where: str) -> list[str]:
    """axe-core's serious and critical findings on the page as used, the pointer off it,
    every transition finished or cut short (colours measured as they stay) and scrolled to its top (axe
    measures a text under the sticky header against the header)."""
    page.mouse.move(0, 0)
    page.evaluate("() => window.scrollTo(0, 0)")
    settled(page)
    # colours as they end: a transition in a block laid out late (content-visibility) starts
    # only when axe measures it (a dark page's links were read mid-way from the light colour)
    page.add_style_tag(content="*, *::before, *::after { transition: none !important; }")
    return axe_findings(page, where)


def page_errors(page, rel: str) -> list[str]:
    """The console errors, uncaught exceptions and HTTP errors the open page has recorded
    (tests/testpages.py) since the last call, but the missing page's own 404; cleared."""
    missing = rel == NOT_FOUND
    errors = [f"/{rel}: {e}" for e in page.console_errors
              if not (missing and (e == f"HTTP 404 {page.url}" or "status of 404" in e))]
    page.console_errors.clear()
    return errors


def check_pages(page, served_site: str, pages: list[str], layout: bool = False,
                shots: str | None = None, engine: bool = False,
                full_page: bool = True) -> tuple[list[str], list[float]]:
    """Visit each of `pages` (relative to served_site) once, going from one to the next by a
    link where a reader could (open_laid_out): the layout checks (layout=True),
    a screenshot named "<page>-<shots>.png" (shots: e.g. "phone-light"; of the whole page,
    or of the first screen if not full_page), then axe and the page's errors (page_errors).
    The widgets' engine is held back, or runs (engine=True: the widgets show its answers).
    Returns the failures and the figures' label sizes."""
    if not engine:
        hold_the_engine(page)
    page.add_init_script(COUNT_SWAPS)
    bad, label_px = [], []
    if shots:
        SHOTS.mkdir(parents=True, exist_ok=True)
    for rel in pages:
        open_laid_out(page, served_site + rel, served_site)
        if engine:
            page.wait_for_function(ENGINE_SETTLED, timeout=LOAD_MS, polling=100)
            settled(page)
        if layout:
            failures, sizes = layout_failures(page, rel)
            bad += failures
            label_px += sizes
        if shots:
            if full_page:
                page.evaluate(LOAD_IMAGES)
            page.screenshot(path=SHOTS / f"{shot_name(rel)}-{shots}.png", full_page=full_page)
        bad += axe_findings(page, rel)
        bad += page_errors(page, rel)
    return bad, label_px


def sample_pass(built_site, served_site, new_page, shots: str, **context) -> None:
    """The sample of every kind of page (SAMPLE) with the engine running: a screenshot
    named after `shots` and axe on each, no request to another origin."""
    assert all(rel in site_pages(built_site) for rel in SAMPLE)
    page = new_page(**context)
    bad, _ = check_pages(page, served_site, list(SAMPLE), shots=shots, engine=True)
    assert not bad, "\n".join(bad)
    assert not page.foreign_requests, "\n".join(page.foreign_requests)


def phone_pass(built_site, served_site, new_page, measurements, japanese: bool) -> None:
    """Every page of one language on a phone: layout, a screenshot of the first screen and
    axe, failures listed."""
    pages = [rel for rel in site_pages(built_site) if rel.startswith("ja/") == japanese]
    page = new_page(color_scheme="light", **PHONE)
    bad, label_px = check_pages(page, served_site, pages, layout=True, shots="phone-light", full_page=False)
    measurements.append(f"phone pages ({'ja' if japanese else 'en'}): {len(pages)} pages, smallest figure "
                        f"label {min(label_px, default=0):.1f}px, screenshots in artifacts/screenshots/")
    assert not bad, "\n".join(bad)
    assert not page.foreign_requests, "\n".join(page.foreign_requests)
