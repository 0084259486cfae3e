"""grundy: exact Grundy values for the chocolate games, step chocolates, Wythoff's game
and Ryuoh Nim of Miyadera's group, with tables, theorems and their verification.

    >>> import grundy
    >>> grundy.game("chocolate", k=2).table(16)[(3, 2, 4)]
    8

A game is one module (its rules and metadata) registered with `grundy.register`;
see ARCHITECTURE.md, "How to add a game".
"""

from .text import Text
from .params import Param
from .core import Formula, Game, GameError, Move, PositionError, Theorem
from .registry import find_game, game, game_names, register
from . import games as _games  # noqa: F401  (the games package registers the games)

# the list of game classes is grundy.registry.games() (grundy.games is the package)
from .passing import PassGame, with_pass
from .sums import SumGame, sum_of
from .table import Table
from . import verify  # noqa: E402  (grundy.verify.run)
from .discovery import discover  # noqa: E402  (grundy.discovery.discover)
from . import prove  # noqa: E402  (callable: grundy.prove(game, formula, target=...))

__version__ = "0.1.0"
__all__ = ["Formula", "Game", "GameError", "Move", "Param", "PassGame", "PositionError",
           "SumGame", "Table", "Text", "Theorem", "discover", "find_game", "game", "game_names",
           "prove", "register", "sum_of", "verify", "with_pass", "__version__"]
