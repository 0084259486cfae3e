"""Bounded work: the examples of the issue as regression tests.

Every request answers (by a proved formula, without a table) or is refused at once with
one line; on the command line each runs in a subprocess under a memory limit
(`run_limited`, also used by test_fuzz.py).  Inside Pyodide (no processes, no `resource`)
the same commands run in-process, through the conftest's patched subprocess.
"""

import json
import subprocess
import sys

import pytest

import grundy
from grundy import budget, webapi
from grundy.numbers import flag, parse_int

MEMORY_LIMIT = 1_500_000_000   # bytes of address space: the command line's budget
TIMEOUT = 60                   # seconds: a hang guard, not a timing assert
IN_PYODIDE = sys.platform == "emscripten"


def _limit_memory(limit):
    def set_limit():
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    return set_limit


def run_limited(argv, stdin=None, memory=MEMORY_LIMIT, timeout=TIMEOUT):
    """Run `python ARGV...` under an address-space limit and a timeout (CompletedProcess;
    a timeout is returned as status -9 with a line saying so, for the assertions to show)."""
    if IN_PYODIDE:  # the patched subprocess.run runs `python -m grundy` in-process
        return subprocess.run([sys.executable, *argv], capture_output=True, text=True)
    try:
        return subprocess.run([sys.executable, *argv], input=stdin, capture_output=True,
                              text=True, timeout=timeout, preexec_fn=_limit_memory(memory))
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(argv, -9, "", f"timed out after {timeout} s")


def grundy_cli(*args):
    return run_limited(["-m", "grundy", *map(str, args)])


def assert_one_line_refusal(r):
    """Exit status 2 and exactly one line on stderr, no traceback, nothing on stdout."""
    assert r.returncode == 2, (r.returncode, r.stdout[-300:], r.stderr[-1000:])
    assert r.stdout == "" and len(r.stderr.strip().splitlines()) == 1, r.stderr[-1000:]
    assert r.stderr.startswith("grundy: error: ") and "Traceback" not in r.stderr
    assert "out of memory" not in r.stderr


@pytest.mark.parametrize("args, out", [
    (["value", "nim", "999999"], "999999"),
    (["value", "nim", "1" + "0" * 30, "1" + "0" * 30, "7"], "7"),
    (["outcome", "nim", "999999", "999999"], "P"),
    (["value", "ryuoh", "--p", "30", "2000", "2000"], str(4000 % 30)),
    (["value", "ryuoh", "--p", "1000000000", "5", "7"], "12"),
    (["outcome", "ryuoh", "--p", "1000000000", "5", "7"], "N"),
    (["move", "nim", "100000000", "1"], "1 1"),
    (["move", "nim", "1" + "0" * 30, "1" + "0" * 30, "5"], None),
    (["move", "nim", "--misere", "1" + "0" * 30, "1", "1"], "1 1 1"),
    (["move", "ryuoh", "--p", "1000000000", "5", "7"], None),
    (["move", "ryuoh", "--p", "7", "123456789", "987654321"], None),
    (["outcome", "wythoff", "0", "999999"], "N"),
    (["move", "wythoff", "0", "999999"], "0 0"),
    (["move", "wythoff", "1000000", "1000001"], None),
    (["value", "step", "--f", "t//2", "0", "100000000"], "100000000"),
    (["value", "step", "--f", "0", "0", "20000"], "20000"),
    (["outcome", "chocolate", "--k", "3", "1" + "0" * 20, "5", "1" + "0" * 20], "N"),
    (["move", "chocolate", "--k", "3", "1" + "0" * 20, "5", "1" + "0" * 20], None),
    (["move", "rect", "1" + "0" * 25, "7"], "7 7"),
])
def test_formula_first(args, out):
    """Proved formulas answer value, outcome and move at any size, without a table."""
    r = grundy_cli(*args)
    assert r.returncode == 0 and r.stderr == "", r.stderr[-1000:]
    if out is not None:
        assert r.stdout == out + "\n"
        return
    to = tuple(map(int, r.stdout.split()))
    name, params, pos = _split(args[1:])
    g = grundy.game(name, **params)
    assert g.outcome(to) == "P" and to != pos and all(a <= b for a, b in zip(to, pos))
    if g.move_bound(pos) < 10**6:  # else too many moves to list; small cases: test_tables
        assert g.is_legal_move(pos, to)


def _split(words):
    """(game, params, position) of a command line's words after the command."""
    name, params, pos, i = words[0], {}, [], 1
    while i < len(words):
        if words[i].startswith("--"):
            value = words[i + 1]
            params[words[i][2:]] = value if words[i] == "--f" else int(value)
            i += 2
        else:
            pos.append(int(words[i]))
            i += 1
    return name, params, tuple(pos)


@pytest.mark.parametrize("args", [
    ["value", "wythoff", "0", "999999"],
    ["value", "chocolate", "--k", "2", "3000", "10", "3000"],
    ["outcome", "chocolate", "--k", "2", "3000", "10", "3000", "--misere"],
    ["value", "step", "--f", "t//3", "0", "100000000"],
    ["table", "chocolate", "--max", "100000"],
    ["table", "ryuoh", "--p", "1000000000", "--max", "3000"],
    ["table", "step", "--f", "t//3", "--max", "100000000"],
    ["value", "nim", "1" * 5000],
    ["verify", "--max", "100000"],
])
def test_refused_at_once(args):
    """Over-budget requests are refused before computing, with one line and no --max
    advice for commands that have no --max."""
    r = grundy_cli(*args)
    assert_one_line_refusal(r)
    if args[0] != "table" and args[0] != "verify":
        assert "--max" not in r.stderr


def test_table_within_budget():
    """Ryuoh's table costs what the board costs, whatever p; a step table holds only its positions."""
    r = grundy_cli("table", "ryuoh", "--p", "5000", "--max", "10")
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 1 + 121
    assert r.stdout.splitlines()[-1].startswith("10,10,")
    g = grundy.game("ryuoh", p=5000)
    assert g.table(10)[(10, 10)] == g.formula((10, 10)).value
    r = grundy_cli("table", "step", "--f", "0", "--max", "20000")
    assert r.returncode == 0 and len(r.stdout.splitlines()) == 1 + 20001


def test_verify_small_bounds():
    """No false failure at small bounds."""
    for n in (0, 1, 2, 3):
        assert not [c.id for c in grundy.verify.run(n) if c.status == "fails"], n


@pytest.mark.parametrize("text", ["١٢", "３", "+3", "1_000", " 3 ", "0x10", "", "3.0", "1e3"])
def test_strict_integers(text):
    with pytest.raises(grundy.GameError) as e:
        parse_int(text, "coordinate x", "座標 x")
    assert "digits 0-9" in str(e.value) and "半角数字" in e.value.message("ja")
    r = grundy_cli("value", "nim", "2", text)
    assert_one_line_refusal(r)
    r = grundy_cli("value", "chocolate", "--k", text, "1", "1", "1")
    assert_one_line_refusal(r)


def test_flags_are_booleans():
    assert flag(True, "misere") and not flag(False, "misere") and not flag(None, "misere")
    with pytest.raises(grundy.GameError):
        flag("false", "misere")
    answer = webapi.handle({"op": "state", "game": "nim", "pos": [1, 1], "misere": "false"})
    assert "error" in answer and "true or false" in answer["error"]


@pytest.mark.parametrize("request_", [
    {"op": ["state"]},
    {"op": {"a": 1}},
    {"op": "state", "game": ["nim"], "pos": [1, 2]},
    {"op": "state", "game": "nim", "params": {"heaps": [3]}, "pos": [1, 2, 3]},
    {"op": "state", "game": "nim", "pos": [[1], 2]},
    {"op": "state", "game": "nim", "pos": [1] * 100000},
    {"op": "state", "game": "chocolate", "params": {"k": 2}, "pos": [90, 60, 90], "misere": True},
    {"op": "state", "game": "sum", "pos": [40, 20, 40, 40, 20, 40], "misere": True,
     "params": {"components": [{"game": "chocolate", "params": {"k": 2}}] * 2}},
    {"op": "state", "game": "wythoff", "pos": [10**30, 10**30]},
    {"op": "table", "game": "ryuoh", "params": {"p": 10**9}, "max": 10**30},
    {"op": "nimsum", "heaps": [1] * 100000},
    {"op": "ppositions", "k": "３", "max": 5},
    {"op": "state", "game": "step", "params": {"f": "t" * 10**6}, "pos": [0, 0]},
    {"op": "nosuch"},
    [],
    None,
    "state",
])
def test_json_facade_never_raises(request_):
    answer = webapi.handle(request_)
    assert isinstance(answer, dict) and set(answer) == {"error"}
    assert "\n" not in answer["error"] and answer["error"]


def test_json_facade_misere_nim_by_formula():
    """Misère Nim is answered by Bouton's rule, with as many heaps as the request has."""
    answer = webapi.handle({"op": "state", "game": "nim", "pos": [5] * 8, "misere": True})
    assert answer["outcome"] == "P" and len(answer["moves"]) == 40
    answer = webapi.handle({"op": "state", "game": "nim", "pos": [1, 1, 1], "misere": True})
    assert answer["outcome"] == "P"


def test_json_facade_deep_nesting_and_memory():
    text = webapi.handle_json("[" * 100000)
    assert "error" in json.loads(text)
    text = webapi.handle_json(json.dumps({"op": "state", "game": "nim", "pos": [[[[1]]]]}))
    assert "error" in json.loads(text)

    def exhaust(request):
        raise MemoryError

    original = webapi.OPS["state"]
    webapi.OPS["state"] = exhaust
    try:
        answer = webapi.handle({"op": "state", "game": "nim", "pos": [1], "lang": "ja"})
    finally:
        webapi.OPS["state"] = original
    assert set(answer) == {"error"} and answer["error"]


def test_json_facade_answers_in_the_request_language():
    answer = webapi.handle({"op": "state", "game": "wythoff", "pos": [10**6, 10**6 + 1],
                            "lang": "ja"})
    assert "error" in answer and any("\u3040" <= ch <= "\u30ff" for ch in answer["error"])


def test_budgets_are_documented_and_ordered():
    assert budget.BROWSER.steps < budget.CLI.steps and budget.BROWSER.memory < budget.CLI.memory
    assert budget.CLI.memory < 1_500_000_000 and budget.BROWSER.memory < 500_000_000
    with budget.using(budget.BROWSER):
        assert budget.current() is budget.BROWSER
        with pytest.raises(budget.BudgetError) as e:
            budget.require(steps=budget.BROWSER.steps + 1)
        assert "the browser" in str(e.value) and "ブラウザ" in e.value.message("ja")
    assert budget.current() is budget.CLI


def test_reference_memory_follows_positions():
    """The reference search keeps one frame per position on its path, not every child."""
    from grundy.reference import reference_grundy

    g = grundy.game("wythoff")
    memo = {}
    assert reference_grundy(g, (30, 40), memo) == reference_grundy(g, (40, 30), {})
    assert len(memo) <= 31 * 41
    with pytest.raises(budget.BudgetError):
        reference_grundy(g, (300, 300), {}, max_steps=10_000)
