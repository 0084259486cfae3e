"""Copy the run-time front-end files into docs/assets/vendor/ (gitignored), so the site
serves them itself: Pyodide, KaTeX's stylesheet and fonts and the classroom's QR code
encoder (qrcode-generator) from node_modules/ (pinned in package-lock.json), the Lab's CodeMirror bundle (esbuild, from
scripts/lab/codemirror-entry.mjs) and the engine wheel from engine/dist/. Files already up
to date are not copied again. The math is typeset at build time
(scripts/katex_prerender.py), so KaTeX's JavaScript is not served, and only its WOFF2
fonts are (every browser that runs the site reads them).

Usage: python scripts/vendor.py
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE = ROOT / "node_modules"
VENDOR = ROOT / "docs" / "assets" / "vendor"
WHEELS = ROOT / "engine" / "dist"

PYODIDE_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"]
FONT_FALLBACKS = re.compile(r',url\(fonts/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)')
CODEMIRROR_ENTRY = ROOT / "scripts" / "lab" / "codemirror-entry.mjs"


def copy(src: Path, dest: Path) -> None:
    """Copy src to dest unless dest already has the same size and modification time."""
    if not src.is_file():
        sys.exit(f"vendor.py: missing {src.relative_to(ROOT)} (run scripts/setup.sh)")
    if dest.is_file():
        s, d = src.stat(), dest.stat()
        if s.st_size == d.st_size and int(s.st_mtime) == int(d.st_mtime):
            return
    dest.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(src, dest)


def vendor_pyodide() -> None:
    for name in PYODIDE_FILES:
        copy(NODE / "pyodide" / name, VENDOR / "pyodide" / name)


def vendor_katex() -> None:
    """KaTeX's stylesheet (its fonts as WOFF2 only) and WOFF2 fonts; nothing else stays."""
    dist = NODE / "katex" / "dist"
    target = VENDOR / "katex"
    keep = {target / "katex.min.css"}
    for font in sorted((dist / "fonts").glob("KaTeX_*.woff2")):
        copy(font, target / "fonts" / font.name)
        keep.add(target / "fonts" / font.name)
    css = FONT_FALLBACKS.sub("", (dist / "katex.min.css").read_text(encoding="utf-8"))
    out = target / "katex.min.css"
    if not out.is_file() or out.read_text(encoding="utf-8") != css:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(css, encoding="utf-8")
    for stale in sorted(target.rglob("*"), reverse=True):  # files of earlier versions of this script
        if stale.is_file() and stale not in keep:
            stale.unlink()
        elif stale.is_dir() and not any(stale.iterdir()):
            stale.rmdir()


def vendor_qrcode() -> None:
    """The QR code encoder of the classroom's hand-in (an ES module; its MIT licence in its header)."""
    copy(NODE / "qrcode-generator" / "dist" / "qrcode.mjs", VENDOR / "qrcode" / "qrcode.mjs")


def vendor_codemirror() -> None:
    """Bundle CodeMirror (bare-module imports) into one ES module for the Lab page."""
    out = VENDOR / "codemirror" / "codemirror.js"
    inputs = [CODEMIRROR_ENTRY, ROOT / "package-lock.json"]
    if out.is_file() and all(p.stat().st_mtime <= out.stat().st_mtime for p in inputs):
        return
    esbuild = NODE / ".bin" / "esbuild"
    if not esbuild.is_file():
        sys.exit("vendor.py: missing node_modules/.bin/esbuild (run scripts/setup.sh)")
    done = subprocess.run([str(esbuild), str(CODEMIRROR_ENTRY), "--bundle", "--format=esm", "--minify",
                           "--legal-comments=none", f"--outfile={out}", "--log-level=error"],
                          capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"vendor.py: esbuild failed: {done.stderr.strip()}")


def vendor_wheel() -> None:
    """Copy the newest engine wheel and describe it in wheels/grundy.json."""
    wheels = sorted(WHEELS.glob("grundy-*-py3-none-any.whl"), key=lambda p: p.stat().st_mtime)
    if not wheels:
        print("vendor.py: no engine wheel in engine/dist/ yet; widgets will not load the engine")
        return
    wheel = wheels[-1]
    target = VENDOR / "wheels"
    for old in target.glob("grundy-*.whl"):
        if old.name != wheel.name:
            old.unlink()
    copy(wheel, target / wheel.name)
    manifest = json.dumps({"wheel": wheel.name}) + "\n"
    path = target / "grundy.json"
    if not path.is_file() or path.read_text() != manifest:
        path.write_text(manifest)


def main() -> None:
    vendor_pyodide()
    vendor_katex()
    vendor_qrcode()
    vendor_codemirror()
    vendor_wheel()
    print(f"vendor.py: {VENDOR.relative_to(ROOT)} is up to date")


if __name__ == "__main__":
    main()
