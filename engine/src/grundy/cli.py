"""The `grundy` command line: value, outcome, move, table, verify.

Bad input prints one line on stderr and exits 2; a failed theorem in `verify` exits 1.
"""

from __future__ import annotations

import json
import os
import sys

from .core import GameError, game

USAGE = """\
usage: grundy value   GAME [options] C1 C2 ...
       grundy outcome GAME [options] [--misere] C1 C2 ...
       grundy move    GAME [options] [--misere] C1 C2 ...
       grundy table   GAME [options] --max N [--format csv|json|md] [--backend auto|python|numpy]
       grundy verify  [--max N]

games and their options (options may stand before or after the coordinates):
  nim      heaps h1 h2 ...             (table: --heaps N, default 3)
  rect     2 to 4 sides: right up | left up right | left up right down
                                        (table: --sides N, default 2)
  chocolate --k K   x y z   with y <= (x + z) // K   (K >= 1, default 3)
  step     --f EXPR y z     with y <= f(z)          (EXPR in t, default t//2)
  step3    --f EXPR x y z   with y <= f(z)
  wythoff  x y
  ryuoh    --p P    x y                              (P >= 1, default 3)
"""

GAME_OPTIONS = {"nim": {"heaps"}, "rect": {"sides"}, "chocolate": {"k"}, "step": {"f"},
                "step3": {"f"}, "wythoff": set(), "ryuoh": {"p"}}
COMMAND_OPTIONS = {"value": set(), "outcome": {"misere"}, "move": {"misere"},
                   "table": {"max", "format", "backend"}, "verify": {"max"}}
FLAGS = {"misere"}
INT_OPTIONS = {"k", "p", "heaps", "sides", "max"}
FORMATS = ("csv", "json", "md")


class UsageError(GameError):
    """Bad command-line input."""


def parse(argv: list[str]) -> tuple[str, str | None, dict, list[str]]:
    """(command, game name, options, coordinate strings) from the arguments."""
    if not argv:
        raise UsageError("missing command (value, outcome, move, table or verify); try --help")
    command, rest = argv[0], list(argv[1:])
    if command not in COMMAND_OPTIONS:
        raise UsageError(f"unknown command {command!r} (use value, outcome, move, table or verify)")
    options, words = {}, []
    while rest:
        token = rest.pop(0)
        if not token.startswith("--"):
            words.append(token)
            continue
        key, eq, value = token[2:].partition("=")
        if key in options:
            raise UsageError(f"option --{key} given twice")
        if key in FLAGS:
            if eq:
                raise UsageError(f"option --{key} takes no value")
            options[key] = True
            continue
        if not eq:
            if not rest:
                raise UsageError(f"option --{key} needs a value")
            value = rest.pop(0)
        options[key] = value
    name = None
    if command != "verify":
        if not words:
            raise UsageError(f"missing game after {command!r} (one of {', '.join(GAME_OPTIONS)})")
        name = words.pop(0)
        if name not in GAME_OPTIONS:
            raise UsageError(f"unknown game {name!r} (known: {', '.join(GAME_OPTIONS)})")
    allowed = COMMAND_OPTIONS[command] | GAME_OPTIONS.get(name, set())
    for key, value in options.items():
        if key not in allowed:
            where = f"{command} {name}" if name else command
            raise UsageError(f"unknown option --{key} for {where!r}")
        if key in INT_OPTIONS:
            options[key] = _int(value, f"--{key}")
    coords = words
    return command, name, options, coords


def _int(text: str, what: str) -> int:
    try:
        return int(text.strip(), 10)
    except ValueError:
        raise UsageError(f"{what} must be a whole number, got {text!r}") from None


def _game(name: str, options: dict):
    params = {key: options[key] for key in GAME_OPTIONS[name] if key in options}
    return game(name, **params)


def _position(g, coords: list[str]) -> tuple:
    if not coords:
        raise UsageError(f"missing coordinates ({' '.join(g.coords)})")
    names = g.coords_for(tuple(coords))
    return g.validate(tuple(_int(c, f"coordinate {n}") for c, n in zip(coords, names))
                      if len(coords) == len(names) else coords)


def _table(name: str, options: dict, out) -> None:
    if "max" not in options:
        raise UsageError("table needs --max N")
    fmt = options.get("format", "csv")
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r} (use csv, json or md)")
    if name in ("nim", "rect"):
        key = "heaps" if name == "nim" else "sides"
        options.setdefault(key, 3 if name == "nim" else 2)
    g = _game(name, options)
    t = g.table(options["max"], backend=options.get("backend", "auto"))
    rows = (list(pos) + [v, "N" if m else "P"]
            for (pos, v), m in zip(t.items(), t.misere_values()))
    header = list(g.coords) + ["grundy", "misere"]
    if fmt == "csv":
        out.write(",".join(header) + "\n")
        for r in rows:
            out.write(",".join(map(str, r)) + "\n")
    elif fmt == "md":
        out.write("| " + " | ".join(header) + " |\n")
        out.write("|" + " --- |" * len(header) + "\n")
        for r in rows:
            out.write("| " + " | ".join(map(str, r)) + " |\n")
    else:
        head = {"game": g.name, "params": g.params, "max": t.limit, "coords": list(g.coords),
                "columns": header}
        out.write(json.dumps(head)[:-1] + ', "rows": [')
        for i, r in enumerate(rows):
            out.write(("," if i else "") + "\n" + json.dumps(r))
        out.write("\n]}\n")


def run(argv: list[str], out=None) -> int:
    """Execute one command, writing to `out` (default: the current sys.stdout); returns
    the exit status (raises GameError on bad input)."""
    out = out or sys.stdout
    command, name, options, coords = parse(argv)
    if command == "verify":
        if coords:
            raise UsageError(f"verify takes no coordinates, got {' '.join(coords)}")
        from .verify import report

        return report(options.get("max"), out)
    if command == "table":
        if coords:
            raise UsageError(f"table takes no coordinates (use --max N), got {' '.join(coords)}")
        _table(name, options, out)
        return 0
    g = _game(name, options)
    pos = _position(g, coords)
    misere = options.get("misere", False)
    if command == "value":
        out.write(f"{g.grundy(pos)}\n")
    elif command == "outcome":
        out.write(g.outcome(pos, misere) + "\n")
    else:
        m = g.winning_move(pos, misere)
        out.write(("none" if m is None else " ".join(map(str, m.to))) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Console entry point: never shows a traceback."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("-h", "--help", "help"):
        sys.stdout.write(USAGE)
        return 0
    if argv and argv[0] == "--version":
        from . import __version__

        sys.stdout.write(f"grundy {__version__}\n")
        return 0
    try:
        status = run(argv)
        sys.stdout.flush()
        return status
    except GameError as e:
        print(f"grundy: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `grundy table ... | head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("grundy: interrupted", file=sys.stderr)
        return 130
    except MemoryError:
        print("grundy: error: out of memory; use a smaller --max", file=sys.stderr)
        return 2
    except Exception as e:  # an engine bug: still one line
        print(f"grundy: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
