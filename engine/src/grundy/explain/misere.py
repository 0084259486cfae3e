"""Misère Nim and the rectangular bar in misère play: the classical theorem the lesson
"Misère play" proves (play as in Nim until only heaps of 0 and 1 would be left; then
leave an odd number of heaps of 1)."""

from __future__ import annotations

from ..core import plural
from ..passing import PassGame
from ..text import Text
from .base import Explanation, Step, nimsum_steps, winning
from .nim import _labels, _subject

RULE = Text("Misère Nim (a classical theorem, proved in the lesson “Misère play”): a position "
            "is a misère P-position exactly when some heap has at least 2 stones and the "
            "nim-sum is 0, or every heap has at most 1 stone and the number of heaps of 1 is "
            "odd.",
            "ミゼールのニム（古典的な定理。レッスン「ミゼール」で証明）: ミゼールの P 局面は、"
            "石が 2 個以上の山があってニム和が 0 の局面と、どの山も石が 1 個以下で、石が 1 個の山の数が"
            "奇数の局面です。")
SIDES = Text("Each side of the bitter square is a Nim heap: its number of possible cuts. ",
             "苦いマスの各辺は、切れる回数を大きさとするニムの山です。")
WHY = Text("It is a misère P-position.", "ミゼールの P 局面です。")


def explain_misere_nim(game, pos) -> Explanation | None:
    """The theorem's argument for Nim and the bar (None for any other game)."""
    if game.name not in ("nim", "rect") or isinstance(game, PassGame):
        return None
    rule = (SIDES if game.name == "rect" else Text("", "")) + RULE
    big = [i for i, h in enumerate(pos) if h >= 2]
    ones = sum(1 for h in pos if h == 1)
    if not big:
        return _small(game, pos, rule, ones)
    if len(big) == 1:
        i = big[0]
        t = 0 if ones % 2 else 1
        return winning(game, pos, pos[:i] + (t,) + pos[i + 1:], (Step(rule), Step(Text(
            f"Only one heap has 2 or more: {_subject(game, pos, i).en.lower()}. Lower it to "
            f"{t}: then every heap has at most 1 stone, and {_have_one(ones + t)}, an odd "
            "number.",
            f"石が 2 個以上の山は 1 つだけです: {_subject(game, pos, i).ja}。これを {t} に減らすと、"
            f"どの山も石が 1 個以下になり、石が 1 個の山の数は {ones + t} で奇数です。"),
            {"ones": ones + t})), True, WHY)
    steps, s, m = nimsum_steps(list(zip(_labels(game, pos), pos)), rule + Text(
        f" Here {len(big)} heaps have 2 or more, so the nim-sum decides, as in Nim.",
        f"ここでは石が 2 個以上の山の数が {len(big)} なので、ニムと同じくニム和で決まります。"),
        {"big": len(big)})
    if s == 0:
        return Explanation("theorem", (*steps, Step(Text(
            "The nim-sum is 0 and a heap has 2 or more: a misère P-position. A move changes "
            "one heap only, so a heap of 2 or more "
            "remains, and the nim-sum is no longer 0: the opponent is left an N-position. "
            "There is no winning move here.",
            "ニム和が 0 で石が 2 個以上の山があるので、ミゼールの P 局面です。1 手で変わる山は "
            "1 つだけなので、石が 2 個以上の山が残り、"
            "ニム和は 0 でなくなります。相手には N 局面が残ります。ここに勝つ手はありません。"))),
            None)
    i = next(j for j, h in enumerate(pos) if h >> m & 1)
    t = pos[i] ^ s
    return winning(game, pos, pos[:i] + (t,) + pos[i + 1:], (*steps, Step(Text(
        f"Make the Nim move: lower {_subject(game, pos, i).en.lower()} to {pos[i]} ⊕ {s} = "
        f"{t}. It changes one heap only, so a heap of 2 or more remains and the new nim-sum "
        "is 0.",
        f"ニムの手を指します: {_subject(game, pos, i).ja}を {pos[i]} ⊕ {s} = {t} に減らします。"
        "変わる山は 1 つだけなので石が 2 個以上の山が残り、新しいニム和は 0 です。"),
        {"row": i, "from": pos[i], "value": t})), True, WHY)


def _small(game, pos, rule: Text, ones: int) -> Explanation | None:
    """Every heap has at most 1 stone: the players take the stones one by one."""
    if ones == 0:
        return Explanation("theorem", (Step(rule), Step(Text(
            "No move is left: the opponent made the last move, so the player to move has won.",
            "もう手がありません。最後の手を指したのは相手なので、手番のプレイヤーの勝ちです。"))),
            None)
    said = Text(f"Every heap has at most 1 stone, and {_have_one(ones)}. The players take "
                "them one by one.",
                f"どの山も石が 1 個以下で、石が 1 個の山の数は {ones} です。2 人は石を 1 個ずつ取って"
                "いきます。")
    if ones % 2:
        return Explanation("theorem", (Step(rule), Step(said + Text(
            " The number is odd, so the player to move takes the last one: a misère "
            "P-position, and no move wins.",
            "奇数なので、最後の 1 個を取るのは手番のプレイヤーです。ミゼールの P 局面で、勝つ手は"
            "ありません。"), {"ones": ones})), None)
    i = next(j for j, h in enumerate(pos) if h == 1)
    return winning(game, pos, pos[:i] + (0,) + pos[i + 1:], (Step(rule), Step(said + Text(
        f" The number is even: empty one of them, and {ones - 1} "
        f"{'is' if ones == 2 else 'are'} left, an odd number.",
        f"偶数なので 1 個取ると、残りは {ones - 1} 個で奇数になります。"),
        {"ones": ones})), True, WHY)


def _have_one(n: int) -> str:
    """'1 heap has 1', '3 heaps have 1'."""
    return f"{plural(n, 'heap')} {'has' if n == 1 else 'have'} 1"
