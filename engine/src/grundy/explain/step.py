"""Step chocolates CB(f, y, z) (and with a bar of x squares) when f satisfies the
condition of [S] Theorem 2.3: the case analysis of the proof of [S] Lemma 2.6."""

from __future__ import annotations

from ..text import Text
from .base import Explanation, Step, bit, explainer, nimsum_steps, no_move, winning

WHY = Text("Its nim-sum is 0: a P-position ([S] Lemma 2.7: every cut from it leaves a "
           "nonzero nim-sum).",
           "ニム和が 0 なので P 局面です（[S] 補題 2.7: そこからのどの切り方もニム和を 0 で"
           "なくします）。")


def fixed_height(f, x: int, y: int, w: int, m: int) -> tuple[int, int]:
    """[S] Lemma 2.6, subcase (iii.2): y > f(w) where w = x ^ y. Build, digit by digit from
    the top, a column w2 < z and a height v = f(w2) < y with x ^ v ^ w2 = 0: above the
    first digit b where the top digits of y exceed f(w), copy y and w; set v's digit b to
    0; below, v's digit is 1 exactly when f(top digits of w2) leaves room for it, and w2's
    digit makes the column's nim-sum 0. `m` is the highest 1 of the nim-sum."""
    fw = f(w)
    b = max(i for i in range(m + 1) if (y >> i) << i > fw)
    v = (y >> (b + 1)) << (b + 1)
    w2 = ((w >> (b + 1)) << (b + 1)) | (bit(x, b) << b)
    for i in range(b - 1, -1, -1):
        if v + (1 << i) <= f(w2):
            v |= 1 << i
        w2 |= (bit(x, i) ^ bit(v, i)) << i
    return v, w2


@explainer("step", "step3", why_none=Text(
    "This f does not satisfy the condition of [S] Theorem 2.3, so the Grundy "
    "value need not be the nim-sum.",
    "この f は [S] 定理 2.3 の条件を満たさないので、グランディ数がニム和になると"
    "は限りません。"))
def explain_step(game, pos) -> Explanation | None:
    """[S] Theorems 2.2 and 2.3 (None when f does not satisfy the condition)."""
    if game.formula(pos) is None:
        return None
    *xs, y, z = pos
    x = xs[0] if xs else 0
    names = ("x", "y", "z")[-len(pos):]
    listed, total = (", ".join(names[:-1]) + " and z", "、".join(names)), " ⊕ ".join(names)
    where, data = Text("", " "), {}
    if not game.f.proved:  # the engine checked the condition on the columns below 2^bits(z)
        top = (1 << max(1, z.bit_length())) - 1
        where, data = Text(f" on the columns 0 to {top}, all that this position and the "
                           "positions after it use",
                           f"この局面とそこから行ける局面が使う列 0 〜 {top} で "), {"columns": top}
    intro = Text(
        f"Write {listed[0]} in binary. f satisfies the condition of [S] Theorem 2.3{where.en}, "
        f"so the Grundy value is the nim-sum {total} ([S] Theorems 2.2 and 2.3).",
        f"{listed[1]} を 2 進数で並べます。f は{where.ja}[S] 定理 2.3 の条件を満たすので、"
        f"グランディ数はニム和 {total} です（[S] 定理 2.2・2.3）。")
    steps, s, m = nimsum_steps([(Text(n, n), c) for n, c in zip(names, pos)], intro, data)
    if s == 0:
        return no_move("theorem", steps, Text(
            "The nim-sum is 0: a P-position. Every cut leaves a nonzero nim-sum ([S] Lemma 2.7); "
            "there is no winning move here.",
            "ニム和が 0 なので P 局面です。どの切り方もニム和を 0 でなくします（[S] 補題 2.7）。"
            "ここに勝つ手はありません。"))
    lift = (lambda v, w: (x, v, w)) if xs else (lambda v, w: (v, w))
    if xs and bit(x, m):
        to, data = (x ^ s, y, z), {"u": x ^ s}
        why = Text(f"x has a 1 in that column (case (i) of [S] Lemma 2.6): cut the strip on "
                   f"the left down to u = y ⊕ z = {x ^ s}.",
                   f"x がその位に 1 を持っています（[S] 補題 2.6 の場合 (i)）。左の棒を "
                   f"u = y ⊕ z = {x ^ s} まで切ります。")
    elif bit(y, m):
        to, data = lift(y ^ s, z), {"v": y ^ s}
        why = Text(f"y has a 1 in that column (case (ii) of [S] Lemma 2.6): cut rows off the "
                   f"top down to v = {y ^ s}; z does not change.",
                   f"y がその位に 1 を持っています（[S] 補題 2.6 の場合 (ii)）。上から切って "
                   f"v = {y ^ s} にします。z は変わりません。")
    else:
        w = z ^ s
        fw = game.f(w)
        data = {"w": w, "f(w)": fw}
        if y <= fw:
            to = lift(y, w)
            why = Text(f"z has a 1 in that column (case (iii) of [S] Lemma 2.6): the Nim move "
                       f"cuts columns off the right down to w = {w}. Since y = {y} ≤ f({w}) = "
                       f"{fw}, the cut keeps y (subcase (iii.1)).",
                       f"z がその位に 1 を持っています（[S] 補題 2.6 の場合 (iii)）。ニムの手は"
                       f"右から切って w = {w} にします。y = {y} ≤ f({w}) = {fw} なので y は"
                       "そのまま残ります（場合 (iii.1)）。")
        else:
            v, w2 = fixed_height(game.f, x, y, w, m)
            to = lift(v, w2)
            data.update({"w′": w2, "v": v})
            why = Text(f"z has a 1 in that column (case (iii) of [S] Lemma 2.6), but the Nim "
                       f"move to w = {w} would lower y = {y} to f({w}) = {fw} (subcase (iii.2)). "
                       f"The proof builds, digit by digit from the top, a column w′ = {w2} and "
                       f"a height v = f({w2}) = {v} with {'x ⊕ ' if xs else ''}v ⊕ w′ = 0: cut "
                       f"columns off the right down to {w2}; y drops to {v}.",
                       f"z がその位に 1 を持っています（[S] 補題 2.6 の場合 (iii)）。しかし"
                       f"ニムの手で w = {w} にすると y = {y} が f({w}) = {fw} に下がってしまい"
                       f"ます（場合 (iii.2)）。証明は上の位から 1 桁ずつ、列 w′ = {w2} と"
                       f"高さ v = f({w2}) = {v} を {'x ⊕ ' if xs else ''}v ⊕ w′ = 0 となるように"
                       f"作ります。右から切って {w2} にすると、y は {v} に下がります。")
    return winning(game, pos, to, (*steps, Step(why, data)), True, WHY)
