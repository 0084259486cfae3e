"""The table backends agree: numpy, pure Python, the reference DP, the literal port of
the seed's appendix algorithm and the C baseline of the benchmark (checksums)."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import grundy
from grundy.games.chocolate import chocolate_values
from grundy.games.step import step_values
from grundy.reference import reference_grundy

np = pytest.importorskip("numpy")
fast_numpy = pytest.importorskip("grundy.fast_numpy")

BENCH = Path(__file__).resolve().parents[2] / "bench"
sys.path.insert(0, str(BENCH))
from checksum import checksum_items, checksum_layout  # noqa: E402
from seed_port import seed_table  # noqa: E402


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 7, 40])
@pytest.mark.parametrize("limit", [0, 1, 2, 9, 17])
def test_numpy_equals_pure_python(k, limit):
    fast = fast_numpy.chocolate_values(k, limit)
    assert fast.dtype == np.uint16
    assert fast.tolist() == chocolate_values(k, limit).tolist()


@settings(max_examples=25, deadline=None)
@given(k=st.integers(1, 9), limit=st.integers(0, 24))
def test_numpy_equals_pure_python_random(k, limit):
    assert fast_numpy.chocolate_values(k, limit).tolist() == chocolate_values(k, limit).tolist()


def test_numpy_equals_pure_python_bigger():
    """Enough planes to need several 64-bit words per bitset (values over 128)."""
    fast = fast_numpy.chocolate_values(2, 70)
    assert int(fast.max()) >= 128
    assert fast.tolist() == chocolate_values(2, 70).tolist()


STEP_FUNCTIONS = ["t//2", "t//4", "2**(ilog2(t)-1) if t >= 2 else 0", "min(t, 5)", "3", "0",
                  "t", "t//3", "(t+1)//2", "t//2 + 1", "2*t", "t*t"]


@pytest.mark.parametrize("expr", STEP_FUNCTIONS)
@pytest.mark.parametrize("with_x", [False, True])
def test_step_numpy_equals_pure_python(expr, with_x):
    f = grundy.game("step", f=expr).f
    for limit in (0, 1, 2, 7, 16):
        values = [f(t) for t in range(limit + 1)]
        fast = fast_numpy.step_values(values, limit, with_x)
        assert fast.tolist() == step_values(values, limit, with_x).tolist(), limit


@settings(max_examples=25, deadline=None)
@given(steps=st.lists(st.integers(0, 3), min_size=1, max_size=20), with_x=st.booleans())
def test_step_numpy_random_f(steps, with_x):
    """A random non-decreasing f, given by its increments."""
    values = [sum(steps[:t + 1]) for t in range(len(steps))]
    limit = len(values) - 1
    fast = fast_numpy.step_values(values, limit, with_x)
    assert fast.tolist() == step_values(values, limit, with_x).tolist()


@pytest.mark.parametrize("name, params", [("chocolate", {"k": k}) for k in (1, 2, 3, 5)]
                         + [("step3", {"f": "t//2"}), ("step3", {"f": "min(t, 3)"})])
def test_table_backends_and_reference(name, params):
    game, memo = grundy.game(name, **params), {}
    by_numpy, by_python = game.table(12, backend="numpy"), game.table(12, backend="python")
    assert list(by_numpy.values) == list(by_python.values)
    for pos, g in by_numpy.items():
        assert g == reference_grundy(game, pos, memo), pos


@pytest.mark.parametrize("k", [1, 2, 3, 6])
def test_seed_port_agrees(k):
    table = grundy.game("chocolate", k=k).table(10, backend="numpy")
    assert seed_table(k, 10) == dict(table.items())


def test_checksums_agree():
    values = fast_numpy.chocolate_values(3, 11)
    items = grundy.game("chocolate", k=3).table(11, backend="python").items()
    assert checksum_layout(3, 11, values) == checksum_items(items)


@pytest.fixture(scope="module")
def c_baseline(tmp_path_factory):
    """The benchmark's C program, compiled with gcc -O2."""
    if shutil.which("gcc") is None:
        pytest.skip("gcc not installed")
    exe = tmp_path_factory.mktemp("bench") / "chocolate_bitset"
    subprocess.run(["gcc", "-O2", "-o", str(exe), str(BENCH / "chocolate_bitset.c")], check=True)
    return exe


@pytest.mark.parametrize("k, limit", [(2, 40), (1, 23), (3, 30), (4, 33), (2, 100)])
def test_c_baseline_checksum(c_baseline, k, limit):
    out = subprocess.run([str(c_baseline), str(k), str(limit)], check=True, capture_output=True,
                         text=True).stdout.split()
    game = grundy.game("chocolate", k=k)
    for backend in ("python", "numpy"):
        table = game.table(limit, backend=backend)
        assert " ".join(out[:4]) == checksum_layout(k, limit, table.values), backend
