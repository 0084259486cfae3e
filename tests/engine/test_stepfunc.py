"""The safe parser of step functions f(t)."""

import pytest

import grundy
from grundy.stepfunc import StepFunction


@pytest.mark.parametrize("expr, values", [
    ("t//2", [0, 0, 1, 1, 2, 2]),
    ("t//4", [0, 0, 0, 0, 1, 1]),
    ("2**(ilog2(t)-1) if t >= 2 else 0", [0, 0, 1, 1, 2, 2, 2, 2, 4]),
    ("min(t, 5)", [0, 1, 2, 3, 4, 5, 5, 5]),
    ("3", [3, 3, 3]),
    ("max(abs(t - 3), t) % 100", [3, 2, 2, 3, 4]),
    ("1 if 2 <= t < 4 or t > 5 else 0", None),
])
def test_values(expr, values):
    f = StepFunction(expr)
    if values is None:
        with pytest.raises(grundy.GameError, match="decreases at t = 4"):
            f.check(6)
        return
    if expr.startswith("max"):
        assert [f.raw(t) for t in range(len(values))] == values
        return
    assert [f(t) for t in range(len(values))] == values


@pytest.mark.parametrize("expr, message", [
    ("t-1", "is negative at t = 0 (f(0) = -1)"),
    ("10 - t", "decreases at t = 1 (f(0) = 10, f(1) = 9)"),
    ("__import__('os').system('true')", "f may only call min, max, abs, ilog2"),
    ("t.real", "f may not use Attribute"),
    ("x + 1", "f may only use the variable t, not 'x'"),
    ("t / 2", "f may not use Div"),
    ("2.5 * t", "whole-number literals"),
    ("[t][0]", "f may not use"),
    ("lambda: 1", "f may not use Lambda"),
    ("", "f is empty"),
    ("t +", "is not a valid expression in t"),
    ("ilog2(t)", "cannot be evaluated at t = 0"),
    ("t // 0", "division by zero"),
    ("2 ** (2 ** 20)", "exponent"),
    ("2 ** 200 * 2 ** 200", "too large"),
    ("min(t)", "wrong number of arguments for min"),
    ("min(t, key=1)", "f may only call"),
    ("t" + " + t" * 200, "too long"),
])
def test_refused(expr, message):
    with pytest.raises(grundy.GameError) as e:
        StepFunction(expr).check(5)
    assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_condition():
    assert StepFunction("t//2").satisfies_condition(63)
    assert StepFunction("2**(ilog2(t)-1) if t >= 2 else 0").satisfies_condition(63)
    assert not StepFunction("t").satisfies_condition(63)
    assert not StepFunction("t//2 + 1").satisfies_condition(63)


def test_game_refuses_bad_f_on_range_in_use():
    g = grundy.game("step", f="t if t < 8 else 16 - t")
    assert g.grundy((3, 5)) == g.grundy((3, 5))
    with pytest.raises(grundy.GameError, match="decreases at t = 9"):
        g.grundy((0, 12))
    with pytest.raises(grundy.GameError, match="decreases at t = 9"):
        g.table(10)
