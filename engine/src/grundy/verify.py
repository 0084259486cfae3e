"""Brute-force verification of every theorem (and conjecture) the site states.

Each game carries its checks (`checks`, a tuple of CheckSpec, in its own module, built
with the helpers below); this module adds the sums and runs them all in registry order.
Each check recomputes the positions with the reference DP (grundy.reference), compares
with the theorem's formula, and also compares the fast tables with the DP.
`run(max_n)` returns the checks; `report(max_n, out)` prints them (`grundy verify`).

Default bounds (about 30 s in all on one core of a 2-core machine): nim and rect
coordinates <= 12 / 8 / 5 (2, 3, 4 sides); chocolate x, z <= 60 (k = 3), 30 (k = 1),
40 (other k); step chocolates z <= 63 and x, z <= 24 (step3); Wythoff x, y <= 100;
Ryuoh x, y <= 40 for p = 1..8; Chomp rectangles up to 7 x 7, bars of up to 4 rows with
r0 <= 12 and bars of two columns up to 12 rows; sums of small games.  `--max N` sets every
bound to N (on the command line at most MAX_BOUND, so that it stays within about 10 s; the
sums stop at SUMS_BOUND).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Callable

from .core import GameError, nim_sum  # noqa: F401  (nim_sum: for the games' checks)
from .registry import game, games
from .reference import reference_grundy
from .sums import SumGame
from .text import Text


MAX_BOUND = 16   # --max: the 4-sided rect (N^5 moves) takes a few seconds at 16
SUMS_BOUND = 6   # the sums' positions are products of two tables: 1-2 s at 6


@dataclass
class Check:
    """One verified statement: status "holds", "fails" (a theorem is false: a bug) or
    "counterexample" (a tested conjecture/candidate formula is false)."""

    id: str
    statement: Text
    status: str
    bound: Text  # the positions checked
    detail: Text  # the first counterexample or a comment ('' in both languages: none)
    kind: str = "theorem"  # "theorem", "conjecture" or "computation"
    seconds: float = 0.0


@dataclass(frozen=True)
class CheckSpec:
    """A check a game carries: its id, the statement checked, the function computing the
    Check from a bound (None: the default bound) and its kind."""

    id: str
    statement: Text
    run: Callable
    kind: str = "theorem"  # "theorem", "conjecture" or "computation"


def specs() -> dict[str, CheckSpec]:
    """Every check: each registered game's, in registry order, then the sums."""
    out = {}
    for cls in games():
        for spec in cls.checks:
            out.setdefault(spec.id, spec)  # a subclass may inherit its parent's
    out[SUMS_SPEC.id] = SUMS_SPEC
    return out


def check(id_, status, count, cond, detail=("", ""), kind="theorem"):
    """A Check; `cond` = (English, Japanese) description of the positions checked."""
    every = status == "holds"
    space = "" if "\u3040" <= cond[1][-1:] <= "\u9fff" else " "  # none after a Japanese word
    bound = Text(f"{'all ' if every else ''}{count:,} positions with {cond[0]}",
                 f"{cond[1]}{space}{'のすべての' if every else 'の'} {count:,} 局面")
    return Check(id_, specs()[id_].statement, status, bound, Text(*detail), kind)


def result(id_, fail, count, cond, mismatch="", kind="theorem"):
    """The check of a brute-force comparison: `fail` is the first counterexample (or None),
    `mismatch` a difference between a fast table and the reference DP ('' if none)."""
    if fail is None and not mismatch:
        return check(id_, "holds", count, cond, kind=kind)
    if mismatch:
        return check(id_, "fails", count, cond, (mismatch, mismatch), kind)
    status = "fails" if kind == "theorem" else "counterexample"
    return check(id_, status, count, cond,
                  (f"first counterexample: {fail}", f"最初の反例: {fail}"), kind)


def first_mismatch(g, positions, expected, memo=None):
    """(count, first position where expected(pos, G) is False, or None)."""
    memo = {} if memo is None else memo
    count = 0
    for pos in positions:
        count += 1
        if not expected(pos, reference_grundy(g, pos, memo)):
            return count, pos
    return count, None


def table_agrees(g, limit, memo) -> str:
    """'' if the fast table(s) for `limit` equal the reference DP, else a description."""
    for backend in ("python", "numpy"):
        try:
            t = g.table(limit, backend=backend)
        except ValueError:  # no numpy
            continue
        for pos, v in t.items():
            if reference_grundy(g, pos, memo) != v:
                return f"{g!r}: the {backend} table differs from the reference DP at {pos}"
    return ""


def box(names: str, n: int) -> tuple[str, str]:
    """The (English, Japanese) description of the positions with `names` <= n."""
    return f"{names} <= {n}", f"{names} <= {n}"


def formula_holds(id_, g, positions, cond, table_limit):
    """The check of the game's own formula (its first theorem that holds) against the
    reference DP on `positions`, and of its fast tables up to `table_limit`."""
    memo = {}

    def agrees(pos, value):
        f = g.formula(pos)
        if f is None:
            return False
        return f.value == value if f.kind == "grundy" else (f.value == 0) == (value == 0)

    count, fail = first_mismatch(g, positions, agrees, memo)
    return result(id_, fail, count, cond, table_agrees(g, table_limit, memo))


def each_holds(id_, cases, cond):
    """The check of several games: `cases` yields (game, positions, expected(pos, G));
    it holds when no position is a counterexample."""
    total = 0
    for g, positions, expected in cases:
        count, fail = first_mismatch(g, positions, expected)
        total += count
        if fail is not None:
            return result(id_, fail, total, cond)
    return check(id_, "holds", total, cond)


def check_sums(n):
    """The Sprague-Grundy check: G of a sum is the nim-sum of its components' values."""
    n = 5 if n is None else min(n, SUMS_BOUND)
    pairs = [(game("chocolate", k=2), game("ryuoh", p=3)),
             (game("step", f="t//2"), game("wythoff")),
             (game("nim", heaps=2), game("chocolate", k=5))]
    cond = (f"every coordinate <= {n} in the 3 sums", f"3 つのゲームの和で各座標が {n} 以下")

    def cases():
        for a, b in pairs:
            cut = len(a.coords)
            yield (SumGame([a, b]), (pa + pb for pa in a.table(n) for pb in b.table(n)),
                   lambda p, v: v == a.grundy(p[:cut]) ^ b.grundy(p[cut:]))

    return each_holds("sums", cases(), cond)


SUMS_SPEC = CheckSpec("sums", Text(
    "Sprague-Grundy theorem: the Grundy value of a direct sum is the nim-sum of the "
    "Grundy values (chocolate k = 2 + Ryuoh, step + Wythoff, Nim + chocolate k = 5).",
    "スプレイグ・グランディの定理: ゲームの和のグランディ数は各成分のグランディ数のニム和 "
    "(三角形のチョコレート k = 2 + 龍王ニム, 階段チョコレート + ワイソフのゲーム, "
    "ニム + 三角形のチョコレート k = 5)。"), check_sums)


def run(max_n: int | None = None, ids=None) -> list[Check]:
    """Run the checks (all, or those in `ids`) with their default bounds or all bounds = max_n.

    Examples:
        >>> import grundy
        >>> check = grundy.verify.run(max_n=8, ids=["chocolate-k3"])[0]
        >>> check.status, str(check.bound)
        ('holds', 'all 270 positions with x, z <= 8')
    """
    out = []
    for id_, spec in specs().items():
        if ids is None or id_ in ids:
            start = time.perf_counter()
            done = spec.run(max_n)
            done.seconds = time.perf_counter() - start
            out.append(done)
    return out


def report(max_n: int | None = None, out=None) -> int:
    """Print every check with its bound (to stdout by default); 1 if a theorem fails, else 0.
    `grundy verify --max N` runs this: N is at most MAX_BOUND."""
    if max_n is not None and max_n > MAX_BOUND:
        raise GameError(f"verify --max is at most {MAX_BOUND} (the checks grow like the fifth "
                        f"power of the bound), got {max_n:,}; leave --max out for the default "
                        "bounds",
                        f"verify の --max は {MAX_BOUND} までです (調べる量は上限の 5 乗で増えます。"
                        f"{max_n:,} が指定されました)。既定の上限なら --max を省いてください。")
    out = out or sys.stdout
    failed = False
    for c in run(max_n):
        out.write(f"[{c.status}] {c.id} ({c.kind}): {c.statement}\n")
        verb = "holds for" if c.status == "holds" else "checked on"
        out.write(f"    {verb} {c.bound} ({c.seconds:.1f} s)\n")
        if c.detail.en:
            out.write(f"    {c.detail}\n")
        out.flush()
        failed |= c.status == "fails"
    return 1 if failed else 0
