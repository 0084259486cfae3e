"""The SVG drawings: well-formed XML, one clickable element per legal move with the
right target, titles in both languages, hint colouring, and the papers' examples."""

import xml.etree.ElementTree as ET

import pytest

import grundy
from grundy.svg import draw, title

from conftest import known_cases

NS = "{http://www.w3.org/2000/svg}"

# (game name, params, position): every registered game with the parameters of its data
# file, then the papers' examples and the edge cases of the drawings
EXAMPLES = known_cases() + [
    ("chocolate", {"k": 3}, (10, 5, 5)),
    ("chocolate", {"k": 3}, (10, 2, 5)),
    ("chocolate", {"k": 3}, (5, 2, 2)),
    ("chocolate", {"k": 3}, (10, 2, 0)),
    ("chocolate", {"k": 3}, (5, 1, 0)),
    ("chocolate", {"k": 1}, (3, 4, 2)),
    ("chocolate", {"k": 2}, (6, 3, 4)),
    ("chocolate", {"k": 3}, (0, 0, 0)),
    ("step", {"f": "t//2"}, (2, 5)),
    ("step", {"f": "t//4"}, (3, 13)),
    ("step", {"f": "t//2"}, (4, 9)),
    ("step3", {"f": "t//2"}, (3, 2, 5)),
    ("rect", {"sides": 2}, (4, 2)),
    ("rect", {"sides": 3}, (3, 6, 2)),
    ("rect", {"sides": 4}, (2, 3, 1, 2)),
    ("nim", {}, (3, 4, 5)),
    ("wythoff", {}, (3, 5)),
    ("ryuoh", {"p": 3}, (5, 7)),
    ("ryuoh", {"p": 4}, (0, 0)),
]
IDS = [f"{n}-{','.join(map(str, pos))}" for n, _, pos in EXAMPLES]


def key(pos):
    return ",".join(map(str, pos))


def parse(svg):
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def move_elements(root):
    return [e for e in root.iter() if "move" in e.get("class", "").split()]


@pytest.mark.parametrize("name,params,pos", EXAMPLES, ids=IDS)
@pytest.mark.parametrize("interactive", [False, True])
def test_one_element_per_legal_move(name, params, pos, interactive):
    g = grundy.game(name, **params)
    root = parse(draw(g, pos, interactive=interactive))
    targets = [e.get("data-to") for e in move_elements(root)]
    assert sorted(targets) == sorted(key(m.to) for m in g.moves(pos))
    assert len(targets) == len(set(targets))
    assert root.get("viewBox") and root.find(NS + "title").text


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_interactive_moves_are_labelled_buttons(lang):
    g = grundy.game("chocolate", k=3)
    root = parse(draw(g, (5, 2, 2), lang=lang, interactive=True))
    labels = {m.to: m.describe(lang) for m in g.moves((5, 2, 2))}
    elements = move_elements(root)
    assert elements
    for e in elements:
        assert e.get("tabindex") == "0" and e.get("role") == "button"
        to = tuple(int(c) for c in e.get("data-to").split(","))
        assert e.get("aria-label") == labels[to]
    # an img's children are hidden from assistive technology: interactive is a group
    assert root.get("role") == "group" and root.get("aria-label")


def test_static_picture_is_an_image_without_focus_stops():
    root = parse(draw(grundy.game("wythoff"), (3, 5)))
    assert root.get("role") == "img"
    assert not [e for e in root.iter() if e.get("tabindex") is not None]


@pytest.mark.parametrize("name,params,pos,en,ja", [
    ("chocolate", {"k": 3}, (10, 5, 5),
     "Triangular chocolate {10, 5, 5}", "三角形のチョコレート {10, 5, 5}"),
    ("chocolate", {"k": 2}, (6, 3, 4),
     "Triangular chocolate {6, 3, 4} (k = 2)", "三角形のチョコレート {6, 3, 4}（k = 2）"),
    ("rect", {}, (4, 2), "Rectangular chocolate {4, 2}", "長方形のチョコレート {4, 2}"),
    ("step", {"f": "t//2"}, (2, 5),
     "Step chocolate {2, 5} (f(t) = t//2)", "階段チョコレート {2, 5}（f(t) = t//2）"),
    ("nim", {}, (3, 4, 5), "Nim (3, 4, 5)", "ニム (3, 4, 5)"),
    ("wythoff", {}, (3, 5),
     "Wythoff's game: the queen at (3, 5)", "ワイソフのゲーム：クイーンは (3, 5)"),
    ("ryuoh", {"p": 3}, (5, 7),
     "Ryuoh Nim: the Dragon King at (5, 7)", "龍王ニム：龍王は (5, 7)"),
])
def test_titles_in_both_languages(name, params, pos, en, ja):
    g = grundy.game(name, **params)
    assert title(g, pos, "en") == en and title(g, pos, "ja") == ja
    assert parse(draw(g, pos, lang="ja")).find(NS + "title").text == ja


@pytest.mark.parametrize("name,params,pos", EXAMPLES, ids=IDS)
def test_hints_give_classes(name, params, pos):
    g = grundy.game(name, **params)
    hints = {key(m.to): "PN"[i % 2] for i, m in enumerate(g.moves(pos))}
    root = parse(draw(g, pos, interactive=True, hints=hints))
    for e in move_elements(root):
        assert f"hint-{hints[e.get('data-to')]}" in e.get("class").split()


def test_good_move_of_the_5x3_bar_is_green():
    g = grundy.game("rect")
    root = parse(draw(g, (4, 2), interactive=True, hints={"2,2": "P"}))
    good = [e for e in move_elements(root) if e.get("data-to") == "2,2"][0]
    assert good.get("class") == "move hint-P"
    assert any(c.get("stroke") == "#2e9e44" for c in good)


def test_bad_position_is_refused_by_the_engine():
    with pytest.raises(grundy.PositionError):
        draw(grundy.game("chocolate", k=3), (1, 5, 1))


@pytest.mark.parametrize("name,params,pos", [
    ("chocolate", {"k": 3}, (60, 40, 60)),
    ("rect", {"sides": 4}, (60, 60, 60, 60)),
    ("step", {"f": "t//2"}, (30, 60)),
    ("wythoff", {}, (60, 60)),
    ("nim", {}, (60, 1, 60)),
])
def test_large_positions_stay_small(name, params, pos):
    svg = draw(grundy.game(name, **params), pos, interactive=True)
    parse(svg)
    assert len(svg) < 150_000


@pytest.mark.parametrize("k,pos", [(3, (10, 5, 5)), (3, (10, 2, 0)), (1, (3, 4, 2)),
                                   (2, (6, 3, 4)), (5, (4, 0, 7)), (3, (0, 0, 0))])
def test_triangle_pieces_tile_the_bar(k, pos):
    """The raised pieces and the bitter triangle cover the bar exactly once."""
    from grundy.svg import chocolates
    from grundy.svg._base import U

    def area(poly):
        return abs(sum(p[0] * q[1] - q[0] * p[1]
                       for p, q in zip(poly, poly[1:] + poly[:1]))) / 2

    x, y, z = pos
    top = min(k * (y + 1), x + z + 1)

    def at(a, row):
        return (a * U, -row * chocolates.ROW)

    pieces = chocolates._triangle_pieces(x, y, z, k, top, at)
    bar = area([at(-x, 0), at(1 + z, 0), at(1 + z - top / 2, top), at(-x + top / 2, top)])
    bitter = area([at(0, 0), at(1, 0), at(0.5, 1)])
    assert sum(map(area, pieces)) + bitter == pytest.approx(bar)
