"""The pieces of an explanation: steps (a sentence in both languages plus data such as
binary rows or a list of options), the explanation itself, shared sentences, and the
registry of explainers (`@explainer("name")`, one module per game family, as drawers)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from ..core import Game, Move
from ..passing import PassGame
from ..text import Text

EXPLAINERS: dict[str, Callable] = {}  # game name -> explainer(game, pos) -> Explanation | None
WHY_NONE: dict[str, Text] = {}        # game name -> why its theorem does not apply, where known
BOARDS: set[str] = set()              # games whose positions are squares of a board: (x, y)


def explainer(*names: str, why_none: Text | None = None, board: bool = False):
    """Decorator: register the argument of the theorem of the games `names`; it returns
    None where the theorem does not apply, and `why_none` then says why (else the
    explanation says only that no theorem applies). `board`: the games' positions are
    squares of a board, written (x, y); else {x, y, z}, as the papers write heaps and bars."""
    def register(function):
        for name in names:
            EXPLAINERS[name] = function
            if why_none is not None:
                WHY_NONE[name] = why_none
            if board:
                BOARDS.add(name)
        return function
    return register


@dataclass(frozen=True)
class Step:
    """One step of an argument: `text` in both languages, `data` for a picture of it:
    {"binary": {...}} (numbers in binary columns) or {"options": [...], ...} (a mex)."""

    text: Text
    data: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Explanation:
    """Why `move` wins (or why no move wins: `move` is None).

    kind "theorem": the argument of a paper's constructive proof; "mex": no theorem, the
    Grundy values of the options and their mex; "misere": no theorem, the misère outcomes
    of the options."""

    kind: str
    steps: tuple[Step, ...]
    move: Move | None

    def as_dict(self, lang: str = "en", shown=list) -> dict:
        """The explanation as JSON in `lang`; `shown(pos)` turns a position into the list
        the caller shows (the JSON facade drops the pass flag)."""
        move = None
        if self.move is not None:
            move = {"to": shown(self.move.to), "text": self.move.describe(lang),
                    "kind": self.move.kind}
        return {"kind": self.kind, "move": move,
                "steps": [{"text": s.text.get(lang),
                           **_walk(s.data, lambda t: t.get(lang), shown)} for s in self.steps]}

    def with_positions(self, lift, move: Move | None, first: Step) -> "Explanation":
        """The same argument for a bigger game: `first` put in front, every position of
        the data (key "to") through `lift`, and that game's `move`."""
        steps = (first, *(Step(s.text, _walk(s.data, lambda t: t, lift)) for s in self.steps))
        return Explanation(self.kind, steps, move)


def _walk(value, text, pos):
    """`value` with every Text through `text` and every position (key "to") through `pos`."""
    if isinstance(value, Text):
        return text(value)
    if isinstance(value, dict):
        return {k: pos(v) if k == "to" else _walk(v, text, pos) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_walk(v, text, pos) for v in value]
    return value


def fmt(pos, braces: bool = True) -> str:
    """A position as the papers write it: {10, 5, 5} (chocolates) or (3, 4) (boards)."""
    inner = ", ".join(str(c) for c in pos)
    return "{" + inner + "}" if braces else "(" + inner + ")"


def find_move(game: Game, pos: tuple, to: tuple) -> Move | None:
    """The engine's move from `pos` to `to`, or None if the rules have no such move."""
    return next((m for m in game.moves(pos) if m.to == tuple(to)), None)


def xor(values) -> int:
    """The nim-sum of `values`."""
    total = 0
    for v in values:
        total ^= v
    return total


def binary(rows, total_label: Text, column: int | None) -> dict:
    """Data of a binary-columns picture: `rows` is [(label, value)]; `column` the bit
    (2**column) to highlight, e.g. the highest 1 of the nim-sum."""
    values = [v for _, v in rows]
    total = xor(values)
    width = max(1, *(v.bit_length() for v in values))
    line = lambda label, v: {"label": label, "value": v, "bits": format(v, f"0{width}b")}  # noqa: E731
    return {"binary": {"rows": [line(label, v) for label, v in rows],
                       "total": line(total_label, total), "column": column}}


NIMSUM = Text("nim-sum", "ニム和")
END = Text("No move is left: the player to move has lost.",
           "もう手がありません。手番のプレイヤーの負けです。")


def nimsum_steps(rows, intro: Text, data: dict | None = None) -> tuple[list[Step], int, int]:
    """The first steps of every nim-sum argument: the numbers in binary (`intro`, with more
    `data` if given), their nim-sum and, when it is not 0, the column of its highest 1.
    Returns (steps, nim-sum, that column or -1)."""
    s = xor(v for _, v in rows)
    m = s.bit_length() - 1
    steps = [Step(intro, {**binary(rows, NIMSUM, m if s else None), **(data or {})})]
    if s == 0:
        steps.append(Step(Text(
            "Count the 1s in each column, mod 2: the nim-sum is 0.",
            "各列の 1 の個数を 2 で割った余りを並べると、ニム和は 0 です。")))
    else:
        bits = format(s, "b")
        steps.append(Step(Text(
            f"Count the 1s in each column, mod 2: the nim-sum is {s} (binary {bits}). It is "
            f"not 0, so this is an N-position: the player to move can win. Its highest 1 is "
            f"in the {2 ** m}s column.",
            f"各列の 1 の個数を 2 で割った余りを並べると、ニム和は {s}（2 進数で {bits}）です。"
            f"0 ではないので N 局面で、手番のプレイヤーが勝てます。ニム和のいちばん上の 1 は "
            f"{2 ** m} の位にあります。")))
    return steps, s, m


def shown(game: Game, pos: tuple, braces: bool) -> Text:
    """A position as the reader sees it: with a pass, the coordinates and, in words,
    whether the pass is still available (never the flag as a coordinate)."""
    if not isinstance(game, PassGame):
        return Text(fmt(pos, braces), fmt(pos, braces))
    where = fmt(pos[:-1], braces)
    if pos[-1]:
        return Text(f"{where} with the pass still available", f"パスがまだ使える {where}")
    return Text(f"{where} with the pass used up", f"パスを使い終えた {where}")


def conclusion(game: Game, move: Move, braces: bool, why: Text) -> Step:
    """The last step: the move, the position it leaves and why that is a P-position."""
    to = shown(game, move.to, braces)
    return Step(Text(f"The winning move: {move.describe('en')}, to {to.en}. {why.en}",
                     f"勝つ手: {move.describe('ja')}。{to.ja} になります。{why.ja}"),
                {"to": move.to})


def no_move(kind: str, steps, why: Text) -> Explanation:
    """An argument that ends without a move: a P-position (or a finished game), and why."""
    return Explanation(kind, (*steps, Step(why)), None)


def winning(game: Game, pos: tuple, to: tuple, steps, braces: bool, why: Text,
            kind: str = "theorem") -> Explanation | None:
    """An argument that ends with the engine's move to `to` and why it wins (None if the
    rules have no such move: the caller falls back to the mex)."""
    move = find_move(game, pos, to)
    if move is None:
        return None
    return Explanation(kind, (*steps, conclusion(game, move, braces, why)), move)


def bit(value: int, i: int) -> int:
    """The 2**i binary digit of value."""
    return value >> i & 1
