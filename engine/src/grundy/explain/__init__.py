"""Why a move wins: the argument, step by step in English and Japanese, that the papers'
constructive proofs give for the position (the play widget's Explain button).

    >>> import grundy
    >>> from grundy.explain import explain
    >>> e = explain(grundy.game("nim"), (3, 4, 5))
    >>> e.kind, e.move.to
    ('theorem', (1, 4, 5))

`explain(game, pos, misere=False) -> Explanation` (kind, steps, move); the JSON facade's
`explain` operation returns `Explanation.as_dict(lang)`. Each game family's argument is
registered in its own module of this package (every one is imported) with
`@explainer("name", why_none=...)` (explain/base.py), as its drawer is with `@drawer`.
"""

from __future__ import annotations

from ..passing import PassGame
from ..plugins import import_all
from ..sums import SumGame
from ..text import Text
from .base import EXPLAINERS, WHY_NONE, Explanation, Step, find_move
from .mex import explain_mex, explain_misere
from .misere import explain_misere_nim
from .nim import explain_sum
from .withpass import explain_pass

__all__ = ["Explanation", "Step", "explain"]

import_all(__name__, __path__)  # every module of the package registers its explainers

NO_THEOREM = Text("No theorem gives the winning moves of this game here.",
                  "このゲームの勝つ手を与える定理は、ここでは使えません。")
NO_THEOREM_WITH_PASS = Text(
    "With the pass still available, this site proves the winning moves in two cases only: "
    "passing from a P-position of the game without a pass, and two-heap Nim. Neither "
    "applies here.",
    "パスがまだ使えるとき、このサイトが勝つ手を証明しているのは 2 つの場合だけです: パスの"
    "ないゲームの P 局面からパスする場合と、山が 2 つのニムです。ここではどちらも使えません。")


def explain(game, pos, misere: bool = False) -> Explanation:
    """Why the winning move from `pos` wins, or why there is none (`move` is None)."""
    pos = game.validate(pos)
    if misere:
        return explain_misere_nim(game, pos) or explain_misere(game, pos)
    if isinstance(game, PassGame):
        if pos[-1]:
            return explain_pass(game, pos, explain) or explain_mex(game, pos, NO_THEOREM_WITH_PASS)
        return _lift(explain(game.inner, pos[:-1]), game, pos)
    if isinstance(game, SumGame):
        return explain_sum(game, pos) or explain_mex(game, pos, NO_THEOREM)
    theorem = EXPLAINERS.get(game.name)
    found = theorem(game, pos) if theorem else None
    if found is not None:
        return found
    return explain_mex(game, pos, WHY_NONE.get(game.name, NO_THEOREM))


def _lift(e: Explanation, game: PassGame, pos: tuple) -> Explanation:
    """An explanation of the game without the pass, for a position whose pass is used."""
    used = Step(Text("The pass has been used, so this is the game without a pass.",
                     "パスはもう使われたので、パスのないゲームと同じです。"))
    move = None if e.move is None else find_move(game, pos, (*e.move.to, 0))
    return e.with_positions(lambda to: (*to, 0), move, used)
