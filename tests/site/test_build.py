"""The strict build passes from scratch; its duration is measured (printed, not asserted)."""

from __future__ import annotations

import time


def test_strict_full_rebuild(tmp_path, mkdocs_build, measurements):
    start = time.monotonic()
    proc = mkdocs_build(tmp_path / "site")
    elapsed = time.monotonic() - start
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert (tmp_path / "site" / "index.html").is_file()
    assert (tmp_path / "site" / "ja" / "index.html").is_file()
    measurements.append(f"full strict rebuild (mkdocs build, dependencies installed): {elapsed:.1f} s")
