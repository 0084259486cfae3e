"""The frontier computations (grundy.frontier, issue 50): the fast methods against the
engine's plain tables on every position where both run, their data files read back, and
the command line's refusals."""

import gzip
import hashlib
import io
import json

import pytest

import grundy
from grundy import cli
from grundy.errors import BudgetError
from grundy.frontier import chocolate, chomp3, data
from grundy.frontier.problems import PROBLEMS

FAMILIES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 13)


def fast(problem, params, limit):
    return [p for record in problem.records(params, limit) for p in problem.triples(record)]


def test_chomp3_against_the_table():
    """Every three-row bar with r0 <= 24: the P-positions of the plain table, and no more."""
    limit = 24
    table = grundy.game("chomp", rows=3).table(limit)
    assert sorted(fast(PROBLEMS["chomp3"], {}, limit)) == sorted(table.p_positions())


def test_chomp3_shift_and_bound():
    """Shifting the bit sets (past SHIFT) and cutting at the bound change no answer: a bound
    of 700 gives the P-positions of a bound of 900 with r0 <= 700."""
    assert chomp3.SHIFT < 700
    small, large = fast(PROBLEMS["chomp3"], {}, 700), fast(PROBLEMS["chomp3"], {}, 900)
    assert small == [p for p in large if p[0] <= 700]


@pytest.mark.parametrize("k", FAMILIES)
def test_chocolate_against_the_table(k):
    """Every position of the plain table with x, z <= 28 (its y <= 28 too)."""
    limit = 28
    table = grundy.game("chocolate", k=k).table(limit)
    found = {p for p in fast(PROBLEMS["chocolate"], {"k": k}, limit) if p[1] <= limit}
    assert found == set(table.p_positions())


@pytest.mark.parametrize("k", (2, 5))
def test_chocolate_bound(k):
    """A larger bound gives the same P-positions within the smaller one."""
    small = fast(PROBLEMS["chocolate"], {"k": k}, 90)
    large = fast(PROBLEMS["chocolate"], {"k": k}, 150)
    assert small == [p for p in large if p[0] <= 90 and p[2] <= 90]


def test_unique_x():
    """The method's premise on its own output: one x per (y, z), one r0 per (r1, r2)."""
    for problem, params in ((PROBLEMS["chomp3"], {}), (PROBLEMS["chocolate"], {"k": 4})):
        found = fast(problem, params, 120)
        assert len({p[1:] for p in found}) == len(found)


def test_files_read_back(tmp_path):
    """The CSV and the binary hold the same P-positions, in the stated order; the manifest's
    checksums are the files' and a second run gives the same bytes."""
    p = PROBLEMS["chocolate"]
    m = data.write(p, {"k": 2}, 60, tmp_path, "test")
    expected = fast(p, {"k": 2}, 60)
    stem = p.stem({"k": 2}, 60)
    assert list(data.read_csv(tmp_path / f"{stem}.csv.gz")) == expected
    assert list(data.read_u32(tmp_path / f"{stem}.u32.gz")) == expected
    assert expected == sorted(expected, key=lambda q: (q[2], q[1]))
    assert m["count"] == len(expected) and json.loads((tmp_path / f"{stem}.json").read_text()) == m
    for name, f in m["files"].items():
        assert hashlib.sha256((tmp_path / name).read_bytes()).hexdigest() == f["sha256"]
    again = data.write(p, {"k": 2}, 60, tmp_path / "again", "test")
    assert again["files"] == m["files"]
    with gzip.open(tmp_path / f"{stem}.csv.gz", "rt") as f:
        assert f.readline() == "x,y,z\n"


def test_the_pages_reader(tmp_path):
    """The few lines of Python on the frontier page read the files they describe."""
    from pathlib import Path

    page = (Path(__file__).parents[2] / "docs" / "frontier.md").read_text(encoding="utf-8")
    code = page.split("```python\n", 1)[1].split("```", 1)[0]
    p = PROBLEMS["chomp3"]
    data.write(p, {}, 40, tmp_path, "test")
    scope = {"STEM": str(tmp_path / p.stem({}, 40))}
    exec(compile(code, "frontier.md", "exec"), scope)
    assert scope["positions"] == fast(p, {}, 40)
    assert scope["from_csv"] == scope["positions"]


def test_timed_stops():
    with pytest.raises(BudgetError, match="ran past its limit"):
        list(data.timed(iter(range(3)), -1, "this"))


def run(*args):
    out = io.StringIO()
    return cli.run(list(args), out), out.getvalue()


def test_command_streams_csv():
    status, text = run("frontier", "chocolate", "--k", "3", "--max", "12")
    rows = [tuple(map(int, line.split(","))) for line in text.splitlines()[1:]]
    assert status == 0 and text.startswith("x,y,z\n")
    assert set(rows) == {p for p in grundy.game("chocolate", k=3).table(12).p_positions()}


def test_command_writes_files(tmp_path):
    status, text = run("frontier", "chomp3", "--max", "50", "--out", str(tmp_path))
    assert status == 0 and "P-positions" in text
    manifest = json.loads((tmp_path / "chomp3-max50.json").read_text())
    assert manifest["command"] == "grundy frontier chomp3 --max 50 --out DIR --seconds 10"


@pytest.mark.parametrize("args, message", [
    (["chomp3", "--max", "20000"], "three-row Chomp up to r0 <= 20,000 needs about"),
    (["chocolate", "--k", "2", "--max", "10000", "--seconds", "60"], "--seconds 60 allows"),
    (["chocolate", "--max", "10"], "chocolate needs --k K"),
    (["chocolate", "--k", "0", "--max", "10"], "--k must be at least 1"),
    (["chomp3", "--k", "2", "--max", "10"], "chomp3 takes no --k"),
    (["chomp3", "--max", "10,20"], "one --max at a time"),
    (["nim", "--max", "3"], "unknown problem 'nim'"),
    (["chomp3"], "frontier needs --max N"),
    (["sweep", "chomp3", "--max", "10"], "a sweep needs --out DIR"),
    (["chomp3", "--max", "10", "--workers", "2"], "--workers and --scheduler are for a sweep"),
    ([], "frontier needs one problem"),
])
def test_command_refuses(args, message):
    with pytest.raises(grundy.GameError, match=message.replace("(", r"\(")):
        run("frontier", *args)


def test_refusal_says_the_seconds_needed(cli):
    """One line, exit 2, with the cost and the --seconds that would allow it."""
    steps = chomp3.cost(20_000)[0]
    r = cli("frontier", "chomp3", "--max", "20000")
    assert r.returncode == 2 and r.stdout == "" and r.stderr.count("\n") == 1
    assert f"needs about {steps:,} steps" in r.stderr
    assert f"allow it with --seconds {-(-steps // 800_000):,}," in r.stderr


def test_peak_memory_is_the_runs_own(tmp_path):
    """A run started by a big process (the site's build) reports its own peak, not the
    parent's (ru_maxrss is kept across fork and exec on Linux)."""
    import subprocess
    import sys
    if not sys.platform.startswith("linux"):
        pytest.skip("the inherited peak is Linux's")
    ballast = bytearray(300 * 2**20)
    ballast[::4096] = b"\1" * len(range(0, len(ballast), 4096))  # touch every page
    subprocess.run([sys.executable, "-m", "grundy", "frontier", "chomp3", "--max=20",
                    f"--out={tmp_path}"], check=True, capture_output=True)
    del ballast
    manifest = json.loads((tmp_path / "chomp3-max20.json").read_text(encoding="utf-8"))
    assert 0 < manifest["peak_mb"] < 200
