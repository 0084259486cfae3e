"""Self-contained engine checks for Pyodide (no pytest, no hypothesis): tables against
the reference DP, the CLI in-process, verify with a small bound, and the web API.

main(verify_max) prints one line per check and returns {"passed": n, "failed": n}.
"""

import contextlib
import io
import json
import subprocess
import sys

import grundy
from grundy import cli, verify, webapi
from grundy.reference import reference_grundy, reference_misere
from grundy.registry import games

# every registered game with its default parameters, some with others too
TABLES = [(cls.name, {}, 6) for cls in games()] + [
    ("chocolate", {"k": k}, 7) for k in (1, 2, 4, 5)] + [
    ("rect", {"sides": 4}, 3), ("step3", {"f": "t//3"}, 7)] + [("ryuoh", {"p": p}, 10) for p in (1, 4)]


def check_tables():
    """Every table value equals the reference DP (normal and misère play, with a pass too)."""
    for name, params, limit in TABLES:
        plain = grundy.game(name, **params).for_table()
        for g in (plain, grundy.with_pass(plain)):
            table, memo, memo_m = g.table(limit if g is plain else 3), {}, {}
            for pos, value in table.items():
                assert value == reference_grundy(g, pos, memo), (name, params, pos)
                assert table.misere(pos) == reference_misere(g, pos, memo_m), (name, params, pos)


def run_cli(*args):
    """(exit status, stdout, stderr) of the CLI run in-process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main([str(a) for a in args])
        except SystemExit as stop:
            status = stop.code if isinstance(stop.code, int) else 1
    return status or 0, out.getvalue(), err.getvalue()


def check_cli():
    """The CLI answers, and bad input is one line with status 2."""
    status, out, _ = run_cli("value", "chocolate", "--k", "3", 10, 5, 5)
    assert status == 0 and out.strip() == str(grundy.game("chocolate", k=3).grundy((10, 5, 5))), out
    status, out, _ = run_cli("outcome", "ryuoh", "--p", "3", 3, 3)
    assert status == 0 and out.strip() in ("P", "N"), out
    status, _, err = run_cli("value", "chocolate", 10, 9, 5)
    assert status == 2 and len(err.strip().splitlines()) == 1, err


def check_verify(max_n):
    """No theorem fails on a small bound."""
    checks = verify.run(max_n=max_n)
    assert checks and not [c.id for c in checks if c.status == "fails"], checks


def check_webapi():
    """The worker's facade through JSON, as the browser calls it."""
    state = json.loads(webapi.handle_json(json.dumps(
        {"op": "state", "game": "chocolate", "params": {"k": 3}, "pos": "10 5 5", "lang": "ja"})))
    assert state["grundy"] == 10 ^ 5 ^ 5 or state["outcome"] == "N"
    assert state["moves"] and state["svg"].startswith("<svg")
    reply = webapi.handle({"op": "reply", "game": "ryuoh", "params": {"p": 3}, "pos": [9, 7]})
    assert grundy.game("ryuoh", p=3).grundy(tuple(reply["move"]["to"])) == 0
    assert "error" in webapi.handle({"op": "state", "game": "chocolate", "pos": "10 9 5"})
    assert webapi.handle({"op": "nimsum", "heaps": [3, 5, 6]})["total"] == 0
    catalogue = webapi.handle({"op": "games"})["games"]
    assert [g["name"] for g in catalogue] == [cls.name for cls in games()]
    played = webapi.handle({"op": "state", "game": "nim", "pos": [2, 2], "pass": True})
    assert played["pass"] and played["moves"][-1]["kind"] == "pass"
    total = webapi.handle({"op": "state", "game": "sum", "pos": [3, 1, 2, 5, 2], "params": {
        "components": [{"game": "chocolate", "params": {"k": 3}}, {"game": "wythoff"}]}})
    assert total["grundy"] == grundy.game("wythoff").grundy((5, 2))


def check_prove():
    """The Discover page's proofs, by the automata (MONA is no browser's): proved, refuted,
    and outside the language (its reason names the term: ast.unparse, a lazy import)."""
    def prove(game, params, formula, target):
        return webapi.handle({"op": "prove", "game": game, "params": params, "target": target,
                              "formula": formula, "method": "automata", "lang": "en"})
    answer = prove("chocolate", {"k": 3}, "x ^ y ^ z == 0", "P")
    assert answer["proved"] is True and answer["method"] == "automata", answer
    answer = prove("chocolate", {"k": 5}, "x ^ y ^ z == 0", "P")
    assert answer["proved"] is False and answer["counterexample"] == [2, 1, 3], answer
    answer = prove("step", {"f": "t*t//8"}, "y ^ z", "grundy")
    assert answer["proved"] is None and answer["reason"].startswith("t * t multiplies"), answer


def main(verify_max=5):
    checks = [("tables = reference DP", check_tables), ("cli", check_cli),
              ("verify", lambda: check_verify(verify_max)), ("webapi", check_webapi),
              ("prove", check_prove)]
    passed = failed = 0
    for name, check in checks:
        try:
            check()
        except Exception as exc:  # report every failure, then fail the run
            failed += 1
            print(f"FAIL {name}: {type(exc).__name__}: {exc}"[:500])
        else:
            passed += 1
            print(f"ok   {name}")
    return {"passed": passed, "failed": failed}


def patch_subprocess():
    """Pyodide has no processes: run `python -m grundy ...` in-process for the engine tests."""
    real_run = subprocess.run

    def run(argv, *args, **kwargs):
        if list(argv[:3]) != [sys.executable, "-m", "grundy"]:
            return real_run(argv, *args, **kwargs)
        status, out, err = run_cli(*argv[3:])
        result = subprocess.CompletedProcess(argv, status, out, err)
        if kwargs.get("check") and status:
            raise subprocess.CalledProcessError(status, argv, out, err)
        return result

    subprocess.run = run
