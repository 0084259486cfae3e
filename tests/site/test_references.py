"""The publications the site cites: one data file (scripts/sitegen/references.json), the
reference lists built from it, and every citation on every page resolved by it.

Run on a build of your own with WORDING_SITE=/tmp/x-site.
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sitetext import lang_of, pages, site_dir

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from sitegen import references  # noqa: E402

FIELDS = {"key", "group", "authors", "authors_ja", "title", "title_ja", "venue", "venue_ja",
          "volume", "issue", "year", "pages", "number", "arxiv", "url", "note", "note_ja", "checked"}
CITATION = re.compile(r"^\[([A-Za-z0-9]+(?:, [A-Za-z0-9]+)*)\]$")


@pytest.fixture(scope="module")
def site(request) -> Path:
    return site_dir(request)


def test_records_are_well_formed():
    records = references.records()
    keys = [r["key"] for r in records]
    assert len(keys) == len(set(keys)), "a key given twice"
    for r in records:
        assert set(r) <= FIELDS, f"{r['key']}: unknown fields {set(r) - FIELDS}"
        assert r["group"] in references.data()["groups"], r["key"]
        assert r.get("title") and r.get("checked"), f"{r['key']}: a title and what it was checked against"
        assert ("note" in r) == ("note_ja" in r), f"{r['key']}: a note in both languages"
        assert not (r.get("arxiv") and r.get("venue")), f"{r['key']}: a preprint has no venue"
        if r.get("arxiv"):
            assert re.fullmatch(r"\d{4}\.\d{4,5}", r["arxiv"]), r["key"]
            assert "preprint" in r.get("note", "").lower(), f"{r['key']}: say it is a preprint"


@pytest.mark.parametrize("key, wanted", [
    ("FK", ("Integers 7(2) (2007)", "#A14")),
    ("Ro", ("The Mathematical Gazette 73(466) (1989)", "341–343")),
    ("MN3", ("Grundy numbers of impartial three-dimensional chocolate-bar games", "De Gruyter (2022)")),
    ("MJ", ("R. Miyadera, S. Nakamura, Y. Okada, R. Hanafusa, T. Ishikawa",
            "how high school students discovered new formulas using Mathematica")),
    ("NMN", ("Grundy numbers of impartial chocolate bar games", "arXiv:1711.05035")),
    ("RN", ("arXiv:1711.01411", "preprint")),
    ("Br", ("The game of Chomp", "https://www.win.tue.nl/~aeb/games/chomp.html")),
    ("Ga", ("D. Gale, A curious Nim-type game", "American Mathematical Monthly 81 (1974)", "876–879")),
    ("Sch", ("F. Schuh, Spel van delers", "Nieuw Tijdschrift voor Wiskunde 39 (1952)", "299–304")),
])
def test_entries_show_their_fields(key, wanted):
    record = next(r for r in references.records() if r["key"] == key)
    text = references.entry(record, "en")
    for part in wanted:
        assert part in text, f"[{key}] {text!r} lacks {part!r}"
    assert "solution" not in references.entry(next(r for r in references.records() if r["key"] == "Ro"), "en")


def test_japanese_entries_punctuate_like_the_work():
    """On a Japanese page a Japanese work (authors or title in Japanese) is punctuated in
    Japanese (、 and 。), any other work as its neighbours are (", " and "."), also when a
    field of it is translated (Brouwer's web page, ウェブページ)."""
    for r in references.records():
        text = references.entry({k: v for k, v in r.items() if not k.startswith("note")}, "ja")
        japanese = "authors_ja" in r or "title_ja" in r
        assert ("、" in text) == japanese and text.endswith("。" if japanese else "."), (r["key"], text)
    brouwer = next(r for r in references.records() if r["key"] == "Br")
    assert references.entry(brouwer, "ja").startswith("A. E. Brouwer, The game of Chomp, ウェブページ, https://")


def test_addresses_are_links():
    for r in references.records():
        if r.get("url"):
            for lang in ("en", "ja"):
                assert f'<a href="{r["url"]}">{r["url"]}</a>' in references.html_entry(r, lang), r["key"]


class _Links(HTMLParser):
    """Citations (<a href="...#references">[KEY]</a>) and reference items (<li id="ref-KEY">)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.cites: list[str] = []
        self.items: dict[str, str] = {}
        self._a = self._li = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "a" and (a.get("href") or "").endswith("#references"):
            self._a = ""
        if tag == "li" and (a.get("id") or "").startswith("ref-"):
            self._li = a["id"][4:]
            self.items[self._li] = ""

    def handle_endtag(self, tag):
        if tag == "a" and self._a is not None:
            self.cites.append(self._a)
            self._a = None
        if tag == "li":
            self._li = None

    def handle_data(self, data):
        if self._a is not None:
            self._a += data
        if self._li is not None:
            self.items[self._li] += data


def _parse(path: Path) -> _Links:
    links = _Links()
    links.feed(path.read_text(encoding="utf-8"))
    return links


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_reference_lists_are_the_data_file(site, lang):
    page = site / ("ja/" if lang == "ja" else "") / "open-problems" / "index.html"
    items = _parse(page).items
    keys = [r["key"] for r in references.records()]
    assert list(items) == keys, "the reference list is not the data file's, in its order"
    for r in references.records():
        shown = " ".join(items[r["key"]].split())
        assert shown == f"[{r['key']}] {references.entry(r, lang)}", r["key"]


def test_every_citation_resolves(site):
    keys = {r["key"] for r in references.records()}
    cited, unknown = set(), []
    for page in pages(site):
        for text in _parse(page).cites:
            m = CITATION.match(text.strip())
            if not m:
                continue  # a link to the references section in words
            for key in m.group(1).split(", "):
                cited.add(key)
                if key not in keys:
                    unknown.append(f"{page.relative_to(site)} [{key}] ({lang_of(site, page)})")
    assert not unknown, "citations without a record:\n" + "\n".join(unknown)
    assert not keys - cited, f"records nobody cites: {sorted(keys - cited)}"
