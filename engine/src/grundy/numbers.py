"""Strict input: integers written with the ASCII digits 0-9 only, and real booleans.

`int()` accepts "١٢", "３", "+3", "1_000" and " 3 "; `parse_int` refuses them (and numbers
wider than the current budget allows) with one clear line in English and Japanese.
"""

from __future__ import annotations

import operator

from .budget import require_width
from .errors import GameError, shown
from .text import ja_then

_DIGITS = frozenset("0123456789")


def parse_int(text: str, what: str, what_ja: str | None = None) -> int:
    """The integer written in `text`: an optional "-" then ASCII digits, nothing else."""
    what_ja = what_ja or what
    body = text[1:] if text[:1] == "-" else text
    if not body or not _DIGITS.issuperset(body):
        raise GameError(
            f"{what} must be a whole number, got {shown(text)} (ASCII digits 0-9 only: "
            "no '+', spaces or separators)",
            f"{_ja(what_ja)}半角数字 0-9 だけで書いた整数で指定してください "
            f"(「+」・空白・区切りは使えません。{shown(text)} が指定されました)。")
    require_width(len(body.lstrip("0")) * 3322 // 1000, what, what_ja)
    return int(text)


def whole(value, what: str, minimum: int | None = 0, maximum: int | None = None,
          what_ja: str | None = None) -> int:
    """`value` (an int, or a string for parse_int) as an int in minimum..maximum."""
    what_ja = what_ja or what
    if isinstance(value, str):
        value = parse_int(value, what, what_ja)
    elif isinstance(value, bool):
        raise GameError(f"{what} must be a whole number, got {value!r}",
                        f"{_ja(what_ja)}整数で指定してください。")
    else:
        try:
            value = operator.index(value)  # ints, also numpy integers
        except TypeError:
            raise GameError(f"{what} must be a whole number, got {shown(value)}",
                            f"{_ja(what_ja)}整数で指定してください。") from None
        require_width(value.bit_length(), what, what_ja)
    if minimum is not None and value < minimum:
        raise GameError(f"{what} must be at least {minimum}, got {shown(value)}",
                        f"{_ja(what_ja)} {minimum} 以上にしてください ({shown(value)} が指定されました)。")
    if maximum is not None and value > maximum:
        raise GameError(f"{what} must be at most {maximum}, got {shown(value)}",
                        f"{_ja(what_ja)} {maximum} 以下にしてください ({shown(value)} が指定されました)。")
    return value


def flag(value, what: str, what_ja: str | None = None) -> bool:
    """A JSON boolean (true/false; null or missing is false), nothing else."""
    if value is None or isinstance(value, bool):
        return bool(value)
    raise GameError(f"{what} must be true or false, got {shown(value)}",
                    f"{_ja(what_ja or what)} true か false で指定してください。")


def _ja(what: str) -> str:
    """The subject of a Japanese message: "座標 x は", "山の数は"."""
    return ja_then(what, "は")
