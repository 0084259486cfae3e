"""Steinhaus's remoteness (grundy.remoteness, Game.remoteness, `grundy remoteness`),
against an independent brute force written from the definition."""

from functools import lru_cache
from itertools import product

import pytest

import grundy
from grundy import cli
from grundy.budget import BROWSER, BudgetError, using


def brute(game, misere):
    """The definition, recursively over `game.moves`: outcomes by their own recursion."""

    @lru_cache(maxsize=None)
    def wins(pos):  # whether the player to move wins
        tos = [m.to for m in game.moves(pos)]
        if not tos:
            return misere
        return any(not wins(to) for to in tos)

    @lru_cache(maxsize=None)
    def far(pos):
        tos = [m.to for m in game.moves(pos)]
        if not tos:
            return 0
        if wins(pos):
            return 1 + min(far(to) for to in tos if not wins(to))
        return 1 + max(far(to) for to in tos)

    return wins, far


CASES = [  # (game, positions: every legal one in a small box)
    (grundy.game("nim", heaps=3), 4),
    (grundy.game("chocolate", k=3), 6),
    (grundy.game("chocolate", k=2), 5),
    (grundy.game("wythoff"), 7),
    (grundy.game("ryuoh", p=3), 7),
    (grundy.game("step", f="t//2"), 7),
    (grundy.game("rect", sides=3), 4),
    (grundy.with_pass(grundy.game("nim", heaps=2)), 4),
    (grundy.SumGame([grundy.game("wythoff"), grundy.game("nim", heaps=1)]), 3),
]


@pytest.mark.parametrize("misere", [False, True])
@pytest.mark.parametrize("game,top", CASES, ids=lambda c: repr(c) if not isinstance(c, int) else str(c))
def test_remoteness_is_the_definition(game, top, misere):
    wins, far = brute(game, misere)
    count = 0
    for pos in product(range(top + 1), repeat=len(game.coords)):
        if not game.is_legal(pos):
            continue
        count += 1
        r = game.remoteness(pos, misere)
        assert r == far(pos), (pos, misere)
        assert (r % 2 == (1 if misere else 0)) == (not wins(pos)), (pos, misere)  # parity = outcome
        assert game.outcome(pos, misere) == ("N" if wins(pos) else "P")
    assert count > 10


def test_small_values():
    nim = grundy.game("nim")
    assert [nim.remoteness((n,)) for n in range(4)] == [0, 1, 1, 1]
    assert nim.remoteness((1, 1)) == 2 and nim.remoteness((1, 2)) == 3
    assert nim.remoteness((0,), misere=True) == 0  # the player to move has won
    assert nim.remoteness((1,), misere=True) == 1  # forced to take the last: a P-position
    assert nim.remoteness((2,), misere=True) == 2


def test_over_budget_is_refused_at_once():
    with pytest.raises(BudgetError, match="remoteness"):
        grundy.game("nim").remoteness((1000, 1000, 1000))
    with using(BROWSER), pytest.raises(BudgetError):
        grundy.game("chocolate", k=3).remoteness((200, 100, 200))
    with pytest.raises(grundy.PositionError):
        grundy.game("chocolate", k=3).remoteness((1, 9, 1))


def test_a_sum_pays_for_its_moves():
    """A move searched in a sum costs two steps (it splits and joins the position): the
    browser refuses (10, 1, 5 | 6 | 3, 5), 843,000 moves at one step (over 20 s in Pyodide
    on a loaded machine), and still answers a smaller sum."""
    both = grundy.SumGame([grundy.game("chocolate", k=3), grundy.game("nim", heaps=1), grundy.game("wythoff")])
    assert both.step_per_child == 2 and grundy.game("nim").step_per_child == 1
    with using(BROWSER):
        with pytest.raises(BudgetError, match="remoteness"):
            both.remoteness((10, 1, 5, 6, 3, 5))
        assert both.remoteness((0, 1, 5, 6, 3, 5)) == 16


def test_command_line(capsys):
    assert cli.main(["remoteness", "nim", "1", "2"]) == 0
    assert cli.main(["remoteness", "chocolate", "--k", "3", "10", "5", "5", "--misere"]) == 0
    assert cli.main(["remoteness", "nim", "--pass", "1", "2", "3"]) == 0
    out = capsys.readouterr().out.split()
    g = grundy.game("chocolate", k=3)
    assert out == ["3", str(g.remoteness((10, 5, 5), misere=True)),
                   str(grundy.with_pass(grundy.game("nim")).remoteness((1, 2, 3, 1)))]
    for bad in (["remoteness", "nim", "1000", "1000", "1000"], ["remoteness", "chocolate", "1", "9", "1"],
                ["remoteness"], ["remoteness", "nim", "x"]):
        assert cli.main(bad) == 2
        err = capsys.readouterr().err
        assert err.startswith("grundy: error:") and err.count("\n") == 1, err


def test_reference_search_from_a_fresh_memo():
    """The search both share (grundy.reference): a child searched on the way counts in
    its parent (a fresh memo, positions visited in no particular order)."""
    from grundy.reference import reference_grundy, reference_misere

    nim = grundy.game("nim")
    assert [reference_grundy(nim, pos) for pos in ((0, 1), (1, 2), (3, 5, 7))] == [1, 3, 1]
    assert reference_misere(nim, (1, 1)) == "N" and reference_misere(nim, (1, 1, 1)) == "P"
    g = grundy.game("chocolate", k=2)
    assert all(reference_grundy(g, pos) == value for pos, value in g.table(6).items())
