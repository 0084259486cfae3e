"""The API reference (docs/api.md, docs/api.ja.md) is generated from the engine's
docstrings by mkdocstrings, in both editions, and listed in the navigation; its docstring
examples run at build time (a failing one stops the build) and each opens in the Lab."""

from __future__ import annotations

import json
import re
import sys
from html import unescape
from pathlib import Path
from urllib.parse import unquote

import pytest

import grundy
from grundy import lab
from sitehtml import parse_page

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from sitegen import apiexamples  # noqa: E402

DOCUMENTED = ["grundy.game", "grundy.game_names", "grundy.find_game", "grundy.sum_of",
              "grundy.with_pass", "grundy.Game", "grundy.Game.grundy", "grundy.Game.outcome",
              "grundy.Game.winning_move", "grundy.Table", "grundy.SumGame", "grundy.verify",
              "grundy.cli"]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("edition", ["", "ja/"])
def test_api_page_documents_the_engine(built_site, edition):
    path = built_site / edition / "api" / "index.html"
    info = parse_page(path)
    missing = [name for name in DOCUMENTED if name not in info.ids]
    assert not missing
    text = " ".join(info.text_nodes)
    first_line = grundy.Game.__doc__.strip().split("\n")[0]
    assert first_line.split(":")[0] in text  # the docstring itself, not a stub
    assert info.lang == ("ja" if edition else "en")
    h1 = re.search(r"<h1[^>]*>(.*?)</h1>", path.read_text(encoding="utf-8"), re.S)[1]
    assert bool(JAPANESE.search(h1)) == bool(edition), h1


@pytest.mark.parametrize(("edition", "title"), [("", "API reference"), ("ja/", "API リファレンス")])
def test_api_page_is_in_the_navigation(built_site, edition, title):
    home = (built_site / edition / "index.html").read_text(encoding="utf-8")
    assert re.search(r'href="(\./|\.\./)?(ja/)?api/"[^>]*>\s*(<span[^>]*>)?\s*' + re.escape(title), home)


API_LINK = re.compile(r'<p class="api-lab"><a class="md-button pyexample-lab" href="([^"]+)"')


@pytest.mark.parametrize("edition", ["", "ja/"])
def test_every_example_opens_in_the_lab_and_runs(built_site, edition):
    """Each docstring example has an "Open in the Lab" link whose script runs in the Lab's
    runner (the one example of an error stops at its bad position, as on the page)."""
    html = (built_site / edition / "api" / "index.html").read_text(encoding="utf-8")
    blocks = apiexamples.BLOCK.findall(html)
    links = API_LINK.findall(html)
    assert len(blocks) >= 25 and len(links) == len(blocks)
    for href in links:
        target, _, code = unescape(href).partition("#code=")
        assert target == "../lab/"
        items = []
        result = json.loads(lab.run(unquote(code), lambda kind, text: items.append(text), "en"))
        assert result["status"] == "ok" or result["type"] == "PositionError", (unquote(code), result)
        assert "".join(items).strip()


def test_lab_code_prints_what_the_doctest_shows():
    text = '>>> import grundy\n>>> x = 3\n>>> x + 1\n4\n>>> print("a")\na\n>>> grundy.game("nim", heaps=1).grundy((2,))\n2\n'
    assert apiexamples.lab_code(text) == ('import grundy\nx = 3\nprint(x + 1)\nprint("a")\n'
                                          'print(grundy.game("nim", heaps=1).grundy((2,)))\n')


def test_a_failing_docstring_example_stops_the_build(monkeypatch, tmp_path):
    (tmp_path / "broken_example.py").write_text('def f():\n    """Doc.\n\n    >>> 1 + 1\n    3\n    """\n')
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(apiexamples, "MODULES", ("broken_example",))
    with pytest.raises(ValueError, match=r"broken_example\.f \(.*broken_example\.py, line 2\) fails"):
        apiexamples.check_docstrings()
