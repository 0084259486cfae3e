"""Direct sums of games: a move is a move in exactly one component (Sprague-Grundy)."""

from __future__ import annotations

from array import array
from itertools import product

from .core import Formula, Game, GameError, Move
from .table import ListIndex, value_array


class SumGame(Game):
    """The direct sum of games; positions are the components' positions concatenated,
    coordinates are named "1.x", "1.y", ..., "2.h1", ..."""

    name = "sum"

    def __init__(self, games):
        games = list(games)
        if len(games) < 1 or not all(isinstance(g, Game) for g in games):
            raise GameError("SumGame needs a list of games, e.g. [game('nim', heaps=1), ...]")
        for g in games:
            if g.variable_coords:
                raise GameError(f"give {g.name} a fixed number of coordinates in a sum "
                                "(nim: heaps=N, rect: sides=N)")
        super().__init__(games=tuple(repr(g) for g in games))
        self.games = games
        self.coords = tuple(f"{i}.{c}" for i, g in enumerate(games, 1) for c in g.coords)

    def split(self, pos: tuple) -> list[tuple]:
        """The components' positions."""
        parts, i = [], 0
        for g in self.games:
            parts.append(tuple(pos[i:i + len(g.coords)]))
            i += len(g.coords)
        return parts

    def _check(self, pos):
        for g, part in zip(self.games, self.split(pos)):
            g.validate(part)

    def _lift(self, pos, i, to):
        parts = self.split(pos)
        parts[i] = tuple(to)
        return tuple(c for part in parts for c in part)

    def targets(self, pos):
        for i, (g, part) in enumerate(zip(self.games, self.split(pos))):
            for to in g.targets(part):
                yield self._lift(pos, i, to)

    def _moves(self, pos):
        return [Move(self._lift(pos, i, m.to), f"game {i + 1}: {m.en}", f"ゲーム{i + 1}: {m.ja}")
                for i, (g, part) in enumerate(zip(self.games, self.split(pos)))
                for m in g.moves(part)]

    def grundy(self, pos) -> int:
        value = 0
        for g, part in zip(self.games, self.split(self.validate(pos))):
            value ^= g.grundy(part)
        return value

    def formula(self, pos):
        fs = [g.formula(part) for g, part in zip(self.games, self.split(self.validate(pos)))]
        if not all(f is not None and f.kind == "grundy" for f in fs):
            return None
        value = 0
        for f in fs:
            value ^= f.value
        return Formula(value, "Sprague-Grundy theorem (sum of " +
                       "; ".join(f.theorem for f in fs) + ")", "grundy",
                       theorem_ja="スプレイグ・グランディの定理 (和: " +
                       "、".join(f.theorem_ja for f in fs) + ")")

    def table_size(self, limit):
        size = 1
        for g in self.games:
            size *= g.table_size(limit)
        return size

    def index(self, limit):
        indexes = [g.index(limit) for g in self.games]
        size = 1
        for ix in indexes:
            size *= ix.size
        if size > 1_000_000:
            raise GameError(f"table of the sum too large: {size:,} positions (at most 1,000,000)")
        return ListIndex(tuple(c for part in parts for c in part)
                         for parts in product(*(ix.positions() for ix in indexes)))

    def kernel(self, limit, misere=False, backend="python"):
        if misere:
            return super().kernel(limit, True, backend)
        tables = [g.table(limit, backend) for g in self.games]
        vals = [0]
        for t in tables:
            vals = [v ^ w for v in vals for w in t.values]
        out = value_array(1 << max(max(vals, default=0).bit_length(), 1))
        out.extend(vals)
        return out
