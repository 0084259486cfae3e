"""The triangular chocolate with k = 3: the case analysis of the proof of [M2012]
Theorem 3.1. Which coordinate holds the highest 1 of the nim-sum x ^ y ^ z decides the
cut: a horizontal cut (case [3]); a diagonal cut of kind [1] (or [4]) when the Nim move
keeps the y grooves; else the cut of kind [2] (or [5]) to the tight position {s, t, z}."""

from __future__ import annotations

from ..text import Text
from .base import Explanation, Step, bit, fmt, nimsum_steps, no_move, winning

WHY = Text("Its nim-sum is 0, a P-position ([M2012] Theorem 2.1): every cut from it leaves "
           "a nonzero nim-sum (Theorem 3.2).",
           "ニム和が 0 なので P 局面です ([M2012] 定理 2.1)。そこからのどの切り方もニム和を "
           "0 でなくします (定理 3.2)。")
INTRO = Text("Write x, y, z in binary. [M2012] Theorem 2.1: for y ≤ ⌊(x + z)/3⌋, "
             "{x, y, z} is a P-position exactly when x ⊕ y ⊕ z = 0.",
             "x、y、z を 2 進数で並べます。[M2012] 定理 2.1: y ≤ ⌊(x + z)/3⌋ のとき、"
             "{x, y, z} が P 局面であるのは x ⊕ y ⊕ z = 0 のときちょうどです。")


def tight(c: int) -> tuple[int, int]:
    """([M2012] Lemma 3.4, Remark 3.1) The unique (s, t) with s ^ t ^ c = 0 and
    t = floor((s + c)/3): with 2**n the highest 1 of c, t = 2**n - 1 and s = 2**n plus
    the lower digits of c flipped; (0, 0) for c = 0."""
    if c == 0:
        return 0, 0
    n = c.bit_length() - 1
    low = (1 << n) - 1
    return (1 << n) | (~c & low), low


def explain_chocolate(game, pos) -> Explanation | None:
    """[M2012] Theorem 3.1 for k = 3 (None for other k: no constructive proof)."""
    if game.k != 3:
        return None
    x, y, z = pos
    steps, s, m = nimsum_steps([(Text("x", "x"), x), (Text("y", "y"), y), (Text("z", "z"), z)],
                               INTRO)
    if s == 0:
        return no_move("theorem", steps, Text(
            "x ⊕ y ⊕ z = 0: a P-position. [M2012] Theorem 3.2: every cut (also a diagonal cut "
            "that lowers y) leaves a nonzero nim-sum. There is no winning move here.",
            "x ⊕ y ⊕ z = 0 なので P 局面です。[M2012] 定理 3.2: どの切り方 (y が下がる斜めの"
            "切り方も) もニム和を 0 でなくします。ここに勝つ手はありません。"))
    if bit(y, m):
        to, step = (x, x ^ z, z), (Step(Text(
            f"y has a 1 in that column (case [ii] of the proof of [M2012] Theorem 3.1). Cut "
            f"rows off the top down to v = x ⊕ z = {x ^ z} < y = {y}: a horizontal cut changes "
            "neither x nor z (kind [3]).",
            f"y がその位に 1 を持っています ([M2012] 定理 3.1 の証明の場合 [ii])。上から切って "
            f"v = x ⊕ z = {x ^ z} < y = {y} にします。横の切り方は x も z も変えません (種類 [3])。")),)
    else:
        to, step = _diagonal(pos, m)
    return winning(game, pos, to, (*steps, *step), True, WHY)


def _diagonal(pos, m):
    """Cases [i] (x holds the 1: a cut from the left) and [iii] (z: from the right):
    the position to move to and the steps that say why."""
    x, y, z = pos
    left = bool(bit(x, m))
    near, far = (x, z) if left else (z, x)
    en_side, ja_side = ("left", "左") if left else ("right", "右")
    name, other = ("x", "z") if left else ("z", "x")
    case, kinds = ("[i]", ("[1]", "[2]")) if left else ("[iii]", ("[4]", "[5]"))
    u = y ^ far
    s, t = tight(far)
    first = Step(Text(
        f"{name} has the 1 in that column, y and {other} have 0 there (case {case} of the "
        f"proof of [M2012] Theorem 3.1). The Nim move lowers {name} = {near} to "
        f"y ⊕ {other} = {u}. A cut from the {en_side} keeps the y grooves only if y is not "
        f"over the new bound ⌊(x + z)/3⌋.",
        f"{name} がその位に 1 を持ち、y と {other} は 0 です ([M2012] 定理 3.1 の証明の場合 "
        f"{case})。ニムの手なら {name} = {near} を y ⊕ {other} = {u} に減らします。{ja_side}"
        "からの斜めの切り方で y の溝が残るのは、y が新しい上限 ⌊(x + z)/3⌋ を超えない"
        "ときだけです。"), {"u": u})
    tight_pos = (s, t, far) if left else (far, t, s)
    second_data = {"tight": list(tight_pos)}
    if y <= t:
        to = (u, y, z) if left else (x, y, u)
        second = Step(Text(
            f"The tight position for {other} = {far} is {fmt(tight_pos)}: t = {t} is the "
            f"largest y of a P-position with this {other} (Lemma 3.4). Here y = {y} ≤ t, so "
            f"the cut keeps y (Lemma 3.5 [1]): cut {name} down to {u}, a cut of kind "
            f"{kinds[0]}.",
            f"{other} = {far} に対するぎりぎりの局面は {fmt(tight_pos)} です。t = {t} はこの "
            f"{other} をもつ P 局面の y の最大値です (補題 3.4)。ここでは y = {y} ≤ t なので、"
            f"切っても y は残ります (補題 3.5 [1])。{name} を {u} まで切ります (種類 {kinds[0]})。"),
            second_data)
    else:
        to = tight_pos
        second = Step(Text(
            f"The tight position for {other} = {far} is {fmt(tight_pos)}: t = {t} is the "
            f"largest y of a P-position with this {other} (Lemma 3.4). Here y = {y} > t, so "
            f"the Nim move would lower y too. Instead cut {name} down to {s}: the cut lowers "
            f"y to ⌊({s} + {far})/3⌋ = {t}, and the result is the tight position, a cut "
            f"of kind {kinds[1]}.",
            f"{other} = {far} に対するぎりぎりの局面は {fmt(tight_pos)} です。t = {t} はこの "
            f"{other} をもつ P 局面の y の最大値です (補題 3.4)。ここでは y = {y} > t なので、"
            f"ニムの手では y も下がってしまいます。代わりに {name} を {s} まで切ると、y は "
            f"⌊({s} + {far})/3⌋ = {t} に下がり、ぎりぎりの局面になります (種類 {kinds[1]})。"),
            second_data)
    return to, (first, second)

