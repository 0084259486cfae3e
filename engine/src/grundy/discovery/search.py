"""Bottom-up enumeration of the grammar (grundy.discovery.grammar) by size, with
observational equivalence: two formulas that take the same values on every position of
the table are one, and only the first (the smallest) is kept and combined further.

A whole-number formula is kept as the tuple of its values on the table's positions (in
the table's order: by largest coordinate, then lexicographically); a formula for a set
of positions as one integer whose bytes are its values, 1 (true) or 0, the first position
in the most significant byte: `and`/`or` are then one operation, and the first position
where two such formulas differ is read from the bit length of their xor.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..table import progress
from .grammar import COMPARISONS, CONSTANTS, INT_OPS, divisors, text

NEAR_MISSES = 5
VALUE_LIMIT = 1 << 20   # formulas whose values grow past this are dropped (products)
PROGRESS_EVERY = 2048   # candidates between two progress reports


class Exhausted(Exception):
    """The search spent its budget of steps (or of formulas kept)."""


class _Hit(Exception):
    """A formula equal to the goal was found."""


@dataclass
class Found:
    """What a search found: `formula` (its text) of `size`, or None;
    `complete` the largest size whose every formula was tried; `tried` the formulas
    evaluated, `kept` those kept (distinct on the table); `near` the near misses as
    (positions in a row it holds from the first, size, formula), best first;
    `via` the divisor c when the formula was put together from G mod c and G div c."""

    formula: str | None = None
    size: int = 0
    complete: int = 0
    tried: int = 0
    kept: int = 0
    near: list = field(default_factory=list)
    via: int | None = None


class Search:
    """One search over a table: `columns` are the coordinates' values (one tuple per
    coordinate, positions in the table's order), `names` their names; `goal` the target,
    a tuple of Grundy values or (target P) a tuple of 0/1 with 1 at the P-positions.
    It stops after `steps` steps (cost of one candidate: `step_cost`) or `keep` formulas
    kept. Without `prune` every formula is kept (the plain enumeration, for benchmarks).
    `constants`: the game's parameters a formula may divide by (grammar.divisors)."""

    def __init__(self, columns, names, goal, boolean: bool, steps: int, step_cost: int,
                 keep: int, prune: bool = True, constants: dict | None = None):
        self.n = len(goal)
        self.divisors = divisors(constants)
        self.boolean, self.prune = boolean, prune
        self.steps_left, self.step_cost, self.keep_left = steps, step_cost, keep
        self.total = steps
        self.found = Found()
        self.ints: list[list] = [[]]        # by size: [(formula, values)]
        self.bools: list[list] = [[]]       # by size: [(formula, mask)]
        self.seen_int: set = set()
        self.seen_bool: set = set()
        self.ones = int.from_bytes(b"\x01" * self.n, "big")
        if boolean:
            self.goal = int.from_bytes(bytes(goal), "big")
        else:
            self.goal = tuple(goal)
            # G mod c and G div c: G = G % c + c * (G // c), as one reads a table modulo p
            self.parts = {}
            for _, c in self.divisors:
                for kind, f in (("%", c.__rfloordiv__), ("//", c.__rfloordiv__)):
                    vec = tuple(v % c for v in goal) if kind == "%" else tuple(map(f, goal))
                    if vec != self.goal and any(vec):
                        self.parts.setdefault(vec, []).append((kind, c))
            self.halves: dict = {}
        self.leaves = [(str(c), (c,) * self.n) for c in CONSTANTS] + \
                      [(name, tuple(col)) for name, col in zip(names, columns)]
        self.count = 0

    # -- one candidate ------------------------------------------------------------
    def _spend(self) -> None:
        self.found.tried += 1
        self.steps_left -= self.step_cost
        if self.steps_left < 0:
            raise Exhausted
        self.count += 1
        if self.count >= PROGRESS_EVERY:
            self.count = 0
            progress(self.total - self.steps_left, self.total)

    def _keep(self) -> None:
        self.keep_left -= 1
        if self.keep_left < 0:
            raise Exhausted
        self.found.kept += 1

    def _int(self, formula, vec, size) -> None:
        """A whole-number candidate of `size`."""
        if self.prune:
            if vec in self.seen_int:
                return
            self.seen_int.add(vec)
        self._keep()
        self.ints[size].append((formula, vec))
        if self.boolean:
            return
        if vec == self.goal:
            self._hit(formula, size)
        self._near(vec, formula, size)
        for part in self.parts.get(vec, ()):
            self.halves.setdefault(part, (formula, size))

    def _bool(self, formula, mask, size) -> None:
        """A candidate for the set of P-positions, of `size`."""
        if self.prune:
            if mask in self.seen_bool:
                return
            self.seen_bool.add(mask)
        self._keep()
        self.bools[size].append((formula, mask))
        if mask == self.goal:
            self._hit(formula, size)
        self._near(mask, formula, size)

    def _hit(self, formula, size) -> None:
        self.found.formula, self.found.size = text(formula), size
        raise _Hit

    def _near(self, value, formula, size) -> None:
        """Keep the formulas that hold the longest from the first position, one per first
        counterexample (the smaller, found first)."""
        near = self.found.near
        worst = near[-1][0] if len(near) == NEAR_MISSES else 0
        if self.boolean:
            diff = value ^ self.goal
            prefix = self.n - 1 - (diff.bit_length() - 1) // 8
        else:
            if value[:worst + 1] != self.goal[:worst + 1]:
                return
            lo, hi = worst + 1, self.n  # value agrees with the goal on [0, lo), not on [0, hi]
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if value[:mid] == self.goal[:mid]:
                    lo = mid
                else:
                    hi = mid - 1
            prefix = lo
        if prefix <= worst or prefix >= self.n or any(p == prefix for p, _, _ in near):
            return  # one near miss per first counterexample: the smallest, found first
        near.append((prefix, size, formula))
        near.sort(key=lambda item: (-item[0], item[1]))
        del near[NEAR_MISSES:]

    # -- the levels -----------------------------------------------------------------
    def level(self, size: int) -> None:
        """Every formula of `size` (raises _Hit when one is the goal, Exhausted
        when the budget is spent)."""
        if self.boolean:
            self._int_level(size - 1)
            self.bools.append([])
            self._bool_level(size)
        else:
            self._int_level(size)

    def _int_level(self, size: int) -> None:
        if len(self.ints) > size:
            return
        self.ints.append([])
        if size == 1:
            for formula, vec in self.leaves:
                self._spend()
                self._int(formula, vec, 1)
            return
        spend, limit = self._spend, VALUE_LIMIT
        for formula, u in self.ints[size - 1]:
            for const, c in self.divisors:
                for op, vec in (("//", tuple(map(c.__rfloordiv__, u))),
                                ("%", tuple(map(c.__rmod__, u)))):
                    spend()
                    self._int((op, formula, const), vec, size)
                spend()
                vec = tuple(map(c.__mul__, u))
                if max(vec) <= limit and min(vec) >= -limit:
                    self._int(("*", const, formula), vec, size)
        for a in range(1, size - 1):
            b = size - 1 - a
            for op, (f, _, commutative) in INT_OPS.items():
                symmetric = commutative and self.prune  # (a, b) and (b, a) are one formula
                if symmetric and a > b:
                    continue
                grows = op in ("+", "*", "-")
                for i, (left, u) in enumerate(self.ints[a]):
                    right_side = self.ints[b][i:] if symmetric and a == b else self.ints[b]
                    for right, w in right_side:
                        spend()
                        vec = tuple(map(f, u, w))
                        if grows and (max(vec) > limit or min(vec) < -limit):
                            continue
                        if self.prune and vec in self.seen_int:
                            continue
                        self._int((op, left, right), vec, size)

    def _bool_level(self, size: int) -> None:
        spend = self._spend
        for a in range(1, size - 1):  # the right side small first: `e == 0` early
            b = size - 1 - a
            for op, f in COMPARISONS.items():
                if op in ("==", "!=") and a > b:
                    continue
                for i, (left, u) in enumerate(self.ints[b]):
                    right_side = self.ints[a][i:] if op in ("==", "!=") and a == b else self.ints[a]
                    for right, w in right_side:
                        spend()
                        mask = int.from_bytes(bytes(map(f, u, w)), "big")
                        if mask and mask != self.ones:
                            self._bool((op, left, right), mask, size)
        for a in range(1, (size - 1) // 2 + 1):
            b = size - 1 - a
            for op in ("and", "or"):
                for i, (left, m) in enumerate(self.bools[a]):
                    for right, r in (self.bools[b][i:] if a == b else self.bools[b]):
                        spend()
                        mask = m & r if op == "and" else m | r
                        if mask and mask != self.ones:
                            self._bool((op, left, right), mask, size)

    # -- the whole search -------------------------------------------------------------
    def run(self, max_size: int = 40) -> Found:
        """Levels 1, 2, ... until the goal is found or the budget is spent. For Grundy
        values, when G mod c and G div c were both found and the next level would cost
        more than is left, their sum G mod c + c (G div c) is the answer."""
        found, costs = self.found, []
        try:
            for size in range(1, max_size + 1):
                before = self.steps_left
                self.level(size)
                found.complete = size
                costs.append(max(1, before - self.steps_left))
                growth = costs[-1] / costs[-2] if len(costs) > 1 else 10
                if self._combined(costs[-1] * growth > self.steps_left):
                    return found
        except _Hit:
            return found
        except Exhausted:
            self._combined(True)
        return found

    def _combined(self, now: bool) -> bool:
        """Put the answer together from G mod c and G div c when both are known (`now`:
        the direct search cannot go further)."""
        if self.boolean or not now:
            return False
        best = None
        for const, c in self.divisors:
            rest, quotient = self.halves.get(("%", c)), self.halves.get(("//", c))
            if rest is None or quotient is None:
                continue
            size = rest[1] + quotient[1] + 2
            if best is None or size < best[1]:
                best = (("+", rest[0], ("*", const, quotient[0])), size, c)
        if best is None:
            return False
        self.found.formula, self.found.size, self.found.via = text(best[0]), best[1], best[2]
        return True


def plain_count(leaves: int, max_size: int, boolean: bool, constants: dict | None = None) -> list[int]:
    """How many formulas of each size 1..max_size the grammar has without pruning (what
    a plain enumeration would try): whole-number ones, or for sets of positions the
    comparisons and their and/or."""
    unary, binary_ops = 3 * len(divisors(constants)), len(INT_OPS)
    ints, bools = [0, leaves], [0, 0]
    for s in range(2, max_size + 1):
        ints.append(unary * ints[s - 1] + binary_ops * sum(ints[a] * ints[s - 1 - a] for a in range(1, s - 1)))
        bools.append(len(COMPARISONS) * sum(ints[a] * ints[s - 1 - a] for a in range(1, s - 1))
                     + 2 * sum(bools[a] * bools[s - 1 - a] for a in range(1, s - 1)))
    return (bools if boolean else ints)[1:]

