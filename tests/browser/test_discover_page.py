"""The page "Discover it yourself" in Chromium: a guess and its first counterexample, a
search and its formula, Cancel, bad input beside its field; on a desktop and a phone."""

from __future__ import annotations

import grundy
from grundy.discovery import check, discover

from widgetkit import LOAD_MS, STEP_MS

# The controls are built (from the build-time catalogue: the engine loads with the
# reader's first Test or Search, so each test's first one waits up to LOAD_MS).
READY = "el => el.querySelector('.gw-guess') && !el.querySelector('.gw-busy:not([hidden])')"


def ready(w, root):
    w.page.wait_for_function(READY, arg=root.element_handle(), timeout=LOAD_MS)


def test_guess_then_search(booted):
    w, root = booted("discover", path="discover/")
    ready(w, root)
    k3 = grundy.game("chocolate", k=3)
    assert root.locator(".gw-guess").input_value() == "x + y == z"
    root.locator(".gw-test").click()
    result = root.locator(".gw-guess-result")
    result.filter(has_text="First counterexample").wait_for(timeout=LOAD_MS)
    expected = check(k3, "x + y == z", max=8, target="P")
    at = "{" + ", ".join(map(str, expected.first_counterexample)) + "}"
    assert at in result.inner_text() and f"It holds up to {expected.holds_to}." in result.inner_text()
    root.locator(".gw-search").click()
    root.locator(".gw-formula").wait_for(timeout=STEP_MS)
    found = discover(k3, max=8, target="P")
    assert root.locator(".gw-formula").inner_text() == found.formula
    assert "[M2012] Theorem 2.1" in root.locator(".gw-discover-theorem").inner_text()
    assert root.locator(".gw-near tbody tr").count() == len(found.near_misses)
    w.screenshot("discover-desktop-en", root)


def test_bad_input_beside_its_field(booted):
    w, root = booted("discover", path="discover/")
    ready(w, root)
    root.locator(".gw-guess").fill("x ** 2")
    root.locator(".gw-test").click()
    error = root.locator(".gw-guess-form .gw-field-error")
    error.wait_for(state="visible", timeout=LOAD_MS)
    assert "x ** 2" in error.inner_text()
    root.locator(".gw-max").fill("abc")
    root.locator(".gw-search").click()
    assert root.locator(".gw-max").get_attribute("aria-invalid") == "true"
    assert "between 1 and 24" in root.locator(".gw-field:has(.gw-max) .gw-field-error").inner_text()


def test_cancel_a_long_search(booted):
    w, root = booted("discover", path="discover/")
    ready(w, root)
    root.locator(".gw-game").select_option("wythoff")
    root.locator(".gw-max").fill("24")
    root.locator(".gw-search").click()
    root.locator(".gw-busy .gw-cancel").wait_for(state="visible", timeout=LOAD_MS)
    w.screenshot("discover-busy-en", root)
    root.locator(".gw-busy .gw-cancel").click()
    root.locator(".gw-message", has_text="Cancelled.").wait_for(timeout=STEP_MS)
    root.locator(".gw-game").select_option("nim")  # the engine restarts; the widget still works
    root.locator(".gw-max").fill("6")
    root.locator(".gw-guess").fill("h1 ^ h2 ^ h3 == 0")
    root.locator(".gw-test").click()
    root.locator(".gw-guess-result", has_text="holds at all").wait_for(timeout=LOAD_MS)


def test_phone_japanese(booted):
    w, root = booted("discover", "ja", phone=True, path="ja/discover/")
    ready(w, root)
    root.locator(".gw-guess").fill("x ^ y ^ z == 0")
    root.locator(".gw-k").fill("5")
    root.locator(".gw-test").click()
    result = root.locator(".gw-guess-result")
    result.filter(has_text="最初の反例").wait_for(timeout=LOAD_MS)
    assert "{2, 1, 3}" in result.inner_text()
    root.locator(".gw-k").fill("3")
    root.locator(".gw-guess").fill("ｘ＾ｙ＾ｚ＝＝０")  # typed with a Japanese input method
    root.locator(".gw-test").click()
    result.filter(has_text="すべてで成り立ちます").wait_for(timeout=STEP_MS)
    root.locator(".gw-search").click()
    root.locator(".gw-formula").wait_for(timeout=STEP_MS)
    answer = root.locator(".gw-discover-out .gw-discover-result").text_content()
    assert "。 " not in answer and "。座標" in answer, answer
    width = w.page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
    box = root.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    w.screenshot("discover-phone-ja", root)


def test_search_times_printed(booted):
    """Print how long the browser's engine takes (never asserted): a search that finds its
    formula at once, and one that spends the whole budget of the browser's formula search."""
    w, root = booted("discover", path="discover/")
    ready(w, root)
    for request in ({"op": "discover", "game": "chocolate", "params": {"k": 3}, "max": 8, "target": "P"},
                    {"op": "discover", "game": "wythoff", "max": 16, "target": "P"}):
        answer = w.page.evaluate("r => window.grundyEngine.request(r)", request)
        assert "error" not in answer, answer
        print(f"\nTIMING discover {request['game']} max {request['max']}: {answer['ms']} ms, "
              f"found {answer['formula']}")
