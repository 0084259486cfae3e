"""Every error a reader can trigger has a Japanese message (e.message("ja")) besides the
unchanged English one (str(e), printed by the CLI), and every formula names its theorem
in Japanese too."""

import re

import pytest

import grundy
from grundy.budget import CLI
from grundy.stepfunc import MAX_LENGTH, StepFunction

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# Symbols and identifiers of the formulas (f's expression language included).
ALLOWED = {"f", "t", "x", "y", "z", "k", "p", "min", "max", "abs", "ilog2",
           "a", "b", "c", "if", "else",
           "P", "N",  # the canonical "P 局面", "N 局面"
           "M2012", "R1", "S"}  # citation keys of the site's reference list

choc = grundy.game("chocolate", k=3)
step = grundy.game("step", f="t//2")
nim = grundy.game("nim")


def sf(expr, t=None):
    """StepFunction(expr), evaluated (with its checks) on 0..t when t is given."""
    f = StepFunction(expr)
    return f if t is None else f(t)


# (what raises, its English message, words of the reader's own input allowed in Japanese)
CASES = {
    "not a sequence": (lambda: choc.validate(5), "a position is a sequence of whole numbers, got 5", ()),
    "coordinate count": (lambda: choc.validate((1, 2)), "Triangular chocolate: give 3 numbers (x, y, z), not 2", ()),
    "rect coordinate count": (lambda: grundy.game("rect", sides=3).validate((1, 2)),
                              "Rectangular chocolate: give 3 numbers (left, up, right), not 2", ()),
    "non-integer": (lambda: choc.validate((1, 2.5, 3)), "coordinate y must be a whole number, got 2.5", ()),
    "negative": (lambda: choc.validate((1, -2, 3)), "coordinate y must be 0 or more, got -2", ()),
    "negative heap": (lambda: nim.validate((1, -2)), "coordinate h2 must be 0 or more, got -2", ()),
    "negative side": (lambda: grundy.game("rect").validate((-1, 2)),
                      "coordinate right must be 0 or more, got -1", ()),
    "chocolate bound": (lambda: choc.validate((10, 9, 5)),
                        "y = 9 is over its bound: y ≤ ⌊(x + z)/3⌋ = 5", ()),
    "step bound": (lambda: step.validate((5, 4)), "y = 5 is over its bound: y ≤ f(z) = f(4) = 2", ()),
    "step3 bound": (lambda: grundy.game("step3", f="t//2").validate((1, 5, 4)),
                    "y = 5 is over its bound: y ≤ f(z) = f(4) = 2", ()),
    "no heap": (lambda: nim.validate(()), "Nim needs at least one heap", ()),
    "rect coordinates": (lambda: grundy.game("rect").validate((1,)),
                         "Rectangular chocolate: give 2, 3 or 4 numbers (the cuts on each side), not 1", ()),
    "nim table": (lambda: nim.table(3), "a nim table needs a fixed number of heaps (heaps=N)", ()),
    "rect table": (lambda: grundy.game("rect").table(3),
                   "a rect table needs a fixed number of sides (sides=2, 3 or 4)", ()),
    "rect sides": (lambda: grundy.game("rect", sides=5), "sides must be a whole number 2 to 4, got 5", ()),
    "f not a string": (lambda: sf(5), "f must be an expression string in t, got 5", ()),
    "f empty": (lambda: sf("  "), "f is empty: give an expression in t such as t//2", ()),
    "f too long": (lambda: sf("t+" * MAX_LENGTH + "t"),
                   f"f is too long (at most {MAX_LENGTH} characters)", ()),
    "f invalid": (lambda: sf("t//"), "f = 't//' is not a valid expression in t", ()),
    "f null byte": (lambda: sf("t\x00"), "f = 't\\x00' is not a valid expression in t", ()),
    "f literal": (lambda: sf("2.5*t"), "f may only use whole-number literals, not 2.5", ()),
    "f name": (lambda: sf("u+1"), "f may only use the variable t, not 'u'", ("u",)),
    "f call": (lambda: sf("print(t)"), "f may only call min, max, abs, ilog2", ()),
    "f arguments": (lambda: sf("min(t)"), "wrong number of arguments for min in f", ()),
    "f node": (lambda: sf("[t]"), "f may not use List (allowed: literals, t, + - * // % **, "
                                  "comparisons, a if c else b, min, max, abs, ilog2)", ()),
    "f not called": (lambda: sf("min+1", 0),
                     "f = 'min+1' cannot be evaluated at t = 0: min must be called, e.g. min(t)", ()),
    "f ilog2": (lambda: sf("ilog2(t)", 0),
                "f = 'ilog2(t)' cannot be evaluated at t = 0: ilog2 needs a positive argument, got 0", ()),
    "f exponent": (lambda: sf("2**(t-1)", 0),
                   "f = '2**(t-1)' cannot be evaluated at t = 0: exponent -1 out of range 0..256", ()),
    "f division": (lambda: sf("t//(t-1)", 1),
                   "f = 't//(t-1)' cannot be evaluated at t = 1: division by zero", ()),
    "f too large": (lambda: sf("2**256*2", 0),
                    "f = '2**256*2' cannot be evaluated at t = 0: a value in f is too large", ()),
    "f negative": (lambda: sf("t-1", 0), "f = 't-1' is negative at t = 0 (f(0) = -1)", ()),
    "f decreases": (lambda: grundy.game("step", f="5-t").validate((0, 3)),
                    "f = '5-t' decreases at t = 1 (f(0) = 5, f(1) = 4)", ()),
    "position too large": (lambda: grundy.game("chocolate", k=4).grundy((3000, 10, 3000)),
                           "the exhaustive search below (3000, 10, 3000) needs about 6.0 × 10^11 "
                           f"steps; the command line allows {CLI.steps:,} (about {CLI.seconds} s):"
                           " use smaller coordinates (no proved formula applies here)", ()),
    "table too large": (lambda: grundy.game("wythoff").table(10**5),
                        "the table of Wythoff's game up to 100,000 needs about 2.0 × 10^10 steps; "
                        f"the command line allows {CLI.steps:,} (about {CLI.seconds} s): use a "
                        "smaller --max (or smaller coordinates)", ()),
    "table limit": (lambda: choc.table(-1), "limit must be at least 0, got -1", ()),
    "unknown game": (lambda: grundy.game("nope"),
                     f"unknown game 'nope' (known: {', '.join(grundy.game_names())})", ("nope",)),
    "k not a number": (lambda: grundy.game("chocolate", k="many"),
                       "k must be a whole number, got 'many' (ASCII digits 0-9 only: no '+', "
                       "spaces or separators)", ("many",)),
    "k too small": (lambda: grundy.game("chocolate", k=0), "k must be at least 1, got 0", ()),
    "p too small": (lambda: grundy.game("ryuoh", p=0), "p must be at least 1, got 0", ()),
    "heaps too small": (lambda: grundy.game("nim", heaps=0), "heaps must be at least 1, got 0", ()),
}


def raised(make):
    with pytest.raises(grundy.GameError) as info:
        make()
    return info.value


@pytest.mark.parametrize("case", CASES)
def test_english_message_unchanged(case):
    make, english, _ = CASES[case]
    e = raised(make)
    assert str(e) == english and e.message() == english and e.message("en") == english


@pytest.mark.parametrize("case", CASES)
def test_japanese_message(case):
    make, _, own_words = CASES[case]
    ja = raised(make).message("ja")
    assert ja and "\n" not in ja and JAPANESE.search(ja), ja
    english = set(WORD.findall(ja)) - ALLOWED - set(own_words)
    assert not english, (ja, english)


def test_message_without_japanese_falls_back_to_english():
    e = grundy.GameError("plain")
    assert e.message("ja") == "plain" and str(e) == "plain" and e.ja is None


FORMULAS = [("chocolate", {"k": 3}, (4, 2, 5)), ("chocolate", {"k": 1}, (4, 2, 5)),
            ("nim", {}, (3, 5, 7)), ("nim", {"heaps": 2}, (3, 5)), ("rect", {}, (3, 6, 2)),
            ("step", {"f": "t//2"}, (4, 9)), ("step3", {"f": "t//2"}, (3, 4, 9)),
            ("wythoff", {}, (7, 5)), ("ryuoh", {"p": 3}, (9, 7)), ("ryuoh", {"p": 5}, (8, 11))]


@pytest.mark.parametrize("name,params,pos", FORMULAS)
def test_every_formula_names_its_theorem_in_japanese(name, params, pos):
    f = grundy.game(name, **params).formula(pos)
    assert f is not None and f.theorem.en and JAPANESE.search(f.theorem.ja), f
    assert not set(WORD.findall(f.theorem.ja)) - ALLOWED - {"n"}, f.theorem.ja  # Wythoff's n
