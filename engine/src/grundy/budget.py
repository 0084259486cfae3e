"""The work model: estimate what a request costs before computing it, refuse it beyond a budget.

A cost is counted in *steps* (about one microsecond of CPython each on the 2-core build
machine: one move examined by the reference search, one position of a table, one node of
f evaluated at one t) and in *bytes* held at once; the width of the integers and the number
of coordinates have their own limits.  Budgets:

* `CLI` (the command line, the Python API, the site build): a request answers within
  10 s and 1.5 GB on a 2-core machine, or is refused at once.
* `BROWSER` (the JSON facade run by Pyodide): within about 2 s and well under 500 MB;
  `VIEWER` (its P-position viewer, with progress and a cancel button): about 3 s;
  `DISCOVERY` (its formula search, with progress and a cancel button): about 5 s.

`require(...)` raises `BudgetError` (a GameError) with one line, in English and Japanese,
that names the limit and what to do.  `using(budget)` selects the budget of a request.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass

from .errors import BudgetError, shown

# Steps per unit of work (calibrated on the build machine, rounded up).
STEP_PER_CHILD = 1            # reference search: one move generated, looked up, combined
STEP_PER_TABLE_POSITION = 2   # pure-Python table kernels (nim's box: one per coordinate more)
STEP_PER_F_NODE = 1           # one node of f's expression evaluated at one t
STEP_PER_MOVE = 8             # one move listed or tried: its target validated and valued
# Bytes held per position.
BYTES_PER_MEMO_POSITION = 240  # reference search: memo dict entry, key tuple, its ints, stack
BYTES_PER_TABLE_POSITION = 24  # a table: its value array, the kernel's prefix bitsets
WORD_BITS = 64                 # big-integer operations cost one step per word


@dataclass(frozen=True)
class Budget:
    """Limits for one kind of request; `where`/`where_ja` name it in messages."""

    where: str
    where_ja: str
    seconds: int
    steps: int
    memory: int      # bytes
    digits: int      # decimal digits of a coordinate or parameter
    coords: int      # coordinates of one position (heaps of Nim)

    @property
    def bits(self) -> int:
        """Bits of the widest integer accepted (`digits` decimal digits)."""
        return self.digits * 3322 // 1000 + 1


CLI = Budget("the command line", "コマンドライン", 10, 8_000_000, 1_200_000_000, 4_000, 10_000)
BROWSER = Budget("the browser", "ブラウザ", 2, 1_000_000, 200_000_000, 1_000, 100)
# The P-position viewer (one picture, with progress and a cancel button): within about
# 3 s, enough for x, z <= 128 with k = 2 (1,077,505 positions; timed on docs/benchmarks.md).
VIEWER = Budget("the browser's P-position viewer", "ブラウザの P 局面ビューアー", 3, 2_200_000,
                200_000_000, 1_000, 100)
# The formula search (grundy.discovery, with progress and a cancel button): a few seconds in
# Pyodide (the whole budget: 11.5 s at load 15, when CPython took 0.76 s of CPU, 3.6 s of
# wall time; tests/browser/test_discover.py prints it).
DISCOVERY = Budget("the browser's formula search", "ブラウザの式の探索", 5, 1_500_000,
                   200_000_000, 1_000, 100)
# SVG elements of one picture (a board square, a counter, a move): pages stay small.
DRAWING_ELEMENTS = 50_000

_active = [CLI]


def for_seconds(seconds: int) -> Budget:
    """The command line's budget with `seconds` of work instead of its 10 (the frontier
    computations' `--seconds`: the same steps per second, the same memory)."""
    return Budget(f"--seconds {seconds:,}", f"--seconds {seconds:,}", seconds,
                  seconds * (CLI.steps // CLI.seconds), CLI.memory, CLI.digits, CLI.coords)


def seconds_for(steps: int) -> int:
    """The --seconds that allows `steps` (rounded up)."""
    return -(-steps // (CLI.steps // CLI.seconds))


def current() -> Budget:
    """The budget of the request being answered."""
    return _active[-1]


@contextmanager
def using(budget: Budget):
    """Answer the requests inside the `with` block under `budget`."""
    _active.append(budget)
    try:
        yield budget
    finally:
        _active.pop()


def amount(n: int) -> str:
    """A count for messages: 1,234,567 up to a billion, then 1.2 × 10^10 (or 10^4000)."""
    if n < 10**9:
        return f"{n:,}"
    if n.bit_length() < 1000:
        mantissa, exponent = f"{float(n):.1e}".split("e")
        return f"{mantissa} × 10^{int(exponent)}"
    return f"10^{(n.bit_length() - 1) * 30103 // 100000}"


_DEFAULT_HINT = ("use smaller coordinates or parameters", "座標やパラメータを小さくしてください。")


def require(steps: int = 0, memory: int = 0, what: tuple[str, str] = ("this request", "この計算"),
            hint: tuple[str, str] = _DEFAULT_HINT) -> None:
    """Refuse (BudgetError) if `steps` or `memory` (bytes) is over the current budget.

    `what` names the computation ("the table of ...", Japanese) and `hint` says what to do."""
    b = current()
    if steps > b.steps:
        raise BudgetError(
            f"{what[0]} needs about {amount(steps)} steps; {b.where} allows "
            f"{amount(b.steps)} (about {b.seconds} s): {hint[0]}",
            f"{what[1]}には約 {amount(steps)} ステップ必要ですが、{b.where_ja}の上限は "
            f"{amount(b.steps)} ステップ (約 {b.seconds} 秒) です。{hint[1]}")
    if memory > b.memory:
        raise BudgetError(
            f"{what[0]} needs about {amount(memory // 10**6)} MB; {b.where} allows "
            f"{amount(b.memory // 10**6)} MB: {hint[0]}",
            f"{what[1]}には約 {amount(memory // 10**6)} MB のメモリが必要ですが、{b.where_ja}の"
            f"上限は {amount(b.memory // 10**6)} MB です。{hint[1]}")


def require_width(bits: int, what: str, what_ja: str | None = None) -> None:
    """Refuse an integer of `bits` bits if it is wider than the budget's digits allow."""
    b = current()
    if bits > b.bits:
        raise BudgetError(
            f"{what} has more than {b.digits:,} digits, the most {b.where} accepts",
            f"{what_ja or what} の桁数が多すぎます ({b.where_ja}では {b.digits:,} 桁まで)。")


def require_coords(n: int) -> None:
    """Refuse a position with more coordinates than the budget allows."""
    b = current()
    if n > b.coords:
        raise BudgetError(f"{n:,} coordinates: {b.where} accepts at most {b.coords:,}",
                          f"座標が {n:,} 個あります。{b.where_ja}では {b.coords:,} 個までです。")


def require_drawing(elements: int, what: str) -> None:
    """Refuse a picture of more than DRAWING_ELEMENTS elements (squares, counters, moves)."""
    if elements > DRAWING_ELEMENTS:
        raise BudgetError(f"the picture of {what} would have about {amount(elements)} elements "
                          f"(at most {DRAWING_ELEMENTS:,}): use smaller coordinates",
                          f"{what} の図は約 {amount(elements)} 個の要素になります "
                          f"(上限は {DRAWING_ELEMENTS:,} 個)。座標を小さくしてください。")


def words(bits: int) -> int:
    """Machine words of an integer of `bits` bits (the cost of one big-integer operation)."""
    return bits // WORD_BITS + 1


def box(pos) -> int:
    """The number of points (c1', c2', ...) with every ci' <= ci: a bound on the positions
    below `pos` in games where no move raises a coordinate (capped so it stays cheap)."""
    n, cap = 1, 1 << 256
    for c in pos:
        n *= c + 1
        if n > cap:
            return cap
    return n


def reference_cost(pos, moves_per_position: int, step_per_child: int = STEP_PER_CHILD) -> tuple[int, int]:
    """(steps, bytes) of the reference search below `pos`, from the box and the moves per
    position (at most `moves_per_position`), each move costing `step_per_child` steps."""
    positions = box(pos)
    return positions * max(1, moves_per_position) * step_per_child, \
        positions * BYTES_PER_MEMO_POSITION


def require_reference(pos, moves_per_position: int, step_per_child: int = STEP_PER_CHILD) -> int:
    """Refuse a reference search over budget; returns its cap in moves examined (for the
    search itself)."""
    steps, memory = reference_cost(pos, moves_per_position, step_per_child)
    require(steps, memory, (f"the exhaustive search below {shown(tuple(pos))}",
                            f"{shown(tuple(pos))} 以下の全数探索"),
            ("use smaller coordinates (no proved formula applies here)",
             "座標を小さくしてください (ここで使える証明済みの公式はありません)。"))
    return current().steps // step_per_child


def require_table(positions: int, steps: int, what: tuple[str, str] = ("the table", "表")) -> None:
    """Refuse a table of `positions` positions computed in `steps` steps over budget."""
    require(steps, positions * BYTES_PER_TABLE_POSITION, what,
            ("use a smaller --max (or smaller coordinates)",
             "座標の上限 (--max) を小さくしてください。"))


def require_f(evaluations: int, nodes: int, expr: str) -> None:
    """Refuse evaluating f `evaluations` times (an expression of `nodes` nodes) over budget."""
    require(evaluations * nodes * STEP_PER_F_NODE, evaluations * 40,
            (f"checking f = {expr} on {amount(evaluations)} values of t",
             f"f = {expr} を {amount(evaluations)} 個の t で確かめること"),
            ("use a smaller z or table (f is checked at every t up to it)",
             "z や表の大きさを小さくしてください (f はそこまでのすべての t で確かめます)。"))

