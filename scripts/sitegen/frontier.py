"""Generator `frontier`: the frontier pages' numbers, data files and plots.

Two sources, never typed: the build's own runs of `grundy.frontier` at moderate bounds
(seconds; cached on disk by the engine's code, `cache.key`), and the record of the big runs
(`frontier_runs.json` beside this file, written by scripts/frontier_runs.py with each run's
manifest: bound, count, time, machine, date, command, checksums).

    frontier what=ours problem=chomp3 | chocolate [family=even | odd]   the build's and big runs
    frontier what=files problem=chomp3 | chocolate [family=...]  the build's data files
    frontier what=columns                             three-row Chomp: the columns r2
    frontier what=nimsum [family=...]                 the chocolates against x ⊕ y ⊕ z = 0
    frontier what=rectangles                          the 3 x n rectangles' winning bites
    frontier what=release                             the big runs' files and checksums
    frontier what=plan                                the work model's costs of larger runs
    frontier what=speedup                             the sweep on 1 and 2 workers (measured)
    frontier what=plot name=gaps | slopes | projection | nimsum [k=K]
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from functools import cache as memo
from html import escape
from pathlib import Path

from grundy.budget import CLI, amount, seconds_for
from grundy.frontier import data as frontier_data
from grundy.frontier.problems import PROBLEMS

from . import cache
from .args import Args, position_text
from .markup import block, figure
from .strings import notation
from . import svgplot
from .svgplot import COLOURS, Plot

BUILD = {"chomp3": 2000, "chocolate": 500}  # the build's bounds (a few seconds each)
FAMILIES = {"even": (2, 4, 6, 8), "odd": (5, 9, 13)}  # even k; k = 1 (mod 4)
KS = FAMILIES["even"] + FAMILIES["odd"]
SECONDS = 120                               # the build's runs' time limit
RUNS = Path(__file__).with_name("frontier_runs.json")
WEDGE_FROM = 20                             # the projection's alt text: |z - x| / y from this y
GAP = 0.1                                   # ... and it speaks of a gap when |z - x| >= GAP y there
GAP_COLUMNS = (40, 120, 250, 400)           # the gaps plot: the first open column from each
SLOPE_FROM = 50    # the slopes' ratios are given from this r2 on
PERIODS = 3                                 # a column looks periodic: its last 3 periods repeat


def _params(problem: str, k: int | None) -> dict:
    return {"k": k} if problem == "chocolate" else {}


def run(problem: str, k: int | None, cache_dir: Path) -> tuple[dict, Path]:
    """(manifest, folder) of the build's run of `problem` (and k), computed once per engine."""
    params, limit = _params(problem, k), BUILD[problem]
    folder = cache_dir / "frontier" / cache.key("frontier", problem, params, limit)
    stem = PROBLEMS[problem].stem(params, limit)
    manifest = folder / f"{stem}.json"
    if not manifest.exists():  # its own process: the manifest's time and memory are the run's
        subprocess.run([sys.executable, "-m", "grundy", "frontier", problem,
                        *(f"--{name}={value}" for name, value in params.items()),
                        f"--max={limit}", f"--out={folder}", f"--seconds={SECONDS}"],
                       check=True, capture_output=True)
    return json.loads(manifest.read_text(encoding="utf-8")), folder


@memo
def positions(problem: str, k: int | None, cache_dir: Path) -> list[tuple[int, int, int]]:
    """The P-positions of the build's run, read back from its binary file."""
    manifest, folder = run(problem, k, cache_dir)
    return list(frontier_data.read_u32(folder / f"{PROBLEMS[problem].stem(_params(problem, k), manifest['max'])}.u32.gz"))


def big_runs() -> dict:
    """The record of the big runs ({"sweep": {...}, "runs": [manifest, ...]}) and of the
    sweep's speed-up ("speedup"), each missing until its script has run."""
    record = json.loads(RUNS.read_text(encoding="utf-8")) if RUNS.exists() else {}
    return {"sweep": None, "runs": [], **record}


# ---------------------------------------------------------------- what the data show

@memo
def columns(cache_dir: Path) -> dict:
    """Three-row Chomp by columns r2: which have a P-position {j, j, r2} (then no r1 > j has
    one: "closed"), and for the open ones with enough data, the eventual period of r0 - r1."""
    limit = BUILD["chomp3"]
    gaps: dict[int, dict[int, int]] = {}
    closed = set()
    for a, b, c in positions("chomp3", None, cache_dir):
        gaps.setdefault(c, {})[b] = a - b
        if a == b:
            closed.add(c)
    open_ = sorted(c for c in gaps if c not in closed and c <= limit)
    studied = [c for c in open_ if c <= limit // 5]
    periods = {c: eventual_period([gaps[c][b] for b in sorted(gaps[c])]) for c in studied}
    return {"limit": limit, "open": open_, "closed": len(closed), "studied": studied,
            "empty": sum(1 for c in range(limit + 1) if c not in gaps),
            "periods": periods, "gaps": {c: gaps[c] for c in open_},
            "last": {c: gaps[c][max(gaps[c])] for c in studied}}


def eventual_period(seq: list[int]) -> tuple[int, int] | None:
    """(p, s): the least p such that seq[i] = seq[i + p] for every i >= s, with at least
    PERIODS periods after s (the smallest such s), or None."""
    n = len(seq)
    for p in range(1, n // (PERIODS + 1) + 1):
        s = n - p
        while s > 0 and seq[s - 1] == seq[s - 1 + p]:
            s -= 1
        if n - s >= (PERIODS + 1) * p:
            return p, s
    return None


@memo
def nimsum(k: int, cache_dir: Path) -> dict:
    """The chocolate k's P-positions against x ⊕ y ⊕ z = 0: how many, how many not, the first."""
    found = positions("chocolate", k, cache_dir)
    other = [p for p in found if p[0] ^ p[1] ^ p[2]]
    return {"count": len(found), "other": len(other),
            "first": min(other, key=lambda p: (sum(p), p)) if other else None}


# ---------------------------------------------------------------- rendering

WORDS = {
    "en": {
        "ours": ("", "bound", "P-positions", "time", "CPU time", "peak memory", "machine",
                 "date", "command"),
        "ours.k": ("k", "bound", "P-positions (this build)", "time (CPU time)", "bound",
                   "P-positions (big run)", "time (CPU time)"),
        "build": "this build", "big": "big run (release files)", "field": ("", "value"),
        "ours.caption": "Computed by the engine: this build's run, and the big run (its files: "
                        "the frontier page, Data).", "made": "Made by",
        "ours.k.caption": "The triangular chocolates: this build's runs ({machine}) and the big "
                          "runs ({big}).",
        "none": "not run yet",
        "seconds": "{s:,} s", "mb": "{mb:,} MB",
        "files.caption": "This build's data files, to download (their manifests, .json, "
                         "give the content's SHA-256 and the command).",
        "columns": ("columns r2 ≤ {limit:,}", "open (no P-position {{j, j, r2}} with j ≤ {limit:,})",
                    "closed", "no P-position with r0 ≤ {limit:,}",
                    "open columns r2 ≤ {studied:,} studied",
                    "r0 − r1 looks periodic (period 1)", "period > 1 (r2: period)",
                    "not periodic within the bound"),
        "columns.caption": "Three-row Chomp, r0 ≤ {limit:,} (this build): in a closed column "
                           "r2 no r1 beyond the P-position {{j, j, r2}} has a P-position; in an "
                           "open one, r0 − r1 is shown as periodic when its last {periods} "
                           "periods repeat. Computed, not proved.",
        "nimsum": ("k", "P-positions", "with x ⊕ y ⊕ z ≠ 0", "share", "the first such"),
        "nimsum.caption": "The triangular chocolates, x, z ≤ {limit:,} (this build): the "
                          "P-positions that break the rule of k = 3 (the first: the least x + y + z).",
        "gaps.alt": "r0 − r1 against r1 for the columns r2 = {cols} of three-row Chomp, r0 ≤ "
                    "{limit:,}: irregular at first, then periodic ({periods}).",
        "period": "r2 = {c}: period {p} from r1 = {s}",
        "gaps.caption": "Three-row Chomp: r0 − r1 of the P-position against r1, for fixed r2 "
                        "(r0 ≤ {limit:,}, this build).",
        "slopes.alt": "The last value of r0 − r1 against r2 for the {n:,} open columns r2 ≤ "
                      "{studied:,}: for r2 ≥ {from_} it is between {lo:.3f} r2 and {hi:.3f} r2.",
        "slopes.caption": "Three-row Chomp: the last value of r0 − r1 in each open column "
                          "r2 (r0 ≤ {limit:,}).",
        "projection.alt": "The {count:,} P-positions of the chocolate k = {k} with x, z ≤ "
                          "{limit:,}, drawn at (y, (z − x)/√2){shape}",
        "wedges": ": {mirror}two wedges opening from the origin, one above the line z = x "
                  "and one below; for y ≥ {from_}, |z − x| is between {lo:.2f} y and "
                  "{hi:.2f} y, so away from the origin the line z = x lies in an empty gap "
                  "that widens with y.",
        "spread": ": {mirror}for y ≥ {from_}, |z − x| is between {lo:.2f} y and {hi:.2f} y.",
        "plain": ".",
        "mirror": "symmetric about the line z = x (swapping x and z); ",
        "projection.caption": "The chocolate y ≤ ⌊(x + z)/{k}⌋: P-positions with x, z ≤ "
                              "{limit:,} under the projection (x, y, z) ↦ (y, (z − x)/√2) of "
                              "[M2012] (this build).",
        "nimsum.alt": "The {other:,} P-positions of the chocolate k = {k} with x, z ≤ {limit:,} "
                      "and x ⊕ y ⊕ z ≠ 0 (of {all:,}), drawn at (y, (z − x)/√2){shape}",
        "gasket": ": {mirror}triangles nested in triangles, like the Sierpinski gasket, inside "
                  "a wedge from the origin.",
        "nimsum.plot.caption": "The chocolate k = {k}: where the rule of k = 3 fails, the "
                               "P-positions with x ⊕ y ⊕ z ≠ 0 (x, z ≤ {limit:,}, this build), "
                               "under the same projection.",
        "plan": ("computation", "bound", "steps", "hours on one core", "memory (GB)",
                 "hours on {workers} bands", "memory per band (GB)"),
        "plan.caption": "What larger runs would cost, by the engine's work model (steps of about "
                        "{step:.2f} µs of CPython on this machine), on one core and split "
                        "into {workers} bands run as a pipeline (see the plan above). Estimates, "
                        "not measurements.",
        "speedup": ("workers", "wall time (s)", "speed-up", "CPU time of the jobs (s)",
                    "load average (start / end)"),
        "speedup.caption": "A sweep of {jobs} jobs on {machine}, {date}: the same jobs with 1 and "
                           "2 local worker processes.",
        "rectangles": ("rectangles 3 × n", "rectangles by their number of winning opening moves",
                       "bites in row 0", "bites in row 1", "bites in row 2"),
        "rectangles.caption": "The winning opening moves of the 3 × n rectangles, from this "
                              "build's P-positions (r0 ≤ {limit:,}): how many rectangles have "
                              "1, 2, ... winning moves, and in which row the square eaten lies "
                              "(row 0 holds the poison).",
        "release": ("file", "size", "SHA-256 of the file", "SHA-256 of its content"),
        "release.caption": "The big runs' files, release assets of the repository (made on "
                           "{machine}, {date}).",
    },
    "ja": {
        "ours": ("", "範囲", "P 局面", "時間", "CPU 時間", "最大メモリ", "マシン", "日付",
                 "コマンド"),
        "ours.k": ("k", "範囲", "P 局面 (このビルド)", "時間 (CPU 時間)", "範囲", "P 局面 (大きな計算)",
                   "時間 (CPU 時間)"),
        "build": "このビルド", "big": "大きな計算 (リリースのファイル)", "field": ("", "値"),
        "ours.caption": "エンジンで計算: このビルドの計算と大きな計算 (ファイルは最前線のページの"
                        "「データ」)。", "made": "作成したコマンド:",
        "ours.k.caption": "三角形のチョコレート: このビルドの計算 ({machine}) と大きな計算 ({big})。",
        "none": "まだ計算していません",
        "seconds": "{s:,} 秒", "mb": "{mb:,} MB",
        "files.caption": "このビルドのデータファイル (ダウンロードできます。マニフェスト .json に"
                         "中身の SHA-256 とコマンドがあります)。",
        "columns": ("列 r2 ≤ {limit:,}", "開いた列 (j ≤ {limit:,} の P 局面 {{j, j, r2}} がない)", "閉じた列",
                    "r0 ≤ {limit:,} の P 局面がない列", "調べた開いた列 r2 ≤ {studied:,}", "r0 − r1 が周期的に見える (周期 1)",
                    "周期 > 1 (r2: 周期)", "範囲内では周期的でない"),
        "columns.caption": "3 段のチョンプ、r0 ≤ {limit:,} (このビルド): 閉じた列 r2 では P 局面 "
                           "{{j, j, r2}} より大きい r1 に P 局面はありません。開いた列では、最後の "
                           "{periods} 周期がくり返すとき r0 − r1 を周期的とします。計算による観察で、"
                           "証明ではありません。",
        "nimsum": ("k", "P 局面", "x ⊕ y ⊕ z ≠ 0 のもの", "割合", "最初のもの"),
        "nimsum.caption": "三角形のチョコレート、x, z ≤ {limit:,} (このビルド): k = 3 の規則に"
                          "合わない P 局面 (最初のもの: x + y + z が最小のもの)。",
        "gaps.alt": "3 段のチョンプ (r0 ≤ {limit:,}) の列 r2 = {cols} での、r1 に対する r0 − r1。"
                    "はじめは不規則で、そのあと周期的 ({periods})。",
        "period": "r2 = {c}: r1 = {s} から周期 {p}",
        "gaps.caption": "3 段のチョンプ: r2 を固定したときの、r1 に対する P 局面の r0 − r1 "
                        "(r0 ≤ {limit:,}、このビルド)。",
        "slopes.alt": "r2 ≤ {studied:,} の開いた列 {n:,} 本での r0 − r1 の最後の値と r2: "
                      "r2 ≥ {from_} では {lo:.3f} r2 と {hi:.3f} r2 のあいだ。",
        "slopes.caption": "3 段のチョンプ: 開いた列 r2 ごとの r0 − r1 の最後の値 (r0 ≤ {limit:,})。",
        "projection.alt": "k = {k} のチョコレートの x, z ≤ {limit:,} の P 局面 {count:,} 個を "
                          "(y, (z − x)/√2) に描いた図。{shape}",
        "wedges": "{mirror}原点から開く 2 つのくさび形が直線 z = x の上と下にあります。"
                  "y ≥ {from_} では |z − x| は {lo:.2f} y と {hi:.2f} y のあいだなので、原点から"
                  "離れると、直線 z = x は y とともに広がる点のないすきまの中にあります。",
        "spread": "{mirror}y ≥ {from_} では |z − x| は {lo:.2f} y と {hi:.2f} y のあいだです。",
        "plain": "",
        "mirror": "直線 z = x について対称 (x と z の入れ替え) です。",
        "projection.caption": "チョコレート y ≤ ⌊(x + z)/{k}⌋: x, z ≤ {limit:,} の P 局面を "
                              "[M2012] の射影 (x, y, z) ↦ (y, (z − x)/√2) で描いた図 (このビルド)。",
        "nimsum.alt": "k = {k} のチョコレートの x, z ≤ {limit:,} の P 局面 {all:,} 個のうち "
                      "x ⊕ y ⊕ z ≠ 0 のもの {other:,} 個を (y, (z − x)/√2) に描いた図。{shape}",
        "gasket": "{mirror}三角形の中に三角形が入れ子になった、シュルピンスキー図形のような形が、"
                  "原点から開くくさび形の中にあります。",
        "nimsum.plot.caption": "k = {k} のチョコレート: k = 3 の規則が成り立たないところ、つまり "
                               "x ⊕ y ⊕ z ≠ 0 の P 局面 (x, z ≤ {limit:,}、このビルド) を同じ射影で"
                               "描いた図。",
        "plan": ("計算", "範囲", "ステップ", "1 コアでの所要時間 (時間)", "メモリ (GB)",
                 "{workers} 区間での所要時間 (時間)", "1 区間あたりのメモリ (GB)"),
        "plan.caption": "もっと大きな計算にかかる費用を、エンジンの作業モデル (1 ステップはこの"
                        "マシンの CPython で約 {step:.2f} µs) で見積もったもの。1 コアの"
                        "場合と、{workers} 個の区間に分けてパイプラインで流す場合 (上の計画)。"
                        "測定ではなく見積もりです。",
        "speedup": ("ワーカー", "経過時間 (秒)", "速度向上", "ジョブの CPU 時間 (秒)",
                    "ロードアベレージ (開始 / 終了)"),
        "speedup.caption": "{jobs} 個のジョブのスイープを {machine} で実行 ({date}): "
                           "同じジョブをローカルのワーカープロセス 1 個と 2 個で。",
        "rectangles": ("3 × n の長方形", "勝つ初手の数ごとの長方形の数", "0 段目を食べる手",
                       "1 段目を食べる手", "2 段目を食べる手"),
        "rectangles.caption": "3 × n の長方形の勝つ初手を、このビルドの P 局面 (r0 ≤ {limit:,}) "
                              "から数えたもの: 勝つ手が 1, 2, ... 個ある長方形の数と、食べるマスが"
                              "何段目にあるか (0 段目に毒があります)。",
        "release": ("ファイル", "大きさ", "ファイルの SHA-256", "中身の SHA-256"),
        "release.caption": "大きな計算のファイル。リポジトリのリリースに置いています "
                           "({machine}、{date})。",
    },
}


class Code(str):
    """A table cell shown as code (a command line)."""


def _cell(value) -> str:
    return f"<code>{escape(value)}</code>" if isinstance(value, Code) else escape(str(value))


def _made(w: dict, command: str) -> str:
    """A line saying which command made a table's numbers."""
    return f'<p class="grundy-legend">{escape(w["made"])} <code>{escape(command)}</code></p>'


def _table(head, rows) -> str:
    th = "".join(f'<th scope="col">{escape(str(h))}</th>' for h in head)
    body = "\n".join("<tr>" + "".join(f"<td>{_cell(v)}</td>" for v in row) + "</tr>"
                     for row in rows)
    return f"<table>\n<thead><tr>{th}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>"


def _size(n: int) -> str:
    return f"{n / 1e6:,.1f} MB" if n >= 1e6 else f"{n / 1e3:,.0f} kB"


def _bound(problem: str, limit: int, lang: str) -> str:
    return notation(PROBLEMS[problem].bound.get(lang).format(max=f"{limit:,}"))


def _ours(problem: str, ks: tuple[int, ...], ctx) -> str:
    w = WORDS[ctx.lang]
    big = {(r["problem"], r["params"].get("k")): r for r in big_runs()["runs"]}
    sec = lambda m: w["seconds"].format(s=m["seconds"])  # noqa: E731
    cpu = lambda m: w["seconds"].format(s=m.get("cpu_seconds", "?"))  # noqa: E731
    if problem == "chomp3":
        runs = [run("chomp3", None, ctx.cache_dir)[0], big.get(("chomp3", None))]
        values = [[_bound("chomp3", m["max"], ctx.lang), f"{m['count']:,}", sec(m),
                   cpu(m), w["mb"].format(mb=m["peak_mb"]),
                   m["machine"], m["date"], Code(m["command"])] if m else [w["none"]] + [""] * 7
                  for m in runs]
        rows = [[name, *column] for name, *column in zip(w["ours"][1:], *values)]
        return block("grundy-table grundy-frontier",
                     _table((w["ours"][0], w["build"], w["big"]), rows), caption=w["ours.caption"])
    rows, machine = [], ""
    for k in ks:
        m = run("chocolate", k, ctx.cache_dir)[0]
        machine = m["machine"]
        b = big.get(("chocolate", k))
        rows.append([k, _bound("chocolate", m["max"], ctx.lang), f"{m['count']:,}",
                     f"{sec(m)} ({cpu(m)})",
                     *([_bound("chocolate", b["max"], ctx.lang), f"{b['count']:,}",
                        f"{sec(b)} ({cpu(b)})"] if b
                       else [w["none"], "", ""])])
    sweep = big_runs()["sweep"]
    where = f"{sweep['machine']}, {sweep['date']}" if sweep else w["none"]
    return block("grundy-table grundy-frontier", _table(w["ours.k"], rows),
                 caption=w["ours.k.caption"].format(machine=machine, big=where))


def _files(problem: str, ks: tuple[int, ...], ctx) -> str:
    """This build's files as a table: a download link, the size and the SHA-256 of each."""
    w, rows = WORDS[ctx.lang], []
    for k in (ks if problem == "chocolate" else (None,)):
        manifest, folder = run(problem, k, ctx.cache_dir)
        stem = PROBLEMS[problem].stem(_params(problem, k), manifest["max"])
        sums = {name: f["sha256"] for name, f in manifest["files"].items()}
        for name in [*manifest["files"], f"{stem}.json"]:
            payload = (folder / name).read_bytes()
            url = ctx.asset(f"frontier/{name}", payload)
            rows.append((f'<a href="{escape(url)}" download>{escape(name)}</a>',
                         _size(len(payload)), sums.get(name, "")))
    th = "".join(f'<th scope="col">{escape(h)}</th>' for h in w["release"][:3])
    body = "\n".join(f"<tr><td>{link}</td><td>{size}</td><td>{escape(sha)}</td></tr>"
                     for link, size, sha in rows)
    return block("grundy-table grundy-download grundy-frontier-files",
                 f"<table>\n<thead><tr>{th}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>",
                 caption=w["files.caption"])


def _columns(ctx) -> str:
    w, c = WORDS[ctx.lang], columns(ctx.cache_dir)
    periodic = [s for s in c["studied"] if c["periods"][s] and c["periods"][s][0] == 1]
    longer = [f"{s}: {c['periods'][s][0]}" for s in c["studied"]
              if c["periods"][s] and c["periods"][s][0] > 1]
    none = [s for s in c["studied"] if not c["periods"][s]]
    head = [h.format(limit=c["limit"], studied=c["limit"] // 5) for h in w["columns"]]
    values = [f"{c['limit'] + 1:,}", f"{len(c['open']):,}", f"{c['closed']:,}", f"{c['empty']:,}",
              f"{len(c['studied']):,}", f"{len(periodic):,}", ", ".join(longer) or "0",
              ", ".join(map(str, none)) or "0"]
    return block("grundy-table grundy-frontier", _table(w["field"], list(zip(head, values))),
                 caption=w["columns.caption"].format(limit=c["limit"], periods=PERIODS))


def _nimsum(ks: tuple[int, ...], ctx) -> str:
    w = WORDS[ctx.lang]
    rows = []
    for k in ks:
        s = nimsum(k, ctx.cache_dir)
        rows.append([k, f"{s['count']:,}", f"{s['other']:,}", f"{s['other'] / s['count']:.1%}",
                     position_text(s["first"]) if s["first"] else "—"])
    return block("grundy-table grundy-frontier", _table(w["nimsum"], rows),
                 caption=w["nimsum.caption"].format(limit=BUILD["chocolate"]))


@memo
def rectangles(cache_dir: Path) -> dict:
    """The winning opening moves of the 3 x n rectangles, n = 2..bound: the bites that leave a
    P-position, by the row of the square eaten (0: {j, j, j}; 1: {n, j, j}; 2: {n, n, j})."""
    found = set(positions("chomp3", None, cache_dir))
    limit, rows, counts = BUILD["chomp3"], [0, 0, 0], {}
    for n in range(2, limit + 1):
        moves = [row for j in range(1, n) for row, p in
                 enumerate(((j, j, j), (n, j, j), (n, n, j))) if p in found] \
            + [2] * ((n, n, 0) in found)
        counts[len(moves)] = counts.get(len(moves), 0) + 1
        for row in moves:
            rows[row] += 1
    return {"limit": limit, "counts": counts, "rows": rows}


def _rectangles(ctx) -> str:
    w, r = WORDS[ctx.lang], rectangles(ctx.cache_dir)
    values = [f"2 ≤ n ≤ {r['limit']:,}",
              ", ".join(f"{m}: {c:,}" for m, c in sorted(r["counts"].items())),
              *(f"{v:,}" for v in r["rows"])]
    return block("grundy-table grundy-frontier", _table(w["field"], list(zip(w["rectangles"], values))),
                 caption=w["rectangles.caption"].format(limit=r["limit"]))


def _release(ctx) -> str:
    """The big runs' files (release assets): name, size, SHA-256, from their record."""
    w, rows = WORDS[ctx.lang], []
    for m in big_runs()["runs"]:
        rows += [[name, _size(f["bytes"]), f["sha256"], f.get("content_sha256", "")]
                 for name, f in m["files"].items()]
    if not rows:
        return block("grundy-frontier", f"<p>{escape(w['none'])}</p>")
    sweep = big_runs()["sweep"]
    return block("grundy-table grundy-frontier", _table(w["release"], rows),
                 _made(w, sweep["command"]), caption=w["release.caption"].format(**sweep))


PLAN = (("chomp3", None, (20_000, 100_000, 1_000_000)), ("chocolate", 2, (10_000, 100_000)),
        ("chocolate", 13, (10_000, 100_000)))
WORKERS = 64  # the cluster of the plan


def _hours(h: float) -> str:
    """Hours with two significant decimals below 10."""
    return f"{h:,.1f}" if h >= 10 else f"{h:.2g}"


def _plan(ctx) -> str:
    """The work model's cost of larger runs: one core, and a pipeline of WORKERS bands."""
    w, rows = WORDS[ctx.lang], []
    for problem, k, bounds in PLAN:
        p, params = PROBLEMS[problem], _params(problem, k)
        for limit in bounds:
            steps, memory = p.cost(params, limit)
            hours = seconds_for(steps) / 3600
            rows.append([notation(p.title.get(ctx.lang).format(**params)),
                         _bound(problem, limit, ctx.lang), amount(steps), _hours(hours),
                         f"{memory / 1e9:,.2f}", _hours(hours / WORKERS),
                         f"{memory / WORKERS / 1e9:,.3f}"])
    head = [h.format(workers=WORKERS) for h in w["plan"]]
    return block("grundy-table grundy-frontier", _table(head, rows),
                 caption=w["plan.caption"].format(workers=WORKERS,
                                                  step=1e6 / (CLI.steps // CLI.seconds)))


def _speedup(ctx) -> str:
    """The sweep measured with 1 and 2 workers (scripts/bench_sweep.py's record)."""
    w, record = WORDS[ctx.lang], big_runs().get("speedup")
    if not record:
        return block("grundy-frontier", f"<p>{escape(w['none'])}</p>")
    rows = [[r["workers"], f"{r['seconds']:,.1f}",
             f"{record['runs'][0]['seconds'] / r['seconds']:.2f}", f"{r['cpu']:,.1f}",
             f"{r['load'][0]:.1f} / {r['load'][1]:.1f}"] for r in record["runs"]]
    return block("grundy-table grundy-frontier", _table(w["speedup"], rows),
                 _made(w, record["command"]), caption=w["speedup.caption"].format(**record))


def _plot(name: str, k: int | None, ctx) -> tuple[str, str, str]:
    """(svg, alt, caption) of one plot."""
    w, limit = WORDS[ctx.lang], BUILD["chomp3"]
    if name == "gaps":
        c = columns(ctx.cache_dir)
        cols = [next(s for s in c["open"] if s >= t) for t in GAP_COLUMNS]
        top = max(max(c["gaps"][s].values()) for s in cols)
        plot = Plot((0, limit), (0, top * 1.05), "r1", "r0 − r1", "three-row Chomp")
        for s, colour in zip(cols, COLOURS):
            plot.steps(list(c["gaps"][s].items()), colour, f"r2 = {s}")
        periods = [w["period"].format(c=s, p=c["periods"][s][0],
                                      s=sorted(c["gaps"][s])[c["periods"][s][1]])
                   for s in cols if s in c["periods"] and c["periods"][s]]
        fields = {"cols": ", ".join(map(str, cols)), "limit": limit, "periods": "; ".join(periods)}
        return plot.svg(), w["gaps.alt"].format(**fields), w["gaps.caption"].format(**fields)
    if name == "slopes":
        c = columns(ctx.cache_dir)
        points = list(c["last"].items())
        plot = Plot((0, limit // 5), (0, max(v for _, v in points) * 1.05), "r2",
                    "r0 − r1 (last)", "three-row Chomp")
        plot.dots(points, COLOURS[0], size=3)
        ratios = [v / r2 for r2, v in points if r2 >= SLOPE_FROM]
        fields = {"n": len(points), "studied": limit // 5, "limit": limit, "from_": SLOPE_FROM,
                  "lo": min(ratios), "hi": max(ratios)}
        return plot.svg(), w["slopes.alt"].format(**fields), w["slopes.caption"].format(**fields)
    found = positions("chocolate", k, ctx.cache_dir)
    limit = BUILD["chocolate"]
    cloud = [(y, (z - x) / math.sqrt(2), x ^ y ^ z) for x, y, z in found]
    ys = [p[1] for p in cloud]
    plot = Plot((0, max(p[0] for p in cloud)), (min(ys), max(ys)), "y", "(z − x) / √2",
                f"chocolate k = {k}")
    mirror = w["mirror"] if set(found) == {(z, y, x) for x, y, z in found} else ""
    if name == "projection":
        plot.dots([p[:2] for p in cloud], COLOURS[0])
        ratios = [abs(z - x) / y for x, y, z in found if y >= WEDGE_FROM]
        fields = {"k": k, "limit": limit, "count": len(cloud), "mirror": mirror,
                  "from_": WEDGE_FROM, "lo": min(ratios, default=0), "hi": max(ratios, default=0)}
        # the shape in words only where the numbers show it: a gap around z = x for the
        # even k; the odd k's P-positions come near that line
        shape = "plain" if not ratios else "wedges" if fields["lo"] >= GAP else "spread"
        fields["shape"] = w[shape].format(**fields)
        return plot.svg(), w["projection.alt"].format(**fields), \
            w["projection.caption"].format(**fields)
    other = [p[:2] for p in cloud if p[2]]
    plot.dots(other, COLOURS[1])
    fields = {"k": k, "limit": limit, "all": len(cloud), "other": len(other), "mirror": mirror}
    # the gasket is what the pictures of k = 5, 9, 13 (x, z <= 500) show, seen, not computed;
    # for other k the alt text says no shape
    fields["shape"] = w["gasket" if k in FAMILIES["odd"] else "plain"].format(**fields)
    return plot.svg(), w["nimsum.alt"].format(**fields), w["nimsum.plot.caption"].format(**fields)


def frontier(args: dict[str, str], ctx) -> str:
    """Arguments: what= ours | files (problem= chomp3 | chocolate, family= even | odd) |
    columns | nimsum (family=) | rectangles | release | plan | speedup | plot (name= gaps | slopes | projection |
    nimsum, k= for the last two)."""
    a = Args("frontier", args)
    what = a.choice("what", ("ours", "files", "columns", "nimsum", "rectangles", "release",
                             "plan", "speedup", "plot"))
    ks = FAMILIES[a.choice("family", tuple(FAMILIES))] if what in ("ours", "files", "nimsum") \
        and a.has("family") else KS
    if what in ("ours", "files"):
        problem = a.choice("problem", tuple(PROBLEMS))
        a.done()
        return (_ours if what == "ours" else _files)(problem, ks, ctx)
    if what != "plot":
        a.done()
        return {"columns": lambda: _columns(ctx), "nimsum": lambda: _nimsum(ks, ctx),
                "rectangles": lambda: _rectangles(ctx), "release": lambda: _release(ctx),
                "plan": lambda: _plan(ctx), "speedup": lambda: _speedup(ctx)}[what]()
    name = a.choice("name", ("gaps", "slopes", "projection", "nimsum"))
    k = a.integer("k", lo=1, hi=20) if name in ("projection", "nimsum") else None
    if k is not None and k not in KS:
        raise a.error(f"k must be one of {', '.join(map(str, KS))} (the build's runs)")
    a.done()
    svg, alt, caption = _plot(name, k, ctx)
    url = ctx.asset(f"frontier/{name}{'' if k is None else f'-k{k}'}.svg", svg)
    img = (f'<img src="{escape(url)}" alt="{escape(alt)}" width="{svgplot.WIDTH}" '
           f'height="{svgplot.HEIGHT}">')
    return figure(img, caption, "grundy-figure grundy-frontier-plot")
