"""The ```grundy fence (scripts/sitehooks/fence.py) inside real Markdown conversions and a
real mkdocs build: blocks in admonitions and tabs, never inside other fences, Japanese
line breaks joined outside code, and errors naming the page and the source line."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import markdown
import pytest
from mkdocs.structure.files import Files

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

from sitehooks import fence, japanese, page  # noqa: E402

CONFIGS = {"pymdownx.tabbed": {"alternate_style": True}, "pymdownx.superfences": {"custom_fences": [
    {"name": "grundy", "class": "grundy", "validator": fence.validator, "format": fence.formatter}]}}
TABLE = "<table>"  # every nimsum block renders one


def convert(text: str, src_uri: str, source: str | None = None) -> str:
    """``text`` converted like a lesson page ``src_uri`` (``source``: the file with front matter)."""
    fake = SimpleNamespace(file=SimpleNamespace(src_uri=src_uri, dest_uri="x/index.html", abs_src_path="x",
                                                content_string=source if source is not None else text))
    config = SimpleNamespace(site_dir="/nonexistent", use_directory_urls=True,
                             plugins=SimpleNamespace(_current_plugin=None))
    page.begin(text, fake, config, Files([]))
    try:
        md = markdown.Markdown(extensions=["admonition", "pymdownx.superfences", "pymdownx.tabbed",
                                           japanese.JapaneseLines()], extension_configs=CONFIGS)
        return md.convert(text)
    finally:
        page.end()


def test_blocks_in_admonitions_and_tabs_render_and_nested_fences_stay_code():
    text = "\n".join([
        "# Title",
        "",
        "````markdown",
        "```grundy",
        "nimsum max=99999",
        "```",
        "````",
        "",
        '!!! example "Play"',
        "",
        "    ```grundy",
        "    nimsum max=3",
        "    ```",
        "",
        '=== "Tab"',
        "",
        "    ~~~grundy",
        "    nimsum",
        "      max=2",
        "    ~~~",
    ])
    html = convert(text, "page.md")
    assert html.count(TABLE) == 2
    assert "nimsum max=99999" in html  # the example inside ````markdown is shown, not run
    admonition = html[html.index('class="admonition example"'):]
    assert admonition.index(TABLE) < admonition.index("</div>")
    assert TABLE in html[html.index('class="tabbed-block"'):]


def test_japanese_lines_are_joined_outside_code_only():
    text = "論文\nグランディ数は\n式で書けます。\n\n```\nコード\nです\n```\n\n```grundy\nnimsum\nmax=3\n```"
    html = convert(text, "page.ja.md")
    assert "<p>論文グランディ数は式で書けます。</p>" in html
    assert "コード\nです" in html
    assert TABLE in html
    english = convert("論文\nグランディ数は", "page.md")
    assert "論文\nグランディ数は" in english


def test_options_on_the_fence_line_are_refused():
    with pytest.raises(fence.FenceError, match="page.md"):
        convert("```grundy max=\"3\"\nnimsum\n```", "page.md")


def test_error_names_the_source_line_counting_front_matter_and_joined_lines():
    body = "\n".join([
        "# 見出し",
        "",
        "一行目",
        "二行目",
        "三行目",
        "",
        "```grundy",
        "nimsum max=3",
        "```",
        "",
        "!!! note",
        "",
        "    文は",
        "    続く",
        "",
        "    ```grundy",
        "    nimsum max=nope",
        "    ```",
    ])
    source = "---\ntitle: x\n---\n\n" + body
    with pytest.raises(fence.FenceError) as info:
        convert(body, "page.ja.md", source)
    assert "page.ja.md, line 21," in str(info.value)  # 4 front-matter lines + line 17 of the body
    assert "\n" not in str(info.value)


def test_a_failing_block_stops_a_real_build_with_page_and_line(tmp_path):
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "index.md").write_text("# Home\n", encoding="utf-8")
    (docs / "bad.ja.md").write_text(
        "---\ndescription: x\n---\n\n# 題\n\n日本語の\n文です。\n\n=== \"タブ\"\n\n    ```grundy\n    table game=nosuch\n    ```\n",
        encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(
        f"site_name: t\nhooks: [{ROOT / 'scripts' / 'hooks.py'}]\n"
        "markdown_extensions: [admonition, pymdownx.superfences, {pymdownx.tabbed: {alternate_style: true}}]\n",
        encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict"], cwd=tmp_path,
                          capture_output=True, text=True, env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    assert proc.returncode != 0
    assert "grundy directive failed in bad.ja.md, line 13, block `table game=nosuch`" in proc.stderr
    assert "Traceback" not in proc.stderr
