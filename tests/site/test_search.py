"""Search works in both editions, including Japanese words (Material's lunr with
TinySegmenter for `lang: ja`)."""

from __future__ import annotations

import pytest

# Japanese compounds are segmented by assets/javascripts/search-ja.js ("グランディ 数").
QUERIES = [("", "Wythoff"), ("", "Sierpinski"), ("ja/", "龍王"), ("ja/", "グランディ数"), ("ja/", "後手必勝")]


@pytest.mark.parametrize(("edition", "query"), QUERIES)
def test_search_finds_pages(served_site, new_page, edition, query):
    page = new_page(viewport={"width": 1280, "height": 800})
    page.goto(served_site + edition, wait_until="load")
    page.click(".md-search__input")
    page.fill(".md-search__input", query)
    page.press(".md-search__input", "End")  # Material searches on keyup
    results = page.locator(".md-search-result__item")
    results.first.wait_for(timeout=60_000)
    assert results.count() >= 1
    assert not page.foreign_requests
