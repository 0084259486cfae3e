"""A play widget's build-time game (scripts/sitegen/play_data.py): the two files hold the
engine's own answers, every one of them (the rest's boards joined back from their parts are
webapi.handle's very strings; a reply, every move the seeds choose, each perfect by the
rules written in the tests), every position of the game against the perfect computer to
its end when they fit, whole moves only when they do not."""

from __future__ import annotations

import gzip
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests" / "engine"))

from grundy import webapi  # noqa: E402
from rules import Rules  # noqa: E402
from sitegen import play_data  # noqa: E402

GAME = ("chocolate", {"k": 3}, [10, 5, 5], "en", False, False)  # the lesson's: both files


def unpacked(rest: dict) -> dict:
    """The rest's answers as answers.js unpacks them."""
    return {key: {**a, "svg": "".join(rest["parts"][i] for i in a["svg"])} if isinstance(a.get("svg"), list) else a
            for key, a in rest["answers"].items()}


def gz(data) -> int:
    return len(gzip.compress(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode(), 9))


def unanswered(answers: dict, start: list) -> list:
    """The requests of a game from `start` (the reader's every move, each perfect reply,
    the reader or the computer first) that `answers` cannot answer."""
    def state(pos):
        return answers.get(play_data.key("state", pos, False, False))

    missing, seen = [], set()
    todo = [start] + [m["to"] for m in answers.get(play_data.key("reply", start, False, False), {}).get("moves", [])]
    while todo:
        pos = todo.pop()
        found = state(pos)
        if found is None:
            missing.append(("state", pos))
            continue
        for move in found["moves"]:
            child = move["to"]
            if tuple(child) in seen:
                continue
            seen.add(tuple(child))
            reached = state(child)
            if reached is None:
                missing.append(("state", child))
            elif not reached["over"]:
                reply = answers.get(play_data.key("reply", child, False, False))
                if reply is None:
                    missing.append(("reply", child))
                else:
                    todo += [m["to"] for m in reply["moves"]]
    return missing


def test_the_two_files_hold_the_whole_game_as_the_engine_answers_it():
    first = play_data.first_moves(*GAME)
    rest = play_data.rest_of_game(*GAME)
    assert first["whole"] and rest is not None
    assert gz(first) <= 8000 and gz(rest) <= play_data.REST_BUDGET  # the first: the start only
    start = play_data.key("state", GAME[2], False, False)  # and the computer's reply, should it move first
    assert start in first["answers"] and len(first["answers"]) <= 3
    later = unpacked(rest)
    assert not set(later) & set(first["answers"])
    answers = {**first["answers"], **later}
    assert not unanswered(answers, GAME[2])
    game, params, _, lang, misere, _ = GAME
    ask = {"game": game, "params": params, "lang": lang, "misere": misere}
    rules = Rules(game, params)
    for key, answer in answers.items():  # each the engine's very answer
        op, pos, _, _, _, stacked = json.loads(key)
        if op == "state":
            assert answer == webapi.handle({**ask, "op": "state", "pos": pos, "stacked": stacked}), key
            continue
        replies = [webapi.handle({**ask, "op": "reply", "pos": pos, "level": "perfect", "seed": seed})["move"]
                   for seed in range(play_data.SEEDS)]
        assert answer["level"] == "perfect" and answer["moves"] == list({json.dumps(m): m for m in replies}.values())
        assert {tuple(m["to"]) for m in answer["moves"]} <= rules.perfect(tuple(pos)), key


def test_a_game_that_does_not_fit_ends_at_a_whole_move(monkeypatch):
    monkeypatch.setattr(play_data, "REST_BUDGET", 6000)
    play_data._files.cache_clear()
    try:
        first = play_data.first_moves(*GAME)
        rest = play_data.rest_of_game(*GAME)
    finally:
        play_data._files.cache_clear()
    assert not first["whole"] and gz(rest) <= 6000
    answers = {**first["answers"], **unpacked(rest)}
    assert unanswered(answers, GAME[2])  # the engine answers beyond


@pytest.mark.parametrize("svg", ["<svg><path d='M0,0L1,1ZM2,2L3,3Z'/><g>x</g></svg>", "plain"])
def test_pack_keeps_the_svg(svg):
    packed = play_data.pack({"k": {"svg": svg, "pos": [1]}, "r": {"moves": []}})
    assert unpacked(packed) == {"k": {"svg": svg, "pos": [1]}, "r": {"moves": []}}
