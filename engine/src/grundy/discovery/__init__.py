"""Discover a formula from a table, as the research group's students did: compute the
table, guess a pattern, test it, find its first counterexample, guess again.

`discover(game, max=..., target=...)` searches the grammar of `grundy.discovery.grammar`
(smallest formulas first, `grundy.discovery.search`) for a formula equal to the Grundy
value at every position of the table up to `max`, or (target "P") true exactly at its
P-positions. `check(game, formula, max=...)` tests a reader's own guess. Both answer
for the table only: a formula *holds up to* a bound, it is never called proved. When it
agrees with one of the game's theorems on the table, the report names that theorem.

The table's positions are ordered by their largest coordinate, then lexicographically;
the *first counterexample* of a formula is the first position in that order where it
fails, and it *holds up to N* when it holds at every position with coordinates <= N.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..budget import amount, current, require, require_table
from ..core import Game
from ..errors import GameError
from ..passing import PassGame
from ..registry import game as make_game
from ..text import Text
from .grammar import compile_formula, evaluate, size as formula_size, text as formula_text
from .search import Search

TARGETS = ("grundy", "P")
DEFAULT_POSITIONS = 700   # the default bound: the largest max <= 16 whose table has at most this many
MIN_CANDIDATES = 3_000    # a search that cannot afford this many formulas is refused at once
STEP_PER_FORMULA = 10     # steps of one formula tried: 10 and one per 16 positions (about 1 µs each)
POSITIONS_PER_STEP = 16
BYTES_PER_KEPT = 16       # bytes per position of a formula kept (its tuple of values)


@dataclass(frozen=True)
class NearMiss:
    """A formula that fails: where first (`first_counterexample`), and up to which bound
    it holds (`holds_to`: -1 when it fails at a position of largest coordinate 0)."""

    formula: str
    holds_to: int
    first_counterexample: tuple

    def as_dict(self) -> dict:
        return {"formula": self.formula, "holds_to": self.holds_to,
                "first_counterexample": list(self.first_counterexample)}


@dataclass(frozen=True)
class Discovery:
    """The answer of `discover`: the formula found (a Python expression in the game's
    coordinates) or None, the bound it holds to, the positions checked, the near misses,
    the site's theorem it agrees with (Text, or None), and how the search went: `size`
    of the formula, `searched` (every formula up to this size was tried), `tried`
    (formulas evaluated), `via` (c when put together as G mod c + c·(G div c))."""

    game: str
    params: dict
    target: str
    max: int
    found: bool
    formula: str | None
    holds_to: int | None
    checked: int
    near_misses: tuple
    theorem: Text | None
    claim: Text | None = None
    size: int = 0
    searched: int = 0
    tried: int = 0
    via: int | None = None
    misere: bool = False
    coords: tuple = field(default=())

    def as_dict(self, lang: str = "en") -> dict:
        """The JSON answer (exactly these keys)."""
        return {"game": self.game, "params": self.params, "target": self.target,
                "found": self.found, "formula": self.formula, "holds_to": self.holds_to,
                "checked": self.checked, "near_misses": [m.as_dict() for m in self.near_misses],
                "theorem": self.theorem.get(lang) if self.theorem else None}

    def text(self, lang: str = "en") -> str:
        """The report in words (the command line's text format)."""
        what = "G" if self.target == "grundy" else "the P-positions"
        lines = []
        if self.found:
            lines.append(f"found ({what}): {self.formula}")
            lines.append(f"holds up to {self.max}: all {self.checked:,} positions with every "
                         f"coordinate <= {self.max} (checked, not proved)")
            if self.via:
                lines.append(f"put together from G mod {self.via} and G div {self.via} "
                             f"(every formula up to size {self.searched} was tried first)")
        else:
            lines.append(f"none found in this grammar up to size {self.searched} "
                         f"({what}, {self.checked:,} positions with coordinates <= {self.max})")
        if self.theorem:
            lines.append(f"the site's theorem: {self.theorem.get(lang)}"
                         + (f": {self.claim.get(lang)}" if self.claim else ""))
        for m in self.near_misses:
            lines.append(f"near miss: {m.formula}  holds up to {m.holds_to}, first "
                         f"counterexample {tuple(m.first_counterexample)}")
        lines.append(f"formulas tried: {self.tried:,}")
        return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Guess:
    """The answer of `check`: whether the formula holds on the table, up to which bound,
    its first counterexample (or None) with the formula's value there and the table's."""

    formula: str
    holds: bool
    holds_to: int
    checked: int
    first_counterexample: tuple | None
    value: int | bool | None
    expected: int | str | None

    def as_dict(self) -> dict:
        return {"formula": self.formula, "holds": self.holds, "holds_to": self.holds_to,
                "checked": self.checked, "first_counterexample":
                    None if self.first_counterexample is None else list(self.first_counterexample),
                "value": self.value, "expected": self.expected}


def game_and_target(game, misere: bool, target: str | None) -> tuple[Game, str]:
    """The game (a name or a grundy.Game) with a table, and the target checked (default:
    P in misère play, else grundy); also grundy.prove's."""
    if isinstance(game, str):
        game = make_game(game)
    if not isinstance(game, Game):
        raise GameError(f"a game is a name or a grundy.Game, got {type(game).__name__}",
                        "ゲームは名前か grundy.Game で指定してください。")
    target = target or ("P" if misere else "grundy")
    if target not in TARGETS:
        raise GameError(f"unknown target {target!r} (use grundy or P)",
                        f"対象「{target}」はありません (grundy か P)。")
    if misere and target == "grundy":
        raise GameError("misère play is about its P-positions: use the target P",
                        "ミゼールでは P 局面を扱います。対象を P にしてください。")
    return game.for_table(), target


def constants(game: Game) -> dict:
    """The game's whole-number parameters, which a formula may use by name (Ryuoh Nim's
    p, the chocolate's k; not a number of coordinates: nim's heaps, chomp's rows)."""
    inner = getattr(game, "inner", game)  # with a pass: the game's own parameters
    key = getattr(inner, "params_key", None)
    return {p.name: inner.params[p.name] for p in type(inner).params
            if p.kind == "int" and p.name != key and isinstance(inner.params.get(p.name), int)}


def default_max(game: Game) -> int:
    """The bound used when none is given: the largest max <= 16 (at least 3) whose table
    has at most DEFAULT_POSITIONS positions."""
    best = 3
    for limit in range(3, 17):
        if game.table_size(limit) <= DEFAULT_POSITIONS:
            best = limit
    return best


def ordered(game: Game, limit: int, target: str, misere: bool) -> tuple[list, list]:
    """The table's positions by largest coordinate then lexicographically, with the goal
    at each: the Grundy value, or 1 at a P-position and 0 elsewhere (refused over budget)."""
    table = game.table(limit)
    if misere:
        items = [(pos, 1 - m) for pos, m in zip(table, table.misere_values())]
    else:
        items = [(pos, v if target == "grundy" else int(v == 0)) for pos, v in table.items()]
    items.sort(key=lambda item: (max(item[0], default=0), item[0]))
    return [p for p, _ in items], [v for _, v in items]


def _cost(positions: int) -> int:
    return STEP_PER_FORMULA + positions // POSITIONS_PER_STEP


def _matches(game: Game, limit: int, positions: list, goal: list, target: str):
    """The first theorem of the game that gives the goal at every position of the table
    (its condition holding there): (name, claim) as Text, else (None, None)."""
    if isinstance(game, PassGame) or not positions:
        return None, None
    for theorem in type(game).theorems:
        if theorem.verdict is not None:
            if not theorem.judge(game, limit).holds:
                continue
        elif not all(theorem.holds(game, pos) for pos in positions):
            continue
        values = [theorem.value(game, pos) for pos in positions]
        agree = values == goal if target == "grundy" and theorem.kind == "grundy" else \
            target == "P" and [int(v == 0) for v in values] == goal
        if agree:
            return theorem.named(game, positions[0])[0], theorem.says(game, positions[0])
    return None, None


def _holds_to(pos: tuple) -> int:
    return max(pos, default=0) - 1


def discover(game, max: int | None = None, target: str | None = None, *,  # noqa: A002
             misere: bool = False, prune: bool = True) -> Discovery:
    """The simplest formula of the grammar that gives the Grundy value (target "grundy")
    or the P-positions (target "P"; the default in misère play) at every position of the
    table up to `max`, else the near misses. `game` is a grundy.Game (with_pass(g) for a
    pass) or a registered name; refused at once (BudgetError) over the work budget.
    `prune=False` keeps every formula (the plain enumeration the benchmark compares with).

    Examples:
        >>> import grundy
        >>> d = grundy.discover(grundy.game("chocolate", k=3), max=8, target="P")
        >>> d.formula, d.holds_to, d.theorem.en
        ('x ^ y == z', 8, '[M2012] Theorem 2.1 (k = 3)')
        >>> grundy.discover("nim", max=6).formula
        'h1 ^ h2 ^ h3'
    """
    game, target = game_and_target(game, misere, target)
    limit = default_max(game) if max is None else max
    names = tuple(game.coords)
    if not all(name.isidentifier() for name in names):
        raise GameError(f"the coordinates {', '.join(names)} are not names a formula can use",
                        f"座標 {', '.join(names)} は式に使える名前ではありません。")
    n = game.table_size(limit)
    cost = _cost(n)
    what = (f"searching formulas on the {amount(n)} positions up to {limit:,}",
            f"{limit:,} までの {amount(n)} 局面で式を探すこと")
    hint = ("use a smaller bound (max)", "上限 (max) を小さくしてください。")
    require(MIN_CANDIDATES * cost, MIN_CANDIDATES * n * BYTES_PER_KEPT, what, hint)
    positions, goal = ordered(game, limit, target, misere)
    n, budget = len(positions), current()
    search = Search(list(zip(*positions)) if positions else [() for _ in names], names, goal,
                    target == "P", budget.steps - n * 4, cost,
                    budget.memory // 2 // (n * BYTES_PER_KEPT + 200), prune, constants(game))
    found = search.run()
    near = tuple(NearMiss(formula_text(f), _holds_to(positions[prefix]), positions[prefix])
                 for prefix, _, f in found.near)
    theorem = claim = None
    if found.formula is not None:
        theorem, claim = _matches(game, limit, positions, goal, target)
    return Discovery(game.name, dict(game.params), target, limit, found.formula is not None,
                     found.formula, limit if found.formula is not None else None, n, near,
                     theorem, claim, found.size, found.complete, found.tried, found.via,
                     misere, names)


def check(game, formula: str, max: int | None = None, target: str | None = None, *,  # noqa: A002
          misere: bool = False) -> Guess:
    """Test a reader's formula on the table up to `max`: a whole-number formula against
    the Grundy values (target "grundy"), a true/false one against the P-positions (target
    "P"; a whole-number formula e for P means e == 0), the game's whole-number parameters
    (`constants`) by name. Stops at its first counterexample.

    Examples:
        >>> import grundy
        >>> g = grundy.discovery.check(grundy.game("chocolate", k=5), "x ^ y ^ z == 0", max=6, target="P")
        >>> g.holds, g.first_counterexample, g.holds_to
        (False, (2, 1, 3), 2)
    """
    game, target = game_and_target(game, misere, target)
    limit = default_max(game) if max is None else max
    names, fixed = tuple(game.coords), constants(game)
    tree = compile_formula(formula, names, tuple(fixed))
    require_table(game.table_size(limit), game.table_steps(limit))
    require(game.table_size(limit) * formula_size(tree), 0,
            (f"checking a formula of {formula_size(tree)} parts on {amount(game.table_size(limit))} positions",
             f"{formula_size(tree)} 個の部分からなる式を {amount(game.table_size(limit))} 局面で確かめること"),
            ("use a smaller bound (max)", "上限 (max) を小さくしてください。"))
    positions, goal = ordered(game, limit, target, misere)
    for i, (pos, want) in enumerate(zip(positions, goal)):
        try:
            value = evaluate(tree, {**fixed, **dict(zip(names, pos))})
        except ZeroDivisionError:
            at = "{" + ", ".join(map(str, pos)) + "}"  # a position as the site writes it
            raise GameError(f"the formula divides by zero at {at}",
                            f"局面 {at} で式が 0 で割っています。") from None
        got = (value == 0 if isinstance(value, int) and not isinstance(value, bool) else bool(value)) \
            if target == "P" else value
        if target == "grundy" and isinstance(value, bool):
            raise GameError("for Grundy values the formula must be a whole number, not a comparison",
                            "グランディ数を表す式は比較ではなく整数の式にしてください。")
        if got != (want if target == "grundy" else bool(want)):
            shown = value if target == "grundy" else ("P" if got else "N")
            expected = want if target == "grundy" else ("P" if want else "N")
            return Guess(formula, False, _holds_to(pos), len(positions), pos, shown, expected)
    return Guess(formula, True, limit, len(positions), None, None, None)
