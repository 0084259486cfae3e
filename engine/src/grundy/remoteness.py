"""Steinhaus's remoteness: how many moves (both players' moves counted) the game lasts
when the winner hurries and the loser resists.

Definition (normal play; the player who cannot move loses):

* a terminal position (no move) has remoteness 0 (it is a P-position);
* an N-position: 1 + the least remoteness of its P-options (the winner wins fastest);
* a P-position with moves: 1 + the greatest remoteness of its options, all of them
  N-positions (the loser holds out longest).

Misère play (the player who cannot move WINS): the same three lines with misère outcomes,
so a terminal position has remoteness 0 and is an N-position (the player to move has
already won); a position whose only moves end the game is a P-position of remoteness 1.

The remoteness says the outcome: in normal play a position is P exactly when its
remoteness is even, in misère play exactly when it is odd (by induction on the
definition). So the search keeps one number per position: the set of its options'
remoteness values (as the bits of an int) is all the rule needs. It is the reference
search (grundy.reference) with this rule, refused at once over the work budget
(grundy.budget), with a memo per game and play kept for later requests.
"""

from __future__ import annotations

import weakref

from .budget import current, reference_cost, require
from .errors import shown
from .reference import _solve

_memos: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def p_parity(misere: bool) -> int:
    """The parity of the remoteness of P-positions: 0 in normal play, 1 in misère play."""
    return 1 if misere else 0


def outcome_of(remoteness: int, misere: bool = False) -> str:
    """"P" or "N" from a remoteness (even is P in normal play, odd is P in misère play)."""
    return "P" if remoteness % 2 == p_parity(misere) else "N"


def _rule(parity: int):
    """The remoteness of a position from the bits of its options' remoteness values: no
    option, 0; else 1 + the least value of parity `parity` (a P-option), if any; else
    1 + the greatest value."""
    def rule(bits: int) -> int:
        rest = bits
        while rest:
            low = rest & -rest
            value = low.bit_length() - 1
            if value % 2 == parity:
                return value + 1
            rest ^= low
        return bits.bit_length()
    return rule


_RULES = (_rule(0), _rule(1))


def remoteness(game, pos: tuple, misere: bool = False) -> int:
    """The remoteness of the (validated) `pos` of `game` (see the module's docstring),
    by a memoized search over `game.targets`, refused over the work budget before it
    starts (BudgetError) and capped while it runs."""
    memo = _memos.setdefault(game, ({}, {}))[bool(misere)]
    if pos in memo:
        return memo[pos]
    steps, memory = reference_cost(pos, game.move_bound(pos), game.step_per_child)
    require(steps, memory,
            (f"the remoteness of {shown(pos)} (every position below it)",
             f"{shown(pos)} の残り手数 (その下のすべての局面)"),
            ("use smaller coordinates", "座標を小さくしてください。"))
    return _solve(game, pos, memo, _RULES[p_parity(misere)], current().steps // game.step_per_child)

