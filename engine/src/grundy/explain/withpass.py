"""Games with the pass still available: what the lesson "Games with a pass" proves.
Passing wins from a P-position (with a move) of the game without a pass; two-heap Nim
has the P-positions {0, 0} and {2m - 1, 2m} (its Exercise 2). Elsewhere: None (the mex)."""

from __future__ import annotations

from ..text import Text
from .base import Explanation, Step, fmt, no_move, winning
from .mex import _braces

RULE = Text("The pass rule (lesson “Games with a pass”): from a position that has a move and "
            "is a P-position of the game without a pass, passing wins, because the opponent "
            "then faces that P-position with no pass left.",
            "パスの規則（レッスン「パスのあるゲーム」）: 手があり、パスのないゲームで P 局面で"
            "ある局面からは、パスすれば勝てます。相手はパスの残っていないその P 局面から"
            "指すことになるからです。")
TWO = Text("Two-heap Nim with the pass still available (proved in the lesson “Games with a "
           "pass”, Exercise 2): the P-positions are {0, 0} and the pairs {2m − 1, 2m} "
           "(m ≥ 1), in either order. So an odd heap 2m − 1 has the partner 2m, and an even "
           "heap 2m ≥ 2 the partner 2m − 1.",
           "パスがまだ使える山 2 つのニム（レッスン「パスのあるゲーム」の練習問題 2 で証明）: "
           "P 局面は {0, 0} と組 {2m − 1, 2m}（m ≥ 1、順序はどちらでも）です。奇数の山 "
           "2m − 1 の相手は 2m、偶数の山 2m ≥ 2 の相手は 2m − 1 です。")
SIDES = Text("The two sides of the bitter square are two Nim heaps (their numbers of possible "
             "cuts). ", "苦いマスの 2 つの辺は、切れる回数を大きさとする 2 つのニムの山です。")


def explain_pass(game, pos, explain_inner) -> Explanation | None:
    """The argument for `pos` (pass available) of the PassGame `game`, or None;
    `explain_inner(inner, pos)` explains the game without the pass."""
    inner, here = game.inner, pos[:-1]
    if inner.name in ("nim", "rect") and len(here) == 2:
        return _two_heaps(game, pos)
    if inner.moves(here) and inner.outcome(here) == "P":
        return _pass_wins(game, pos, explain_inner(inner, here))
    return None


def _pass_wins(game, pos, plain: Explanation) -> Explanation:
    """Pass from a P-position of the game without a pass: that game's argument first."""
    braces = _braces(game)
    where = fmt(pos[:-1], braces)
    steps = [Step(RULE)]
    if plain.kind == "theorem":  # its reasons, without its last sentence ("no move wins")
        steps += plain.with_positions(lambda to: (*to, 0), None, Step(RULE)).steps[1:-1]
        said = Text(f"So without the pass, {where} is a P-position.",
                    f"したがって、パスがなければ {where} は P 局面です。")
    else:
        said = Text(f"Without the pass, {where} is a P-position (the engine computes it from "
                    "the rules: every move from it reaches a position of nonzero value).",
                    f"パスがなければ {where} は P 局面です（エンジンが規則から計算します: そこ"
                    "からのどの手も値が 0 でない局面に移ります）。")
    steps.append(Step(said))
    return winning(game, pos, (*pos[:-1], 0), steps, braces, Text(
        "The opponent must move from a P-position, and no pass is left.",
        "相手はパスの残っていない P 局面から指さなければなりません。"))


def _two_heaps(game, pos) -> Explanation | None:
    """[Games with a pass, Exercise 2]: the case of the proof that applies to (a, b)."""
    a, b = pos[:-1]
    lo, hi = min(a, b), max(a, b)
    braces = _braces(game)
    steps = [Step((SIDES if game.name == "rect" else Text("", "")) + TWO)]
    here = fmt((a, b), braces)
    if hi == 0:
        return no_move("theorem", steps, Text(
            "No move is left, and the pass cannot be used then: the player to move has lost.",
            "もう手がなく、そのときはパスも使えません。手番のプレイヤーの負けです。"))
    if lo % 2 == 1 and hi == lo + 1:
        return Explanation("theorem", (*steps, Step(Text(
            f"{here} is the pair m = {hi // 2}: a P-position. Passing leaves plain Nim with two "
            "different heaps, an N-position for the opponent. A move keeps the pass and lowers "
            "one heap; the other heap's only partner is the old value, so the result is not "
            "such a pair (nor {0, 0}, since both heaps of a pair are ≥ 1). There is no winning "
            "move here.",
            f"{here} は m = {hi // 2} の組なので P 局面です。パスすると、2 つの山が違うふつうの"
            "ニムが残り、相手にとって N 局面です。手はパスを残したまま 1 つの山を減らしますが、"
            "もう一方の山の相手は元の値だけなので、結果はこの組にならず、{0, 0} にもなりません"
            "（組の山はどちらも 1 以上です）。ここに勝つ手はありません。"), {"m": hi // 2})), None)
    if lo == hi:
        return winning(game, pos, (a, b, 0), (*steps, Step(Text(
            f"The heaps are equal: without the pass, {here} is a P-position (Bouton's "
            "theorem), so pass.",
            f"2 つの山は等しいので、パスがなければ {here} は P 局面です（バウトンの定理）。"
            "だからパスします。"))), braces, Text(
            "The opponent faces equal heaps with no pass left.",
            "相手はパスの残っていない等しい 2 つの山から指すことになります。"))
    if lo == 0:
        to = (0, 0, 1)
        why = Text(f"One heap is empty: empty the other one, {hi}, too. From {{0, 0}} no "
                   "move is left, and the pass cannot be used then.",
                   f"一方の山は空なので、もう一方の山 {hi} も空にします。{{0, 0}} からは手がなく、"
                   "そのときはパスも使えません。")
    else:
        partner = lo + 1 if lo % 2 else lo - 1
        to = (partner, b, 1) if a == hi else (a, partner, 1)
        why = Text(f"{here} is not a pair. The partner of {lo} is {partner}; since "
                   f"{partner} ≤ {lo} + 1 ≤ {hi} and {partner} ≠ {hi}, it is less than {hi}: "
                   f"lower the heap of {hi} to {partner}.",
                   f"{here} は組ではありません。{lo} の相手は {partner} です。{partner} ≤ "
                   f"{lo} + 1 ≤ {hi} かつ {partner} ≠ {hi} なので {hi} より小さく、{hi} の山を "
                   f"{partner} に減らせます。")
    return winning(game, pos, to, (*steps, Step(why)), braces, Text(
        "A P-position, by the rule above.", "上の規則により P 局面です。"))
