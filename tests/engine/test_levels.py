"""The computer players (grundy.levels), their calibration and the facade's `reply` /
`levels` / `state` fields for them."""

import pytest

import grundy
from grundy import levels, webapi
from grundy.levels import PLAYERS, options, play, player

POSITIONS = [  # (game, position, misère)
    (grundy.game("nim"), (3, 5, 7), False),
    (grundy.game("nim"), (1, 1, 5), True),
    (grundy.game("chocolate", k=3), (10, 5, 5), False),
    (grundy.game("chocolate", k=3), (6, 3, 5), False),
    (grundy.game("chocolate", k=3), (5, 2, 2), True),
    (grundy.game("wythoff"), (9, 5), False),
    (grundy.game("rect"), (3, 6, 2), False),
    (grundy.with_pass(grundy.game("nim")), (1, 2, 3, 1), False),
]
NAMES = [*PLAYERS, "2", "9"]
BOTS = {"equal-heaps": "nim", "two-coordinates": "chocolate"}  # each bot's game (without a pass)


def plays(name, game) -> bool:
    """Whether `name` plays `game`, as its description says: a level every game, a bot
    only its own game without a pass."""
    return name not in BOTS or (BOTS[name] == game.name and "pass" not in game.coords)


PLAYED = [(name, *case) for case in POSITIONS for name in NAMES if plays(name, case[0])]
REFUSED = [(name, *case) for case in POSITIONS for name in NAMES if not plays(name, case[0])]


def call(**request):
    return webapi.handle(request)


def walk(game, pos, misere, steps=6):
    """pos and a few positions after it (a fixed line of play: the first move each time)."""
    out = [pos]
    for _ in range(steps):
        tos = list(game.targets(out[-1]))
        if not tos:
            break
        out.append(tos[len(tos) // 2])
    return out


@pytest.mark.parametrize("name,game,start,misere", PLAYED)
def test_every_reply_is_legal(name, game, start, misere):
    p = player(name)
    assert p.plays(game, start)
    for pos in walk(game, start, misere):
        for seed in range(3):
            move = p.move(game, pos, misere, seed)
            legal = set(game.targets(pos))
            assert (move is None) == (not legal)
            assert move is None or move.to in legal


@pytest.mark.parametrize("name,game,start,misere", REFUSED)
def test_a_bot_refuses_other_games(name, game, start, misere):
    """The 11 cases test_every_reply_is_legal leaves out: the bot says it does not play them."""
    assert not player(name).plays(game, start)


@pytest.mark.parametrize("game,start,misere", POSITIONS)
def test_perfect_wins_fastest_and_resists_longest(game, start, misere):
    for pos in walk(game, start, misere):
        found = options(game, pos, misere)
        if not found:
            continue
        r = game.remoteness(pos, misere)
        for seed in range(4):
            move = player("perfect").move(game, pos, misere, seed)
            assert game.remoteness(move.to, misere) == r - 1
            if game.outcome(pos, misere) == "N":
                assert game.outcome(move.to, misere) == "P"
                assert r - 1 == min(o.remoteness for o in found if o.outcome == "P")
            else:
                assert r - 1 == max(o.remoteness for o in found)


@pytest.mark.parametrize("game,start,misere", POSITIONS)
@pytest.mark.parametrize("depth", [1, 2, 3, 5, 7])
def test_a_depth_takes_every_win_it_sees(depth, game, start, misere):
    for pos in walk(game, start, misere):
        found = options(game, pos, misere)
        near = [o for o in found if o.outcome == "P" and o.remoteness <= depth - 1]
        for seed in range(4):
            move = player(depth).move(game, pos, misere, seed)
            if near:
                assert move.to in {o.to for o in near}
                assert game.remoteness(move.to, misere) == min(o.remoteness for o in near)
            elif move is not None and any(o.outcome == "P" or o.remoteness > 1 for o in found):
                chosen = next(o for o in found if o.to == move.to)  # no immediate loss
                assert not (chosen.outcome == "N" and chosen.remoteness <= 1)


def test_level_1_loses_to_perfect_from_far_wins():
    g = grundy.game("chocolate", k=3)
    # a P-start at least 3 moves from the end: level 1 to move always loses
    p_starts = [pos for pos in g.table(8) if g.outcome(pos) == "P" and g.remoteness(pos) >= 4][:6]
    assert p_starts
    for pos in p_starts:
        for seed in range(5):
            assert play(g, pos, PLAYERS["1"], PLAYERS["perfect"], seed=seed) == 1
    # an N-start whose win is 3 or more moves away: perfect moving first always wins, and
    # level 1 moving first loses most games
    losses = 0
    for game, pos in ((g, (10, 5, 5)), (grundy.game("nim"), (3, 5, 7))):
        assert game.remoteness(pos) >= 3
        for seed in range(10):
            assert play(game, pos, PLAYERS["perfect"], PLAYERS["1"], seed=seed) == 0
            losses += play(game, pos, PLAYERS["1"], PLAYERS["perfect"], seed=seed) == 1
    assert losses >= 15, losses


def test_same_seed_same_move():
    g, pos = grundy.game("chocolate", k=3), (10, 5, 5)
    for name in ("1", "3", "perfect", "two-coordinates"):
        moves = {player(name).move(g, pos, False, 7).to for _ in range(3)}
        assert len(moves) == 1
    replies = [call(op="reply", game="nim", pos="3 5 7", level=1, seed=11) for _ in range(3)]
    assert replies[0] == replies[1] == replies[2] and replies[0]["level"] == "1"
    assert len({tuple(call(op="reply", game="nim", pos="3 5 7", level=1, seed=s)["move"]["to"])
                for s in range(20)}) > 1  # the seed matters


def test_bots_play_their_rule():
    nim = grundy.game("nim")
    to = player("equal-heaps").move(nim, (3, 5, 7), False, 0).to
    assert len(set(h for h in to if h)) < len([h for h in to if h])  # two equal heaps
    choc = grundy.game("chocolate", k=3)
    to = player("two-coordinates").move(choc, (10, 5, 7), False, 0).to
    assert to[1] == to[2]
    assert not player("equal-heaps").plays(choc) and not player("equal-heaps").plays(
        grundy.with_pass(nim), (1, 2, 3, 1))
    for name in ("equal-heaps", "two-coordinates"):
        text = PLAYERS[name].description
        assert text.en and text.ja and PLAYERS[name].kind == "bot"


def test_facade_reply_levels_and_errors():
    assert call(op="reply", game="nim", pos="3 5 7")["level"] == "perfect"
    assert call(op="reply", game="nim", pos=[0, 0], level=3) == {"move": None, "level": "3"}
    for bad, words in ((0, "at least 1"), ("x", "unknown level"), (2.5, "whole number"),
                       (True, "whole number"), ("equal-heaps", "does not play")):
        out = call(op="reply", game="chocolate", pos="10 5 5", level=bad)
        assert words in out["error"], out
        assert "error" in call(op="reply", game="chocolate", pos="10 5 5", level=bad, lang="ja")
    for bad in (-1, "abc", 1.5, [1]):
        out = call(op="reply", game="nim", pos="3 5 7", seed=bad)
        assert "seed" in out["error"], out
    with_pass = call(op="reply", game="nim", pos="1 2 3", **{"pass": True}, level="perfect")
    assert with_pass["move"]["kind"] in ("move", "pass") and "pass" in with_pass["move"]


def test_facade_state_remoteness():
    s = call(op="state", game="chocolate", params={"k": 3}, pos="10 5 5")
    g = grundy.game("chocolate", k=3)
    assert s["remoteness"] == g.remoteness((10, 5, 5))
    assert s["remoteness_text"] == f"You can win in at most {s['remoteness']} moves (both players' moves counted)."
    assert all(m["remoteness"] == g.remoteness(tuple(m["to"])) for m in s["moves"])
    s = call(op="state", game="chocolate", params={"k": 3}, pos="6 3 5", lang="ja")
    assert s["remoteness_text"] == f"相手が最善を尽くすと {s['remoteness']} 手 (双方の手を数えて) で負けます。"
    assert call(op="state", game="nim", pos="0 0")["remoteness_text"].endswith("you have lost.")
    assert call(op="state", game="nim", pos="0 0", misere=True)["remoteness_text"].endswith("you have won.")
    # a sum whose remoteness is over the browser's budget: null, and the players still move
    sum_game = {"game": "sum", "params": {"components": [
        {"game": "chocolate", "params": {"k": 3}}, {"game": "nim", "params": {"heaps": 1}},
        {"game": "wythoff"}]}, "pos": "10 5 5 6 3 5"}
    s = call(op="state", **sum_game)
    assert s["remoteness"] is None and s["remoteness_text"] is None
    assert all(m["remoteness"] is None for m in s["moves"])
    for level in ("perfect", 1, 7):
        move = call(op="reply", level=level, **sum_game)["move"]
        assert move["to"] in [m["to"] for m in s["moves"]]
    winning = call(op="reply", level="perfect", **sum_game)["move"]["to"]
    assert grundy.sum_of(sum_game["params"]["components"]).outcome(tuple(winning)) == "P"


def test_catalogue():
    out = call(op="levels")
    names = [p["name"] for p in out["levels"]]
    assert names[:5] == ["1", "3", "5", "7", "perfect"] and out["default"] == "perfect"
    assert {"equal-heaps", "two-coordinates"} <= set(names)
    for p in out["levels"]:
        assert p["title"]["en"] and p["title"]["ja"] and p["description"]["ja"]
        assert p["kind"] in ("level", "bot")
    three = next(p for p in out["levels"] if p["name"] == "3")
    assert three["description"] == {"en": "finds a win 3 moves ahead", "ja": "3 手先までの勝ちを見つける"}
    assert 0 <= three["calibration"]["win_rate"] <= 1 and three["calibration"]["against"] == "5"
    nim = [p["name"] for p in call(op="levels", game="nim")["levels"]]
    assert "equal-heaps" in nim and "two-coordinates" not in nim
    assert "equal-heaps" not in [p["name"] for p in call(op="levels", game="nim", pos="1 2",
                                                          **{"pass": True})["levels"]]
