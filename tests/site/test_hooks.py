"""The hook's modules (scripts/sitehooks): directive parsing, asset URLs relative to the
page, root links made relative, Japanese line joining, a page's widget preloads."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.structure.files import Files

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from sitehooks import assets, fence, japanese, links, page, plainmath, preload, search  # noqa: E402


def test_parse_directive_with_quoted_values():
    name, args = fence.parse_directive('widget type=play game=chocolate k=3 start="10 5 5" caption=\'a b\'')
    assert name == "widget"
    assert args == {"type": "play", "game": "chocolate", "k": "3", "start": "10 5 5", "caption": "a b"}


@pytest.mark.parametrize("body", ["", "k=3", "table k", "table k=1 k=2", 'table start="10 5'])
def test_parse_directive_rejects_bad_input(body):
    with pytest.raises(fence.DirectiveError):
        fence.parse_directive(body)


def _ctx(src_uri, dest_uri, tmp_path):
    fake_page = SimpleNamespace(file=SimpleNamespace(src_uri=src_uri, dest_uri=dest_uri))
    config = SimpleNamespace(site_dir=str(tmp_path), use_directory_urls=True, plugins=SimpleNamespace(_current_plugin=None))
    return page.GenContext(fake_page, config, Files([]))


@pytest.mark.parametrize(
    ("src", "dest", "lang", "url"),
    [
        ("index.md", "index.html", "en", "generated/fig/a.svg"),
        ("ryuoh.md", "ryuoh/index.html", "en", "../generated/fig/a.svg"),
        ("ryuoh.ja.md", "ja/ryuoh/index.html", "ja", "../../generated/fig/a.svg"),
        ("index.ja.md", "ja/index.html", "ja", "../generated/fig/a.svg"),
    ],
)
def test_asset_url_is_relative_to_the_page(tmp_path, src, dest, lang, url):
    ctx = _ctx(src, dest, tmp_path)
    assert ctx.lang == lang and ctx.page_src == src
    assert ctx.asset("fig/a.svg", "<svg/>") == url
    assert ctx.asset("fig/a.svg", b"<svg/>") == url  # replacing keeps one file
    assert [f.src_uri for f in ctx._files] == ["generated/fig/a.svg"]


def test_asset_path_must_stay_inside_generated(tmp_path):
    with pytest.raises(assets.AssetError):
        _ctx("index.md", "index.html", tmp_path).asset("../x.svg", "")


@pytest.mark.parametrize(
    ("target", "page_url", "expected"),
    [
        ("/chocolate-games/", "ja/", "../"),
        ("/chocolate-games/ja/", "", "ja/"),
        ("/chocolate-games/ja/", "ja/", "./"),
        ("/chocolate-games/ja/ryuoh/#rules", "ryuoh/", "../ja/ryuoh/#rules"),
        ("/chocolate-games/assets/x.css", "ja/ryuoh/", "../../assets/x.css"),
        ("/elsewhere/", "ja/", "/elsewhere/"),
    ],
)
def test_root_links_become_relative(target, page_url, expected):
    assert links.relative_link(target, page_url, "/chocolate-games/") == expected


def test_make_relative_rewrites_href_and_src_only_under_the_site_path():
    html = '<a href="/chocolate-games/ja/">ja</a><img src="/chocolate-games/a.png"><a href="/x/">x</a>'
    assert links.make_relative(html, "ryuoh/", "https://example.org/chocolate-games/") == (
        '<a href="../ja/">ja</a><img src="../a.png"><a href="/x/">x</a>')


def test_japanese_line_breaks_are_joined():
    lines = ["## 表", "論文", "グランディ数は", "式で書けます", "English line", "次の行", "- 項目", "  続き"]
    assert japanese.join_lines(lines) == [
        "## 表", "論文グランディ数は式で書けます", "English line", "次の行", "- 項目続き"]


@pytest.mark.parametrize(("lines", "joined"), [
    (["値は**最小の", "数**です。"], ["値は**最小の数**です。"]),
    (["値は**最小の数**", "です。"], ["値は**最小の数**です。"]),
    (["[前のページ](a.md)", "を見てください。"], ["[前のページ](a.md)を見てください。"]),
    (["グランディ数、", "  *P/N 表*"], ["グランディ数、*P/N 表*"]),
    (["論文の", "[[R1]](#r) です。"], ["論文の", "[[R1]](#r) です。"]),  # Latin after Japanese: a space
    (["次の手です。", "* 項目", "1. 番号", "!!! note"], ["次の手です。", "* 項目", "1. 番号", "!!! note"]),
    (["表です。", "| a |"], ["表です。", "| a |"]),
    (["式です。", "$$x$$", "次です。", "\x02wzxhzdk:0\x03"], ["式です。", "$$x$$", "次です。", "\x02wzxhzdk:0\x03"]),
])
def test_japanese_joins_across_emphasis_links_and_punctuation(lines, joined):
    assert japanese.join_lines(lines) == joined


@pytest.mark.parametrize(("tex", "text"), [
    (r"Other inequalities: \(ky \le x + z\)", "Other inequalities: ky ≤ x + z"),
    (r"\(y \le \lfloor (x + z)/k \rfloor\)", "y ≤ ⌊(x + z)/k⌋"),
    (r"\(1/\varphi + 1/\varphi^2 = 1\)", "1/φ + 1/φ² = 1"),
    (r"\(\frac{x+1}{2} \ne x_1\)", "(x+1)/2 ≠ x₁"),
    (r"\(\{3, 4, 2\}\) and \(\mathcal{G}(x) = \operatorname{mex}\{1\}\)", "{3, 4, 2} and G(x) = mex{1}"),
    (r"\(0 \le x &lt; 3\)", "0 ≤ x &lt; 3"),
    (r"\[\binom{n}{k} \bmod 2\]", "C(n, k) mod 2"),
    (r"\[\begin{aligned} a &amp;= \{1\}, \\ &amp;\cup \{2\}. \end{aligned}\]", "a = {1}; ∪ {2}."),
])
def test_formulas_become_plain_text(tex, text):
    assert plainmath.strip_math(tex) == text


def test_search_index_is_split_by_language_with_plain_titles_and_aliases(tmp_path):
    (tmp_path / "search").mkdir()
    docs = [{"location": "", "title": "Home", "text": ""},
            {"location": "other/", "title": r"Other: \(k \le 2\)", "text": r"<p>\(x \oplus y\)</p>"},
            {"location": "other/#a", "title": "A", "text": ""},
            {"location": "ja/", "title": "ホーム", "text": ""},
            {"location": "ja/other/", "title": "ほか", "text": ""}]
    config = {"lang": ["en", "ja"], "fields": {"title": {"boost": 1000.0}}}
    (tmp_path / "search" / "search_index.json").write_text(json.dumps({"config": config, "docs": docs}))
    search.split_index(str(tmp_path), [("ja", "ja/"), ("en", "")])
    assert not (tmp_path / "search" / "search_index.json").exists()
    en = json.loads((tmp_path / "search" / "search_index.en.json").read_text())
    ja = json.loads((tmp_path / "search" / "search_index.ja.json").read_text())
    assert en["config"]["lang"] == ["en"] and ja["config"]["lang"] == ["en", "ja"]
    assert "alias" in ja["config"]["fields"]
    assert [d["location"] for d in en["docs"]] == ["", "other/", "other/#a"]
    assert en["docs"][1]["title"] == "Other: k ≤ 2" and en["docs"][1]["text"] == "<p>x ⊕ y</p>"
    assert en["docs"][1]["alias"] == "ほか" and "alias" not in en["docs"][2]
    assert [(d["location"], d["alias"]) for d in ja["docs"]] == [("ja/", "Home"), ("ja/other/", "Other: k ≤ 2")]


def test_preload_links_of_a_page_with_a_game():
    """The play widget's modules (its static imports, all of them, as files of docs/) and
    its first widget's answers and the catalogue; the other widgets' modules come later."""
    html = ("<head></head><grundy-table data-game='chocolate'></grundy-table>"
            "<grundy-play data-game='chocolate' data-answers='../generated/play/a.json' "
            "data-catalogue='../generated/play/games.json'></grundy-play>"
            "<grundy-play data-answers='../generated/play/b.json' data-catalogue='x'></grundy-play>")
    out = preload.add_links(html, ROOT / "docs", "https://example.org/chocolate-games/")
    modules = [m.removeprefix("/chocolate-games/") for m in re.findall(r'<link rel="modulepreload" href="([^"]+)">', out)]
    assert modules[:2] == ["assets/widgets/painted.js", "assets/widgets/grundy-play.js"]
    for needed in ("widget-base.js", "answers.js", "i18n.js", "engine-client.js", "catalogue.js"):
        assert f"assets/widgets/{needed}" in modules
    assert "assets/widgets/grundy-table.js" not in modules
    assert len(set(modules)) == len(modules) and all((ROOT / "docs" / m).is_file() for m in modules)
    assert out.count('rel="preload" as="fetch" crossorigin') == 2
    assert '<link rel="preload" as="fetch" crossorigin href="../generated/play/a.json">' in out
    assert "b.json" not in out.split("</head>")[0]
    assert out.index("</head>") > out.index("modulepreload")
    assert out.split("</head>")[0].count('<script type="module" async src="/chocolate-games/assets/widgets/grundy-play.js">') == 1
    started = preload.add_links(html.replace("</head>", f"{preload.START}</script></head>"), ROOT / "docs", "")
    assert started.index("modulepreload") < started.index(preload.START)  # it writes them out in full


def test_preload_links_of_the_assign_page():
    """A student's link plays its games: the assignment's modules and the play widget's."""
    html = "<head></head><grundy-assign></grundy-assign><grundy-assignment hidden></grundy-assignment>"
    out = preload.add_links(html, ROOT / "docs", "")
    modules = re.findall(r'<link rel="modulepreload" href="/([^"]+)">', out)
    for needed in ("classroom/grundy-assignment.js", "classroom/data.js", "widgets/grundy-play.js",
                   "widgets/board.js", "widgets/widget-base.js"):
        assert f"assets/{needed}" in modules
    assert modules.index("assets/classroom/grundy-assignment.js") < modules.index("assets/widgets/grundy-play.js")
    assert len(set(modules)) == len(modules) and 'as="fetch"' not in out


def test_preload_links_without_a_game():
    table = "<head></head><grundy-table data-game='chocolate'></grundy-table>"
    out = preload.add_links(table, ROOT / "docs", "")
    assert '<link rel="modulepreload" href="/assets/widgets/grundy-table.js">' in out
    assert 'as="fetch"' not in out
    plain = "<head></head><p>&lt;grundy-play&gt; in a code block</p>"
    assert preload.add_links(plain, ROOT / "docs", "") == plain
