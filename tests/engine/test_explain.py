"""grundy.explain: for every position up to a bound in each game, the explained move is a
legal winning move (none at P-positions), and every number the steps state is the
engine's (data checked against the engine; the texts state only those numbers, the same
in English and Japanese)."""

import itertools
import re

import pytest

import grundy
from grundy import webapi
from grundy.explain import explain
from grundy.explain.chocolate import tight
from grundy.explain.corner import wythoff_pair
from grundy.passing import with_pass
from grundy.sums import sum_of

THEOREM_GAMES = [
    ("nim", {"heaps": 3}, 7), ("nim", {"heaps": 2}, 15), ("nim", {"heaps": 4}, 3),
    ("rect", {"sides": 2}, 9), ("rect", {"sides": 3}, 5), ("rect", {"sides": 4}, 3),
    ("chocolate", {"k": 3}, 16), ("chocolate", {"k": 1}, 10),
    ("step", {"f": "t//2"}, 40), ("step", {"f": "t//4"}, 40), ("step", {"f": "3"}, 20),
    ("step", {"f": "2**(ilog2(t)-1) if t >= 2 else 0"}, 40), ("step3", {"f": "t//2"}, 12),
    ("wythoff", {}, 30),
    *[("ryuoh", {"p": p}, 20) for p in range(1, 7)],
]
MEX_GAMES = [("chocolate", {"k": 2}, 10), ("chocolate", {"k": 4}, 8), ("chocolate", {"k": 5}, 12),
             ("step", {"f": "t"}, 12), ("step", {"f": "t//3"}, 14)]
PASS_GAMES = [("nim", {"heaps": 2}, 9), ("rect", {"sides": 2}, 7), ("nim", {"heaps": 3}, 4),
              ("chocolate", {"k": 3}, 6), ("chocolate", {"k": 1}, 5), ("ryuoh", {"p": 3}, 6),
              ("wythoff", {}, 5)]
MISERE_GAMES = [("nim", {"heaps": 3}, 5), ("nim", {"heaps": 4}, 3), ("rect", {"sides": 3}, 4),
                ("chocolate", {"k": 3}, 8), ("wythoff", {}, 8), ("step", {"f": "t//2"}, 12)]

# Names of theorems, lemmas and cases, and words that contain a digit in one language only.
REFERENCES = re.compile(
    r"(Theorems?|Lemma|Remark|Sections?|定理|補題|注意|第)\s*\d+(\.\d+)?(\s*(and|・)\s*\d+\.\d+)?"
    r"|\[(M2012|R1|S|\d)\]|\((i{1,3}|iii\.\d|iv)\)|binary [01]+|2 進数で [01]+|k = [13]|k ≥ 5|5 以上"
    r"|§\d|Exercise 2|練習問題 2|1907|φ²|nφ²?|2 進数|1 つ|2 つ|1 桁|1 手|1 回|two cases|2m( − 1)?"
    r"|2 人|1 個ずつ|最後の 1 個"
    r"|\d+ × \d+ (squares|マス)")


def positions(g, limit):
    """Every legal position of g with coordinates <= limit."""
    return [p for p in itertools.product(range(limit + 1), repeat=len(g.coords)) if g.is_legal(p)]


def numbers(value):
    """Every int inside value (dicts, lists, bit strings as their value)."""
    if isinstance(value, bool):
        return set()
    if isinstance(value, int):
        return {value}
    if isinstance(value, dict):
        out = set().union(*map(numbers, value.values())) if value else set()
        return out - ({value["bits"]} if "bits" in value else set())
    if isinstance(value, (list, tuple)):
        return set().union(*map(numbers, value)) if value else set()
    return set()


def stated(text):
    """The integers a sentence states, without the names of theorems and cases."""
    text = REFERENCES.sub(" ", text.replace("one step", "1 step"))
    return {int(n) for n in re.findall(r"\d+", text)}


def check_numbers(g, pos, e):
    """Binary columns are right; each text states only the position's, the move's, the
    game's and the data's numbers, and the same ones in both languages."""
    to = e.move.to if e.move else pos
    allowed = set(pos) | set(to) | numbers(g.params) | {0, 1, 2}  # 2: mod 2
    allowed |= {abs(a - b) for a, b in zip(pos, to)} | set(range(1, len(pos) + 1))  # the move
    for step in e.steps:
        allowed |= numbers(step.data)
        b = step.data.get("binary")
        if b:
            total = 0
            for row in b["rows"]:
                assert int(row["bits"], 2) == row["value"]
                total ^= row["value"]
            assert b["total"]["value"] == total and int(b["total"]["bits"], 2) == total
            assert b["column"] == (total.bit_length() - 1 if total else None)
            if total:
                allowed |= {2 ** b["column"]}
    for step in e.steps:
        en, ja = stated(step.text.en), stated(step.text.ja)
        assert en == ja, (pos, step.text)
        assert en <= allowed, (pos, step.text.en, en - allowed)


def check_winning(g, pos, e, misere=False):
    """The move is legal and winning exactly when the position is an N-position."""
    if g.outcome(pos, misere) == "P" or not g.moves(pos):  # misère: no move, the game is won
        assert e.move is None, (pos, e.move)
    else:
        assert e.move is not None and e.move.to in set(g.targets(pos)), pos
        assert g.outcome(e.move.to, misere) == "P", (pos, e.move.to)
        assert e.steps[-1].data.get("to") == e.move.to


def binary_rows(e):
    return next(s.data["binary"] for s in e.steps if "binary" in s.data)


@pytest.mark.parametrize("name,params,limit", THEOREM_GAMES)
def test_theorem_moves_win(name, params, limit):
    g = grundy.game(name, **params)
    for pos in positions(g, limit):
        e = explain(g, pos)
        assert e.kind == "theorem", pos
        check_winning(g, pos, e)
        check_numbers(g, pos, e)
        if name == "wythoff" or name == "chocolate" and g.k == 1 and 0 in (pos[0], pos[2]):
            continue
        rows = [r["value"] for r in binary_rows(e)["rows"]]
        if name == "chocolate" and g.k == 1:
            assert rows == [pos[0] - 1, pos[1], pos[2] - 1]
        elif name == "ryuoh":
            assert rows == [c // g.p for c in pos]
            assert next(s.data["grundy"] for s in e.steps if "grundy" in s.data) == g.grundy(pos)
        else:
            assert rows == list(pos)


def test_chocolate_cases_of_the_proof():
    """Every case of [M2012] Theorem 3.1's proof occurs, and the tight positions are
    those of Lemma 3.4: the P-positions with y = floor((x + z)/3)."""
    g = grundy.game("chocolate", k=3)
    kinds = set()
    for pos in positions(g, 16):
        e = explain(g, pos)
        kinds |= set(re.findall(r"kind (\[\d\])", " ".join(s.text.en for s in e.steps)))
    assert kinds == {"[1]", "[2]", "[3]", "[4]", "[5]"}
    for c in range(64):
        s, t = tight(c)
        assert s ^ t ^ c == 0 and t == (s + c) // 3
        assert t == max(y for y in range(c + 1) for x in range(3 * c + 3)
                        if x ^ y ^ c == 0 and y <= (x + c) // 3)


def test_step_subcase_iii2_occurs():
    g = grundy.game("step", f="t//2")
    assert any("(iii.2)" in " ".join(s.text.en for s in explain(g, pos).steps)
               for pos in positions(g, 40))


def test_wythoff_pairs_are_p_positions():
    g = grundy.game("wythoff")
    for n in range(30):
        a, b = wythoff_pair(n)
        assert b == a + n and g.outcome((a, b)) == "P" == g.outcome((b, a))


def check_mex(g, pos, e):
    step = next((s for s in e.steps if "options" in s.data), None)
    if step is None:
        assert not g.moves(pos) and e.move is None
        return
    options = step.data["options"]
    assert sorted(o["to"] for o in options) == sorted(m.to for m in g.moves(pos))
    for o in options:
        assert o["grundy"] == g.grundy(o["to"])
    assert step.data["values"] == sorted({o["grundy"] for o in options})
    assert step.data["mex"] == g.grundy(pos)


@pytest.mark.parametrize("name,params,limit", MEX_GAMES)
def test_mex_without_theorem(name, params, limit):
    g = grundy.game(name, **params)
    for pos in positions(g, limit):
        e = explain(g, pos)
        # a step chocolate's f may satisfy the condition of [S] up to a small z
        assert e.kind == ("theorem" if name == "step" and g.formula(pos) else "mex"), pos
        check_winning(g, pos, e)
        if e.kind == "mex":
            check_mex(g, pos, e)
        check_numbers(g, pos, e)


def pass_kind(g, pos):
    """With the pass available: two-heap Nim's rule, or passing from a P-position of the
    game without a pass (a theorem), else the mex; once it is used: the game's own argument."""
    inner, here = g.inner, pos[:-1]
    if not pos[-1]:
        return "theorem"
    if inner.name in ("nim", "rect") and len(here) == 2:
        return "theorem"
    return "theorem" if inner.moves(here) and inner.outcome(here) == "P" else "mex"


@pytest.mark.parametrize("name,params,limit", PASS_GAMES)
def test_pass(name, params, limit):
    g = with_pass(grundy.game(name, **params))
    for pos in positions(g, limit):
        e = explain(g, pos)
        assert e.kind == pass_kind(g, pos), pos
        check_winning(g, pos, e)
        if e.kind == "mex":
            check_mex(g, pos, e)
        check_numbers(g, pos, e)


@pytest.mark.parametrize("name,params,limit", MISERE_GAMES)
def test_misere(name, params, limit):
    g = grundy.game(name, **params)
    for pos in positions(g, limit):
        e = explain(g, pos, misere=True)
        assert e.kind == ("theorem" if name in ("nim", "rect") else "misere"), pos  # misère Nim
        check_winning(g, pos, e, misere=True)
        for step in e.steps:
            for o in step.data.get("options", ()):
                assert o["outcome"] == g.outcome(o["to"], misere=True)
        check_numbers(g, pos, e)


def test_sums():
    g = sum_of([{"game": "chocolate", "params": {"k": 3}}, {"game": "wythoff", "params": {}},
                {"game": "nim", "params": {"heaps": 1}}])
    for pos in positions(g, 2):
        e = explain(g, pos)
        assert e.kind == "theorem"
        check_winning(g, pos, e)
        assert [r["value"] for r in binary_rows(e)["rows"]] == \
            [c.grundy(p) for c, p in zip(g.games, g.split(pos))]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_webapi_explain(lang):
    out = webapi.handle({"op": "explain", "game": "chocolate", "params": {"k": 3},
                         "pos": "10 5 5", "lang": lang})
    assert out["kind"] == "theorem" and out["move"]["to"] == [6, 3, 5]
    assert out["steps"][0]["binary"]["rows"][0] == {"label": "x", "value": 10, "bits": "1010"}
    assert ("ニム和" in out["steps"][1]["text"]) == (lang == "ja")
    assert out["steps"][-1]["to"] == [6, 3, 5]
    p = webapi.handle({"op": "explain", "game": "nim", "pos": [3, 4, 5], "pass": True,
                       "lang": lang})
    assert p["kind"] == "mex" and p["move"]["pass"] is True and len(p["move"]["to"]) == 3
    assert any(o["kind"] == "pass" for o in p["steps"][1]["options"])
    used = webapi.handle({"op": "explain", "game": "nim", "pos": [3, 4, 5], "pass": False})
    assert used["move"] == {"to": [1, 4, 5], "text": "take 2 from heap 1", "kind": "move",
                            "pass": False}
    assert webapi.handle({"op": "explain", "game": "nim", "pos": [0, 0]})["move"] is None
    assert "error" in webapi.handle({"op": "explain", "game": "chocolate", "pos": "1 5 1"})
