"""Direct sums of games: a move is a move in exactly one component (Sprague-Grundy)."""

from __future__ import annotations

from itertools import product

from .core import Formula, Game, GameError, Move
from .table import ListIndex, value_array
from .text import Text


class SumGame(Game):
    """The direct sum of games; positions are the components' positions concatenated,
    coordinates are named "1.x", "1.y", ..., "2.h1", ...

    Examples:
        >>> import grundy
        >>> both = grundy.SumGame([grundy.game("chocolate", k=3), grundy.game("nim", heaps=1)])
        >>> both.coords, both.grundy((10, 5, 5, 3)), 16 ^ 3
        (('1.x', '1.y', '1.z', '2.h1'), 19, 19)
    """

    name = "sum"
    title = Text("Sum of games", "ゲームの和")
    # A move searched splits the position, moves one component and joins them again:
    # 2.5 us a move against 0.9-1.6 us for a single game (CPython, the 2-core machine).
    step_per_child = 2

    def __init__(self, games):
        games = list(games)
        if len(games) < 1 or not all(isinstance(g, Game) for g in games):
            raise GameError("SumGame needs a list of games, e.g. [game('nim', heaps=1), ...]",
                            "ゲームの和には 1 つ以上のゲームが必要です。")
        super().__init__()
        self.games = [g.for_table() for g in games]  # a fixed number of coordinates each
        self.params = {"components": [{"game": g.name, "params": g.params} for g in self.games]}
        self.coords = tuple(f"{i}.{c}" for i, g in enumerate(self.games, 1) for c in g.coords)
        ends = [0]
        for g in self.games:
            ends.append(ends[-1] + len(g.coords))
        self._slices = list(zip(ends, ends[1:]))  # (start, end) of each component's coordinates

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other.games == self.games

    def __hash__(self) -> int:
        return hash(tuple(self.games))

    def __repr__(self) -> str:
        return f"grundy.SumGame({self.games!r})"

    def label(self) -> Text:
        """The components' names joined by " + "."""
        parts = [g.label() for g in self.games]
        return Text(" + ".join(p.en for p in parts), " + ".join(p.ja for p in parts))

    def split(self, pos: tuple) -> list[tuple]:
        """The components' positions.

        Examples:
            >>> import grundy
            >>> grundy.SumGame([grundy.game("chocolate", k=3), grundy.game("nim", heaps=1)]).split((10, 5, 5, 3))
            [(10, 5, 5), (3,)]
        """
        return [tuple(pos[a:b]) for a, b in self._slices]

    def _check(self, pos):
        for g, part in zip(self.games, self.split(pos)):
            g.validate(part)

    def lift(self, pos, i, to):
        """`pos` with component i's position replaced by `to`."""
        a, b = self._slices[i]
        return tuple(pos[:a]) + tuple(to) + tuple(pos[b:])

    def targets(self, pos):
        """The positions after each move: one component moves, the others stay."""
        pos = tuple(pos)
        for g, (a, b) in zip(self.games, self._slices):
            before, after = pos[:a], pos[b:]
            for to in g.targets(pos[a:b]):
                yield before + tuple(to) + after

    def move_to(self, pos, to):
        """The move of the one component that changes, described as that component's move."""
        for i, (g, part, after) in enumerate(zip(self.games, self.split(pos), self.split(to))):
            if part != after:
                m = g.move_to(part, after)
                return Move(to, Text(f"game {i + 1}: ", f"ゲーム{i + 1}: ") + m.text, m.kind)
        raise GameError(f"{to} is not a move from {pos}", f"{to} は {pos} からの手ではありません。")

    def move_bound(self, pos):
        """The components' move bounds added up."""
        return sum(g.move_bound(part) for g, part in zip(self.games, self.split(pos)))

    def grundy(self, pos) -> int:
        """The nim-sum of the components' Grundy values (the Sprague-Grundy theorem)."""
        value = 0
        for g, part in zip(self.games, self.split(self.validate(pos))):
            value ^= g.grundy(part)
        return value

    def formula(self, pos):
        """The nim-sum of the components' formulas, when each has a Grundy formula, else None."""
        fs = [g.formula(part) for g, part in zip(self.games, self.split(self.validate(pos)))]
        if not all(f is not None and f.kind == "grundy" for f in fs):
            return None
        value = 0
        for f in fs:
            value ^= f.value
        return Formula(value, Text("Sprague-Grundy theorem (sum of "
                                   + "; ".join(f.theorem.en for f in fs) + ")",
                                   "スプレイグ・グランディの定理 (和: "
                                   + "、".join(f.theorem.ja for f in fs) + ")"), "grundy")

    def table_size(self, limit):
        """The product of the components' table sizes."""
        size = 1
        for g in self.games:
            size *= g.table_size(limit)
        return size

    def index(self, limit):
        """The product of the components' table layouts."""
        indexes = [g.index(limit) for g in self.games]
        size = 1
        for ix in indexes:
            size *= ix.size
        if size > 1_000_000:
            raise GameError(f"table of the sum too large: {size:,} positions (at most 1,000,000)")
        return ListIndex(tuple(c for part in parts for c in part)
                         for parts in product(*(ix.positions() for ix in indexes)))

    def kernel(self, limit, misere=False, backend="python"):
        """Values in `index(limit)` order: nim-sums of the components' tables (misère: searched)."""
        if misere:
            return super().kernel(limit, True, backend)
        tables = [g.table(limit, backend) for g in self.games]
        vals = [0]
        for t in tables:
            vals = [v ^ w for v in vals for w in t.values]
        out = value_array(1 << max(max(vals, default=0).bit_length(), 1))
        out.extend(vals)
        return out


def sum_of(components) -> SumGame:
    """The sum of games given as [{"game": name, "params": {...}}, ...] (the JSON facade's
    form, also accepted from Python).

    Examples:
        >>> import grundy
        >>> s = grundy.sum_of([{"game": "chocolate", "params": {"k": 3}}, {"game": "wythoff"}])
        >>> s.label().get("en"), s.outcome((10, 5, 5, 3, 5))
        ("the triangular chocolate (k = 3) + Wythoff's game", 'N')
    """
    from .registry import game

    if not isinstance(components, (list, tuple)) or not components or not all(
            isinstance(c, dict) and isinstance(c.get("params", {}), dict) for c in components):
        raise GameError('a sum needs "components": [{"game": NAME, "params": {...}}, ...]',
                        "ゲームの和には成分のゲームの並び (components) が必要です。")
    return SumGame([game(c.get("game"), **c.get("params", {})) for c in components])
