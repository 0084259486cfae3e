"""The command-line contract of issue 2 (run as `python -m grundy`)."""

import csv
import io
import json
import subprocess
import sys

import pytest

import grundy


@pytest.mark.parametrize("args, out", [
    (["value", "chocolate", "--k", "3", "10", "5", "5"], "16"),
    (["value", "chocolate", "10", "5", "5", "--k", "3"], "16"),
    (["value", "chocolate", "--k=2", "3", "2", "4"], str(grundy.game("chocolate", k=2).grundy((3, 2, 4)))),
    (["value", "ryuoh", "--p", "4", "5", "2"], str((5 + 2) % 4 + 4 * (1 ^ 0))),
    (["value", "nim", "1", "2", "3", "4"], "4"),
    (["value", "step", "--f", "t//2", "2", "5"], str(2 ^ 5)),
    (["value", "step3", "1", "2", "5", "--f", "t//2"], str(1 ^ 2 ^ 5)),
    (["value", "wythoff", "3", "5"], "0"),
    (["outcome", "chocolate", "3", "1", "2"], "P"),
    (["outcome", "nim", "1", "1"], "P"),
    (["outcome", "nim", "1", "1", "--misere"], "N"),
    (["outcome", "--misere", "nim", "1", "1", "1"], "P"),
    (["outcome", "ryuoh", "3", "3"], "P"),
    (["move", "rect", "4", "2"], "2 2"),
    (["move", "rect", "3", "6", "2"], "3 1 2"),
    (["move", "chocolate", "3", "1", "2"], "none"),
    (["move", "step", "--f", "t//2", "2", "5"], None),
    (["move", "wythoff", "0", "0"], "none"),
])
def test_commands(cli, args, out):
    r = cli(*args)
    assert r.returncode == 0 and r.stderr == ""
    if out is not None:
        assert r.stdout == out + "\n"
    else:
        to = tuple(map(int, r.stdout.split()))
        g = grundy.game("step", f="t//2")
        assert g.is_legal_move((2, 5), to) and g.grundy(to) == 0


def test_table_csv(cli):
    r = cli("table", "chocolate", "--k", "2", "--max", "6")
    assert r.returncode == 0
    rows = list(csv.reader(io.StringIO(r.stdout)))
    assert rows[0] == ["x", "y", "z", "grundy", "misere"]
    t = grundy.game("chocolate", k=2).table(6)
    assert len(rows) - 1 == len(t)
    for row in rows[1:]:
        pos = tuple(map(int, row[:3]))
        assert int(row[3]) == t[pos] and row[4] == t.misere(pos)


@pytest.mark.parametrize("args, header", [
    (["table", "ryuoh", "--max", "3"], ["x", "y", "grundy", "misere"]),
    (["table", "nim", "--max", "2"], ["h1", "h2", "h3", "grundy", "misere"]),
    (["table", "nim", "--heaps", "2", "--max", "2"], ["h1", "h2", "grundy", "misere"]),
    (["table", "rect", "--max", "2"], ["right", "up", "grundy", "misere"]),
    (["table", "rect", "--sides", "3", "--max", "2"], ["left", "up", "right", "grundy", "misere"]),
    (["table", "step", "--f", "t//2", "--max", "4"], ["y", "z", "grundy", "misere"]),
    (["table", "--max", "2", "step3", "--format", "csv"], ["x", "y", "z", "grundy", "misere"]),
])
def test_table_headers(cli, args, header):
    r = cli(*args)
    assert r.returncode == 0
    assert r.stdout.splitlines()[0].split(",") == header


def test_table_json_and_md(cli):
    r = cli("table", "wythoff", "--max", "2", "--format", "json")
    data = json.loads(r.stdout)
    assert data["columns"] == ["x", "y", "grundy", "misere"] and len(data["rows"]) == 9
    assert data["rows"][0] == [0, 0, 0, "N"]
    r = cli("table", "wythoff", "--max", "2", "--format", "md")
    lines = r.stdout.splitlines()
    assert lines[0] == "| x | y | grundy | misere |" and len(lines) == 2 + 9


@pytest.mark.parametrize("args, message", [
    (["value", "chocolate", "-1", "0", "0"], "coordinate x must be 0 or more, got -1"),
    (["value", "chocolate", "1.5", "0", "0"], "coordinate x must be a whole number, got '1.5'"),
    (["value", "chocolate", "a", "0", "0"], "coordinate x must be a whole number, got 'a'"),
    (["value", "chocolate", "1", "9", "1"], "y = 9 is over its bound: y ≤ ⌊(x + z)/3⌋ = 0"),
    (["value", "chocolate", "1", "1"], "Triangular chocolate: give 3 numbers (x, y, z), not 2"),
    (["value", "step", "--f", "t//2", "3", "5"], "y = 3 is over its bound: y ≤ f(z) = f(5) = 2"),
    (["value", "chess", "1"], "unknown game 'chess'"),
    (["value", "chocolate", "--k", "0", "1", "1", "1"], "k must be at least 1, got 0"),
    (["value", "chocolate", "--k", "two", "1", "1", "1"], "--k must be a whole number, got 'two'"),
    (["value", "ryuoh", "--p", "0", "1", "1"], "p must be at least 1, got 0"),
    (["value", "step", "--f", "10 - t", "1", "5"], "decreases at t = 1"),
    (["value", "step", "--f", "t - 1", "0", "5"], "is negative at t = 0"),
    (["value", "step", "--f", "__import__('os')", "0", "1"], "f may only call"),
    (["value", "step", "--f", "t +", "0", "1"], "not a valid expression"),
    (["table", "chocolate", "--max", "100000"], "needs about"),
    (["table", "nim", "--heaps", "20", "--max", "20"], "needs about"),
    (["table", "chocolate"], "table needs --max N"),
    (["table", "chocolate", "--max", "3", "--format", "xml"], "unknown format 'xml'"),
    (["table", "chocolate", "--max", "-3"], "limit must be at least 0"),
    (["table", "chocolate", "--max", "3", "1", "2"], "table takes no coordinates"),
    (["value", "chocolate", "--q", "1", "1", "1", "1"], "unknown option --q"),
    (["value", "chocolate", "--p", "3", "1", "1", "1"], "unknown option --p"),
    (["value", "chocolate", "--k", "3", "--k", "2", "1", "1", "1"], "given twice"),
    (["value", "chocolate", "1", "1", "1", "--k"], "option --k needs a value"),
    (["value", "nim", "--misere", "1"], "unknown option --misere"),
    (["outcome", "nim", "--misere=yes", "1"], "takes no value"),
    (["value", "nim"], "missing coordinates"),
    (["value", "rect", "1"], "Rectangular chocolate: give 2, 3 or 4 numbers"),
    (["value"], "missing game"),
    ([], "missing command"),
    (["solve", "nim", "1"], "unknown command 'solve'"),
    (["verify", "--max", "x"], "--max must be a whole number"),
    (["verify", "3"], "verify takes no coordinates"),
    (["value", "chocolate", "3000", "100", "3000", "--k", "2"], "needs about"),
])
def test_bad_input(cli, args, message):
    r = cli(*args)
    assert r.returncode == 2
    assert r.stdout == ""
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert message in r.stderr


def test_help_and_version(cli):
    r = cli("--help")
    assert r.returncode == 0 and "grundy table" in r.stdout
    assert cli("--version").stdout.startswith("grundy ")


def test_console_script_is_installed():
    from pathlib import Path

    script = Path(sys.executable).parent / "grundy"
    assert script.exists()
    r = subprocess.run([str(script), "value", "nim", "3", "5"], capture_output=True, text=True)
    assert r.stdout == "6\n"


def test_verify_small(cli):
    r = cli("verify", "--max", "6")
    assert r.returncode == 0
    assert "[holds] chocolate-k3 (theorem)" in r.stdout
    assert "holds for all" in r.stdout
