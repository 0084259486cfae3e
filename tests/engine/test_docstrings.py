"""The API reference's docstrings (docs/api.md renders them with mkdocstrings): every public
function and method of the documented modules has a docstring, the reader's functions carry
an example, and every example runs (doctest)."""

from __future__ import annotations

import doctest
import importlib
import inspect

import pytest

import grundy
import grundy.cli
import grundy.prove.proof

MODULES = ("grundy", "grundy.registry", "grundy.core", "grundy.table", "grundy.sums",
           "grundy.passing", "grundy.verify", "grundy.cli", "grundy.discovery", "grundy.prove.proof")
# what a reader calls: each has at least one `>>>` example
WITH_EXAMPLES = [
    grundy.game, grundy.game_names, grundy.find_game, grundy.sum_of, grundy.with_pass,
    grundy.Game.label, grundy.Game.validate, grundy.Game.moves, grundy.Game.move_to,
    grundy.Game.describe, grundy.Game.is_legal, grundy.Game.is_legal_move, grundy.Game.grundy,
    grundy.Game.outcome, grundy.Game.formula, grundy.Game.winning_move, grundy.Game.table,
    grundy.Table, grundy.Table.get, grundy.Table.items, grundy.Table.p_positions,
    grundy.Table.misere, grundy.Table.misere_p_positions, grundy.Table.max_value,
    grundy.SumGame, grundy.SumGame.split, grundy.verify.run, grundy.cli.run, grundy.cli.main,
    grundy.discover, grundy.discovery.check, grundy.prove.proof.prove,
]


def members(obj, prefix):
    """(name, function) of the public methods and properties a class defines itself."""
    for member, value in vars(obj).items():
        if member.startswith("_"):
            continue
        if isinstance(value, (staticmethod, classmethod)):
            value = value.__func__
        if isinstance(value, property):
            value = value.fget
        if inspect.isfunction(value):
            yield f"{prefix}.{member}", value


def public_callables():
    """(name, object) of everything the API page shows (its ::: lines, with their members)."""
    for name in ("game", "game_names", "find_game", "sum_of", "with_pass"):
        yield f"grundy.{name}", getattr(grundy, name)
    for cls in (grundy.Game, grundy.Table, grundy.SumGame):
        yield f"grundy.{cls.__name__}", cls
        yield from members(cls, f"grundy.{cls.__name__}")
    for module in (grundy.verify, grundy.cli):
        for name, obj in vars(module).items():
            if name.startswith("_") or getattr(obj, "__module__", None) != module.__name__:
                continue
            if inspect.isfunction(obj) or inspect.isclass(obj):
                yield f"{module.__name__}.{name}", obj
            if inspect.isclass(obj):
                yield from members(obj, f"{module.__name__}.{name}")


def test_every_public_callable_has_a_docstring():
    missing = [name for name, obj in public_callables() if not (obj.__doc__ or "").strip()]
    assert not missing


@pytest.mark.parametrize("obj", WITH_EXAMPLES, ids=lambda o: o.__qualname__)
def test_the_readers_functions_have_an_example(obj):
    assert ">>>" in (obj.__doc__ or "")


@pytest.mark.parametrize("module_name", MODULES)
def test_docstring_examples_run(module_name):
    result = doctest.testmod(importlib.import_module(module_name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
