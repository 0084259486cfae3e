"""The site's theorems as statements for the prover (grundy.prove), by the id of the check
(grundy.verify) that tests the same theorem by brute force.

`CASES` holds the fixed cases (the seed theorems and the formulas the papers say fail);
`FAMILIES` the cases without end, proved one after the other as far as a budget reaches
(Ryuoh Nim for p = 1, 2, 3, ...; the triangular chocolate's x ⊕ y ⊕ z = 0 for k = 7, 11,
15, ..., and refuted for k = 5, 9, 13, ...). A family is one statement per parameter:
"for every k at once" is not a statement of the prover's language (k would multiply y).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import count
from typing import Callable, Iterator

from ..games.step import SATISFYING_F, VIOLATING_F


@dataclass(frozen=True)
class Case:
    """One statement: `formula` (as `grundy discover` writes it) claims the P-positions
    (target "P") or the Grundy values ("grundy") of the game with `params`; `expect` is
    what the site says of it (True: a theorem, False: a formula the site says fails)."""

    game: str
    params: tuple
    formula: str
    target: str
    expect: bool = True
    misere: bool = False

    def command(self) -> str:
        """The command line that decides it (`grundy prove ...`)."""
        params = "".join(f" --{k} {_quoted(str(v))}" for k, v in self.params)
        return (f"grundy prove {self.game}{params} --target {self.target}"
                f"{' --misere' if self.misere else ''} --formula {_quoted(self.formula)}")

    def prove(self, **limits):
        """grundy.prove of this case (limits: seconds, megabytes, method)."""
        from ..registry import game
        from .proof import prove

        return prove(game(self.game, **dict(self.params)), self.formula, self.target,
                     misere=self.misere, **limits)


def _quoted(text: str) -> str:
    return text if text.replace("_", "").replace("/", "").isalnum() else f"'{text}'"


def ryuoh(p: int) -> Case:
    return Case("ryuoh", (("p", p),), f"(x + y) % {p} + {p} * (x // {p} ^ y // {p})", "grundy")


def chocolate_xor(k: int) -> Case:
    return Case("chocolate", (("k", k),), "x ^ y ^ z == 0", "P", expect=k % 4 == 3)


def nim(heaps: int) -> Case:
    names = [f"h{i}" for i in range(1, heaps + 1)]
    return Case("nim", (("heaps", heaps),), " ^ ".join(names), "grundy")


RECT_XOR = {2: "right ^ up", 3: "left ^ up ^ right", 4: "left ^ up ^ right ^ down"}

CASES: dict[str, list[Case]] = {
    "nim": [nim(n) for n in (1, 2, 3, 4)],
    "rect": [Case("rect", (("sides", n),), formula, "grundy") for n, formula in RECT_XOR.items()],
    "chocolate-k3": [chocolate_xor(3)],
    "chocolate-k1": [Case("chocolate", (("k", 1),), "(x - 1) ^ y ^ (z - 1) == 0", "P")],
    "step-condition": [Case("step", (("f", f),), "y ^ z", "grundy", expect=f in SATISFYING_F)
                       for f in SATISFYING_F + VIOLATING_F],
    "step3": [Case("step3", (("f", f),), "x ^ y ^ z == 0", "P") for f in SATISFYING_F],
    "chomp-formulas": [Case("chomp", (("rows", 1),), "r0 - 1", "grundy"),
                       Case("chomp", (("rows", 2),), "r0 == r1 + 1", "P")],
}


@dataclass(frozen=True)
class Family:
    """Cases without end (`cases()` yields them in order), one per parameter; `proved`:
    whether the site states them proved (else refuted) and `most`: how many at most."""

    name: str
    cases: Callable[[], Iterator[Case]]
    most: int | None = None
    expect: bool = field(default=True)


FAMILIES: dict[str, list[Family]] = {
    "ryuoh": [Family("p", lambda: (ryuoh(p) for p in count(1)))],
    "chocolate-odd-k": [Family("k = 4m + 3", lambda: (chocolate_xor(k) for k in count(7, 4))),
                        Family("k = 4m + 1", lambda: (chocolate_xor(k) for k in count(5, 4)), most=6,
                               expect=False)],
}
