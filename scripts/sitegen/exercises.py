"""Generator `answer`: exercise answers computed by the engine, in the page's language.

    answer game=nim heaps=3 pos="2 7 9" ask=winning-moves
    answer game=chocolate k=3 pos="10 5 5" heap=16 ask=winning-moves   (plus a Nim heap)
    answer game=ryuoh p=3 max=12 pass=true ask=ppositions

ask=outcome (who wins), grundy (the Grundy value), winning-moves (every winning move),
moves (every move), ppositions (all P-positions with every coordinate <= max).
pass=true: one pass is left in the whole game, usable by either player, never from a
position with no moves; the search below adds that flag to the engine's own moves.
"""

from __future__ import annotations

from functools import lru_cache
from html import escape
from itertools import product

import grundy

from .args import Args, position_text

ASKS = ("outcome", "grundy", "winning-moves", "moves", "ppositions")

# Every sentence of this generator: key -> (English, Japanese).
STRINGS = {
    "label": ("Computed by the engine",
              "エンジンによる計算"),
    "P": ("{pos}{mode} is a P-position: the player to move loses against perfect play.",
              "{pos}{mode} は P 局面です。次に動かす人は、相手が最善を尽くすと負けます。"),
    "N": ("{pos}{mode} is an N-position: the player to move wins.",
              "{pos}{mode} は N 局面です。次に動かす人が勝てます。"),
    "misere": (" (misère play)",
              "（ミゼール）"),
    "pass": (" (the pass is still available)",
              "（パスはまだ使えます）"),
    "grundy": ("Grundy value: G{pos} = {g}.",
              "グランディ数: G{pos} = {g}。"),
    "winning": ("Every winning move ({n}):",
              "勝つ手のすべて（{n} 通り）:"),
    "nowin": ("No move wins: every move leads to an N-position.",
              "勝つ手はありません。どの手も N 局面へ行きます。"),
    "moves": ("Every move ({n}):",
              "一手で行ける局面のすべて（{n} 通り）:"),
    "pp": ("The P-positions with every coordinate ≤ {max} ({n}):",
              "どの座標も {max} 以下の P 局面（{n} 個）:"),
    "pp.pass": ("The P-positions with the pass still available, every coordinate ≤ {max} "
                "({n}; computed, not proved):",
              "パスがまだ使える P 局面、どの座標も {max} 以下（{n} 個。計算結果で、証明ではありません）:"),
    "pass.move": ("pass (no pass is left after it)",
              "パスする（これでパスはなくなります）"),
    "heap": ("a Nim heap of {n}",
              "ニムの山 {n} 個"),
    "in.heap": ("in the heap: ",
              "山で: "),
    "in.game": ("in the bar: ",
              "板で: "),
}


def _t(key: str, lang: str, **fields) -> str:
    return STRINGS[key][lang == "ja"].format(**fields)


def _name(pos: tuple, heap: int | None, lang: str) -> str:
    """A position as the papers write it, followed by the Nim heap next to it, if any."""
    text = position_text(pos)
    return text if heap is None else f"{text} + {_t('heap', lang, n=heap)}"


def _moves(game, pos: tuple, heap: int | None, passing: bool, lang: str):
    """(description, position after, heap after, pass still available) for every move."""
    out = [((_t("in.game", lang) if heap is not None else "") + m.describe(lang), m.to, heap, passing)
           for m in game.moves(pos)]
    if heap is not None:
        out += [(_t("in.heap", lang) + _t("heap", lang, n=v), pos, v, passing) for v in range(heap)]
    if passing and out:
        out.append((_t("pass.move", lang), pos, heap, False))
    return out


@lru_cache(maxsize=None)
def _pass_value(game, pos: tuple, heap: int | None) -> int:
    """The Grundy value of `pos` (plus `heap`) while the pass is still available."""
    options = {_value(game, to, h, p) for _, to, h, p in _moves(game, pos, heap, True, "en")}
    return next(g for g in range(len(options) + 1) if g not in options)


def _value(game, pos: tuple, heap: int | None, passing: bool) -> int:
    """The Grundy value (normal play): the engine's without the pass, else the search above."""
    if passing:
        return _pass_value(game, pos, heap)
    return game.grundy(pos) ^ (heap or 0)


def _outcome(game, pos, heap, passing, misere: bool) -> str:
    if misere:
        return game.outcome(pos, misere=True)
    return "P" if _value(game, pos, heap, passing) == 0 else "N"


def _listing(items: list[str]) -> str:
    return "<ul>\n" + "\n".join(f"<li>{escape(i)}</li>" for i in items) + "\n</ul>"


def _move_item(desc: str, to: tuple, heap, lang: str) -> str:
    return f"{desc} → {_name(to, heap, lang)}"


def _parse(a: Args):
    # pass= is read first: the ordinary game is what the search below starts from.
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
    pos = a.position("pos", game)
    a.done()
    if misere and ask == "grundy":
        raise a.error("misère play has no Grundy values here: ask=outcome or winning-moves")
    where = _name(pos, heap, lang)
    outcome = _outcome(game, pos, heap, passing, misere)
    mode = (_t("misere", lang) if misere else "") + (_t("pass", lang) if passing else "")
    head = _t(outcome, lang, pos=where, mode=mode).replace("） は", "）は")
    if ask == "grundy":
        head = _t("grundy", lang, pos=where, g=_value(game, pos, heap, passing))
    if ask in ("grundy", "outcome"):
        return _block(f"<p>{escape(head)}</p>", lang)
    moves = _moves(game, pos, heap, passing, lang)
    if ask == "moves":
        items = [_move_item(d, to, h, lang) for d, to, h, p in moves]
        return _block(f"<p>{escape(_t('moves', lang, n=len(items)))}</p>\n{_listing(items)}", lang)
    wins = [_move_item(d, to, h, lang) for d, to, h, p in moves
            if _outcome(game, to, h, p, misere) == "P"]
    body = f"<p>{escape(head)}</p>\n"
    body += (f"<p>{escape(_t('winning', lang, n=len(wins)))}</p>\n{_listing(wins)}" if wins
             else f"<p>{escape(_t('nowin', lang))}</p>")
    return _block(body, lang)


def _ppositions(game, limit: int, heap, passing: bool, lang: str) -> str:
    pps = []
    for p in product(range(limit + 1), repeat=len(game.coords)):
        try:
            p = game.validate(p)
        except grundy.PositionError:
            continue
        if _value(game, p, heap, passing) == 0:
            pps.append(p)
    key = "pp.pass" if passing else "pp"
    items = ", ".join(position_text(p) for p in pps)
    return (f"<p>{escape(_t(key, lang, max=limit, n=len(pps)))}</p>\n"
            f'<p class="grundy-plist"><code>{escape(items)}</code></p>')


def _block(body: str, lang: str) -> str:
    return (f'<div class="grundy-answer">\n<p class="grundy-caption">{escape(_t("label", lang))}</p>\n'
            f"{body}\n</div>")
