"""Computer players of several strengths, for the play widget (issue #26).

A player chooses one of the options of a position (`options(game, pos, misere)`: every
move's target with its outcome and remoteness, grundy.remoteness) with a seeded
`random.Random`, so the same seed gives the same move. The players (`PLAYERS`, name ->
Player; `player(level)` also accepts any depth d >= 1):

* "perfect": from an N-position it wins fastest (a P-option of least remoteness), from a
  P-position it resists longest (an option of greatest remoteness);
* depth d ("1", "3", "5", "7", ...): it sees every end of the game within d moves (both
  players' moves counted): it plays a winning move whenever a P-option of remoteness at
  most d - 1 exists (the fastest); else it avoids the options from which the opponent
  wins within max(1, d - 1) moves and picks among the rest at random (when every option
  loses that fast, it holds out longest);
* bots that play a well-known wrong rule ("equal-heaps" for Nim, "two-coordinates" for
  the triangular chocolate): they take an immediate win, else follow their rule (a move
  to a position the rule believes to be a P-position, not handing over an immediate
  win), else move like depth 1. Their description states the rule.

Where the remoteness is over the work budget (a large sum of games), `options` knows it
only when it is at most 1 (a finished game, or one move from the end); the players then
see that far and no further.

`calibrate(starts)` plays each level against the next from the lessons' start positions
(seeded, deterministic); `CALIBRATION` is its result for the site's starts, stored in
levels.json by scripts/sitegen/levels.py and checked against a new run at every build.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from importlib import resources
from typing import Callable

from .budget import STEP_PER_MOVE, require
from .errors import BudgetError, GameError, shown
from .numbers import whole
from .remoteness import outcome_of, remoteness
from .text import Text

DEPTHS = (1, 3, 5, 7)      # the depths the catalogue offers
DEFAULT = "perfect"
FAR = float("inf")         # the remoteness of an option when it is only known to be > 1


@dataclass(frozen=True)
class Option:
    """One move's target: its outcome ("P"/"N", for the player who moves next there) and
    remoteness (None: more than 1, not computed because over the work budget)."""

    to: tuple
    outcome: str
    remoteness: int | None

    @property
    def far(self) -> float:
        """The remoteness, infinite when unknown (known to be more than 1)."""
        return FAR if self.remoteness is None else self.remoteness


def known_remoteness(game, pos: tuple, misere: bool = False) -> int | None:
    """The remoteness of the (validated) `pos`, or None when it is over the work budget."""
    try:
        return remoteness(game, pos, misere)
    except BudgetError:
        return None


def options(game, pos: tuple, misere: bool = False) -> list[Option]:
    """Every move of the (validated) `pos` as an Option, in the game's order of moves.

    Examples:
        >>> import grundy
        >>> from grundy.levels import options
        >>> [(o.to, o.outcome, o.remoteness) for o in options(grundy.game("nim"), (1, 2))]
        [((0, 2), 'N', 1), ((1, 0), 'N', 1), ((1, 1), 'P', 2)]
    """
    if known_remoteness(game, pos, misere) is not None:  # every option is in the memo now
        return [Option(to, outcome_of(r, misere), r) for to in game.targets(pos)
                for r in (remoteness(game, to, misere),)]
    bound = game.move_bound(pos)
    require(bound * bound * STEP_PER_MOVE, 0, (f"looking one move past {shown(pos)}",
                                               f"{shown(pos)} から 2 手先まで読むこと"))
    return [Option(m.to, game.outcome(m.to, misere), _shallow(game, m.to, misere))
            for m in game.moves(pos)]


def _shallow(game, pos: tuple, misere: bool) -> int | None:
    """The remoteness of pos when it is at most 1, else None: 0 when no move is left; 1
    when (normal play) some move ends the game, or (misère play) every move does."""
    ends = [not any(True for _ in game.targets(to)) for to in game.targets(pos)]
    if not ends:
        return 0
    return 1 if (all(ends) if misere else any(ends)) else None


Chooser = Callable[[object, tuple, list, bool, random.Random], Option]


@dataclass(frozen=True)
class Player:
    """A computer player: `name` (the facade's `level`), `title` and `description` (both
    languages), `depth` (None: perfect or a bot), `games` (a bot: the games whose wrong
    rule it plays; None: every game) and `choose(game, pos, options, misere, rng)`."""

    name: str
    title: Text
    description: Text
    choose: Chooser
    depth: int | None = None
    games: tuple[str, ...] | None = None

    @property
    def kind(self) -> str:
        """"bot" for a player of a wrong rule, else "level"."""
        return "level" if self.games is None else "bot"

    def plays(self, game, pos: tuple | None = None) -> bool:
        """Whether the player can play `game` (a bot only its own games, without a pass,
        not in a sum)."""
        if self.games is None:
            return True
        shape = game.coords_for(pos) if pos is not None else game.coords
        return game.name in self.games and "pass" not in shape

    def move(self, game, pos: tuple, misere: bool = False, seed: int = 0) -> Option | None:
        """The player's move from the (validated) `pos`, None when no move is left.

        Examples:
            >>> import grundy
            >>> from grundy.levels import player
            >>> player("perfect").move(grundy.game("nim"), (1, 2)).to
            (1, 1)
        """
        found = options(game, pos, misere)
        return self.choose(game, pos, found, misere, random.Random(seed)) if found else None


def _fastest(found: list[Option], rng) -> Option:
    """One of the options of least remoteness."""
    best = min(o.far for o in found)
    return rng.choice([o for o in found if o.far == best])


def _longest(found: list[Option], rng) -> Option:
    """One of the options of greatest remoteness."""
    best = max(o.far for o in found)
    return rng.choice([o for o in found if o.far == best])


def perfect(game, pos, found, misere, rng) -> Option:
    """Win fastest from an N-position, resist longest from a P-position."""
    wins = [o for o in found if o.outcome == "P"]
    return _fastest(wins, rng) if wins else _longest(found, rng)


def horizon(depth: int) -> Chooser:
    """The player that sees every end of the game within `depth` moves (module docstring)."""
    def choose(game, pos, found, misere, rng) -> Option:
        wins = [o for o in found if o.outcome == "P" and o.far <= depth - 1]
        if wins:
            return _fastest(wins, rng)
        safe = [o for o in found if not (o.outcome == "N" and o.far <= max(1, depth - 1))]
        return rng.choice(safe) if safe else _longest(found, rng)
    return choose


def wrong_rule(believes: Callable[[tuple], bool]) -> Chooser:
    """A bot: an immediate win, else a move to a position that `believes` (the rule) takes
    for a P-position and that does not hand over an immediate win, else depth 1."""
    def choose(game, pos, found, misere, rng) -> Option:
        wins = [o for o in found if o.outcome == "P" and o.far <= 0]
        if wins:
            return rng.choice(wins)
        ruled = [o for o in found if believes(o.to)
                 and not (o.outcome == "N" and o.far <= 1)]
        return rng.choice(ruled) if ruled else horizon(1)(game, pos, found, misere, rng)
    return choose


def _equal_heaps(pos: tuple) -> bool:
    """The rule "keep two heaps equal": two non-empty heaps of the same size."""
    heaps = [h for h in pos if h]
    return len(set(heaps)) < len(heaps)


def _two_coordinates(pos: tuple) -> bool:
    """The rule "G = y ⊕ z" (the step chocolate's) on the triangular chocolate: y = z."""
    return pos[1] == pos[2]


def _depth_player(depth: int) -> Player:
    return Player(
        str(depth),
        Text(f"Level {depth}", f"レベル {depth}"),
        Text(f"finds a win {depth} moves ahead" if depth > 1 else "takes a win one move ahead",
             f"{depth} 手先までの勝ちを見つける"),
        horizon(depth), depth)


PLAYERS = {
    **{str(d): _depth_player(d) for d in DEPTHS},
    "perfect": Player("perfect", Text("Perfect", "完全"),
                      Text("never misses a win: wins as fast as it can, and when it is losing "
                           "holds out as long as it can",
                           "勝てる局面では必ず最短で勝ち、負けの局面ではできるだけ長く粘る"),
                      perfect),
    "equal-heaps": Player(
        "equal-heaps", Text("Equal heaps", "等しい山"),
        Text("plays the rule “keep two heaps equal”: it leaves two equal heaps whenever it "
             "can. That wins with two heaps (the mirror strategy) but not with three: the "
             "right rule is “leave a nim-sum of 0”",
             "「2 つの山を等しくする」という規則で指します: できるときはいつも等しい 2 山を残します。"
             "2 山なら必勝法 (対称戦略) ですが、3 山では誤りです。正しい規則は「ニム和を 0 にする」です"),
        wrong_rule(_equal_heaps), games=("nim",)),
    "two-coordinates": Player(
        "two-coordinates", Text("Nim on two coordinates", "2 座標のニム"),
        Text("plays as if G = y ⊕ z (the rule of the step chocolate): it makes y equal to z "
             "whenever it can, ignoring x. For the triangular chocolate (k = 3) the "
             "P-positions are those with x ⊕ y ⊕ z = 0",
             "G = y ⊕ z (階段チョコレートの規則) であるかのように指します: x を無視して、"
             "できるときはいつも y と z を等しくします。三角形のチョコレート (k = 3) の P 局面は "
             "x ⊕ y ⊕ z = 0 の局面です"),
        wrong_rule(_two_coordinates), games=("chocolate",)),
}


def player(level=DEFAULT) -> Player:
    """The player of `level`: "perfect", a bot's name, or a depth d >= 1 (an int, or its
    ASCII digits); GameError (both languages) for anything else.

    Examples:
        >>> from grundy.levels import player
        >>> player(3).description.get("ja")
        '3 手先までの勝ちを見つける'
    """
    if isinstance(level, str) and level in PLAYERS:
        return PLAYERS[level]
    if isinstance(level, str) and not (level.isascii() and level.isdigit()):
        names = ", ".join(name for name in PLAYERS if not name.isdigit())
        raise GameError(f"unknown level {shown(level)} (use a depth 1, 2, 3, ... or one of {names})",
                        f"レベル {shown(level)} はありません (深さ 1, 2, 3, ... か {names} の"
                        f"どれかにしてください)。")
    depth = whole(level, "level", 1, None, "レベル")
    return PLAYERS.get(str(depth)) or _depth_player(depth)


# -- calibration ----------------------------------------------------------------------

PAIRS = (("1", "3"), ("3", "5"), ("5", "7"), ("7", "perfect"))  # each level against the next
BOT_OPPONENT = "1"
SEEDS = 8  # games per start, pair and colour


def play(game, start: tuple, first: Player, second: Player, misere: bool = False,
         seed: int = 0) -> int:
    """One game from `start`: 0 if `first` (to move at the start) wins, else 1."""
    pos, turn, rng = start, 0, random.Random(seed)
    players = (first, second)
    while True:
        found = options(game, pos, misere)
        if not found:  # the player to move has no move: loses (normal), wins (misère)
            return turn if misere else 1 - turn
        pos = players[turn].choose(game, pos, found, misere, rng).to
        turn = 1 - turn


def match(game, start: tuple, a: Player, b: Player, misere: bool = False) -> tuple[int, int]:
    """(wins of a, games): a and b each move first in SEEDS games from `start`."""
    wins = 0
    for seed in range(SEEDS):
        wins += play(game, start, a, b, misere, seed) == 0
        wins += play(game, start, b, a, misere, seed) == 1
    return wins, 2 * SEEDS


def calibrate(starts) -> dict:
    """Win rates of each level against the next (PAIRS) and of each bot against depth 1,
    by simulation from `starts`: a list of (label, game, start, misere) with validated
    starts. Returns {"starts": [label...], "rates": {name: {"against", "wins", "games",
    "win_rate"}}} (win_rate rounded to 3 decimals); deterministic."""
    pairs = [*PAIRS, *((name, BOT_OPPONENT) for name, p in PLAYERS.items() if p.games)]
    rates = {}
    for name, against in pairs:
        a, b = PLAYERS[name], PLAYERS[against]
        wins = games = 0
        for _, game, start, misere in starts:
            if a.plays(game, start) and b.plays(game, start):
                w, n = match(game, start, a, b, misere)
                wins, games = wins + w, games + n
        rates[name] = {"against": against, "wins": wins, "games": games,
                       "win_rate": round(wins / games, 3) if games else None}
    return {"starts": [label for label, *_ in starts], "rates": rates}


def _stored() -> dict:
    """The calibration stored in levels.json (scripts/sitegen/levels.py writes it)."""
    try:
        return json.loads(resources.files(__package__).joinpath("levels.json").read_text("utf-8"))
    except (FileNotFoundError, ValueError):
        return {"starts": [], "rates": {}}


CALIBRATION = _stored()


def catalogue(game=None, pos: tuple | None = None) -> list[dict]:
    """The players to offer (the depths of DEPTHS, perfect, and the bots of `game` when
    given, else every bot), each as {name, kind, depth, games, title, description,
    calibration: {against, wins, games, win_rate} | null} with texts as {en, ja}:
    `win_rate` is the share of the `games` that this player won against the player
    named `against` (the next level; a bot: depth 1), from the lessons' starts."""
    out = []
    for p in PLAYERS.values():
        if game is not None and not p.plays(game, pos):
            continue
        out.append({"name": p.name, "kind": p.kind, "depth": p.depth,
                    "games": None if p.games is None else list(p.games),
                    "title": p.title.as_dict(), "description": p.description.as_dict(),
                    "calibration": CALIBRATION["rates"].get(p.name)})
    return out
