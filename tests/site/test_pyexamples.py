"""The `pyexample` blocks (scripts/sitegen/examples.py): each shows its code, the output of
running it at build time, and an "Open in the Lab" link holding exactly that code."""

from __future__ import annotations

import re
import sys
from html import unescape
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from sitegen import examples  # noqa: E402

BLOCK = re.compile(r'<div class="pyexample" data-example="([^"]+)">(.*?)</a></p>\n</div>', re.S)


def pages_with_examples(site: Path):
    for html in sorted(site.rglob("index.html")):
        text = html.read_text(encoding="utf-8")
        if 'class="pyexample"' in text:
            yield html, text


def test_examples_link_to_the_lab_with_their_code(built_site):
    seen = 0
    for html, text in pages_with_examples(built_site):
        lang = "ja" if html.relative_to(built_site).parts[0] == "ja" else "en"
        for name, body in BLOCK.findall(text):
            href = unescape(re.search(r'class="md-button pyexample-lab" href="([^"]+)"', body)[1])
            target, _, code = href.partition("#code=")
            assert (html.parent / target / "index.html").resolve() == (
                built_site / ("ja" if lang == "ja" else "") / "lab" / "index.html").resolve()
            assert unquote(code) == examples.load(name).code(lang)
            assert 'class="pyexample-output"' in body
            seen += 1
    assert seen >= 36  # the lessons, the Lab, the API and the data page, in both languages


LESSONS = ["impartial-games", "chocolate-and-nim", "triangular-chocolate", "sierpinski",
           "other-inequalities", "step-chocolate", "wythoff", "ryuoh", "misere", "pass",
           "open-problems"]


@pytest.mark.parametrize("edition", ["", "ja"])
@pytest.mark.parametrize("lesson", LESSONS)
def test_every_lesson_has_examples_in_python(built_site, edition, lesson):
    """An "In Python" section: examples with their output computed at build time."""
    html = (built_site / edition / lesson / "index.html").read_text(encoding="utf-8")
    section = html[html.index('<h2 id="in-python"'):]
    heading = re.search(r"<h2[^>]*>(.*?)<", section)[1]
    assert heading == ("Python で確かめる" if edition else "In Python")
    blocks = BLOCK.findall(section)
    assert blocks and all('class="pyexample-output"' in body and "<pre><code>" in body
                          for _, body in blocks)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_language_comments(lang):
    code = examples.load("chocolate-k3").code(lang)
    assert ("定理" in code) == (lang == "ja") and ("Theorem" in code) == (lang == "en")
    assert "# title" not in code and "# en:" not in code and "# ja:" not in code


def test_a_failing_example_stops_the_build(tmp_path):
    with pytest.raises(ValueError, match=r"line 2: ZeroDivisionError"):
        examples.execute("x = 1\nprint(x / 0)\n", "en", tmp_path, "grundy pyexample bad")


def test_lab_links_are_relative_to_the_page():
    assert examples.lab_link("misere.md", "a b").startswith("../lab/#code=a%20b")
    assert examples.lab_link("index.ja.md", "x") == "lab/#code=x"
    assert examples.lab_link("lab.ja.md", "x") == "../lab/#code=x"


@pytest.mark.parametrize("edition", ["", "ja/"])
def test_the_sum_prompt_is_answered_by_the_engine(built_site, edition):
    """The "Play a sum" prompt (which component holds the winning move?) has its answer
    under the widget: the example's output names exactly the engine's winning moves."""
    import grundy

    parts = [grundy.game("chocolate", k=3), grundy.game("nim", heaps=1), grundy.game("wythoff")]
    game, start = grundy.SumGame(parts), (10, 5, 5, 6, 3, 5)
    wins = [game.split(m.to) for m in game.moves(start) if game.grundy(m.to) == 0]
    text = unescape(re.sub(r"<[^>]+>", "", (built_site / edition / "impartial-games" / "index.html")
                           .read_text(encoding="utf-8")))
    shown = re.findall(r"^winning move: (\[.*?\]) -", text, re.M)
    assert wins and shown == [str(w) for w in wins]
