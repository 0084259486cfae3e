"""The Game base class (the extension contract), moves, formulas and theorems.

The core imports no game: the games package registers its classes (grundy.registry).
The errors live below it in grundy.errors (GameError and PositionError are re-exported
here); the work model, the numbers, the tables and the reference search are below it too."""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from itertools import product
from typing import Callable, ClassVar, Iterable

from .budget import STEP_PER_CHILD, STEP_PER_MOVE, require, require_coords, require_reference, require_table, \
    require_width, words
from .errors import GameError, PositionError, shown
from .numbers import whole
from .params import Param
from .reference import reference_grundy, reference_misere
from .remoteness import remoteness as search_remoteness
from .table import ListIndex, Table, generic_kernel
from .text import LANGS, Text, ja_then

# Past this many positions a table's exact size is not worth counting: it is over budget.
TABLE_CAP = 50_000_000
# A single position is answered by a proved formula when one applies (at any size the
# budget's integers allow), else from the table of every position up to its largest
# coordinate, else by the reference search, whichever the budget (grundy.budget) affords.


@dataclass(frozen=True)
class Move:
    """One legal move: `to` is the position after it; `text` says it in both languages;
    `kind` is "move", or "pass" for the pass of a game played with a pass."""

    to: tuple
    text: Text = field(compare=False)
    kind: str = field(default="move", compare=False)

    def describe(self, lang: str = "en") -> str:
        """The move in English ("en") or Japanese ("ja")."""
        if lang not in LANGS:
            raise GameError(f"unknown language {lang!r} (use 'en' or 'ja')")
        return self.text.get(lang)

    def __str__(self) -> str:
        return self.text.en


@dataclass(frozen=True)
class Formula:
    """A closed form proved by a theorem, evaluated at one position.

    kind "grundy": `value` is the Grundy value itself.
    kind "outcome": the theorem only characterises P-positions: `value` is 0 exactly
    at the P-positions (e.g. x ⊕ y ⊕ z for the k = 3 chocolate).
    """

    value: int
    theorem: Text
    kind: str = "grundy"
    expression: str = ""


@dataclass(frozen=True)
class Verdict:
    """Whether a theorem's condition holds for a game's parameters on the positions up to
    a limit: `subject` names what the condition is about ("f(t) = ⌊t/3⌋", "k = 2"),
    `note` says where it fails ("it fails at t = 3") or how far it was checked, and
    `first_failure` is the first t where it fails (None when there is no such t)."""

    holds: bool
    subject: Text
    note: Text | None = None
    first_failure: int | None = None


@dataclass(frozen=True)
class Theorem:
    """A game's closed form with the theorem that proves it and the condition under which
    it holds. `name` and `expression` are templates filled with the game's parameters
    (and `{xor}`: the coordinate names joined by " ⊕ "); `holds(game, pos)` says whether
    the condition holds there (pos None: for the parameters, whatever the position),
    `value(game, pos)` is the formula's value: called where the condition holds, and, for a
    condition on the parameters (one that no position of a table satisfies, or that
    `verdict` judges), at every position of a table, to show where the formula breaks; a
    condition on the position (Chomp's shapes) is never asked beyond it. `claim`
    (optional) is what the theorem says in words (default "G = expression", or
    "P-position ⇔ expression = 0"); `verdict(game, limit) -> Verdict` (optional) judges the
    condition for the whole table up to limit (without it: `holds(game, None)`)."""

    name: Text
    expression: str
    kind: str
    condition: Text
    holds: Callable
    value: Callable
    claim: Text | None = None
    verdict: Callable | None = None

    def _fields(self, game: "Game", pos: tuple) -> dict:
        return dict(game.params, xor=" ⊕ ".join(game.coords_for(pos)))

    def named(self, game: "Game", pos: tuple) -> tuple[Text, str]:
        """The theorem's name and expression for `game` (no value is computed)."""
        fields = self._fields(game, pos)
        return self.name.format(**fields), self.expression.format(**fields)

    def evaluate(self, game: "Game", pos: tuple) -> Formula:
        """The formula at `pos` (see `value` for where it may be asked)."""
        name, expression = self.named(game, pos)
        return Formula(self.value(game, pos), name, self.kind, expression)

    def at(self, game: "Game", pos: tuple) -> Formula | None:
        """The formula at `pos`, or None where the condition does not hold."""
        return self.evaluate(game, pos) if self.holds(game, pos) else None

    def says(self, game: "Game", pos: tuple) -> Text:
        """What the theorem claims, in the site's notation ("G = y ⊕ z")."""
        expression = self.expression.format(**self._fields(game, pos))
        if self.claim is not None:
            return self.claim.format(expression=expression)
        if self.kind == "grundy":
            return Text(f"G = {expression}", f"G = {expression}")
        return Text(f"P-position ⇔ {expression} = 0", f"P 局面 ⇔ {expression} = 0")

    def judge(self, game: "Game", limit: int) -> Verdict:
        """The condition for `game` on the positions with coordinates up to `limit`."""
        if self.verdict is not None:
            return self.verdict(game, limit)
        shown = ", ".join(f"{k} = {v}" for k, v in game.params.items())
        return Verdict(bool(self.holds(game, None)), Text(shown, shown))

    @property
    def unconditional(self) -> bool:
        """Whether the theorem holds for every parameter and position."""
        return self.holds is always


def always(game, pos) -> bool:
    """The condition of a theorem that holds for every parameter and position."""
    return True


def nim_sum(pos) -> int:
    """The nim-sum (xor) of the coordinates."""
    value = 0
    for c in pos:
        value ^= c
    return value


def coords_nim_sum(game, pos) -> int:
    """A theorem's value: the nim-sum of the coordinates (Bouton's, Theorem 2.3 of [S], ...)."""
    return nim_sum(pos)


def check_int(value, what: Text, minimum: int = 0) -> int:
    """`value` (an int, or ASCII decimal digits) as an int >= minimum, or a GameError
    naming `what` (its name in both languages); see grundy.numbers."""
    return whole(value, what.en, minimum, None, what.ja)


def plural(n: int, word: str, words: str | None = None) -> str:
    """'1 column', '2 columns'."""
    return f"{n} {word if n == 1 else (words or word + 's')}"


class Game:
    """Base class of every impartial game: the extension contract.

    A game module subclasses Game and sets its metadata as class attributes: `name` (the
    command-line name), `title` (Text), `phrase` (Text template of the name inside a
    sentence, filled with the parameters), `params` (tuple of Param; on an instance
    `g.params` is the dict of values), `coords`, `variable_coords`, `default_start`,
    `theorems` (tuple of Theorem), `checks` (verification checks, see grundy.verify) and
    `figures` (the site's figures that show the class itself, not its subclasses: figure
    kind -> the parameters it fixes; see scripts/sitegen/figures.py) and `order` (the
    game's place in the registry, smallest first).
    It defines `targets(pos)` (positions after each move, no validation, lazily) and
    `describe(pos, to)` (the move in words; or `_moves(pos)`, every Move), optionally
    `_check(pos)` (raise PositionError), `move_bound(pos)` (most moves of a position below
    pos, for the work model), `formula_moves(pos)` (targets a formula points to) and
    `rules()` (the positions and moves in the prover's language, for `grundy.prove`). That is enough for
    everything: values, tables (a generic layout and kernel), the command line, the JSON
    facade. Fast table layouts and kernels (`index`, `kernel`, `table_size`) are optional
    plug-ins kept with the game.
    """

    name: ClassVar[str] = ""
    title: ClassVar[Text] = Text("this game", "このゲーム")
    phrase: ClassVar[Text | None] = None
    params: ClassVar[tuple[Param, ...]] = ()
    coords: tuple = ()
    variable_coords = False  # True when positions of any length are accepted (nim, rect)
    default_start: ClassVar[tuple] = ()
    theorems: ClassVar[tuple[Theorem, ...]] = ()
    checks: ClassVar[dict] = {}
    figures: ClassVar[dict[str, dict]] = {}
    order: ClassVar[int] = 1000  # the place in grundy.game_names() (ties: by module, then class)
    step_per_child: ClassVar[int] = STEP_PER_CHILD  # the work model's steps per move searched

    def __init__(self, **values):
        known = {p.name: p for p in type(self).params}
        for key in values:
            if key not in known:
                raise GameError(f"{self.name} has no parameter {key!r}"
                                f" (its parameters: {', '.join(known) or 'none'})",
                                f"{self.title.ja}には「{key}」というパラメータはありません。")
        parsed = {}
        for p in known.values():
            value = values.get(p.name, p.default)
            if value is not None:
                parsed[p.name] = p.parse(value)
                setattr(self, p.name, parsed[p.name])
        self.params = parsed  # shadows the class's tuple of Param on the instance
        self._cache_table = None  # the largest table computed so far, reused by lookups
        self._memo: dict = {}
        self._memo_misere: dict = {}

    # -- description ----------------------------------------------------------
    @property
    def name_ja(self) -> str:
        """The game's title in Japanese."""
        return self.title.ja

    def for_table(self) -> "Game":
        """The game with a fixed number of coordinates (tables and sums need one)."""
        return self

    def fixed_for(self, pos: tuple) -> "Game":
        """The game with a fixed number of coordinates that has `pos` as a position."""
        return self

    def label(self) -> Text:
        """The game's name with its parameters, to use inside a sentence.

        Examples:
            >>> import grundy
            >>> grundy.game("chocolate", k=3).label().get("en")
            'the triangular chocolate (k = 3)'
        """
        return (self.phrase or self.title).format(**self.params)

    def __repr__(self) -> str:
        args = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"grundy.game({self.name!r}{args})"

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and other.params == self.params

    def __hash__(self) -> int:
        return hash((self.name, tuple(sorted(self.params.items()))))

    # -- positions ------------------------------------------------------------
    def validate(self, pos) -> tuple:
        """`pos` as a tuple of ints, or PositionError saying what is wrong.

        Examples:
            >>> import grundy
            >>> g = grundy.game("chocolate", k=3)
            >>> g.validate([10, 5, 5])
            (10, 5, 5)
            >>> g.validate((1, 9, 1))
            Traceback (most recent call last):
            grundy.errors.PositionError: y = 9 is over its bound: y ≤ ⌊(x + z)/3⌋ = 0
        """
        if isinstance(pos, (str, bytes)) or not isinstance(pos, Iterable):
            raise PositionError(f"a position is a sequence of whole numbers, got {pos!r}",
                                "局面は 0 以上の整数の並びで指定してください。")
        pos = tuple(pos)
        require_coords(len(pos))
        names = self.coords_for(pos)
        if len(pos) != len(names):
            raise PositionError(
                f"{self.title.en}: give {len(names)} numbers ({', '.join(names)}), not {len(pos)}",
                f"{self.name_ja}の局面は {len(names)} 個の座標 "
                f"({'、'.join(map(self.coord_ja, names))}) で指定してください "
                f"({len(pos)} 個が指定されました)。")
        out = []
        for n, c in zip(names, pos):
            try:
                if isinstance(c, bool):
                    raise TypeError
                c = operator.index(c)  # ints, also numpy integers
            except TypeError:
                raise PositionError(f"coordinate {n} must be a whole number, got {shown(c)}",
                                    f"座標 {self.coord_ja(n)} は整数で指定してください。") from None
            require_width(c.bit_length(), f"coordinate {n}", f"座標 {self.coord_ja(n)}")
            if c < 0:
                raise PositionError(f"coordinate {n} must be 0 or more, got {c}",
                                    f"座標 {self.coord_ja(n)} は 0 以上にしてください "
                                    f"({c} が指定されました)。")
            out.append(c)
        pos = tuple(out)
        self._check(pos)
        return pos

    def coords_for(self, pos: tuple) -> tuple:
        """Coordinate names for `pos` (games with a variable number of coordinates override)."""
        return self.coords

    def coord_ja(self, name: str) -> str:
        """A coordinate's name in Japanese messages (x, y, z stay as they are)."""
        return name

    def _check(self, pos: tuple) -> None:
        """Raise PositionError if the (non-negative int) position breaks a game rule."""

    def targets(self, pos: tuple) -> Iterable[tuple]:
        """The positions after each move from the (validated) `pos`: every game defines this."""
        raise NotImplementedError

    def describe(self, pos: tuple, to: tuple) -> Text:
        """The move from `pos` to `to` in words (games define this, or `_moves`).

        Examples:
            >>> import grundy
            >>> print(grundy.game("chocolate", k=3).describe((10, 5, 5), (0, 5, 5)))
            cut 10 diagonal rows off the left
        """
        return next(m.text for m in self._moves(pos) if m.to == to)

    def move_to(self, pos: tuple, to: tuple) -> Move:
        """The Move from `pos` to `to` (described only now, when it is shown).

        Examples:
            >>> import grundy
            >>> grundy.game("nim", heaps=2).move_to((3, 5), (3, 1)).to
            (3, 1)
        """
        return Move(to, self.describe(pos, to))

    def _moves(self, pos: tuple) -> list[Move]:
        return [self.move_to(pos, to) for to in self.targets(pos)]

    def moves(self, pos) -> list[Move]:
        """Every legal move from `pos` (refused when there are more than the budget allows).

        Examples:
            >>> import grundy
            >>> moves = grundy.game("chocolate", k=3).moves((2, 1, 1))
            >>> len(moves), moves[0].to, moves[0].describe("en")
            (4, (0, 0, 1), 'cut 2 diagonal rows off the left (y drops to 0)')
        """
        pos = self.validate(pos)
        self._require_moves(pos)
        return self._moves(pos)

    def move_bound(self, pos: tuple) -> int:
        """At least the number of moves of `pos` and of every position below it."""
        return sum(pos) + len(pos)

    def _require_moves(self, pos: tuple) -> None:
        width = max((c.bit_length() for c in pos), default=0)
        require(self.move_bound(pos) * STEP_PER_MOVE * words(width), 0, (
            f"listing the moves of {shown(pos)}", f"{shown(pos)} の手を並べること"),
            ("use smaller coordinates", "座標を小さくしてください。"))

    def is_legal_move(self, pos, to) -> bool:
        """Whether `to` is reachable from `pos` in one move (moves generated lazily,
        within the budget).

        Examples:
            >>> import grundy
            >>> grundy.game("wythoff").is_legal_move((3, 5), (1, 3))
            True
        """
        pos, to = self.validate(pos), tuple(to)
        self._require_moves(pos)
        return any(t == to for t in self.targets(pos))

    # -- values ---------------------------------------------------------------
    def formula(self, pos) -> Formula | None:
        """The closed form at `pos` from the first of `theorems` that holds there, else None.

        Examples:
            >>> import grundy
            >>> f = grundy.game("chocolate", k=3).formula((10, 5, 5))
            >>> f.expression, f.value, f.kind, str(f.theorem)
            ('x ⊕ y ⊕ z', 10, 'outcome', '[M2012] Theorem 2.1 (k = 3)')
        """
        pos = self.validate(pos)
        for theorem in self.theorems:
            f = theorem.at(self, pos)
            if f is not None:
                return f
        return None

    def table(self, limit: int, backend: str = "auto"):
        """Every legal position with all coordinates <= limit (see grundy.table.Table);
        refused at once (BudgetError) when it costs more than the budget.

        Examples:
            >>> import grundy
            >>> t = grundy.game("chocolate", k=3).table(12)
            >>> len(t), t[(10, 5, 5)], t.p_positions()[:3]
            (789, 16, [(0, 0, 0), (1, 0, 1), (2, 0, 2)])
        """
        limit = check_int(limit, Text("limit", "上限"))
        if backend not in ("auto", "python", "numpy"):
            raise GameError(f"unknown backend {backend!r} (use auto, python or numpy)",
                            f"計算方式「{backend}」はありません (auto、python、numpy のどれか)。")
        require_table(self.table_size(limit), self.table_steps(limit, backend),
                      (f"the table of {self.label().en} up to {limit:,}",
                       f"{ja_then(self.label().ja, 'の')} {limit:,} までの表"))
        return Table(self, limit, backend=backend)

    def table_size(self, limit: int) -> int:
        """How many positions `table(limit)` holds (cheap; used to refuse huge tables)."""
        return (limit + 1) ** len(self.coords)

    def table_steps(self, limit: int, backend: str = "auto") -> int:
        """Steps of `table(limit)`: the generic kernel examines every move of every position
        (games with their own kernel override this)."""
        return self.table_size(limit) * self.move_bound((limit,) * len(self.coords))

    def index(self, limit: int):
        """The flat layout of the table for `limit` (see grundy.table). This generic one
        lists the legal positions of the box 0..limit; games may plug in a faster one."""
        return ListIndex(p for p in product(range(limit + 1), repeat=len(self.coords))
                         if self.is_legal(p))

    def is_legal(self, pos: tuple) -> bool:
        """Whether `pos` (non-negative ints) is a position of the game.

        Examples:
            >>> import grundy
            >>> grundy.game("chocolate", k=3).is_legal((1, 9, 1))
            False
        """
        try:
            self._check(tuple(pos))
        except PositionError:
            return False
        return True

    def kernel(self, limit: int, misere: bool = False, backend: str = "python"):
        """Flat array of values (Grundy, or misère 0 = P / 1 = N) in `index(limit)` order."""
        return generic_kernel(self, limit, misere)

    def _lookup_table(self, pos: tuple):
        """A table containing `pos` if the budget affords one, else None."""
        t = self._cache_table
        if t is not None and max(pos, default=0) <= t.limit:
            return t
        try:
            self._cache_table = self.table(max(pos, default=0))
        except GameError:  # over budget, or a game without a table
            return None
        return self._cache_table

    def _reference(self, pos: tuple, misere: bool):
        """The reference search's answer at `pos` (refused at once when over budget)."""
        cap = require_reference(pos, self.move_bound(pos), self.step_per_child)
        if misere:
            return reference_misere(self, pos, self._memo_misere, cap)
        return reference_grundy(self, pos, self._memo, cap)

    def grundy(self, pos) -> int:
        """The Grundy value of `pos` (normal play): by a proved formula first.

        Examples:
            >>> import grundy
            >>> grundy.game("chocolate", k=3).grundy((10, 5, 5))
            16
            >>> grundy.game("ryuoh", p=3).grundy((4, 7))
            11
        """
        pos = self.validate(pos)
        f = self.formula(pos)
        if f is not None and f.kind == "grundy":
            return f.value
        t = self._lookup_table(pos)
        return t[pos] if t is not None else self._reference(pos, False)

    def misere_formula(self, pos: tuple) -> str | None:
        """The misère outcome where a theorem gives it (games override), else None."""
        return None

    def outcome(self, pos, misere: bool = False) -> str:
        """"P" (the previous player wins) or "N" (the next player wins): by a proved
        formula first, else from a table or the reference search within the budget.

        Examples:
            >>> import grundy
            >>> g = grundy.game("chocolate", k=3)
            >>> g.outcome((6, 3, 5)), g.outcome((10, 5, 5)), g.outcome((1, 0, 0), misere=True)
            ('P', 'N', 'P')
        """
        pos = self.validate(pos)
        if not misere:
            f = self.formula(pos)
            return ("P" if f.value == 0 else "N") if f is not None else \
                ("P" if self.grundy(pos) == 0 else "N")
        known = self.misere_formula(pos)
        if known is not None:
            return known
        t = self._lookup_table(pos)
        return t.misere(pos) if t is not None else self._reference(pos, True)

    def remoteness(self, pos, misere: bool = False) -> int:
        """Steinhaus's remoteness: how many moves (both players' counted) are left when the
        winner wins as fast as possible and the loser resists as long as possible. A
        finished game has remoteness 0; even remoteness means a P-position in normal play,
        odd remoteness in misère play (grundy.remoteness has the definition). Computed by
        a search below `pos`, refused over the work budget (BudgetError).

        Examples:
            >>> import grundy
            >>> g = grundy.game("nim")
            >>> g.remoteness((1, 2)), g.remoteness((1, 1)), g.remoteness((1, 1), misere=True)
            (3, 2, 2)
        """
        return search_remoteness(self, self.validate(pos), misere)

    def rules(self):
        """The positions and moves in the prover's language (grundy.prove.statement.Rules,
        stated next to the game's rules), or None where the game does not state them:
        then `grundy.prove` decides nothing about it."""
        return None

    def formula_moves(self, pos: tuple) -> Iterable[tuple]:
        """Targets of `pos` computed from a formula, likely P-positions (games override):
        tried before the moves are listed."""
        return ()

    def misere_moves(self, pos: tuple) -> Iterable[tuple]:
        """The same as `formula_moves` for misère play (games override)."""
        return ()

    def winning_move(self, pos, misere: bool = False) -> Move | None:
        """A move to a P-position, or None if there is none: `pos` is a P-position (or, in
        misère play, a finished game: no move is left and the player to move has won).

        It tries the targets a formula points to first; else the moves are generated
        lazily (within the budget) up to the first winning one, and only that one is
        described.

        Examples:
            >>> import grundy
            >>> g = grundy.game("chocolate", k=3)
            >>> move = g.winning_move((10, 5, 5))
            >>> move.to, move.describe("en"), g.winning_move((6, 3, 5))
            ((6, 3, 5), 'cut 4 diagonal rows off the left (y drops to 3)', None)
        """
        pos = self.validate(pos)
        if self.outcome(pos, misere) == "P":
            return None
        for to in self.misere_moves(pos) if misere else self.formula_moves(pos):
            if self.outcome(to, misere) == "P":
                return self.move_to(pos, to)
        self._require_moves(pos)
        for to in self.targets(pos):
            if self.outcome(to, misere) == "P":
                return self.move_to(pos, to)
        return None
