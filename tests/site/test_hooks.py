"""The hook's modules (scripts/sitehooks): directive parsing, asset URLs relative to the
page, root links made relative, Japanese line joining."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.structure.files import Files

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from sitehooks import assets, fence, japanese, links, page  # noqa: E402


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
    lines = ["## 表", "論文", "グランディ数は", "式で書けます。", "English line", "次の行", "- 項目", "  続き"]
    assert japanese.join_lines(lines) == [
        "## 表", "論文グランディ数は式で書けます。", "English line", "次の行", "- 項目続き"]
