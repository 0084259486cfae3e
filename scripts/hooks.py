"""mkdocs hook: expand ```grundy directive blocks with the generators of scripts/sitegen.

A lesson writes a fenced block whose language is ``grundy`` and whose body is a
generator name followed by ``key=value`` pairs (quote values with spaces)::

    ```grundy
    table game=ryuoh p=3 max=12 source=engine
    ```

``on_page_markdown`` parses every such block (blocks nested in other fences are
left alone; indented blocks inside admonitions/tabs keep their indentation) and
replaces it with ``sitegen.render(name, args, ctx)``, Markdown or HTML in the
page's language. HTML output (text starting with ``<``) is kept out of the Markdown
parser: a placeholder paragraph stands in for it and ``on_page_content`` puts the HTML
back, so HTML from a block indented in a tab or an admonition stays a clean HTML block.

The ``ctx`` object (class ``GenContext``) passed to the generators:

- ``ctx.lang``: ``"en"`` or ``"ja"``, from the page's file suffix (``*.ja.md``).
- ``ctx.page_src``: the page's source path in docs/, e.g. ``"triangular-chocolate.md"``
  or ``"triangular-chocolate.ja.md"``.
- ``ctx.asset(relpath, data) -> str``: stores a generated file (figure, CSV; ``data``
  is ``bytes`` or ``str``) as ``site/generated/<relpath>`` and returns its URL
  RELATIVE TO THE CURRENT PAGE (right for ``/ja/`` pages and directory URLs).
  Use that URL in raw HTML (``<img src>``, ``<a href download>``); mkdocs does
  not rewrite raw HTML, but it would rewrite a Markdown ``![](...)`` link.
  The file is registered in mkdocs' file collection, so it is written after
  mkdocs cleans ``site/`` and ``mkdocs serve`` serves it too.
- ``ctx.cache_dir``: a ``pathlib.Path`` (``.cache/sitegen/``, gitignored, created) for
  expensive results; key file names by the generator's arguments.

On Japanese pages, a line break between two Japanese characters is removed before
parsing (Markdown would turn it into a visible space: "おらず、 式は").

``on_post_page`` also turns root-absolute links under site_url's path (mkdocs-static-i18n
writes the home pages' language switcher as ``/chocolate-games/ja/``) into relative
links, so the site works under any sub-path.

Until ``scripts/sitegen/`` exists a block renders as a "generator not available"
note. Once it exists, any error (unknown generator, bad argument) stops the build
with a message naming the page, the line and the block.
"""

from __future__ import annotations

import importlib
import importlib.util
import itertools
import posixpath
import re
import shlex
import sys
from pathlib import Path
from urllib.parse import urlsplit

from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, InclusionLevel

SCRIPTS_DIR = Path(__file__).resolve().parent
ROOT = SCRIPTS_DIR.parent
CACHE_DIR = ROOT / ".cache" / "sitegen"
GENERATED_DIR = "generated"

_STASH: dict[str, str] = {}
_STASH_IDS = itertools.count()

FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^\s`]*)")


class DirectiveError(ValueError):
    """A ```grundy block that cannot be parsed."""


class GenContext:
    """What a generator knows about the page it renders into (see module docstring)."""

    def __init__(self, page, config, files):
        self.page_src = page.file.src_uri
        self.lang = "ja" if self.page_src.endswith(".ja.md") else "en"
        self.cache_dir = CACHE_DIR
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        self._page_dir = posixpath.dirname(page.file.dest_uri) or "."
        self._config = config
        self._files = files

    def asset(self, relpath: str, data: bytes | str) -> str:
        """Store ``data`` as site/generated/<relpath>; return its URL relative to the page."""
        relpath = posixpath.normpath(relpath.replace("\\", "/"))
        if relpath.startswith(("/", "..")) or relpath == ".":
            raise DirectiveError(f"asset path must stay inside generated/: {relpath!r}")
        src_uri = f"{GENERATED_DIR}/{relpath}"
        old = self._files.get_file_from_path(src_uri)
        if old is not None:
            self._files.remove(old)
        self._files.append(
            File.generated(self._config, src_uri, content=data, inclusion=InclusionLevel.INCLUDED)
        )
        return posixpath.relpath(src_uri, self._page_dir)


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


def find_blocks(markdown: str):
    """Yield (first_line, last_line, indent, body) for each top-level ```grundy block."""
    lines = markdown.split("\n")
    i = 0
    while i < len(lines):
        match = FENCE_OPEN.match(lines[i])
        if not match:
            i += 1
            continue
        fence, indent = match["fence"], match["indent"]
        close = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        end = i + 1
        while end < len(lines) and not close.match(lines[end]):
            end += 1
        if match["info"] == "grundy":
            body = " ".join(line.strip() for line in lines[i + 1 : end])
            yield i, min(end, len(lines) - 1), indent, body
        i = end + 1


CJK = "\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff60"
CJK_END = re.compile(f"[{CJK}]$")
CJK_START = re.compile(f"^[ \t]*[{CJK}]")


def join_japanese_lines(markdown: str) -> str:
    """Join text lines broken between two Japanese characters (outside code fences)."""
    out: list[str] = []
    fence = None
    for line in markdown.split("\n"):
        opening = FENCE_OPEN.match(line)
        if fence is None and opening:
            fence = opening["fence"]
        elif fence is not None and line.strip().startswith(fence) and not line.strip().strip(fence[0]):
            fence = None
        elif (fence is None and out and CJK_END.search(out[-1]) and CJK_START.match(line)
              and not out[-1].lstrip().startswith("#")):
            out[-1] += line.lstrip()
            continue
        out.append(line)
    return "\n".join(out)


def _load_sitegen():
    """The sitegen package, or None while it does not exist yet."""
    if str(SCRIPTS_DIR) not in sys.path:
        sys.path.insert(0, str(SCRIPTS_DIR))
    if importlib.util.find_spec("sitegen") is None:
        return None
    try:
        return importlib.import_module("sitegen")
    except Exception as exc:
        raise PluginError(f"cannot import scripts/sitegen: {type(exc).__name__}: {exc}") from exc


def _placeholder(name: str, lang: str) -> str:
    if lang == "ja":
        return f'!!! warning "生成器がありません"\n    生成器 `{name}` はまだ利用できません。'
    return f'!!! warning "Generator not available"\n    Generator `{name}` is not available yet.'


def _indent(text: str, indent: str) -> str:
    return "\n".join(indent + line if line.strip() else line for line in text.split("\n"))


def on_page_markdown(markdown, page, config, files):
    """Replace every ```grundy block of the page by its generated content."""
    if page.file.src_uri.endswith(".ja.md"):
        markdown = join_japanese_lines(markdown)
    blocks = list(find_blocks(markdown))
    if not blocks:
        return markdown
    sitegen = _load_sitegen()
    ctx = GenContext(page, config, files)
    lines = markdown.split("\n")
    for first, last, indent, body in reversed(blocks):
        where = f"{ctx.page_src}, line {first + 1}, block `{body}`"
        try:
            name, args = parse_directive(body)
            if sitegen is None:
                output = _placeholder(name, ctx.lang)
            else:
                output = sitegen.render(name, args, ctx)
        except Exception as exc:
            raise PluginError(f"grundy directive failed in {where}: {type(exc).__name__}: {exc}") from exc
        output = str(output)
        if output.lstrip().startswith("<"):
            token = f"GRUNDYBLOCK{next(_STASH_IDS):06d}"
            _STASH[token] = output
            output = token
        lines[first : last + 1] = ["", _indent(output, indent), ""]
    return "\n".join(lines)


def on_page_content(html, page, config, files):
    """Put the stashed HTML of the page's ```grundy blocks in place of their placeholders."""

    def restore(match):
        return _STASH.pop(match[1])

    html = re.sub(r"<p>(GRUNDYBLOCK\d{6})</p>", restore, html)
    if "GRUNDYBLOCK" in html:
        raise PluginError(f"{page.file.src_uri}: a ```grundy block's HTML ended up inside other text")
    if page.file.src_uri.endswith(".ja.md"):  # the toc extension's permalink title is English only
        html = html.replace('title="Permanent link"', 'title="この見出しへのリンク"')
    return html


ROOT_LINK = re.compile(r"""(\s(?:href|src)=")(/[^"]*)(")""")


def relative_link(target: str, page_url: str, prefix: str) -> str:
    """The link to root-absolute ``target`` from the page at site-relative ``page_url``."""
    if not target.startswith(prefix):
        return target
    path, sep, rest = target[len(prefix):].partition("#")
    base = page_url if page_url.endswith("/") or not page_url else posixpath.dirname(page_url) + "/"
    rel = posixpath.relpath(path or ".", base or ".")
    if path.endswith("/") or not path:
        rel = rel.rstrip("/") + "/"
    return rel + sep + rest


@event_priority(-200)
def on_post_page(output, page, config):
    """Make links under site_url's path relative to the page (see the module docstring)."""
    prefix = urlsplit(config.site_url or "").path.rstrip("/") + "/"
    return ROOT_LINK.sub(lambda m: m[1] + relative_link(m[2], page.url, prefix) + m[3], output)
