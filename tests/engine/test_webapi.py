"""grundy.webapi: the JSON facade the browser worker calls (CPython side of the contract)."""

import json
import re

import pytest

import grundy
from grundy import webapi

from conftest import known_cases

# every registered game, with each parameter set of its data file (tests/engine/data)
GAMES = known_cases()


def call(**request):
    return webapi.handle(request)


@pytest.mark.parametrize("name,params,pos", GAMES)
def test_state_matches_engine(name, params, pos):
    g = grundy.game(name, **params)
    s = call(op="state", game=name, params=params, pos=list(pos), lang="en")
    assert s["pos"] == list(pos) and s["grundy"] == g.grundy(pos)
    assert s["outcome"] == g.outcome(pos) and not s["over"]
    assert sorted(tuple(m["to"]) for m in s["moves"]) == sorted(m.to for m in g.moves(pos))
    for m in s["moves"]:
        assert m["grundy"] == g.grundy(tuple(m["to"]))
        assert m["outcome"] == g.outcome(tuple(m["to"]))
    assert (s["winning"] is None) == (g.outcome(pos) == "P")
    assert s["svg"].startswith("<svg") and 'class="move"' in s["svg"]


@pytest.mark.parametrize("name,params,pos", GAMES)
def test_reply_is_perfect(name, params, pos):
    g = grundy.game(name, **params)
    for misere in (False, True):
        move = call(op="reply", game=name, params=params, pos=list(pos), misere=misere)["move"]
        to = tuple(move["to"])
        assert to in {m.to for m in g.moves(pos)} and move["text"]
        if g.outcome(pos, misere=misere) == "N":
            assert g.outcome(to, misere=misere) == "P"


def test_reply_at_the_end_and_misere_state():
    assert call(op="reply", game="nim", pos=[0, 0])["move"] is None
    s = call(op="state", game="nim", pos="0 0 1", misere=True)
    assert s["outcome"] == "P" and s["moves"][0]["outcome"] == "N"
    assert call(op="state", game="chocolate", pos=[0, 0, 0])["over"] is True


def test_japanese_texts_and_hints():
    s = call(op="state", game="chocolate", params={"k": 3}, pos="10 5 5", lang="ja", hints=True)
    g = grundy.game("chocolate", k=3)
    assert [m["text"] for m in s["moves"]] == [m.describe("ja") for m in g.moves((10, 5, 5))]
    assert "hint" in s["svg"]


@pytest.mark.parametrize("text,pos", [("10 5 5", (10, 5, 5)), ("{10, 5, 5}", (10, 5, 5)),
                                      ("(4,2)", (4, 2)), ("3、5、6", (3, 5, 6))])
def test_parse_pos(text, pos):
    assert webapi.parse_pos(text) == pos


BAD_REQUESTS = [
    {"op": "state", "game": "chocolate", "params": {"k": 3}, "pos": "10 9 5"},
    {"op": "state", "game": "chocolate", "pos": "ten"},
    {"op": "state", "game": "chocolate", "pos": [1, -2, 3]},
    {"op": "state", "game": "nope", "pos": "1 2"},
    {"op": "state", "game": "chocolate", "params": {"k": 0}, "pos": "1 0 1"},
    {"op": "state", "game": "chocolate", "params": {"q": 1}, "pos": "1 0 1"},
    {"op": "state", "game": "step", "params": {"f": "t//"}, "pos": "1 2"},
    {"op": "state", "game": "step", "params": {"f": "__import__('os').system('x')"}, "pos": "1 2"},
    {"op": "state", "game": "nim", "pos": "900 900"},
    {"op": "state", "game": "chocolate", "params": {"k": 1}, "pos": "99 99 99"},
    {"op": "state", "game": "chocolate"},
    {"op": "table", "game": "chocolate", "params": {"k": 3}, "max": 199},
    {"op": "table", "game": "chocolate", "max": "lots"},
    {"op": "nimsum", "heaps": "3 x"},
    {"op": "nimsum", "heaps": list(range(40))},
    {"op": "ppositions", "k": 1, "max": 128},
    {"op": "fly"}, {"no": "op"}, None, [1, 2],
]


@pytest.mark.parametrize("request_", BAD_REQUESTS)
def test_bad_requests_give_one_line_errors(request_):
    answer = webapi.handle(request_)
    assert set(answer) == {"error"}
    assert answer["error"] and "\n" not in answer["error"]


def test_errors_in_japanese():
    answer = call(op="table", game="chocolate", max=199, lang="ja")
    assert "大きすぎ" in answer["error"]


JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


@pytest.mark.parametrize("request_", [r for r in BAD_REQUESTS if isinstance(r, dict)])
def test_every_error_on_a_japanese_page_is_in_japanese(request_):
    """The engine's own messages (bad positions, parameters, f) come in Japanese too."""
    answer = webapi.handle({**request_, "lang": "ja"})
    assert set(answer) == {"error"} and JAPANESE.search(answer["error"]), answer


def test_engine_errors_in_both_languages():
    request = {"op": "state", "game": "chocolate", "params": {"k": 3}, "pos": "10 9 5"}
    assert call(**request)["error"] == "y = 9 is over its bound: y ≤ ⌊(x + z)/3⌋ = 5"
    assert call(**request, lang="ja")["error"].startswith("y = 9 は上限を超えています")
    step = {"op": "state", "game": "step", "params": {"f": "5-t"}, "pos": "0 3", "lang": "ja"}
    assert "減少" in call(**step)["error"]


@pytest.mark.parametrize("name,params,pos", GAMES)
def test_theorem_names_in_the_page_language(name, params, pos):
    f = grundy.game(name, **params).formula(pos)
    for lang, theorem in (("en", f and f.theorem.en), ("ja", f and f.theorem.ja)):
        state = call(op="state", game=name, params=params, pos=list(pos), lang=lang)
        assert (state["formula"] and state["formula"]["theorem"]) == theorem
    sized = grundy.game(name, **params).for_table().params  # tables need a size
    table = call(op="table", game=name, params=sized, max=6, lang="ja")
    g = grundy.game(name, **sized)
    # the theorem the table is compared with: the first whose condition holds for the whole
    # table, else the first (its condition then says it fails); a theorem about positions
    # (Chomp's shapes) need not be the one of the state's position
    theorems = type(g).theorems
    chosen = next((t for t in theorems if t.judge(g, 6).holds), theorems[0] if theorems else None)
    origin = tuple(table["rows"][0][:len(g.coords)])
    assert table["theorem"] == (chosen and chosen.named(g, origin)[0].ja or None)
    assert chosen is None or chosen.unconditional or table["condition"]["holds"] == chosen.judge(g, 6).holds


def test_random_start():
    for name, params, _ in GAMES:
        g = grundy.game(name, **params)
        a = call(op="random_start", game=name, params=params, max=12, seed=5)
        assert a == call(op="random_start", game=name, params=params, max=12, seed=5)
        pos = g.validate(a["pos"])
        assert max(pos) <= 12 and g.moves(pos)


def test_table():
    t = call(op="table", game="chocolate", params={"k": 3}, max=8)
    table = grundy.game("chocolate", k=3).table(8)
    assert t["coords"] == ["x", "y", "z"] and len(t["rows"]) == len(list(table))
    for row in t["rows"]:
        assert row[3] == table[tuple(row[:3])]
        assert (row[4] == 0) == (row[3] == 0)  # Theorem 2.1: P <=> x ^ y ^ z = 0
    assert sorted(map(tuple, t["p_positions"])) == sorted(table.p_positions())
    assert t["mismatches"] == [] and t["theorem"]
    r = call(op="table", game="ryuoh", params={"p": 4}, max=12)
    assert r["mismatches"] == [] and all(row[2] == row[3] for row in r["rows"])


def test_table_against_the_nim_sum():
    """compare="xor" marks the cells where "P <=> x ^ y ^ z = 0" fails (k = 5: it does)."""
    k3 = call(op="table", game="chocolate", params={"k": 3}, max=8, compare="xor")
    assert k3["mismatches"] == []
    k5 = call(op="table", game="chocolate", params={"k": 5}, max=12, compare="xor")
    table = grundy.game("chocolate", k=5).table(12)
    expected = sorted(p for p, v in table.items() if (v == 0) != (p[0] ^ p[1] ^ p[2] == 0))
    assert expected and sorted(map(tuple, k5["mismatches"])) == expected


def test_nimsum():
    a = call(op="nimsum", heaps=[3, 5, 6])
    assert a == {"heaps": [3, 5, 6], "binary": ["011", "101", "110"], "total": 0, "total_binary": "000"}
    assert call(op="nimsum", heaps="1 2")["total"] == 3
    assert call(op="nimsum", heaps="")["total"] == 0


def test_ppositions():
    points = call(op="ppositions", k=3, max=10)["points"]
    assert points and all(x ^ y ^ z == 0 for x, y, z in points)
    assert sorted(map(tuple, points)) == sorted(grundy.game("chocolate", k=3).table(10).p_positions())


def test_handle_json():
    answer = json.loads(webapi.handle_json(json.dumps({"op": "nimsum", "heaps": [1, 2], "lang": "ja"})))
    assert answer["total"] == 3
    assert "error" in json.loads(webapi.handle_json("{not json"))


def test_ppositions_reports_progress():
    seen = []
    answer = json.loads(webapi.handle_json(json.dumps({"op": "ppositions", "k": 2, "max": 12}),
                                           lambda done, total: seen.append((done, total))))
    assert answer["points"]
    assert seen == [(x, 13) for x in range(13)]
    assert webapi.handle_json(json.dumps({"op": "nimsum", "heaps": [1]}), seen.append)
    assert len(seen) == 13  # no table, no progress
