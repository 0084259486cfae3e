"""The API reference (docs/api.md, docs/api.ja.md) is generated from the engine's
docstrings by mkdocstrings, in both editions, and listed in the navigation."""

from __future__ import annotations

import re

import pytest

import grundy
from sitehtml import parse_page

DOCUMENTED = ["grundy.game", "grundy.Game", "grundy.Game.grundy", "grundy.Game.outcome",
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
