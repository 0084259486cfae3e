"""The machine proofs the site states (grundy.prove.seed): run once per build, in a worker
process started at the build's start (sitegen.prefetch, as the brute-force checks
are; a daemon: it ends with the build), each case kept on disk
by its statement and the engine's code (an unchanged build proves nothing again; a case
stopped by its time limit is tried again with a longer one).

A family (Ryuoh Nim for p = 1, 2, ...) is proved case after case until its budget
(FAMILY_SECONDS, counted in the proofs' own times, so that a cached build stops where
the first one did) is spent or a case is not what the site says. The `verify`
admonitions show each check's proofs (`paragraph`); the generator `proofs` shows a
check's cases as a table, with the largest parameter the build reached.

    proofs id=CHECK
"""

from __future__ import annotations

import json
import multiprocessing
from dataclasses import asdict
from html import escape
from pathlib import Path

from grundy.prove.seed import CASES, FAMILIES, Case

from . import cache, deferred
from .args import Args, position_text
from .strings import notation, text

FAMILY_SECONDS = 60   # the proofs of one family, in all
PROOF_SECONDS = 45    # one proof at most

_RUNS: dict[Path, dict] = {}
_PENDING: dict[Path, multiprocessing.Process] = {}


def _path(cache_dir: Path, case: Case) -> Path:
    return cache_dir / "proofs" / f"{cache.key('proof', asdict(case))}.json"


def _proved(case: Case, cache_dir: Path, seconds: float) -> dict:
    """The case's record: kept on disk, or proved now within `seconds`."""
    path = _path(cache_dir, case)
    if path.exists():
        record = json.loads(path.read_text(encoding="utf-8"))
        if record["proved"] is not None or record["limit"] >= seconds:
            return record
    proof = case.prove(seconds=seconds)
    record = {**asdict(case), "params": dict(case.params), "command": case.command(),
              "proved": proof.proved, "counterexample": proof.counterexample,
              "seconds": proof.seconds, "states": proof.states, "method": proof.method,
              "reason": proof.reason.as_dict() if proof.reason else None, "limit": seconds}
    cache.store(path, json.dumps(record, ensure_ascii=False))
    return record


def _run(cache_dir: Path) -> dict[str, list[dict]]:
    """Every check's proof records (the fixed cases, then each family's)."""
    out = {id_: [_proved(case, cache_dir, PROOF_SECONDS) for case in cases] for id_, cases in CASES.items()}
    for id_, families in FAMILIES.items():
        for family in families:
            spent = 0.0
            for i, case in enumerate(family.cases()):
                if (family.most is not None and i >= family.most) or spent >= FAMILY_SECONDS - 1:
                    break
                record = _proved(case, cache_dir, min(PROOF_SECONDS, FAMILY_SECONDS - spent))
                spent += record["seconds"]
                if record["proved"] is not None or record["limit"] >= PROOF_SECONDS:
                    out.setdefault(id_, []).append({**record, "family": family.name})
                if record["proved"] is not family.expect:
                    break  # (a case cut short by the family's budget is not shown)
    return out


def prefetch(cache_dir: Path) -> None:
    """Start the proofs in a worker process (a daemon: it ends with the build) unless
    they are known or under way; it leaves every record on disk."""
    if cache_dir in _RUNS or cache_dir in _PENDING:
        return
    worker = multiprocessing.get_context("fork").Process(target=_run, args=(cache_dir,), daemon=True)
    worker.start()
    _PENDING[cache_dir] = worker


def under_way(cache_dir: Path) -> bool:
    """Whether the proofs' worker is still proving (records() would wait for it)."""
    worker = _PENDING.get(cache_dir)
    return worker is not None and worker.is_alive()


def records(cache_dir: Path) -> dict[str, list[dict]]:
    """Every check's proof records (once the worker is done, from the disk; or proved now)."""
    if cache_dir not in _RUNS:
        worker = _PENDING.pop(cache_dir, None)
        if worker is not None:
            worker.join()
        _RUNS[cache_dir] = _run(cache_dir)
    return _RUNS[cache_dir]


# -- what the pages say ---------------------------------------------------------------

def parameters(record: dict) -> str:
    """The case's parameters as the lessons write them: "k = 3", "f(t) = ⌊t/2⌋"."""
    return ", ".join(f"f(t) = {notation(v)}" if k == "f" else f"{k} = {v}"
                     for k, v in record["params"].items())


def _seconds(s: float, lang: str) -> str:
    shown = f"{s:.1f}" if s < 10 else f"{s:.0f}"
    return f"{shown} 秒" if lang == "ja" else f"{shown} s"


def paragraph(records: list[dict], lang: str) -> str:
    """One check's proofs as a paragraph of a `verify` admonition (HTML)."""
    comma = "、" if lang == "ja" else ", "
    proved = [r for r in records if r["proved"] is True]
    refuted = [r for r in records if r["proved"] is False]
    open_ = [r for r in records if r["proved"] is None]
    parts = []
    if proved:
        cases = comma.join(f"{parameters(r)} ({_seconds(r['seconds'], lang)})" for r in proved)
        parts.append(text("proofs.proved", lang, cases=cases))
    if refuted:
        cases = comma.join(text("proofs.at", lang, case=parameters(r), pos=position_text(r["counterexample"]))
                           for r in refuted)
        parts.append(text("proofs.refuted", lang, cases=cases))
    if open_:
        cases = comma.join(f"{parameters(r)} ({_seconds(r['limit'], lang)})" for r in open_)
        parts.append(text("proofs.open", lang, cases=cases))
    shown = proved or refuted or records
    example = shown[-1] if "family" in shown[-1] else shown[0]  # a family's largest, else the first
    parts.append(text("proofs.how", lang))
    said = ("" if lang == "ja" else " ").join(parts)
    return f'<p class="machine-proof">{escape(said)} <code>{escape(example["command"])}</code></p>'


def proofs(args: dict[str, str], ctx) -> str:
    """Arguments: id= a check with proofs (grundy.prove.seed): its cases as a table."""
    a = Args("proofs", args)
    wanted = a.get("id")
    a.done()
    if wanted not in CASES and wanted not in FAMILIES:
        raise a.error(f"no proofs for {wanted!r} (known: {', '.join({**CASES, **FAMILIES})})")
    lang, cache_dir = ctx.lang, ctx.cache_dir
    return deferred.later(ctx, lambda: table(records(cache_dir).get(wanted, []), lang), waiting=under_way(cache_dir))


def table(found: list[dict], lang: str) -> str:
    """One check's proofs as a table, and how far each family got."""
    rows = []
    for r in found:
        verdict = {True: "proofs.row.proved", False: "proofs.row.refuted", None: "proofs.row.open"}[r["proved"]]
        cells = (parameters(r), text(verdict, lang, limit=_seconds(r["limit"], lang)),
                 position_text(r["counterexample"]) if r["counterexample"] else "—",
                 _seconds(r["seconds"], lang), f"{r['states']:,}" if r["states"] else "—")
        rows.append("<tr>" + "".join(f"<td>{escape(c)}</td>" for c in cells) + "</tr>")
    head = "".join(f"<th>{escape(text(f'proofs.head.{k}', lang))}</th>"
                   for k in ("case", "result", "counterexample", "time", "states"))
    caption = escape(text("proofs.caption", lang))
    return (f"<table>\n<caption>{caption}</caption>\n<thead><tr>{head}</tr></thead>\n<tbody>\n"
            + "\n".join(rows) + "\n</tbody>\n</table>\n"
            + "".join(f"<p>{escape(p)}</p>\n" for p in _families(found, lang)))


def _families(records: list[dict], lang: str) -> list[str]:
    """A sentence per family: how far the build got."""
    out = []
    for family in dict.fromkeys(r["family"] for r in records if "family" in r):
        cases = [r for r in records if r.get("family") == family]
        if cases[0]["expect"]:
            proved = [r for r in cases if r["proved"] is True]
            last = parameters(proved[-1]) if proved else "—"
            out.append(text("proofs.reached", lang, family=family, last=last,
                            budget=_seconds(FAMILY_SECONDS, lang)))
        else:
            out.append(text("proofs.first", lang, family=family, n=len(cases)))
    return out
