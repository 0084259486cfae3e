"""Generator `data`: data sets for research, computed at build time by the engine and
offered as CSV files (columns and bounds documented on docs/data.md), and the site's
computed-only claims checked to larger bounds with the numpy backend.

``data set=chocolate | step | ryuoh | chomp | checks | even``. Each set is computed once per engine
version (`cache.key`) in a worker process started at the build's start
(`prefetch`, called by sitegen.prefetch), so the pages render meanwhile, and kept in ``cache_dir/research/``.
"""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from html import escape
from pathlib import Path

import grundy

from . import cache
from .args import Args, position_text
from .markup import block, csv_text
from .strings import notation

CHOCOLATE_K, CHOCOLATE_MAX = range(1, 13), 128
# the functions f of the step-chocolate lesson and the verification report: five that satisfy
# the binary condition, five that do not
STEP_F = ("t//2", "t//4", "2**(ilog2(t)-1) if t >= 2 else 0", "3", "0",
          "t", "t//3", "(t+1)//2", "t//2 + 1", "min(t, 5)")
STEP_MAX = 128
RYUOH_P, RYUOH_MAX = range(1, 9), 64
CHECK_K, CHECK_MAX = (3, 5, 7, 9, 11, 13, 15), 256
EVEN_K, EVEN_MAX = range(2, 17, 2), 160
CHOMP_MAX, CHOMP_TABLE = 500, 30  # three-row P-positions to r0 <= 500; the table checks r0 <= 30

_PENDING: dict[Path, dict[str, Future]] = {}


# ---------------------------------------------------------------- computations (worker processes)

def _xor_zero(pos) -> bool:
    return pos[0] ^ pos[1] ^ pos[2] == 0


def compute_chocolate() -> tuple[dict, dict]:
    """P-positions of the triangular chocolate, k = 1..12, x, z <= 128, normal and misère."""
    normal, misere, rows = [], [], []
    for k in CHOCOLATE_K:
        t = grundy.game("chocolate", k=k).table(CHOCOLATE_MAX)
        pn, pm = sorted(t.p_positions()), sorted(t.misere_p_positions())
        normal += [(k, *p) for p in pn]
        misere += [(k, *p) for p in pm]
        xor_count = sum(1 for x in range(CHOCOLATE_MAX + 1) for z in range(CHOCOLATE_MAX + 1)
                        if x ^ z <= min(CHOCOLATE_MAX, (x + z) // k))
        only_n, only_m = sorted(set(pn) - set(pm)), sorted(set(pm) - set(pn))
        rows.append({"k": k, "positions": len(t), "normal": len(pn), "misere": len(pm),
                     "xor": all(map(_xor_zero, pn)) and len(pn) == xor_count,
                     "only_normal": only_n[:4], "only_misere": only_m[:4],
                     "differ": len(only_n) + len(only_m)})
    files = {"chocolate-p-normal.csv": csv_text(["k", "x", "y", "z"], normal),
             "chocolate-p-misere.csv": csv_text(["k", "x", "y", "z"], misere)}
    return files, {"rows": rows}


def compute_step() -> tuple[dict, dict]:
    """Grundy values of the step chocolates CB(f, y, z) for the site's functions f, z <= 128."""
    block_mask = (1 << max(1, STEP_MAX.bit_length())) - 1
    out, rows = [], []
    for f in STEP_F:
        g = grundy.game("step", f=f)
        t = g.table(STEP_MAX)
        out += [(f, y, z, v) for (y, z), v in sorted(t.items(), key=lambda item: item[0][::-1])]
        bad = [p for p, v in t.items() if v != p[0] ^ p[1]]
        rows.append({"f": f, "condition": g.f.satisfies_condition(block_mask), "positions": len(t),
                     "exceptions": len(bad), "first": min(bad, key=lambda p: (sum(p), p)) if bad else None})
    return {"step-grundy.csv": csv_text(["f", "y", "z", "grundy"], out)}, {"rows": rows}


def compute_ryuoh() -> tuple[dict, dict]:
    """Grundy values of generalized Ryuoh Nim, p = 1..8, x, y <= 64, against the formula."""
    out, rows = [], []
    for p in RYUOH_P:
        g = grundy.game("ryuoh", p=p)
        t = g.table(RYUOH_MAX)
        out += [(p, x, y, v) for (x, y), v in t.items()]
        bad = sum(1 for pos, v in t.items() if g.formula(pos).value != v)
        rows.append({"p": p, "positions": len(t), "max": t.max_value(), "exceptions": bad})
    return {"ryuoh-grundy.csv": csv_text(["p", "x", "y", "grundy"], out)}, {"rows": rows}


def compute_chomp() -> tuple[dict, dict]:
    """The P-positions of three-row Chomp with r0 <= CHOMP_MAX (grundy.games.chomp's
    three_row_p_positions), checked against the engine's table up to CHOMP_TABLE."""
    from grundy.games.chomp import three_row_p_positions

    found = three_row_p_positions(CHOMP_MAX)
    table = grundy.game("chomp", rows=3).table(CHOMP_TABLE)
    agree = [p for p in found if p[0] <= CHOMP_TABLE] == sorted(table.p_positions())
    rows = [{"max": CHOMP_MAX, "p": len(found), "table": CHOMP_TABLE, "positions": len(table),
             "agree": agree}]
    return {"chomp-3row-p.csv": csv_text(["r0", "r1", "r2"], found)}, {"rows": rows}


def _first_counterexample(t, k: int):
    """The first position (by x + y + z, then x, y, z) where 'P iff x ^ y ^ z = 0' fails."""
    for s in range(3 * CHECK_MAX + 1):
        for x in range(min(s, CHECK_MAX) + 1):
            for y in range(min(s - x, (x + CHECK_MAX) // k, CHECK_MAX) + 1):
                z = s - x - y
                if z <= CHECK_MAX and y <= (x + z) // k and (t[(x, y, z)] == 0) != _xor_zero((x, y, z)):
                    return (x, y, z)
    return None


def compute_checks() -> tuple[dict, dict]:
    """'P iff x ^ y ^ z = 0' for odd k = 3..15, every position with x, z <= 256 (numpy)."""
    import numpy as np

    rows = []
    for k in CHECK_K:
        t = grundy.game("chocolate", k=k).table(CHECK_MAX, backend="numpy")
        p_count = int(np.count_nonzero(np.asarray(t.values) == 0))
        xor_total = xor_p = 0
        for x in range(CHECK_MAX + 1):
            for z in range(CHECK_MAX + 1):
                y = x ^ z
                if y <= min(CHECK_MAX, (x + z) // k):
                    xor_total += 1
                    xor_p += t[(x, y, z)] == 0
        differ = p_count + xor_total - 2 * xor_p  # positions in exactly one of the two sets
        rows.append({"k": k, "positions": len(t), "p": p_count, "differ": differ,
                     "first": _first_counterexample(t, k) if differ else None})
    return {}, {"rows": rows}


def _first_failure_by_size(t, k: int, bound: int):
    """The first position, by max(x, z), then x + y + z, then x, y, z, where 'P iff
    x ^ y ^ z = 0' fails with x, z <= bound, or None."""
    for m in range(bound + 1):
        ring = [(x, y, z) for x in range(m + 1) for z in range(m + 1) if max(x, z) == m
                for y in range((x + z) // k + 1)]
        bad = [p for p in ring if (t[p] == 0) != _xor_zero(p)]
        if bad:
            return min(bad, key=lambda p: (sum(p), p))
    return None


def compute_even() -> tuple[dict, dict]:
    """'P iff x ^ y ^ z = 0' for even k = 2..16, x, z <= EVEN_MAX: how far it holds (numpy)."""
    import numpy as np

    rows = []
    for k in EVEN_K:
        t = grundy.game("chocolate", k=k).table(EVEN_MAX, backend="numpy")
        first = _first_failure_by_size(t, k, EVEN_MAX)
        rows.append({"k": k, "positions": len(t), "p": int(np.count_nonzero(np.asarray(t.values) == 0)),
                     "holds": max(first[0], first[2]) - 1 if first else EVEN_MAX, "first": first,
                     "nim_sum": first[0] ^ first[1] ^ first[2] if first else None,
                     "p_first": bool(first) and t[first] == 0})
    return {}, {"rows": rows}


JOBS = {"chocolate": compute_chocolate, "step": compute_step, "ryuoh": compute_ryuoh,
        "chomp": compute_chomp, "checks": compute_checks, "even": compute_even}


def _folder(cache_dir: Path, name: str) -> Path:
    return cache_dir / "research" / f"{name}-{cache.key('research', name)}"


def _run(name: str, folder: Path) -> None:
    """Compute data set `name` and store its files and summary in `folder`."""
    files, summary = JOBS[name]()
    for file, text in files.items():
        cache.store(folder / file, text)
    cache.store(folder / "summary.json", json.dumps({**summary, "files": list(files)}))


def prefetch(cache_dir: Path) -> None:
    """Start computing, in two worker processes, the data sets not on disk yet."""
    if cache_dir in _PENDING:
        return
    missing = [n for n in JOBS if not (_folder(cache_dir, n) / "summary.json").exists()]
    _PENDING[cache_dir] = {}
    if not missing:
        return
    pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork"))
    for name in missing:
        _PENDING[cache_dir][name] = pool.submit(_run, name, _folder(cache_dir, name))
    pool.shutdown(wait=False)  # the workers exit once the data sets are done


def load(cache_dir: Path, name: str) -> tuple[dict, dict[str, str]]:
    """(summary, {file name: CSV text}) of data set `name`, waiting for it if under way."""
    folder = _folder(cache_dir, name)
    pending = _PENDING.get(cache_dir, {}).pop(name, None)
    if pending is not None:
        pending.result()
    elif not (folder / "summary.json").exists():
        _run(name, folder)
    summary = json.loads((folder / "summary.json").read_text())
    return summary, {f: (folder / f).read_text(encoding="utf-8") for f in summary["files"]}


# ---------------------------------------------------------------- rendering

WORDS = {
    "en": {
        "yes": "yes", "no": "no", "holds": "holds", "none": "none",
        "chocolate": ("k", "positions", "P-positions (normal)", "P-positions (misère)",
                      "P iff x ⊕ y ⊕ z = 0", "positions where normal and misère differ"),
        "chocolate.caption": "The triangular chocolate y ≤ ⌊(x + z)/k⌋ for k = 1..12, every position "
                             "with x, z ≤ {max} (computed by the engine during the build).",
        "step": ("f(t)", "condition holds", "positions", "positions with G ≠ y ⊕ z", "first such position"),
        "step.caption": "Step chocolates CB(f, y, z): every position with z ≤ {max} (and y ≤ f(z)).",
        "ryuoh": ("p", "positions", "largest Grundy value", "positions where the formula differs"),
        "ryuoh.caption": "Generalized Ryuoh Nim: every square with x, y ≤ {max}, compared with "
                         "G(x, y) = (x + y) mod p + p(⌊x/p⌋ ⊕ ⌊y/p⌋).",
        "chomp": ("r0 up to", "P-positions", "checked against the table up to r0 =",
                  "positions of that table", "the same P-positions"),
        "chomp.caption": "Three-row Chomp {{r0, r1, r2}}: every P-position with r0 ≤ {max}, computed "
                         "during the build and checked against the engine's brute-force table.",
        "checks": ("k", "positions", "P-positions", "positions where the rule fails",
                   "first counterexample"),
        "checks.caption": "The rule “P-position iff x ⊕ y ⊕ z = 0” for odd k, checked on every "
                          "position with x, z ≤ {max} (numpy backend, during the build).",
        "even": ("k", "positions", "P-positions", "the rule holds for every x, z ≤",
                 "first failure", "its nim-sum", "its outcome"),
        "even.caption": "The rule “P-position iff x ⊕ y ⊕ z = 0” for even k, on every position with "
                        "x, z ≤ {max}: how far it holds, and the first position where it fails "
                        "(the smallest max(x, z), then the smallest x + y + z). Computed during the "
                        "build (numpy backend), not proved.",
        "file": "Download {file} ({rows} rows)",
        "misere.note": "For k = {ks}, normal and misère play have the same P-positions with x, z ≤ {max} "
                       "except {normal} (P-positions in normal play only) and {misere} "
                       "(P-positions in misère play only). Computed, not proved.",
    },
    "ja": {
        "yes": "はい", "no": "いいえ", "holds": "成り立つ", "none": "なし",
        "chocolate": ("k", "局面数", "P 局面 (正規形)", "P 局面 (ミゼール)",
                      "P ⇔ x ⊕ y ⊕ z = 0", "正規形とミゼールで異なる局面"),
        "chocolate.caption": "三角形のチョコレート y ≤ ⌊(x + z)/k⌋ (k = 1..12)、x, z ≤ {max} の"
                             "すべての局面 (ビルド時にエンジンで計算)。",
        "step": ("f(t)", "条件を満たす", "局面数", "G ≠ y ⊕ z となる局面", "最初のそのような局面"),
        "step.caption": "階段チョコレート CB(f, y, z): z ≤ {max} (かつ y ≤ f(z)) のすべての局面。",
        "ryuoh": ("p", "局面数", "最大のグランディ数", "式と異なる局面"),
        "ryuoh.caption": "一般化された龍王ニム: x, y ≤ {max} のすべてのマスを "
                         "G(x, y) = (x + y) mod p + p(⌊x/p⌋ ⊕ ⌊y/p⌋) と比べた。",
        "chomp": ("r0 の上限", "P 局面", "表で確かめた範囲 r0 ≤", "その表の局面数", "P 局面が一致"),
        "chomp.caption": "3 段のチョンプ {{r0, r1, r2}}: r0 ≤ {max} のすべての P 局面 (ビルド時に計算し、"
                         "エンジンの全数探索の表と照合)。",
        "checks": ("k", "局面数", "P 局面", "規則が成り立たない局面", "最初の反例"),
        "checks.caption": "奇数の k について、規則「P 局面 ⇔ x ⊕ y ⊕ z = 0」を x, z ≤ {max} の"
                          "すべての局面で確かめた (ビルド時に numpy で計算)。",
        "even": ("k", "局面数", "P 局面", "規則が成り立つ範囲 x, z ≤", "最初の反例", "そのニム和",
                 "P か N か"),
        "even.caption": "偶数の k について、規則「P 局面 ⇔ x ⊕ y ⊕ z = 0」を x, z ≤ {max} の"
                        "すべての局面で調べ、どこまで成り立つかと、最初に成り立たなくなる局面"
                        " (max(x, z) が最小、次に x + y + z が最小のもの) を示します。"
                        "ビルド時に numpy で計算した結果で、証明ではありません。",
        "file": "{file} をダウンロード ({rows} 行)",
        "misere.note": "k = {ks} では、x, z ≤ {max} の範囲で正規形とミゼールの P 局面は、"
                       "{normal} (正規形でだけ P 局面) と {misere} (ミゼールでだけ P 局面) を除いて"
                       "一致します。計算による観察で、証明ではありません。",
    },
}


def _table(head: tuple, rows: list[list]) -> str:
    th = "".join(f'<th scope="col">{escape(h)}</th>' for h in head)
    body = "\n".join("<tr>" + "".join(f"<td>{escape(str(v))}</td>" for v in row) + "</tr>" for row in rows)
    return f"<table>\n<thead><tr>{th}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>"


def _positions(items) -> str:
    return ", ".join(position_text(tuple(p)) for p in items)


def _misere_note(summary: dict, lang: str) -> str:
    """Which k have the same few differences between misère and normal play, and which."""
    groups: dict[tuple, list[str]] = {}
    for r in summary["rows"]:
        if 0 < r["differ"] <= len(r["only_normal"]) + len(r["only_misere"]):  # all of them listed
            key = (_positions(r["only_normal"]), _positions(r["only_misere"]))
            groups.setdefault(key, []).append(str(r["k"]))
    notes = [WORDS[lang]["misere.note"].format(ks=", ".join(ks), normal=normal, misere=misere,
                                               max=CHOCOLATE_MAX)
             for (normal, misere), ks in groups.items()]
    return "\n".join(f'<p class="grundy-legend">{escape(note)}</p>' for note in notes)


def _rows(name: str, summary: dict, lang: str) -> list[list]:
    w = WORDS[lang]
    yes = {True: w["yes"], False: w["no"]}
    n = lambda v: f"{v:,}"  # noqa: E731
    if name == "chocolate":
        return [[r["k"], n(r["positions"]), n(r["normal"]), n(r["misere"]), yes[r["xor"]], n(r["differ"])]
                for r in summary["rows"]]
    if name == "step":
        return [[notation(r["f"]), yes[r["condition"]], n(r["positions"]), n(r["exceptions"]),
                 position_text(tuple(r["first"])) if r["first"] else w["none"]] for r in summary["rows"]]
    if name == "ryuoh":
        return [[r["p"], n(r["positions"]), r["max"], n(r["exceptions"])] for r in summary["rows"]]
    if name == "chomp":
        return [[n(r["max"]), n(r["p"]), r["table"], n(r["positions"]), yes[r["agree"]]]
                for r in summary["rows"]]
    if name == "even":
        outcome = {True: "P", False: "N"}
        return [[r["k"], n(r["positions"]), n(r["p"]), r["holds"],
                 position_text(tuple(r["first"])) if r["first"] else w["none"],
                 r["nim_sum"] if r["first"] else "", outcome[r["p_first"]] if r["first"] else ""]
                for r in summary["rows"]]
    return [[r["k"], n(r["positions"]), n(r["p"]), n(r["differ"]),
             position_text(tuple(r["first"])) if r["first"] else w["holds"]] for r in summary["rows"]]


BOUNDS = {"chocolate": CHOCOLATE_MAX, "step": STEP_MAX, "ryuoh": RYUOH_MAX, "chomp": CHOMP_MAX,
          "checks": CHECK_MAX, "even": EVEN_MAX}


def data(args: dict[str, str], ctx) -> str:
    """Arguments: set= chocolate | step | ryuoh | chomp | checks | even (see the module docstring)."""
    a = Args("data", args)
    name = a.choice("set", tuple(JOBS))
    a.done()
    summary, files = load(ctx.cache_dir, name)
    w = WORDS[ctx.lang]
    links = []
    for file, text in files.items():
        url = ctx.asset(f"data/{file}", text)
        label = w["file"].format(file=file, rows=f"{text.count(chr(10)) - 1:,}")
        links.append(f'<p class="grundy-download"><a href="{escape(url)}" download>{escape(label)}</a></p>')
    note = _misere_note(summary, ctx.lang) if name == "chocolate" else ""
    return block(f"grundy-table grundy-data-{name}", _table(w[name], _rows(name, summary, ctx.lang)),
                 note, *links, caption=w[f"{name}.caption"].format(max=BOUNDS[name]),
                 attrs=f' data-set="{name}" data-bound="{BOUNDS[name]}"')
