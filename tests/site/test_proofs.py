"""The machine proofs on the pages (issue 47): each seed theorem's verification box says
which parameters were proved for every position, by which method, in how long; the
other inequalities' page lists the odd k proved and refuted; every result comes from
grundy.prove at build time, kept per case and engine version, and a family of cases
stops where its budget ends (the same place again on a cached build)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import grundy
from grundy.discovery import check
from grundy.prove.proof import Proof
from grundy.text import Text

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
import sitegen  # noqa: E402
from sitegen import proofs  # noqa: E402

LANGS = ("en", "ja")


class Ctx:
    def __init__(self, lang, cache_dir):
        self.lang, self.cache_dir, self.page_src, self.title, self.assets = lang, cache_dir, "p.md", "P", {}


@pytest.fixture(scope="module")
def records():
    """The build's proofs (from the build's cache when it is up to date)."""
    return proofs.records(ROOT / ".cache" / "sitegen")


def test_the_seed_theorems_are_proved(records):
    for id_ in ("nim", "rect", "chocolate-k3", "chocolate-k1", "step3", "chomp-formulas", "ryuoh"):
        assert records[id_] and all(r["proved"] is True for r in records[id_]), id_
    ryuoh = [r["params"]["p"] for r in records["ryuoh"]]
    assert ryuoh[:3] == [1, 2, 3]  # as far as the budget goes (on a busy machine, 3 at least)
    step = {r["params"]["f"]: r["proved"] for r in records["step-condition"]}
    assert step["t//2"] is True and step["t//3"] is False and step["(t+1)//2"] is False


def test_odd_k_proved_and_refuted(records):
    """k = 4m + 3 proved (7, 11, 15 at least), k = 4m + 1 refuted, each counterexample the
    first wrong position of the table (checked here again)."""
    odd = records["chocolate-odd-k"]
    proved = [r["params"]["k"] for r in odd if r["proved"] is True]
    assert proved[:3] == [7, 11, 15] and all(k % 4 == 3 for k in proved)
    for r in odd:
        if r["proved"] is False:
            k = r["params"]["k"]
            g = grundy.game("chocolate", k=k)
            assert k % 4 == 1
            assert tuple(r["counterexample"]) == check(g, "x ^ y ^ z == 0", k + 2, "P").first_counterexample


@pytest.mark.parametrize("lang", LANGS)
def test_theorem_boxes_say_proved_by_machine(lang, records):
    cache = ROOT / ".cache" / "sitegen"
    html = sitegen.render("verify", {"id": "chocolate-k3"}, Ctx(lang, cache))
    said = {"en": ("Proved for every position by machine: k = 3 (", "proved by machine", "MONA"),
            "ja": ("機械による証明 (すべての局面): k = 3 (", "機械で証明", "MONA")}[lang]
    for words in said:
        assert words in html
    assert "grundy prove chocolate --k 3 --target P --formula &#x27;x ^ y ^ z == 0&#x27;" in html
    step = sitegen.render("verify", {"id": "step-condition"}, Ctx(lang, cache))
    assert ("first counterexample {1,\u00a03}" if lang == "en" else "最初の反例 {1,\u00a03}") in step


@pytest.mark.parametrize("lang", LANGS)
def test_the_odd_k_table(lang, records):
    html = sitegen.render("proofs", {"id": "chocolate-odd-k"}, Ctx(lang, ROOT / ".cache" / "sitegen"))
    assert html.count("<tr>") == len(records["chocolate-odd-k"]) + 1
    assert "<td>k = 5</td>" in html and "{2,\u00a01,\u00a03}" in html
    largest = max(r["params"]["k"] for r in records["chocolate-odd-k"] if r["proved"] is True)
    assert f"k = {largest}" in html.split("</table>")[1]  # the largest proved, said after the table


def fake_prove(seconds_each):
    """Case.prove replaced: proved in `seconds_each` (or not within a shorter limit)."""
    calls = []

    def prove(case, seconds, **limits):
        calls.append(case)
        done = seconds >= seconds_each
        return Proof(case.game, dict(case.params), case.target, case.formula, True if done else None,
                     None, Text("s", "s"), "mona", min(seconds, seconds_each),
                     None if done else Text("MONA ran out of time", "時間切れ"))
    return prove, calls


def test_a_family_stops_where_its_budget_ends_and_a_cached_build_proves_nothing(tmp_path, monkeypatch):
    prove, calls = fake_prove(25)
    monkeypatch.setattr(proofs.Case, "prove", prove)
    first = proofs._run(tmp_path)
    ryuoh = [r["params"]["p"] for r in first["ryuoh"]]
    assert ryuoh == [1, 2]  # 25 s each: the third is cut short by the 60 s budget, not shown
    assert calls and all(r["seconds"] == 25 for r in first["ryuoh"])
    calls.clear()
    assert proofs._run(tmp_path) == first and not calls  # every record from the disk


def test_an_undecided_case_is_said(tmp_path):
    record = {"params": {"p": 12}, "proved": None, "counterexample": None, "seconds": 45.0,
              "limit": 45, "states": None, "command": "grundy prove ryuoh --p 12", "expect": True}
    for lang, words in (("en", "Not decided within the build's time limit: p = 12 (45 s)"),
                        ("ja", "ビルドの制限時間内には決まらなかったもの: p = 12 (45 秒)")):
        assert words.replace("'", "&#x27;") in proofs.paragraph([record], lang)
