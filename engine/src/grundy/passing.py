"""Playing any game with a pass: one pass in the whole game, usable by either player,
never from a position with no moves (the rule of "Nim with a pass" and of Ryuo Nim
with a pass, arXiv 1711.01411).

`with_pass(g)` is a game whose positions are g's positions with one extra coordinate
`pass`: 1 while the pass is still available, 0 once it has been used.
"""

from __future__ import annotations

from array import array
from functools import lru_cache

from .core import Game, Move, PositionError
from .table import ListIndex, value_array
from .text import Text

PASS = Text("pass", "パス")


class PassGame(Game):
    """`inner` played with one pass; position = (*inner position, 1 or 0)."""

    def __init__(self, inner: Game):
        super().__init__()
        self.inner = inner
        self.name = inner.name
        self.title = Text(f"{inner.title.en} with a pass", f"パスつきの{inner.title.ja}")
        self.params = inner.params
        self.variable_coords = inner.variable_coords
        self.coords = (*inner.coords, "pass")
        self.default_start = (*inner.default_start, 1)

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other.inner == self.inner

    def __hash__(self) -> int:
        return hash(("pass", self.inner))

    def __repr__(self) -> str:
        return f"grundy.with_pass({self.inner!r})"

    def label(self) -> Text:
        inner = self.inner.label()
        return Text(f"{inner.en} with a pass", f"パスつきの{inner.ja}")

    def for_table(self) -> "PassGame":
        inner = self.inner.for_table()
        return self if inner is self.inner else PassGame(inner)

    def fixed_for(self, pos):
        inner = self.inner.fixed_for(pos[:-1])
        return self if inner is self.inner else with_pass(inner)

    def _lookup_table(self, pos):
        fixed = self.fixed_for(pos)  # nim without a number of heaps: the sized game's table
        return super()._lookup_table(pos) if fixed is self else fixed._lookup_table(pos)

    def coords_for(self, pos):
        return (*self.inner.coords_for(pos[:-1]), "pass")

    def coord_ja(self, name):
        return "パス" if name == "pass" else self.inner.coord_ja(name)

    def _check(self, pos):
        if pos[-1] > 1:
            raise PositionError(f"coordinate pass is 1 (the pass is still available) or 0, "
                                f"got {pos[-1]}",
                                f"座標 パス は 1 (まだパスできる) か 0 にしてください "
                                f"({pos[-1]} が指定されました)。")
        self.inner._check(pos[:-1])

    def is_legal(self, pos):
        return pos[-1] <= 1 and self.inner.is_legal(pos[:-1])

    def targets(self, pos):
        *inner, flag = pos
        has_move = False
        for to in self.inner.targets(tuple(inner)):
            has_move = True
            yield (*to, flag)
        if flag and has_move:
            yield (*inner, 0)

    def move_to(self, pos, to):
        if to[:-1] == pos[:-1]:
            return Move(to, PASS, "pass")
        m = self.inner.move_to(pos[:-1], to[:-1])
        return Move(to, m.text, m.kind)

    def move_bound(self, pos):
        return self.inner.move_bound(pos[:-1]) + 1

    def formula(self, pos):
        """Once the pass is used, the game is the game without a pass."""
        pos = self.validate(pos)
        return None if pos[-1] else self.inner.formula(pos[:-1])

    def table_size(self, limit):
        return 2 * self.inner.table_size(limit)

    def index(self, limit):
        inner = list(self.inner.index(limit).positions())
        return ListIndex([(*p, f) for f in (0, 1) for p in inner])

    def kernel(self, limit, misere=False, backend="python"):
        """The positions without the pass are the inner game's table; the others follow
        by the generic DP over them."""
        from .reference import reference_grundy, reference_misere

        t = self.inner.table(limit, backend)
        values = t.misere_values() if misere else t.values
        memo = {(*p, 0): v for p, v in zip(t, values)}  # misère: 0 (P) / 1 (N), as the DP's
        solve = reference_misere if misere else reference_grundy
        rest = [solve(self, (*p, 1), memo) for p in t]
        if misere:
            out, rest = array("B"), [int(v == "N") for v in rest]
        else:
            out = value_array(max(rest, default=0) + t.max_value() + 1)
        out.extend(values)
        out.extend(rest)
        return out


def with_pass(game: Game) -> PassGame:
    """`game` played with one pass (positions get a last coordinate: 1 = pass available).
    Equal games give the same object, so that its tables are reused.

    Examples:
        >>> import grundy
        >>> p = grundy.with_pass(grundy.game("nim", heaps=1))
        >>> p.coords, p.grundy((3, 1)), p.grundy((3, 0))
        (('h1', 'pass'), 4, 3)
        >>> [(m.to, m.kind) for m in p.moves((1, 1))]
        [((0, 1), 'move'), ((1, 0), 'pass')]
    """
    if isinstance(game, PassGame):
        return game
    return _with_pass(game)


@lru_cache(maxsize=16)
def _with_pass(game: Game) -> PassGame:
    return PassGame(game)
