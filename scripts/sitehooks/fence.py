"""The ```grundy directive: a pymdownx.superfences custom fence (as markdown-exec does it).

A lesson writes a fenced block whose language is ``grundy`` and whose body is a
generator name followed by ``key=value`` pairs (quote values with spaces)::

    ```grundy
    table game=ryuoh p=3 max=12 source=engine
    ```

SuperFences finds the block (also indented in admonitions and tabs, never inside another
fence), calls ``validator`` on its header and ``formatter`` on its body, and keeps the
returned HTML away from the Markdown parser. ``formatter`` returns
``sitegen.render(name, args, ctx)`` for the page being rendered (``page.current()``).
Any error stops the build with a message naming the page and the source line.
"""

from __future__ import annotations

import importlib
import shlex
import sys
from pathlib import Path

from mkdocs.exceptions import PluginError
from pymdownx.superfences import SuperFencesException

from . import page

NAME = "grundy"
SCRIPTS_DIR = Path(__file__).resolve().parents[1]


class DirectiveError(ValueError):
    """A ```grundy block that cannot be parsed."""


class FenceError(SuperFencesException, PluginError):
    """Stops the build: SuperFences lets it through, mkdocs prints it as one line."""


def parse_directive(body: str) -> tuple[str, dict[str, str]]:
    """Split a directive body into (generator name, {key: value})."""
    try:
        tokens = shlex.split(body, comments=False, posix=True)
    except ValueError as exc:
        raise DirectiveError(f"cannot split the directive ({exc})") from None
    if not tokens:
        raise DirectiveError("empty directive: expected a generator name")
    name, *pairs = tokens
    if "=" in name:
        raise DirectiveError(f"the first word must be a generator name, not {name!r}")
    args: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise DirectiveError(f"expected key=value, got {pair!r}")
        if key in args:
            raise DirectiveError(f"argument {key!r} given twice")
        args[key] = value
    return name, args


def _sitegen():
    """The generators package scripts/sitegen."""
    if str(SCRIPTS_DIR) not in sys.path:
        sys.path.insert(0, str(SCRIPTS_DIR))
    try:
        return importlib.import_module("sitegen")
    except Exception as exc:
        raise PluginError(f"cannot import scripts/sitegen: {type(exc).__name__}: {exc}") from exc


def validator(language, inputs, options, attrs, md) -> bool:
    """Accept ```grundy headers without options (the directive is the block's body)."""
    if inputs or attrs:
        where = page.current().ctx.page_src if page.current() else "a page"
        raise FenceError(f"```grundy in {where}: write the directive in the block, "
                         f"not on the fence line ({' '.join(inputs) or attrs})")
    return True


def formatter(source, language, css_class, options, md, **kwargs) -> str:
    """The HTML of one ```grundy block, rendered for the current page."""
    current = page.current()
    if current is None:
        raise FenceError("a ```grundy block outside a page: only lessons can hold directives")
    body = " ".join(line.strip() for line in source.split("\n")).strip()
    try:
        name, args = parse_directive(body)
        return _sitegen().render(name, args, current.ctx).strip()
    except Exception as exc:
        line = current.line_of(source)
        raise FenceError(f"grundy directive failed in {current.ctx.page_src}, line {line}, "
                         f"block `{body}`: {type(exc).__name__}: {exc}") from exc


def register(config) -> None:
    """Add the ```grundy fence to pymdownx.superfences' custom fences (once)."""
    if "pymdownx.superfences" not in config.markdown_extensions:
        raise PluginError("the ```grundy directive needs the pymdownx.superfences extension")
    fences = config.mdx_configs.setdefault("pymdownx.superfences", {}).setdefault("custom_fences", [])
    if not any(f.get("name") == NAME for f in fences):
        fences.append({"name": NAME, "class": NAME, "validator": validator, "format": formatter})
