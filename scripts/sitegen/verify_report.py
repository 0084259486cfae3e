"""Generator `verify`: the engine's brute-force checks (`grundy.verify.run`) as admonitions.

The checks run once per build, in a worker process started by the first directive of
the build (so the pages render meanwhile), and are kept on disk per engine version.
"""

from __future__ import annotations

import json
import multiprocessing
import re
from concurrent.futures import Future, ProcessPoolExecutor
from html import escape
from pathlib import Path

import grundy.verify

from . import cache
from .args import Args, SitegenError
from .strings import text

FIELDS = ("id", "statement", "statement_ja", "status", "bound", "detail", "kind")
_RUNS: dict[Path, list[dict]] = {}
_PENDING: dict[Path, Future] = {}

# The engine writes plain ASCII; the site writes mathematics as the lessons do.
SYMBOLS = [("<=", "≤"), (">=", "≥"), ("!=", "≠"), (" ^ ", " ⊕ ")]
# The engine reports bounds and details in English; these rewrite its phrases in Japanese.
JA_PHRASES = [
    (r"(\d+) heaps ≤ (\d+)", r"山 \1 つ (各 ≤ \2)"),
    (r"(\d) sides ≤ (\d+)", r"\1 辺 (各 ≤ \2)"),
    (r"every coordinate", "すべての座標"),
    (r"all coordinates", "すべての座標"),
    (r" for (\d+) functions f", r" (\1 個の関数 f)"),
    (r" for ([kpf] = .*)$", r" (\1)"),
    (r"first counterexample (\([^)]*\))", r"最初の反例は \1"),
    (r"([\d,]+) P-positions among ([\d,]+) positions( with [^;]*)?", r"\2 局面のうち後手必勝は \1 個"),
    (r" in the (\d+) sums", r" (\1 つの和)"),
    (r"x ⊕ y ⊕ z = 0 first fails at (\([^)]*\))", r"x ⊕ y ⊕ z = 0 は \1 で初めて成り立たない"),
    (r"(?:the )?condition holds(?:,| and) G = y ⊕ z everywhere", "条件を満たし、すべての局面で G = y ⊕ z"),
    (r"(?:the )?condition fails(?:,| and) G ≠ y ⊕ z at (\([^)]*\))", r"条件を満たさず、\1 で G ≠ y ⊕ z"),
    (r"^Seed 000 \(section 6\) conjectures.*?(?=k = \d+:|$)", ""),
]
BOUND_JA = re.compile(r"(all )?([\d,]+) (sum )?positions(?: with (.*))?")


def _pretty(phrase: str) -> str:
    for ascii_, symbol in SYMBOLS:
        phrase = phrase.replace(ascii_, symbol)
    return phrase


def _ja(phrase: str) -> str | None:
    """`phrase` rewritten in Japanese, or None if English words would remain."""
    for pattern, repl in JA_PHRASES:
        phrase = re.sub(pattern, repl, phrase)
    words = re.sub(r"ilog2|min|max|\bif\b|\belse\b", "", phrase)  # the f expressions stay
    return None if re.search(r"[A-Za-z]{3,}", words) else phrase


def _bound_ja(bound: str) -> str:
    m = BOUND_JA.fullmatch(bound)
    where = _ja(m[4] or "") if m else None
    if where is None:
        return bound
    kind = ("和の" if m[3] else "") + "局面"
    return f"{where} の {m[2]} 個{'すべての' if m[1] else 'の'}{kind}".strip()


def _results_path(cache_dir: Path) -> Path:
    return cache_dir / f"verify-{cache.key('verify')}.json"


def _run(path: Path) -> list[dict]:
    """Run the checks and keep their results in `path`."""
    results = [{f: getattr(c, f) for f in FIELDS} for c in grundy.verify.run()]
    cache.store(path, json.dumps(results, ensure_ascii=False, indent=1))
    return results


def prefetch(cache_dir: Path) -> None:
    """Start the checks in a worker process unless they are known or under way."""
    if cache_dir in _RUNS or cache_dir in _PENDING or _results_path(cache_dir).exists():
        return
    pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("fork"))
    _PENDING[cache_dir] = pool.submit(_run, _results_path(cache_dir))
    pool.shutdown(wait=False)  # the worker exits once the checks are done


def checks(cache_dir: Path) -> list[dict]:
    """The results of `grundy.verify.run()`; SitegenError (the build fails) if one fails."""
    if cache_dir not in _RUNS:
        path = _results_path(cache_dir)
        pending = _PENDING.pop(cache_dir, None)
        if pending:
            _RUNS[cache_dir] = pending.result()
        elif path.exists():
            _RUNS[cache_dir] = json.loads(path.read_text())
        else:
            _RUNS[cache_dir] = _run(path)
    for c in _RUNS[cache_dir]:
        if c["status"] == "fails":
            raise SitegenError(f"grundy verify: {c['id']} FAILS ({c['bound']}): {c['detail']}")
    return _RUNS[cache_dir]


def admonition(check: dict, lang: str) -> str:
    """One check as a Material admonition: success for a theorem, info for the others."""
    kind = check["kind"]
    ja = lang == "ja"
    bound, detail = _pretty(check["bound"]), _pretty(check["detail"])
    if ja:
        bound, detail = _bound_ja(bound), _ja(detail) or ""
    if check["status"] == "holds":
        result = text("verify.holds", lang, bound=bound)
    else:  # a refuted candidate formula: expected news for a conjecture or computed data
        result, detail = text(f"verify.{kind}", lang, bound=bound, detail=detail.strip()), ""
    paras = [_pretty(check["statement_ja"] if ja else check["statement"]), result, detail.strip()]
    if kind != "theorem":
        paras.append(text("verify.unproved", lang))
    body = "\n".join(f"<p>{escape(p)}</p>" for p in paras if p)
    style = "success" if kind == "theorem" else "info"
    return (f'<div class="admonition {style}">\n'
            f'<p class="admonition-title">{escape(text("verify.title." + kind, lang))}</p>\n'
            f"{body}\n</div>")


def verify(args: dict[str, str], ctx) -> str:
    """Arguments: id= a check id (see grundy.verify), or id=all for the whole report."""
    a = Args("verify", args)
    wanted = a.get("id")
    a.done()
    results = checks(ctx.cache_dir)
    chosen = results if wanted == "all" else [c for c in results if c["id"] == wanted]
    if not chosen:
        raise a.error(f"unknown check id {wanted!r} (known: {', '.join(c['id'] for c in results)})")
    return "\n".join(admonition(c, ctx.lang) for c in chosen)
