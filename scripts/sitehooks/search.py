"""One search index per language, with formulas as plain text.

Material's search plugin (with mkdocs-static-i18n) writes one index holding every
language, with formulas as raw LaTeX (``\\(ky \\le x + z\\)``). ``split_index`` replaces it by
``search/search_index.<lang>.json``; docs/assets/javascripts/search-index.js loads the
page language's one when the reader opens the search. Each page's entry also carries the
titles of its other-language editions in a field ``alias`` (searched, never shown), so
"Sierpinski" typed on a Japanese page finds the Japanese page about the gasket.
"""

from __future__ import annotations

import json
from pathlib import Path

from .plainmath import strip_math


def language_prefixes(config) -> list[tuple[str, str]]:
    """[(language, location prefix)], longest prefix first: [("ja", "ja/"), ("en", "")]."""
    i18n = config.plugins.get("i18n")
    if i18n is None:
        return [(config.theme["language"], "")]
    pairs = [(lang.locale, "" if lang.default else lang.link.strip("/") + "/")
             for lang in i18n.config.languages if lang.build]
    return sorted(pairs, key=lambda pair: -len(pair[1]))


def split_index(site_dir: str, prefixes: list[tuple[str, str]]) -> None:
    """Replace search/search_index.json by one plain-text index per language."""
    path = Path(site_dir) / "search" / "search_index.json"
    if not path.is_file():
        return
    index = json.loads(path.read_text(encoding="utf-8"))
    default = next(lang for lang, prefix in prefixes if not prefix)
    docs: dict[str, list] = {lang: [] for lang, _ in prefixes}
    titles: dict[str, list[str]] = {}  # page location without language prefix -> its titles
    for doc in index["docs"]:
        lang, prefix = next(pair for pair in prefixes if doc["location"].startswith(pair[1]))
        doc = {**doc, "title": strip_math(doc["title"]), "text": strip_math(doc["text"])}
        docs[lang].append(doc)
        if "#" not in doc["location"]:
            titles.setdefault(doc["location"][len(prefix):], []).append(doc["title"])
    for lang, prefix in prefixes:
        for doc in docs[lang]:
            if "#" not in doc["location"]:
                others = [t for t in titles[doc["location"][len(prefix):]] if t != doc["title"]]
                doc["alias"] = " ".join(others)
    fields = {**index["config"]["fields"], "alias": {"boost": 100.0}}
    for lang, entries in docs.items():
        config = {**index["config"], "fields": fields, "lang": list(dict.fromkeys([default, lang]))}
        out = path.with_name(f"search_index.{lang}.json")
        out.write_text(json.dumps({"config": config, "docs": entries}, ensure_ascii=False,
                                  separators=(",", ":")), encoding="utf-8")
    path.unlink()
