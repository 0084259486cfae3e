"""The order of the test run (tests/conftest.py): files by the durations the last full run
recorded (tests/durations.json, written with --record-durations), longest first; no list
of file names is kept by hand."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[2]
# tests/conftest.py under a name of its own (another conftest.py may hold the name "conftest")
_SPEC = importlib.util.spec_from_file_location("suite_conftest", ROOT / "tests" / "conftest.py")
conftest = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(conftest)


def item(name: str, browser: bool):
    return SimpleNamespace(fspath=ROOT / "tests" / name, get_closest_marker=lambda marker: browser or None)


def test_recorded_durations_decide_the_order():
    recorded = {"site/test_deploy.py": 80, "browser/test_lab.py": 200, "engine/test_cli.py": 3}
    items = [item("engine/test_tables.py", False), item("engine/test_cli.py", False), item("browser/test_fields.py", True),
             item("site/test_deploy.py", False), item("browser/test_lab.py", True)]
    order = [conftest._file(i.fspath) for i in sorted(items, key=lambda i: conftest._run_order(i, recorded))]
    assert order == ["browser/test_lab.py", "site/test_deploy.py", "engine/test_cli.py",  # recorded, longest first
                     "browser/test_fields.py", "engine/test_tables.py"]  # then the others, browser first


def test_a_full_run_records_its_durations(tmp_path, monkeypatch):
    durations = tmp_path / "durations.json"
    durations.write_text(json.dumps({"browser/test_lab.py": 50, "engine/test_gone.py": 9, "site/test_deploy.py": 70}))
    monkeypatch.setattr(conftest, "DURATIONS", durations)
    monkeypatch.setattr(conftest, "_FILE_SECONDS", {"browser/test_lab.py": 95.4, "engine/test_cli.py": 2.2})
    config = SimpleNamespace(getoption=lambda name: name == "record_durations")
    conftest.pytest_sessionfinish(SimpleNamespace(config=config))
    assert json.loads(durations.read_text()) == {"browser/test_lab.py": 95, "site/test_deploy.py": 70,
                                                 "engine/test_cli.py": 2}  # a file that is gone is dropped
    assert list(json.loads(durations.read_text())) == ["browser/test_lab.py", "site/test_deploy.py", "engine/test_cli.py"]
    worker = SimpleNamespace(getoption=lambda name: True, workerinput={})
    durations.unlink()
    conftest.pytest_sessionfinish(SimpleNamespace(config=worker))  # a pytest-xdist worker writes nothing
    assert not durations.exists()
