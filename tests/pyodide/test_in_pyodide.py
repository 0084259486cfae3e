"""The engine inside Pyodide (Python 3.14 in WebAssembly) under Node: the wheel the site
ships (assets/vendor/wheels/, with its Python 3.14 bytecode) installs, imports, passes
tests/pyodide/engine_checks.py and the engine's own pytest suite; on the site's standard
library (the modules the engine imports, scripts/build_pyc.mjs) it passes engine_checks.py."""

import subprocess
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RUNNER = Path(__file__).with_name("run_in_pyodide.mjs")


def test_engine_in_pyodide(built_site):
    wheel = next((built_site / "assets" / "vendor" / "wheels").glob("grundy-*-py3-none-any.whl"))
    run = subprocess.run(["node", str(RUNNER), str(wheel), sysconfig.get_paths()["purelib"], "5"],
                         capture_output=True, text=True, timeout=1200, cwd=ROOT)
    print(run.stdout[-4000:], run.stderr[-2000:])
    assert run.returncode == 0, (run.stdout + run.stderr)[-3000:]
    assert "RESULT" in run.stdout and "Python 3.14" in run.stdout


def test_engine_on_the_sites_standard_library(built_site):
    wheels = built_site / "assets" / "vendor" / "wheels"
    wheel = next(wheels.glob("grundy-*-py3-none-any.whl"))
    stdlib = next(wheels.glob("grundy-*.stdlib.zip"))
    run = subprocess.run(["node", str(RUNNER), str(wheel), sysconfig.get_paths()["purelib"], "5", str(stdlib)],
                         capture_output=True, text=True, timeout=1200, cwd=ROOT)
    print(run.stdout[-4000:], run.stderr[-2000:])
    assert run.returncode == 0, (run.stdout + run.stderr)[-3000:]
    assert '"failed": 0' in run.stdout
