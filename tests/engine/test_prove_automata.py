"""The two decision procedures agree (issue 47: two independent routes): on every case the
site proves or refutes, each half of the statement, decided as grundy.prove decides it
(clauses, residues), gets the same answer from MONA and from the automata built in
Python (grundy.prove.automata), and grundy.prove gives the same verdict and first
counterexample with either. The cases that take MONA or the automata more than a second
are marked slow."""

import time

import pytest
from test_prove import SEED_THEOREMS, WRONG

import grundy
from grundy.prove import automata, mona, proof

pytestmark = pytest.mark.skipif(not mona.available(), reason="MONA is not installed")

QUICK = [  # (game, params, formula, target)
    ("chocolate", {"k": 3}, "x ^ y ^ z == 0", "P"),
    ("chocolate", {"k": 5}, "x ^ y ^ z == 0", "P"),
    ("chocolate", {"k": 1}, "(x - 1) ^ y ^ (z - 1) == 0", "P"),
    ("nim", {"heaps": 2}, "h1 ^ h2", "grundy"),
    ("chomp", {"rows": 2}, "r0 == r1 + 1", "P"),
    ("ryuoh", {"p": 3}, "(x + y) % p + p * (x // p ^ y // p)", "grundy"),  # as discover writes it
]
SLOW = [
    ("chocolate", {"k": 7}, "x ^ y ^ z == 0", "P"),
    ("chocolate", {"k": 9}, "x ^ y ^ z == 0", "P"),
    ("chocolate", {"k": 11}, "x ^ y ^ z == 0", "P"),
    ("ryuoh", {"p": 7}, "(x + y) % p + p * (x // p ^ y // p)", "grundy"),
    *SEED_THEOREMS, *WRONG,
]
CASES = QUICK + [pytest.param(*case, marks=pytest.mark.slow) for case in SLOW]


def _misere(formula):
    return formula == "h1 ^ h2 ^ h3 == 0"  # test_prove's negative control in misère play


@pytest.mark.parametrize("name, params, formula, target", CASES)
def test_mona_and_the_automata_agree(name, params, formula, target):
    g = grundy.game(name, **params).for_table()
    said = proof._statement(g, formula, target, _misere(formula))
    for half in said.halves:
        answers = [proof._decide_half(half, decide, time.monotonic() + 120, 1500)
                   for decide in (mona.decide, automata.decide)]
        assert answers[0].holds is not None, answers[0].reason
        assert answers[1].holds == answers[0].holds, answers
    by = [grundy.prove(g, formula, target=target, misere=_misere(formula), method=method, seconds=120)
          for method in ("mona", "automata")]
    assert (by[0].proved, by[0].counterexample) == (by[1].proved, by[1].counterexample)
    assert by[1].method == "automata" and by[1].statement == by[0].statement


def test_a_found_formula_is_proved_with_the_parameters_values():
    """discover writes Ryuoh Nim's formula with p; prove reads p as the game's value."""
    g = grundy.game("ryuoh", p=5)
    found = grundy.discover(g, max=11)
    assert found.formula == "(x + y) % p + p * (x // p ^ y // p)"
    answer = grundy.prove(g, found.formula, method="automata", seconds=120)  # not a timing
    assert answer.proved is True
    wrong = grundy.prove(g, "(x + y) % p + p * (x // p | y // p)", method="automata", seconds=120)
    assert wrong.proved is False and wrong.counterexample == (5, 5)
