"""The site's own JavaScript is free of what esbuild warns about (a duplicate key in an
object literal, an assignment to a constant, a comparison that is always false, ...):
a duplicate key in the classroom's words once replaced the hand-in's announcement with
the results table's "handed in {time}", and no browser says so."""

from __future__ import annotations

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ESBUILD = ROOT / "node_modules" / ".bin" / "esbuild"


def scripts() -> list[Path]:
    """Every script the site serves that is written here (not the vendored ones)."""
    found = [p for p in (ROOT / "docs" / "assets").rglob("*.js") if "vendor" not in p.parts]
    return sorted(found + list((ROOT / "scripts").glob("*.js")))


def test_no_esbuild_warnings(tmp_path):
    files = scripts()
    assert len(files) > 50
    run = subprocess.run([str(ESBUILD), "--log-level=warning", f"--outdir={tmp_path}",
                          *map(str, files)], capture_output=True, text=True, cwd=ROOT)
    assert run.returncode == 0 and not run.stderr.strip(), run.stderr
