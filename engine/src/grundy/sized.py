"""Games whose number of coordinates is a parameter that may be left empty (nim's heaps,
chomp's rows): positions of any length are then accepted, and each length is answered by
the game with that many coordinates, which is the one with tables (see ARCHITECTURE.md,
"How to add a game": `for_table()` / `fixed_for(pos)`)."""

from __future__ import annotations

from .core import Game, GameError, PositionError
from .text import Text


class Sized(Game):
    """A game whose parameter `params_key` is its number of coordinates (None: any).

    Subclasses define `coord_names(n)` (the names of n coordinates) and may set
    `default_size` (the number of coordinates shown when the parameter is empty) and
    `unit` (what one coordinate is, in messages: Text("heap", "山"))."""

    params_key = ""
    default_size = 3
    unit = Text("coordinate", "座標")

    def __init__(self, **values):
        super().__init__(**values)
        self.size = self.params.get(self.params_key)
        self._sized: dict[int, Sized] = {}

    def coord_names(self, n: int) -> tuple:
        """The names of the coordinates of a position of length n."""
        raise NotImplementedError

    @property
    def coords(self):
        return self.coord_names(self.size or self.default_size)

    @property
    def variable_coords(self):
        return self.size is None

    def coords_for(self, pos):
        if self.size is None:
            if not pos:
                raise PositionError(f"{self.title.en} needs at least one {self.unit.en}",
                                    f"{self.title.ja}には{self.unit.ja}が 1 つ以上必要です。")
            return self.coord_names(len(pos))
        return self.coords

    def sized(self, n: int) -> "Sized":
        """The same game with n coordinates."""
        return type(self)(**{**self.params, self.params_key: n})

    def fixed_for(self, pos):
        if self.size is not None:
            return self
        if len(pos) not in self._sized:
            self._sized[len(pos)] = self.sized(len(pos))
        return self._sized[len(pos)]

    def for_table(self) -> "Sized":
        """A game with a table: a fixed number of coordinates (default: that of `coords`)."""
        return self if self.size is not None else self.sized(len(self.coords))

    def _lookup_table(self, pos):
        fixed = self.fixed_for(pos)  # answer from the game with this many coordinates
        return super()._lookup_table(pos) if fixed is self else fixed._lookup_table(pos)

    def _fixed(self) -> int:
        """The number of coordinates, or GameError: a table needs one."""
        if self.size is None:
            raise GameError(f"a {self.name} table needs a fixed number of {self.unit.en}s "
                            f"({self.params_key}=N)",
                            f"{self.title.ja}の表を作るには{self.unit.ja}の数を決めてください。")
        return self.size
