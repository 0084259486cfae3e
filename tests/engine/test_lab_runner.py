"""grundy.lab, the Lab's runner: streamed output, show(), errors at the reader's line."""

from __future__ import annotations

import json

import pytest

from grundy import lab


def run(source, lang="en"):
    items = []
    result = json.loads(lab.run(source, lambda kind, text: items.append((kind, text)), lang))
    return result, items


def text(items, kind="out"):
    return "".join(t for k, t in items if k == kind)


def test_output_is_sent_line_by_line():
    result, items = run("import sys\nprint('a')\nprint('b', file=sys.stderr)\nprint('c', end='')\n")
    assert result == {"status": "ok"}
    assert items == [("out", "a\n"), ("err", "b\n"), ("out", "c")]


def test_a_flood_of_lines_is_batched_and_capped(monkeypatch):
    """On a clock where each print takes 2 µs (the batching, not this machine's speed)."""
    ticks = iter(range(10**9))
    monkeypatch.setattr(lab.time, "monotonic", lambda: next(ticks) * 2e-6)
    result, items = run("for i in range(200000): print(i)\n")
    assert result["status"] == "ok"
    assert len(items) < 2000
    out = text(items)
    assert len(out) <= lab.MAX_OUTPUT + 100 and out.endswith("[too much output: the rest is not shown]\n")


def test_show_pictures_and_tables():
    result, items = run("import grundy\ng = grundy.game('chocolate', k=3)\nshow(g, (3, 1, 2))\n"
                        "show(g.table(4))\nshow([(1, 2), (3, 4)], header=['a', 'b'], name='pairs')\n", "ja")
    assert result["status"] == "ok"
    shown = [json.loads(t) for k, t in items if k == "rich"]
    assert shown[0]["type"] == "svg" and shown[0]["svg"].startswith("<svg")
    assert "{3, 1, 2}" in shown[0]["alt"] and "三角" in shown[0]["alt"]
    assert shown[1]["header"] == ["x", "y", "z", "grundy"] and shown[1]["total"] == len(shown[1]["rows"])
    assert shown[2] == {"type": "table", "header": ["a", "b"], "rows": [[1, 2], [3, 4]], "total": 2,
                        "name": "pairs"}


def test_show_refuses_other_things():
    result, _ = run("show(42)\n")
    assert result["type"] == "TypeError" and result["line"] == 1
    with pytest.raises(RuntimeError):
        lab.show("<svg/>")  # outside a run


def test_errors_name_the_readers_line_only():
    result, _ = run("def f():\n    return 1 / 0\n\nf()\n")
    assert (result["status"], result["line"], result["type"]) == ("error", 2, "ZeroDivisionError")
    assert 'File "<lab>", line 4' in result["traceback"] and "lab.py" not in result["traceback"]
    result, _ = run("import grundy\ngrundy.game('chocolate', k=3).grundy((1, 9, 1))\n")
    assert result["line"] == 2 and "core.py" not in result["traceback"]
    result, _ = run("x = 1\nif x\n")
    assert (result["type"], result["line"]) == ("SyntaxError", 2)


def test_interrupts_exits_and_input():
    assert run("raise KeyboardInterrupt\n")[0] == {"status": "stopped"}
    assert run("import sys\nsys.exit()\n")[0] == {"status": "ok"}
    assert run("import sys\nsys.exit(3)\n")[0]["type"] == "SystemExit"
    assert run("input()\n")[0]["type"] == "EOFError"  # never waits for a keyboard
