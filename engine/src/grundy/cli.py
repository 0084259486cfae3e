"""The `grundy` command line: value, outcome, move, remoteness, table, discover, prove, verify.

The options of each game are generated from its Params (grundy.registry), so a new
game needs no change here. Parsing is argparse: one parser per command and game
(`grundy value chocolate --k 3 10 5 5`), options before or after the coordinates.
Bad input prints one line on stderr and exits 2; a failed theorem in `verify`, and a formula
`prove` refutes or cannot decide, exit 1.
"""

from __future__ import annotations

import argparse
import json
import os
import sys

from .errors import GameError, UsageError
from .numbers import parse_int
from .passing import with_pass
from .registry import find_game, game, games

FORMATS = ("csv", "json", "md")
COMMANDS = {  # command -> (help, has a game, its own options: name -> (flag?, help))
    "value": ("the Grundy value", True, {"pass": (True, "the pass is still available")}),
    "outcome": ("P or N", True, {"misere": (True, "misère play: the last mover loses"),
                                 "pass": (True, "the pass is still available")}),
    "move": ("a winning move, or none", True, {"misere": (True, "misère play"),
                                               "pass": (True, "the pass is still available")}),
    "remoteness": ("moves left when the winner hurries and the loser resists", True,
                   {"misere": (True, "misère play"),
                    "pass": (True, "the pass is still available")}),
    "table": ("every position with coordinates <= --max", True,
              {"max": (False, "the largest coordinate"), "format": (False, "csv, json or md"),
               "backend": (False, "auto, python or numpy"),
               "pass": (True, "add the pass coordinate")}),
    "discover": ("search the simplest formula for G or the P-positions on the table", True,
                 {"max": (False, "the largest coordinate of the table"),
                  "target": (False, "grundy (the Grundy value) or P (the P-positions)"),
                  "misere": (True, "misère play (target P)"),
                  "pass": (True, "the game with a pass (a coordinate `pass`: 1 still available)"),
                  "format": (False, "text or json")}),
    "prove": ("prove or refute a formula for every position (grundy.prove)", True,
              {"formula": (False, "the formula, as discover writes it (e.g. 'x ^ y ^ z == 0')"),
               "target": (False, "P (true exactly at the P-positions) or grundy (the Grundy value)"),
               "misere": (True, "misère play (target P)"),
               "pass": (True, "the game with a pass (a coordinate `pass`: 1 still available)"),
               "method": (False, "auto (MONA when installed), mona or automata"),
               "seconds": (False, "the time limit (default 10)"),
               "megabytes": (False, "the memory limit (default 1200)"),
               "format": (False, "text or json")}),
    "verify": ("check every theorem by brute force", False, {"max": (False, "one bound for all")}),
}


class _Parser(argparse.ArgumentParser):
    """argparse, but an error is one line (a UsageError), never usage text and exit."""

    def error(self, message):
        raise UsageError(_plain(message, self.prog.removeprefix("grundy ")))


def _plain(message: str, where: str) -> str:
    """argparse's messages in the words of this command line."""
    if message.startswith("unrecognized arguments: "):
        extra = message.split(": ", 1)[1].split()
        option = next((e for e in extra if e.startswith("--")), None)
        if option:
            return f"unknown option {option.partition('=')[0]} for {where!r}"
        return f"unexpected arguments: {' '.join(extra)}"
    if message.endswith("expected one argument"):
        return f"option {message.split()[1].rstrip(':')} needs a value"
    if "ignored explicit argument" in message:
        return f"option {message.split()[1].rstrip(':')} takes no value"
    return message


class _Once(argparse.Action):
    """Store an option's value, refusing it twice."""

    def __call__(self, parser, namespace, values, option_string=None):
        if getattr(namespace, self.dest) is not None:
            raise UsageError(f"option {option_string} given twice")
        setattr(namespace, self.dest, True if self.nargs == 0 else values)


def _parser(command: str, cls=None) -> _Parser:
    """The parser of `grundy COMMAND [GAME]`: the command's options, the game's parameters
    (from its Params) and the coordinates."""
    help_, _, options = COMMANDS[command]
    prog = f"{command} {cls.name}" if cls else command
    p = _Parser(prog=f"grundy {prog}", description=help_, allow_abbrev=False)
    for name, (flag, text) in options.items():
        p.add_argument(f"--{name}", action=_Once, nargs=0 if flag else None, default=None,
                       help=text)
    for param in (cls.params if cls else ()):
        p.add_argument(f"--{param.name}", action=_Once, default=None, metavar=param.kind.upper(),
                       help=param.help.en + ("" if param.default is None
                                             else f" (default {param.default})"))
    p.add_argument("coords", nargs="*", help=" ".join(game(cls.name).coords) if cls else argparse.SUPPRESS)
    return p


def _value_options() -> set[str]:
    """Every option that takes a value, of any command or game."""
    names = {n for _, _, opts in COMMANDS.values() for n, (flag, _) in opts.items() if not flag}
    return names | {p.name for cls in games() for p in cls.params}


def _split_game(command: str, rest: list[str]) -> tuple[str, list[str]]:
    """The game name (the first word that is not an option or its value) and the rest."""
    takes_value, skip = _value_options(), False
    for i, token in enumerate(rest):
        if skip:
            skip = False
        elif token.startswith("--"):
            skip = "=" not in token and token[2:] in takes_value
        else:
            return token, rest[:i] + rest[i + 1:]
    raise UsageError(f"missing game after {command!r} (one of {', '.join(c.name for c in games())})")


def parse(argv: list[str]):
    """(command, game class or None, namespace) from the arguments."""
    if not argv:
        raise UsageError("missing command (value, outcome, move, remoteness, table, discover, prove "
                         "or verify); try --help")
    command, rest = argv[0], list(argv[1:])
    if command not in COMMANDS:
        raise UsageError(f"unknown command {command!r} "
                         "(use value, outcome, move, remoteness, table, discover, prove or verify)")
    cls = None
    if COMMANDS[command][1]:
        name, rest = _split_game(command, rest)
        try:
            cls = find_game(name)
        except GameError as e:
            raise UsageError(str(e)) from None
    args = _parser(command, cls).parse_intermixed_args(rest)
    for key in ("max", "seconds", "megabytes"):
        if getattr(args, key, None) is not None:
            setattr(args, key, _int(getattr(args, key), f"--{key}"))
    return command, cls, args


def _int(text: str, what: str) -> int:
    """A whole number written with ASCII digits (grundy.numbers.parse_int)."""
    return parse_int(text, what)


def _game(cls, args):
    """The game named on the command line with its parameters (and the pass when asked)."""
    params = {}
    for param in cls.params:
        raw = getattr(args, param.name)
        if raw is not None:
            params[param.name] = _int(raw, f"--{param.name}") if param.kind == "int" else raw
    g = game(cls.name, **params)
    return with_pass(g) if getattr(args, "pass") else g


def _position(g, coords: list[str], with_flag: bool) -> tuple:
    if not coords:
        raise UsageError(f"missing coordinates ({' '.join(g.coords[:-1] if with_flag else g.coords)})")
    if with_flag:
        coords = [*coords, "1"]  # --pass: the pass is still available
    names = g.coords_for(tuple(coords))
    return g.validate(tuple(_int(c, f"coordinate {n}") for c, n in zip(coords, names))
                      if len(coords) == len(names) else coords)


def _table(g, args, out) -> None:
    if args.max is None:
        raise UsageError("table needs --max N")
    fmt = args.format or "csv"
    if fmt not in FORMATS:
        raise UsageError(f"unknown format {fmt!r} (use csv, json or md)")
    g = g.for_table()
    t = g.table(args.max, backend=args.backend or "auto")
    rows = (list(pos) + [v, "N" if m else "P"]
            for (pos, v), m in zip(t.items(), t.misere_values()))
    header = list(g.coords) + ["grundy", "misere"]
    if getattr(args, "pass"):  # the positions where the pass is still available
        rows = (r[:len(g.coords) - 1] + r[len(g.coords):] for r in rows if r[len(g.coords) - 1])
        header.remove("pass")
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


def _discover(g, args, out) -> None:
    from .discovery import discover

    if args.coords:
        raise UsageError(f"discover takes no coordinates (use --max N), got {' '.join(args.coords)}")
    fmt = args.format or "text"
    if fmt not in ("text", "json"):
        raise UsageError(f"unknown format {fmt!r} (use text or json)")
    if args.target not in (None, "grundy", "P"):
        raise UsageError(f"unknown target {args.target!r} (use grundy or P)")
    found = discover(g, args.max, args.target, misere=bool(args.misere))
    out.write(found.text() if fmt == "text" else json.dumps(found.as_dict(), ensure_ascii=False) + "\n")


def _prove(g, args, out) -> int:
    """Exit status 0 when proved, 1 when refuted or not decided."""
    from .prove.proof import prove

    if args.coords:
        raise UsageError(f"prove takes no coordinates, got {' '.join(args.coords)}")
    if args.formula is None:
        raise UsageError("prove needs --formula EXPR (e.g. --formula 'x ^ y ^ z == 0')")
    fmt = args.format or "text"
    if fmt not in ("text", "json"):
        raise UsageError(f"unknown format {fmt!r} (use text or json)")
    proof = prove(g, args.formula, args.target, misere=bool(args.misere),
                  method=args.method or "auto", seconds=args.seconds, megabytes=args.megabytes)
    out.write(proof.text() if fmt == "text" else json.dumps(proof.as_dict(), ensure_ascii=False) + "\n")
    return 0 if proof.proved else 1


def run(argv: list[str], out=None) -> int:
    """Execute one command, writing to `out` (default: the current sys.stdout); returns
    the exit status (raises GameError on bad input).

    Examples:
        >>> from grundy import cli
        >>> cli.run(["move", "wythoff", "3", "6"])
        3 5
        0
    """
    out = out or sys.stdout
    command, cls, args = parse(argv)
    if command == "verify":
        if args.coords:
            raise UsageError(f"verify takes no coordinates, got {' '.join(args.coords)}")
        from .verify import report

        return report(args.max, out)
    g = _game(cls, args)
    if command == "table":
        if args.coords:
            raise UsageError(f"table takes no coordinates (use --max N), got {' '.join(args.coords)}")
        _table(g, args, out)
        return 0
    if command == "discover":
        _discover(g, args, out)
        return 0
    if command == "prove":
        return _prove(g, args, out)
    with_flag = bool(getattr(args, "pass"))
    pos = _position(g, args.coords, with_flag)
    misere = bool(getattr(args, "misere", False))
    if command == "value":
        out.write(f"{g.grundy(pos)}\n")
    elif command == "outcome":
        out.write(g.outcome(pos, misere) + "\n")
    elif command == "remoteness":
        out.write(f"{g.remoteness(pos, misere)}\n")
    else:  # with --pass: the position without the flag, or "pass" for the pass itself
        m = g.winning_move(pos, misere)
        to = m and (("pass",) if m.kind == "pass" else m.to[:-1] if with_flag else m.to)
        out.write(("none" if m is None else " ".join(map(str, to))) + "\n")
    return 0


def usage() -> str:
    """The --help text, listing every registered game with its parameters and coordinates."""
    lines = ["usage: grundy value   GAME [options] [--pass] C1 C2 ...",
             "       grundy outcome GAME [options] [--misere] [--pass] C1 C2 ...",
             "       grundy move    GAME [options] [--misere] [--pass] C1 C2 ...",
             "       grundy remoteness GAME [options] [--misere] [--pass] C1 C2 ...",
             "       grundy table   GAME [options] --max N [--format csv|json|md] "
             "[--backend auto|python|numpy] [--pass]",
             "       grundy discover GAME [options] [--max N] [--target grundy|P] [--misere] [--pass] "
             "[--format text|json]",
             "       grundy prove   GAME [options] --formula EXPR [--target P|grundy] [--misere] [--pass] "
             "[--method auto|mona|automata] [--seconds N] [--megabytes N] [--format text|json]",
             "       grundy verify  [--max N]",
             "", "games and their options (options may stand before or after the coordinates;",
             "--pass: the game is played with one pass, still available; `grundy COMMAND GAME --help`):"]
    for cls in games():
        opts = " ".join(f"--{p.name} {p.kind.upper()}" for p in cls.params)
        g = game(cls.name)
        coords = " ".join(g.coords) + (" ..." if g.variable_coords else "")
        lines.append(f"  {cls.name:<10} {opts + ' ' if opts else ''}{coords}   ({cls.title.en})")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Console entry point: never shows a traceback.

    `grundy value chocolate --k 3 10 5 5` in a shell is `main(["value", ...])`.

    Examples:
        >>> from grundy import cli
        >>> cli.main(["value", "chocolate", "--k", "3", "10", "5", "5"])
        16
        0
    """
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in ("-h", "--help", "help"):
        sys.stdout.write(usage())
        return 0
    if argv and argv[0] == "--version":
        from . import __version__

        sys.stdout.write(f"grundy {__version__}\n")
        return 0
    try:
        status = run(argv)
        sys.stdout.flush()
        return status
    except SystemExit as e:  # argparse's own --help of one command
        return e.code or 0
    except GameError as e:
        print(f"grundy: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `grundy table ... | head`: stop quietly
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except KeyboardInterrupt:
        print("grundy: interrupted", file=sys.stderr)
        return 130
    except MemoryError:  # the work budget should refuse such requests first
        print("grundy: error: out of memory; use smaller coordinates or parameters",
              file=sys.stderr)
        return 2
    except RecursionError:
        print("grundy: error: the request is nested too deeply", file=sys.stderr)
        return 2
    except Exception as e:  # an engine bug: still one line
        print(f"grundy: internal error: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
