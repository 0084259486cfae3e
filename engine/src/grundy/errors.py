"""Every error the engine raises, and `shown` for values inside their one-line messages.

The bottom of the engine: it imports nothing of it but Text, so that every module can
raise these without importing the core (grundy.core, grundy.budget and grundy re-export
them where the API reference names them)."""

from __future__ import annotations

from .text import Text


class GameError(ValueError):
    """A bad game name, bad parameters, or a request too large to compute.

    `str(e)` is the English message; `e.message("ja")` the Japanese one when given.
    """

    def __init__(self, message: "str | Text", ja: str | None = None):
        if isinstance(message, Text):
            message, ja = message.en, message.ja
        super().__init__(message)
        self.ja = ja

    @property
    def text(self) -> Text:
        """The message in both languages (English twice when there is no Japanese one)."""
        return Text(str(self), self.ja or str(self))

    def message(self, lang: str = "en") -> str:
        """The message in Japanese when lang == "ja" and one exists, else in English."""
        return self.text.get(lang)


class PositionError(GameError):
    """A position that is not legal for its game (the message says why, in one line)."""


class BudgetError(GameError):
    """A request refused because its estimated cost is over the budget (grundy.budget)."""


class UsageError(GameError):
    """Bad command-line input (grundy.cli)."""


class RequestError(GameError):
    """A bad request to the JSON facade (grundy.webapi); the message is already in the
    request's language."""


def shown(value) -> str:
    """A value for a one-line message: huge integers by their size, long reprs cut."""
    if isinstance(value, int) and value.bit_length() > 64:
        return f"~2^{value.bit_length() - 1}"
    if isinstance(value, tuple):
        return "(" + ", ".join(map(shown, value[:6])) + (", ...)" if len(value) > 6 else ")")
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
