"""Finite automata over bit-vector letters: relations between natural numbers written in
binary, least significant bit first (Büchi arithmetic in base 2).

An automaton reads a tuple of numbers, one *track* per variable, as a word whose i-th
letter holds bit i of every number (bit j of a letter is track j's bit). Trailing zero
letters do not change the tuple, and every automaton here accepts all the words of a tuple
or none of them. Each automaton is deterministic, complete and minimal, its states
numbered breadth first from the initial state 0 (letters in increasing order): one
relation over the same tracks gives one automaton, and the empty relation is the single
rejecting state. `Work` bounds the time and the memory of every construction.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

# Bytes held per state while an automaton is built, besides 8 per transition (its row
# list, its entry in the index of states, its key); tests/engine/test_automata.py checks
# that the estimate bounds what tracemalloc measures.
BYTES_PER_STATE = 200


class Limit(Exception):
    """A construction stopped at the time or memory limit (the message says which)."""


class Work:
    """The limits of one decision: a deadline and the transitions one construction may
    hold; `largest` is the most states an automaton has had so far."""

    def __init__(self, seconds: float, megabytes: float):
        self.seconds, self.megabytes = seconds, megabytes
        self.deadline = time.monotonic() + seconds
        self.largest = 0

    def check(self, states: int, held: int) -> None:
        """Raise Limit past the deadline, or when a construction of `states` states
        holds more than the memory allowed (`held` bytes, about)."""
        self.largest = max(self.largest, states)
        if held > self.megabytes * 1_000_000:  # the words grundy.prove.proof translates
            raise Limit(f"automata ran out of memory ({self.megabytes:g} MB)")
        if time.monotonic() > self.deadline:
            raise Limit(f"automata ran out of time ({round(self.seconds, 1):g} s)")


@dataclass(frozen=True, eq=False)
class DFA:
    """`delta[q][letter]` is the state after `letter` from q; `final[q]` whether q accepts."""
    tracks: tuple[str, ...]
    delta: list
    final: list

    @property
    def size(self) -> int:
        return len(self.delta)

    @property
    def empty(self) -> bool:
        return self.size == 1 and not self.final[0]

    @property
    def universal(self) -> bool:
        return self.size == 1 and self.final[0]

    def renamed(self, names: dict) -> "DFA":
        """The same automaton with its tracks renamed (`names`: old -> new)."""
        return DFA(tuple(names.get(t, t) for t in self.tracks), self.delta, self.final)


def constant(value: bool) -> DFA:
    """The relation without tracks that always (or never) holds."""
    return DFA((), [[0]], [value])


def complement(a: DFA) -> DFA:
    return DFA(a.tracks, a.delta, [not f for f in a.final])


def letterwise(tracks: tuple, accepts, work: Work) -> DFA:
    """The relation that holds when every letter's bits (a tuple, one per name of `tracks`,
    names possibly repeated) satisfy `accepts`, which must accept all zeros."""
    names = tuple(dict.fromkeys(tracks))
    where = [names.index(t) for t in tracks]
    row = [0 if accepts(tuple(letter >> i & 1 for i in where)) else 1
           for letter in range(1 << len(names))]
    assert row[0] == 0, "a letterwise relation must accept zeros"
    return minimize(names, [row, [1] * len(row)], [True, False], work)


def linear(coefs: dict, op: str, bound: int, work: Work) -> DFA:
    """sum(coefs[v] * v) == bound (op "==") or <= bound (op "<="), the coefficients
    any integers: the state is what the rest of the numbers must still make up, halved
    at every bit (Wolper and Boigelot's construction)."""
    tracks = tuple(v for v, c in coefs.items() if c)
    sums = [0]
    for v in tracks:
        sums += [s + coefs[v] for s in sums]
    index, states, delta = {bound: 0}, [bound], []
    for r in states:
        row = []
        for s in sums:
            s = 1 if r is None else r - s  # None: the sink (an odd remainder for "==")
            nxt = None if op == "==" and s & 1 else s >> 1
            q = index.get(nxt)
            if q is None:
                q = index[nxt] = len(states)
                states.append(nxt)
            row.append(q)
        delta.append(row)
        work.check(len(states), len(states) * (len(sums) * 8 + BYTES_PER_STATE))
    final = [r is not None and (r == 0 if op == "==" else r >= 0) for r in states]
    return minimize(tracks, delta, final, work)


def _projection(tracks: tuple, sub: tuple) -> list:
    """For every letter over `tracks`, the letter over `sub` (a subset) it carries."""
    out = [0]
    for t in tracks:
        out = out + ([x | 1 << sub.index(t) for x in out] if t in sub else out)
    return out


def _explore(start, successors, letters: int, work: Work) -> tuple[list, list]:
    """The states reachable from `start` (keys: ints), breadth first, and their rows:
    `successors(key)` lists the key after each letter."""
    index, keys, delta, held = {start: 0}, [start], [], 0
    add = index.setdefault
    for key in keys:
        targets = successors(key)
        row = [add(t, len(index)) for t in targets]
        if len(index) > len(keys):
            for t, q in zip(targets, row):
                if q == len(keys):
                    keys.append(t)
                    held += t.bit_length() >> 3
        delta.append(row)
        work.check(len(keys), len(keys) * (letters * 8 + BYTES_PER_STATE) + held)
    return keys, delta


def product(a: DFA, b: DFA, op, work: Work) -> DFA:
    """The relation `op(a holds, b holds)` over the union of their tracks."""
    for x, y, then in ((a, b, lambda v, w: op(v, w)), (b, a, lambda v, w: op(w, v))):
        if x.size == 1:  # a constant: the result is y, its complement or a constant
            when = then(x.final[0], True), then(x.final[0], False)
            if when == (True, False):
                return y
            if when == (False, True):
                return complement(y)
            return constant(when[0])
    tracks = a.tracks + tuple(t for t in b.tracks if t not in a.tracks)
    letters = 1 << len(tracks)
    repeat = letters >> len(a.tracks)
    to_b = _projection(tracks, b.tracks)
    nb = b.size

    def successors(key):  # the pair (qa, qb) is the key qa * nb + qb
        rb = b.delta[key % nb]
        return [x * nb + rb[l] for x, l in zip(a.delta[key // nb] * repeat, to_b)]
    keys, delta = _explore(0, successors, letters, work)
    final = [op(a.final[k // nb], b.final[k % nb]) for k in keys]
    return minimize(tracks, delta, final, work)


def project(a: DFA, names, work: Work) -> DFA:
    """The relation with `names` existentially quantified: subset construction on the
    automaton that guesses their bits (a set of states is an int, one bit per state); a
    state accepts when trailing letters that are zero on the kept tracks lead to
    acceptance (the witnesses may be longer than the tuple they prove)."""
    keep = tuple(t for t in a.tracks if t not in names)
    if len(keep) == len(a.tracks):
        return a
    to_keep = _projection(a.tracks, keep)
    letters = 1 << len(keep)
    # Accepting after zeros on the kept tracks: backwards from the accepting states.
    zeros = [letter for letter, kept in enumerate(to_keep) if not kept]
    back = [[] for _ in range(a.size)]
    for q, row in enumerate(a.delta):
        for letter in zeros:
            back[row[letter]].append(q)
    accept = [q for q in range(a.size) if a.final[q]]
    seen = set(accept)
    for q in accept:
        for p in back[q]:
            if p not in seen:
                seen.add(p)
                accept.append(p)
    accepting = sum(1 << q for q in seen)
    # Each state's successors after every letter, one int: the set after letter l (one
    # bit per state) in bytes l * width ... (l + 1) * width - 1.
    width = (a.size + 7) // 8
    work.check(a.size, a.size * (letters * (width + 8) + BYTES_PER_STATE))
    shift = [l * width * 8 for l in range(letters)]
    succ = [sum({1 << (row[letter] + shift[kept]) for letter, kept in enumerate(to_keep)})
            for row in a.delta]
    size = letters * width

    def successors(s):
        acc = 0
        while s:
            low = s & -s
            s ^= low
            acc |= succ[low.bit_length() - 1]
        data = acc.to_bytes(size, "little")
        return [int.from_bytes(data[i:i + width], "little") for i in range(0, size, width)]
    keys, delta = _explore(1, successors, letters, work)
    final = [bool(s & accepting) for s in keys]
    return minimize(keep, delta, final, work)


def minimize(tracks: tuple, delta: list, final: list, work: Work) -> DFA:
    """The minimal automaton of a complete one whose states are all reachable from 0
    (Moore's refinement: states split by their successors' classes until stable),
    numbered breadth first (a constant relation without tracks)."""
    cls = [1 if f else 0 for f in final]
    count = len(set(cls))
    while True:
        ids = {}
        new = [ids.setdefault((c, *map(cls.__getitem__, row)), len(ids))
               for c, row in zip(cls, delta)]
        work.check(len(delta), len(delta) * (len(delta[0]) * 16 + 2 * BYTES_PER_STATE))
        if len(ids) == count:
            break
        cls, count = new, len(ids)
    if count == 1:  # no track matters
        return constant(final[0])
    first = {}
    for q, c in enumerate(cls):
        first.setdefault(c, q)
    queue, rows = _explore(cls[0], lambda c: [cls[t] for t in delta[first[c]]], len(delta[0]), work)
    return DFA(tracks, rows, [final[first[c]] for c in queue])


def shortest(a: DFA) -> dict | None:
    """The numbers of the shortest word `a` accepts (among those, the one whose last
    letters have the fewest ones), by track; None when it accepts nothing."""
    layers, seen = [{0}], set()
    while not any(a.final[q] for q in layers[-1]):
        seen |= layers[-1]
        step = {t for q in layers[-1] for t in a.delta[q]}
        if step <= seen:
            return None
        layers.append(step)
    letters = sorted(range(len(a.delta[0])), key=lambda l: (bin(l).count("1"), l))
    targets, word = {q for q in layers[-1] if a.final[q]}, []
    for layer in reversed(layers[:-1]):
        for letter in letters:
            reach = {q for q in layer if a.delta[q][letter] in targets}
            if reach:
                targets = reach
                word.append(letter)
                break
    word.reverse()
    return {t: sum((letter >> j & 1) << i for i, letter in enumerate(word))
            for j, t in enumerate(a.tracks)}
