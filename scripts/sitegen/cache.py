"""Caches: engine tables shared within a build, and files on disk keyed by the engine's code."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import pickle
from pathlib import Path

import grundy


@functools.cache
def fingerprint() -> str:
    """A hash of the engine's and the generators' source: any code change invalidates caches."""
    h = hashlib.sha256(getattr(grundy, "__version__", "").encode())
    for root in (Path(grundy.__file__).parent, Path(__file__).parent):
        for path in sorted(root.rglob("*.py")):
            h.update(path.relative_to(root).as_posix().encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


def key(*parts) -> str:
    """A short file-name-safe key for `parts` (JSON-serialisable) and the current code."""
    blob = json.dumps([fingerprint(), *parts], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(blob.encode()).hexdigest()[:20]


def store(path: Path, data: bytes | str) -> None:
    """Write `path` atomically (parallel builds may share the cache)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    if isinstance(data, str):
        partial.write_text(data, encoding="utf-8")
    else:
        partial.write_bytes(data)
    partial.replace(path)


@functools.cache
def table(game, limit: int):
    """`game.table(limit)`, computed once per build for equal games and limits."""
    return game.table(limit)


def kept(cache_dir: Path, kind: str, compute, *parts):
    """compute()'s value, kept (pickled) in cache_dir/kind/ for `parts` (JSON-serialisable)
    and the current code: computed once for both languages, and for later builds."""
    path = cache_dir / kind / f"{key(kind, *parts)}.pickle"
    if path.exists():
        return pickle.loads(path.read_bytes())
    value = compute()
    store(path, pickle.dumps(value))
    return value
