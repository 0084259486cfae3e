"""mkdocs hook: typeset the math at build time with the pinned KaTeX (node_modules/katex).

pymdownx.arithmatex (generic) leaves ``<span class="arithmatex">\\(...\\)</span>`` and
``<div class="arithmatex">\\[...\\]</div>``; each page's formulas are rendered into KaTeX's
HTML and MathML by one Node process (started once per build, fed a page per line), so
pages need only katex.min.css and its fonts: no math JavaScript runs in the reader's
browser (it was the longest task of a page load) and instant navigation needs no
re-typesetting. A formula KaTeX cannot parse stops the
build with its message.
"""

from __future__ import annotations

import html
import json
import re
import subprocess
from pathlib import Path

from mkdocs.exceptions import PluginError

KATEX = Path(__file__).resolve().parent.parent / "node_modules" / "katex"
MATH = re.compile(r'(<(span|div) class="arithmatex">)(.*?)(</\2>)', re.S)
DELIMITERS = {"\\(": ("\\)", False), "\\[": ("\\]", True)}
RENDER = """
const katex = require(process.argv[1]);
const lines = require("readline").createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const out = [];
  for (const [tex, displayMode] of JSON.parse(line)) {
    try {
      out.push(katex.renderToString(tex, { displayMode, throwOnError: true }));
    } catch (err) {
      process.stdout.write(JSON.stringify({ error: `${tex}: ${err.message}` }) + "\\n");
      return;
    }
  }
  process.stdout.write(JSON.stringify(out) + "\\n");
});
"""
_node: list[subprocess.Popen] = []  # one Node process for the whole build (it starts in ~0.1 s CPU)


def formula(source: str) -> tuple[str, bool]:
    """(TeX, display?) of an arithmatex element's escaped text."""
    text = html.unescape(source).strip()
    end, display = DELIMITERS.get(text[:2], (None, False))
    if end is None or not text.endswith(end):
        raise PluginError(f"katex_prerender: unexpected math markup {text[:60]!r}")
    return text[2:-2].strip(), display


def render(formulas: list[tuple[str, bool]]) -> list[str]:
    """KaTeX's HTML of each (TeX, display?), by the build's one Node process."""
    if not _node or _node[0].poll() is not None:
        _node[:] = [subprocess.Popen(["node", "-e", RENDER, str(KATEX)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, encoding="utf-8")]
    proc = _node[0]
    proc.stdin.write(json.dumps(formulas) + "\n")
    proc.stdin.flush()
    answer = proc.stdout.readline()
    if not answer:
        raise PluginError("katex_prerender: the Node process ended")
    result = json.loads(answer)
    if isinstance(result, dict):
        raise PluginError(f"katex_prerender: {result['error']}")
    return result


def on_post_page(output: str, page, config) -> str:
    found = MATH.findall(output)
    if not found:
        return output
    rendered = iter(render([formula(m[2]) for m in found]))
    return MATH.sub(lambda m: m[1] + next(rendered) + m[4], output)
