"""Chomp: the proofs of the cases that have one (one row, two rows, two columns, L shapes,
squares); any
other bar is explained by its options' values and their mex (explain/mex.py)."""

from __future__ import annotations

from ..core import plural
from ..games.chomp import chomped, is_l_shape, is_square, shape, two_columns
from ..text import Text
from .base import Explanation, Step, explainer, no_move, winning

WHY_NONE = Text(
    "This bar has three rows or more and three columns or more, and is neither a square nor "
    "an L: none of the site's theorems on Chomp (one row, two rows, two columns, L shapes, "
    "squares) covers it. Strategy stealing proves that every rectangle but the poison alone "
    "is won by the first player, but it does not say how.",
    "この板は 3 段以上かつ 3 列以上で、正方形でも L 字形でもありません。このサイトのチョンプの"
    "定理（1 段、2 段、2 列、L 字形、正方形）はどれも当てはまりません。戦略泥棒の論法は、"
    "毒だけの 1 × 1 以外の長方形が先手の勝ちだと示しますが、勝ち方は教えてくれません。")


def _one_row(game, pos, n):
    steps = [Step(Text(
        f"One row of {n}: every move leaves a shorter row, down to the poison alone, which has "
        f"no move. So G = {n} − 1 = {n - 1} (the row is a Nim heap of {n - 1}).",
        f"{n} マスの 1 段: どの手も段を短くし、最後は手のない毒だけの 1 マスになります。"
        f"よって G = {n} − 1 = {n - 1}（石が {n - 1} 個のニムの山と同じ）です。"))]
    if n == 1:
        return no_move("theorem", steps, Text(
            "Only the poison is left: the player to move must eat it and has lost.",
            "毒しか残っていません。手番のプレイヤーはそれを食べるしかなく、負けです。"))
    return winning(game, pos, chomped(pos, 0, 1), steps, True, Text(
        "The opponent is left with the poison alone.", "相手には毒だけが残ります。"))


def _two_rows(game, pos, a, b):
    steps = [Step(Text(
        "Two rows {r0, r1}: the P-positions are exactly r0 = r1 + 1. From {b + 1, b} a move "
        "eats from row 1 (leaving {b + 1, j}, j < b: row 0 is now too long) or from row 0 "
        "(leaving {j, j}, j ≤ b: rows of equal length); from any other bar one move restores "
        "r0 = r1 + 1: cut row 0 to r1 + 1, or, from {j, j}, eat the last square of row 1.",
        "2 段 {r0, r1} の板: P 局面はちょうど r0 = r1 + 1 のときです。{b + 1, b} からの手は、1 段目を"
        "食べる（残りは {b + 1, j}, j < b で 0 段目が長すぎる）か、0 段目を食べる（残りは "
        "{j, j}, j ≤ b で 2 段が同じ長さ）かです。それ以外の板からは 1 手で r0 = r1 + 1 に"
        "戻せます: 0 段目を r1 + 1 に切るか、{j, j} なら 1 段目の最後のマスを食べます。"))]
    if a == b + 1:
        return no_move("theorem", steps, Text(
            f"Here r0 = {a} = {b} + 1: a P-position, no move wins.",
            f"ここでは r0 = {a} = {b} + 1 なので P 局面で、勝つ手はありません。"))
    to = chomped(pos, 0, b + 1) if a > b + 1 else chomped(pos, 1, a - 1)
    return winning(game, pos, to, steps, True, Text(
        "It leaves r0 = r1 + 1.", "r0 = r1 + 1 が残ります。"))


def _l_shape(game, pos, rows):
    arm, leg = rows[0] - 1, len(rows) - 1
    steps = [Step(Text(
        f"An L: the poison with an arm of {plural(arm, 'square')} along row 0 and a leg of "
        f"{plural(leg, 'square')} up column 0. A move shortens one of them only, so this is "
        "Nim with two heaps: P exactly when the arm and the leg are equal (the second player "
        "copies every move on the other one).",
        f"L 字形: 毒と、0 段目に沿った {arm} マスの腕、0 列目に沿った {leg} マスの脚。"
        "1 手ではどちらか一方しか短くならないので、山が 2 つのニムと同じで、腕と脚が同じ長さの"
        "ときだけ P です（後手は相手の手をもう一方で真似します）。"))]
    if arm == leg:
        return no_move("theorem", steps, Text(
            f"Here both are {arm} long: a P-position, no move wins.",
            f"ここでは両方とも {arm} マスなので P 局面で、勝つ手はありません。"))
    to = chomped(pos, 0, leg + 1) if arm > leg else chomped(pos, arm + 1, 0)
    return winning(game, pos, to, steps, True, Text(
        "It leaves an arm and a leg of the same length.", "腕と脚が同じ長さになります。"))


def _square(game, pos, n):
    steps = [Step(Text(
        f"{'An' if str(n).startswith('8') or n in (11, 18) else 'A'} {n} × {n} square: eat "
        f"(1, 1). What is left is an L with an arm and a leg of {plural(n - 1, 'square')} "
        "each, and from then on the first player copies every move of the opponent on the "
        "other side.",
        f"{n} × {n} の正方形: (1, 1) を食べます。残るのは腕と脚がどちらも {n - 1} マスの "
        "L 字形で、それからは相手の手をもう一方で真似します。"))]
    return winning(game, pos, chomped(pos, 1, 1), steps, True, Text(
        "An L whose arm and leg are equal is a P-position.", "腕と脚が等しい L 字形は P 局面です。"))


def _two_columns(game, pos, rows):
    c0, c1 = two_columns(rows)
    steps = [Step(Text(
        f"At most two columns, of lengths c0 = {c0} (the poison's column) and c1 = {c1}. "
        "Eating the square (i, j) of a bar is eating (j, i) of its mirror image in the "
        "diagonal, which swaps rows and columns: the game is the same. The mirror image is the "
        f"two-row bar {{{c0}, {c1}}}, and a two-row bar {{r0, r1}} is a P-position exactly "
        "when r0 = r1 + 1: here, exactly when c0 = c1 + 1, that is, when exactly one row of "
        "the bar has a single square.",
        f"2 列以下の板で、列の長さは c0 = {c0}（毒のある列）と c1 = {c1} です。板のマス (i, j) を"
        "食べることは、対角線で折り返して段と列を入れかえた板のマス (j, i) を食べることと同じ"
        f"なので、ゲームは変わりません。折り返した板は 2 段の板 {{{c0}, {c1}}} で、2 段の板"
        " {r0, r1} が P 局面になるのはちょうど r0 = r1 + 1 のときです。ここでは c0 = c1 + 1、"
        "つまり 1 マスの段がちょうど 1 つのときです。"))]
    if c0 == c1 + 1:
        return no_move("theorem", steps, Text(
            f"Here c0 = {c0} = {c1} + 1: a P-position, no move wins.",
            f"ここでは c0 = {c0} = {c1} + 1 なので P 局面で、勝つ手はありません。"))
    to = chomped(pos, c1 + 1, 0) if c0 > c1 + 1 else chomped(pos, len(rows) - 1, 1)
    return winning(game, pos, to, steps, True, Text(
        "It leaves exactly one row of a single square.", "1 マスの段がちょうど 1 つ残ります。"))


@explainer("chomp", why_none=WHY_NONE)
def explain_chomp(game, pos) -> Explanation | None:
    """The proof of the case the bar is in, or None (then the options' mex)."""
    rows = shape(pos)
    if len(rows) == 1:
        return _one_row(game, pos, rows[0])
    if len(rows) == 2:
        return _two_rows(game, pos, *rows)
    if is_l_shape(rows):
        return _l_shape(game, pos, rows)
    if is_square(rows):
        return _square(game, pos, len(rows))
    if rows[0] <= 2:
        return _two_columns(game, pos, rows)
    return None

