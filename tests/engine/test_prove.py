"""grundy.prove: the seed theorems proved for every position, wrong formulas refuted with
their first counterexample (the one `grundy discover`'s check finds), the command line
and the facade (issue 47). Each formula's encoding is compared with Python's value of it
and with the engine's values before its proof counts (the games' moves:
test_prove_encoding.py)."""

import io
import json

import pytest

import grundy
from grundy import cli, webapi
from grundy.discovery import check
from grundy.discovery.grammar import compile_formula, evaluate
from grundy.prove.logic import holds, value
from grundy.prove.proof import _claim, _rules
from grundy.prove.statement import in_words


def assert_claim_agrees(g, formula, target, limit, expected=True):
    """The encoded formula has Python's value of the formula at every position up to
    `limit`, and that is the engine's value (or, `expected` False, somewhere it is not)."""
    claim = _claim(formula, tuple(g.coords), target)
    tree = compile_formula(formula, tuple(g.coords))
    wrong = []
    for pos, v in g.table(limit).items():
        env = dict(zip(g.coords, pos))
        python = evaluate(tree, env)
        if target == "grundy":
            got, want = value(claim, env), v
        else:
            got, want = holds(claim, env, 0), v == 0
            python = python == 0 if type(python) is int else python
        assert got == python, (formula, pos)
        if got != want:
            wrong.append(pos)
    assert not wrong if expected else wrong, wrong[:3]


CHOCOLATE = grundy.game("chocolate", k=3)


@pytest.mark.parametrize("k, formula", [(3, "x ^ y ^ z == 0"), (1, "(x - 1) ^ y ^ (z - 1) == 0"),
                                        (7, "x ^ y ^ z == 0")])
def test_chocolate_theorems_proved(k, formula):
    g = grundy.game("chocolate", k=k)
    assert_claim_agrees(g, formula, "P", 12)
    proof = grundy.prove(g, formula, target="P")
    assert proof.proved is True, proof.reason
    assert proof.counterexample is None and proof.method == "mona" and proof.states > 0
    assert "exactly when" in proof.statement.en and "のとき、かつそのときに限る" in proof.statement.ja


@pytest.mark.parametrize("k, formula, first", [
    (5, "x ^ y ^ z == 0", (2, 1, 3)),
    (3, "x ^ y == z + 1", None),
    (3, "x ^ y ^ z", None),          # a whole number for the Grundy value: G is not x ^ y ^ z
    (9, "x ^ y ^ z == 0", None),
])
def test_wrong_formulas_refuted_at_their_first_counterexample(k, formula, first):
    g = grundy.game("chocolate", k=k)
    target = "grundy" if "=" not in formula else "P"
    proof = grundy.prove(g, formula, target=target)
    expected = check(g, formula, 16, target).first_counterexample
    assert proof.proved is False and proof.counterexample == expected
    assert first is None or expected == first
    assert "checked by brute force" in proof.reason.en


def test_the_halves_are_refuted_by_mona_not_only_by_the_table():
    """k = 5: half (2) fails (MONA's counterexample is a position without a move to a
    nim-sum zero), and the decision says so before any table is built."""
    from grundy.prove.mona import decide
    from grundy.prove.statement import halves

    g = grundy.game("chocolate", k=5)
    first, second = halves(g.rules(), _claim("x ^ y ^ z == 0", g.coords, "P"), "P")
    answers = decide(first), decide(second)
    assert False in (answers[0].holds, answers[1].holds)
    failing = next(a for a in answers if a.holds is False)
    pos = tuple(failing.counterexample[c] for c in g.coords)
    assert g.is_legal(pos)


def test_a_formula_outside_presburger_is_not_decided():
    proof = grundy.prove(CHOCOLATE, "x * y == z", target="P")
    assert proof.proved is None and proof.counterexample is None
    assert "multiplies two variable parts" in proof.reason.en and proof.reason.ja


def run_cli(args):
    out = io.StringIO()
    return cli.run(args, out), out.getvalue()


def test_command_line():
    status, text = run_cli(["prove", "chocolate", "--k", "5", "--formula", "x ^ y ^ z == 0"])
    assert status == 1 and "refuted" in text and "first counterexample: {2, 1, 3}" in text
    status, text = run_cli(["prove", "chocolate", "--formula", "x ^ y ^ z", "--target", "P",
                            "--format", "json"])
    answer = json.loads(text)
    assert status == 0 and answer["proved"] is True and answer["method"] == "mona"
    assert "exactly when x ^ y ^ z == 0" in answer["statement"]
    assert set(answer) >= {"game", "params", "target", "formula", "proved", "counterexample",
                           "statement", "method", "seconds", "reason"}


@pytest.mark.parametrize("args, message", [
    (["prove", "chocolate"], "prove needs --formula"),
    (["prove", "chocolate", "--formula", "x ^"], "cannot read the formula"),
    (["prove", "chocolate", "--formula", "x", "--target", "Q"], "unknown target"),
    (["prove", "chocolate", "--formula", "x", "--misere", "--target", "grundy"], "misère"),
    (["prove", "chocolate", "--formula", "x", "--method", "walnut"], "unknown method"),
    (["prove", "chocolate", "--formula", "x", "--seconds", "0"], "seconds must be"),
    (["prove", "chocolate", "--formula", "x", "--megabytes", "10"], "at least 50"),
    (["prove", "chocolate", "1", "2", "3", "--formula", "x"], "takes no coordinates"),
    (["prove", "chocolate", "--formula", "w == 0"], "unknown name 'w'"),
])
def test_command_line_refuses_bad_input_in_one_line(args, message, capsys):
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_facade():
    answer = webapi.handle({"op": "prove", "game": "chocolate", "params": {"k": 5},
                            "formula": "x ^ y ^ z == 0", "lang": "ja"})
    assert answer["proved"] is False and answer["counterexample"] == [2, 1, 3]
    assert "全数探索で確認" in answer["reason"] and "かつそのときに限る" in answer["statement"]
    with_pass = webapi.handle({"op": "prove", "game": "chocolate", "formula": "x ^ y ^ z == 0",
                               "pass": True})
    assert with_pass["proved"] is False and with_pass["pass"] is True
    assert with_pass["counterexample"] == list(check(grundy.with_pass(CHOCOLATE), "x ^ y ^ z == 0", 8,
                                                     "P").first_counterexample)
    for bad in ({"formula": 3}, {"formula": "x", "method": 1}, {"formula": "x", "method": "z"}, {}):
        assert set(webapi.handle({"op": "prove", "game": "chocolate", **bad})) == {"error"}


def test_without_a_decision_procedure(monkeypatch):
    """No MONA and no automata module: not decided, with the reason (never a guess)."""
    from grundy.prove import mona, proof

    monkeypatch.setattr(mona, "available", lambda: False)
    monkeypatch.setattr(proof.importlib, "import_module", lambda *a: (_ for _ in ()).throw(ImportError()))
    answer = grundy.prove(CHOCOLATE, "x ^ y ^ z == 0", method="auto")
    assert answer.proved is None and "no decision procedure" in answer.reason.en
    assert grundy.prove(CHOCOLATE, "x ^ y ^ z == 0", method="mona", seconds=0.5).proved is None


def test_a_limit_reached_is_not_decided_yet_the_table_may_refute():
    slow = grundy.prove(grundy.game("chocolate", k=63), "x ^ y ^ z == 0", seconds=0.2)
    assert slow.proved is None and "ran out of time" in slow.reason.en and slow.reason.ja != slow.reason.en
    wrong = grundy.prove(grundy.game("chocolate", k=63), "x ^ y ^ z == 1", seconds=0.2)
    assert wrong.proved is False and wrong.method == "brute force" and wrong.counterexample == (0, 0, 0)


SEED_THEOREMS = [  # (game, params, formula, target): proved for every position
    ("nim", {"heaps": 1}, "h1", "grundy"),
    ("nim", {"heaps": 3}, "h1 ^ h2 ^ h3", "grundy"),
    ("rect", {"sides": 2}, "right ^ up", "grundy"),
    ("rect", {"sides": 3}, "left ^ up ^ right", "grundy"),
    ("chomp", {"rows": 2}, "r0 == r1 + 1", "P"),
    ("chomp", {"rows": 1}, "r0 - 1", "grundy"),
    ("ryuoh", {"p": 3}, "(x + y) % 3 + 3 * (x // 3 ^ y // 3)", "grundy"),
    ("ryuoh", {"p": 5}, "(x + y) % 5 + 5 * (x // 5 ^ y // 5)", "grundy"),
    ("ryuoh", {"p": 4}, "(x + y) % 4 + 4 * (x // 4 ^ y // 4)", "grundy"),
    ("ryuoh", {"p": 1}, "x ^ y", "grundy"),
    ("step", {"f": "t//2"}, "y ^ z", "grundy"),
    ("step", {"f": "t//4"}, "y ^ z", "grundy"),
    ("step", {"f": "2**(ilog2(t)-1) if t >= 2 else 0"}, "y ^ z", "grundy"),
    ("step", {"f": "3"}, "y ^ z", "grundy"),
    ("step3", {"f": "t//2"}, "x ^ y ^ z == 0", "P"),
]


@pytest.mark.parametrize("name, params, formula, target", SEED_THEOREMS,
                         ids=[f"{n}-{p}" for n, p, _, _ in SEED_THEOREMS])
def test_seed_theorems_proved_for_every_position(name, params, formula, target):
    g = grundy.game(name, **params).for_table()
    assert_claim_agrees(g, formula, target, 8)
    proof = grundy.prove(g, formula, target=target, seconds=60)
    assert proof.proved is True, proof.reason


WRONG = [  # (game, params, formula, target): refuted
    ("step", {"f": "t"}, "y ^ z", "grundy"),
    ("step", {"f": "t//3"}, "y ^ z", "grundy"),
    ("step", {"f": "(t+1)//2"}, "y ^ z", "grundy"),
    ("step", {"f": "t//2 + 1"}, "y ^ z", "grundy"),
    ("ryuoh", {"p": 5}, "(x + y) % 5 + 5 * (x // 5 | y // 5)", "grundy"),
    ("ryuoh", {"p": 3}, "(x + y) % 3 + 3 * (x // 3 | y // 3)", "grundy"),
    ("chomp", {"rows": 3}, "r0 == r1 + 1", "P"),
    ("wythoff", {}, "x == y", "P"),
    ("nim", {"heaps": 3}, "h1 ^ h2 ^ h3 == 0", "P"),  # right in normal play...
]


@pytest.mark.parametrize("name, params, formula, target", WRONG, ids=[f"{n}-{f}" for n, _, f, _ in WRONG])
def test_negative_controls_refuted_at_their_first_counterexample(name, params, formula, target):
    g = grundy.game(name, **params).for_table()
    misere = formula == "h1 ^ h2 ^ h3 == 0"  # ... wrong in misère play
    proof = grundy.prove(g, formula, target=target, misere=misere, seconds=60)
    assert proof.proved is False
    assert proof.counterexample == check(g, formula, 10, target, misere=misere).first_counterexample


def test_bouton_misere_nim_proved():
    formula = ("(max(h1, h2, h3) <= 1 and (h1 + h2 + h3) % 2 == 1)"
               " or (max(h1, h2, h3) >= 2 and h1 ^ h2 ^ h3 == 0)")
    proof = grundy.prove(grundy.game("nim", heaps=3), formula, misere=True)
    assert proof.proved is True and "misère" in proof.statement.en


def test_a_step_function_outside_the_language_is_not_decided():
    proof = grundy.prove(grundy.game("step", f="t*t//8"), "y ^ z")
    assert proof.proved is None and "multiplies two variable parts" in proof.reason.en


def test_a_proof_the_table_contradicts_is_not_reported(monkeypatch):
    """Were the encoding wrong (here: every half 'valid'), the table's check catches it."""
    from grundy.prove import mona
    from grundy.prove.logic import Decision

    monkeypatch.setattr(mona, "decide", lambda *a, **k: Decision(True))
    proof = grundy.prove(grundy.game("chocolate", k=5), "x ^ y ^ z == 0", method="mona")
    assert proof.proved is None and "the encoding is wrong" in proof.reason.en


@pytest.mark.parametrize("game, joined", [(("nim", {}), "ニムのすべての局面"),
                                          (("chocolate", {"k": 3}), "(k = 3) のすべての局面"),
                                          (("step", {}), "t//2 のすべての局面")])
def test_the_statement_in_japanese_spaces_a_label_that_ends_in_ascii(game, joined):
    """「(k = 3) のすべての局面」 as the site writes Japanese after a formula, 「ニムのすべて」
    after a word (grundy.text.ja_then); no space inside the misère half's Japanese."""
    g = grundy.game(game[0], **game[1])
    assert joined in in_words(g.label(), ("x",), None, "x", "P", False).ja
    assert "どの手 A → B もそれが" in in_words(g.label(), ("x",), None, "x", "P", True).ja


def test_the_grundy_statement_says_the_range_of_v_as_its_half_encodes_it():
    """Half (2) of a Grundy claim is over the v with 0 <= v < F(A) (statement.halves: v is
    a natural number); the words say so in both languages."""
    words = in_words(grundy.game("nim").label(), ("x",), None, "x", "grundy", False)
    assert "(2) for every v with 0 ≤ v < F(A) some move" in words.en
    assert "(2) 0 以上 F(A) 未満のどの v にも" in words.ja


def test_a_refused_table_names_its_game_as_the_statement_does():
    with pytest.raises(grundy.GameError) as refused:
        grundy.game("chocolate", k=3).table(10 ** 12)
    assert "三角形のチョコレート (k = 3) の 1,000,000,000,000 までの表" in refused.value.ja


def test_one_row_chomp_states_its_constraint_once():
    words = _rules(grundy.game("chomp", rows=1)).constraint
    assert (words.en, words.ja) == ("r0 ≥ 1", "r0 ≥ 1")
    words = _rules(grundy.game("chomp", rows=3)).constraint
    assert (words.en, words.ja) == ("r0 ≥ r1 ≥ r2, r0 ≥ 1", "r0 ≥ r1 ≥ r2、r0 ≥ 1")
