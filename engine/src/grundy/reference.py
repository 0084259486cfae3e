"""The reference: a generic memoized DP over `game.targets`, mex by scanning.

Slow but obviously correct; tests and `grundy verify` compare every fast table with it.
Iterative (no recursion limit), memo dicts are supplied by the caller.
"""

from __future__ import annotations


def mex(values) -> int:
    """The least non-negative integer not in `values`."""
    seen = set(values)
    m = 0
    while m in seen:
        m += 1
    return m


def _solve(game, pos: tuple, memo: dict, combine) -> int:
    """Post-order DP: memo[q] = combine([memo[r] for r in targets(q)]) for all q reachable."""
    if pos in memo:
        return memo[pos]
    stack = [(pos, None)]
    while stack:
        q, kids = stack.pop()
        if q in memo:
            continue
        if kids is None:
            kids = list(game.targets(q))
            todo = [r for r in kids if r not in memo]
            stack.append((q, kids))
            stack.extend((r, None) for r in todo)
        else:
            memo[q] = combine([memo[r] for r in kids])
    return memo[pos]


def reference_grundy(game, pos: tuple, memo: dict | None = None) -> int:
    """G(pos) = mex{G(q) : q a move from pos}."""
    return _solve(game, pos, {} if memo is None else memo, mex)


def _misere_combine(outs: list[str]) -> str:
    # no move left: the opponent made the last move and lost, so the mover wins
    return "N" if not outs or "P" in outs else "P"


def reference_misere(game, pos: tuple, memo: dict | None = None) -> str:
    """Misère outcome: "P" iff there is a move and every move leads to an N-position."""
    return _solve(game, pos, {} if memo is None else memo, _misere_combine)
