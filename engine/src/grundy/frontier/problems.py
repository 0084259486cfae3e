"""The open problems computed by this package: their names, coordinates, parameters,
bounds, methods and costs (one record per problem, for the command, the data files, the
sweep's jobs and the site)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..budget import require
from ..errors import UsageError
from ..text import Text
from . import chocolate, chomp3


@dataclass(frozen=True)
class Problem:
    """One open problem's computation: `records(params, limit)` streams its answers (one
    record per r1 or per z), `triples(record)` lists a record's P-positions, `cost(params,
    limit)` is (steps, bytes) before computing."""

    name: str
    title: Text
    coords: tuple[str, str, str]
    params: tuple[str, ...]
    bound: Text          # the bound in words, with {max}
    order: str           # the order of the P-positions in the files
    method: str
    records: Callable[[dict, int], Iterator]
    triples: Callable[[object], Iterator[tuple[int, int, int]]]
    cost: Callable[[dict, int], tuple[int, int]]

    def label(self, params: dict) -> str:
        """The problem with its parameters, for messages: "the chocolate k = 4"."""
        return self.title.en + "".join(f", {p} = {params[p]}" for p in self.params)

    def stem(self, params: dict, limit: int) -> str:
        """The data files' name without extension: chocolate-k4-max10000."""
        return "-".join([self.name, *(f"{p}{params[p]}" for p in self.params), f"max{limit}"])

    def require(self, params: dict, limit: int, hint: tuple[str, str]) -> None:
        """Refuse (BudgetError) a computation over the current budget, saying its cost."""
        steps, memory = self.cost(params, limit)
        what = self.title.format(**params, max=f"{limit:,}")
        require(steps, memory, (f"{what.en} up to {self.bound.en.format(max=f'{limit:,}')}",
                                f"{self.bound.ja.format(max=f'{limit:,}')} までの{what.ja}"), hint)


PROBLEMS = {p.name: p for p in (
    Problem("chomp3", Text("three-row Chomp", "3 段のチョンプ"), ("r0", "r1", "r2"), (),
            Text("r0 <= {max}", "r0 <= {max}"), "r1, then r2",
            "for each (r1, r2) the least r0 >= max(r1, 1) that no option rules out "
            "(at most one r0 gives a P-position), with bit sets (grundy.frontier.chomp3)",
            lambda params, limit: chomp3.rows(limit), chomp3.triples,
            lambda params, limit: chomp3.cost(limit)),
    Problem("chocolate", Text("the triangular chocolate y <= (x + z) // {k}",
                              "三角形のチョコレート y <= (x + z) // {k}"), ("x", "y", "z"), ("k",),
            Text("x, z <= {max}", "x, z <= {max}"), "z, then y",
            "for each (y, z) the least legal x that no option rules out (at most one x gives "
            "a P-position), column by column with bit sets (grundy.frontier.chocolate)",
            lambda params, limit: chocolate.columns(params["k"], limit), chocolate.triples,
            lambda params, limit: chocolate.cost(params["k"], limit)),
)}


def problem(name: str) -> Problem:
    """The problem called `name` (UsageError naming the others)."""
    try:
        return PROBLEMS[name]
    except KeyError:
        raise UsageError(f"unknown problem {name!r} (use {' or '.join(PROBLEMS)})") from None
