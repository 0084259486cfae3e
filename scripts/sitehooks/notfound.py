"""The 404 page: in the default language, its language links going to the home pages.

mkdocs-static-i18n builds the theme's 404.html once per language into the same file (the
last language won) with the language links of the last page rendered.
"""

from __future__ import annotations

from copy import deepcopy

TEMPLATE = "404.html"


def home_links(template_name: str, config) -> None:
    """Before 404.html is rendered: the language switcher links to each language's home."""
    i18n = config.plugins.get("i18n")
    if template_name == TEMPLATE and i18n is not None and i18n.extra_alternate:
        config.extra["alternate"] = deepcopy(i18n.extra_alternate)


def default_language_only(output: str, template_name: str, config) -> str:
    """404.html from the default language's build; "" (mkdocs then writes nothing) from the others."""
    i18n = config.plugins.get("i18n")
    if template_name == TEMPLATE and i18n is not None and not i18n.is_default_language_build:
        return ""
    return output
