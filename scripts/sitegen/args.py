"""The key=value arguments of one directive: typed access, the game they name, leftovers.

Game names and parameters come from the engine's registry (each game's Params), so a
new game needs no change here."""

from __future__ import annotations

import grundy
from grundy.registry import find_game

from .strings import notation


class SitegenError(ValueError):
    """A directive that cannot be rendered (the message is one line and names the generator)."""


class Args:
    """The arguments of one directive, taken one by one; `done()` refuses the rest."""

    def __init__(self, generator: str, args: dict[str, str]):
        self.generator = generator
        self._left = dict(args)

    def error(self, message: str) -> SitegenError:
        return SitegenError(f"grundy {self.generator}: {message}")

    def has(self, key: str) -> bool:
        return key in self._left

    def get(self, key: str, default: str | None = None) -> str:
        if key not in self._left:
            if default is None:
                raise self.error(f"missing argument {key}=")
            return default
        return self._left.pop(key)

    def integer(self, key: str, default: int | None = None, lo: int = 0, hi: int = 10**6) -> int:
        raw = self.get(key, None if default is None else str(default))
        try:
            value = int(raw)
        except ValueError:
            raise self.error(f"{key} must be a whole number, got {raw!r}") from None
        if not lo <= value <= hi:
            raise self.error(f"{key} must be between {lo} and {hi}, got {value}")
        return value

    def choice(self, key: str, options: tuple[str, ...], default: str | None = None) -> str:
        value = self.get(key, default)
        if value not in options:
            raise self.error(f"{key} must be one of {', '.join(options)}, got {value!r}")
        return value

    def params(self, cls) -> dict:
        """The parameters of the game class `cls` present (its Params), typed."""
        out = {}
        for param in cls.params:
            if param.name in self._left:
                raw = self.get(param.name)
                try:
                    out[param.name] = param.parse(raw)
                except grundy.GameError as e:
                    raise self.error(str(e)) from None
        return out

    def game(self, default: str | None = None):
        """The engine game named by game= and its parameters; pass=true plays it with a
        pass (its positions get the coordinate `pass`, 1 while the pass is available)."""
        name = self.get("game", default)
        try:
            g = grundy.game(name, **self.params(find_game(name)))
        except grundy.GameError as e:
            raise self.error(str(e)) from None
        if self.has("pass") and self.choice("pass", ("false", "true")) == "true":
            return grundy.with_pass(g)
        return g

    def position(self, key: str, game) -> tuple:
        """A position given as "10 5 5" (or "10,5,5"), validated by the game."""
        return self.parse_position(key, self.get(key), game)

    def parse_position(self, key: str, raw: str, game) -> tuple:
        """`raw` ("10 5 5" or "10,5,5") as a position of `game`, or an error naming `key`."""
        try:
            return game.validate(int(c) for c in raw.replace(",", " ").split())
        except ValueError as e:
            raise self.error(f"{key}={raw!r}: {e}") from None

    def done(self) -> None:
        if self._left:
            raise self.error(f"unknown argument(s) {', '.join(sorted(self._left))}")


def game_label(game, lang: str) -> str:
    """The game's name in `lang`, with its parameters (from the engine's metadata)."""
    return notation(game.label().get(lang))


def coord_name(game, name: str, lang: str) -> str:
    """A coordinate's name in the page's language: a word is translated (the rectangular
    bar's 「左」, not "left"), a symbol (x, h1, r0) stays as the lessons write it."""
    return game.coord_ja(name) if lang == "ja" and name.isalpha() else name


def position_text(pos: tuple) -> str:
    """A position as the papers write it: {10, 5, 5}, with no-break spaces (never split across lines)."""
    return "{" + ",\u00a0".join(map(str, pos)) + "}"
