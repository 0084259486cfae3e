"""Why a move wins: the argument, step by step in English and Japanese, that the papers'
constructive proofs give for the position (the play widget's Explain button).

    >>> import grundy
    >>> from grundy.explain import explain
    >>> e = explain(grundy.game("nim"), (3, 4, 5))
    >>> e.kind, e.move.to
    ('theorem', (1, 4, 5))

`explain(game, pos, misere=False) -> Explanation` (kind, steps, move); the JSON facade's
`explain` operation returns `Explanation.as_dict(lang)`.
"""

from __future__ import annotations

from ..passing import PassGame
from ..sums import SumGame
from ..text import Text
from .base import Explanation, Step, find_move
from .chocolate import explain_chocolate
from .corner import explain_ryuoh, explain_wythoff
from .mex import explain_mex, explain_misere
from .nim import explain_nim, explain_sum
from .step import explain_step

__all__ = ["Explanation", "Step", "explain"]

THEOREMS = {"nim": explain_nim, "rect": explain_nim, "chocolate": explain_chocolate,
            "step": explain_step, "step3": explain_step, "wythoff": explain_wythoff,
            "ryuoh": explain_ryuoh}

NO_THEOREM = Text("No theorem gives the winning moves of this game here.",
                  "このゲームの勝つ手を与える定理は、ここでは使えません。")
WHY_NONE = {
    "chocolate": Text("For this k no constructive proof is known (for even k no formula is "
                      "known at all; [M2012] proves k = 3).",
                      "この k については構成的な証明が知られていません (偶数の k では公式も"
                      "知られていません。[M2012] が証明したのは k = 3 です)。"),
    "step": Text("This f does not satisfy the condition of [S] Theorem 2.3, so the Grundy "
                 "value need not be the nim-sum.",
                 "この f は [S] 定理 2.3 の条件を満たさないので、グランディ数がニム和になると"
                 "は限りません。"),
    "pass": Text("With a pass no theorem is known (Ryuoh Nim with a pass is future work "
                 "in [R1]).",
                 "パスがあるときの定理は知られていません (パスつきの龍王ニムは [R1] で今後の"
                 "課題とされています)。"),
}


def explain(game, pos, misere: bool = False) -> Explanation:
    """Why the winning move from `pos` wins, or why there is none (`move` is None)."""
    pos = game.validate(pos)
    if misere:
        return explain_misere(game, pos)
    if isinstance(game, PassGame):
        if pos[-1]:
            return explain_mex(game, pos, WHY_NONE["pass"])
        return _lift(explain(game.inner, pos[:-1]), game, pos)
    if isinstance(game, SumGame):
        return explain_sum(game, pos) or explain_mex(game, pos, NO_THEOREM)
    theorem = THEOREMS.get(game.name)
    found = theorem(game, pos) if theorem else None
    if found is not None:
        return found
    reason = WHY_NONE["step" if game.name == "step3" else game.name] \
        if game.name in ("chocolate", "step", "step3") else NO_THEOREM
    return explain_mex(game, pos, reason)


def _lift(e: Explanation, game: PassGame, pos: tuple) -> Explanation:
    """An explanation of the game without the pass, for a position whose pass is used."""
    used = Step(Text("The pass has been used, so this is the game without a pass.",
                     "パスはもう使われたので、パスのないゲームと同じです。"))
    move = None if e.move is None else find_move(game, pos, (*e.move.to, 0))
    return e.with_positions(lambda to: (*to, 0), move, used)
