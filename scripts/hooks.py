"""mkdocs hook: wires the modules of scripts/sitehooks/ to mkdocs' events.

- the ```grundy directive is a pymdownx.superfences custom fence (``sitehooks.fence``)
  whose output comes from the generators in scripts/sitegen/;
- each page's language, source line numbers and generated files (``sitehooks.page``,
  ``sitehooks.assets``);
- Japanese pages: line breaks between Japanese characters joined, Japanese UI strings
  (``sitehooks.japanese``);
- links under site_url's path made relative (``sitehooks.links``);
- one search index per language, formulas as plain text (``sitehooks.search``);
- the 404 page in the default language, linking to the home pages (``sitehooks.notfound``);
- the API reference's docstring examples run and linked to the Lab (``sitegen.apiexamples``);
- tables in their scrolling boxes, and Material's bundle patched where its start
  restyled the whole page (``sitehooks.tables``, ``sitehooks.material_js``);
- images far down a page loaded lazily (``sitehooks.images``);
- a page's widget modules and first play data asked for from its head (``sitehooks.preload``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mkdocs.plugins import event_priority

SCRIPTS_DIR = str(Path(__file__).resolve().parent)
if SCRIPTS_DIR not in sys.path:
    sys.path.insert(0, SCRIPTS_DIR)

from sitehooks import fence, images, japanese, links, material_js, notfound, preload, search, tables  # noqa: E402
from sitehooks import page as rendering  # noqa: E402
import sitegen  # noqa: E402
from sitegen import apiexamples, deferred  # noqa: E402


def on_config(config):
    """Register the ```grundy fence and the Japanese line joiner; start the generators'
    long computations."""
    fence.register(config)
    japanese.register(config)
    sitegen.prefetch(rendering.CACHE_DIR)
    return config


def on_page_markdown(markdown, page, config, files):
    """Remember the page the Markdown converter is about to render."""
    rendering.begin(markdown, page, config, files)
    return markdown


def on_page_content(html, page, config, files):
    """The page is converted; the API reference's examples are run and linked to the Lab;
    tables are wrapped in their scrolling boxes; images far down load lazily; Japanese
    pages get Japanese UI strings."""
    rendering.end()
    html = apiexamples.link_examples(html, page.file.src_uri)
    return japanese.translate_ui(images.lazy_below_fold(tables.wrap(html)), page.file.src_uri)


@event_priority(-200)
def on_post_page(output, page, config):
    """Preload the page's widget modules and first play data; make links under site_url's
    path relative to the page (after every other plugin)."""
    output = preload.add_links(output, Path(config.docs_dir), config.site_url)
    return links.make_relative(output, page.url, config.site_url)


def on_pre_template(template, template_name, config):
    """The 404 page's language links go to the home pages."""
    notfound.home_links(template_name, config)
    return template


def on_post_template(output_content, template_name, config):
    """Only the default language writes 404.html."""
    return notfound.default_language_only(output_content, template_name, config)


@event_priority(-200)
def on_post_build(config):
    """Write the directives deferred while the machine proofs were under way; split the
    search index by language (after the search and i18n plugins wrote it); patch
    Material's bundle."""
    deferred.fill(config.site_dir, tables.wrap)
    search.split_index(config.site_dir, search.language_prefixes(config))
    material_js.patch_bundle(config.site_dir)
