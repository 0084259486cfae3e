"""mkdocs hook: instant navigation with the two languages.

mkdocs-static-i18n warns that Material's language switcher holds page-specific links,
which instant navigation does not swap; assets/app/app.js points them at the current
page's other edition after every page swap (and a change of language loads the page in
full), so that warning is filtered out here (a strict build stops on any warning).
"""

from __future__ import annotations

import logging

MESSAGE = "not compatible with theme.features = navigation.instant"


class _HandledWarning(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return MESSAGE not in record.getMessage()


logging.getLogger("mkdocs.plugins.mkdocs_static_i18n.reconfigure").addFilter(_HandledWarning())
