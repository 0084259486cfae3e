"""Every field of the play, nim-sum and P-position widgets, given empty, 0, negative, letters,
huge, decimal and full-width input: a clear message beside the field in the page's language
(never only the browser's tooltip), stale results cleared, full-width digits accepted."""

from __future__ import annotations

import re

import pytest

from widgetkit import STEP_MS, wait_turn

HUGE = "1" + "0" * 30
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
TURN = "el.dataset.turn === 'you'"         # the play widget started the game asked for
TOTAL = "el.dataset.total !== undefined"   # the nim-sum widget showed a sum
# what a message must say, per language and kind of bad input
SAYS = {
    "en": {"empty": "give a value", "whole": "whole number", "least1": "at least 1", "huge": "too large",
           "start": "whole numbers separated by spaces", "count": "Give 3 numbers", "minus": "no minus sign",
           "heaps": "heap sizes", "max": "between 4 and 128", "coord": "at most 100",
           "many": "At most", "heapcap": "between 0 and", "expr": "is not a valid expression in t"},
    "ja": {"empty": "値を入れてください", "whole": "整数", "least1": "1 以上", "huge": "大きすぎます",
           "start": "空白で区切った整数", "count": "3 個の数", "minus": "マイナスは使えません",
           "heaps": "山の大きさ", "max": "4 以上 128 以下", "coord": "100 以下",
           "many": "まで", "heapcap": "0 以上", "expr": "は t の式として正しくありません"},
}


def field_error(root, input_class):
    return root.locator(f".gw-field:has(.{input_class}) .gw-field-error")


def submit_and_read(page, root, input_class, value, button, accepted="false"):
    """Type `value` into the field, submit, and return the message beside it ("" if none
    came in 4 s, or if the widget showed first that it took the input: `accepted`, a
    condition on the widget `el`, its turn and total cleared before the submit)."""
    root.evaluate("el => { delete el.dataset.turn; delete el.dataset.total;"
                  " el.querySelectorAll('.gw-field-error').forEach(b => { b.hidden = true; b.textContent = ''; }); }")
    root.locator(f".{input_class}").first.fill(value)
    root.locator(button).click()
    try:
        page.wait_for_function("([el, cls]) => { const b = el.querySelector(`.gw-field:has(.${cls}) .gw-field-error`);"
                               f" return (b && !b.hidden && b.textContent) || ({accepted}); }}",
                               arg=[root.element_handle(), input_class], timeout=4000)
    except Exception:
        return ""
    return field_error(root, input_class).inner_text()


def check(lang, said, expected):
    assert SAYS[lang][expected] in said, (expected, said)
    assert "got ''" not in said and "//" not in said and "<=" not in said
    if lang == "ja":
        assert JAPANESE.search(said), said


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_play_fields(booted, lang):
    """k, p, f and the start of the play widget."""
    w, root = booted("play", lang)
    page = w.page
    wait_turn(page, root)
    root.locator(".gw-game").select_option("chocolate")
    root.locator(".gw-start").fill("10 5 5")
    for value, expected in [("", "empty"), ("0", "least1"), ("-3", "least1"), ("abc", "whole"),
                            (HUGE, "huge"), ("1.5", "whole")]:
        check(lang, submit_and_read(page, root, "gw-k", value, ".gw-new"), expected)
    assert submit_and_read(page, root, "gw-k", "３", ".gw-new", TURN) == ""  # full-width: read as 3
    page.wait_for_function("el => el.dataset.pos === '10,5,5' && el.dataset.turn === 'you'",
                           arg=root.element_handle(), timeout=STEP_MS)
    for value, expected in [("", "empty"), ("0", "count"), ("-1 2 3", "minus"), ("a b c", "start"),
                            (f"{HUGE} 1 1", "huge"), ("1.5 2 3", "start"), ("200 1 1", "coord")]:
        check(lang, submit_and_read(page, root, "gw-start", value, ".gw-new"), expected)
    assert submit_and_read(page, root, "gw-start", "９　４　３", ".gw-new", TURN) == ""  # full-width digits and spaces
    page.wait_for_function("el => el.dataset.pos === '9,4,3'", arg=root.element_handle(), timeout=STEP_MS)
    root.locator(".gw-game").select_option("nim")
    check(lang, submit_and_read(page, root, "gw-start", " ".join(["1"] * 300), ".gw-new"), "many")
    root.locator(".gw-game").select_option("ryuoh")
    root.locator(".gw-start").fill("7 5")
    for value, expected in [("", "empty"), ("0", "least1"), ("x", "whole")]:
        check(lang, submit_and_read(page, root, "gw-p", value, ".gw-new"), expected)
    root.locator(".gw-game").select_option("step")
    root.locator(".gw-start").fill("4 9")
    check(lang, submit_and_read(page, root, "gw-f", "", ".gw-new"), "empty")
    said = submit_and_read(page, root, "gw-f", "t//", ".gw-new")  # the engine's message: the expression quoted
    assert SAYS[lang]["expr"] in said and "t//" in said and "\n" not in said, said
    w.screenshot(f"fields-play-{lang}", root.locator("form.gw-controls:not(.gw-typed)"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_nimsum_field(booted, lang):
    """The heaps: every bad input clears the previous result and says why beside the field."""
    w, root = booted("nimsum", lang)
    page = w.page
    page.wait_for_function("el => el.dataset.total !== undefined", arg=root.element_handle(), timeout=90_000)
    # some refusals are the engine's: the reader asks for a sum first, and the engine loads
    root.locator(".gw-heaps").fill("1 2")
    page.wait_for_function("el => el.dataset.total === '3'", arg=root.element_handle(), timeout=90_000)
    for value, expected in [("", "heaps"), ("-3", "heaps"), ("abc", "heaps"), (HUGE, "huge"),
                            ("1.5 2", "heaps"), (" ".join(["1"] * 13), "many"), (str(2**31), "heapcap")]:
        said = submit_and_read(page, root, "gw-heaps", value, ".gw-show")
        check(lang, said, expected)
        assert root.get_attribute("data-total") is None and root.locator(".gw-nimsum-table").count() == 0
    assert submit_and_read(page, root, "gw-heaps", "0", ".gw-show", TOTAL) == ""
    page.wait_for_function("el => el.dataset.total === '0'", arg=root.element_handle(), timeout=STEP_MS)
    assert submit_and_read(page, root, "gw-heaps", "３ ５ ７", ".gw-show", TOTAL) == ""
    page.wait_for_function("el => el.dataset.total === '1'", arg=root.element_handle(), timeout=STEP_MS)
    w.screenshot(f"fields-nimsum-{lang}", root)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_pviewer_fields(booted, lang):
    """k and the largest coordinate of the P-position viewer."""
    w, root = booted("pviewer", lang)
    page = w.page
    page.wait_for_selector("grundy-pviewer canvas.gw-cloud", timeout=90_000)
    for cls, cases in [("gw-k", [("", "empty"), ("0", "least1"), ("-3", "least1"), ("abc", "whole"),
                                 (HUGE, "huge"), ("1.5", "whole")]),
                       ("gw-max", [("", "empty"), ("0", "max"), ("-3", "max"), ("abc", "whole"),
                                   (HUGE, "max"), ("1.5", "whole")])]:
        for value, expected in cases:
            check(lang, submit_and_read(page, root, cls, value, ".gw-show"), expected)
            assert root.locator("canvas.gw-cloud").count() == 0  # no stale picture
        root.locator(f".{cls}").fill("３" if cls == "gw-k" else "１６")
    root.locator(".gw-show").click()  # the engine loads (the first drawing was the build's)
    page.wait_for_selector("grundy-pviewer canvas.gw-cloud", timeout=90_000)
    assert root.locator(".gw-field-error:not([hidden])").count() == 0
    assert "P-position" in root.locator("canvas").get_attribute("aria-label") or lang == "ja"
