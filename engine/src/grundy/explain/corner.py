"""Wythoff's game (the pair (floor(n phi), floor(n phi^2)) to move to) and generalized
Ryuoh Nim ([R1] Theorem 3.1: the part mod p and the nim-sum of the blocks)."""

from __future__ import annotations

from math import isqrt

from ..text import Text
from .base import END, Explanation, Step, bit, explainer, fmt, nimsum_steps, no_move, winning


def wythoff_pair(n: int) -> tuple[int, int]:
    """(floor(n phi), floor(n phi^2)) = (a_n, a_n + n), exactly in integers."""
    a = (n + isqrt(5 * n * n)) // 2
    return a, a + n


def _pair_of(c: int) -> tuple[int, int, int]:
    """(n, a_n, b_n) for the pair that contains c (every whole number is in exactly one,
    [Beatty]; 0 is in the pair n = 0)."""
    n = 0
    while True:
        a, b = wythoff_pair(n)
        if c in (a, b):
            return n, a, b
        n += 1


@explainer("wythoff", board=True)
def explain_wythoff(game, pos) -> Explanation | None:
    """Wythoff (1907): the P-positions are the pairs (a_n, b_n) in either order."""
    x, y = pos
    low, high = min(pos), max(pos)
    n, a, b = _pair_of(low)
    pairs = [list(wythoff_pair(i)) for i in range(max(n, high - low) + 2)]
    steps = [Step(Text(
        "Wythoff (1907): the P-positions are the pairs (⌊nφ⌋, ⌊nφ²⌋) for n = 0, 1, 2, …, "
        "in either order (φ is the golden ratio); the second number of the pair n is the "
        "first plus n. Every whole number ≥ 1 is in exactly one pair.",
        "ワイソフ（1907 年）: P 局面は組 (⌊nφ⌋, ⌊nφ²⌋)（n = 0, 1, 2, …）で、順序はどちらでも"
        "構いません（φ は黄金比）。組 n の 2 つめの数は 1 つめの数に n を足したものです。"
        "1 以上の整数は、ちょうど 1 つの組に現れます。"), {"pairs": pairs})]
    steps.append(Step(Text(
        f"The smaller coordinate {low} is in the pair n = {n}: ({a}, {b}).",
        f"小さいほうの座標 {low} は n = {n} の組 ({a}, {b}) に入っています。"),
        {"pair": [a, b]}))
    flip = (lambda p: p) if x <= y else (lambda p: (p[1], p[0]))
    if high == 0:
        return no_move("theorem", steps, END)
    if low == a and high == b:
        return no_move("theorem", steps, Text(
            f"{fmt(pos, False)} is this pair itself: a P-position. A move changes one coordinate "
            "(the other one stays, and no other pair contains it) or both by the same amount "
            "(the difference stays, and no other pair has it), so every move leaves an "
            "N-position.",
            f"{fmt(pos, False)} はこの組そのものなので P 局面です。手は 1 つの座標だけを変えるか"
            "（残る座標を含む組はほかにありません）、両方を同じだけ変えます（差が変わらず、その差"
            "をもつ組はほかにありません）。だから、どの手も N 局面に移ります。"))
    if low != a:
        to = flip((low, a))
        why = Text(f"{low} is the larger number of its pair, and {high} ≥ {low} > {a}: move "
                   f"the other coordinate down to {a}.",
                   f"{low} は組の大きいほうの数で、{high} ≥ {low} > {a} です。もう一方の座標を "
                   f"{a} まで下げます。")
    elif high > b:
        to = flip((a, b))
        why = Text(f"{low} is the smaller number of its pair and {high} > {b}: move the other "
                   f"coordinate down to {b}.",
                   f"{low} は組の小さいほうの数で、{high} > {b} です。もう一方の座標を {b} "
                   "まで下げます。")
    else:
        d = high - low
        c, e = wythoff_pair(d)
        to = flip((c, e))
        why = Text(f"{low} is the smaller number of its pair but {high} < {b}: the difference "
                   f"{high} − {low} = {d} is less than n = {n}. Take {low - c} from both "
                   f"(diagonally) to reach the pair n = {d}: ({c}, {e}).",
                   f"{low} は組の小さいほうの数ですが {high} < {b} です。差 {high} − {low} = "
                   f"{d} は n = {n} より小さいので、両方から {low - c} ずつ（斜めに）取って "
                   f"n = {d} の組 ({c}, {e}) にします。")
    return winning(game, pos, to, (*steps, Step(why)), False, Text(
        "It is one of the pairs: a P-position.", "この組の 1 つなので P 局面です。"))


@explainer("ryuoh", board=True)
def explain_ryuoh(game, pos) -> Explanation | None:
    """[R1] Theorem 3.1: G(x, y) = (x + y) mod p + p·((x // p) ^ (y // p))."""
    p, (x, y) = game.p, pos
    k, v, h, w = x // p, x % p, y // p, y % p
    r = (x + y) % p
    intro = Text(
        f"[R1] Theorem 3.1: G(x, y) = (x + y) mod p + p·(⌊x/p⌋ ⊕ ⌊y/p⌋) with p = {p}. "
        f"Cut the board into blocks of {p} × {p} squares: x = {p}·{k} + {v}, "
        f"y = {p}·{h} + {w}. The part "
        f"mod p is ({x} + {y}) mod {p} = {r}; the block numbers {k} and {h} in binary:",
        f"[R1] 定理 3.1: p = {p} のとき G(x, y) = (x + y) mod p + p·(⌊x/p⌋ ⊕ ⌊y/p⌋)。"
        f"盤を {p} × {p} マスのブロックに分けると x = {p}·{k} + {v}、y = {p}·{h} + {w} です。p で"
        f"割った余りの部分は ({x} + {y}) mod {p} = {r}、ブロックの番号 {k} と {h} を 2 進数で"
        "並べます:")
    steps, kh, m = nimsum_steps([(Text("⌊x/p⌋", "⌊x/p⌋"), k), (Text("⌊y/p⌋", "⌊y/p⌋"), h)],
                                intro, {"rests": [v, w], "mod": r})
    value = r + p * kh
    steps.append(Step(Text(f"So G = {r} + {p}·{kh} = {value}.",
                           f"したがって G = {r} + {p}·{kh} = {value} です。"),
                      {"grundy": value}))
    if value == 0:
        return no_move("theorem", steps, END if x == y == 0 else Text(
            "G = 0: a P-position. Every move changes the Grundy value, so it leaves an "
            "N-position; there is no winning move here.",
            "G = 0 なので P 局面です。どの手もグランディ数を変えるので N 局面に移ります。"
            "ここに勝つ手はありません。"))
    if kh:
        data = {"block": (h if bit(h, m) else k) ^ kh, "rest": (-(v if bit(h, m) else w)) % p}
        if bit(k, m):
            to = (p * (k ^ kh) + (-w) % p, y)
            why = Text(f"As in Nim, the block number of x, {k}, holds the highest 1: move the "
                       f"piece left into "
                       f"block {k ^ kh} (so the blocks' nim-sum becomes 0), at the square "
                       f"{p}·{k ^ kh} + {(-w) % p} = {to[0]} where x + y is a multiple of {p}.",
                       f"ニムと同じく、x のブロック番号 {k} がいちばん上の 1 を持っています。駒を"
                       f"左のブロック {k ^ kh}（ブロックのニム和が 0 になる）に動かし、x + y が "
                       f"{p} の倍数になるマス {p}·{k ^ kh} + {(-w) % p} = {to[0]} に置きます。")
        else:
            to = (x, p * (h ^ kh) + (-v) % p)
            why = Text(f"As in Nim, the block number of y, {h}, holds the highest 1: move the "
                       f"piece up into "
                       f"block {h ^ kh} (so the blocks' nim-sum becomes 0), at the square "
                       f"{p}·{h ^ kh} + {(-v) % p} = {to[1]} where x + y is a multiple of {p}.",
                       f"ニムと同じく、y のブロック番号 {h} がいちばん上の 1 を持っています。駒を"
                       f"上のブロック {h ^ kh}（ブロックのニム和が 0 になる）に動かし、x + y が "
                       f"{p} の倍数になるマス {p}·{h ^ kh} + {(-v) % p} = {to[1]} に置きます。")
    else:
        to, why = _inside_block(pos, p, v, w, r)
        data = {}
    return winning(game, pos, to, (*steps, Step(why, data)), False, Text(
        "Its blocks' nim-sum is 0 and x + y is a multiple of p: G = 0, a P-position.",
        "ブロックのニム和が 0 で x + y が p の倍数なので G = 0、P 局面です。"))


def _inside_block(pos, p, v, w, r):
    """The blocks' nim-sum is 0 but (x + y) mod p = r > 0: a short move inside the block
    ([R1] Lemma 3.3) makes x + y a multiple of p."""
    x, y = pos
    if v + w >= p:
        return (x - r, y), Text(
            f"The blocks' nim-sum is already 0; only the part mod p, {r}, is left. Move the "
            f"piece {r} left: it stays in its block ({v} ≥ {r}) and x + y becomes a multiple "
            f"of {p}.",
            f"ブロックのニム和はすでに 0 で、残るのは余りの部分 {r} だけです。駒を左に {r} "
            f"動かすと、同じブロックにとどまり（{v} ≥ {r}）、x + y が {p} の倍数になります。")
    return (x - v, y - w), Text(
        f"The blocks' nim-sum is already 0; only the part mod p, {r} = {v} + {w}, is left. "
        f"Move the piece to the top-left corner of its block, {v} left and {w} up (one move: "
        f"{f'a diagonal move, allowed since {r} ≤ p − 1' if v and w else 'a straight move'}).",
        f"ブロックのニム和はすでに 0 で、残るのは余りの部分 {r} = {v} + {w} だけです。駒を"
        f"ブロックの左上の角へ、左に {v}、上に {w} 動かします（1 手で行けます: "
        f"{'斜めの手で、' + str(r) + ' ≤ p − 1 なので指せます' if v and w else 'まっすぐの手'}）。")
