"""The Lab's runner: run a reader's code, stream its output, show pictures and tables.

`run(source, emit, lang)` executes `source` as a module named ``__main__`` and calls
`emit(kind, text)` while it runs: kind ``"out"`` / ``"err"`` with printed text (line by
line, like a terminal; batched every FLUSH_SECONDS when lines flood in), kind ``"rich"`` with a JSON object made by `show`:
``{"type": "svg", "svg", "alt"}`` or ``{"type": "table", "header", "rows", "total", "name"}``.
It returns a JSON string: ``{"status": "ok"}``, ``{"status": "stopped"}`` (KeyboardInterrupt,
e.g. Pyodide's interrupt buffer) or ``{"status": "error", "line", "type", "message",
"traceback"}`` where ``line`` and the traceback count the reader's own lines (the
runner's frames are left out). Standard library only, so it runs in Pyodide too.
"""

from __future__ import annotations

import json
import linecache
import sys
import time
import traceback
from contextlib import redirect_stderr, redirect_stdout
from io import StringIO, TextIOBase

FILENAME = "<lab>"
FLUSH_SECONDS = 0.05    # in a flood of lines, printed text is sent at most this often
FLUSH_CHARS = 8192      # ... or when this much is waiting
FLOOD_LINES = 50        # more messages than this in FLOOD_SECONDS is a flood
FLOOD_SECONDS = 0.1
MAX_OUTPUT = 1_000_000  # characters of printed text kept per run; the rest is dropped
MAX_ROWS = 100_000      # rows of one table sent to the page

__all__ = ["run", "show"]


class _Sink:
    """Collects printed text and sends it through `emit` in batches."""

    def __init__(self, emit, lang: str):
        self.emit, self.lang = emit, lang
        self.parts: list[tuple[str, str]] = []
        self.waiting = self.sent = 0
        self.last = self.window = time.monotonic()
        self.messages = 0  # messages sent since self.window
        self.truncated = False

    def write(self, kind: str, text: str) -> None:
        if self.truncated or not text:
            return
        room = MAX_OUTPUT - self.sent - self.waiting
        if len(text) > room:
            text, self.truncated = text[:room], True
            text += ("\n[出力が多すぎるため、ここで打ち切りました]\n" if self.lang == "ja"
                     else "\n[too much output: the rest is not shown]\n")
        self.parts.append((kind, text))
        self.waiting += len(text)
        now = time.monotonic()
        if now - self.window >= FLOOD_SECONDS:
            self.window, self.messages = now, 0
        line_done = "\n" in text and self.messages < FLOOD_LINES  # line-buffered, unless flooded
        if line_done or self.waiting >= FLUSH_CHARS or now - self.last >= FLUSH_SECONDS:
            self.flush()

    def flush(self) -> None:
        """Send what is waiting, one message per run of the same kind."""
        merged: list[list[str]] = []
        for kind, text in self.parts:
            if merged and merged[-1][0] == kind:
                merged[-1][1] += text
            else:
                merged.append([kind, text])
        for kind, text in merged:
            self.emit(kind, text)
        self.messages += len(merged)
        self.sent += self.waiting
        self.parts, self.waiting, self.last = [], 0, time.monotonic()

    def rich(self, obj: dict) -> None:
        self.flush()
        self.emit("rich", json.dumps(obj, ensure_ascii=False))


class _Stream(TextIOBase):
    """sys.stdout / sys.stderr during a run."""

    def __init__(self, sink: _Sink, kind: str):
        self.sink, self.kind = sink, kind

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.sink.write(self.kind, str(text))
        return len(text)


_current: list[_Sink] = []  # the sink of the run under way (runs do not nest)


def _table_of(obj, header) -> tuple[list, list]:
    """(header, rows) of a grundy Table or of an iterable of rows (sequences or dicts)."""
    if hasattr(obj, "items") and hasattr(obj, "game"):  # a grundy Table
        return [*obj.coords, "grundy"], [[*pos, g] for pos, g in obj.items()]
    rows = list(obj)
    if rows and isinstance(rows[0], dict):
        header = header or list(rows[0])
        return list(header), [[row.get(h) for h in header] for row in rows]
    rows = [list(row) if isinstance(row, (list, tuple)) else [row] for row in rows]
    width = max((len(r) for r in rows), default=0)
    return list(header or [f"c{i + 1}" for i in range(width)]), rows


def show(*args, header=None, name: str = "table") -> None:
    """Show a picture or a table in the Lab's output.

    show(game, pos): the engine's drawing of a position; show("<svg ...>"): an SVG;
    show(table) (a grundy Table, or a list of rows, with optional header=[...] and the
    CSV file name=): a table the reader can download as CSV.
    """
    if not _current:
        raise RuntimeError("show() works inside the Lab only")
    sink = _current[-1]
    if len(args) == 2:
        from . import svg

        game, pos = args
        sink.rich({"type": "svg", "svg": svg.draw(game, pos, lang=sink.lang),
                   "alt": svg.title(game, tuple(game.validate(pos)), sink.lang)})
    elif len(args) == 1 and isinstance(args[0], str) and args[0].lstrip().startswith("<svg"):
        sink.rich({"type": "svg", "svg": args[0], "alt": "SVG"})
    elif len(args) == 1 and not isinstance(args[0], (str, bytes)) and hasattr(args[0], "__iter__"):
        cols, rows = _table_of(args[0], header)
        sink.rich({"type": "table", "header": [str(c) for c in cols],
                   "rows": [[v if isinstance(v, (int, float)) else str(v) for v in r]
                            for r in rows[:MAX_ROWS]],
                   "total": len(rows), "name": str(name)})
    else:
        raise TypeError("show() takes (game, position), an SVG string, or a table "
                        "(a grundy Table or a list of rows)")


def _error(exc: BaseException) -> dict:
    """The error as the reader should see it: their line, without the runner's frames."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == FILENAME]
    line = getattr(exc, "lineno", None) if isinstance(exc, SyntaxError) else None
    line = line or (frames[-1].lineno if frames else None)
    text = "".join(["Traceback (most recent call last):\n", *traceback.format_list(frames)]
                   if frames else [])
    text += "".join(traceback.format_exception_only(type(exc), exc))
    return {"status": "error", "line": line, "type": type(exc).__name__,
            "message": str(exc).split("\n")[0], "traceback": text}


def run(source: str, emit, lang: str = "en") -> str:
    """Run the reader's `source`, streaming through `emit`; the JSON result (see module doc)."""
    sink = _Sink(emit, lang)
    linecache.cache[FILENAME] = (len(source), None, source.splitlines(True), FILENAME)
    namespace = {"__name__": "__main__", "__builtins__": __builtins__, "show": show}
    _current.append(sink)
    stdin, sys.stdin = sys.stdin, StringIO()  # input() ends at once instead of blocking
    try:
        with redirect_stdout(_Stream(sink, "out")), redirect_stderr(_Stream(sink, "err")):
            code = compile(source, FILENAME, "exec")
            exec(code, namespace)
        result = {"status": "ok"}
    except KeyboardInterrupt:
        result = {"status": "stopped"}
    except SystemExit as exc:  # the reader's code never ends the worker
        result = {"status": "ok"} if exc.code in (None, 0) else _error(exc)
    except BaseException as exc:
        result = _error(exc)
    finally:
        sys.stdin = stdin
        _current.pop()
        sink.flush()
    return json.dumps(result, ensure_ascii=False)
