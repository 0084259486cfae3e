"""Generated content (scripts/sitegen): the numbers are the engine's, the seed's tables
appear exactly, CSV files hold the same data, figures have alt text and captions in both
languages, and bad directives fail with a one-line SitegenError."""

from __future__ import annotations

import csv
import io
import json
import multiprocessing
import re
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

import grundy
from grundy import webapi

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))

import sitegen  # noqa: E402
from sitegen import exercises, figures, strings, verify_report  # noqa: E402
from sitegen.written import canonical  # noqa: E402

SEED_DATA = ROOT / "tests" / "engine" / "data"
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
LANGS = ("en", "ja")


class FakeCtx:
    """What scripts/hooks.py passes to the generators; assets are kept in a dict."""

    def __init__(self, lang: str, cache_dir: Path):
        self.lang = lang
        self.page_src = "page.ja.md" if lang == "ja" else "page.md"
        self.title = "A page"
        self.cache_dir = cache_dir
        self.assets: dict[str, bytes | str] = {}

    def asset(self, relpath: str, data) -> str:
        self.assets[relpath] = data
        return "../generated/" + relpath


@pytest.fixture(scope="session")
def cache_dir() -> Path:
    """The build's cache (keys include a hash of the engine and generator code)."""
    path = ROOT / ".cache" / "sitegen"
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(params=LANGS)
def ctx(request, cache_dir) -> FakeCtx:
    return FakeCtx(request.param, cache_dir)


class Tables(HTMLParser):
    """Every <table> as rows of (tag, classes, text) cells; also <img>, <a> and captions."""

    def __init__(self, html: str):
        super().__init__()
        self.tables: list[list[list[tuple[str, set[str], str]]]] = []
        self.images: list[dict] = []
        self.links: list[dict] = []
        self.texts: dict[str, list[str]] = {}
        self._cell = None
        self._capture: list[str] = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = (tag, set((attrs.get("class") or "").split()), [])
        elif tag == "img":
            self.images.append(attrs)
        elif tag == "a":
            self.links.append(attrs)
        if tag in ("figcaption", "p"):
            self._capture.append(tag)
            self.texts.setdefault(tag, []).append("")

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell:
            kind, classes, parts = self._cell
            self.tables[-1][-1].append((kind, classes, "".join(parts).strip()))
            self._cell = None
        if self._capture and tag == self._capture[-1]:
            self._capture.pop()

    def handle_data(self, data):
        if self._cell:
            self._cell[2].append(data)
        for tag in self._capture:
            self.texts[tag][-1] += data


def grid(html: str) -> tuple[str, dict[tuple[int, int], tuple[int | None, set[str]]]]:
    """The corner label and {(column, row): (value or None, classes)} of the first table."""
    rows = Tables(html).tables[0]
    corner, *cols = [c[2] for c in rows[0]]
    cells = {}
    for row in rows[1:]:
        r = int(row[0][2])
        for col, (_, classes, value) in zip(cols, row[1:]):
            cells[(int(col), r)] = (int(value) if value else None, classes)
    return corner, cells


def grid_text(html: str) -> tuple[str, dict[tuple[int, int], str]]:
    """Like grid(), with the cell texts as they are (P/N tables)."""
    rows = Tables(html).tables[0]
    corner, *cols = [c[2] for c in rows[0]]
    return corner, {(int(col), int(row[0][2])): cell[2] for row in rows[1:]
                    for col, cell in zip(cols, row[1:])}


def csv_rows(ctx: FakeCtx, prefix: str) -> list[dict]:
    (name,) = [n for n in ctx.assets if n.startswith(prefix) and n.endswith(".csv")]
    return list(csv.DictReader(io.StringIO(ctx.assets[name])))


def read_seed_table(n: int) -> dict[tuple[int, int], int]:
    """Seed 001 table n as {(x, y): value} (one CSV row per y, one column per x)."""
    rows = [line.split(",") for line in (SEED_DATA / f"seed001_table{n}.csv").read_text().splitlines()
            if not line.startswith("#")]
    xs = [int(c) for c in rows[0][1:]]
    return {(x, int(r[0])): int(v) for r in rows[1:] for x, v in zip(xs, r[1:])}


@pytest.mark.parametrize("n, p, source", [(1, 3, "engine"), (2, 3, "formula"),
                                          (3, 4, "engine"), (4, 4, "formula")])
def test_seed_ryuoh_tables_appear_exactly(ctx, n, p, source):
    html = sitegen.render("table", {"game": "ryuoh", "p": str(p), "max": "12", "source": source,
                                    "mark": "formula"}, ctx)
    corner, cells = grid(html)
    assert corner == "y \\ x"
    assert {pos: v for pos, (v, _) in cells.items()} == read_seed_table(n)
    assert not any("gt-miss" in c for _, c in cells.values())
    shaded = {pos for pos, (v, c) in cells.items() if "gt-p" in c}
    assert shaded == {pos for pos, (v, _) in cells.items() if v == 0}


@pytest.mark.parametrize("args, mark", [
    ({"game": "wythoff", "max": "10"}, None),
    ({"game": "step", "f": "t//2", "max": "14", "mark": "xor"}, lambda p, g: g != p[0] ^ p[1]),
    ({"game": "step", "f": "t", "max": "9", "mark": "xor"}, lambda p, g: g != p[0] ^ p[1]),
    ({"game": "chocolate", "k": "3", "max": "9", "y": "2", "mark": "xor"},
     lambda p, g: g != p[0] ^ p[1] ^ p[2]),
    ({"game": "chocolate", "k": "1", "max": "6", "y": "3", "mark": "formula"},
     lambda p, g: (g == 0) != ((p[0] - 1) ^ p[1] ^ (p[2] - 1) == 0 if p[0] and p[2] else p == (0, 0, 0))),
    ({"game": "nim", "heaps": "2", "max": "7", "mark": "xor"}, lambda p, g: g != p[0] ^ p[1]),
])
def test_table_cells_are_the_engine_values(ctx, args, mark):
    params = {k: (v if k == "f" else int(v)) for k, v in args.items() if k in ("k", "p", "f", "heaps")}
    g = grundy.game(args["game"], **params)
    limit = int(args["max"])
    table = g.table(limit)
    html = sitegen.render("table", args, ctx)
    _, cells = grid(html)
    fixed = {c: int(args[c]) for c in g.coords if c in args}
    free = [c for c in g.coords if c not in fixed]
    row_c = "y" if "y" in free else free[1]
    col_c = next(c for c in free if c != row_c)
    seen = set()
    for (c, r), (value, classes) in cells.items():
        named = dict(fixed, **{row_c: r, col_c: c})
        pos = tuple(named[n] for n in g.coords)
        if value is None:
            assert pos not in table and "gt-void" in classes
            continue
        seen.add(pos)
        assert value == table[pos]
        assert ("gt-p" in classes) == (value == 0)
        assert ("gt-miss" in classes) == bool(mark and mark(pos, value))
    expected = {p for p in table if all(p[g.coords.index(c)] == v for c, v in fixed.items())}
    assert seen == expected
    rows = csv_rows(ctx, "tables/")
    assert {tuple(int(row[c]) for c in g.coords): int(row["grundy"]) for row in rows} == \
        {p: table[p] for p in expected}


@pytest.mark.parametrize("game, params", [("wythoff", {}), ("ryuoh", {"p": 4})])
def test_misere_tables_show_the_engine_outcomes(ctx, game, params):
    args = {"game": game, "max": "8", "misere": "true", **{k: str(v) for k, v in params.items()}}
    _, cells = grid_text(sitegen.render("table", args, ctx))
    table = grundy.game(game, **params).table(8)
    assert cells == {pos: table.misere(pos) for pos in table}
    rows = csv_rows(ctx, "tables/")
    assert {(int(r["x"]), int(r["y"])): r["misere"] for r in rows} == cells


def test_misere_ppositions(ctx):
    html = sitegen.render("ppositions", {"game": "chocolate", "k": "3", "max": "12", "misere": "true"}, ctx)
    expected = sorted(grundy.game("chocolate", k=3).table(12).misere_p_positions())
    rows = csv_rows(ctx, "ppositions/")
    assert [(int(r["x"]), int(r["y"]), int(r["z"])) for r in rows] == expected
    assert f"{len(expected):,}" in html


def test_step_tables_mark_exactly_where_the_condition_fails(ctx):
    good = sitegen.render("table", {"game": "step", "f": "t//2", "max": "15", "mark": "xor"}, ctx)
    bad = sitegen.render("table", {"game": "step", "f": "t", "max": "15", "mark": "xor"}, ctx)
    assert "gt-miss" not in good
    assert "gt-miss" in bad


def test_ppositions_list_and_csv(ctx):
    html = sitegen.render("ppositions", {"game": "chocolate", "k": "3", "max": "20", "show": "10"}, ctx)
    expected = sorted(grundy.game("chocolate", k=3).table(20).p_positions())
    assert all(x ^ y ^ z == 0 for x, y, z in expected)
    listed = re.findall(r"\{(\d+),\s(\d+),\s(\d+)\}", html)
    assert [tuple(map(int, p)) for p in listed] == expected[:10]
    assert f"{len(expected):,}" in html
    rows = csv_rows(ctx, "ppositions/")
    assert [(int(r["x"]), int(r["y"]), int(r["z"])) for r in rows] == expected


def test_nimsum_table(ctx):
    corner, cells = grid(sitegen.render("nimsum", {"max": "15"}, ctx))
    assert corner == "a \\ b"
    assert {pos: v for pos, (v, _) in cells.items()} == {(b, a): a ^ b for a in range(16) for b in range(16)}
    rows = csv_rows(ctx, "tables/nimsum")
    assert all(int(r["nim_sum"]) == int(r["a"]) ^ int(r["b"]) for r in rows) and len(rows) == 256


FIGURES = [{"name": n} for n in ("pp3d", "pp3d-rotated", "and-triangle", "gasket", "gasket-scaled")] + [
    {"name": "projection", "k": "2"}, {"name": "projection", "k": "5"}, {"name": "projection", "k": "7"},
    {"name": "heatmap", "game": "wythoff"}, {"name": "heatmap", "game": "ryuoh", "p": "3"},
    {"name": "heatmap", "game": "ryuoh", "p": "4"},
]


@pytest.mark.parametrize("args", FIGURES, ids=lambda a: "-".join(a.values()))
def test_figures_have_alt_text_and_caption_in_both_languages(cache_dir, args):
    out = {}
    for lang in LANGS:
        ctx = FakeCtx(lang, cache_dir)
        page = Tables(sitegen.render("figure", args, ctx))
        (img,) = page.images
        (caption,) = page.texts["figcaption"]
        assert len(img["alt"]) > 40 and len(caption) > 30
        assert img["src"].startswith("../generated/figures/") and img["src"].endswith(".webp")
        (data,) = ctx.assets.values()
        assert data[:4] == b"RIFF" and data[8:16] == b"WEBPVP8L"   # lossless WebP
        assert int(img["width"]) > 200 and int(img["height"]) > 100
        out[lang] = img["alt"], caption
    assert JAPANESE.search(out["ja"][0]) and JAPANESE.search(out["ja"][1])
    assert not JAPANESE.search(out["en"][0] + out["en"][1])


def test_figure_point_counts_come_from_the_engine(cache_dir):
    ctx = FakeCtx("en", cache_dir)
    html = sitegen.render("figure", {"name": "projection", "k": "2", "max": "30"}, ctx)
    count = len(grundy.game("chocolate", k=2).table(30).p_positions())
    assert f" {count:,} " in Tables(html).images[0]["alt"]
    html = sitegen.render("figure", {"name": "and-triangle"}, ctx)
    assert Tables(html).images[0]["alt"].startswith("729 ")  # 3^6 points x & y = 0 below 64


def test_every_string_exists_in_both_languages():
    for key, text in [*strings.STRINGS.items(), *exercises.STRINGS.items()]:
        assert isinstance(text, grundy.Text) and text.en and text.ja, key
        assert JAPANESE.search(text.ja) or key.startswith("table.range") or key == "table.fixed", key
    for name in figures.FIGURES:
        for part in ("alt", "caption"):
            assert f"fig.{name}.{part}" in strings.STRINGS


def test_verify_admonitions(ctx):
    html = sitegen.render("verify", {"id": "chocolate-k3"}, ctx)
    assert 'class="admonition success"' in html
    assert "76,901" in html or "positions" in html or "局面" in html
    if ctx.lang == "ja":
        assert "ビルド時に総当たりで確認" in html and JAPANESE.search(html)
    full = sitegen.render("verify", {"id": "all"}, ctx)
    if ctx.lang == "ja":  # the engine reports its bounds and details in Japanese too
        for c in verify_report.checks(ctx.cache_dir):
            assert JAPANESE.search(c.bound.ja) and "positions" not in c.bound.ja, c.bound
            assert not c.detail.en or JAPANESE.search(c.detail.ja), c.detail
    assert full.count('<div class="admonition ') == len(verify_report.checks(ctx.cache_dir))
    assert 'class="admonition info"' in full  # the conjecture and the computed data


def test_theorems_list_the_engine_theorems(ctx):
    """The Chomp page's list of solved cases is the engine's: every theorem's condition, in
    the page's language, the two-column one among them."""
    html = sitegen.render("theorems", {"game": "chomp"}, ctx)
    cls = grundy.find_game("chomp")
    assert html.count("<li>") == len(cls.theorems) >= 5
    for t in cls.theorems:
        assert strings.notation(t.condition.get(ctx.lang)) in html
    assert ("at most two columns" if ctx.lang == "en" else "2 列以下") in html


def test_a_failing_theorem_fails_the_build(tmp_path, monkeypatch):
    failing = grundy.verify.Check("nim", grundy.Text("Nim", "ニム"), "fails",
                                  grundy.Text("1 position", "1 局面"), grundy.Text("broken", "壊れている"))
    monkeypatch.setattr(grundy.verify, "run", lambda *a, **k: [failing])
    with pytest.raises(sitegen.SitegenError, match="FAILS"):
        sitegen.render("verify", {"id": "nim"}, FakeCtx("en", tmp_path))


def test_a_render_starts_no_worker(tmp_path):
    """A directive rendered on a cache of its own starts none of the build's long
    computations (the build starts them: sitegen.prefetch). Two tests did so, and their
    process computed every proof again, minutes of CPU, and could not end before them
    (Playwright's pipe, inherited by the workers, held it 28 s in the last CI run)."""
    before = set(multiprocessing.active_children())
    sitegen.render("picture", {"game": "ryuoh", "pos": "4 3"}, FakeCtx("en", tmp_path))
    assert set(multiprocessing.active_children()) == before


def test_picture_caption_in_each_language(cache_dir):
    args = {"game": "chocolate", "k": "3", "pos": "10 5 5", "caption": "A bar", "caption_ja": "板"}
    en = sitegen.render("picture", args, FakeCtx("en", cache_dir))
    ja = sitegen.render("picture", args, FakeCtx("ja", cache_dir))
    assert "<svg" in en and "<figcaption>A bar</figcaption>" in en
    assert "<figcaption>板</figcaption>" in ja
    default = sitegen.render("picture", {"game": "ryuoh", "pos": "4 3"}, FakeCtx("ja", cache_dir))
    assert "龍王ニム" in default and "{4,\u00a03}" in default  # no-break space: never split


def test_widget_markup_and_static_fallback(ctx):
    html = sitegen.render("widget", {"type": "play", "game": "chocolate", "k": "3", "start": "10 5 5"}, ctx)
    div = re.search(r"<grundy-play class=\"grundy-widget\"([^>]*)>", html).group(1)
    attrs = dict(re.findall(r" data-([a-z]+)='([^']*)'", div))
    assert attrs["game"] == "chocolate" and attrs["start"] == "10 5 5"
    assert json.loads(attrs["params"].replace("&quot;", '"')) == {"k": 3}
    assert attrs["lang"] == ctx.lang
    assert "<svg" in html
    # a puzzle: the fallback names neither the outcome nor a winning move
    assert not re.search(r"[PN]-position|[PN] 局面|data-hint|winning", html)
    nim = sitegen.render("widget", {"type": "nimsum", "start": "3 5 6"}, ctx)
    assert "<code>011</code>" in nim and "<code>000</code>" in nim  # 3 ^ 5 ^ 6 = 0
    table = sitegen.render("widget", {"type": "table", "game": "ryuoh", "p": "4", "max": "6"}, ctx)
    assert "<grundy-table " in table and "<table>" in table
    cloud = sitegen.render("widget", {"type": "table", "game": "chocolate", "k": "2"}, ctx)
    assert "grundy-ppositions" in cloud  # three coordinates: the P-positions instead
    viewer = sitegen.render("widget", {"type": "pviewer", "game": "chocolate", "k": "3"}, ctx)
    assert "<img" in viewer and "data-params='{&quot;k&quot;: 3}'" in viewer


def test_widgets_first_drawing_is_the_engines(ctx):
    """The table, nim-sum and P-position widgets' first drawings are the engine's answers to
    the very requests the widgets send (scripts/sitegen/written.py), keyed as answers.js keys
    them; the controls' catalogue is the build-time one."""
    for args, request in [
        ({"type": "table", "game": "ryuoh", "p": "5"},
         {"op": "table", "game": "ryuoh", "params": {"p": 5}, "max": 20, "compare": "formula", "flat": True}),
        ({"type": "nimsum", "start": "3 5  6"}, {"op": "nimsum", "heaps": "3 5 6"}),
        ({"type": "pviewer", "game": "chocolate", "k": "2", "max": "16"}, {"op": "ppositions", "k": 2, "max": 16}),
    ]:
        html = sitegen.render("widget", args, ctx)
        attrs = dict(re.findall(r" data-([a-z]+)='([^']*)'", html.split(">", 2)[1]))
        assert ("catalogue" in attrs) == (args["type"] != "nimsum")
        written = json.loads(ctx.assets[attrs["answers"].removeprefix("../generated/")])["written"]
        request = {"lang": ctx.lang, **request}
        assert written == {canonical(request): webapi.handle(request)}
        if "max" in request:
            assert attrs["max"] == str(request["max"])


def test_exercise_checks_are_the_engines(ctx):
    """A find-move exercise checks answers from the engine's build-time answers: the state
    of its position, its explanation and the perfect reply after each of its moves."""
    html = sitegen.render("exercise", {"kind": "find-move", "game": "wythoff", "pos": "2 3"}, ctx)
    attrs = dict(re.findall(r' data-([a-z-]+)="([^"]*)"', html))
    written = json.loads(ctx.assets[attrs["answers"].removeprefix("../generated/")])["written"]
    base = {"lang": ctx.lang, "game": "wythoff", "params": {}, "misere": False}
    state = webapi.handle({**base, "op": "state", "pos": [2, 3]})
    assert written[canonical({**base, "op": "state", "pos": [2, 3]})] == state
    assert canonical({**base, "op": "explain", "pos": [2, 3]}) in written
    for move in state["moves"]:
        request = {**base, "op": "reply", "pos": move["to"]}
        assert written[canonical(request)] == webapi.handle(request)


@pytest.mark.parametrize("name, args", [
    ("nosuch", {}),
    ("table", {"game": "ryuoh", "bogus": "1"}),
    ("table", {"game": "nosuch"}),
    ("table", {"game": "ryuoh", "max": "many"}),
    ("table", {"game": "step", "f": "t", "source": "formula"}),
    ("picture", {"game": "chocolate", "k": "3", "pos": "1 5 1"}),
    ("figure", {"name": "nosuch"}),
    ("figure", {"name": "projection"}),
    ("verify", {"id": "nosuch"}),
    ("theorems", {"game": "nosuch"}),
    ("theorems", {"game": "chomp", "rows": "many"}),
    ("widget", {"type": "play", "game": "ryuoh"}),
])
def test_bad_directives_raise_one_line_errors(cache_dir, name, args):
    with pytest.raises(sitegen.SitegenError) as info:
        sitegen.render(name, args, FakeCtx("en", cache_dir))
    assert "\n" not in str(info.value)


def test_a_search_and_a_tables_outcomes_are_computed_once_for_both_languages(tmp_path, monkeypatch):
    """The discover directive's formula search and a pn-table's outcomes (the table's and
    its rules') are kept in the cache (cache.kept): the Japanese page reuses the English
    page's, and a later build both."""
    from sitegen import discover_markup, exercise_markup
    calls = {"search": 0, "outcome": 0}
    search, judge = discover_markup.search, exercise_markup.pn_judge

    def counted_search(*args, **kwargs):
        calls["search"] += 1
        return search(*args, **kwargs)

    def counted_judge(*args):
        inner, outcome = judge(*args)
        return inner, lambda p: (calls.__setitem__("outcome", calls["outcome"] + 1), outcome(p))[1]
    monkeypatch.setattr(discover_markup, "search", counted_search)
    monkeypatch.setattr(exercise_markup, "pn_judge", counted_judge)
    outputs = {}
    for lang in (*LANGS, "en"):
        ctx = FakeCtx(lang, tmp_path)
        outputs[lang] = [sitegen.render("discover", {"game": "chocolate", "k": "3", "max": "5", "target": "P"}, ctx),
                         sitegen.render("exercise", {"kind": "pn-table", "game": "nim", "heaps": "3", "max": "3",
                                                     "rules": "h1 ^ h2 ^ h3 == 0", "check": "5"}, ctx)]
    assert calls == {"search": 1, "outcome": 4 ** 3 + 6 ** 3}
    assert all("<code>x ^ y == z</code>" in found and "gx-P" in table for found, table in outputs.values())


def test_discover_directive(ctx):
    """The formula search at build time inside <grundy-discover>: the formula, the theorem,
    the guess's first counterexample (computed, as the engine's check gives it). With the
    Discover page's own arguments, whose searches and proofs the build has kept (others
    made a fresh clone's run search again: 40 s)."""
    html = sitegen.render("discover", {"game": "chocolate", "k": "5", "max": "7", "target": "P",
                                       "guess": "x ^ y ^ z == 0"}, ctx)
    attrs = dict(re.findall(r" data-([a-z]+)='([^']*)'", re.search(r"<grundy-discover([^>]*)>", html).group(1)))
    assert attrs["game"] == "chocolate" and attrs["target"] == "P" and attrs["max"] == "7"
    assert "{2,\u00a01,\u00a03}" in html  # the first counterexample of x ^ y ^ z == 0 for k = 5
    k3 = sitegen.render("discover", {"game": "chocolate", "k": "3", "max": "8", "target": "P",
                                     "guess": "x + y == z"}, ctx)
    assert ("<code>x ^ y == z</code>" in k3) and ("2.1" in k3)
    # the engine's answer only for who opens it (closed: out of the accessibility tree)
    assert k3.index('<details class="gw-engine-answer">') < k3.index("<code>x ^ y == z</code>") < k3.index("</details>")
    assert "<details open" not in k3
    # the table comes first: the P-positions the engine lists for k = 3 up to 8
    listed = re.findall(r"<tr><td>(\d+)</td><td>(\d+)</td><td>(\d+)</td><td class=\"gt-p\">P</td></tr>", k3)
    table = grundy.game("chocolate", k=3).table(8)
    assert sorted(tuple(map(int, row)) for row in listed) == sorted(table.p_positions())
    assert k3.index('class="gw-table-box"') < k3.index("<details")
    with pytest.raises(sitegen.SitegenError):
        sitegen.render("discover", {"game": "chocolate", "target": "Q"}, ctx)
    # the page's guess is shown as "an example of the syntax, not the answer": one that
    # holds on the table (k = 3: the theorem) is refused
    with pytest.raises(sitegen.SitegenError, match="holds on the table"):
        sitegen.render("discover", {"game": "chocolate", "k": "3", "max": "8", "target": "P",
                                    "guess": "x ^ y ^ z == 0"}, ctx)


@pytest.mark.parametrize("args, fixed", [({"game": "chomp", "rows": "2"}, {}), ({"game": "wythoff"}, {}),
                                         ({"game": "ryuoh", "p": "3"}, {}), ({"game": "nim", "heaps": "2"}, {}),
                                         ({"game": "step", "f": "t//2"}, {}), ({"game": "chocolate", "k": "3"}, {"y": "0"})])
def test_exercise_and_engine_tables_read_the_same_way(ctx, args, fixed):
    """A lesson's P/N exercise and the engine's table after it have the same coordinate
    down and the same across (Chomp: r0 down, as the lesson says; a board: y down)."""
    exercise = sitegen.render("exercise", {"kind": "pn-table", "max": "4", **args}, ctx)
    table = sitegen.render("table", {"max": "4", **args, **fixed}, ctx)
    assert grid_text(exercise)[0] == grid(table)[0]
    assert grid(table)[0] == {"chomp": "r0 \\ r1", "wythoff": "y \\ x", "ryuoh": "y \\ x", "nim": "h1 \\ h2",
                              "step": "y \\ z", "chocolate": "x \\ z"}[args["game"]]
