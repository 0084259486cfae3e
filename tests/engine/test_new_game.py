"""The extension contract: a game written in a temporary module with only its rules and
moves (no table layout, no kernel, no drawer, no formula) works through the command
line, the Python API, a table, the pass and the JSON facade."""

import contextlib
import importlib
import io
import sys
import textwrap

import pytest

import grundy
from grundy import cli, webapi
from grundy.registry import _GAMES

MODULE = '''
"""Subtraction game: take 1 or 2 counters from a heap of n (G(n) = n mod 3)."""

from grundy import Game, Move, Param, Text, register


@register
class Take12(Game):
    name = "take12"
    title = Text("Take 1 or 2", "1 個か 2 個取る")
    params = (Param("most", "int", 2, 1, 9, Text("most", "最大"), Text("take at most", "最大個数")),)
    coords = ("n",)
    default_start = (7,)

    def targets(self, pos):
        return [(pos[0] - t,) for t in range(1, self.most + 1) if t <= pos[0]]

    def _moves(self, pos):
        return [Move(to, Text(f"take {pos[0] - to[0]}", f"{pos[0] - to[0]} 個取る"))
                for to in self.targets(pos)]
'''


@pytest.fixture
def take12(tmp_path, monkeypatch):
    (tmp_path / "take12_game.py").write_text(textwrap.dedent(MODULE), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.import_module("take12_game")
    yield tmp_path
    del _GAMES["take12"]
    sys.modules.pop("take12_game", None)


def test_python_api_and_tables(take12):
    g = grundy.game("take12")
    assert [g.grundy((n,)) for n in range(7)] == [0, 1, 2, 0, 1, 2, 0]
    assert grundy.game("take12", most=3).grundy((6,)) == 2
    t = g.table(9)
    assert list(t) == [(n,) for n in range(10)] and t.p_positions() == [(0,), (3,), (6,), (9,)]
    assert g.winning_move((7,)).to == (6,) and g.outcome((1,), misere=True) == "P"
    p = grundy.with_pass(g)
    assert p.grundy((0, 1)) == 0 and [m.kind for m in p.moves((1, 1))] == ["move", "pass"]
    assert p.grundy((1, 1)) == 2  # options: (0, 1) with value 0 and the pass to (1, 0), value 1


def test_command_line(take12):
    def run(*args):
        out = io.StringIO()
        assert cli.run(list(args), out) == 0
        return out.getvalue()

    assert run("value", "take12", "7") == "1\n"
    assert run("value", "take12", "--most", "3", "6") == "2\n"
    m = grundy.with_pass(grundy.game("take12")).winning_move((4, 1))
    expected = "none" if m is None else "pass" if m.kind == "pass" else str(m.to[0])
    assert run("move", "take12", "--pass", "4") == expected + "\n"
    assert run("move", "take12", "--pass", "1") == "0\n"
    assert run("table", "take12", "--max", "3").splitlines() == [
        "n,grundy,misere", "0,0,N", "1,1,P", "2,2,N", "3,0,N"]
    assert "take12" in cli.usage()
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert cli.main(["value", "take12", "--most", "x", "1"]) == 2
    assert err.getvalue().count("\n") == 1 and "--most must be a whole number" in err.getvalue()


def test_json_facade(take12):
    entry = webapi.handle({"op": "games"})["games"][-1]
    assert entry == {"name": "take12", "title": {"en": "Take 1 or 2", "ja": "1 個か 2 個取る"},
                     "params": [{"name": "most", "type": "int", "default": 2, "min": 1, "max": 9,
                                 "label": {"en": "most", "ja": "最大"},
                                 "help": {"en": "take at most", "ja": "最大個数"}}],
                     "coords": ["n"], "variable_coords": False, "start": [7], "table": True}
    state = webapi.handle({"op": "state", "game": "take12", "pos": "7", "pass": True, "lang": "ja"})
    assert state["grundy"] == grundy.with_pass(grundy.game("take12")).grundy((7, 1))
    assert [m["text"] for m in state["moves"]] == ["1 個取る", "2 個取る", "パス"]
    assert 'data-to="6"' in state["svg"] and 'data-to="5"' in state["svg"]
    table = webapi.handle({"op": "table", "game": "take12", "params": {"most": 3}, "max": 8})
    assert table["p_positions"] == [[0], [4], [8]]
    s = webapi.handle({"op": "state", "game": "sum", "pos": [4, 1, 2],
                       "params": {"components": [{"game": "take12"}, {"game": "wythoff"}]}})
    assert s["grundy"] == 1 ^ grundy.game("wythoff").grundy((1, 2))
