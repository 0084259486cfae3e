"""Tests driven by the registry and by one data file of known values per game
(tests/engine/data/NAME.json): every registered game works through the Python API, its
tables, the pass, the command line, the JSON facade and the SVG, with no per-game list."""

import io
import re

import pytest

import grundy
from grundy import cli, svg, webapi
from grundy.reference import reference_grundy
from grundy.registry import games

from conftest import known

NAMES = [cls.name for cls in games()]


def run_cli(*args):
    out = io.StringIO()
    assert cli.run(list(map(str, args)), out) == 0
    return out.getvalue().strip()


@pytest.mark.parametrize("name", NAMES)
def test_metadata(name):
    cls = grundy.find_game(name)
    assert cls.title.en and cls.title.ja and cls.checks
    g = grundy.game(name)
    assert g.validate(cls.default_start) == tuple(cls.default_start)
    for p in cls.params:
        assert p.kind in ("int", "expr") and p.label.ja and p.help.en
    for theorem in cls.theorems:
        assert theorem.name.ja and theorem.condition.en and theorem.kind in ("grundy", "outcome")
    assert {c.id for c in grundy.verify.specs().values()} >= {c.id for c in cls.checks}


@pytest.mark.parametrize("name", NAMES)
def test_known_values(name):
    for params, pos, e in known(name):
        g = grundy.game(name, **params)
        assert g.grundy(pos) == e["grundy"], (params, pos)
        assert g.outcome(pos, misere=True) == e["misere"], (params, pos)
        assert grundy.with_pass(g).grundy((*pos, 1)) == e["pass_grundy"], (params, pos)
        f = g.formula(pos)
        if f is not None:
            assert (f.value == e["grundy"]) if f.kind == "grundy" else \
                ((f.value == 0) == (e["grundy"] == 0))


@pytest.mark.parametrize("name", NAMES)
def test_tables_and_pass_tables_agree_with_the_reference(name):
    params = known(name)[0][0]
    g = grundy.game(name, **params).for_table()
    for game in (g, grundy.with_pass(g)):
        memo = {}
        for pos, value in game.table(4).items():
            assert value == reference_grundy(game, pos, memo), (game, pos)


@pytest.mark.parametrize("name", NAMES)
def test_command_line(name):
    params, pos, e = known(name)[0]
    options = [f"--{k}={v}" for k, v in params.items()]
    assert run_cli("value", name, *options, *pos) == str(e["grundy"])
    assert run_cli("value", name, *options, "--pass", *pos) == str(e["pass_grundy"])
    assert run_cli("outcome", name, *options, "--misere", *pos) == e["misere"]
    assert run_cli("table", name, *options, "--max", 2, "--pass").startswith(
        ",".join(grundy.game(name, **params).for_table().coords))


@pytest.mark.parametrize("name", NAMES)
def test_json_facade_and_svg(name):
    params, pos, e = known(name)[0]
    entry = next(x for x in webapi.handle({"op": "games"})["games"] if x["name"] == name)
    assert entry["title"] == grundy.find_game(name).title.as_dict() and entry["table"]
    state = webapi.handle({"op": "state", "game": name, "params": params, "pos": list(pos)})
    assert state["grundy"] == e["grundy"]
    with_pass = webapi.handle({"op": "state", "game": name, "params": params, "pos": list(pos),
                               "pass": True})
    assert with_pass["grundy"] == e["pass_grundy"] and with_pass["pass"] is True
    kinds = [m["kind"] for m in with_pass["moves"]]
    assert kinds.count("pass") == (1 if kinds[:-1] else 0)
    picture = svg.draw(grundy.game(name, **params), pos)
    assert picture.count('class="move') >= len([k for k in kinds if k == "move"]) > 0


def test_sum_of_every_game_through_the_json_facade():
    components = [{"game": name, "params": known(name)[0][0]} for name in NAMES]
    pos = [c for name in NAMES for c in known(name)[0][1]]
    state = webapi.handle({"op": "state", "game": "sum", "params": {"components": components},
                           "pos": pos, "lang": "ja"})
    total = 0
    for name, part in zip(NAMES, state["components"]):
        total ^= known(name)[0][2]["grundy"]
        assert part["game"] == name and part["grundy"] == known(name)[0][2]["grundy"]
    assert state["grundy"] == total
    targets = {m["to"] and ",".join(map(str, m["to"])) for m in state["moves"]}
    drawn = set(re.findall(r'data-to="([^"]*)"', state["svg"]))
    assert drawn <= targets and len(drawn) > len(NAMES)


def test_unknown_games_are_game_errors():
    with pytest.raises(grundy.GameError):
        grundy.find_game("chess")
    with pytest.raises(grundy.GameError):
        svg.draw("chess", (1,))
    assert "error" in webapi.handle({"op": "state", "game": "sum", "params": {}, "pos": [1]})


def test_a_stacked_sum_is_a_column_with_the_same_moves():
    """For a narrow screen, a sum's boards one above the other: taller than wide, the same
    move targets as the row."""
    request = {"op": "state", "game": "sum", "pos": [3, 1, 2, 3, 2, 1], "params": {"components": [
        {"game": "chocolate", "params": {"k": 3}}, {"game": "nim", "params": {"heaps": 1}},
        {"game": "wythoff", "params": {}}]}}
    shapes = {}
    for stacked in (False, True):
        picture = webapi.handle({**request, "stacked": stacked})["svg"]
        width, height = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', picture).groups())
        shapes[stacked] = (width > height, set(re.findall(r'data-to="([^"]*)"', picture)))
    assert shapes[False][0] and not shapes[True][0]
    assert shapes[False][1] == shapes[True][1]


def test_per_game_plugins_name_registered_games():
    """Explainers, drawers and figures are registered by each game's own modules under its
    name: no name that is not a registered game, and the parameters a figure fixes are the
    game's (a class's `figures` are its own, not inherited)."""
    from grundy.explain.base import EXPLAINERS, WHY_NONE
    from grundy.svg._base import DRAWERS, TITLES

    assert set(EXPLAINERS) | set(WHY_NONE) | set(DRAWERS) | set(TITLES) <= set(NAMES)
    for cls in games():
        for params in vars(cls).get("figures", {}).values():
            assert grundy.game(cls.name, **params).params.items() >= params.items()
