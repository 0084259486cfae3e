"""Generator `verify`: the engine's brute-force checks (`grundy.verify.run`) as admonitions.

The checks run once per build, in a worker process started at the build's start
(sitegen.prefetch: the pages render meanwhile), and are kept on disk per engine version.
The admonitions say the machine proofs too: written at the build's end when the proofs
are still under way (deferred.py).
"""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import asdict
from html import escape
from pathlib import Path

import grundy.verify
from grundy import Text
from grundy.verify import Check

from . import cache, deferred, proofs
from .args import Args, SitegenError
from .strings import japanese_spacing, notation, text

_RUNS: dict[Path, list[Check]] = {}
_PENDING: dict[Path, Future] = {}


def _results_path(cache_dir: Path) -> Path:
    return cache_dir / f"verify-{cache.key('verify')}.json"


def _run(path: Path) -> list[Check]:
    """Run the checks and keep their results in `path` (JSON: a Text is {"en", "ja"})."""
    results = grundy.verify.run()
    cache.store(path, json.dumps([asdict(c) for c in results], ensure_ascii=False, indent=1))
    return results


def _load(path: Path) -> list[Check]:
    """The checks kept in `path` by `_run`."""
    return [Check(**{k: Text(**v) if isinstance(v, dict) else v for k, v in c.items()})
            for c in json.loads(path.read_text(encoding="utf-8"))]


def prefetch(cache_dir: Path) -> None:
    """Start the checks in a worker process unless they are known or under way."""
    if cache_dir in _RUNS or cache_dir in _PENDING or _results_path(cache_dir).exists():
        return
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"))
    _PENDING[cache_dir] = pool.submit(_run, _results_path(cache_dir))
    pool.shutdown(wait=False)  # the worker exits once the checks are done


def checks(cache_dir: Path) -> list[Check]:
    """The results of `grundy.verify.run()`; SitegenError (the build fails) if one fails."""
    if cache_dir not in _RUNS:
        path = _results_path(cache_dir)
        pending = _PENDING.pop(cache_dir, None)
        if pending:
            _RUNS[cache_dir] = pending.result()
        elif path.exists():
            _RUNS[cache_dir] = _load(path)
        else:
            _RUNS[cache_dir] = _run(path)
    for c in _RUNS[cache_dir]:
        if c.status == "fails" or (c.kind == "theorem" and c.status != "holds"):
            raise SitegenError(f"grundy verify: {c.id} FAILS ({c.bound}): {c.detail}")
    return _RUNS[cache_dir]


def _pretty(phrase: str, lang: str) -> str:
    """An engine sentence in the lessons' notation (and Japanese spacing on Japanese pages)."""
    phrase = notation(phrase)
    return japanese_spacing(phrase) if lang == "ja" else phrase


def admonition(check: Check, lang: str, machine: list[dict] = ()) -> str:
    """One check as a Material admonition: success for a theorem, info for the others;
    `machine`: the check's machine proofs (proofs.py), said after the brute force."""
    kind = check.kind
    bound, detail = _pretty(check.bound.get(lang), lang), _pretty(check.detail.get(lang), lang)
    if check.status == "holds":
        result = text("verify.holds", lang, bound=bound)
    else:  # a refuted candidate formula: expected news for a conjecture or computed data
        result, detail = text(f"verify.{kind}", lang, bound=bound, detail=detail.strip()), ""
    paras = [_pretty(check.statement.get(lang), lang), result, detail.strip()]
    if kind != "theorem":
        paras.append(text("proofs.partly" if machine else "verify.unproved", lang))
    body = "\n".join(f"<p>{escape(p)}</p>" for p in paras if p)
    if machine:
        body += "\n" + proofs.paragraph(machine, lang)
    style = "success" if kind == "theorem" else "info"
    title = "verify.title.proved" if kind == "theorem" and machine and all(
        r["proved"] is r["expect"] for r in machine) else "verify.title." + kind
    return (f'<div class="admonition {style}">\n'
            f'<p class="admonition-title">{escape(text(title, lang))}</p>\n'
            f"{body}\n</div>")


def verify(args: dict[str, str], ctx) -> str:
    """Arguments: id= a check id (see grundy.verify), or id=all for the whole report."""
    a = Args("verify", args)
    wanted = a.get("id")
    a.done()
    results = checks(ctx.cache_dir)
    chosen = results if wanted == "all" else [c for c in results if c.id == wanted]
    if not chosen:
        raise a.error(f"unknown check id {wanted!r} (known: {', '.join(c.id for c in results)})")
    lang, cache_dir = ctx.lang, ctx.cache_dir

    def made() -> str:
        machine = proofs.records(cache_dir)
        return "\n".join(admonition(c, lang, machine.get(c.id, [])) for c in chosen)

    return deferred.later(ctx, made, waiting=proofs.under_way(cache_dir))
