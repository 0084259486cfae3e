"""The wording of the Explain texts (grundy.explain), as a reader sees them: over a broad
sample (every game, normal, misère and with a pass, P- and N-positions, English and
Japanese) no programmer notation, no internal labels, Japanese typography and the
glossary's terms; and the claims the expert review checked (Nim's flipped digits, the
k = 1 theorem, two-heap Nim with a pass, the pass never shown as a coordinate)."""

import itertools
import re
from pathlib import Path

import pytest

import grundy
from grundy import webapi
from grundy.explain import explain
from grundy.passing import with_pass

GAMES = [
    ("nim", {"heaps": 3}, 5), ("nim", {"heaps": 2}, 7), ("rect", {"sides": 3}, 4),
    ("rect", {"sides": 2}, 5), ("rect", {"sides": 4}, 2),
    *[("chocolate", {"k": k}, 6) for k in (1, 2, 3, 4, 5)],
    *[("step", {"f": f}, 12) for f in ("t//2", "t//4", "3", "2**(ilog2(t)-1) if t >= 2 else 0",
                                       "t", "t//3")],
    ("step3", {"f": "t//2"}, 5), ("wythoff", {}, 8),
    *[("ryuoh", {"p": p}, 8) for p in (1, 2, 3, 4, 5)],
    *[("chomp", {"rows": r}, n) for r, n in ((1, 6), (2, 5), (3, 4))],
]
MODES = ("normal", "misere", "pass")

JA = r"[\u3040-\u30ff\u3400-\u9fff々ー]"  # kana and kanji
PROGRAMMER = re.compile(r"\^|//|<=|>=|!=|\*\*|\bfloor\b|==")
INTERNAL = re.compile(r"\b[a-z]+_[a-z0-9_]+\b|\.py\b|\bNone\b(?! of)|\bTrue\b|\bFalse\b|\bself\b")
JA_SPACE = re.compile(f"{JA} {JA}")
JA_HALF_PUNCT = re.compile(f"{JA}[,.]")
GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "glossary.ja.md"


def glossary_variants() -> set[str]:
    """The variants the Japanese glossary forbids (its column 使わない表記)."""
    rows = [[c.strip() for c in line.strip().strip("|").split("|")]
            for line in GLOSSARY.read_text(encoding="utf-8").splitlines() if line.startswith("|")]
    column = rows[0].index("使わない表記")
    return {v.strip() for row in rows[2:] for v in re.split("[、,]", row[column]) if v.strip()}


# One term per concept: the glossary's forbidden variants, and a few more seen in drafts
# (小場合 is no Japanese word: a proof's subcase (iii.1) is a 場合 too).
FORBIDDEN = re.compile("|".join(map(re.escape, sorted(
    glossary_variants() | {"ブートン", "ボートン", "シェルピンスキー", "必勝手", "勝ち手",
                           "ブラウザー", "パラメーター", "コンピューター", "小場合"}))))


def positions(g, limit):
    return [p for p in itertools.product(range(limit + 1), repeat=len(g.coords)) if g.is_legal(p)]


def sample():
    """(label, game, position, misère) over every game and mode, both outcomes."""
    for name, params, limit in GAMES:
        plain = grundy.game(name, **params)
        for mode in MODES:
            g = with_pass(plain) if mode == "pass" else plain
            for pos in positions(g, limit):
                yield f"{name} {params} {mode} {pos}", g, pos, mode == "misere"


def texts(g, e):
    """Every sentence a reader sees in the explanation `e`, in both languages: the steps
    (source "step"), and the games' own move texts (source "move": the move, the options)."""
    for lang in ("en", "ja"):
        d = e.as_dict(lang, lambda p: list(p[:-1]) if hasattr(g, "inner") else list(p))
        move = d["move"]["text"] if d["move"] else None  # quoted by the last step
        head = "勝つ手: " if lang == "ja" else "The winning move: "
        yield from ((lang, s["text"].replace(head + move, head + "…", 1) if move else s["text"],
                     "step") for s in d["steps"])
        yield from ((lang, m, "move") for m in [move] if m)
        yield from ((lang, o["text"], "move") for s in d["steps"] for o in s.get("options", ()))


@pytest.fixture(scope="module")
def explained():
    return [(label, g, pos, explain(g, pos, misere)) for label, g, pos, misere in sample()]


@pytest.fixture(scope="module")
def corpus(explained):
    """{(lang, sentence): (where, game, position, source)} for the first position that
    says it: each distinct sentence once."""
    seen = {}
    for label, g, pos, e in explained:
        for lang, s, source in texts(g, e):
            seen.setdefault((lang, s), (label, g, pos, source))
    return seen


def offending(corpus, pattern, lang=None, source=None):
    return [(where[0], s) for (l, s), where in corpus.items()
            if (lang is None or l == lang) and (source is None or where[3] == source)
            and pattern.search(s)][:5]


def test_sample_is_broad(explained, corpus):
    assert {e.kind for *_, e in explained} == {"theorem", "mex", "misere"}
    assert len(corpus) > 2000


def test_no_programmer_notation(corpus):
    assert not offending(corpus, PROGRAMMER)


def test_no_internal_labels(corpus):
    assert not offending(corpus, INTERNAL)


def test_japanese_typography(corpus):
    assert not offending(corpus, JA_SPACE, "ja")
    assert not offending(corpus, JA_HALF_PUNCT, "ja")
    # full-width （…） around words (the games' move texts are not the explanations')
    assert not offending(corpus, re.compile(f"{JA} ?\\((?=[^)]*{JA})"), "ja", "step")


def test_glossary_terms(corpus):
    assert glossary_variants()  # the column is there and read
    assert not offending(corpus, FORBIDDEN, "ja")
    assert any("バウトン" in s for (lang, s) in corpus if lang == "ja")


def test_chomp_rows_are_dan(corpus):
    """A chocolate's rows are 段 (the glossary), 行 being a board's or a table's: Chomp's
    explanations say 段, and count heaps apart from the stones in them."""
    chomp = [s for (lang, s), where in corpus.items() if lang == "ja" and where[0].startswith("chomp")]
    assert chomp and any("段" in s for s in chomp)
    assert not [s for s in chomp if re.search("行(?![きけく])", s)][:3]
    assert not offending(corpus, re.compile(r"(?<!石が )\d+ 個(以上)?の(ニムの)?山"), "ja")


def test_english_grammar(corpus):
    """The heap or side that holds the highest 1 is a singular subject."""
    assert not offending(corpus, re.compile(r"^Cuts on .* has"), "en")
    assert offending(corpus, re.compile(r"^The left side \(\d+ cuts?\) has a 1"), "en")


def test_pass_is_never_a_coordinate(corpus):
    """With a pass the reader sees the position and, in words, whether the pass is left."""
    for (lang, s), (label, g, pos, _) in corpus.items():
        if hasattr(g, "inner"):  # the engine's positions: the coordinates and the pass flag
            for p in (pos, *g.targets(pos)):
                inner = ", ".join(map(str, p))
                assert f"{{{inner}}}" not in s and f"({inner})" not in s, (label, s)
    out = webapi.handle({"op": "explain", "game": "nim", "params": {"heaps": 3},
                         "pos": [3, 6, 2], "pass": True})
    assert out["move"]["to"] == [3, 5, 2]
    assert "{3, 5, 2} with the pass still available" in out["steps"][-1]["text"]


def nim_flip_step(pos, lang):
    e = explain(grundy.game("nim", heaps=len(pos)), pos)
    return next(s for s in e.as_dict(lang)["steps"] if "row" in s)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_nim_flips_every_digit_of_the_nim_sum(lang):
    """From {3, 6, 2} (nim-sum 7 = 111 in binary) the move 6 → 1 flips three digits: the
    sentence says that the columns where the nim-sum has a 1 flip, not the units digit."""
    step = nim_flip_step((3, 6, 2), lang)
    assert (step["from"], step["value"]) == (6, 1) and step["from"] ^ step["value"] == 7
    text = step["text"]
    assert "1 の位だけ" not in text
    assert ("exactly the columns where the nim-sum has a 1" in text if lang == "en"
            else "ニム和が 1 である位をすべて反転" in text)


def test_k1_follows_the_theorem():
    """k = 1: a theorem-kind explanation everywhere; for x, z ≥ 1 the Nim argument on
    (x − 1, y, z − 1); where x or z is 0, the cut to {0, 0, 0}."""
    g = grundy.game("chocolate", k=1)
    for pos in positions(g, 8):
        e = explain(g, pos)
        assert e.kind == "theorem", pos
        en = " ".join(s.text.en for s in e.steps)
        assert "no constructive proof" not in en
        x, _, z = pos
        if x and z:
            rows = next(s.data["binary"]["rows"] for s in e.steps if "binary" in s.data)
            assert [r["label"].en for r in rows] == ["x − 1", "y", "z − 1"]
        elif pos != (0, 0, 0):
            assert e.move.to == (0, 0, 0) and "the formula does not apply" in en
        assert (e.move is None) == (g.outcome(pos) == "P")


def test_pass_two_heap_rule():
    """Two-heap Nim (and the two-sided bar) with the pass available: the lesson's rule,
    P exactly at {0, 0} and {2m − 1, 2m}, explained as a theorem."""
    for name, params in (("nim", {"heaps": 2}), ("rect", {"sides": 2})):
        g = with_pass(grundy.game(name, **params))
        for a, b in itertools.product(range(12), repeat=2):
            e = explain(g, (a, b, 1))
            assert e.kind == "theorem", (a, b)
            lo, hi = sorted((a, b))
            in_rule = hi == 0 or lo % 2 == 1 and hi == lo + 1
            assert (e.move is None) == in_rule == (g.outcome((a, b, 1)) == "P"), (a, b)
            assert "{2m − 1, 2m}" in e.steps[0].text.en


def test_pass_from_a_p_position():
    """Passing from a P-position of the game without a pass is explained by that rule."""
    g = with_pass(grundy.game("nim", heaps=3))
    e = explain(g, (1, 2, 3, 1))
    assert e.kind == "theorem" and e.move.kind == "pass"
    assert "pass rule" in e.steps[0].text.en and "パスの規則" in e.steps[0].text.ja


def test_misere_nim_follows_the_theorem():
    """Misère Nim is proved on the site: its explanation is the theorem's, e.g. from heaps
    1, 1, 5 leave three heaps of 1 (the lesson's worked example)."""
    e = explain(grundy.game("nim", heaps=3), (1, 1, 5), misere=True)
    assert e.kind == "theorem" and e.move.to == (1, 1, 1)
    assert "Misère Nim" in e.steps[0].text.en and "ミゼールのニム" in e.steps[0].text.ja
