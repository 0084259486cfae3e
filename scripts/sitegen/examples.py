"""Generator `pyexample`: Python examples run at build time, each with an "Open in the Lab" link.

An example is a file scripts/lab/examples/NAME.py. Its header lines ``# title: ...``,
``# title-ja: ...`` and ``# group: start|theorem|open`` name it (and are not shown); a comment
line ``# en: ...`` or ``# ja: ...`` is kept, as ``# ...``, in that language only.
The code runs through `grundy.lab.run`, the Lab's own runner, so it behaves as in the
browser (``show()`` included); an error stops the build. Results are cached on disk,
keyed by the code and the engine's source (`cache.key`).

- ``pyexample name=NAME``: the code, its output and a link to ``lab/#code=<the code>``.
- ``pyexample menu=lab``: every example (each run once) as the Lab's menu data, a
  ``<div hidden data-lab-examples="...">`` whose attribute is the JSON list of {id, group,
  title, code} (not a ``<script>``: Material's instant navigation re-creates scripts without
  their type; not text either: the search index would hold it).
"""

from __future__ import annotations

import json
import re
from html import escape
from pathlib import Path
from urllib.parse import quote

from grundy import lab
from pygments import highlight
from pygments.formatters import HtmlFormatter
from pygments.lexers import PythonLexer

from . import cache
from .args import Args

EXAMPLES = Path(__file__).resolve().parents[1] / "lab" / "examples"
HEADER = re.compile(r"^# (title|title-ja|group): (.*)$")
LANG_LINE = re.compile(r"^(\s*)# (en|ja): ?(.*)$")
GROUPS = ("start", "theorem", "open")
SHOWN_ROWS = 12
WORDS = {
    "en": {"open": "Open in the Lab", "output": "Output (computed when this page was built)",
           "rows": "… {n} rows in all (run it in the Lab to download them as CSV)."},
    "ja": {"open": "ラボで開く", "output": "出力 (このページのビルド時に計算)",
           "rows": "… 全部で {n} 行 (ラボで実行すると CSV でダウンロードできます)。"},
}


class Example:
    """One example file: its title, group and code in each language."""

    def __init__(self, path: Path):
        self.id = path.stem
        meta, body = {}, []
        for line in path.read_text(encoding="utf-8").splitlines():
            match = HEADER.match(line)
            if match and not body:
                meta[match[1]] = match[2].strip()
            else:
                body.append(line)
        if meta.get("group") not in GROUPS or "title" not in meta:
            raise ValueError(f"{path.name}: needs '# title:' and '# group: start|theorem|open' header lines")
        self.group = meta["group"]
        self.titles = {"en": meta["title"], "ja": meta.get("title-ja", meta["title"])}
        self.body = body

    def code(self, lang: str) -> str:
        """The code with the comments of `lang` only."""
        out = []
        for line in self.body:
            match = LANG_LINE.match(line)
            if not match:
                out.append(line)
            elif match[2] == lang:
                out.append(f"{match[1]}# {match[3]}".rstrip())
        return "\n".join(out).strip("\n") + "\n"


def load(name: str) -> Example:
    path = EXAMPLES / f"{name}.py"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in EXAMPLES.glob("*.py")))
        raise ValueError(f"no example {name!r} (known: {known})")
    return Example(path)


def all_examples() -> list[Example]:
    """Every example, by group (start, theorems, open problems), then by file name."""
    found = [Example(p) for p in sorted(EXAMPLES.glob("*.py"))]
    return sorted(found, key=lambda e: GROUPS.index(e.group))


def execute(code: str, lang: str, cache_dir: Path, where: str) -> list[list[str]]:
    """[kind, text] items printed or shown by `code` (the Lab's runner), cached on disk."""
    path = cache_dir / "pyexamples" / f"{cache.key('pyexample', code, lang)}.json"
    if path.exists():
        return json.loads(path.read_text(encoding="utf-8"))
    items: list[list[str]] = []
    result = json.loads(lab.run(code, lambda kind, text: items.append([kind, text]), lang))
    if result["status"] != "ok":
        raise ValueError(f"{where}: line {result.get('line')}: {result.get('type')}: {result.get('message')}")
    cache.store(path, json.dumps(items, ensure_ascii=False))
    return items


def lab_link(page_src: str, code: str) -> str:
    """The relative URL of the Lab (same language) holding `code`, from the page `page_src`."""
    parts = re.sub(r"(\.ja)?\.md$", "", page_src).split("/")
    if parts[-1] == "index":  # directory URLs: index pages live in their folder, others in their own
        parts.pop()
    return f"{'../' * len(parts)}lab/#code={quote(code, safe='')}"


def _rich_html(item: dict, lang: str) -> str:
    if item["type"] == "svg":
        return f'<figure class="lab-figure" style="max-width: min(100%, 20rem)">{item["svg"]}</figure>'
    head = "".join(f"<th>{escape(str(h))}</th>" for h in item["header"])
    body = "".join("<tr>" + "".join(f"<td>{escape(str(v))}</td>" for v in row) + "</tr>"
                   for row in item["rows"][:SHOWN_ROWS])
    note = (f'<p class="lab-note">{escape(WORDS[lang]["rows"].format(n=item["total"]))}</p>'
            if item["total"] > SHOWN_ROWS else "")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{note}"


def output_html(items: list[list[str]], lang: str) -> str:
    """The example's output: printed text as <pre>, pictures and tables as HTML."""
    parts, text = [], ""
    for kind, value in [*items, ["end", ""]]:
        if kind in ("out", "err"):
            text += value
            continue
        if text.strip():
            parts.append(f"<pre><code>{escape(text.rstrip())}</code></pre>")
        text = ""
        if kind == "rich":
            parts.append(_rich_html(json.loads(value), lang))
    return "\n".join(parts)


def example_html(ex: Example, ctx) -> str:
    code = ex.code(ctx.lang)
    items = execute(code, ctx.lang, ctx.cache_dir, f"grundy pyexample {ex.id}")
    words = WORDS[ctx.lang]
    source = highlight(code, PythonLexer(), HtmlFormatter(wrapcode=True))
    return (f'<div class="pyexample" data-example="{escape(ex.id)}">\n'
            f'<p class="pyexample-title"><strong>{escape(ex.titles[ctx.lang])}</strong></p>\n{source}\n'
            f'<p class="pyexample-output-label">{escape(words["output"])}</p>\n'
            f'<div class="pyexample-output">\n{output_html(items, ctx.lang)}\n</div>\n'
            f'<p><a class="md-button pyexample-lab" href="{escape(lab_link(ctx.page_src, code))}">'
            f'{escape(words["open"])}</a></p>\n</div>')


def menu_html(ctx) -> str:
    """The Lab's examples (each checked by running it) as JSON for docs/assets/lab/lab.js."""
    data = []
    for ex in all_examples():
        code = ex.code(ctx.lang)
        execute(code, ctx.lang, ctx.cache_dir, f"grundy pyexample {ex.id}")
        data.append({"id": ex.id, "group": ex.group, "title": ex.titles[ctx.lang], "code": code})
    return f'<div hidden data-lab-examples="{escape(json.dumps(data, ensure_ascii=False))}"></div>'


def pyexample(args: dict[str, str], ctx) -> str:
    """Arguments: name=NAME (an example of scripts/lab/examples/), or menu=lab."""
    a = Args("pyexample", args)
    if a.has("menu"):
        a.choice("menu", ("lab",))
        a.done()
        return menu_html(ctx)
    name = a.get("name")
    a.done()
    try:
        return example_html(load(name), ctx)
    except ValueError as e:
        raise a.error(str(e)) from None
