"""Two routes agree on what the site states (issue 47): every case the build proved or
refuted (with MONA, scripts/sitegen/proofs.py) is decided again by the automata built in
Python (grundy.prove.automata, the procedure the Discover page runs in the browser), which
must give the same verdict and the same first counterexample. Minutes of CPU: slow."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from grundy.prove.seed import Case

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from sitegen import proofs  # noqa: E402

pytestmark = pytest.mark.slow


def test_the_automata_agree_with_every_proof_of_the_build():
    records = [r for rs in proofs.records(ROOT / ".cache" / "sitegen").values() for r in rs
               if r["proved"] is not None]
    assert len(records) >= 30  # the seed theorems, the step functions, the families' first cases
    disagree = []
    for r in records:
        case = Case(r["game"], tuple(r["params"].items()), r["formula"], r["target"], misere=r["misere"])
        answer = case.prove(method="automata", seconds=600, megabytes=1500)
        counterexample = None if r["counterexample"] is None else tuple(r["counterexample"])
        if (answer.proved, answer.counterexample) != (r["proved"], counterexample):
            disagree.append((case.command(), r["method"], r["proved"], answer.proved,
                             answer.reason and answer.reason.en))
    assert not disagree, disagree
