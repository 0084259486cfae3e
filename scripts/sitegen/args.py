"""The key=value arguments of one directive: typed access, the game they name, leftovers."""

from __future__ import annotations

import grundy

from .strings import text


class SitegenError(ValueError):
    """A directive that cannot be rendered (the message is one line and names the generator)."""


# Game parameters a directive may give, and how to read them.
GAME_PARAMS = {"k": int, "p": int, "f": str, "heaps": int, "sides": int}


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

    def params(self) -> dict:
        """The game parameters present (k, p, f, heaps, sides), typed."""
        out = {}
        for key, kind in GAME_PARAMS.items():
            if key in self._left:
                out[key] = self.integer(key, lo=1) if kind is int else self.get(key)
        return out

    def game(self, default: str | None = None):
        """The engine game named by game= and its parameters."""
        name = self.get("game", default)
        params = self.params()
        try:
            return grundy.game(name, **params)
        except grundy.GameError as e:
            raise self.error(str(e)) from None

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
    """The game's name in `lang`, with its parameters."""
    params = dict(game.params)
    if game.name == "ryuoh" and params.get("p", 3) == 3:
        return text("game.ryuoh3", lang)
    params.setdefault("k", 3)
    params.setdefault("p", 3)
    return text(f"game.{game.name}", lang, **params)


def position_text(pos: tuple) -> str:
    """A position as the papers write it: {10, 5, 5}."""
    return "{" + ", ".join(map(str, pos)) + "}"
