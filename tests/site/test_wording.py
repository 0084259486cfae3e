"""Every built page reads as prose for its readers (issue #25, "right to the last sentence").

On the article text of each page (code blocks, inline code and typeset math left out, see
sitetext.article_text):
- no programmer notation: ``^`` as xor, ``//``, ``<=``, ``>=``, ``!=``, ``==``, ``floor(``;
- no internal labels or file names: ``.py`` files, ``sitegen``, ``sitehooks``, ``TODO``, ``FIXME``;
- Japanese typography: no space between two Japanese characters (a line join left behind),
  no half-width comma or full stop between Japanese characters;
- the glossary's terms: the variants its fourth column avoids appear on no page, nor the
  katakana spellings the site does not use (ブラウザー for ブラウザ, ...);
- no Japanese in the English pages' prose, outside the glossary's table and the references;
- no internal label (a seed paper's number, GAMES.md) on any page, the API page included.

The same checks cover what readers see outside the pages' Markdown (issue #38): the Lab's
examples (titles and comments) and every widget string of the i18n.js and text.js files
(and the worksheet's): internal labels, the glossary's avoided variants, katakana.

Run on a build of your own with WORDING_SITE=/tmp/x-site.
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from sitetext import article_text, lang_of, pages, site_dir

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from sitegen import examples  # noqa: E402

JA = r"[\u3041-\u30ff\u3400-\u4dbf\u4e00-\u9fff\u3001-\u303f\uff01-\uff60]"
PROGRAMMER = {
    "^ as xor": re.compile(r"(?<![\w.])[a-zA-Z]\w*\)?\s*\^\s*\(?[a-zA-Z]"),  # x ^ y (10^3: a power)
    "//": re.compile(r"(?<![:/])//(?!/)"),
    "<=": re.compile(r"<="),
    ">=": re.compile(r">="),
    "!=": re.compile(r"!="),
    "==": re.compile(r"=="),
    "floor(": re.compile(r"\bfloor\("),
}
INTERNAL = {
    ".py file": re.compile(r"\b\w+\.py\b"),
    "sitegen": re.compile(r"\bsitegen\b"),
    "sitehooks": re.compile(r"\bsitehooks\b"),
    "TODO": re.compile(r"\bTODO\b"),
    "FIXME": re.compile(r"\bFIXME\b"),
}
# labels of the project's own files, never shown to readers (also not on the API page)
LABELS = {
    "seed paper's number": re.compile(r"\b[Ss]eeds? \d{3}\b|論文 ?\d{3}|シード ?\d{3}"),
    "GAMES.md": re.compile(r"\bGAMES\.md\b"),
}
# spellings and wordings the Japanese pages avoid (the site's katakana: ブラウザ, パラメータ, ...)
JA_AVOIDED = {"ブラウザー": "ブラウザ", "パラメーター": "パラメータ", "コンピューター": "コンピュータ",
              "を落として": "をドロップして", "の課で": "のレッスンで"}
# the files that hold the widgets' strings (both languages)
STRING_FILES = ("docs/assets/widgets/i18n.js", "docs/assets/exercises/text.js",
                "docs/assets/classroom/text.js", "docs/assets/worksheet/grundy-worksheet.js")
JS_STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
TYPOGRAPHY = {
    "space between Japanese characters": re.compile(rf"{JA} +{JA}"),
    "half-width , or . between Japanese characters": re.compile(rf"{JA}[,.] ?{JA}"),
    "space after 、 or 。": re.compile(r"[、。] +[^\s]"),
}
# pages whose prose is about the site's code: the API reference documents Python itself, the
# benchmarks quote command lines
CODE_PAGES = ("api/", "ja/api/", "benchmarks/", "ja/benchmarks/")


@pytest.fixture(scope="module")
def site(request) -> Path:
    return site_dir(request)


@pytest.fixture(scope="module")
def texts(site) -> dict[str, tuple[str, str]]:
    """{page path relative to the site: (language, article text)}."""
    return {p.relative_to(site).as_posix(): (lang_of(site, p), article_text(p.read_text(encoding="utf-8")))
            for p in pages(site)}


def _findings(texts, patterns, skip=()) -> list[str]:
    found = []
    for rel, (_, text) in texts.items():
        if rel.startswith(skip):
            continue
        for name, pattern in patterns.items():
            for line in text.split("\n"):
                for m in pattern.finditer(line):
                    start = max(0, m.start() - 40)
                    found.append(f"{rel}: {name}: …{line[start:m.end() + 40]}…")
    return found


def test_pages_found(texts):
    langs = {lang for lang, _ in texts.values()}
    assert langs == {"en", "ja"} and len(texts) >= 30, sorted(texts)


def test_no_programmer_notation(texts):
    found = _findings(texts, PROGRAMMER, skip=CODE_PAGES)
    assert not found, "\n".join(found)


def test_no_internal_labels(texts):
    found = _findings(texts, INTERNAL, skip=CODE_PAGES) + _findings(texts, LABELS)
    assert not found, "\n".join(found)


def test_japanese_typography(texts):
    ja = {rel: v for rel, v in texts.items() if v[0] == "ja"}
    found = _findings(ja, TYPOGRAPHY)
    assert not found, "\n".join(found)


class _Table(HTMLParser):
    """The rows of the first <table> of the article: lists of cell texts."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows: list[list[str]] = []
        self._in = self._done = False

    def handle_starttag(self, tag, attrs):
        if tag == "table" and not self._done:
            self._in = True
        elif self._in and tag == "tr":
            self.rows.append([])
        elif self._in and tag in ("td", "th"):
            self.rows[-1].append("")

    def handle_endtag(self, tag):
        if tag == "table" and self._in:
            self._in, self._done = False, True

    def handle_data(self, data):
        if self._in and self.rows and self.rows[-1]:
            self.rows[-1][-1] += data


def avoided_variants(site: Path) -> dict[str, list[str]]:
    """{glossary term (日本語): the variants it avoids}, from the built Japanese glossary."""
    table = _Table()
    table.feed((site / "ja" / "glossary" / "index.html").read_text(encoding="utf-8"))
    head, *rows = ([cell.strip() for cell in row] for row in table.rows)
    term, avoid = head.index("日本語"), head.index("使わない表記")
    return {row[term]: [v.strip() for v in row[avoid].split("、") if v.strip()] for row in rows}


def test_glossary_lists_avoided_variants(site):
    variants = avoided_variants(site)
    assert len(variants) >= 30
    for term in ("P 局面", "勝つ手", "バウトンの定理", "シュルピンスキー図形", "ポーカーニム", "棒"):
        assert variants.get(term), f"the glossary gives no avoided variant for {term}"


def test_glossary_has_the_chomp_terms(site, texts):
    """The terms the Chomp lesson introduces are in the glossary (and in the lesson)."""
    terms = {"チョンプ", "毒", "列", "戦略泥棒の論法", "釣り合った板", "L 字形", "腕", "脚"}
    assert terms <= set(avoided_variants(site)), terms - set(avoided_variants(site))
    lesson = texts["ja/chomp/index.html"][1]
    assert all(term in lesson for term in terms), [t for t in terms if t not in lesson]


def test_glossary_terms_used_alone(site, texts):
    variants = avoided_variants(site)
    found = []
    for rel, (_, text) in texts.items():
        if rel.startswith(("glossary/", "ja/glossary/")):
            continue
        for term, avoid in variants.items():
            found += [f"{rel}: {v!r} instead of {term!r}" for v in avoid if v in text]
    assert not found, "\n".join(found)


def test_japanese_spellings(texts):
    found = [f"{rel}: {bad!r} instead of {good!r}" for rel, (lang, text) in texts.items()
             if lang == "ja" and not rel.startswith("ja/glossary/")
             for bad, good in JA_AVOIDED.items() if bad in text]
    assert not found, "\n".join(found)


def test_chomp_rows_are_dan(texts):
    """A chocolate's rows are 段 (the glossary; 行 is a table's or a board's row): the
    Japanese Chomp page says 行 only in 行き先 (options), the verb 行く (to go) and 実行 (running)."""
    lang, text = texts["ja/chomp/index.html"]
    assert "段" in text
    assert not re.findall(r".{0,12}(?<!実)行(?![きくけか]).{0,12}", text)


def test_chomp_least_r0_if_any(texts):
    """Three-row Chomp: for many (r1, r2) no r0 gives a P-position ({r0, 3, 1} never is:
    eating (0, 2) leaves the P-position {2, 2, 1}), so the lesson and the data page say
    "the least r0, if any" (Japanese: あれば)."""
    from grundy.games.chomp import three_row_p_positions
    assert (3, 1) not in {(b, c) for _, b, c in three_row_p_positions(30)}
    for rel in ("chomp/index.html", "data/index.html", "ja/chomp/index.html", "ja/data/index.html"):
        lang, text = texts[rel]
        said = re.findall(r"least [^\s,]+(?:, if any,)?" if lang == "en" else r"最小の [^\s,]+ (?:があれば)?", text)
        assert said and all(("if any" if lang == "en" else "あれば") in s for s in said), (rel, said)


def widget_strings() -> list[tuple[str, str]]:
    """(file, string) for every string literal of the widgets' string files."""
    out = []
    for name in STRING_FILES:
        source = (ROOT / name).read_text(encoding="utf-8")
        out += [(name, s) for s in JS_STRING.findall(source)]
    return out


def lab_texts() -> list[tuple[str, str, str]]:
    """(example, language, line) for the title and every comment line of the Lab's examples,
    in the language a reader of that language sees."""
    out = []
    for ex in examples.all_examples():
        for lang in ("en", "ja"):
            out.append((ex.id, lang, ex.titles[lang]))
            out += [(ex.id, lang, line.strip()) for line in ex.code(lang).splitlines()
                    if line.strip().startswith("#")]
    return out


def _source_findings(items, variants) -> list[str]:
    """Internal labels anywhere; in Japanese text, the glossary's avoided variants and the
    spellings the site avoids. `items`: (where, text)."""
    found = []
    for where, text in items:
        found += [f"{where}: {name}: {text[:80]!r}" for name, p in LABELS.items() if p.search(text)]
        if re.search(JA, text):
            found += [f"{where}: {v!r} ({text[:60]!r})" for v in variants if v in text]
    return found


def test_widget_strings_wording(site):
    strings = widget_strings()
    assert len(strings) > 500 and any("グランディ数" in s for _, s in strings)
    variants = [v for avoid in avoided_variants(site).values() for v in avoid] + list(JA_AVOIDED)
    found = _source_findings(strings, variants)
    assert not found, "\n".join(found)


def test_lab_examples_wording(site):
    texts = lab_texts()
    assert {lang for _, lang, _ in texts} == {"en", "ja"} and len(texts) > 60
    variants = [v for avoid in avoided_variants(site).values() for v in avoid] + list(JA_AVOIDED)
    found = _source_findings([(f"{ex} ({lang})", line) for ex, lang, line in texts], variants)
    found += [f"{ex}: Japanese in the English comments: {line!r}"
              for ex, lang, line in texts if lang == "en" and re.search(JA, line)]
    assert not found, "\n".join(found)


def test_english_prose_has_no_japanese(site):
    found = []
    for page in pages(site):
        rel = page.relative_to(site).as_posix()
        if lang_of(site, page) != "en" or rel.startswith(("glossary/", "open-problems/", "404")):
            continue
        for line in article_text(page.read_text(encoding="utf-8")).split("\n"):
            if re.search(JA, line):
                found.append(f"{rel}: {line[:100]}")
    assert not found, "\n".join(found)
