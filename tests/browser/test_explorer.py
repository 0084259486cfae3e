"""The Grundy table explorer (<grundy-table>) in Chromium, with a mouse and on a phone:
theorems are claimed only where their condition holds, the cells where the formula fails
are marked (checked against the engine), the lessons' orientation, the heatmap's colour
key, messages beside the size field, and the largest table drawn (its longest task printed)."""

from __future__ import annotations

import json
import re

import pytest

import grundy

from widgetkit import LOAD_MS, engine_answered

LARGEST = 199  # the explorer's MAX_SIZE: wythoff and ryuoh tables of 200 x 200 positions

# (phone, lang, colour scheme): a mouse on 1280 x 900, a phone (touch, 390 x 844)
SETUPS = [(False, "en", "light"), (True, "ja", "dark"), (True, "en", "light"), (False, "ja", "dark")]
SETUP_IDS = ["mouse-en-light", "phone-ja-dark", "phone-en-light", "mouse-ja-dark"]


def open_explorer(booted, lang="en", scheme="light", phone=False):
    """A fresh page on the first explorer, once it has drawn its first table (the engine's
    Retry pressed once if loading it timed out on a loaded machine)."""
    w, root = booted("table", lang, scheme, phone)
    ready = "el => el.dataset.drawn || el.dataset.engine === 'failed'"
    w.page.wait_for_function(ready, arg=root.element_handle(), timeout=LOAD_MS)
    if root.get_attribute("data-engine") == "failed":
        root.locator(".gw-retry").click()
        w.page.wait_for_function("el => el.dataset.drawn", arg=root.element_handle(), timeout=LOAD_MS)
    return w, root


def show(page, root, game, params=None, size=None, view="table", compare="formula", phone=False):
    """Choose a table in the controls, press Show and wait until it is drawn."""
    root.locator(".gw-game").select_option(game)
    for name, value in (params or {}).items():
        root.locator(f".gw-params .gw-{name}").fill(str(value))
    if size is not None:
        root.locator(".gw-max").fill(str(size))
    root.locator(".gw-view").select_option(view)
    root.locator(".gw-compare").select_option(compare)
    # the summary is written when the answer arrives, `drawn` once it is drawn
    root.evaluate("el => { el.querySelector('.gw-summary').textContent = ''; delete el.dataset.drawn; }")
    button = root.locator(".gw-show")
    button.tap() if phone else button.click()
    page.wait_for_function("el => el.dataset.drawn && el.querySelector('.gw-summary').textContent",
                           arg=root.element_handle(), timeout=LOAD_MS)


def marked_cells(root):
    """[(row label, column label)] of the cells marked in the drawn table."""
    return [tuple(map(int, cell)) for cell in root.evaluate("""el => {
        const heads = [...el.querySelectorAll('.gw-grid thead th')].map(th => th.textContent);
        return [...el.querySelectorAll('.gw-grid td.gw-mismatch')].map(td =>
            [td.parentElement.querySelector('th').textContent, heads[td.cellIndex]]); }""")]


def grid_text(table):
    """The rows of an HTML table (header row first) as lists of cell texts."""
    return table.evaluate("t => [...t.rows].map(r => [...r.cells].map(c => c.textContent.trim()))")


@pytest.mark.parametrize("phone,lang,scheme", SETUPS[:3], ids=SETUP_IDS[:3])
def test_step_condition_and_marks(booted, phone, lang, scheme):
    """f = t//3 fails the condition at t = 3 and exactly the cells where G ≠ y ⊕ z are
    marked; f = t//2 satisfies it and nothing is marked."""
    w, root = open_explorer(booted, lang, scheme, phone)
    page = w.page
    show(page, root, "step", {"f": "t//3"}, 12, phone=phone)
    g = grundy.game("step", f="t//3")
    wrong = sorted((y, z) for (y, z), v in g.table(12).items() if v != y ^ z)
    assert root.get_attribute("data-condition") == "fails"
    assert root.get_attribute("data-first-failure") == "3"
    assert sorted(marked_cells(root)) == wrong  # rows y, columns z
    assert root.get_attribute("data-marked") == str(len(wrong))
    summary = root.locator(".gw-summary").inner_text()
    assert "⌊t/3⌋" in summary and "t = 3" in summary and "y ⊕ z" in summary
    assert ("満たしません" in summary) if lang == "ja" else ("does not satisfy the condition" in summary)
    assert f"{len(wrong)}" in summary and "//" not in summary and "^" not in summary
    condition = root.locator(".gw-condition").inner_text()
    assert "⌊z/2ⁱ⌋ = ⌊z′/2ⁱ⌋ ⇒ ⌊f(z)/2ⁱ⁻¹⌋ = ⌊f(z′)/2ⁱ⁻¹⌋" in condition
    w.screenshot(f"explorer-step-t3-{'phone' if phone else 'mouse'}-{lang}-{scheme}", root)
    show(page, root, "step", {"f": "t//2"}, 12, phone=phone)
    assert root.get_attribute("data-condition") == "holds"
    assert root.locator(".gw-grid td.gw-mismatch").count() == 0
    assert root.get_attribute("data-marked") == "0"
    summary = root.locator(".gw-summary").inner_text()
    assert ("満たします" in summary) if lang == "ja" else ("satisfies the condition" in summary)


@pytest.mark.parametrize("phone,lang,scheme", [SETUPS[0], SETUPS[1]], ids=SETUP_IDS[:2])
def test_triangular_k3_and_k2(booted, phone, lang, scheme):
    """k = 3: Theorem 2.1 holds, nothing marked; k = 2: it does not apply, and the cells
    where "P-position ⇔ x ⊕ y ⊕ z = 0" fails are marked."""
    w, root = open_explorer(booted, lang, scheme, phone)
    page = w.page
    for k in (3, 2):
        show(page, root, "chocolate", {"k": k}, 10, phone=phone)
        y = int(root.locator(".gw-slice").first.input_value())
        table = grundy.game("chocolate", k=k).table(10)
        wrong = sorted((z, x) for (x, b, z), v in table.items()
                       if b == y and (v == 0) != (x ^ b ^ z == 0))
        assert root.locator(".gw-grid th.gw-corner").inner_text() == "z \\ x"
        assert sorted(marked_cells(root)) == wrong
        assert root.get_attribute("data-condition") == ("holds" if k == 3 else "fails")
        assert (k == 3) == (wrong == [])
        summary = root.locator(".gw-summary").inner_text()
        assert summary.startswith(f"k = {k} ") and "x ⊕ y ⊕ z" in summary
    w.screenshot(f"explorer-chocolate-k2-{'phone' if phone else 'mouse'}-{lang}", root)


def step_lesson(widget_site, widget_server, lang):
    """The address of the step chocolate lesson with its explorer (the built site only)."""
    for html in sorted(widget_site.rglob("step-chocolate/index.html")):
        rel = html.relative_to(widget_site).as_posix()
        if rel.startswith("ja/") == (lang == "ja") and "<grundy-table" in html.read_text(encoding="utf-8"):
            return widget_server + rel.removesuffix("index.html")
    raise AssertionError(f"no step chocolate lesson with an explorer in {lang}")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_orientation_matches_the_lesson(watched, widget_site, widget_server, lang):
    """The explorer on the step lesson draws f = t//3 as the lesson's static table does:
    the same corner, rows, columns, values and marked cells."""
    w = watched()
    page = w.page
    page.goto(step_lesson(widget_site, widget_server, lang))
    static = page.locator(".grundy-table:has(a[href*='step-ft__3-max15']) table").first
    root = page.locator("grundy-table").first
    root.scroll_into_view_if_needed()
    page.wait_for_function("el => el.dataset.drawn", arg=root.element_handle(), timeout=LOAD_MS)
    show(page, root, "step", {"f": "t//3"}, 15)
    explorer = grid_text(root.locator(".gw-grid"))
    lesson = grid_text(static)
    assert explorer[0] == lesson[0] and explorer[0][0] == "y \\ z"
    assert [[cell.split("≠")[0] for cell in row] for row in explorer] == lesson
    static_marks = static.evaluate("""t => [...t.querySelectorAll('td.gt-miss')].map(td =>
        [td.parentElement.cells[0].textContent, t.rows[0].cells[td.cellIndex].textContent])""")
    assert sorted(marked_cells(root)) == sorted(tuple(map(int, c)) for c in static_marks)


def contrast(page, element):
    """The contrast ratio of an element's text against the widget's background."""
    return element.evaluate("""el => {
        const rgb = s => s.match(/[\\d.]+/g).slice(0, 3).map(Number);
        const lum = ([r, g, b]) => { const f = c => { c /= 255; return c <= 0.03928 ? c / 12.92
            : ((c + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
        const a = lum(rgb(getComputedStyle(el).color));
        const b = lum(rgb(getComputedStyle(el.closest('grundy-table')).backgroundColor));
        return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05); }""")


# The smallest contrast ratio between the key's P swatch and the colours of its scale.
P_AGAINST_SCALE = """key => { const c = document.createElement('canvas').getContext('2d');
    const rgb = (css) => { c.fillStyle = css; c.fillRect(0, 0, 1, 1); return [...c.getImageData(0, 0, 1, 1).data]; };
    const lum = ([r, g, b]) => { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92
        : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
    const p = lum(rgb(getComputedStyle(key.querySelector('.gw-swatch.gw-p-strong')).backgroundColor));
    const stops = key.querySelector('.gw-key-bar').style.background.match(/(hsl|rgb)a?\\([^)]*\\)/g);
    return Math.min(...stops.map((s) => { const q = lum(rgb(s));
        return (Math.max(p, q) + 0.05) / (Math.min(p, q) + 0.05); })); }"""


@pytest.mark.parametrize("phone,lang,scheme", SETUPS, ids=SETUP_IDS)
def test_heatmap_has_a_colour_key(booted, phone, lang, scheme):
    """The heatmap's key: P-positions, a gradient from 1 to the largest value, the marks;
    legible in both colour schemes; screenshots of both views."""
    w, root = open_explorer(booted, lang, scheme, phone)
    page = w.page
    show(page, root, "ryuoh", {"p": 3}, 30, phone=phone)
    w.screenshot(f"explorer-table-{'phone' if phone else 'mouse'}-{lang}-{scheme}", root)
    show(page, root, "ryuoh", {"p": 3}, 30, view="heatmap", phone=phone)
    top = max(v for (x, y), v in grundy.game("ryuoh", p=3).table(30).items())
    key = root.locator(".gw-key")
    assert key.locator(".gw-key-bar").count() == 1
    assert key.locator(".gw-key-end").all_inner_texts() == ["1", str(top)]
    assert key.locator(".gw-swatch.gw-p-strong").count() == 1
    assert "linear-gradient" in key.locator(".gw-key-bar").get_attribute("style")
    assert contrast(page, key) >= 4.5
    assert key.evaluate(P_AGAINST_SCALE) >= 3, "P-positions look like a value of the scale"
    box, canvas = key.bounding_box(), root.locator("canvas.gw-heatmap").bounding_box()
    assert box["width"] <= page.viewport_size["width"] and canvas["width"] <= page.viewport_size["width"]
    w.screenshot(f"explorer-heatmap-{'phone' if phone else 'mouse'}-{lang}-{scheme}", root)


@pytest.mark.parametrize("phone,lang", [(False, "en"), (True, "ja")], ids=["mouse-en", "phone-ja"])
def test_bad_sizes_and_plurals(booted, phone, lang):
    """A bad size: a message beside the field, the old table and summary cleared; a
    refused request clears them too; one P-position is counted in the singular."""
    w, root = open_explorer(booted, lang, phone=phone)
    page = w.page
    show(page, root, "wythoff", size=1, phone=phone)
    counts = root.locator(".gw-counts").inner_text()
    assert counts == ("4 positions, 1 P-position." if lang == "en" else "4 局面、そのうち P 局面 1 個。")
    for bad in ("", "0", "-3", "200", "1.5"):
        root.locator(".gw-max").fill(bad)
        button = root.locator(".gw-show")
        button.tap() if phone else button.click()
        error = root.locator(".gw-field:has(.gw-max) .gw-field-error")
        assert error.is_visible() and error.inner_text(), bad
        assert root.locator(".gw-grid, canvas.gw-heatmap").count() == 0
        assert root.locator(".gw-summary").inner_text() == root.locator(".gw-counts").inner_text() == ""
        assert "1 positions" not in root.inner_text()
        show(page, root, "wythoff", size=3, phone=phone)  # a good table again
    root.locator(".gw-game").select_option("chocolate")
    root.locator(".gw-max").fill(str(LARGEST))  # over the engine's cap for three coordinates
    root.locator(".gw-show").click()
    page.wait_for_function("el => el.querySelector('.gw-field-error:not([hidden]), .gw-message:not([hidden])')",
                           arg=root.element_handle(), timeout=LOAD_MS)
    assert root.locator(".gw-grid").count() == 0 and root.locator(".gw-summary").inner_text() == ""
    w.screenshot(f"explorer-bad-size-{'phone' if phone else 'mouse'}-{lang}", root)


def drawing_phase_tasks(w, root, view):
    """Draw the largest table; the long tasks (ms) of its drawing phase (from the task that
    receives the engine's answer until it is drawn, plus half a second), and the CPU time
    (ms) of the longest main-thread task of that phase, from Chromium's trace."""
    page = w.page
    page.evaluate("""el => { window.__long = []; window.__answer = null;
        new PerformanceObserver(list => { for (const e of list.getEntries())
            window.__long.push([e.startTime, e.duration]); }).observe({ type: 'longtask' });
        new MutationObserver(() => { window.__answer ??= performance.now(); })
            .observe(el.querySelector('.gw-summary'), { childList: true, characterData: true, subtree: true }); }""",
                  root.element_handle())
    browser = w.context.browser
    browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline"])
    try:
        show(page, root, "wythoff", size=LARGEST, view=view)
        page.wait_for_timeout(500)
    finally:
        trace = json.loads(browser.stop_tracing())
    answer = page.evaluate("window.__answer")
    long = [d for start, d in page.evaluate("window.__long") if start + d >= answer]
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    main = {(e["pid"], e["tid"]) for e in events
            if e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    cpu = [e.get("tdur", 0) / 1000 for e in events
           if e.get("name") == "RunTask" and e.get("ph") == "X" and (e["pid"], e["tid"]) in main]
    return long, max(cpu, default=0)


@pytest.mark.parametrize("view", ["table", "heatmap"])
def test_the_largest_table_is_drawn(booted, view, measurements):
    """200 x 200 positions are drawn, every one counted. The longest main-thread task of the
    drawing phase (the heatmap draws in chunks of about 12 ms, the table only its visible
    window) is a timing, so it is printed, not asserted (a task over 100 ms blocks input)."""
    w, root = open_explorer(booted)
    show(w.page, root, "wythoff", size=12)
    long, cpu = drawing_phase_tasks(w, root, view)
    assert root.get_attribute("data-total") == str((LARGEST + 1) ** 2)
    measurements.append(f"explorer {view} {LARGEST + 1} x {LARGEST + 1}: longest task of the drawing "
                        f"phase {max(long, default=0):.0f} ms (CPU of the longest main-thread task {cpu:.0f} ms)")


def test_a_newer_request_replaces_an_older_drawing(booted):
    """Show the largest heatmap, then at once a small table: only the small one stays."""
    w, root = open_explorer(booted)
    page = w.page
    show(page, root, "wythoff", size=12)
    root.locator(".gw-view").select_option("heatmap")
    root.locator(".gw-max").fill(str(LARGEST))
    root.locator(".gw-show").click()
    show(page, root, "ryuoh", {"p": 4}, 12)
    engine_answered(page)  # the older answer has come (a small table may be the build's: sooner)
    assert root.get_attribute("data-total") == "169"
    assert root.locator("canvas.gw-heatmap").count() == 0 and root.locator(".gw-grid td").count() == 169
    assert re.search(r"\b169\b", root.locator(".gw-counts").inner_text())
