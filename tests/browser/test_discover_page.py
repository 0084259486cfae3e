"""The page "Discover it yourself" in Chromium: a guess and its first counterexample, a
search and its formula, Cancel, bad input beside its field, and Prove it (the site's own
proof from the build, a guess proved or refuted in the page, what the page cannot decide
and the command that can); on a desktop and a phone."""

from __future__ import annotations

from playwright.sync_api import TimeoutError as PlaywrightTimeout

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
    assert root.locator(".gw-guess").input_value() == ""  # the reader's guess, asked for
    assert root.locator(".gw-example-formula").inner_text() == "x + y == z"  # the example shown
    root.locator(".gw-guess").fill("x + y == z")
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


# -- Prove it -----------------------------------------------------------------------------

def at(pos) -> str:
    return "{" + ", ".join(map(str, pos)) + "}"


def prove_and_wait(root, button=".gw-prove"):
    """Press a Prove button; the verdict that comes is the only one on screen."""
    root.locator(button).click()
    verdict = root.locator(".gw-proof .gw-verdict")
    try:
        verdict.wait_for(timeout=LOAD_MS)
    except PlaywrightTimeout:
        raise AssertionError(f"no verdict; the widget shows: {root.inner_text()}") from None
    assert verdict.count() == 1
    return verdict


def test_the_sites_own_proof_then_a_guess_proved_in_the_page(booted):
    w, root = booted("discover", path="discover/")
    ready(w, root)
    k3 = grundy.game("chocolate", k=3)
    assert root.locator(".gw-proof").get_attribute("aria-live") == "polite"  # announced
    # the page's example: proved wrong when the site was built (its answer is in the page)
    root.locator(".gw-guess").fill("x + y == z")
    verdict = prove_and_wait(root)
    first = check(k3, "x + y == z", max=8, target="P").first_counterexample
    assert "Refuted" in verdict.inner_text() and at(first) in verdict.inner_text()
    assert "when the site was built" in root.locator(".gw-proof-how").inner_text()
    assert "by induction on the positions" in root.locator(".gw-statement").inner_text()
    # another formula: the old verdict goes at once, the new one is decided in the page
    root.locator(".gw-guess").fill("x ^ y ^ z == 0")
    assert root.locator(".gw-proof > *").count() == 0
    verdict = prove_and_wait(root)
    assert verdict.inner_text() == "Proved for every position: x ^ y ^ z == 0."
    assert root.locator(".gw-proof-how").inner_text().startswith("Method: the engine's automata, ")
    assert root.locator(".gw-proof-how").inner_text().endswith(" s, in this page.")
    w.screenshot("discover-proved-en", root)


def test_prove_the_formula_found(booted):
    w, root = booted("discover", path="discover/")
    ready(w, root)
    root.locator(".gw-game").select_option("nim")
    root.locator(".gw-target").select_option("grundy")
    root.locator(".gw-max").fill("5")
    root.locator(".gw-search").click()
    root.locator(".gw-prove-found").wait_for(timeout=LOAD_MS)
    formula = root.locator(".gw-discover-out .gw-formula").inner_text()
    verdict = prove_and_wait(root, ".gw-prove-found")
    assert root.locator(".gw-guess").input_value() == formula  # what was proved, in the field
    assert verdict.inner_text() == f"Proved for every position: {formula}."


def test_what_the_page_cannot_decide_gives_the_command(booted):
    w, root = booted("discover", path="discover/")
    ready(w, root)
    root.locator(".gw-game").select_option("step")
    root.locator(".gw-f").fill("t*t//8")  # f multiplies t by itself: outside the prover's language
    root.locator(".gw-target").select_option("grundy")
    root.locator(".gw-guess").fill("y ^ z")
    verdict = prove_and_wait(root)
    assert verdict.inner_text().startswith("Not decided in this page: y ^ z.")
    command = root.locator(".gw-proof-command code").inner_text()
    assert command == 'grundy prove step --f "t*t//8" --target grundy --formula "y ^ z"'
    root.locator(".gw-game").select_option("chocolate")  # another game: the verdict goes
    assert root.locator(".gw-proof > *").count() == 0


def test_prove_on_a_phone_in_japanese(booted):
    w, root = booted("discover", "ja", phone=True, path="ja/discover/")
    ready(w, root)
    root.locator(".gw-k").fill("5")
    root.locator(".gw-guess").fill("x ^ y ^ z == 0")
    verdict = prove_and_wait(root)
    assert verdict.inner_text() == "反証しました: x ^ y ^ z == 0 は {2, 1, 3} で成り立ちません (最初の反例)。"
    assert "局面についての帰納法" in root.locator(".gw-statement").inner_text()
    assert "(このページで)" in root.locator(".gw-proof-how").inner_text()
    width = w.page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width
    w.screenshot("discover-refuted-phone-ja", root)
    root.locator(".gw-game").select_option("step")
    root.locator(".gw-f").fill("t*t//8")
    root.locator(".gw-target").select_option("grundy")
    root.locator(".gw-guess").fill("y ^ z")
    verdict = prove_and_wait(root)
    assert verdict.inner_text().startswith("このページでは判定できませんでした: y ^ z。")
    width = w.page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], width  # the long command wraps
    w.screenshot("discover-undecided-phone-ja", root)
