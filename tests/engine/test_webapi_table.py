"""grundy.webapi `table`: the theorem compared with, its condition for the parameters (with
the first failing t, or why not), the formula's value where it is compared, and the summary."""

import re

import pytest

import grundy
from grundy import webapi
from grundy.registry import games

from conftest import known_cases

# every registered game with each parameter set of its data file, plus the cases of issue 10
CASES = sorted({(name, tuple(sorted(params.items()))) for name, params, _ in known_cases()}
               | {("step", (("f", "t//3"),)), ("step", (("f", "t//2"),)), ("step3", (("f", "t//3"),)),
                  ("chocolate", (("k", 2),)), ("chocolate", (("k", 3),)), ("chocolate", (("k", 7),))})
# what a reader must not see: Python's notation
CODE = re.compile(r"//|\*\*|<=|>=|\^|floor|\bphi\b|==")


def table(name, params, lang="en", **extra):
    answer = webapi.handle({"op": "table", "game": name, "params": params, "max": 9, "lang": lang,
                            **extra})
    assert "error" not in answer, answer
    return answer


def disagrees(kind, formula, value):
    return formula != value if kind == "grundy" else (formula == 0) != (value == 0)


def test_every_registered_game_is_covered():
    assert {name for name, _ in CASES} == {cls.name for cls in games()}


@pytest.mark.parametrize("name,params", CASES)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_fields_of_every_game(name, params, lang):
    params = grundy.game(name, **dict(params)).for_table().params
    g = grundy.game(name, **params)
    answer = table(name, params, lang)
    n = len(g.coords)
    theorem = next((t for t in type(g).theorems if t.judge(g, 9).holds), type(g).theorems[0])
    for row in answer["rows"]:  # the formula's value; none only where the theorem's condition
        pos = tuple(row[:n])    # (one on the position, as Chomp's shapes) fails
        if row[n + 1] is None:
            assert not theorem.holds(g, pos)
        else:
            assert row[n + 1] == theorem.value(g, pos)
    expected = [row[:n] for row in answer["rows"]
                if row[n + 1] is not None and disagrees(theorem.kind, row[n + 1], row[n])]
    assert answer["mismatches"] == expected
    assert answer["marked"] == len(expected) and answer["total"] == len(answer["rows"])
    condition = answer["condition"]
    assert condition is None or set(condition) == {"text", "holds", "note", "first_failure"}
    if condition is None or condition["holds"]:
        assert expected == []  # a theorem whose condition holds is never contradicted
    summary = answer["summary"]
    compared = sum(row[n + 1] is not None for row in answer["rows"])
    assert f"{len(expected):,}" in summary and f"{compared:,}" in summary
    assert answer["theorem"] in summary and (answer["claim"] in summary
                                             or answer["expression"] in summary)
    for text in (summary, answer["claim"], condition and condition["text"]):
        assert not CODE.search(text or ""), text
    assert bool(re.search("[ぁ-んァ-ン一-龯]", summary)) == (lang == "ja")


def test_step_t3_fails_at_3_and_marks_every_cell_where_g_differs():
    g = grundy.game("step", f="t//3")
    answer = table("step", {"f": "t//3"})
    assert answer["condition"]["holds"] is False and answer["condition"]["first_failure"] == 3
    wrong = [list(p) for p, v in g.table(9).items() if v != p[0] ^ p[1]]
    assert wrong and sorted(answer["mismatches"]) == sorted(wrong)
    assert answer["summary"] == (
        "f(t) = ⌊t/3⌋ does not satisfy the condition of [S] Theorems 2.2 and 2.3 (it fails at "
        f"t = 3); the cells where G ≠ y ⊕ z are marked: {len(wrong)} of {len(g.table(9))}.")
    ja = table("step", {"f": "t//3"}, "ja")["summary"]
    assert "t = 3" in ja and "満たしません" in ja and f"{len(wrong)} 個" in ja
    # the lesson's condition, in its notation
    assert answer["condition"]["text"].startswith("⌊z/2ⁱ⌋ = ⌊z′/2ⁱ⌋ ⇒ ⌊f(z)/2ⁱ⁻¹⌋")


@pytest.mark.parametrize("f,first", [("t", 1), ("t//3", 3), ("t//2+1", 2), ("(t+1)//2", 1),
                                     ("t//2", None), ("t//4", None), ("3", None)])
def test_first_failing_t(f, first):
    condition = table("step", {"f": f})["condition"]
    assert condition["first_failure"] == first and condition["holds"] == (first is None)


def test_step_t2_holds_with_no_marks():
    answer = table("step", {"f": "t//2"})
    assert answer["condition"]["holds"] and answer["mismatches"] == []
    assert answer["summary"].startswith("f(t) = ⌊t/2⌋ satisfies the condition of [S]")


def test_triangular_k3_holds_k2_fails():
    k3, k2, k7 = (table("chocolate", {"k": k}) for k in (3, 2, 7))
    assert k3["condition"] == {"text": "k = 3", "holds": True, "note": None, "first_failure": None}
    assert k3["mismatches"] == []
    assert k2["condition"]["holds"] is False and k2["theorem"] == "[M2012] Theorem 2.1 (k = 3)"
    t = grundy.game("chocolate", k=2).table(9)
    wrong = sorted(list(p) for p, v in t.items() if (v == 0) != (p[0] ^ p[1] ^ p[2] == 0))
    assert wrong and sorted(k2["mismatches"]) == wrong
    assert k2["summary"].startswith("k = 2 does not satisfy the condition of [M2012] Theorem 2.1")
    # k = 7 = 4m + 3: only a conjecture, so the theorem's condition still fails; no cell
    # differs, and the summary says that this agreement is computed, not proved
    assert k7["condition"]["holds"] is False and "k = 7 does not satisfy" in k7["summary"]
    assert k7["mismatches"] == [] and k7["summary"].endswith(
        f"no cell is marked: “P-position ⇔ x ⊕ y ⊕ z = 0” agrees with all {k7['total']} positions "
        "shown, but this is computed here, not proved.")
    assert "計算した結果で、証明されたことではありません" in table("chocolate", {"k": 7}, lang="ja")["summary"]
    assert "computed here" not in k2["summary"] + k3["summary"]
    k1 = table("chocolate", {"k": 1})
    assert k1["condition"]["holds"] and k1["claim"] == "P-position ⇔ (x − 1) ⊕ y ⊕ (z − 1) = 0"


def test_with_a_pass_still_available_no_theorem_applies():
    left = table("step", {"f": "t//2"}, **{"pass": True})
    assert left["condition"]["holds"] is False and left["mismatches"]
    assert left["summary"].startswith("With the pass still available, ") and "computed" in left["summary"]
    used = table("step", {"f": "t//2"}, **{"pass": False})
    assert used["condition"]["holds"] and used["mismatches"] == []


def test_against_the_nim_sum():
    answer = table("chocolate", {"k": 5}, compare="xor")
    assert answer["theorem"] is None and answer["condition"] is None
    assert answer["summary"].startswith("The cells where “P-position ⇔ x ⊕ y ⊕ z = 0” fails")


def test_flat_cells_are_the_rows_with_their_marks():
    full = table("step", {"f": "t//3"})
    flat = table("step", {"f": "t//3"}, flat=True)
    assert "rows" not in flat and flat["p_count"] == len(full["p_positions"])
    marks = [row[:2] in full["mismatches"] for row in full["rows"]]
    numbers = [-1 if c is None else c for row, m in zip(full["rows"], marks) for c in (*row, int(m))]
    assert flat["cells"] == " ".join(map(str, numbers))
    assert {k: v for k, v in flat.items() if k != "cells"} == {
        k: v for k, v in full.items() if k not in ("rows", "p_positions", "mismatches")}
