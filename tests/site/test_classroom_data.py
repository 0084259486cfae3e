"""The starts the teacher's form suggests (scripts/sitegen/classroom_data.py): every game's
default start, then the start of every play widget of the pages in normal play, read from
the pages themselves (a new widget is suggested without a list to edit)."""

from __future__ import annotations

import sys
from pathlib import Path

from grundy import webapi

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))
from sitegen import classroom_data, lesson_widgets  # noqa: E402

PAGE = """# A lesson

```grundy
widget type=play game=chocolate k=5 start="7 2 4"
```

```grundy
widget type=play game=nim start="2 2 3" misere=true
```

```grundy
widget type=play game=sum parts="nim heaps=1 | wythoff" start="3 | 2 4"
```
"""


def test_the_pages_widgets_are_suggested(tmp_path, monkeypatch):
    (tmp_path / "lesson.md").write_text(PAGE, encoding="utf-8")
    (tmp_path / "lesson.ja.md").write_text(PAGE.replace("7 2 4", "9 9 9"), encoding="utf-8")
    monkeypatch.setattr(lesson_widgets, "DOCS", tmp_path)
    games = webapi.handle({"op": "games"})["games"]
    starts = classroom_data.suggested_starts(games)
    defaults = [(g["name"], {p["name"]: p["default"] for p in g["params"] if p["default"] is not None}, g["start"])
                for g in games]
    assert starts == defaults + [("chocolate", {"k": 5}, [7, 2, 4])]  # not misère, not a sum, once


def test_every_lesson_widget_in_normal_play_is_suggested():
    starts = classroom_data.suggested_starts(webapi.handle({"op": "games"})["games"])
    widgets = [args for args in lesson_widgets.play_widgets() if "true" not in (args.get("misere"), args.get("pass"))]
    assert len(widgets) >= 10
    for args in widgets:
        assert [int(c) for c in args["start"].split()] in [pos for game, _, pos in starts if game == args["game"]], args
