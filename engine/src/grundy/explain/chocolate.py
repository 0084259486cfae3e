"""The triangular chocolate with k = 3: the case analysis of the proof of [M2012]
Theorem 3.1. Which coordinate holds the highest 1 of the nim-sum x ^ y ^ z decides the
cut: a horizontal cut (case [3]); a diagonal cut of kind [1] (or [4]) when the Nim move
keeps the y grooves; else the cut of kind [2] (or [5]) to the tight position {s, t, z}.
With k = 1: the Nim move on (x - 1, y, z - 1), or a cut to {0, 0, 0} where x or z is 0."""

from __future__ import annotations

from ..text import Text
from .base import END, Explanation, Step, bit, explainer, fmt, nimsum_steps, no_move, winning

WHY = Text("Its nim-sum is 0, a P-position ([M2012] Theorem 2.1): every cut from it leaves "
           "a nonzero nim-sum (Theorem 3.2).",
           "ニム和が 0 なので P 局面です（[M2012] 定理 2.1）。そこからのどの切り方もニム和を "
           "0 でなくします（定理 3.2）。")
INTRO = Text("Write x, y, z in binary. [M2012] Theorem 2.1: for y ≤ ⌊(x + z)/3⌋, "
             "{x, y, z} is a P-position exactly when x ⊕ y ⊕ z = 0.",
             "x、y、z を 2 進数で並べます。[M2012] 定理 2.1: y ≤ ⌊(x + z)/3⌋ のとき、"
             "{x, y, z} が P 局面であることと x ⊕ y ⊕ z = 0 は同値です。")


def tight(c: int) -> tuple[int, int]:
    """([M2012] Lemma 3.4, Remark 3.1) The unique (s, t) with s ^ t ^ c = 0 and
    t = floor((s + c)/3): with 2**n the highest 1 of c, t = 2**n - 1 and s = 2**n plus
    the lower digits of c flipped; (0, 0) for c = 0."""
    if c == 0:
        return 0, 0
    n = c.bit_length() - 1
    low = (1 << n) - 1
    return (1 << n) | (~c & low), low


@explainer("chocolate", why_none=Text(
    "No theorem gives the winning moves for this k: k = 1 and k = 3 are proved; for odd "
    "k ≥ 5 [M2012] only conjectures a formula, and for even k none is known.",
    "この k では、勝つ手を与える定理がありません。証明されているのは k = 1 と k = 3 です。"
    "5 以上の奇数の k については [M2012] が公式を予想しているだけで、偶数の k では公式は"
    "知られていません。"))
def explain_chocolate(game, pos) -> Explanation | None:
    """[M2012] Theorem 3.1 for k = 3, the theorem for k = 1 (None for other k: no
    theorem)."""
    if game.k == 1:
        return _explain_k1(game, pos)
    if game.k != 3:
        return None
    x, y, z = pos
    steps, s, m = nimsum_steps([(Text("x", "x"), x), (Text("y", "y"), y), (Text("z", "z"), z)],
                               INTRO)
    if s == 0:
        return no_move("theorem", steps, Text(
            "x ⊕ y ⊕ z = 0: a P-position. [M2012] Theorem 3.2: every cut (also a diagonal cut "
            "that lowers y) leaves a nonzero nim-sum. There is no winning move here.",
            "x ⊕ y ⊕ z = 0 なので P 局面です。[M2012] 定理 3.2: どの切り方（y が下がる斜めの"
            "切り方も）もニム和を 0 でなくします。ここに勝つ手はありません。"))
    if bit(y, m):
        to, step = (x, x ^ z, z), (Step(Text(
            f"y has a 1 in that column (case [ii] of the proof of [M2012] Theorem 3.1). Cut "
            f"rows off the top down to v = x ⊕ z = {x ^ z} < y = {y}: a horizontal cut changes "
            "neither x nor z (kind [3]).",
            f"y がその位に 1 を持っています（[M2012] 定理 3.1 の証明の場合 [ii]）。上から切って "
            f"v = x ⊕ z = {x ^ z} < y = {y} にします。横の切り方は x も z も変えません（種類 [3]）。")),)
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
    others, rest = ("y and z", "y ⊕ z") if left else ("x and y", "x ⊕ y")
    case, kinds = ("[i]", ("[1]", "[2]")) if left else ("[iii]", ("[4]", "[5]"))
    u = y ^ far
    s, t = tight(far)
    first = Step(Text(
        f"{name} has the 1 in that column, {others} have 0 there (case {case} of the "
        f"proof of [M2012] Theorem 3.1). The Nim move lowers {name} = {near} to "
        f"{rest} = {u}. A cut from the {en_side} keeps the y grooves only if y is not "
        f"over the new bound ⌊(x + z)/3⌋.",
        f"{name} がその位に 1 を持ち、{others.replace(' and ', ' と ')} は 0 です（[M2012] "
        f"定理 3.1 の証明の場合 {case}）。ニムの手なら {name} = {near} を {rest} = {u} に"
        f"減らします。{ja_side}"
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
            f"{other} をもつ P 局面の y の最大値です（補題 3.4）。ここでは y = {y} ≤ t なので、"
            f"切っても y は残ります（補題 3.5 [1]）。{name} を {u} まで切ります（種類 {kinds[0]}）。"),
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
            f"{other} をもつ P 局面の y の最大値です（補題 3.4）。ここでは y = {y} > t なので、"
            f"ニムの手では y も下がってしまいます。代わりに {name} を {s} まで切ると、y は "
            f"⌊({s} + {far})/3⌋ = {t} に下がり、ぎりぎりの局面になります（種類 {kinds[1]}）。"),
            second_data)
    return to, (first, second)



K1 = Text("Theorem for k = 1 (Miyadera, Inoue et al., announced in [M2012] §6): for "
          "y ≤ x + z, {x, y, z} is a P-position exactly when it is {0, 0, 0}, or x, z ≥ 1 and "
          "(x − 1) ⊕ y ⊕ (z − 1) = 0.",
          "k = 1 の定理（宮寺・井上ほか。[M2012] 第 6 節で紹介）: y ≤ x + z のとき、{x, y, z} "
          "が P 局面であることは、{0, 0, 0} であるか、x, z ≥ 1 かつ (x − 1) ⊕ y ⊕ (z − 1) = 0 "
          "であることと同値です。")
K1_WHY = Text("Now x, z ≥ 1 and (x − 1) ⊕ y ⊕ (z − 1) = 0: a P-position.",
              "x, z ≥ 1 で (x − 1) ⊕ y ⊕ (z − 1) = 0 なので P 局面です。")


def _explain_k1(game, pos) -> Explanation | None:
    """k = 1: where x or z is 0, the cut to {0, 0, 0}; else the Nim move on
    (x - 1, y, z - 1), which keeps y because a nim-sum is at most the sum."""
    x, y, z = pos
    if x == 0 or z == 0:
        if pos == (0, 0, 0):
            return no_move("theorem", (Step(K1),), END)
        name, side, ja_side = ("z", "right", "右") if x == 0 else ("x", "left", "左")
        return winning(game, pos, (0, 0, 0), (Step(K1), Step(Text(
            f"Here {'x' if x == 0 else 'z'} = 0, where the formula does not apply: the only "
            f"P-position with x = 0 or z = 0 is {{0, 0, 0}}, and it is one cut away. Cut "
            f"{name} down to 0 from the {side}: then x + z = 0, so y drops to 0 as well.",
            f"ここでは {'x' if x == 0 else 'z'} = 0 なので式は使えません。x = 0 か z = 0 の "
            f"P 局面は {{0, 0, 0}} だけで、1 回の切断で行けます。{ja_side}から {name} を 0 まで"
            "切ると x + z = 0 になるので、y も 0 に下がります。"))), True, Text(
            "No move is left for the opponent, who has lost.",
            "相手にはもう手がなく、相手の負けです。"))
    rows = [(Text("x − 1", "x − 1"), x - 1), (Text("y", "y"), y), (Text("z − 1", "z − 1"), z - 1)]
    steps, s, m = nimsum_steps(rows, K1 + Text(" Write x − 1, y, z − 1 in binary.",
                                               "x − 1、y、z − 1 を 2 進数で並べます。"))
    if s == 0:
        return no_move("theorem", steps, Text(
            "x, z ≥ 1 and (x − 1) ⊕ y ⊕ (z − 1) = 0: a P-position. Every cut leaves an "
            "N-position. A cut to x = 0 or z = 0 leaves a position other than {0, 0, 0}, from "
            "which the opponent cuts the other side away. Any other cut changes one of x − 1, "
            "y, z − 1, so the nim-sum becomes nonzero; or it also lowers y, to the new x + z, "
            "which is more than the new (x − 1) ⊕ (z − 1). There is no winning move here.",
            "x, z ≥ 1 で (x − 1) ⊕ y ⊕ (z − 1) = 0 なので P 局面です。どの切り方も N 局面を"
            "残します。x = 0 か z = 0 にする切り方は {0, 0, 0} 以外の局面を残し、相手はもう"
            "一方の側を切り落とします。ほかの切り方は x − 1、y、z − 1 のどれか 1 つを変えるので"
            "ニム和は 0 でなくなります。y も下がる場合は、y が新しい x + z になり、これは新しい "
            "(x − 1) ⊕ (z − 1) より大きくなります。ここに勝つ手はありません。"))
    if bit(y, m):
        v = (x - 1) ^ (z - 1)
        return winning(game, pos, (x, v, z), (*steps, Step(Text(
            f"y has a 1 in that column. Cut rows off the top down to "
            f"v = (x − 1) ⊕ (z − 1) = {v} < y = {y}: a horizontal cut changes neither x nor z.",
            f"y がその位に 1 を持っています。上から切って v = (x − 1) ⊕ (z − 1) = {v} < "
            f"y = {y} にします。横の切り方は x も z も変えません。"), {"v": v})), True, K1_WHY)
    left = bool(bit(x - 1, m))
    name, other, side, ja_side = ("x", "z", "left", "左") if left else ("z", "x", "right", "右")
    near, far = (x, z) if left else (z, x)
    u = y ^ (far - 1)
    rest = f"y ⊕ ({other} − 1)" if left else f"({other} − 1) ⊕ y"
    to = (u + 1, y, z) if left else (x, y, u + 1)
    return winning(game, pos, to, (*steps, Step(Text(
        f"{name} − 1 = {near - 1} has a 1 in that column. The Nim move lowers it to "
        f"{rest} = {u}: cut {name} down to {u + 1} from the {side}, so {name} ≥ 1 still. The "
        f"cut keeps y: now y = (x − 1) ⊕ (z − 1), and a nim-sum is at most the sum, so "
        f"y ≤ (x − 1) + (z − 1) < x + z (the bound y ≤ x + z never forces y down here).",
        f"{name} − 1 = {near - 1} がその位に 1 を持っています。ニムの手でこれを "
        f"{rest} = {u} に減らします。{ja_side}から {name} を {u + 1} まで切るので、"
        f"{name} ≥ 1 のままです。この切り方で y は下がりません。切ったあとは "
        f"y = (x − 1) ⊕ (z − 1) で、ニム和は和を超えないので y ≤ (x − 1) + (z − 1) < x + z "
        f"です（上限 y ≤ x + z のために y が下がることはありません）。"), {"u": u})),
        True, K1_WHY)
