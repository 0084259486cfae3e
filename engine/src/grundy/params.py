"""A game's parameters: name, type, default, range and label, read from strings or JSON."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import GameError
from .numbers import whole
from .text import Text, ja_then


@dataclass(frozen=True)
class Param:
    """One parameter of a game, e.g. `Param("k", "int", 3, 1, None, Text("k", "k"), ...)`.

    kind "int" (a whole number in min..max; max None = no upper bound) or "expr" (a
    formula in t, a string). default None: the parameter may be left out (e.g. nim's
    heaps: then positions of any length are accepted)."""

    name: str
    kind: str
    default: object
    min: int | None
    max: int | None
    label: Text
    help: Text

    def parse(self, raw):
        """`raw` (a string from a command line or a directive, or a JSON value) typed."""
        if self.kind == "expr":
            if not isinstance(raw, str):
                raise _bad(self, raw)
            return raw
        value = whole(raw, self.name, self.min or 0, None, self.label.ja)
        if self.max is not None and value > self.max:
            raise _bad(self, raw)
        return value

    def as_dict(self) -> dict:
        """The parameter as the JSON facade's `games` operation lists it."""
        return {"name": self.name, "type": self.kind, "default": self.default, "min": self.min,
                "max": self.max, "label": self.label.as_dict(), "help": self.help.as_dict()}


def _bad(param: Param, raw):
    """The error for a value out of the parameter's range (or a formula that is no string)."""
    if param.kind == "expr":
        return GameError(f"{param.name} must be a formula in t, got {raw!r}",
                         f"{ja_then(param.label.ja, 'は')} t の式で指定してください。")
    return GameError(f"{param.name} must be a whole number {param.min} to {param.max}, got {raw!r}",
                     f"{ja_then(param.label.ja, 'は')} {param.min} 以上 {param.max} 以下の整数で指定してください。")
