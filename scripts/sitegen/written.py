"""Answers the engine writes at build time for what a page asks before the reader does.

A table, nim-sum or P-position widget draws its first picture from the engine's answer to
its first request, and an exercise checks a reader's answer from the `state` of its
position, the perfect `reply` after each move and the `explain` of its hints: all asked
of `grundy.webapi.handle` here, with the very requests the browser sends, and written as
one small JSON file per widget or exercise and language (`{"written": {request: answer}}`,
the request as canonical JSON: keys sorted, no spaces, as `canonical` in
docs/assets/widgets/answers.js). Scrolling through a lesson then never loads the engine
(Pyodide, megabytes); it loads when the reader asks for something else.
"""

from __future__ import annotations

import json

from grundy import webapi

from . import cache


def canonical(request: dict) -> str:
    """The request as answers.js's `canonical` writes it."""
    return json.dumps(request, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def written(requests: list[dict]) -> dict:
    """{"written": {canonical request: the engine's answer}}; refused requests are left out
    (the browser's engine then says why)."""
    out = {}
    for request in requests:
        answer = webapi.handle(request)
        if "error" not in answer:
            out[canonical(request)] = answer
    return {"written": out}


def exercise(base: dict, pos: list[int], pass_: bool) -> dict:
    """An exercise's answers: base = {lang, game, params, misere} as the exercise asks; the
    state of `pos`, its explanation (the hints) and the perfect reply after each move."""
    flag = {"pass": True} if pass_ else {}
    state = {**base, "op": "state", "pos": pos, **flag}
    replies = [{**base, "op": "reply", "pos": move["to"], **({"pass": True} if move.get("pass") else {})}
               for move in webapi.handle(state).get("moves", [])]
    return written([state, {**base, "op": "explain", "pos": pos, **flag}, *replies])


def stored(ctx, folder: str, name: str, make) -> tuple[str, dict]:
    """(the URL, the content) of generated/FOLDER/KEY.json holding `make()` (cached on disk
    by `name`, a JSON-serialisable key of what it depends on)."""
    key = cache.key(folder, name)
    path = ctx.cache_dir / folder / f"{key}.json"
    if not path.exists():
        cache.store(path, json.dumps(make(), ensure_ascii=False, separators=(",", ":")))
    data = path.read_bytes()
    return ctx.asset(f"{folder}/{key}.json", data), json.loads(data)


def asset(ctx, folder: str, name: str, make) -> str:
    """The URL of generated/FOLDER/KEY.json holding `make()` (`stored`)."""
    return stored(ctx, folder, name, make)[0]
