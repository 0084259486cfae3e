"""The API reference's examples: run at build time, each with an "Open in the Lab" link.

The reference (docs/api.md, docs/api.ja.md) is rendered by mkdocstrings from the engine's
docstrings, whose ``Examples:`` sections are doctests. `check_docstrings()` runs every
doctest of the modules the reference documents (once per build): a failing example stops
the build, naming the docstring's file and line. `link_examples(html, page_src)` gives each
rendered example (a highlighted block with ``>>>`` prompts) a link to the Lab holding it as a script: every
``>>>`` line, the expressions whose value the doctest shows wrapped in ``print()``.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import re
from html import escape, unescape

from mkdocs.exceptions import PluginError

from .examples import WORDS, lab_link

MODULES = ("grundy", "grundy.registry", "grundy.core", "grundy.table", "grundy.sums",
           "grundy.passing", "grundy.verify", "grundy.cli")
PAGES = ("api.md", "api.ja.md")
BLOCK = re.compile(r'<div class="(?:language-pycon )?highlight"><pre>(?:(?!</pre>).)*?'
                   r'<span class="gp">&gt;&gt;&gt; </span>.*?</pre></div>', re.S)
TAG = re.compile(r"<[^>]+>")
_checked: list[int] = []  # doctests run in this build (the check is done once)


def check_docstrings() -> int:
    """Run every doctest of MODULES; the number run, or ValueError naming the first failure."""
    finder = doctest.DocTestFinder()
    total = 0
    for name in MODULES:
        module = importlib.import_module(name)
        for test in finder.find(module, name):
            if not test.examples:
                continue
            runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
            failures = []
            runner.run(test, out=failures.append)
            if runner.failures:
                raise ValueError(f"the docstring example of {test.name} ({test.filename}, line "
                                 f"{(test.lineno or 0) + 1}) fails:\n{''.join(failures)}")
            total += len(test.examples)
    return total


def lab_code(doctest_text: str) -> str:
    """The doctest as a script: shown values are printed (unless the line prints itself)."""
    lines = []
    for example in doctest.DocTestParser().get_examples(doctest_text):
        source = example.source.rstrip("\n")
        shown = example.want and not example.exc_msg
        try:
            expression = isinstance(ast.parse(source).body[0], ast.Expr)
        except SyntaxError:
            expression = False
        if shown and expression and not source.startswith("print("):
            source = f"print({source})"
        lines.append(source)
    return "\n".join(lines) + "\n"


def link_examples(html: str, page_src: str) -> str:
    """On the API pages: check the docstrings' examples (once), link each one to the Lab."""
    if page_src not in PAGES:
        return html
    if not _checked:
        try:
            _checked.append(check_docstrings())
        except ValueError as exc:
            raise PluginError(f"{page_src}: {exc}") from None
    lang = "ja" if page_src.endswith(".ja.md") else "en"

    def linked(match: re.Match) -> str:
        text = unescape(TAG.sub("", match[0]))
        href = lab_link(page_src, lab_code(text))
        return (f'{match[0]}\n<p class="api-lab"><a class="md-button pyexample-lab" '
                f'href="{escape(href)}">{escape(WORDS[lang]["open"])}</a></p>')

    return BLOCK.sub(linked, html)
