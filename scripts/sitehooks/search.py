"""One search index per language, with formulas as plain text.

Material's search plugin (with mkdocs-static-i18n) writes one index holding every
language, with formulas as raw LaTeX (``\\(ky \\le x + z\\)``). ``split_index`` replaces it by
``search/search_index.<lang>.json``; docs/assets/javascripts/search-index.js loads the
page language's one when the reader opens the search. Each page's entry also carries the
titles of its other-language editions in a field ``alias`` (searched, never shown), so
"Sierpinski" typed on a Japanese page finds the Japanese page about the gasket, and its
words with accents written without them in fields ``folded_title`` and ``folded``, weighed
as the title and the text ("misere" finds "misère").
The API reference's entries weigh less (``API_BOOST``): a word the lessons teach finds the
lessons first, not the docstrings that name it.
"""

from __future__ import annotations

import json
import re
import unicodedata
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


API_BOOST = 0.2


def folded(text: str) -> str:
    """The words of `text` that have accents, written without them ("misère" -> "misere")."""
    words = set(re.findall(r"[^\W\d_]*[À-ɏ][^\W\d_]*", text))
    plain = {"".join(c for c in unicodedata.normalize("NFKD", w) if not unicodedata.combining(c)) for w in words}
    return " ".join(sorted(plain - words))


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
        doc["folded_title"], doc["folded"] = folded(doc["title"]), folded(doc["text"])
        if doc["location"][len(prefix):].startswith("api/"):
            doc["boost"] = API_BOOST
        docs[lang].append(doc)
        if "#" not in doc["location"]:
            titles.setdefault(doc["location"][len(prefix):], []).append(doc["title"])
    for lang, prefix in prefixes:
        for doc in docs[lang]:
            if "#" not in doc["location"]:
                others = [t for t in titles[doc["location"][len(prefix):]] if t != doc["title"]]
                doc["alias"] = " ".join(others)
    fields = {**index["config"]["fields"], "alias": {"boost": 100.0}, "folded_title": {"boost": 1000.0},
              "folded": {"boost": 1.0}}
    for lang, entries in docs.items():
        config = {**index["config"], "fields": fields, "lang": list(dict.fromkeys([default, lang]))}
        out = path.with_name(f"search_index.{lang}.json")
        out.write_text(json.dumps({"config": config, "docs": entries}, ensure_ascii=False,
                                  separators=(",", ":")), encoding="utf-8")
    path.unlink()
