"""Directives written at the build's end (scripts/sitegen/deferred.py): while the machine
proofs are under way, the build writes a placeholder for a directive that needs them
and goes on; at its end each placeholder is replaced by the directive's output, in the
page and, as plain text, in the search index. The built site keeps none."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from sitegen import deferred  # noqa: E402

BUILD = SimpleNamespace(deferred=True)  # the build's context (sitehooks.page.GenContext)


def test_a_placeholder_only_in_the_build_while_waiting():
    made = lambda: "<table><tr><td>x</td></tr></table>"  # noqa: E731
    assert deferred.later(SimpleNamespace(), made, waiting=True) == made()
    assert deferred.later(BUILD, made, waiting=False) == made()
    assert deferred.later(BUILD, made, waiting=True).startswith("<div>grundydeferred")


def test_the_build_end_writes_every_output_in_pages_and_search(tmp_path):
    outputs = [f'<div class="admonition"><p>Proved &amp; checked {n}</p></div>' for n in range(12)]
    placeholders = [deferred.later(BUILD, lambda o=o: o, waiting=True) for o in outputs]
    page = tmp_path / "ja" / "lesson" / "index.html"
    page.parent.mkdir(parents=True)
    page.write_text("<p>before</p>\n" + "\n".join(placeholders) + "\n<p>after</p>", encoding="utf-8")
    words = [p.removeprefix("<div>").removesuffix("</div>") for p in placeholders]
    (tmp_path / "search").mkdir()
    index = tmp_path / "search" / "search_index.json"
    index.write_text(json.dumps({"docs": [{"location": "ja/lesson/", "text": f"before {words[11]} after"}]}),
                     encoding="utf-8")
    deferred.fill(str(tmp_path), lambda html: html.replace("<p>", "<p class='done'>"))
    written = page.read_text(encoding="utf-8")
    assert "grundydeferred" not in written
    assert written.count("<p class='done'>Proved &amp; checked") == 12 and "checked 11</p>" in written
    assert json.loads(index.read_text(encoding="utf-8"))["docs"][0]["text"] == "before Proved & checked 11 after"


def test_the_built_site_has_no_placeholder_left(built_site):
    left = [str(p.relative_to(built_site)) for p in [*built_site.rglob("*.html"), *built_site.glob("search/*.json")]
            if "grundydeferred" in p.read_text(encoding="utf-8")]
    assert not left, left
    index = json.loads((built_site / "search" / "search_index.en.json").read_text(encoding="utf-8"))
    assert any("Proved for every position by machine" in doc["text"] for doc in index["docs"])
