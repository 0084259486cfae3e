"""The worked examples of the papers, move descriptions, validation messages, formulas."""

from itertools import product

import pytest

import grundy

from rules import Rules


def test_step_moves_from_2_5():
    g = grundy.game("step", f="t//2")
    assert {m.to for m in g.moves((2, 5))} == {(1, 5), (0, 5), (2, 4), (1, 3), (1, 2),
                                                (0, 1), (0, 0)}
    for to in [(1, 5), (0, 5), (2, 4), (1, 3)]:
        assert g.is_legal_move((2, 5), to)
    assert not g.is_legal_move((1, 3), (0, 5))


def test_chocolate_cuts_that_lower_y():
    g = grundy.game("chocolate", k=3)
    assert g.is_legal_move((10, 2, 0), (5, 1, 0))
    assert g.is_legal_move((5, 2, 2), (5, 1, 0))
    move = next(m for m in g.moves((10, 2, 0)) if m.to == (5, 1, 0))
    assert move.describe() == "cut 5 diagonal rows off the left (y drops to 1)"
    assert move.describe("ja") == "左から斜めに5列切り取る(y は 1 に下がる)"
    for pos in [(10, 5, 5), (10, 2, 5), (5, 2, 2)]:
        assert g.validate(pos) == pos


def test_rect_examples():
    bar = grundy.game("rect")
    assert bar.winning_move((4, 2)).to == (2, 2)
    assert bar.outcome((2, 2)) == "P"
    assert bar.winning_move((4, 2)).describe() == "cut 2 columns off the right"
    assert bar.winning_move((4, 2)).describe("ja") == "右から2列切り取る"
    robin = grundy.game("rect", sides=3)
    assert robin.coords == ("left", "up", "right")
    assert robin.grundy((3, 6, 2)) == 3 ^ 6 ^ 2
    assert robin.winning_move((3, 6, 2)).to == (3, 1, 2)
    assert robin.winning_move((3, 6, 2)).describe("ja") == "上から5段切り取る"  # a chocolate's row: 段 (glossary)
    assert robin.grundy((3, 3, 2)) == 3 ^ 3 ^ 2


def test_ryuoh_descriptions():
    g = grundy.game("ryuoh")
    texts = {m.to: (m.describe(), m.describe("ja")) for m in g.moves((2, 3))}
    assert texts[(1, 2)] == ("move the Dragon King one step up-left", "龍王を左上に1マス動かす")
    assert texts[(0, 3)] == ("move the Dragon King 2 steps left", "龍王を左に2マス動かす")
    assert texts[(2, 2)] == ("move the Dragon King one step up", "龍王を上に1マス動かす")
    assert (0, 1) not in texts
    g4 = grundy.game("ryuoh", p=4)
    assert dict((m.to, m.describe()) for m in g4.moves((2, 3)))[(0, 2)] == \
        "move the Dragon King 2 steps left and one step up"


def test_formulas_name_theorems():
    assert grundy.game("chocolate", k=3).formula((3, 1, 2)).theorem == \
        grundy.Text("[M2012] Theorem 2.1 (k = 3)", "[M2012] 定理 2.1 (k = 3)")
    f = grundy.game("ryuoh", p=3).formula((4, 5))
    assert (f.value, f.kind) == ((9) % 3 + 3 * (1 ^ 1), "grundy")
    assert grundy.game("chocolate", k=2).formula((1, 1, 1)) is None
    assert grundy.game("step", f="t").formula((1, 1)) is None
    assert grundy.game("step", f="t//2").formula((2, 5)).value == 2 ^ 5
    assert grundy.game("step3", f="t//2").formula((1, 2, 5)).value == 1 ^ 2 ^ 5
    assert grundy.game("nim").formula((1, 2, 3)).value == 0
    assert grundy.game("wythoff").formula((3, 5)).value == 0
    assert grundy.game("wythoff").formula((3, 4)).value != 0


def test_game_api_basics():
    g = grundy.game("chocolate", k=2)
    assert (g.name, g.params, g.coords) == ("chocolate", {"k": 2}, ("x", "y", "z"))
    assert grundy.game("chocolate").params == {"k": 3}
    assert grundy.game("chocolate", k=2).table(128)[(3, 2, 4)] == g.grundy((3, 2, 4))
    assert grundy.game("step").coords == ("y", "z")
    assert grundy.game("wythoff").coords == ("x", "y")
    assert grundy.game("nim", heaps=4).coords == ("h1", "h2", "h3", "h4")
    assert grundy.game("rect", sides=4).coords == ("left", "up", "right", "down")
    assert grundy.game("nim").grundy((1, 2, 3, 4, 5)) == 1 ^ 2 ^ 3 ^ 4 ^ 5
    assert grundy.game("ryuoh").grundy((10**12, 7)) == grundy.game("ryuoh").formula((10**12, 7)).value
    assert grundy.game("chocolate", k=3).outcome((10**9, 5, 10**9 ^ 5)) == "P"


@pytest.mark.parametrize("name, params, pos, message", [
    ("chocolate", {}, (1, 9, 1), "y = 9 is over its bound: y ≤ ⌊(x + z)/3⌋ = 0"),
    ("chocolate", {}, (-1, 0, 0), "coordinate x must be 0 or more, got -1"),
    ("chocolate", {}, (1.5, 0, 0), "coordinate x must be a whole number, got 1.5"),
    ("chocolate", {}, (1, 0), "Triangular chocolate: give 3 numbers (x, y, z), not 2"),
    ("chocolate", {}, "1 2 3", "a position is a sequence of whole numbers, got '1 2 3'"),
    ("step", {"f": "t//2"}, (3, 5), "y = 3 is over its bound: y ≤ f(z) = f(5) = 2"),
    ("rect", {}, (1,), "Rectangular chocolate: give 2, 3 or 4 numbers (the cuts on each side), not 1"),
    ("nim", {}, (), "Nim needs at least one heap"),
    ("wythoff", {}, (1, True), "coordinate y must be a whole number, got True"),
])
def test_position_errors(name, params, pos, message):
    with pytest.raises(grundy.PositionError) as e:
        grundy.game(name, **params).validate(pos)
    assert str(e.value) == message
    assert isinstance(e.value, ValueError)


@pytest.mark.parametrize("name, params, message", [
    ("foo", {}, "unknown game 'foo'"),
    ("chocolate", {"k": 0}, "k must be at least 1, got 0"),
    ("ryuoh", {"p": "x"}, "p must be a whole number"),
    ("rect", {"sides": 5}, "sides must be a whole number 2 to 4, got 5"),
    ("step", {"f": "t-1"}, None),
])
def test_game_errors(name, params, message):
    with pytest.raises(grundy.GameError) as e:
        grundy.game(name, **params).validate((1, 1)) if name == "step" else grundy.game(name, **params)
    if message:
        assert message in str(e.value)
    assert "\n" not in str(e.value)


def test_sum_game():
    a, b = grundy.game("chocolate", k=2), grundy.game("ryuoh")
    s = grundy.SumGame([a, b])
    assert s.coords == ("1.x", "1.y", "1.z", "2.x", "2.y")
    pos = (3, 1, 2, 4, 4)
    assert s.grundy(pos) == a.grundy((3, 1, 2)) ^ b.grundy((4, 4))
    assert len(s.moves(pos)) == len(a.moves((3, 1, 2))) + len(b.moves((4, 4)))
    assert s.moves(pos)[0].describe().startswith("game 1: ")
    # a winning move exactly from the N-positions, a move of one component by its rules to
    # a position of value 0 (the nim-sum of the components' values, from their rules)
    rules = Rules("chocolate", {"k": 2}), Rules("ryuoh", {"p": 3})
    n_positions = 0
    for pos in filter(s.is_legal, product(range(4), repeat=5)):
        m = s.winning_move(pos)
        parts = pos[:3], pos[3:]
        if rules[0].grundy(parts[0]) ^ rules[1].grundy(parts[1]) == 0:
            assert m is None, pos
            continue
        n_positions += 1
        assert m is not None, pos
        to = m.to[:3], m.to[3:]
        assert any(to[i] in set(rules[i].moves(parts[i])) and to[1 - i] == parts[1 - i] for i in (0, 1)), (pos, m.to)
        assert rules[0].grundy(to[0]) ^ rules[1].grundy(to[1]) == 0, (pos, m.to)
    assert n_positions > 300
    # a game with any number of coordinates takes its default number in a sum
    assert grundy.SumGame([grundy.game("nim"), a]).coords[:3] == ("1.h1", "1.h2", "1.h3")
    with pytest.raises(grundy.PositionError):
        s.validate((0, 5, 0, 1, 1))
    t = grundy.SumGame([grundy.game("nim", heaps=1), grundy.game("nim", heaps=1)]).table(3)
    assert t.p_positions() == [(0, 0), (1, 1), (2, 2), (3, 3)]
    assert t.misere((1, 1)) == "N" and t.misere((2, 2)) == "P"


def test_move_describe_rejects_unknown_language():
    m = grundy.game("nim").moves((1,))[0]
    assert m.describe() == "take 1 from heap 1" and m.describe("ja") == "山1から1個取る"
    with pytest.raises(grundy.GameError):
        m.describe("fr")
