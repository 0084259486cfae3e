"""Positions without a theorem (the triangular chocolate with k != 3, step chocolates whose
f breaks the condition, games with a pass): the Grundy values of the options and their
mex; in misère play, the misère outcomes of the options."""

from __future__ import annotations

from ..core import plural
from ..text import Text
from .base import BOARDS, EXPLAINERS, Explanation, Step, no_move, winning


def explain_mex(game, pos, reason: Text) -> Explanation:
    """G(pos) = mex of the options' values; a winning move goes to an option of value 0."""
    options = [{"to": m.to, "text": m.text, "kind": m.kind, "grundy": game.grundy(m.to)}
               for m in game.moves(pos)]
    values = sorted({o["grundy"] for o in options})
    g = game.grundy(pos)
    steps = [Step(reason + Text(
        " So the engine computes it from the rules: the Grundy value of a position is the mex "
        "of the Grundy values of its options, the least whole number not among them.",
        "そこでエンジンが規則から計算します: 局面のグランディ数は、行き先のグランディ数の "
        "mex（それらに含まれない最小の整数）です。"))]
    if not options:
        return no_move("mex", steps, Text(
            "No move is left: the value is mex{} = 0, and the player to move has lost.",
            "もう手がありません。値は mex{} = 0 で、手番のプレイヤーの負けです。"))
    shown = ", ".join(map(str, values))
    steps.append(Step(Text(
        (f"The only option has the value {shown}" if len(options) == 1 else
         f"The {len(options)} options all have the value {shown}" if len(values) == 1 else
         f"The {len(options)} options have the values {{{shown}}}")
        + f"; the least missing one is {g}, so G = {g}.",
        f"{len(options)} 個の行き先の値は {{{shown}}} で、含まれない最小の数は {g} です。"
        f"したがって G = {g}。"),
        {"options": options, "count": len(options), "values": values, "mex": g}))
    if g == 0:
        return no_move("mex", steps, Text(
            "G = 0: a P-position. No option has value 0, so every move leaves the opponent an "
            "N-position; there is no winning move here.",
            "G = 0 なので P 局面です。値 0 の行き先がないので、どの手も相手に N 局面を渡します。"
            "ここに勝つ手はありません。"))
    to = next(o["to"] for o in options if o["grundy"] == 0)
    return winning(game, pos, to, steps, _braces(game), Text(
        "That option has value 0: a P-position, since no move from it reaches value 0.",
        "その行き先の値は 0 で P 局面です。そこからはどの手も値 0 に届きません。"), "mex")


def explain_misere(game, pos) -> Explanation:
    """Misère play: a position is N exactly when it has no move (the opponent made the
    last move) or some option is a misère P-position."""
    options = [{"to": m.to, "text": m.text, "outcome": game.outcome(m.to, misere=True)}
               for m in game.moves(pos)]
    steps = [Step(Text(
        "Misère play (the player who makes the last move loses): no theorem is used here. The "
        "engine labels positions from the end: a position with no move is an N-position (the "
        "player to move has won), and a position is an N-position exactly when some option "
        "is a P-position.",
        "ミゼール（最後の手を指したプレイヤーの負け）: ここでは定理を使いません。エンジンは"
        "終わりから局面に印をつけます: 手のない局面は N 局面（手番のプレイヤーの勝ち）で、"
        "P 局面の行き先をもつ局面がちょうど N 局面です。"))]
    if not options:
        return no_move("misere", steps, Text(
            "No move is left: the opponent made the last move, so the player to move has won.",
            "もう手がありません。最後の手を指したのは相手なので、手番のプレイヤーの勝ちです。"))
    wins = [o for o in options if o["outcome"] == "P"]
    steps.append(Step(Text(
        ("The only option is not a misère P-position." if not wins and len(options) == 1
         else f"None of the {len(options)} options is a misère P-position." if not wins
         else f"Of the {plural(len(options), 'option')}, {len(wins)} "
         f"{'is a misère P-position' if len(wins) == 1 else 'are misère P-positions'}."),
        f"{len(options)} 個の行き先のうち、ミゼールの P 局面は {len(wins)} 個です。" if wins
        else "ただ 1 つの行き先は、ミゼールの P 局面ではありません。" if len(options) == 1
        else f"{len(options)} 個の行き先に、ミゼールの P 局面はありません。"),
        {"options": options, "count": len(options), "wins": len(wins)}))
    if not wins:
        return no_move("misere", steps, Text(
            "Every option is a misère N-position: this is a misère P-position and no move wins.",
            "どの行き先もミゼールの N 局面なので、ここはミゼールの P 局面で、勝つ手はありません。"))
    return winning(game, pos, wins[0]["to"], steps, _braces(game), Text(
        "It is a misère P-position.", "ミゼールの P 局面です。"), "misere")


def _braces(game) -> bool:
    """Whether positions of this game are written {x, y, z} (heaps, chocolates, bars: the
    games with an explainer, except those registered with board=True, written (x, y) like
    squares; a sum or a game without an explainer: (...))."""
    return game.name in EXPLAINERS and game.name not in BOARDS
