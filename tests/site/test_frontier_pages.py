"""The frontier pages' generator (scripts/sitegen/frontier.py): on small bounds, every
number it shows is the plain engine's (tables of Grundy values, the moves of the
rectangles), its plots have alt text and captions in both languages, the big runs'
numbers come from their record, and bad directives fail in one line."""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import grundy

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from sitegen import frontier  # noqa: E402
from sitegen.args import SitegenError  # noqa: E402
from test_generated import JAPANESE, LANGS, FakeCtx, Tables  # noqa: E402

SMALL = 40


@pytest.fixture(scope="module")
def small(tmp_path_factory):
    """The generator with small bounds, its own cache and no record of big runs."""
    saved = dict(frontier.BUILD), frontier.RUNS
    frontier.BUILD.update(chomp3=SMALL, chocolate=SMALL)
    frontier.RUNS = tmp_path_factory.mktemp("record") / "frontier_runs.json"
    yield tmp_path_factory.mktemp("cache")
    frontier.BUILD.update(saved[0])
    frontier.RUNS = saved[1]


def render(cache_dir, lang="en", **args):
    ctx = FakeCtx(lang, cache_dir)
    return frontier.frontier({k: str(v) for k, v in args.items()}, ctx), ctx


def cells(html: str) -> dict[str, list[str]]:
    """The first table as {first cell: the other cells} (the header row included)."""
    return {row[0][2]: [c[2] for c in row[1:]] for row in Tables(html).tables[0]}


def chomp_table():
    return grundy.game("chomp", rows=3).table(SMALL)


def test_ours_counts_are_the_plain_tables(small):
    table = chomp_table()
    ours = cells(render(small, what="ours", problem="chomp3")[0])
    assert ours["P-positions"][0] == f"{len(table.p_positions()):,}"
    assert ours["command"][0] == f"grundy frontier chomp3 --max {SMALL} --out DIR --seconds 120"
    assert ours["bound"] == [f"r0 ≤ {SMALL}", "not run yet"]
    rows = cells(render(small, what="ours", problem="chocolate", family="odd")[0])
    for k in (5, 9, 13):
        assert rows[str(k)][1] == f"{len(grundy.game('chocolate', k=k).table(SMALL).p_positions()):,}"
    assert "2" not in rows


def test_columns_are_the_plain_tables(small):
    p = set(chomp_table().p_positions())
    closed = {c for (a, b, c) in p if a == b}
    having = {c for (_, _, c) in p}
    shown = {name: values[0] for name, values in cells(render(small, what="columns")[0]).items()}
    assert shown["closed"] == f"{len(closed)}"
    assert shown[f"open (no P-position {{j, j, r2}} with j ≤ {SMALL})"] == f"{len(having - closed)}"
    assert shown[f"no P-position with r0 ≤ {SMALL}"] == f"{SMALL + 1 - len(having)}"


def test_rectangles_are_the_moves_of_the_plain_table(small):
    g, table = grundy.game("chomp", rows=3), chomp_table()
    rows, counts = [0, 0, 0], {}
    for n in range(2, SMALL + 1):
        wins = [m.to for m in g.moves((n, n, n)) if table[m.to] == 0]
        counts[len(wins)] = counts.get(len(wins), 0) + 1
        for to in wins:
            rows[next(i for i in range(3) if to[i] != n)] += 1
    shown = cells(render(small, what="rectangles")[0])
    assert shown["rectangles by their number of winning opening moves"] == \
        [", ".join(f"{m}: {c}" for m, c in sorted(counts.items()))]
    assert [shown[f"bites in row {i}"][0] for i in range(3)] == [str(v) for v in rows]


def test_nimsum_is_the_plain_tables(small):
    shown = cells(render(small, what="nimsum", family="even")[0])
    for k in (2, 4, 6, 8):
        p = grundy.game("chocolate", k=k).table(SMALL).p_positions()
        other = [q for q in p if q[0] ^ q[1] ^ q[2]]
        assert shown[str(k)][:2] == [f"{len(p):,}", f"{len(other):,}"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("args", [{"name": "gaps"}, {"name": "slopes"},
                                  {"name": "projection", "k": 2}, {"name": "nimsum", "k": 5}])
def test_plots(small, lang, args, monkeypatch):
    monkeypatch.setattr(frontier, "GAP_COLUMNS", (2, 5))
    monkeypatch.setattr(frontier, "SLOPE_FROM", 2)
    html, ctx = render(small, lang, what="plot", **args)
    parsed = Tables(html)
    (img,) = parsed.images
    assert img["alt"] and parsed.texts["figcaption"][0]
    assert bool(JAPANESE.search(img["alt"])) == (lang == "ja")
    (svg,) = ctx.assets.values()
    root = ET.fromstring(svg)
    assert root.get("role") == "img" and root.find("{http://www.w3.org/2000/svg}title").text


@pytest.mark.parametrize("lang", LANGS)
def test_projection_alt_describes_the_plain_table(small, lang):
    """The projection's alt text says the picture's shape with the plain table's numbers:
    mirror symmetry, and the wedge |z - x| / y from WEDGE_FROM on."""
    p = grundy.game("chocolate", k=2).table(SMALL).p_positions()
    ratios = [abs(z - x) / y for x, y, z in p if y >= frontier.WEDGE_FROM]
    (img,) = Tables(render(small, lang, what="plot", name="projection", k=2)[0]).images
    assert f"{min(ratios):.2f} y" in img["alt"] and f"{max(ratios):.2f} y" in img["alt"]
    assert ("symmetric" if lang == "en" else "対称") in img["alt"]
    assert min(ratios) >= frontier.GAP and ("gap" if lang == "en" else "すきま") in img["alt"]


@pytest.mark.parametrize("lang", LANGS)
def test_projection_alt_claims_no_more_than_the_numbers(small, lang, monkeypatch):
    """No gap around z = x is claimed when the least |z - x| / y is below GAP (the odd k at
    the build's bound), and no numbers when no P-position has y >= WEDGE_FROM."""
    gap = "gap" if lang == "en" else "すきま"
    monkeypatch.setattr(frontier, "GAP", 0.5)
    (img,) = Tables(render(small, lang, what="plot", name="projection", k=2)[0]).images
    assert gap not in img["alt"] and " y" in img["alt"]
    (img,) = Tables(render(small, lang, what="plot", name="projection", k=5)[0]).images
    assert gap not in img["alt"] and " y" not in img["alt"]  # y <= 80 // 5 < WEDGE_FROM


@pytest.mark.parametrize("lang", LANGS)
def test_nimsum_alt_names_the_gasket_for_the_odd_family_only(small, lang):
    """The gasket is what the pictures of k = 5, 9, 13 show; the even k's do not."""
    gasket = "Sierpinski" if lang == "en" else "シュルピンスキー図形"
    for k, shown in ((5, True), (2, False)):
        (img,) = Tables(render(small, lang, what="plot", name="nimsum", k=k)[0]).images
        assert (gasket in img["alt"]) == shown


def test_big_runs_come_from_their_record(small):
    manifest = {"problem": "chomp3", "params": {}, "max": 20_000, "count": 123, "seconds": 4.5,
                "cpu_seconds": 4.0, "peak_mb": 7, "machine": "M", "date": "D", "command": "C",
                "files": {"f.csv.gz": {"bytes": 2_500_000, "sha256": "aa", "content_sha256": "bb"}}}
    record = {"sweep": {"workers": 2, "seconds": 9, "machine": "M", "date": "D", "command": "S"},
              "runs": [manifest, {**manifest, "problem": "chocolate", "params": {"k": 5}}],
              "speedup": {"command": "B", "jobs": 8, "machine": "M", "date": "D", "runs": [
                  {"workers": 1, "seconds": 10.0, "cpu": 9.0, "load": [1.0, 2.0]},
                  {"workers": 2, "seconds": 5.0, "cpu": 9.5, "load": [2.0, 2.0]}]}}
    frontier.RUNS.write_text(json.dumps(record))
    try:
        ours = cells(render(small, what="ours", problem="chomp3")[0])
        assert ours["P-positions"][1] == "123" and ours["command"][1] == "C"
        odd = cells(render(small, what="ours", problem="chocolate", family="odd")[0])
        assert odd["5"][4:] == ["123", "4.5 s (4.0 s)"]  # the wall time and the CPU time
        assert cells(render(small, what="release")[0])["f.csv.gz"] == ["2.5 MB", "aa", "bb"]
        assert cells(render(small, what="speedup")[0])["2"] == ["5.0", "2.00", "9.5", "2.0 / 2.0"]
    finally:
        frontier.RUNS.unlink()
    assert "not run yet" in render(small, what="release")[0]


@pytest.mark.parametrize("args", [{"what": "plot", "name": "projection", "k": 3},
                                  {"what": "ours", "problem": "nim"},
                                  {"what": "columns", "extra": 1}])
def test_bad_directives(small, args):
    with pytest.raises(SitegenError) as e:
        render(small, **args)
    assert "\n" not in str(e.value)


def test_a_record_with_only_the_speedup(small):
    """bench_sweep.py may write its part before the big runs have a record."""
    frontier.RUNS.write_text(json.dumps({"speedup": {"command": "B", "jobs": 1, "machine": "M",
                                                     "date": "D", "runs": []}}))
    try:
        assert cells(render(small, what="ours", problem="chomp3")[0])["bound"][1] == "not run yet"
        assert "not run yet" in render(small, what="release")[0]
    finally:
        frontier.RUNS.unlink()
