"""Generator `references`: one group of the site's reference list, from references.json.

    references group=seed | other | since

Each record gives only the fields checked against a source (see the file's `checked`);
a Japanese page uses the `*_ja` variant of a field where there is one.
"""

from __future__ import annotations

import json
from functools import cache
from html import escape
from pathlib import Path

from .args import Args

DATA = Path(__file__).with_name("references.json")


@cache
def data() -> dict:
    """The parsed references.json: {"groups": {...}, "references": [record, ...]}."""
    return json.loads(DATA.read_text(encoding="utf-8"))


def records(group: str | None = None) -> list[dict]:
    """The records of `group` (all of them for None), in the file's order."""
    return [r for r in data()["references"] if group is None or r["group"] == group]


def field(record: dict, name: str, lang: str) -> str:
    """A field in `lang` ('' when absent): the *_ja twin on Japanese pages if there is one."""
    return record.get(f"{name}_ja", record.get(name, "")) if lang == "ja" else record.get(name, "")


def entry(record: dict, lang: str) -> str:
    """One reference as plain text: authors, title, venue volume(issue) (year), pages, address.
    Note. A Japanese work (its authors or title in Japanese) is punctuated in Japanese on a
    Japanese page; any other work as in English, whatever fields are translated."""
    japanese = lang == "ja" and ("authors_ja" in record or "title_ja" in record)
    sep, stop = ("、", "。") if japanese else (", ", ".")
    authors = field(record, "authors", lang)
    parts = [sep.join(authors)] if authors else []
    title = field(record, "title", lang)
    if lang == "ja" and "title_ja" in record:
        title += f" ({record['title']})"
    elif lang == "en" and "title_ja" in record:
        title = f"{record['title_ja']} ({title})"
    parts.append(title)
    venue = field(record, "venue", lang)
    if record.get("volume"):
        venue += f" {record['volume']}" + (f"({record['issue']})" if record.get("issue") else "")
    if record.get("year"):
        venue += f" ({record['year']})"
    venue = venue.strip()
    if record.get("arxiv"):
        venue = f"arXiv:{record['arxiv']}" + (f" ({record['year']})" if record.get("year") else "")
    parts += [p for p in (venue, record.get("number", ""), record.get("pages", ""),
                          record.get("url", "")) if p]
    text = sep.join(parts) + stop
    note = field(record, "note", lang)
    return f"{text}{'' if japanese else ' '}{note}" if note else text


def html_entry(record: dict, lang: str) -> str:
    """One list item: the key in bold, then `entry`, its address a link."""
    key = escape(record["key"])
    text = escape(entry(record, lang))
    if record.get("url"):
        url = escape(record["url"])
        text = text.replace(url, f'<a href="{url}">{url}</a>', 1)
    return f'<li id="ref-{key}"><strong>[{key}]</strong> {text}</li>'


def references(args: dict[str, str], ctx) -> str:
    """Arguments: group= one of the groups of references.json."""
    a = Args("references", args)
    group = a.choice("group", tuple(data()["groups"]))
    a.done()
    intro = data()["groups"][group][ctx.lang]
    items = "\n".join(html_entry(r, ctx.lang) for r in records(group))
    return f'<p>{escape(intro)}</p>\n<ul class="grundy-references">\n{items}\n</ul>'
