"""Generator `discover`: the formula search of a table (grundy.discover) run at build time,
inside the `<grundy-discover>` custom element that lets readers search again, test their
own guess and prove it (docs/assets/widgets/grundy-discover.js); the build-time result,
with the proof of the formula found, is the element's no-JavaScript fallback. The proofs
of the formula found and of the guess are the widget's build-time answers (written.py):
the page shows the site's own proofs without running the engine. So is the widget's table,
drawn first (the reader guesses from it): the no-JavaScript fallback shows it too, then the
guess, and the engine's result only in a closed <details>.

    ```grundy
    discover game=chocolate k=3 max=8 target=P guess="x + y == z"
    ```

`target` is grundy (default) or P; `guess` (optional) is a formula tested at build time
(its first counterexample shown), and the guess the widget's field starts with.

Generator `discovered`: for which values of one parameter the search finds the site's
theorem, as one sentence computed at build time (the values it does not find it for are
named; a formula found that is not the theorem stops the build):

    ```grundy
    discovered game=ryuoh param=p from=1 to=5 max=10
    ```
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

import grundy
from grundy.discovery import check, discover as search
from grundy.discovery.grammar import normalise

from . import cache, written
from .args import Args, game_label, position_text
from .markup import axes, cell, grid
from .strings import japanese_spacing
from .widgets_markup import catalogue

MAX_LIST_ROWS = 400  # as the lessons' lists and the widget's (discover-table.js)

STRINGS = {
    "found": grundy.Text("For {game}, the engine found a {what}: <code>{formula}</code>. It holds "
                         "at all {n:,} positions with coordinates up to {max}, checked by the "
                         "engine, not proved.",
                         "{game}について、エンジンは {what}を見つけました: <code>{formula}</code>。"
                         "座標が {max} 以下の {n:,} 局面すべてで成り立つことをエンジンで確かめました"
                         " (証明ではありません)。"),
    "none": grundy.Text("For {game}, no {what} was found in the engine's grammar up to "
                        "size {size} ({n:,} positions with coordinates up to {max}).",
                        "{game}について、エンジンの文法で大きさ {size} までに {what}は見つかり"
                        "ませんでした (座標が {max} 以下の {n:,} 局面)。"),
    "what.grundy": grundy.Text("formula for the Grundy value", "グランディ数の式"),
    "what.P": grundy.Text("formula for the P-positions", "P 局面を表す式"),
    "theorem": grundy.Text("It agrees with the site's theorem: {theorem}.",
                           "これはサイトの定理と一致します: {theorem}。"),
    "guess": grundy.Text("The guess <code>{formula}</code> {result}.",
                         "予想 <code>{formula}</code> は、{result}。"),
    "guess.holds": grundy.Text("holds at every position of the table",
                               "表のすべての局面で成り立ちます"),
    "guess.fails": grundy.Text("fails first at {pos} (it holds up to {holds_to})",
                               "{pos} で初めて成り立たなくなります ({holds_to} までは成り立ちます)"),
    "near.caption": grundy.Text("Near misses: the simplest formulas that hold the longest.",
                                "惜しい式: いちばん長く成り立つ簡単な式。"),
    "near.formula": grundy.Text("formula", "式"),
    "near.holds_to": grundy.Text("holds up to", "成り立つ範囲"),
    "near.first": grundy.Text("first counterexample", "最初の反例"),
    "discovered": grundy.Text("Checked when this page was built, on the tables with coordinates "
                              "up to {max}: the engine finds a formula that agrees with this "
                              "theorem for {found}",
                              "このページのビルド時に座標が {max} 以下の表で確かめると、エンジンが"
                              "この定理と一致する式を見つけるのは {found} のときです"),
    "discovered.none": grundy.Text(", and none for {missed} on these tables",
                                   "。{missed} では、この表では見つけられません"),
    "and": grundy.Text(" and ", ", "),
    "proof.True": grundy.Text("Beyond the table, the engine then proved it for every position "
                              "({method}, {s} s, when this page was built): {statement}",
                              "エンジンはさらに、表を超えてすべての局面についてこれを証明しました "
                              "({method}、{s} 秒、このページのビルド時): {statement}"),
    "proof.False": grundy.Text("Beyond the table, the engine then refuted it: its first "
                               "counterexample is {pos}.",
                               "エンジンはさらに、表を超えた範囲でこれを反証しました。最初の反例は {pos} です。"),
    "proof.None": grundy.Text("The engine could not prove or refute it for every position when "
                              "this page was built ({reason}).",
                              "このページのビルド時には、これがすべての局面で成り立つかどうかを"
                              "エンジンは判定できませんでした ({reason})。"),
    "method.mona": grundy.Text("MONA", "MONA"),
    "method.automata": grundy.Text("the engine's automata", "エンジンのオートマトン"),
    "method.brute force": grundy.Text("brute force on the table", "表の全数探索"),
    "answer": grundy.Text("The engine's own search, when this page was built (open it once you have guessed)",
                          "このページのビルド時のエンジンの探索結果 (予想してから開いてください)"),
    "table.P": grundy.Text("The engine's table, every coordinate up to {max}: the P-positions "
                           "(P), in bold.",
                           "エンジンの表 (どの座標も {max} 以下)。P 局面 (P) は太字です。"),
    "table.grundy": grundy.Text("The engine's Grundy values, every coordinate up to {max}: the "
                                "P-positions (0) in bold.",
                                "エンジンが計算したグランディ数 (どの座標も {max} 以下)。P 局面 (0) は太字です。"),
    "static": grundy.Text("Searching again, and testing or proving your own guess, need "
                          "JavaScript; the engine's result at build time is shown instead.",
                          "もう一度探したり、自分の予想を確かめたり証明したりするには JavaScript が"
                          "必要です。ここではビルド時のエンジンの結果を表示しています。"),
}


def _t(key: str, lang: str, **fields) -> str:
    phrase = STRINGS[key].get(lang).format(**fields)
    return japanese_spacing(phrase) if lang == "ja" else phrase


def _with_code(text: str, formula: str) -> str:
    """`text` as HTML, the formula in it (as the prover writes it) set as code."""
    shown = escape(normalise(formula))
    return escape(text).replace(shown, f"<code>{shown}</code>")


def static_table(answer: dict, target: str, limit: int, lang: str) -> str:
    """The engine's `table` answer as the reader sees it first: two coordinates as a grid
    (P or N, or the Grundy values; the lessons' orientation), else a list of the
    P-positions (target P) or of every position with its Grundy value."""
    coords, k = answer["coords"], len(answer["coords"])
    value = {tuple(row[:k]): row[k] for row in answer["rows"]}

    def td(pos) -> str:
        if pos not in value:
            return '<td class="gt-void"></td>'
        g = value[pos]
        return cell("td", ("P" if g == 0 else "N") if target == "P" else g, "gt-p" if g == 0 else "")

    if k == 2:
        down, across = axes(coords)
        at = (lambda r, c: (r, c)) if coords[0] == down else (lambda r, c: (c, r))
        used = {name: sorted({pos[coords.index(name)] for pos in value}) for name in coords}
        body = grid(f"{down} \\ {across}", used[across], used[down], lambda r, c: td(at(r, c)))
    else:
        listed = sorted(pos for pos in value if target != "P" or value[pos] == 0)[:MAX_LIST_ROWS]
        head = "".join(cell("th", c, attrs=' scope="col"') for c in (*coords, "P/N" if target == "P" else "G"))
        rows = "\n".join("<tr>" + "".join(cell("td", c) for c in pos) + td(pos) + "</tr>" for pos in listed)
        body = f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table>"
    caption = escape(_t(f"table.{target}", lang, max=limit))
    return f'<p class="gw-table-caption">{caption}</p>\n<div class="gw-table-box">\n{body}\n</div>'


def fallback(d, guess, proof, game, lang: str) -> str:
    """The build-time result: the formula (or none), the theorem, its proof (the facade's
    `prove` answer, or None), the guess, the near misses."""
    what = _t(f"what.{d.target}", lang)
    label = escape(game_label(game, lang))
    if d.found:
        parts = [_t("found", lang, game=label, what=what, formula=escape(d.formula), n=d.checked,
                    max=d.max)]
        if d.theorem:
            parts.append(_t("theorem", lang, theorem=escape(d.theorem.get(lang))))
        if proof is not None:
            at = proof["counterexample"]
            parts.append(_t(f"proof.{proof['proved']}", lang, method=_t(f"method.{proof['method']}", lang),
                            s=f"{proof['seconds']:.2f}", statement=_with_code(proof["statement"] or "", d.formula),
                            pos=position_text(at) if at else "", reason=escape(proof["reason"] or "")))
    else:
        parts = [_t("none", lang, game=label, what=what, size=d.searched, n=d.checked, max=d.max)]
    html = []
    if guess is not None:
        result = _t("guess.holds", lang) if guess.holds else _t(
            "guess.fails", lang, pos=position_text(guess.first_counterexample), holds_to=guess.holds_to)
        html.append(f'<p class="gw-discover-guess">{_t("guess", lang, formula=escape(guess.formula), result=result)}</p>')
    # the engine's answer only for a reader who asks for it (closed, out of the accessibility tree)
    html.append(f'<details class="gw-engine-answer">\n<summary>{_t("answer", lang)}</summary>\n'
                f'<p class="gw-discover-result">{("" if lang == "ja" else " ").join(parts)}</p>')
    if d.near_misses:
        rows = "\n".join(f"<tr><td><code>{escape(m.formula)}</code></td><td>{m.holds_to}</td>"
                         f"<td>{position_text(m.first_counterexample)}</td></tr>" for m in d.near_misses)
        head = "".join(f'<th scope="col">{_t(k, lang)}</th>' for k in ("near.formula", "near.holds_to", "near.first"))
        html.append(f'<table class="gw-near">\n<caption>{_t("near.caption", lang)}</caption>\n'
                    f"<thead><tr>{head}</tr></thead>\n<tbody>\n{rows}\n</tbody>\n</table>")
    html.append("</details>")
    return "\n".join(html)


def discover(args: dict[str, str], ctx) -> str:
    """Arguments: game and its parameters, max, target=grundy|P, guess (a formula)."""
    a = Args("discover", args)
    game = a.game("chocolate")
    limit = a.integer("max", 8, 1, 40)
    target = a.choice("target", ("grundy", "P"), "grundy")
    guess_text = a.get("guess", "")
    a.done()
    try:
        d = cache.kept(ctx.cache_dir, "discover", lambda: search(game, limit, target), game.name, game.params, limit, target)
        guess = check(game, guess_text, limit, target) if guess_text else None
    except grundy.GameError as e:
        raise a.error(str(e)) from None
    if guess is not None and guess.holds:  # the widget shows the guess as "not the answer"
        raise a.error(f"guess={guess_text!r} holds on the table: the widget shows it as an example "
                      "of the syntax, not the answer; choose a guess that fails")
    # what the widget asks before the reader does: its table; and the proofs it would ask
    # for: the formula found, the guess (as the page asks)
    table = {"lang": ctx.lang, "op": "table", "game": game.name, "params": game.params, "max": limit,
             "compare": "xor"}
    proving = [{"lang": ctx.lang, "op": "prove", "game": game.name, "params": game.params,
                "target": target, "formula": formula} for formula in (d.formula, guess_text) if formula]
    asked = [table, *proving]
    answers, proofs = written.stored(ctx, "discover", asked, lambda: written.written(asked))
    proof = proofs["written"].get(written.canonical(proving[0])) if d.found else None
    table_answer = proofs["written"].get(written.canonical(table))
    shown = static_table(table_answer, target, limit, ctx.lang) if table_answer else ""
    data = {"game": game.name, "params": json.dumps(game.params, ensure_ascii=False),
            "max": limit, "target": target, "guess": guess_text, "lang": ctx.lang,
            "catalogue": catalogue(ctx), "answers": answers}  # the controls, built without the engine
    attrs = "".join(f" data-{k}='{escape(str(v))}'" for k, v in data.items())
    return (f'<div class="grundy-widget-box">\n<grundy-discover class="grundy-widget"{attrs}>\n'
            f"{shown}\n{fallback(d, guess, proof, game, ctx.lang)}\n"
            f'<p class="grundy-widget-static">{escape(_t("static", ctx.lang))}</p>\n'
            "</grundy-discover>\n</div>")


def _agrees(name: str, param: str, value: int, limit: int, cache_dir: Path) -> bool:
    """Whether the search on `name` with `param` = `value` (table up to `limit`) finds the
    site's theorem (False: no formula; ValueError: a formula that is not the theorem),
    kept in `cache_dir` per engine version."""
    path = cache_dir / "discovered" / f"{cache.key('discovered', name, param, value, limit)}.json"
    if not path.exists():
        d = search(grundy.game(name, **{param: value}), limit)
        if d.found and d.theorem is None:
            raise ValueError(f"for {param} = {value} the engine finds {d.formula}, not the site's theorem")
        cache.store(path, json.dumps(d.found))
    return json.loads(path.read_text(encoding="utf-8"))


def _listed(values, lang: str) -> str:
    """ "1, 2, 3 and 4" (Japanese: "1, 2, 3, 4")."""
    *head, last = map(str, values)
    return f"{', '.join(head)}{_t('and', lang)}{last}" if head else last


def discovered(args: dict[str, str], ctx) -> str:
    """Arguments: game, param (an integer parameter), from, to, max."""
    a = Args("discovered", args)
    name = a.get("game")
    param = a.get("param")
    first = a.integer("from", 1, 1, 20)
    last = a.integer("to", first + 4, first, 20)
    limit = a.integer("max", 10, 1, 40)
    a.done()
    try:
        found = {v: _agrees(name, param, v, limit, ctx.cache_dir) for v in range(first, last + 1)}
    except (grundy.GameError, ValueError) as e:
        raise a.error(str(e)) from None
    hits = [v for v, ok in found.items() if ok]
    misses = [v for v, ok in found.items() if not ok]
    if not hits:
        raise a.error(f"the engine finds the theorem for no {param} from {first} to {last}")
    lang = ctx.lang
    sentence = _t("discovered", lang, max=limit, found=f"{param} = {_listed(hits, lang)}")
    if misses:
        sentence += _t("discovered.none", lang, missed=f"{param} = {_listed(misses, lang)}")
    return f'<p class="gw-discovered">{sentence}{"。" if lang == "ja" else "."}</p>'
