"""grundy.discover rediscovers the site's theorems from the tables alone, claims nothing
where no formula holds, and refuses work over its budget (issue 40).

Every formula the engine reports is re-checked here by an independent evaluation:
Python's own `eval` of the formula at every legal position of the box, against the
reference search's values (grundy.reference), not the discovery's code or its table."""

import dataclasses
import io
import json
from itertools import product

import pytest

import grundy
from grundy import Game, Text, cli, register, webapi
from grundy.budget import CLI, BudgetError, using
from grundy.discovery import check, constants, discover
from grundy.reference import reference_grundy, reference_misere
from grundy.registry import _GAMES

# A smaller budget keeps the slow searches short (the work model counts steps, so the
# same search stops at the same place on any machine).
SMALL = dataclasses.replace(CLI, steps=1_500_000)


def positions(g, limit):
    """Every legal position of g with coordinates <= limit, found without its table."""
    g = g.for_table()
    return [p for p in product(range(limit + 1), repeat=len(g.coords)) if g.is_legal(p)]


def truth(g, limit, target, misere=False):
    """{position: Grundy value, or True at a P-position} by the reference search."""
    memo = {}
    if misere:
        return {p: reference_misere(g, p, memo) == "P" for p in positions(g, limit)}
    values = {p: reference_grundy(g, p, memo) for p in positions(g, limit)}
    return values if target == "grundy" else {p: v == 0 for p, v in values.items()}


def value(formula, g, pos):
    """The formula's value at pos, the game's parameters (Ryuoh Nim's p) by their values."""
    env = {**g.params, **dict(zip(g.for_table().coords, pos))}
    return eval(formula, {"__builtins__": {"min": min, "max": max}}, env)


def holds(formula, g, limit, target, misere=False):
    return all(value(formula, g, p) == want for p, want in truth(g, limit, target, misere).items())


def first_failure(formula, g, limit, target):
    """The first position, by largest coordinate then lexicographically, where it fails."""
    wrong = [p for p, want in truth(g, limit, target).items() if value(formula, g, p) != want]
    return min(wrong, key=lambda p: (max(p), p)) if wrong else None


def assert_report(d, g, target, misere=False):
    """The found formula holds everywhere, each near miss fails first where it says."""
    if d.found:
        assert holds(d.formula, g, d.max, target, misere) and d.holds_to == d.max
    for miss in d.near_misses:
        if misere:
            continue
        ce = first_failure(miss.formula, g, d.max, target)
        assert ce == miss.first_counterexample and miss.holds_to == max(ce) - 1


@pytest.mark.parametrize("name, params, limit, target, expected", [
    ("chocolate", {"k": 3}, 8, "P", "x ^ y ^ z == 0"),
    ("nim", {"heaps": 3}, 5, "grundy", "h1 ^ h2 ^ h3"),
    ("nim", {"heaps": 2}, 8, "P", "h1 == h2"),
    ("rect", {"sides": 2}, 8, "grundy", "right ^ up"),
    ("step", {"f": "t//2"}, 16, "grundy", "y ^ z"),
    ("step", {"f": "t//4"}, 20, "grundy", "y ^ z"),
    ("step3", {"f": "t//2"}, 8, "grundy", "x ^ y ^ z"),
    ("chomp", {"rows": 2}, 12, "P", "r0 == r1 + 1"),
    ("ryuoh", {"p": 2}, 8, "grundy", "x ^ y"),
])
def test_rediscovers_the_theorems(name, params, limit, target, expected):
    g = grundy.game(name, **params)
    d = discover(g, max=limit, target=target)
    assert d.found and d.checked == len(positions(g, limit))
    assert holds(d.formula, g, limit, target)
    assert holds(expected, g, limit, target)  # the same function as the site's theorem
    assert d.theorem is not None
    assert_report(d, g, target)


@pytest.mark.parametrize("p", [3, 4, 5, 6, 7])
def test_ryuoh_from_its_remainder_and_quotient(p):
    """p is a constant of the grammar: the formula is found for p >= 5 too, written with p."""
    g = grundy.game("ryuoh", p=p)
    with using(SMALL):
        d = discover(g, max=11, target="grundy")
    assert d.found and d.via == p
    assert d.formula.startswith("(x + y) % p + p * (")  # (x ^ y) // p is x // p ^ y // p
    assert holds(d.formula, g, d.max, "grundy")
    assert holds("(x + y) % p + p * (x // p ^ y // p)", g, d.max, "grundy")
    assert d.theorem.en == f"[R1] Theorem 3.1 (p = {p})"
    assert check(g, d.formula, max=11).holds


def test_parameters_a_formula_may_use():
    assert constants(grundy.game("ryuoh", p=5)) == {"p": 5}
    assert constants(grundy.with_pass(grundy.game("chocolate", k=2))) == {"k": 2}
    assert constants(grundy.game("nim", heaps=3)) == {}  # a number of coordinates is not one
    assert check(grundy.game("chocolate", k=4), "y <= (x + z) // k", max=4, target="P").holds is False
    with pytest.raises(grundy.GameError, match="the parameters: p"):
        check(grundy.game("ryuoh", p=5), "x // q", max=3)
    with pytest.raises(grundy.GameError, match="unknown name 'heaps'"):
        check(grundy.game("nim", heaps=2), "h1 // heaps", max=3)


def test_no_false_claim_for_k5():
    g = grundy.game("chocolate", k=5)
    guess = check(g, "x ^ y ^ z == 0", max=6, target="P")
    assert not guess.holds and guess.first_counterexample == (2, 1, 3) and guess.holds_to == 2
    assert first_failure("x ^ y ^ z == 0", g, 6, "P") == (2, 1, 3)
    with using(SMALL):
        d = discover(g, max=8, target="P")
    assert_report(d, g, "P")
    assert not d.found or not holds("x ^ y ^ z == 0", g, 8, "P")


def test_wythoff_p_positions_are_not_in_the_grammar():
    g = grundy.game("wythoff")
    with using(SMALL):
        d = discover(g, max=10, target="P")
    assert not d.found and d.formula is None and d.holds_to is None and d.theorem is None
    assert d.near_misses and d.searched >= 4
    assert f"none found in this grammar up to size {d.searched}" in d.text()
    assert_report(d, g, "P")


def test_misere_and_pass():
    one = grundy.game("nim", heaps=1)
    d = discover(one, max=8, misere=True)
    assert d.target == "P" and d.found and holds(d.formula, one, 8, "P", misere=True)
    p = grundy.with_pass(grundy.game("nim", heaps=1))
    d = discover(p, max=6, target="P")
    assert d.found and holds(d.formula, p, 6, "P")
    assert d.theorem is None  # the site's theorems are about the game without the pass


@pytest.fixture
def plugin():
    @register
    class TakeOneTwoThree(Game):
        name = "take123test"
        title = Text("Take 1, 2 or 3", "1〜3 個取る")
        coords = ("n",)
        default_start = (9,)

        def targets(self, pos):
            return [(pos[0] - t,) for t in (1, 2, 3) if t <= pos[0]]

        def describe(self, pos, to):
            return Text(f"take {pos[0] - to[0]}", f"{pos[0] - to[0]} 個取る")

    yield TakeOneTwoThree
    del _GAMES["take123test"]


def test_a_plugin_game(plugin):
    d = discover("take123test", max=20)
    assert d.found and d.formula == "n % 4" and d.theorem is None
    out = io.StringIO()
    assert cli.run(["discover", "take123test", "--max", "12", "--format", "json"], out) == 0
    assert json.loads(out.getvalue())["formula"] == "n % 4"


def test_check_a_guess():
    nim = grundy.game("nim", heaps=2)
    assert check(nim, "h1 ⊕ h2", max=5).holds
    wrong = check(nim, "h1 + h2", max=5)
    assert (wrong.first_counterexample, wrong.value, wrong.expected, wrong.holds_to) == ((1, 1), 2, 0, 0)
    assert check(nim, "h1 = h2", max=5, target="P").holds
    assert check(nim, "h1 - h2", max=5, target="P").holds  # a number e for P means e == 0
    # typed with a Japanese input method: full-width letters, digits and signs
    assert check(nim, "ｈ１　＾　ｈ２", max=5).holds
    assert check(nim, "ｈ１＝＝ｈ２", max=5, target="P").holds
    with pytest.raises(grundy.GameError, match=r"divides by zero at \{0, 0\}"):
        check(nim, "h1 // h2", max=3)  # a position written as the site writes it
    for bad in ("", "h1 ** 2", "__import__('os')", "h3 + 1", "h1 // 0", "(lambda: 1)()"):
        with pytest.raises(grundy.GameError):
            check(nim, bad, max=3)


def test_the_json_answer():
    answer = webapi.handle({"op": "discover", "game": "chocolate", "params": {"k": 3},
                            "target": "P", "max": 6})
    assert list(answer) == ["game", "params", "target", "found", "formula", "holds_to",
                            "checked", "near_misses", "theorem"]
    assert answer["found"] and answer["holds_to"] == 6 and answer["params"] == {"k": 3}
    assert answer["theorem"] == "[M2012] Theorem 2.1 (k = 3)"
    assert all(set(m) == {"formula", "holds_to", "first_counterexample"}
               for m in answer["near_misses"])
    guess = webapi.handle({"op": "guess", "game": "chocolate", "params": {"k": 5}, "target": "P",
                           "max": 5, "formula": "x ^ y ^ z == 0", "lang": "ja"})
    assert guess["first_counterexample"] == [2, 1, 3] and guess["expected"] == "N"


@pytest.mark.parametrize("request_", [
    {"op": "discover", "game": "chocolate", "max": 200},
    {"op": "discover", "game": "chocolate", "target": "Q"},
    {"op": "discover", "game": "chocolate", "misere": True, "target": "grundy"},
    {"op": "discover", "game": "nosuchgame"},
    {"op": "guess", "game": "nim", "formula": "h1 ** 99"},
    {"op": "guess", "game": "nim", "formula": 3},
])
def test_json_refusals(request_):
    answer = webapi.handle(request_)
    assert list(answer) == ["error"] and "\n" not in answer["error"]


@pytest.mark.parametrize("args, message", [
    (["discover", "chocolate", "--max", "500"], "needs about"),
    (["discover", "chocolate", "--target", "Q"], "unknown target"),
    (["discover", "chocolate", "--misere", "--target", "grundy"], "use the target P"),
    (["discover", "wythoff", "--format", "xml"], "unknown format"),
    (["discover", "nim", "1", "2"], "takes no coordinates"),
    (["discover", "chocolate", "--max", "x"], "--max"),
])
def test_command_line_refusals(capsys, args, message):
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_refused_at_once_over_budget():
    with pytest.raises(BudgetError, match="searching formulas on the"):
        discover(grundy.game("chocolate", k=2), max=300)


def test_command_line_text(capsys):
    assert cli.main(["discover", "chocolate", "--k", "3", "--target", "P", "--max", "6"]) == 0
    out = capsys.readouterr().out
    assert "holds up to 6" in out and "checked, not proved" in out and "Theorem 2.1" in out
