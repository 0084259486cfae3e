"""The widgets in a real browser (Chromium): load, play, hints, bad inputs, a11y, timings.

Timings are printed (run with -s to see them), never asserted.
"""

from __future__ import annotations

import random
import re

import pytest

import grundy

from widgetkit import (AXE, LOAD_MS, STEP_MS, TEXT_CONTRASTS, grooves, message, new_game, new_game_with_error,
                       play_to_end, responsive, settled, wait_drawn, wait_message, wait_turn)


# ---------------------------------------------------------------- timings

def test_timings(watched, widget_urls):
    """Print: first paint, time to a playable widget (fresh profile), reply times."""
    w = watched(fresh=True)
    page = w.page
    page.goto(widget_urls[("play", "en")])
    root = page.locator("grundy-play").first
    root.scroll_into_view_if_needed()
    wait_turn(page, root)
    fcp = page.evaluate("() => (performance.getEntriesByName('first-contentful-paint')[0] || {}).startTime")
    dom = page.evaluate("() => performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
    playable = page.evaluate("() => performance.now()")
    load = page.evaluate("() => window.grundyEngine.loadMs")
    print(f"\nTIMING static content: first contentful paint {fcp:.0f} ms, DOMContentLoaded {dom:.0f} ms")
    print(f"TIMING playable widget (fresh profile): {playable:.0f} ms after navigation start "
          f"(engine load {load} ms)")
    cases = [("chocolate", {"k": 3}, [30, 20, 30]), ("chocolate", {"k": 1}, [30, 30, 30]),
             ("chocolate", {"k": 2}, [30, 30, 30]), ("chocolate", {"k": 5}, [30, 12, 30]),
             ("nim", {}, [30, 30, 30]), ("rect", {}, [30, 30, 30, 30]),
             ("step", {"f": "t//2"}, [15, 30]), ("step3", {"f": "t//2"}, [30, 15, 30]),
             ("wythoff", {}, [30, 30]), ("ryuoh", {"p": 3}, [30, 30]), ("ryuoh", {"p": 5}, [30, 29])]
    times = page.evaluate("""async (cases) => {
        const out = [];
        for (const [game, params, pos] of cases) {
          for (const pass of ["cold", "warm"]) {
            const t0 = performance.now();
            const r = await window.grundyEngine.request({op: "reply", game, params, pos, lang: "en"});
            out.push([game + JSON.stringify(params) + JSON.stringify(pos), pass,
                      Math.round(performance.now() - t0), r.ms, r.error || ""]);
          }
        }
        return out;
    }""", cases)
    for name, kind, total, inside, error in times:
        print(f"TIMING reply {name} {kind}: {total} ms round trip ({inside} ms in Python) {error}")
        assert not error, error
    print(f"TIMING reply max: {max(t[2] for t in times)} ms (cold and warm, coordinates <= 30)")


# ---------------------------------------------------------------- play

def test_full_game_english(booted):
    """A full game by keyboard against the computer; the winner is announced; log and undo."""
    w, root = booted("play")
    page = w.page
    wait_turn(page, root)
    w.screenshot("play-start-en", root)
    # One real click at the middle of the last groove plays that groove's move.
    to, points = grooves(root)[-1]
    x, y = points[len(points) // 2]
    page.mouse.move(x, y)
    assert root.locator(".gw-preview-text").inner_text().endswith("{" + to.replace(",", ", ") + "}")
    page.mouse.click(x, y)
    wait_turn(page, root, 1)
    assert root.locator(".gw-log li").first.inner_text().endswith("{" + to.replace(",", ", ") + "}")
    count = play_to_end(page, root, random.Random(1))
    status = root.locator(".gw-status").inner_text()
    winner = root.get_attribute("data-winner")
    assert winner in ("you", "computer")
    assert ("You win" in status) == (winner == "you")
    assert root.locator(".gw-status").get_attribute("aria-live") == "polite"
    assert root.locator(".gw-log li").count() == count
    w.screenshot("play-over-en", root)
    root.locator(".gw-undo").click()  # (the game over stays shown until the engine answers)
    page.wait_for_function("([el, n]) => el.dataset.turn === 'you' && Number(el.dataset.moves) < n",
                           arg=[root.element_handle(), count], timeout=STEP_MS)
    root.locator(".gw-restart").click()
    page.wait_for_function("el => el.dataset.moves === '0' && el.dataset.turn === 'you'",
                           arg=root.element_handle(), timeout=STEP_MS)


def n_positions():
    cases = [("chocolate", {"k": 3}, "10 5 5"), ("nim", {}, "3 5 7"), ("rect", {}, "4 2"),
             ("step", {"f": "t//2"}, "4 9"), ("step3", {"f": "t//2"}, "3 4 9"),
             ("wythoff", {}, "7 5"), ("ryuoh", {"p": 3}, "7 5"), ("chocolate", {"k": 2}, "6 3 4")]
    for game, params, start in cases:
        g = grundy.game(game, **params)
        assert g.outcome(tuple(map(int, start.split()))) == "N", (game, start)
    return cases


def test_computer_first_always_wins(booted):
    """From N-positions of every family, the computer moving first wins every game."""
    w, root = booted("play")
    page = w.page
    wait_turn(page, root)
    rng = random.Random(7)
    for game, params, start in n_positions():
        new_game(page, root, game, start, first="computer", params=params)
        play_to_end(page, root, rng)
        assert root.get_attribute("data-winner") == "computer", (game, start)
        assert "computer wins" in root.locator(".gw-status").inner_text().lower()
        if game in ("ryuoh", "step"):
            w.screenshot(f"play-computer-won-{game}", root)


def test_hints_equal_engine(booted):
    """Every hint (Grundy value, P/N) equals the engine's value computed here in CPython."""
    w, root = booted("play")
    page = w.page
    wait_turn(page, root)
    root.locator(".gw-hints").check()
    for game, params, start in [("chocolate", {"k": 3}, "10 5 5"), ("ryuoh", {"p": 3}, "9 7"),
                                ("step", {"f": "t//3"}, "3 11"), ("chocolate", {"k": 2}, "6 3 4")]:
        new_game(page, root, game, start, params=params)
        page.wait_for_selector(".gw-play .gw-hints-table tbody tr", timeout=STEP_MS)
        rows = root.locator(".gw-hints-table tbody tr").evaluate_all(
            "trs => trs.map(tr => [tr.dataset.to, tr.querySelector('.gw-hint-grundy').textContent,"
            " tr.className])")
        g = grundy.game(game, **params)
        pos = tuple(map(int, start.split()))
        assert sorted(r[0] for r in rows) == sorted(",".join(map(str, m.to)) for m in g.moves(pos))
        for to, value, cls in rows:
            target = tuple(map(int, to.split(",")))
            assert int(value) == g.grundy(target), (game, to)
            assert cls == ("gw-p" if g.grundy(target) == 0 else "gw-n")
        info = root.locator(".gw-info-line").inner_text()
        assert f"Grundy value {g.grundy(pos)}" in info
        if game == "chocolate" and params["k"] == 3:
            w.screenshot("play-hints-en", root)


def field_error(root, field):
    """The message beside the field whose input has the class `field`."""
    return root.locator(f".gw-field:has(.{field}) .gw-field-error").inner_text()


def test_bad_inputs_show_a_message(booted):
    """An illegal start, a broken f, garbage, an oversize position: one line beside the field
    at fault saying what is wrong, no freeze."""
    w, root = booted("play")
    page = w.page
    wait_turn(page, root)
    before = root.get_attribute("data-pos")
    for game, params, start, field, words in [
            ("chocolate", {"k": 3}, "10 9 5", "gw-start", "y = 9 is over its bound: y ≤ ⌊(x + z)/3⌋ = 5"),
            ("chocolate", {"k": 3}, "ten", "gw-start", "whole numbers separated by spaces"),
            ("step", {"f": "t//"}, "4 9", "gw-f", "f = 't//' is not a valid expression in t"),
            ("step", {"f": "__import__('os')"}, "1 2", "gw-f", "f may only call min, max, abs, ilog2"),
            ("nim", {}, "900 900 900", "gw-start", "every coordinate must be at most 100")]:
        new_game_with_error(page, root, game, start, params)
        text = message(root)
        assert words in field_error(root, field) and "\n" not in text.strip(), (game, start, text)
        responsive(page)
        assert root.get_attribute("data-pos") == before
    w.screenshot("play-error-en", root)
    # Cancelling a request terminates the worker; the next request works again.
    result = page.evaluate("""async () => {
        const e = window.grundyEngine;
        const slow = e.request({op: "table", game: "chocolate", params: {k: 1}, max: 30});
        e.cancel();
        let cancelled = false;
        try { await slow; } catch (err) { cancelled = true; }
        const again = await e.request({op: "nimsum", heaps: [1, 2]});
        return [cancelled, again.total];
    }""")
    assert result == [True, 3]


def test_bad_inputs_japanese(booted):
    """On a Japanese page the engine's messages are Japanese too."""
    w, root = booted("play", "ja")
    wait_turn(w.page, root)
    for game, params, start, field, words in [
            ("chocolate", {"k": 3}, "10 9 5", "gw-start", "y = 9 は上限を超えています"),
            ("step", {"f": "t//"}, "4 9", "gw-f", "f = 「t//」は t の式として正しくありません")]:
        new_game_with_error(w.page, root, game, start, params)
        text = message(root)
        assert words in field_error(root, field), text
        assert not re.findall(r"\b(?!t\b)[A-Za-z]{3,}", text), text


def test_japanese_full_game(booted):
    """A full game in Japanese: Japanese buttons, statuses and move texts only."""
    w, root = booted("play", "ja")
    page = w.page
    wait_turn(page, root)
    root.locator(".gw-hints").check()
    page.wait_for_selector(".gw-play .gw-hints-table tbody tr", timeout=STEP_MS)
    play_to_end(page, root, random.Random(3))
    status = root.locator(".gw-status").inner_text()
    assert "勝ち" in status
    text = root.inner_text()
    allowed = {"Python", "Tab", "Enter"}
    english = {word for word in re.findall(r"[A-Za-z]{3,}", text) if word not in allowed}
    assert not english, english
    assert all(re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", li)
               for li in root.locator(".gw-log li").all_inner_texts())
    w.screenshot("play-over-ja", root)


# ---------------------------------------------------------------- other widgets

def test_table_widget(booted):
    """The table shows the engine's values; P cells highlighted; heatmap; oversize refused."""
    w, root = booted("table")
    page = w.page
    root.locator(".gw-game").select_option("chocolate")
    root.locator(".gw-params .gw-k").fill("3")
    root.locator(".gw-max").fill("12")
    root.locator(".gw-show").click()
    page.wait_for_selector(".gw-table .gw-grid td", timeout=LOAD_MS)
    y = int(root.locator(".gw-slice").first.input_value())
    g = grundy.game("chocolate", k=3)
    table = g.table(12)
    expected = sum(1 for (a, b, c), v in table.items() if b == y and v == 0)
    assert root.locator(".gw-grid td.gw-p").count() == expected
    w.screenshot("table-en", root)
    root.locator(".gw-view").select_option("heatmap")
    assert root.locator("canvas.gw-heatmap").count() == 1
    w.screenshot("table-heatmap-en", root)
    root.locator(".gw-max").fill("199")
    root.locator(".gw-show").click()
    wait_message(page, root)
    assert message(root)
    assert root.locator(".gw-grid").count() == 0  # the stale table is gone
    responsive(page)
    root.locator(".gw-game").select_option("ryuoh")
    root.locator(".gw-params .gw-p").fill("4")
    root.locator(".gw-view").select_option("table")
    root.locator(".gw-max").fill("12")
    root.locator(".gw-show").click()
    page.wait_for_function("el => el.querySelectorAll('.gw-grid td').length === 169",
                           arg=root.element_handle(), timeout=STEP_MS)
    cells = root.locator(".gw-grid tbody tr").first.locator("td").all_inner_texts()
    r = grundy.game("ryuoh", p=4)
    assert [int(c) for c in cells] == [r.grundy((a, 0)) for a in range(13)]
    # k = 5 against the nim-sum: the cells where "P <=> x ^ y ^ z = 0" fails are marked.
    root.locator(".gw-game").select_option("chocolate")
    root.locator(".gw-params .gw-k").fill("5")
    root.locator(".gw-max").fill("14")
    root.locator(".gw-compare").select_option("xor")
    root.locator(".gw-show").click()
    page.wait_for_function("el => el.querySelectorAll('.gw-grid td').length === 225",
                           arg=root.element_handle(), timeout=STEP_MS)
    y = int(root.locator(".gw-slice").first.input_value())
    table = grundy.game("chocolate", k=5).table(14)
    wrong = [p for p, v in table.items() if p[1] == y and (v == 0) != (p[0] ^ p[1] ^ p[2] == 0)]
    assert root.locator(".gw-grid td.gw-mismatch").count() == len(wrong)
    w.screenshot("table-k5-xor-en", root)


def test_nimsum_widget(booted):
    w, root = booted("nimsum")
    page = w.page
    for heaps, total in [("3 5 6", 0), ("1 2", 3), ("7 12 9 30", 7 ^ 12 ^ 9 ^ 30)]:
        root.locator(".gw-heaps").fill(heaps)
        root.locator(".gw-show").click()
        page.wait_for_function("([el, t]) => el.dataset.total === String(t)",
                               arg=[root.element_handle(), total], timeout=LOAD_MS)
        assert root.locator(".gw-total-value").inner_text() == str(total)
    w.screenshot("nimsum-en", root)
    root.locator(".gw-heaps").fill("3 x 5")
    root.locator(".gw-show").click()
    wait_message(page, root)
    assert root.locator(".gw-total-value").count() == 0


def test_pviewer_widget(booted):
    w, root = booted("pviewer")
    page = w.page
    page.wait_for_selector(".gw-pviewer canvas.gw-cloud", timeout=LOAD_MS)
    label = root.locator("canvas.gw-cloud").get_attribute("aria-label")
    k, top = int(root.locator(".gw-k").input_value()), int(root.locator(".gw-max").input_value())
    n = len(list(grundy.game("chocolate", k=k).table(top).p_positions()))
    assert label.startswith(f"{n} P-positions")
    root.locator(".gw-quarter").click()
    assert "45°" in root.locator("canvas.gw-cloud").get_attribute("aria-label")
    painted = page.evaluate("""c => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i]) n++; return n; }""",
                            root.locator("canvas.gw-cloud").element_handle())
    assert painted > 1000
    w.screenshot("pviewer-45-en", root)


def test_japanese_widgets_have_no_english(booted):
    """Table, nim-sum and viewer on Japanese pages show Japanese strings only: as drawn, and
    after the reader has used them (the engine's answers, another view, a refused input)."""
    allowed = {"Python", "mod"}  # mod: the notation of the Ryuoh formula, in both languages

    def no_english(kind, when):
        english = {word for word in re.findall(r"[A-Za-z]{3,}", root.inner_text()) if word not in allowed}
        assert not english, (kind, when, english)

    for kind in ("table", "nimsum", "pviewer"):
        w, root = booted(kind, "ja")
        page = w.page
        wait_drawn(page, root)
        no_english(kind, "drawn")
        w.screenshot(f"{kind}-ja", root)
        if kind == "table":  # the engine's table, another view, a refused bound
            root.locator(".gw-max").fill("9")
            root.locator(".gw-show").click()
            page.wait_for_function("el => el.querySelector('.gw-grid')?.getAttribute('aria-rowcount') === '11'",
                                   arg=root.element_handle(), timeout=LOAD_MS)  # rows 0 to 9 and the head
            no_english(kind, "computed")
            root.locator(".gw-view").select_option("heatmap")
            no_english(kind, "heatmap")
            root.locator(".gw-max").fill("0")
            root.locator(".gw-show").click()
        elif kind == "nimsum":  # the engine's sum, then a bad input
            root.locator(".gw-heaps").fill("7 12 9")
            root.locator(".gw-show").click()
            page.wait_for_function("el => el.dataset.total === '2'", arg=root.element_handle(), timeout=LOAD_MS)
            no_english(kind, "computed")
            root.locator(".gw-heaps").fill("3 x 5")
            root.locator(".gw-show").click()
        else:  # turned, then a bad size
            root.locator(".gw-quarter").click()
            no_english(kind, "turned")
            root.locator(".gw-max").fill("0")
            root.locator(".gw-show").click()
        wait_message(page, root)
        no_english(kind, "refused")


# ---------------------------------------------------------------- look, accessibility, navigation

def test_dark_scheme_is_dark_and_readable(booted):
    """The play widget in the dark scheme, hints shown: its background is dark, and every text
    it shows (status, log, the hints' P and N rows, buttons, labels) keeps 4.5:1 on it."""
    w, root = booted("play", color_scheme="dark")
    wait_turn(w.page, root)
    root.locator(".gw-hints").check()
    w.page.wait_for_selector(".gw-play .gw-hints-table tbody tr.gw-p", timeout=STEP_MS)
    settled(w.page)
    w.screenshot("play-hints-dark", root)
    shown = root.evaluate(TEXT_CONTRASTS)
    assert shown["scheme"] == "slate" and shown["background"] < 0.05, shown["background"]
    assert {"gw-p", "gw-n"} <= {cls for _, cls, _ in shown["texts"]}  # both kinds of hint row measured
    low = [(text, cls, f"{ratio:.2f}:1") for text, cls, ratio in shown["texts"] if ratio < 4.5]
    assert not low, low


@pytest.mark.parametrize("kind", ["play", "table", "nimsum", "pviewer"])
def test_axe_no_serious_violations(booted, kind):
    w, root = booted(kind)
    page = w.page
    if kind == "play":
        page.wait_for_function("el => el.dataset.engine === 'ready'", arg=root.element_handle(), timeout=LOAD_MS)
    else:
        wait_drawn(page, root)
    settled(page)
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    result = page.evaluate("""async () => {
        const r = await axe.run({include: [['.grundy-widget']]}, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact, n: v.nodes.length,
                                      where: v.nodes.slice(0, 2).map(n => n.target.join(' '))}));
    }""")
    bad = [v for v in result if v["impact"] in ("serious", "critical")]
    print(f"\nAXE {kind}: {result}")
    assert not bad, bad


def test_instant_navigation_keeps_the_engine(watched, widget_urls):
    """Material's instant navigation is on (the site relies on it), and widgets on the next
    page start and reuse the worker."""
    w = watched()
    page = w.page
    page.goto(widget_urls[("play", "en")])
    assert page.evaluate("""() => { const c = document.querySelector('#__config');
        return !!c && JSON.parse(c.textContent).features.includes('navigation.instant'); }"""), \
        "instant navigation is off"
    root = page.locator("grundy-play").first
    root.scroll_into_view_if_needed()
    wait_turn(page, root)
    # the widget plays from its build-time answers; the engine loads when the reader asks
    page.evaluate("() => { window.grundyEngine.start(); return window.grundyEngine.ready(); }")
    worker = page.evaluate("() => { window.__marker = 1; return window.grundyEngine.loadMs; }")
    other = [widget_urls[(kind, "en")] for kind in ("nimsum", "table", "pviewer") if widget_urls[(kind, "en")] != page.url]
    path = re.sub(r"^https?://[^/]+", "", other[0])
    page.evaluate("p => { const a = document.createElement('a'); a.href = p; a.textContent = 'go';"
                  " document.querySelector('.md-content').append(a); }", path)
    page.locator(".md-content a", has_text="go").last.click()
    page.wait_for_function("() => document.querySelector('.grundy-widget[data-ready]')", timeout=STEP_MS)
    assert page.evaluate("() => window.__marker") == 1  # no full reload
    # the same engine, still loaded: no second boot (tests/perf/test_speed.py times the next
    # lesson's game becoming playable)
    assert page.evaluate("() => window.grundyEngine.status") == "ready"
    assert page.evaluate("() => window.grundyEngine.loadMs") == worker


def test_load_failure_shows_retry(watched, widget_urls):
    """A missing engine wheel: a clear message and a retry button that then works, making
    the reader's request again."""
    w = watched(fresh=True)  # (its own context's routes)
    page = w.page
    w.context.route("**/wheels/grundy.json", lambda route: route.fulfill(status=404, body="missing"))
    page.goto(widget_urls[("nimsum", "en")])
    root = page.locator("grundy-nimsum").first
    root.scroll_into_view_if_needed()
    wait_drawn(page, root)  # the build-time nim-sum: no engine yet
    root.locator(".gw-heaps").fill("1 2")  # the reader asks for another: the engine loads
    root.locator(".gw-show").click()
    page.wait_for_selector(".gw-nimsum .gw-retry", timeout=LOAD_MS)
    assert "could not be loaded" in root.locator(".gw-loader").inner_text()
    assert "404" in root.locator(".gw-loader").inner_text()
    w.screenshot("load-failed-en", root)
    responsive(page)
    w.context.unroute("**/wheels/grundy.json")
    root.locator(".gw-retry").click()
    page.wait_for_function("el => el.dataset.total === '3'", arg=root.element_handle(), timeout=LOAD_MS)
    w.errors.clear()  # the 404 itself is logged by the browser
