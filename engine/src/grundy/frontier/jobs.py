"""The kinds of job a sweep runs: a registry of job functions by name.

A job function is `function(params: dict, folder: str, seconds: int) -> dict`: it computes
one job (its parameters), may write files into `folder`, stops or refuses when its work
would pass `seconds` (grundy.budget), and returns a JSON-able summary. A kind is registered
as "module:function" so that a worker imports it by name (another package adds its own:
`register("prove", "grundy.prove.jobs:prove")`); this module imports no Dask."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from ..budget import for_seconds, seconds_for, using
from .problems import problem

KINDS: dict[str, str] = {"frontier": "grundy.frontier.jobs:frontier"}


def register(kind: str, target: str) -> None:
    """Make `kind` run `target` ("package.module:function")."""
    KINDS[kind] = target


def function(target: str):
    """The function a target names."""
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class Job:
    """One job of a sweep: its kind and parameters (JSON values)."""

    kind: str
    params: dict = field(hash=False)

    @property
    def id(self) -> str:
        """A name for the job's folder and key: frontier-problem=chocolate-k=4-max=1000."""
        return "-".join([self.kind, *(f"{k}={v}" for k, v in self.params.items())])


def hint(steps: int) -> tuple[str, str]:
    """What to do about a computation refused over its time budget."""
    need = seconds_for(steps)
    return (f"allow it with --seconds {need:,}, or use a smaller --max",
            f"--seconds {need:,} で許可するか、--max を小さくしてください。")


def frontier(params: dict, folder: str, seconds: int) -> dict:
    """A frontier computation: params {"problem", "max", and the problem's own ("k")};
    writes its data files (grundy.frontier.data) and returns their manifest."""
    from . import data

    p = problem(params["problem"])
    own = {name: params[name] for name in p.params}
    with using(for_seconds(seconds)):
        p.require(own, params["max"], hint(p.cost(own, params["max"])[0]))
    command = " ".join(["grundy frontier", p.name, *(f"--{k} {v}" for k, v in own.items()),
                        f"--max {params['max']}", "--out DIR", f"--seconds {seconds}"])
    return data.write(p, own, params["max"], folder, command, seconds)
