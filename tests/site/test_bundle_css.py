"""One stylesheet per page (scripts/bundle_css.py): every page of the built site links the
same bundle and nothing else; the bundle holds every stylesheet the pages linked, its
url()s point at files that exist, and Material's palette-switching rule is left out."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from sitehtml import css_urls, html_pages

from bench.serve import PAGES_URL

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import bundle_css  # noqa: E402

SUBPATH = urlsplit(PAGES_URL).path  # the 404 page links from the site's path

STYLESHEET = re.compile(r'<link rel="stylesheet" href="([^"]+)"[^>]*>')


def test_every_page_links_one_bundle(built_site):
    bundles = set()
    for page in html_pages(built_site):
        head = page.read_text(encoding="utf-8").split("</head>")[0]
        links = STYLESHEET.findall(head)
        assert len(links) == 1, f"{page.relative_to(built_site)}: {links}"
        if links[0].startswith("/"):
            assert links[0].startswith(SUBPATH), f"{page.relative_to(built_site)}: {links}"
            target = built_site / links[0][len(SUBPATH):]
        else:
            target = (page.parent / links[0]).resolve()
        assert target.is_file() and "data-gx-styles" in head, page
        bundles.add(target)
    assert len(bundles) == 1


def test_bundle_holds_every_stylesheet_and_its_files(built_site):
    (bundle,) = (built_site / bundle_css.FOLDER).glob("bundle.*.css")
    css = bundle.read_text(encoding="utf-8")
    parts = re.findall(r"^/\* (\S+\.css) \*/$", css, re.M)
    for expected in ("main.", "palette.", "katex.min.css", "site.css", "widgets.css", "app.css",
                     "exercises.css"):
        assert any(expected in part for part in parts), expected
    local = [url for url in css_urls(css) if not url.startswith(("data:", "#"))]
    assert local and all((bundle.parent / url).is_file() for url in local)
    assert bundle_css.DROPPED not in css and "sourceMappingURL" not in css


def page(tmp: Path, rel: str, hrefs: list[str]) -> Path:
    path = tmp / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    links = "".join(f'<link rel="stylesheet" href="{href}">\n' for href in hrefs)
    path.write_text(f"<html><head>\n{links}</head><body>x</body></html>", encoding="utf-8")
    return path


@pytest.mark.parametrize("root", ["/", "/games-fork/"])
def test_bundle_rewrites_urls_and_links(tmp_path, root):
    """At a domain's root and under a sub-path (the 404 page links from the site's path)."""
    (tmp_path / "assets/stylesheets").mkdir(parents=True)
    (tmp_path / "assets/stylesheets/main.css").write_text(bundle_css.DROPPED + "a{color:red}")
    (tmp_path / "assets/k").mkdir()
    (tmp_path / "assets/k/k.css").write_text("@font-face{src:url(fonts/f.woff2)}b{background:url('data:x')}")
    home = page(tmp_path, "index.html", ["assets/stylesheets/main.css", "assets/k/k.css"])
    lesson = page(tmp_path, "a/index.html", ["../assets/stylesheets/main.css"])
    missing = page(tmp_path, "404.html", [root + "assets/stylesheets/main.css", root + "assets/k/k.css"])
    name = bundle_css.bundle(tmp_path, root)
    css = (tmp_path / name).read_text()
    assert "url(../k/fonts/f.woff2)" in css and "url('data:x')" in css and "color:red" in css
    assert bundle_css.DROPPED not in css
    assert STYLESHEET.findall(home.read_text()) == [name]
    assert STYLESHEET.findall(lesson.read_text()) == ["../" + name]
    assert STYLESHEET.findall(missing.read_text()) == [root + name]


def test_a_404_page_outside_the_sites_path_is_refused(tmp_path):
    (tmp_path / "main.css").write_text(bundle_css.DROPPED)
    page(tmp_path, "index.html", ["main.css"])
    page(tmp_path, "404.html", ["/main.css"])
    with pytest.raises(bundle_css.BundleError, match="MKDOCS_SITE_URL"):
        bundle_css.bundle(tmp_path, "/games-fork/")


def test_pages_linking_in_another_order_are_refused(tmp_path):
    for name in ("a.css", "b.css"):
        (tmp_path / name).write_text(bundle_css.DROPPED)
    page(tmp_path, "index.html", ["a.css", "b.css"])
    page(tmp_path, "x/index.html", ["../b.css", "../a.css"])
    with pytest.raises(bundle_css.BundleError, match="another order"):
        bundle_css.bundle(tmp_path)


def test_command_line_usage(tmp_path, capsys):
    assert bundle_css.main([]) == 2
    assert bundle_css.main([str(tmp_path)]) == 1          # no page links a stylesheet
    assert "no page" in capsys.readouterr().err
