"""Search in the browser: each edition finds its own pages only (one index per language,
loaded when the search is opened, never before), Japanese words work (Material's lunr with
TinySegmenter, loaded when the search is opened), and results show formulas as plain text, not LaTeX."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
DEVICES = {"desktop": {"viewport": {"width": 1280, "height": 800}},
           "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}}
LATEX = re.compile(r"\\[A-Za-z(\[{]")
# Japanese compounds are segmented by assets/javascripts/search-ja.js ("グランディ 数").
# An English word on a Japanese page finds the Japanese edition of the pages it names.
QUERIES = {"": ["Wythoff", "Sierpinski", "inequalities", "Grundy", "misère", "ky"],
           "ja/": ["Sierpinski", "シェルピンスキー", "龍王", "グランディ", "グランディ数", "Grundy", "misère",
                   "ky", "後手必勝", "不等式"]}
SHOWN = {"": "inequalities", "ja/": "不等式"}  # the query of each edition's screenshots


def search(page, query: str):
    """Open the search (by clicking it, as a reader does), type ``query``; the result items
    (once the last query's are gone, when the search was open)."""
    button = page.locator("label.md-header__button[for=__search]")  # shown on phones only
    if button.is_visible():
        button.click()
    page.click(".md-search__input")
    page.fill(".md-search__input", "")
    page.press(".md-search__input", "End")
    page.locator(".md-search-result__item").first.wait_for(state="detached")
    page.fill(".md-search__input", query)
    page.press(".md-search__input", "End")  # Material searches on keyup
    results = page.locator(".md-search-result__item")
    results.first.wait_for(timeout=60_000)
    return results


def index_requests(page) -> list[str]:
    return [url for url in page.requested if "search_index" in url]


@pytest.fixture
def open_page(served_site, new_page):
    """``open_page(edition, device="desktop")``: a loaded page of the edition, requests recorded."""

    def opener(edition: str, device: str = "desktop"):
        page = new_page(**DEVICES[device])
        page.requested = []
        page.on("request", lambda r: page.requested.append(r.url))
        page.goto(served_site + edition, wait_until="load")
        return page

    return opener


@pytest.mark.parametrize("edition", QUERIES, ids=["en", "ja"])
def test_search_finds_pages_of_the_edition_only(served_site, open_page, edition):
    """Each query of the edition, typed one after another as a reader does in one visit."""
    page = open_page(edition)
    assert index_requests(page) == []  # nothing before the reader opens the search
    assert not [u for u in page.requested if u.endswith("/tinyseg.js")]  # nor the Japanese segmenter
    lang = "ja" if edition else "en"
    for query in QUERIES[edition]:
        results = search(page, query)
        assert results.count() >= 1, query
        links = results.locator("a").evaluate_all("els => els.map(a => a.href)")
        in_japanese = [link.startswith(served_site + "ja/") for link in links]
        assert all(in_japanese) if edition == "ja/" else not any(in_japanese), (query, links)
        assert [u.rsplit("/", 1)[1] for u in index_requests(page)] == [f"search_index.{lang}.json"]
        text = results.all_inner_texts()
        assert not [t for t in text if LATEX.search(t)], (query, [t for t in text if LATEX.search(t)][:3])
        if query == SHOWN[edition]:
            shoot(page, edition, "desktop")
    assert not page.foreign_requests
    assert not page.console_errors


def test_no_page_of_the_site_holds_a_combined_index(built_site):
    assert not (built_site / "search" / "search_index.json").exists()
    assert {p.name for p in (built_site / "search").glob("search_index.*.json")} == \
        {"search_index.en.json", "search_index.ja.json"}


def shoot(page, edition: str, device: str) -> None:
    """A screenshot of the open search's results, once their transitions have ended."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("""async () => { const frame = () => new Promise((r) => requestAnimationFrame(r));
        await frame(); await frame();
        await Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity)
            .map((a) => a.finished.catch(() => null))); }""")
    page.screenshot(path=SHOTS / f"search-{edition.strip('/') or 'en'}-{device}.png")


@pytest.mark.parametrize("edition", SHOWN, ids=["en", "ja"])
def test_search_on_a_phone(open_page, edition):
    """The search opened from the phone's header button (the desktop's screenshots are taken
    by test_search_finds_pages_of_the_edition_only)."""
    page = open_page(edition, "phone")
    assert search(page, SHOWN[edition]).count() >= 1
    shoot(page, edition, "phone")


@pytest.mark.parametrize("query, first", [("grundy", "impartial-games/"), ("misere", "misere/"),
                                          ("Grundy", "impartial-games/")])
def test_a_lesson_comes_before_the_api_reference(open_page, served_site, query, first):
    """A word the lessons teach, typed in lower case or without its accent, finds the lesson
    first; the API reference, which names it in docstrings, comes after."""
    page = open_page("")
    links = search(page, query).locator("a").evaluate_all("els => els.map(a => a.href)")
    assert links[0].split("?")[0].split("#")[0] == served_site + first, (query, links[:3])


def test_a_page_opened_from_a_result_highlights_the_words(open_page):
    page = open_page("ja/sierpinski/?h=パスカル")
    page.locator("mark:visible").first.wait_for(timeout=60_000)  # (the folded teacher notes hide theirs)
    assert [u.rsplit("/", 1)[1] for u in index_requests(page)] == ["search_index.ja.json"]
