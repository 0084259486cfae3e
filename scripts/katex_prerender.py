"""mkdocs hook: typeset the math at build time with the pinned KaTeX (node_modules/katex).

pymdownx.arithmatex (generic) leaves ``<span class="arithmatex">\\(...\\)</span>`` and
``<div class="arithmatex">\\[...\\]</div>``; each page's formulas are rendered in one
Node process into KaTeX's HTML and MathML, so pages need only katex.min.css and its fonts:
no math JavaScript runs in the reader's browser (it was the longest task of a page load)
and instant navigation needs no re-typesetting. A formula KaTeX cannot parse stops the
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
const chunks = [];
process.stdin.on("data", (chunk) => chunks.push(chunk)).on("end", () => {
  const out = [];
  for (const [tex, displayMode] of JSON.parse(Buffer.concat(chunks).toString())) {
    try {
      out.push(katex.renderToString(tex, { displayMode, throwOnError: true }));
    } catch (err) {
      process.stderr.write(`${tex}: ${err.message}\\n`);
      process.exit(1);
    }
  }
  process.stdout.write(JSON.stringify(out));
});
"""


def formula(source: str) -> tuple[str, bool]:
    """(TeX, display?) of an arithmatex element's escaped text."""
    text = html.unescape(source).strip()
    end, display = DELIMITERS.get(text[:2], (None, False))
    if end is None or not text.endswith(end):
        raise PluginError(f"katex_prerender: unexpected math markup {text[:60]!r}")
    return text[2:-2].strip(), display


def render(formulas: list[tuple[str, bool]]) -> list[str]:
    proc = subprocess.run(["node", "-e", RENDER, str(KATEX)], input=json.dumps(formulas),
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise PluginError(f"katex_prerender: {proc.stderr.strip().splitlines()[-1]}")
    return json.loads(proc.stdout)


def on_post_page(output: str, page, config) -> str:
    found = MATH.findall(output)
    if not found:
        return output
    rendered = iter(render([formula(m[2]) for m in found]))
    return MATH.sub(lambda m: m[1] + next(rendered) + m[4], output)
