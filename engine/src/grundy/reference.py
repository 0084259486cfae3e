"""The reference: a generic memoized search over `game.targets` (mex by bitsets).

Slow but obviously correct; tests and `grundy verify` compare every fast table with it.
Iterative (no recursion limit); memo dicts are supplied by the caller.  Children are
generated lazily, one at a time, so memory grows with the positions visited (the memo and
one frame per position on the current path), never with the number of moves; the
optional `max_steps` caps the work (moves generated), not only the positions.
"""

from __future__ import annotations

from .budget import amount
from .errors import BudgetError


def mex_of_bits(b: int) -> int:
    """mex of the set whose members are the set bits of `b` (the lowest zero bit)."""
    return (~b & (b + 1)).bit_length() - 1


def misere_of_bits(b: int) -> int:
    """Misère outcome (0 = P, 1 = N) from the options' outcomes as bits: P iff there are
    options and none of them is P."""
    return 0 if b and not b & 1 else 1


def _solve(game, pos: tuple, memo: dict, rule, max_steps: int | None) -> int:
    """Depth-first: memo[q] = rule(bitset of memo[r] for r in targets(q)) for every q
    reachable from pos.  A frame is [q, its children iterator, bitset so far, the child
    being searched (its value joins the bitset when the search comes back) or None]."""
    if pos in memo:
        return memo[pos]
    stack = [[pos, iter(game.targets(pos)), 0, None]]
    left = -1 if max_steps is None else max_steps
    while stack:
        frame = stack[-1]
        if frame[3] is not None:
            frame[2] |= 1 << memo[frame[3]]
            frame[3] = None
        for r in frame[1]:
            left -= 1
            if not left:
                raise BudgetError(f"the exhaustive search stopped after {amount(max_steps)} "
                                  "moves examined: use smaller coordinates",
                                  f"全数探索を {amount(max_steps)} 手調べたところで打ち切りました。"
                                  "座標を小さくしてください。")
            value = memo.get(r)
            if value is None:
                frame[3] = r
                stack.append([r, iter(game.targets(r)), 0, None])
                break
            frame[2] |= 1 << value
        else:
            stack.pop()
            memo[frame[0]] = rule(frame[2])
    return memo[pos]


def reference_grundy(game, pos: tuple, memo: dict | None = None,
                     max_steps: int | None = None) -> int:
    """G(pos) = mex{G(q) : q a move from pos}."""
    return _solve(game, pos, {} if memo is None else memo, mex_of_bits, max_steps)


def reference_misere(game, pos: tuple, memo: dict | None = None,
                     max_steps: int | None = None) -> str:
    """Misère outcome: "P" iff there is a move and every move leads to an N-position.

    (No move left: the opponent made the last move and lost, so the mover wins.)  The
    memo holds 0 (P) / 1 (N)."""
    value = _solve(game, pos, {} if memo is None else memo, misere_of_bits, max_steps)
    return "N" if value else "P"
