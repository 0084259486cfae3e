"""The engine's modules import only downward: the graph of imports inside the package
`grundy` has no cycle.

Every import counts, wherever it is written (top level, inside a function, a method or a
conditional), because an import deferred into a function hides a cycle rather than
removing it: `import grundy.x`, `from grundy import x`, `from .x import y`, `from .. import
x`, and `importlib.import_module("grundy.x")` with a constant name. `from P import n` is an
edge to the submodule P.n when there is one, else to P itself (its `__init__`), so a
package's `__init__` importing its submodules is an edge too. The import of a module's
parent packages, which Python performs before the module's own, is not an edge (it would
make every package a cycle with its submodules); the checks are run in a fresh parse of
the sources, not by importing them."""

from __future__ import annotations

import ast
from pathlib import Path

import grundy

ROOT = Path(grundy.__file__).resolve().parents[1]  # engine/src, or the installed wheel's site-packages
PACKAGE = "grundy"


def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its `__init__`)."""
    out = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def _base(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute name of the module an ImportFrom reads from."""
    if not node.level:
        return node.module or ""
    parts = module.split(".") if is_package else module.split(".")[:-1]
    parts = parts[:len(parts) - node.level + 1]
    return ".".join(parts + ([node.module] if node.module else []))


def _inside(name: str, known: dict) -> str | None:
    """The longest module of the package that `name` names (None: outside the package)."""
    parts = name.split(".")
    while parts:
        if ".".join(parts) in known:
            return ".".join(parts)
        parts.pop()
    return None


def imports(module: str, path: Path, known: dict) -> set[str]:
    """The package's modules that `module` imports, anywhere in its source."""
    is_package = path.name == "__init__.py"
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _base(module, is_package, node)
            names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                     for alias in node.names]
        elif isinstance(node, ast.Call) and node.args \
                and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str) \
                and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("import_module",
                                                                                 "__import__"):
            names = [node.args[0].value]
        found.update(filter(None, (_inside(n, known) for n in names)))
    return found


def graph() -> dict[str, set[str]]:
    known = modules()
    return {m: imports(m, path, known) for m, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (a list of modules, the first repeated at the end) per strongly connected
    group of modules (Tarjan), including a module importing itself."""
    index, low, stack, on, groups = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1 or v in edges[v]:
                groups.append(set(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return [_cycle_in(group, edges) for group in groups]


def _cycle_in(group: set[str], edges: dict[str, set[str]]) -> list[str]:
    """A shortest cycle through the group's first module (breadth-first)."""
    start = min(group)
    paths, seen = [[start]], {start}
    while paths:
        path = paths.pop(0)
        for w in sorted(edges[path[-1]] & group):
            if w == start:
                return path + [start]
            if w not in seen:
                seen.add(w)
                paths.append(path + [w])
    raise AssertionError(f"no cycle through {start}")  # a strongly connected group has one


def test_the_parser_sees_every_kind_of_import(tmp_path):
    """The graph builder finds relative, absolute, deferred and importlib imports."""
    known = dict.fromkeys(["grundy", "grundy.a", "grundy.b", "grundy.sub", "grundy.sub.c",
                           "grundy.sub.d"])
    source = tmp_path / "c.py"
    source.write_text("import os\nfrom .. import a\nfrom ..b import thing\n"
                      "def f():\n    from grundy.sub import d\n    import grundy\n"
                      "    importlib.import_module('grundy.a')\n", encoding="utf-8")
    assert imports("grundy.sub.c", source, known) == {"grundy", "grundy.a", "grundy.b",
                                                      "grundy.sub.d"}
    init = tmp_path / "__init__.py"
    init.write_text("from . import c\nfrom .c import x\n", encoding="utf-8")
    assert imports("grundy.sub", init, known) == {"grundy.sub.c"}
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert cycles({"a": {"a"}}) == [["a", "a"]]


def test_every_module_is_parsed():
    found = graph()
    assert {"grundy", "grundy.core", "grundy.errors", "grundy.games", "grundy.svg",
            "grundy.explain"} <= set(found)
    assert "grundy.registry" in found["grundy"], "the package imports its registry"


def test_no_import_cycle():
    found = cycles(graph())
    assert not found, "import cycles in the engine:\n" + "\n".join(" -> ".join(c) for c in found)


def test_errors_module_is_at_the_bottom():
    """grundy.errors (every error class) imports nothing of the engine but Text."""
    assert graph()["grundy.errors"] <= {"grundy.text"}
