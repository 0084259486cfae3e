"""Measurements of the site in Chromium, as a new reader meets it (fresh profile, the site
served like GitHub Pages by bench/serve.py): used by scripts/bench_browser.py (prints them)
and tests/perf (checks what they must show).

Every function takes Playwright objects; times are milliseconds of wall-clock time.
"""

from __future__ import annotations

import time

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
LOAD_MS = 90_000
# The site lets the browser skip laying out off-screen blocks (content-visibility: auto);
# a full-page capture or a measure of every block adds this style to lay them all out.
RENDER_ALL = ".md-content__inner * { content-visibility: visible !important; }"
# Figures far down a page load lazily (loading="lazy"); a full-page capture loads them all.
LOAD_IMAGES = """() => Promise.all([...document.images].map((img) => {
  img.loading = "eager";
  return img.complete ? null : new Promise((done) => { img.onload = img.onerror = done; });
}))"""
# An init script: window.__shifts lists the page's layout shifts ({value, recent input,
# class names of the elements that moved}).
LAYOUT_SHIFTS = """window.__shifts = []; new PerformanceObserver((list) => list.getEntries().forEach((e) =>
  __shifts.push({ value: e.value, input: e.hadRecentInput, sources: e.sources.map((s) => s.node?.className || '') }))
).observe({ type: 'layout-shift', buffered: true });"""
PLAY = ".grundy-widget[data-widget='play'], grundy-play"
PLAYABLE = f"""() => [...document.querySelectorAll("{PLAY}")]
    .some(el => el.dataset.turn === 'you' || el.dataset.turn === 'over')"""


def show_everything(page):
    """Lay out every block and load every image, as a full-page capture needs."""
    page.add_style_tag(content=RENDER_ALL)
    page.evaluate(LOAD_IMAGES)


def launch(playwright, *extra_args):
    """Headless Debian Chromium (with extra_args after CHROMIUM_ARGS)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, *extra_args])


# Chromium opens its address bar's popup, a page of its own (chrome://omnibox-popup.top-chrome/,
# in a renderer process), with every window, that is with every page Playwright opens: 0.64 s
# of CPU each, about 9 % of the test run's CPU. A headless page has no address bar.
OMNIBOX_POPUP = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")


def launch_without_omnibox(playwright):
    """Headless Debian Chromium without the address bar's popup. A second --disable-features
    replaces the first, so the features Playwright disables (read from chrome://version of a
    first launch) are disabled too."""
    first = launch(playwright)
    try:
        page = first.new_page()
        page.goto("chrome://version")
        switches = page.locator("#command_line").inner_text().split()
    finally:
        first.close()
    disabled = next((s.split("=", 1)[1] for s in switches if s.startswith("--disable-features=")), "")
    features = ",".join(filter(None, [disabled, *OMNIBOX_POPUP]))
    return launch(playwright, f"--disable-features={features}")


def _scroll_to_game(page):
    """The reader scrolls to the page's first game."""
    page.wait_for_selector(PLAY, state="attached", timeout=LOAD_MS)
    page.locator(PLAY).first.scroll_into_view_if_needed()


def start_engine(page):
    """Start the page's engine, as a reader's first request beyond a widget's build-time
    answers would (it no longer starts with the page), and wait until it is ready."""
    page.evaluate("() => { window.grundyEngine.start(); return window.grundyEngine.ready(); }")


def first_visit(context, url) -> dict:
    """Open url in `context` (fresh) and scroll to its game: paint and playable times."""
    page = context.new_page()
    page.goto(url, wait_until="commit")
    _scroll_to_game(page)
    page.wait_for_function(PLAYABLE, timeout=LOAD_MS)
    now = page.evaluate("() => performance.now()")
    fcp = page.evaluate("() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime")
    return {"page": page, "fcp": fcp, "playable": now, **boot_steps(page)}


def boot_steps(page) -> dict:
    """The page's load events and the engine's boot steps, in ms since navigation start:
    {"dom", "load", "engine": {step: ms}} (steps from the worker: grundy-worker.js)."""
    return page.evaluate("""() => {
        const nav = performance.getEntriesByType('navigation')[0];
        const boot = window.grundyEngine.boot || {started: NaN, times: {}, downloads: {}};
        const at = (ms) => Math.round(boot.started + ms);
        const engine = {'worker start': Math.round(boot.started)};
        for (const [name, ms] of Object.entries(boot.downloads)) engine[name + ' downloaded'] = at(ms);
        for (const [name, ms] of Object.entries(boot.times)) engine[name] = at(ms);
        return {dom: Math.round(nav.domContentLoadedEventEnd), load: Math.round(nav.loadEventEnd), engine};
    }""")


def follow_next(page, games_only=True, scroll=True) -> dict:
    """Click the footer's "next" link (again while that page has no game), scroll to the
    game (unless scroll is False), and wait until it is playable: the times from the last click (its event's own
    timestamp) to the new page's title and to the playable game (both seen in the page by a
    MutationObserver, so Playwright's round trips are not counted), the time from the end of
    the scroll to the playable game (0 if it was ready before), and whether the page was
    swapped in place."""
    page.evaluate(f"""() => {{ window.__sameDocument = true;  // when the title changes, a game is playable
        new MutationObserver(() => {{
          if (window.__clickAt === undefined) return;
          const h1 = document.querySelector('.md-content h1');
          if (window.__shownAt === undefined && h1 && h1.textContent !== window.__title)
            window.__shownAt = performance.now();
          if (window.__playableAt === undefined && window.__shownAt !== undefined && ({PLAYABLE})())
            window.__playableAt = performance.now(); }})
          .observe(document.body, {{subtree: true, childList: true, attributes: true}}); }}""")
    while True:
        page.evaluate("""() => { window.__title = document.querySelector('.md-content h1').textContent;
            window.__clickAt = window.__shownAt = window.__playableAt = undefined;
            document.addEventListener('click', e => { window.__clickAt = e.timeStamp; },
                                      {capture: true, once: true}); }""")
        page.locator("a.md-footer__link--next").click()
        page.wait_for_function("() => window.__shownAt !== undefined", timeout=LOAD_MS)
        swapped = page.evaluate("() => window.__shownAt - window.__clickAt")
        if not games_only or page.locator(PLAY).count():
            break
    if scroll:
        _scroll_to_game(page)
    scrolled = page.evaluate("() => performance.now() - window.__clickAt")
    page.wait_for_function("() => window.__playableAt !== undefined", timeout=LOAD_MS)
    ms = page.evaluate("() => window.__playableAt - window.__clickAt")
    same = page.evaluate("() => window.__sameDocument === true")
    return {"url": page.url, "swapped": swapped, "playable": ms, "after_scroll": max(0, ms - scrolled),
            "instant": same}


def save_for_offline(page):
    """Save the site for offline use as a reader does (the footer's button, unless it is
    being saved already) and wait until the service worker holds it and controls the page."""
    page.wait_for_function("() => ['offered', 'saving', 'saved', 'failed'].includes(document.documentElement.dataset.offline)",
                           timeout=LOAD_MS)
    page.evaluate("""() => { if (['offered', 'failed'].includes(document.documentElement.dataset.offline))
        document.querySelector('.app-offline__button').click(); }""")
    page.wait_for_function("() => document.documentElement.dataset.offline === 'saved' && navigator.serviceWorker.controller",
                           timeout=LOAD_MS)


def offline_copy(page, site_url) -> list[str]:
    """The files in the page's caches: their paths under site_url (without a revision)."""
    urls = page.evaluate("""async () => {
        const urls = [];
        for (const name of await caches.keys())
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url.replace(/[?].*/, ''));
        return urls;
    }""")
    return [url.removeprefix(site_url) for url in urls]


def offline_visit(context, url) -> dict:
    """With the network off, open url in a new tab of `context` and play: the time."""
    context.set_offline(True)
    try:
        page = context.new_page()
        start = time.perf_counter()
        page.goto(url, wait_until="commit")
        _scroll_to_game(page)
        page.wait_for_function(PLAYABLE, timeout=LOAD_MS)
        ms = (time.perf_counter() - start) * 1000
        return {"page": page, "playable": ms, "online": page.evaluate("() => navigator.onLine")}
    finally:
        context.set_offline(False)


def table_rates(page, cases) -> list[dict]:
    """Time engine requests in the page's worker: [{request, positions, ms, error}]."""
    return page.evaluate("""async (cases) => {
        const out = [];
        for (const request of cases) {
          const t0 = performance.now();
          const r = await window.grundyEngine.request(request);
          const positions = r.rows ? r.rows.length : (r.points ? r.points.length : null);
          out.push({request, positions, ms: Math.round(performance.now() - t0), error: r.error || ""});
        }
        return out;
    }""", cases)
