"""Reading the built site: its pages, what each page links to or loads, and its anchors."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlparse

LOADING_LINK_RELS = {"stylesheet", "icon", "preload", "modulepreload", "prefetch", "manifest", "apple-touch-icon"}
CSS_URL = re.compile(r"""url\(\s*(['"]?)([^'")]+)\1\s*\)|@import\s+(['"])([^'"]+)\3""")
JS_REMOTE_LOAD = re.compile(
    r"""(?:\bimport\s*\(\s*|\bfrom\s*|\bimport\s+|fetch\s*\(\s*|importScripts\s*\(\s*|new\s+Worker\s*\(\s*|indexURL\s*:\s*)
        [`'"]https?://""",
    re.VERBOSE,
)


@dataclass
class Ref:
    """A URL found in a page: where (tag/attribute) and whether the browser loads it."""

    url: str
    where: str
    loads: bool


@dataclass
class PageInfo:
    refs: list[Ref] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)
    imgs: list[dict] = field(default_factory=list)
    svgs_without_title: int = 0
    lang: str = ""
    text_nodes: list[str] = field(default_factory=list)
    attr_values: list[str] = field(default_factory=list)


class _Parser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.info = PageInfo()
        self._svg_stack: list[dict] = []
        self._skip_text = 0

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        info = self.info
        for key in ("id", "name"):
            if key in a and tag != "meta" and tag not in ("input", "select", "textarea"):
                info.ids.add(a[key])
        for key in ("title", "alt", "aria-label", "placeholder"):
            if a.get(key):
                info.attr_values.append(a[key])
        if tag == "html":
            info.lang = a.get("lang", "")
        if tag in ("script", "style", "code"):  # code is not interface text
            self._skip_text += 1
        if tag == "a" and "href" in a:
            info.refs.append(Ref(a["href"], "a[href]", False))
        elif tag == "link" and "href" in a:
            rels = set(a.get("rel", "").lower().split())
            info.refs.append(Ref(a["href"], f"link[rel={a.get('rel', '')}]", bool(rels & LOADING_LINK_RELS)))
        for key in ("src", "data", "poster"):
            if key in a and tag in ("img", "script", "iframe", "source", "video", "audio", "embed", "object", "track", "input"):
                info.refs.append(Ref(a[key], f"{tag}[{key}]", True))
        if "srcset" in a:
            for part in a["srcset"].split(","):
                if part.strip():
                    info.refs.append(Ref(part.split()[0], f"{tag}[srcset]", True))
        if "style" in a:
            info.refs.extend(Ref(u, f"{tag}[style]", True) for u in css_urls(a["style"]))
        if tag == "img":
            info.imgs.append(a)
        if tag == "svg":
            self._svg_stack.append({"img": a.get("role") == "img", "title": False, "depth": len(self._svg_stack)})
        if tag == "title" and self._svg_stack:
            self._svg_stack[-1]["title"] = True

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag == "svg":
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag in ("script", "style", "code") and self._skip_text:
            self._skip_text -= 1
        if tag == "svg" and self._svg_stack:
            svg = self._svg_stack.pop()
            if svg["img"] and not svg["title"]:
                self.info.svgs_without_title += 1

    def handle_data(self, data):
        if not self._skip_text and data.strip():
            self.info.text_nodes.append(data.strip())


def parse_html(text: str) -> PageInfo:
    parser = _Parser()
    parser.feed(text)
    parser.close()
    return parser.info


def parse_page(path: Path) -> PageInfo:
    return parse_html(path.read_text(encoding="utf-8"))


def css_urls(css: str) -> list[str]:
    return [m.group(2) or m.group(4) for m in CSS_URL.finditer(css)]


def html_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def page_url(site: Path, path: Path, base: str) -> str:
    """URL of a built file when the site is served at base (ending with /)."""
    rel = path.relative_to(site).as_posix()
    if rel.endswith("index.html"):
        rel = rel[: -len("index.html")]
    return base + rel


def is_other_origin(url: str) -> bool:
    return urlparse(url).scheme in ("http", "https") or url.startswith("//")


def resolve(site: Path, base: str, page: Path, url: str) -> tuple[Path | None, str]:
    """The site file a relative URL points to (None if it leaves the site) and its fragment."""
    absolute = urljoin(page_url(site, page, base), url)
    parsed = urlparse(absolute)
    if not absolute.startswith(base):
        return None, parsed.fragment
    rel = unquote(parsed.path[len(urlparse(base).path):])
    target = site / rel
    if rel == "" or rel.endswith("/") or target.is_dir():
        target = target / "index.html"
    return target, parsed.fragment
