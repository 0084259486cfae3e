"""The games' rules written again from their definitions (the papers', as the lessons state
them), without the engine: each game's moves, and the values the tests compare the
engine's with, by plain recursion (Grundy values by mex, outcomes in normal and misère
play, one pass, Steinhaus's remoteness). Small positions only: nothing here is fast.

A position is a tuple, a state of `game(...)` a tuple (position, Nim heap, pass left):
the game, with a Nim heap beside it when `heap` (a sum) and one pass for the whole game
when `passing` (usable by either player, never where no move is left)."""

from __future__ import annotations

from functools import lru_cache


def _nim(pos):
    for i, h in enumerate(pos):
        for v in range(h):
            yield (*pos[:i], v, *pos[i + 1:])


def _chocolate(k):
    """{x, y, z} with y <= (x + z) // k: a diagonal cut on the left or right may lower y."""
    def moves(pos):
        x, y, z = pos
        yield from ((u, min(y, (u + z) // k), z) for u in range(x))
        yield from ((x, v, z) for v in range(y))
        yield from ((x, min(y, (x + w) // k), w) for w in range(z))
    return moves


def _step(f):
    """CB(f, y, z): a horizontal cut, or a vertical one that leaves min(y, f(w)) rows."""
    def moves(pos):
        y, z = pos
        yield from ((v, z) for v in range(y))
        yield from ((min(y, f(w)), w) for w in range(z))
    return moves


def _step3(f):
    """The step chocolate with a bar of x squares on its left: {x, y, z}."""
    def moves(pos):
        x, y, z = pos
        yield from ((u, y, z) for u in range(x))
        yield from ((x, *q) for q in _step(f)((y, z)))
    return moves


def _queen(diagonal):
    """Left any, up any, and the diagonal steps (s, t) that `diagonal(x, y)` gives."""
    def moves(pos):
        x, y = pos
        yield from ((u, y) for u in range(x))
        yield from ((x, v) for v in range(y))
        yield from ((x - s, y - t) for s, t in diagonal(x, y))
    return moves


def _wythoff(x, y):
    return ((a, a) for a in range(1, min(x, y) + 1))


def _ryuoh(p):
    """The Dragon King generalised: (x - s, y - t) with s, t >= 1 and s + t <= p - 1."""
    return lambda x, y: ((s, t) for s in range(1, min(x, p - 2) + 1)
                         for t in range(1, min(y, p - 1 - s) + 1))


def _chomp(pos):
    """Rows r0 >= r1 >= ...: eating (i, j) != (0, 0) cuts every row i' >= i to j squares."""
    for i, row in enumerate(pos):
        for j in range(1 if i == 0 else 0, row):
            yield (*pos[:i], *(min(r, j) for r in pos[i:]))


def function(text: str):
    """A step chocolate's f, from the simple expressions in t the tests use ("t//2")."""
    return eval("lambda t: " + text, {"min": min, "max": max})  # the tests' own text


def moves_of(name: str, params: dict):
    """The move generator of the game `name` with its parameters (the engine's names)."""
    if name in ("nim", "rect"):  # a rectangular bar: each side of the bitter square a heap
        return _nim
    if name == "chocolate":
        return _chocolate(int(params["k"]))
    if name in ("step", "step3"):
        return (_step if name == "step" else _step3)(function(params["f"]))
    if name == "wythoff":
        return _queen(_wythoff)
    if name == "ryuoh":
        return _queen(_ryuoh(int(params["p"])))
    if name == "chomp":
        return _chomp
    raise ValueError(f"no rules written for {name}")


def mex(values) -> int:
    values = set(values)
    return next(v for v in range(len(values) + 1) if v not in values)


class Rules:
    """One game's values from its moves alone, memoised."""

    def __init__(self, name: str, params: dict | None = None):
        self.moves = moves_of(name, params or {})
        self.grundy = lru_cache(maxsize=None)(self._grundy)
        self.wins = lru_cache(maxsize=None)(self._wins)
        self.remoteness = lru_cache(maxsize=None)(self._remoteness)
        self.state_grundy = lru_cache(maxsize=None)(self._state_grundy)

    def _grundy(self, pos) -> int:
        return mex(self.grundy(q) for q in self.moves(pos))

    def pass_grundy(self, pos) -> int:
        """The Grundy value with the pass still available (the pass leads to the plain game)."""
        return self.state_grundy((pos, 0, 1))

    def states(self, state):
        """The moves of a state (position, Nim heap, pass left)."""
        pos, h, flag = state
        out = [(q, h, flag) for q in self.moves(pos)] + [(pos, v, flag) for v in range(h)]
        return out + [(pos, h, 0)] if flag and out else out

    def _state_grundy(self, state) -> int:
        return mex(self.state_grundy(s) for s in self.states(state))

    def _wins(self, state, misere: bool = False) -> bool:
        """Whether the player to move from the state wins (misère: the last mover loses)."""
        following = self.states(state)
        if not following:
            return misere
        return any(not self.wins(s, misere) for s in following)

    def outcome(self, pos, misere: bool = False) -> str:
        return "N" if self.wins((pos, 0, 0), misere) else "P"

    def winning(self, state, misere: bool = False) -> set:
        """The states a winning move from `state` leads to."""
        return {s for s in self.states(state) if not self.wins(s, misere)}

    def _remoteness(self, pos, misere: bool = False) -> int:
        """Steinhaus: 0 at the end; a win takes the fastest way to a lost position, a loss
        the slowest move."""
        tos = list(self.moves(pos))
        if not tos:
            return 0
        if self.wins((pos, 0, 0), misere):
            return 1 + min(self.remoteness(q, misere) for q in tos if not self.wins((q, 0, 0), misere))
        return 1 + max(self.remoteness(q, misere) for q in tos)

    def perfect(self, pos, misere: bool = False) -> set:
        """The perfect player's moves from `pos`: to a lost position of least remoteness
        when one exists (win fastest), else to a position of greatest remoteness."""
        tos = set(self.moves(pos))
        lost = {q for q in tos if not self.wins((q, 0, 0), misere)}
        far = {q: self.remoteness(q, misere) for q in lost or tos}
        best = (min if lost else max)(far.values())
        return {q for q, r in far.items() if r == best}
