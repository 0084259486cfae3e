"""The ```grundy directive: parsing, block finding, asset URLs relative to the page."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import SimpleNamespace

import pytest
from mkdocs.structure.files import Files

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("site_hooks", ROOT / "scripts" / "hooks.py")
hooks = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(hooks)


def test_parse_directive_with_quoted_values():
    name, args = hooks.parse_directive('widget type=play game=chocolate k=3 start="10 5 5" caption=\'a b\'')
    assert name == "widget"
    assert args == {"type": "play", "game": "chocolate", "k": "3", "start": "10 5 5", "caption": "a b"}


@pytest.mark.parametrize("body", ["", "k=3", "table k", "table k=1 k=2", 'table start="10 5'])
def test_parse_directive_rejects_bad_input(body):
    with pytest.raises(hooks.DirectiveError):
        hooks.parse_directive(body)


def test_find_blocks_skips_nested_fences_and_keeps_indent():
    markdown = "\n".join([
        "# Title",
        "````markdown",
        "```grundy",
        "table game=wythoff max=5",
        "```",
        "````",
        '!!! example "Play"',
        "    ```grundy",
        "    widget type=play game=nim",
        "    ```",
        "~~~grundy",
        "nimsum max=7",
        "~~~",
    ])
    blocks = list(hooks.find_blocks(markdown))
    assert [(b[0], b[1], b[2], b[3]) for b in blocks] == [
        (7, 9, "    ", "widget type=play game=nim"),
        (10, 12, "", "nimsum max=7"),
    ]


def _ctx(src_uri, dest_uri, tmp_path):
    page = SimpleNamespace(file=SimpleNamespace(src_uri=src_uri, dest_uri=dest_uri))
    config = SimpleNamespace(site_dir=str(tmp_path), use_directory_urls=True, plugins=SimpleNamespace(_current_plugin=None))
    return hooks.GenContext(page, config, Files([]))


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
    with pytest.raises(hooks.DirectiveError):
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
    assert hooks.relative_link(target, page_url, "/chocolate-games/") == expected


def test_japanese_line_breaks_are_joined_outside_code():
    source = "## 表\n論文\nグランディ数は\n式で書けます。\nEnglish line\n次の行\n```\nコード\nです\n```\n- 項目\n  続き"
    assert hooks.join_japanese_lines(source) == (
        "## 表\n論文グランディ数は式で書けます。\nEnglish line\n次の行\n```\nコード\nです\n```\n- 項目続き"
    )
