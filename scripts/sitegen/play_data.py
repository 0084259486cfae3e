"""A play widget's game, answered by the engine at build time.

The widget (docs/assets/widgets/answers.js) plays from answers of `grundy.webapi.handle`
to what it asks the engine in the browser (`levels`; `state` of each position; the
perfect `reply`) for the positions reachable from the start, ply by ply (every move of
the reader, the computer's perfect replies; the computer may move first): what plays
before Pyodide arrives is the engine's own output, not a second implementation of the
rules. Two files per widget and language:

- `first_moves`: the start, the computer's perfect replies from it and the positions they
  lead to (for a game the computer begins): all the widget needs to show the start and
  take the reader's first move (the computer's answer to it is in the rest), a few kB;
  the page's head preloads it (a lesson: <= 300 kB before the first move); `rest` names
  the second file, `whole` says whether the two hold every end of the game;
- `rest_of_game`: the plies after it, to the game's end where REST_BUDGET allows, else
  as many whole moves as fit; fetched once the widget has started and the page is loaded
  and the browser idle, or at the reader's first action if sooner (not before: the first
  move waits for nothing but the start). None when the first file holds the whole game.

Keys: `[op, pos, misere, pass, hints, stacked]` as compact JSON (answers.js builds the
same); a reply lists every move the perfect player may choose (the seeds 0..SEEDS-1),
the widget takes one by its seed. In the rest file a state's `svg` is written as a list
of indices into `parts`, the pieces of every board drawn (an element, a path's closed
figure): the drawings of nearby positions share most of them; answers.js joins them
back into the engine's very string.
"""

from __future__ import annotations

import functools
import gzip
import json
import re

from grundy import webapi

REST_BUDGET = 250_000  # gzip bytes of the rest (a lesson: <= 1 MB in the first 60 s)
SEEDS = 8              # seeds tried for the perfect player's equally good replies
# where an svg is cut into parts: before a tag, after one, after a path's closed figure
PIECE = re.compile(r"(?<=>)|(?=<)|(?<=Z)")


def key(op: str, pos: list, misere: bool, pass_: bool, stacked: bool = False) -> str:
    """The answer's key, as answers.js writes it (hints off)."""
    return json.dumps([op, pos, misere, pass_, False, stacked], separators=(",", ":"))


def _compact(data) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _size(text: str) -> int:
    return len(gzip.compress(text.encode(), 9))


def explore(game: str, params: dict, start: list, lang: str, misere: bool, pass_: bool,
            enough) -> tuple[dict, list[int], bool]:
    """({game, params, lang, misere, pass, levels, answers}, marks, whole): the answers
    of the positions reachable from the start, breadth first, after each of the reader's
    moves the number of answers so far (a file ends at a mark: whole moves only), and
    whether they reach every end. Stops once enough(answers) is true (asked each time
    their JSON has grown by half)."""
    base = {"game": game, "params": params, "lang": lang, "misere": misere}
    sizes = (False, True) if game == "sum" else (False,)  # a sum's boards side by side or stacked
    levels = webapi.handle({"op": "levels", "game": game, "params": params, **({"pass": True} if pass_ else {})})
    data = {"game": game, "params": params, "lang": lang, "misere": misere, "pass": pass_,
            "levels": levels, "answers": {}}
    answers = data["answers"]
    marks = []
    written, check = 0, 100_000

    def ask(op: str, pos: list, flag: bool, **extra) -> dict:
        return webapi.handle({**base, "op": op, "pos": pos, **({"pass": True} if flag else {}), **extra})

    def store(name: str, answer: dict) -> None:
        nonlocal written
        if name not in answers:
            written += len(_compact(answer))
        answers[name] = answer

    def state(pos: list, flag: bool) -> dict | None:
        """The position's state (every board size), None when the engine refuses it."""
        name = key("state", pos, misere, flag, sizes[-1])
        if name in answers:
            return answers[name]
        for stacked in sizes:
            found = ask("state", pos, flag, stacked=stacked)
            if "error" in found:
                return None
            store(key("state", pos, misere, flag, stacked), found)
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
        store(key("reply", pos, misere, flag), {"moves": moves, "level": "perfect"})
        return [(m["to"], m.get("pass", flag)) for m in moves]

    def after(move: dict, flag: bool) -> tuple:
        return move["to"], move.get("pass", flag)

    first = state(start, pass_)
    if first is None:
        return data, [0], True
    turns = [(start, pass_, first)]  # positions where the reader is to move
    for pos, flag in reply(start, pass_):  # the computer moves first
        found = state(pos, flag)
        if found:
            turns.append((pos, flag, found))
    marks.append(len(answers))
    seen = set()
    while turns:
        following = []
        for pos, flag, found in turns:
            for move in found["moves"]:
                child, child_flag = after(move, flag)
                if (tuple(child), child_flag) in seen:
                    continue
                seen.add((tuple(child), child_flag))
                reached = state(child, child_flag)
                if reached is None or reached["over"]:
                    marks.append(len(answers))
                    continue
                for answer_pos, answer_flag in reply(child, child_flag):
                    answered = state(answer_pos, answer_flag)
                    if answered and not answered["over"]:
                        following.append((answer_pos, answer_flag, answered))
                marks.append(len(answers))
                if written > check:
                    if enough(answers):
                        return data, marks, False
                    check = written * 3 // 2
        turns = following
    return data, marks, True


def _largest(marks: list[int], fits) -> int:
    """The last mark m (marks ascending) with fits(m), by bisection; marks[0] if none."""
    lo, hi = 0, len(marks) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(marks[mid]):
            lo = mid
        else:
            hi = mid - 1
    return marks[lo]


def _rest(data: dict, items: list, n: int, m: int) -> dict:
    """The rest file: answers n..m (packed)."""
    return {**{k: data[k] for k in ("game", "params", "lang", "misere", "pass")}, **pack(dict(items[n:m]))}


@functools.lru_cache(maxsize=4)
def _files(args: str) -> tuple[dict, list, int, int, bool]:
    """(data, the answers' items, how many the first file holds, how many both hold,
    whether they reach every end) for the JSON-encoded arguments of first_moves."""
    game, params, start, lang, misere, pass_ = json.loads(args)
    data, marks, whole = explore(game, params, start, lang, misere, pass_,
                                 lambda answers: _size(_compact(pack(answers))) > REST_BUDGET)
    items = list(data["answers"].items())
    n = marks[0]  # the start, and the computer's first replies
    later = [m for m in marks if m > n]
    m = _largest([n, *later], lambda m: _size(_compact(_rest(data, items, n, m))) <= REST_BUDGET)
    _pieces.cache_clear()
    return data, items, n, m, whole and m == len(items)


def first_moves(game: str, params: dict, start: list, lang: str, misere: bool, pass_: bool) -> dict:
    """{game, params, lang, misere, pass, levels, answers: {key: response}, whole} for the
    widget's start; `whole`: whether this file and rest_of_game's reach every end."""
    data, items, n, _, whole = _files(_compact([game, params, start, lang, misere, pass_]))
    return {**data, "answers": dict(items[:n]), "whole": whole}


def pack(answers: dict) -> dict:
    """{parts, answers}: the answers with each svg as indices into parts (see above)."""
    parts, index, packed = [], {}, {}
    for name, answer in answers.items():
        if "svg" in answer:
            ids = []
            for piece in _pieces(answer["svg"]):
                if piece not in index:
                    index[piece] = len(parts)
                    parts.append(piece)
                ids.append(index[piece])
            answer = {**answer, "svg": ids}
        packed[name] = answer
    return {"parts": parts, "answers": packed}


@functools.lru_cache(maxsize=None)
def _pieces(svg: str) -> tuple[str, ...]:
    """The svg cut where PIECE says, kept while _files packs the same drawings again for
    each size it tries (the cutting was 20 s of a build's CPU)."""
    return tuple(piece for piece in PIECE.split(svg) if piece)


def rest_of_game(game: str, params: dict, start: list, lang: str, misere: bool, pass_: bool) -> dict | None:
    """{game, params, lang, misere, pass, parts, answers}: the answers after the first
    file's, as many whole moves as REST_BUDGET bytes of gzip hold; None when the first
    file already holds every answer."""
    data, items, n, m, _ = _files(_compact([game, params, start, lang, misere, pass_]))
    return _rest(data, items, n, m) if m > n else None
