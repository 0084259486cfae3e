"""Both editions are complete: every page exists in English and Japanese, the Japanese pages
carry Japanese theme strings and link to the same sections as the English ones."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import material

from sitehtml import parse_page

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
# Our own English UI strings (mkdocs.yml, the toc permalinks) that must not leak into /ja/.
OWN_ENGLISH_UI = ["Switch to dark mode", "Switch to light mode", "Source code (GitHub)", "Permanent link"]


def _lesson_sources():
    english = {p.name[: -len(".md")] for p in DOCS.glob("*.md") if not p.name.endswith(".ja.md")}
    japanese = {p.name[: -len(".ja.md")] for p in DOCS.glob("*.ja.md")}
    return english, japanese


def test_every_english_page_has_a_japanese_counterpart():
    english, japanese = _lesson_sources()
    assert english, "no pages in docs/"
    assert sorted(english - japanese) == []


def test_every_japanese_page_has_an_english_counterpart():
    english, japanese = _lesson_sources()
    assert sorted(japanese - english) == []


def test_built_editions_match(built_site):
    english = {p.relative_to(built_site).as_posix() for p in built_site.glob("*/index.html") if p.parent.name != "ja"}
    english.add("index.html")
    japanese = {p.relative_to(built_site / "ja").as_posix() for p in (built_site / "ja").glob("**/index.html")}
    assert english == japanese


def _sitegen_english_strings() -> set[str]:
    """The generators' fixed English sentences (scripts/sitegen/strings.py, exercises.py)."""
    import sys

    sys.path.insert(0, str(ROOT / "scripts"))
    from sitegen import exercises, strings

    texts = [*strings.STRINGS.values(), *exercises.STRINGS.values()]
    return {t.en for t in texts if "{" not in t.en and t.en != t.ja}


def _material_english_strings() -> set[str]:
    """The English texts of Material's UI (its language file), minus single letters/symbols."""
    source = Path(material.__file__).parent / "templates" / "partials" / "languages" / "en.html"
    values = re.findall(r'"[\w.-]+"\s*:\s*"([^"]+)"', source.read_text(encoding="utf-8"))
    return {v for v in values if re.search(r"[A-Za-z]{3}", v) and v not in {"ltr", "en"}}


def test_japanese_pages_use_japanese_ui(built_site):
    english_ui = _material_english_strings() | _sitegen_english_strings() | set(OWN_ENGLISH_UI)
    problems = []
    for path in sorted((built_site / "ja").rglob("index.html")):
        info = parse_page(path)
        name = path.relative_to(built_site)
        if info.lang != "ja":
            problems.append(f"{name}: <html lang={info.lang!r}>")
        leaked = english_ui & (set(info.text_nodes) | set(info.attr_values))
        if name.parts[:2] == ("ja", "api"):  # the reference body lists the engine's Python names
            leaked = {s for s in leaked if not s.isidentifier()}
        problems.extend(f"{name}: English UI string {s!r}" for s in sorted(leaked))
    assert not problems, "\n".join(problems[:50])


def _english_coordinate_names() -> set[str]:
    """Coordinate names that are English words with a Japanese name of their own (the
    rectangular bar's sides; symbols such as h1 and r0 stay as the lessons write them)."""
    import grundy

    names = set()
    for name in grundy.game_names():
        game = grundy.game(name) if name != "rect" else grundy.game(name, sides=4)
        names |= {c for c in game.coords if c.isalpha() and game.coord_ja(c) != c}
    return names


def test_japanese_tables_name_coordinates_in_japanese(built_site):
    """Headers, captions and slice labels of the Japanese pages' tables say 「左」, not "left"."""
    words = _english_coordinate_names()
    assert {"left", "up", "right"} <= words
    pattern = re.compile(r"<(th|caption|p class=\"gx-slice\")[^>]*>(.*?)</(th|caption|p)>", re.S)
    problems = []
    for path in sorted((built_site / "ja").rglob("index.html")):
        for match in pattern.finditer(path.read_text(encoding="utf-8")):
            found = words & set(re.findall(r"[a-z]+", re.sub(r"<[^>]+>", "", match.group(2))))
            if found:
                problems.append(f"{path.relative_to(built_site)}: {sorted(found)} in {match.group(2)[:80]!r}")
    assert not problems, "\n".join(problems[:20])


class _SectionLinks(HTMLParser):
    """The links of a page's article to a section of a page of the site: {(page, anchor)}
    ("chomp", "two-rows"), the same in either edition (the Lab's #code= state left out)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: set[tuple[str, str]] = set()
        self._article = False

    def handle_starttag(self, tag, attrs):
        href = dict(attrs).get("href") or ""
        self._article = self._article or tag == "article"
        if self._article and tag == "a" and "#" in href and not href.startswith(("http:", "https:", "#")):
            page, anchor = href.split("#", 1)
            if not anchor.startswith("code="):
                self.found.add((re.sub(r"^(\.\./)+(ja/)?", "", page).strip("/"), anchor))


def _section_links(path: Path) -> set[tuple[str, str]]:
    parser = _SectionLinks()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.found


def test_japanese_pages_link_to_the_same_sections(built_site):
    """A Japanese page links to the sections (theorem, proof, ...) the English page links to,
    not only to the pages' tops."""
    differ = []
    for english in sorted(built_site.glob("*/index.html")):
        japanese = built_site / "ja" / english.parent.name / "index.html"
        if english.parent.name == "ja" or not japanese.is_file():
            continue
        en, ja = _section_links(english), _section_links(japanese)
        if en != ja:
            differ.append(f"{english.parent.name}: English only {sorted(en - ja)}, Japanese only {sorted(ja - en)}")
    assert len(list(built_site.glob("*/index.html"))) > 20
    assert not differ, "\n".join(differ)
