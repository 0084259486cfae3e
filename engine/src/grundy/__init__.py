"""grundy: exact Grundy values for the chocolate games, step chocolates, Wythoff's game
and Ryuoh Nim of Miyadera's group, with tables, theorems and their verification.

    >>> import grundy
    >>> grundy.game("chocolate", k=2).table(16)[(3, 2, 4)]
    8
"""

from . import games as _games  # noqa: F401  (registers the games)
from .core import Formula, Game, GameError, Move, PositionError, game, game_names
from .sums import SumGame
from .table import Table
from . import verify  # noqa: E402  (grundy.verify.run)

__version__ = "0.1.0"
__all__ = ["Formula", "Game", "GameError", "Move", "PositionError", "SumGame", "Table",
           "game", "game_names", "verify", "__version__"]
