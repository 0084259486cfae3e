"""Generator `answer`: exercise answers computed by the engine, in the page's language.

    answer game=nim heaps=3 pos="2 7 9" ask=winning-moves
    answer game=chocolate k=3 pos="10 5 5" heap=16 ask=winning-moves   (plus a Nim heap)
    answer game=ryuoh p=3 max=12 pass=true ask=ppositions

ask=outcome (who wins), grundy (the Grundy value), winning-moves (every winning move),
moves (every move), ppositions (all P-positions with every coordinate <= max).
heap=N: the game plus a Nim heap of N (the engine's sum of games, grundy.SumGame).
pass=true: one pass is left in the whole game (the engine's grundy.with_pass). Positions
are shown without the pass coordinate, with the heap after them.
"""

from __future__ import annotations

from html import escape
from itertools import product

import grundy
from grundy import Text

from .args import Args, position_text
from .strings import japanese_spacing

ASKS = ("outcome", "grundy", "winning-moves", "moves", "ppositions")

# Every sentence of this generator.
STRINGS = {
    "label": Text("Computed by the engine",
                  "エンジンによる計算"),
    "P": Text("{pos}{mode} is a P-position: the player to move loses against perfect play.",
              "{pos}{mode} は P 局面です。次に動かす人は、相手が最善を尽くすと負けます。"),
    "N": Text("{pos}{mode} is an N-position: the player to move wins.",
              "{pos}{mode} は N 局面です。次に動かす人が勝てます。"),
    "misere": Text(" (misère play)",
                   "（ミゼール）"),
    "pass": Text(" (the pass is still available)",
                 "（パスはまだ使えます）"),
    "grundy": Text("Grundy value: G{pos} = {g}.",
                   "グランディ数: G{pos} = {g}。"),
    "winning": Text("Every winning move ({n}):",
                    "勝つ手のすべて（{n} 通り）:"),
    "nowin": Text("No move wins: every move leads to an N-position.",
                  "勝つ手はありません。どの手も N 局面へ行きます。"),
    "moves": Text("Every move ({n}):",
                  "一手で行ける局面のすべて（{n} 通り）:"),
    "pp": Text("The P-positions with every coordinate ≤ {max} ({n}):",
               "どの座標も {max} 以下の P 局面（{n} 個）:"),
    "pp.pass": Text("The P-positions with the pass still available, every coordinate ≤ {max} "
                    "({n}; computed, not proved):",
                    "パスがまだ使える P 局面、どの座標も {max} 以下（{n} 個。計算結果で、証明ではありません）:"),
    "pass.move": Text("pass (no pass is left after it)",
                      "パスする（これでパスはなくなります）"),
    "heap": Text("a Nim heap of {n}",
                 "ニムの山 {n} 個"),
    "in.heap": Text("in the heap: ",
                    "山で: "),
    "in.game": Text("in the bar: ",
                    "板で: "),
}


def _t(key: str, lang: str, **fields) -> str:
    phrase = STRINGS[key].get(lang).format(**fields)
    return japanese_spacing(phrase) if lang == "ja" else phrase


class Question:
    """The engine's game an exercise is about: the lesson's game (with `size` coordinates),
    plus a Nim heap if `heap` is given, with one pass left if `passing`."""

    def __init__(self, game, size: int, heap: int | None, passing: bool):
        self.game, self.size, self.heap, self.passing = game, size, heap, passing
        played = game if heap is None else grundy.SumGame([game, grundy.game("nim", heaps=1)])
        self.played = grundy.with_pass(played) if passing else played

    def full(self, pos: tuple) -> tuple:
        """A position of the lesson's game as a position of the played game."""
        return (*pos, *(() if self.heap is None else (self.heap,)), *((1,) if self.passing else ()))

    def name(self, pos: tuple, lang: str) -> str:
        """A position of the played game as the papers write it (no pass coordinate),
        followed by the Nim heap next to it, if any."""
        text = position_text(pos[:self.size])
        return text if self.heap is None else f"{text} + {_t('heap', lang, n=pos[self.size])}"

    def moves(self, pos: tuple, lang: str) -> list[tuple[str, tuple]]:
        """(description, position after) for every move of the played game from `pos`."""
        inner = {m.to: m for m in self.game.moves(pos[:self.size])} if self.heap is not None else {}
        out = []
        for m in self.played.moves(pos):
            if m.kind == "pass":
                text = _t("pass.move", lang)
            elif self.heap is None:
                text = m.describe(lang)
            elif m.to[self.size] != self.heap:
                text = _t("in.heap", lang) + _t("heap", lang, n=m.to[self.size])
            else:
                text = _t("in.game", lang) + inner[m.to[:self.size]].describe(lang)
            out.append((text, m.to))
        return out


def _listing(items: list[str]) -> str:
    return "<ul>\n" + "\n".join(f"<li>{escape(i)}</li>" for i in items) + "\n</ul>"


def _parse(a: Args):
    # pass= is read here: the Question adds the pass to the game (and its heap).
    passing = a.choice("pass", ("false", "true"), "false") == "true"
    game = a.game()
    misere = a.choice("misere", ("false", "true"), "false") == "true"
    heap = a.integer("heap", lo=0, hi=64) if a.has("heap") else None
    if misere and (passing or heap is not None):
        raise a.error("misere=true takes no pass= or heap=")
    return game, misere, passing, heap


def answer(args: dict[str, str], ctx) -> str:
    """The engine's answer to an exercise (see the module docstring for the arguments)."""
    a = Args("answer", args)
    ask = a.choice("ask", ASKS)
    game, misere, passing, heap = _parse(a)
    lang = ctx.lang
    if ask == "ppositions":
        limit = a.integer("max", 10, hi=24)
        a.done()
        if misere:
            raise a.error("misère P-positions are listed by the ppositions generator (misere=true)")
        return _block(_ppositions(game, limit, heap, passing, lang), lang)
    start = a.position("pos", game)
    a.done()
    if misere and ask == "grundy":
        raise a.error("misère play has no Grundy values here: ask=outcome or winning-moves")
    q = Question(game.fixed_for(start), len(start), heap, passing)
    pos = q.full(start)
    mode = (_t("misere", lang) if misere else "") + (_t("pass", lang) if passing else "")
    head = _t(q.played.outcome(pos, misere), lang, pos=q.name(pos, lang), mode=mode)
    head = head.replace("） は", "）は")
    if ask == "grundy":
        head = _t("grundy", lang, pos=q.name(pos, lang), g=q.played.grundy(pos))
    if ask in ("grundy", "outcome"):
        return _block(f"<p>{escape(head)}</p>", lang)
    moves = [(text, to, f"{text} → {q.name(to, lang)}") for text, to in q.moves(pos, lang)]
    if ask == "moves":
        items = [item for _, _, item in moves]
        return _block(f"<p>{escape(_t('moves', lang, n=len(items)))}</p>\n{_listing(items)}", lang)
    wins = [item for _, to, item in moves if q.played.outcome(to, misere) == "P"]
    body = f"<p>{escape(head)}</p>\n"
    body += (f"<p>{escape(_t('winning', lang, n=len(wins)))}</p>\n{_listing(wins)}" if wins
             else f"<p>{escape(_t('nowin', lang))}</p>")
    return _block(body, lang)


def _ppositions(game, limit: int, heap, passing: bool, lang: str) -> str:
    q = Question(game.for_table(), len(game.coords), heap, passing)
    pps = []
    for p in product(range(limit + 1), repeat=q.size):
        try:
            p = game.validate(p)
        except grundy.PositionError:
            continue
        if q.played.grundy(q.full(p)) == 0:
            pps.append(p)
    key = "pp.pass" if passing else "pp"
    items = ", ".join(position_text(p) for p in pps)
    return (f"<p>{escape(_t(key, lang, max=limit, n=len(pps)))}</p>\n"
            f'<p class="grundy-plist"><code>{escape(items)}</code></p>')


def _block(body: str, lang: str) -> str:
    return (f'<div class="grundy-answer">\n<p class="grundy-caption">{escape(_t("label", lang))}</p>\n'
            f"{body}\n</div>")
