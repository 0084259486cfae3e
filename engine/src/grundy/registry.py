"""The registry of games by command-line name.

The games package (grundy.games) registers its classes here with `@register`; the core
imports no game. Everything that lists games (the command line, the JSON facade's
`games` operation, the site generator, the tests) reads `games()`.
"""

from __future__ import annotations

from functools import lru_cache

from .core import Game, GameError

_GAMES: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make the game available as `grundy.game(cls.name)`."""
    if not cls.name or cls.name in _GAMES and _GAMES[cls.name] is not cls:
        raise GameError(f"cannot register {cls.__name__}: name {cls.name!r} is empty or taken")
    _GAMES[cls.name] = cls
    ordered = sorted(_GAMES.items(), key=lambda item: item[1].order)  # stable: ties keep theirs
    _GAMES.clear()
    _GAMES.update(ordered)
    return cls


def games() -> list[type[Game]]:
    """The registered game classes, by `order` (then in registration order)."""
    return list(_GAMES.values())


def game_names() -> list[str]:
    """The registered game names, in the order of `games()`.

    Examples:
        >>> import grundy
        >>> "ryuoh" in grundy.game_names()
        True
    """
    return list(_GAMES)


def find_game(name: str) -> type[Game]:
    """The game class registered under `name`, or GameError.

    Examples:
        >>> import grundy
        >>> grundy.find_game("wythoff").title.get("ja")
        'ワイソフのゲーム'
    """
    if not isinstance(name, str) or name not in _GAMES:
        raise GameError(f"unknown game {name!r} (known: {', '.join(_GAMES)})",
                        f"「{name}」というゲームはありません。")
    return _GAMES[name]


def game(name: str, **params) -> Game:
    """The game registered under `name`, e.g. `game("chocolate", k=2)`.

    Equal requests return the same object (a small cache), so that its tables are reused.

    Examples:
        >>> import grundy
        >>> g = grundy.game("chocolate", k=3)
        >>> g.name, g.params, g.coords
        ('chocolate', {'k': 3}, ('x', 'y', 'z'))
        >>> grundy.game_names() == [cls.name for cls in grundy.registry.games()]
        True
    """
    cls = find_game(name)
    try:
        return _cached_game(cls, tuple(sorted(params.items())))
    except TypeError:  # unhashable parameter values: build it uncached
        return cls(**params)


@lru_cache(maxsize=16)
def _cached_game(cls: type[Game], params: tuple) -> Game:
    return cls(**dict(params))
