"""A play widget's first moves, answered by the engine at build time.

`first_moves(game, params, start, lang, misere, pass_)` asks `grundy.webapi.handle` what
the widget asks the engine in the browser (`levels`; `state` of each position; the
perfect `reply`) for the positions reachable from the start, ply by ply (every move of
the reader, the computer's perfect replies), as far as BUDGET bytes of gzip allow. The
widget (docs/assets/widgets/answers.js) plays from these answers at once and loads the
engine only when the reader leaves them: what plays before Pyodide arrives is the
engine's own output, not a second implementation of the rules.

Keys: `[op, pos, misere, pass, hints, stacked]` as compact JSON (answers.js builds the
same); a reply lists every move the perfect player may choose (the seeds 0..SEEDS-1),
the widget takes one by its seed.
"""

from __future__ import annotations

import gzip
import json

from grundy import webapi

BUDGET = 30_000  # gzip bytes per widget and language (a lesson: <= 300 kB before the first move)
SEEDS = 8        # seeds tried for the perfect player's equally good replies


def key(op: str, pos: list, misere: bool, pass_: bool, stacked: bool = False) -> str:
    """The answer's key, as answers.js writes it (hints off)."""
    return json.dumps([op, pos, misere, pass_, False, stacked], separators=(",", ":"))


def _size(data: dict) -> int:
    return len(gzip.compress(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode(), 9))


def first_moves(game: str, params: dict, start: list, lang: str, misere: bool, pass_: bool) -> dict:
    """{game, params, lang, levels, answers: {key: response}} for the widget's start."""
    base = {"game": game, "params": params, "lang": lang, "misere": misere}
    sizes = (False, True) if game == "sum" else (False,)  # a sum's boards side by side or stacked
    levels = webapi.handle({"op": "levels", "game": game, "params": params, **({"pass": True} if pass_ else {})})
    data = {"game": game, "params": params, "lang": lang, "misere": misere, "pass": pass_,
            "levels": levels, "answers": {}}
    answers = data["answers"]

    def ask(op: str, pos: list, flag: bool, **extra) -> dict:
        return webapi.handle({**base, "op": op, "pos": pos, **({"pass": True} if flag else {}), **extra})

    def state(pos: list, flag: bool) -> dict | None:
        """The position's state (every board size), None when the engine refuses it."""
        for stacked in sizes:
            found = ask("state", pos, flag, stacked=stacked)
            if "error" in found:
                return None
            answers[key("state", pos, misere, flag, stacked)] = found
        return found

    def reply(pos: list, flag: bool) -> list:
        """The perfect replies from pos (stored), as (pos, pass) pairs."""
        moves = []
        for seed in range(SEEDS):
            found = ask("reply", pos, flag, level="perfect", seed=seed)
            if "error" in found or found["move"] is None:
                return []
            if found["move"] not in moves:
                moves.append(found["move"])
        answers[key("reply", pos, misere, flag)] = {"moves": moves, "level": "perfect"}
        return [(m["to"], m.get("pass", flag)) for m in moves]

    def after(move: dict, flag: bool) -> tuple:
        return move["to"], move.get("pass", flag)

    first = state(start, pass_)
    if first is None:
        return data
    turns = [(start, pass_, first)]  # positions where the reader is to move
    for pos, flag in reply(start, pass_):  # the computer moves first
        found = state(pos, flag)
        if found:
            turns.append((pos, flag, found))
    while turns:
        following = []
        for pos, flag, found in turns:
            for move in found["moves"]:
                child, child_flag = after(move, flag)
                if key("state", child, misere, child_flag) in answers:
                    continue
                kept = dict(answers)
                reached = state(child, child_flag)
                if reached is None or reached["over"]:
                    continue
                for answer_pos, answer_flag in reply(child, child_flag):
                    answered = state(answer_pos, answer_flag)
                    if answered and not answered["over"]:
                        following.append((answer_pos, answer_flag, answered))
                if _size(data) > BUDGET:  # this move does not fit: the data end before it
                    answers.clear()
                    answers.update(kept)
                    return data
        turns = following
    return data
