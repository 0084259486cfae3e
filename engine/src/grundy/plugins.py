"""Every module of a plug-in package (grundy.games, grundy.svg, grundy.explain), imported
so that it registers itself: a new game's modules need no import line anywhere."""

from __future__ import annotations

import importlib
import pkgutil


def import_all(package: str, path) -> list:
    """Import the modules of `package` (its `__path__`) whose names do not start with "_",
    in the order of their names."""
    return [importlib.import_module(f"{package}.{info.name}")
            for info in sorted(pkgutil.iter_modules(path), key=lambda info: info.name)
            if not info.name.startswith("_")]
