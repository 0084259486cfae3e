"""Fuzzing the command line and the JSON facade (hypothesis).

Random games, parameters, coordinates up to 10^30 and junk strings.  Each case runs in its
own subprocess under a memory limit and a timeout (test_bounded.run_limited); the answer
must be a result or one clear line, never a traceback, never out of memory.  Cases come in
batches run by parallel workers, to keep the suite to about a minute. Not in the quick tier
(marked slow).
"""

import json
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest

if sys.platform == "emscripten":  # no processes, no resource limits in Pyodide
    pytest.skip("fuzzing runs subprocesses", allow_module_level=True)

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from test_bounded import run_limited  # noqa: E402

pytestmark = pytest.mark.slow

GAMES = ["nim", "rect", "chocolate", "step", "step3", "wythoff", "ryuoh"]
JUNK = ["", " ", "３", "١٢", "+3", "1_000", " 3 ", "0x10", "-0", "-1", "1e3", "3.0", "nan",
        "-", "--", "--max", "--misere", "t//2", "é", "9" * 60, "1" * 5000, "[", "{}"]
F_EXPRS = ["t//2", "t//4", "0", "3", "t", "t//3", "min(t, 5)", "t-1", "10 - t", "2**t",
           "ilog2(t)", "t // 0", "__import__('os')", "t" * 300, "2 ** 200 * 2 ** 200"]
OPTIONS = ["--k", "--p", "--heaps", "--sides", "--f", "--max", "--format", "--backend"]
BATCH, WORKERS = 8, 3
FUZZ = settings(max_examples=8, deadline=None, database=None,  # no shrinking: slow here
                phases=[Phase.explicit, Phase.reuse, Phase.generate],
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

safe_text = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
                    max_size=8)
number = st.one_of(st.integers(0, 12), st.integers(0, 10**30), st.integers(-3, -1))
word = st.one_of(number.map(str), number.map(str), st.sampled_from(JUNK), safe_text)


@st.composite
def argv(draw):
    """A command line: mostly well formed, with junk mixed in."""
    command = draw(st.sampled_from(["value", "outcome", "move", "table", "verify", "junk"]))
    if command == "junk":
        return draw(st.lists(word, max_size=6))
    if command == "verify":
        return ["verify", "--max", draw(st.one_of(st.integers(0, 4).map(str), word))]
    words = [command, draw(st.one_of(st.sampled_from(GAMES), word))]
    for option in draw(st.lists(st.sampled_from(OPTIONS), max_size=2)):
        value = draw(st.sampled_from(F_EXPRS) if option == "--f" else word)
        words += [option, value]
    if command == "table":
        words += ["--max", draw(st.one_of(st.integers(0, 8).map(str), word))]
    else:
        words += draw(st.lists(word, max_size=5))
    if draw(st.booleans()):
        words.append("--misere")
    return words


json_value = st.recursive(
    st.one_of(st.none(), st.booleans(), number, st.floats(allow_nan=False), safe_text,
              st.sampled_from(JUNK)),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.dictionaries(safe_text, inner, max_size=3)),
    max_leaves=8)
params = st.dictionaries(st.sampled_from(["k", "p", "heaps", "sides", "f", "components", "x"]),
                         st.one_of(number, st.sampled_from(F_EXPRS), json_value), max_size=2)
position = st.one_of(st.lists(number, min_size=1, max_size=5), word, json_value)


@st.composite
def request(draw):
    """A JSON text: a request (well formed or not), or junk text."""
    kind = draw(st.sampled_from(["request", "request", "request", "nested", "text"]))
    if kind == "nested":
        return "[" * draw(st.integers(1, 200000)) + draw(st.sampled_from(["", "]", "1"]))
    if kind == "text":
        return draw(safe_text)
    req = {"op": draw(st.one_of(st.sampled_from(["state", "reply", "random_start", "table",
                                                 "nimsum", "ppositions", "games"]), json_value)),
           "game": draw(st.one_of(st.sampled_from(GAMES + ["sum"]), json_value)),
           "params": draw(st.one_of(params, json_value)),
           "pos": draw(position),
           "lang": draw(st.sampled_from(["en", "ja", "fr", None]))}
    for key in ("misere", "pass", "hints", "max", "seed", "heaps", "k", "compare"):
        if draw(st.booleans()):
            req[key] = draw(st.one_of(number, st.booleans(), json_value))
    return json.dumps(req)


def _run_cli(words):
    return words, run_limited(["-m", "grundy", *words])


def _check_cli(words, r):
    where = f"grundy {' '.join(w[:40] for w in words)!r}"
    assert "Traceback" not in r.stderr + r.stdout, where
    assert r.returncode in (0, 2), (where, r.returncode, r.stderr[-500:])
    if r.returncode == 2:
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("grundy: error: "), (where, r.stderr[-500:])
        assert "out of memory" not in r.stderr, where
    else:
        assert r.stdout and r.stderr == "", (where, r.stderr[-500:])


READ_JSON = ("import sys, grundy.webapi as w; "
             "sys.stdout.write(w.handle_json(sys.stdin.read()))")


def _run_json(text):
    return text, run_limited(["-c", READ_JSON], stdin=text, memory=1_000_000_000)


def _check_json(text, r):
    where = text[:200]
    assert r.returncode == 0 and r.stderr == "", (where, r.stderr[-500:])
    answer = json.loads(r.stdout)
    assert isinstance(answer, dict), where
    if "error" in answer:
        assert set(answer) == {"error"}, where
        message = answer["error"]
        assert isinstance(message, str) and message and "\n" not in message, (where, message)
        assert "Traceback" not in message, (where, message)


def _in_parallel(run, check, cases):
    with ThreadPoolExecutor(WORKERS) as pool:
        for case, result in pool.map(run, cases):
            check(case, result)


@FUZZ
@given(st.lists(argv(), min_size=BATCH, max_size=BATCH))
def test_command_line(cases):
    _in_parallel(_run_cli, _check_cli, cases)


@FUZZ
@given(st.lists(request(), min_size=BATCH, max_size=BATCH))
def test_json_facade(cases):
    _in_parallel(_run_json, _check_json, cases)
