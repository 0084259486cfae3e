"""Generator `exercise`: exercises that check the reader. Each becomes a <grundy-exercise>
element (docs/assets/exercises/grundy-exercise.js makes it interactive, checking every
attempt with the engine's answers written at build time: data-answers, written.py, so that
no engine loads) around its static version for readers without JavaScript: the question
and its answer, computed by the engine at build time, folded.

    exercise kind=find-move game=chocolate k=3 pos="5 2 2"   (also misere=true or pass=true)
    exercise kind=grundy-value game=ryuoh p=3 pos="5 7"
    exercise kind=pn-table game=chocolate k=3 max=6    (the triangular bar with x + z <= 6)
    exercise kind=pn-table game=wythoff max=6          (two coordinates: a square table)
    exercise kind=pn-table game=chocolate k=3 max=6 rules="x ^ y ^ z == 0 | x == z" check=30
    exercise kind=pn-table game=nim heaps=3 max=3 misere=true   (also pass=true, or heap=N)

rules= (pn-table): candidate rules for the P-positions, in the coordinates' names with
integers, + - * // % ^ & |, comparisons, and/or/not; the engine checks each at build
time on the positions up to check= (default 24) and the reader sees whether it holds or
the first position where it fails.

find-move: any winning move is accepted (or "no move wins" at a P-position); the answer
lists every winning move. pn-table: every position with coordinates <= max (for the
triangular chocolate, x + z <= max), one table per value of y when there are three;
misere=true in misère play, pass=true with the pass still available, heap=N next to a
Nim heap of N (the sum of games). Each answer cell carries its position (data-pos), and
the page checks the reader's cells against these build-time answers.
"""

from __future__ import annotations

import ast
import hashlib
import json
import operator
import re
from html import escape

import grundy
from grundy.passing import PassGame

from . import cache, written
from .args import Args, coord_name, game_label, position_text
from .exercises import Question
from .markup import axes, cell, grid
from .pictures import picture_html

KINDS = ("find-move", "grundy-value", "pn-table")
MAX_TABLE = 12  # pn-table: the largest max= (the reader fills every cell by hand)
MAX_CHECK = 60  # rules are checked on the positions up to this bound at most
_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
        ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.BitXor: operator.xor,
        ast.BitAnd: operator.and_, ast.BitOr: operator.or_, ast.Eq: operator.eq,
        ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
        ast.GtE: operator.ge}

STRINGS = {
    "find-move": ("{Game}{mode}: find a winning move from {pos}, or decide that there is none.",
                  "{game}{mode}: 局面 {pos} から勝つ手を見つけてください (なければ「勝つ手はない」)。"),
    "grundy-value": ("{Game}: what is the Grundy value of {pos}?",
                     "{game}: 局面 {pos} のグランディ数はいくつですか。"),
    "pn-table": ("Fill in the table: P or N for every position of {game}{mode} with {range}. Then "
                 "guess the rule, and check it.",
                 "表を埋めてください: {range} の{game}{mode}の各局面が P か N か。それから規則を予想し、"
                 "確かめましょう。"),
    "misere": (" (misère play)", " (ミゼール)"),
    "pass": (" (the pass is still available)", " (パスはまだ使える)"),
    "heap": (" next to a Nim heap of {n} (their sum)", "とニムの山 {n} 個の和"),
    "answer": ("Answer (computed by the engine)", "答え (エンジンで計算)"),
    "wins": ("{n} winning moves:", "勝つ手は {n} 通り:"),
    "win": ("1 winning move:", "勝つ手は 1 通り:"),
    "none": ("No move wins: {pos} is a P-position, every move leads to an N-position.",
             "勝つ手はありません。{pos} は P 局面で、どの手も N 局面へ行きます。"),
    "value": ("G{pos} = {g}.", "G{pos} = {g}。"),
    "slice": ("{name} = {y}", "{name} = {y}"),
    "range.sum": ("x + z ≤ {max}", "x + z ≤ {max}"),
    "range.box": ("{coords} ≤ {max}", "{coords} ≤ {max}"),
    "rules": ("Candidate rules for the P-positions, checked by the engine:",
              "P 局面の規則の候補 (エンジンで確認):"),
    "holds": ("holds for all {count} positions with {bound}",
              "{bound} の {count} 個の局面すべてで成り立つ"),
    "fails": ("fails at {pos} (the rule says {says}, the engine says {truth})",
              "{pos} で成り立たない (規則では {says}、エンジンでは {truth})"),
}


def _t(key: str, lang: str, **fields) -> str:
    return STRINGS[key][lang == "ja"].format(**fields)


def _cap(label: str) -> str:
    """A game's label at the start of a sentence."""
    return label[:1].upper() + label[1:]


def _shown(game, pos: tuple) -> tuple:
    """The position as the reader sees it (without the pass flag)."""
    return pos[:-1] if isinstance(game, PassGame) else pos


def _position(a: Args, game) -> tuple:
    """pos= validated; with a pass, the pass is still available (flag 1)."""
    if isinstance(game, PassGame):
        return (*a.position("pos", game.inner), 1)
    return a.position("pos", game)


def _picture(game, pos: tuple, lang: str) -> str:
    inner = game.inner if isinstance(game, PassGame) else game
    return picture_html(inner, _shown(game, pos), "", lang)


def _folded(body: str, lang: str) -> str:
    return (f'<details class="gx-answer">\n<summary>{escape(_t("answer", lang))}</summary>\n'
            f"{body}\n</details>")


def find_move(game, pos: tuple, misere: bool, lang: str) -> tuple[str, str]:
    """(question, folded answer): every winning move."""
    mode = (_t("misere", lang) if misere else "") + (_t("pass", lang) if isinstance(game, PassGame) else "")
    where = position_text(_shown(game, pos))
    label = game_label(game, lang)
    question = _t("find-move", lang, pos=where, game=label, Game=_cap(label), mode=mode)
    wins = [m for m in game.moves(pos) if game.outcome(m.to, misere) == "P"]
    if not wins:
        return question, f"<p>{escape(_t('none', lang, pos=where))}</p>"
    head = _t("win", lang) if len(wins) == 1 else _t("wins", lang, n=len(wins))
    items = "\n".join(f"<li>{escape(m.describe(lang))} → {escape(position_text(_shown(game, m.to)))}</li>"
                      for m in wins)
    return question, f"<p>{escape(head)}</p>\n<ul>\n{items}\n</ul>"


def grundy_value(game, pos: tuple, lang: str) -> tuple[str, str]:
    """(question, folded answer): the Grundy value."""
    where = position_text(_shown(game, pos))
    label = game_label(game, lang)
    return (_t("grundy-value", lang, pos=where, game=label, Game=_cap(label)),
            f"<p>{escape(_t('value', lang, pos=where, g=game.grundy(pos)))}</p>")


def rule_function(a: Args, rule: str, names: tuple):
    """A candidate rule ("x ^ y ^ z == 0") as a function of a position; only names,
    integers, arithmetic, bitwise operators, comparisons and and/or/not are allowed."""
    try:
        tree = ast.parse(rule.strip(), mode="eval").body
    except SyntaxError:
        raise a.error(f"rules: {rule.strip()!r} is not an expression") from None

    def value(node, env):
        if isinstance(node, ast.Constant) and type(node.value) is int:
            return node.value
        if isinstance(node, ast.Name) and node.id in env:
            return env[node.id]
        if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
            return _OPS[type(node.op)](value(node.left, env), value(node.right, env))
        if isinstance(node, ast.Compare) and all(type(o) in _OPS for o in node.ops):
            left, out = value(node.left, env), True
            for op, right in zip(node.ops, node.comparators):
                right = value(right, env)
                out, left = out and _OPS[type(op)](left, right), right
            return out
        if isinstance(node, ast.BoolOp):
            results = [bool(value(v, env)) for v in node.values]
            return all(results) if isinstance(node.op, ast.And) else any(results)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, (ast.Not, ast.USub)):
            inner = value(node.operand, env)
            return (not inner) if isinstance(node.op, ast.Not) else -inner
        raise a.error(f"rules: {rule.strip()!r} may use only {', '.join(names)}, integers, "
                      "+ - * // % ^ & |, comparisons and and/or/not")

    def holds(pos):
        try:
            return bool(value(tree, dict(zip(names, pos))))
        except ZeroDivisionError:
            return False
    holds(tuple(1 for _ in names))  # refuses a bad rule at once
    return holds


def check_rules(a: Args, game, raw: str, limit: int, lang: str, truth: dict) -> list[dict]:
    """Each rule of `rules="... | ..."` against the engine (`truth`: "P" or "N" of each
    position up to `limit`, pn_truth)."""
    positions = list(truth)
    bound = _span(game, limit, lang)
    out = []
    for rule in (r.strip() for r in raw.split("|")):
        if not rule:
            raise a.error("rules: an empty rule (separate rules with |)")
        says = rule_function(a, rule, game.coords)
        bad = next((p for p in positions if says(p) != (truth[p] == "P")), None)
        entry = {"rule": rule, "text": rule_text(rule, lang), "holds": bad is None,
                 "count": len(positions), "bound": bound}
        if bad is not None:
            entry.update(counterexample=list(bad), says="P" if says(bad) else "N", truth=truth[bad])
        out.append(entry)
    return out


RULE_WORDS = {"en": {" and ": " and ", " or ": " or "}, "ja": {" and ": " かつ ", " or ": " または "}}


def rule_text(rule: str, lang: str) -> str:
    """A rule in the site's notation: "x ^ y == 0" -> "x ⊕ y = 0", "x // 3" -> "⌊x/3⌋",
    "%" -> "mod", and/or in the page's language."""
    text = re.sub(r"(\w+) // (\w+)", "⌊\\1/\\2⌋", rule)
    for code, sign in (("==", "="), ("!=", "≠"), (">=", "≥"), ("<=", "≤"), ("^", "⊕"), ("%", "mod")):
        text = text.replace(code, sign)
    for code, word in RULE_WORDS[lang].items():
        text = text.replace(code, word)
    return text


def _rules_html(rules: list[dict], lang: str) -> str:
    items = []
    for r in rules:
        verdict = (_t("holds", lang, count=r["count"], bound=r["bound"]) if r["holds"] else
                   _t("fails", lang, pos=position_text(r["counterexample"]), says=r["says"],
                      truth=r["truth"]))
        items.append(f"<li>{escape(r['text'])}: {escape(verdict)}</li>")
    return f"<p>{escape(_t('rules', lang))}</p>\n<ul>\n" + "\n".join(items) + "\n</ul>"


def _span(game, limit: int, lang: str) -> str:
    if game.name == "chocolate":
        return _t("range.sum", lang, max=limit)
    names = "、".join if lang == "ja" else ", ".join
    return _t("range.box", lang, coords=names(coord_name(game, c, lang) for c in game.coords), max=limit)


def table_positions(game, limit: int) -> list[tuple]:
    """The positions of a pn-table: coordinates <= limit, and x + z <= limit for the
    triangular chocolate."""
    t = game.table(limit)
    return [p for p in t if game.name != "chocolate" or p[0] + p[2] <= limit]


def _tables(game, positions: list[tuple], fill, lang: str) -> str:
    """The P/N tables over the first and the last coordinate (down and across as `axes`
    says, like the lessons' other tables), one table per value of the second if there are
    three."""
    coords = game.coords

    def one(subset):
        down, across = (coords.index(c) for c in axes((coords[0], coords[-1])))
        rows = sorted({p[down] for p in subset})
        cols = sorted({p[across] for p in subset})
        by = {(p[down], p[across]): p for p in subset}
        corner = f"{coord_name(game, coords[down], lang)} \\ {coord_name(game, coords[across], lang)}"
        return grid(corner, cols, rows, lambda r, c: fill(by.get((r, c))))
    if len(coords) == 2:
        return one(positions)
    parts = []
    for y in sorted({p[1] for p in positions}):
        subset = [p for p in positions if p[1] == y]
        parts.append(f'<div class="gx-slice-box">\n<p class="gx-slice">'
                     f'{escape(_t("slice", lang, name=coord_name(game, coords[1], lang), y=y))}</p>\n{one(subset)}\n</div>')
    return '<div class="gx-slices">\n' + "\n".join(parts) + "\n</div>"


def pn_judge(game, misere: bool, heap: int | None):
    """(the game the table is about, judge(pos) -> "P" or "N"): `game` in misère play, or
    with the pass still available (a PassGame), or next to a Nim heap of `heap`."""
    inner = game.inner if isinstance(game, PassGame) else game
    q = Question(inner, len(inner.coords), heap, isinstance(game, PassGame))
    return inner, lambda p: q.played.outcome(q.full(p), misere)


def pn_truth(game, misere: bool, heap: int | None, limit: int, cache_dir) -> tuple:
    """(the game the table is about (pn_judge), "P" or "N" of each of its positions up to
    `limit`), kept in `cache_dir`."""
    inner, judge = pn_judge(game, misere, heap)
    return inner, cache.kept(cache_dir, "pn-truth", lambda: {p: judge(p) for p in table_positions(inner, limit)},
                             type(game).__name__, game.name, game.params, misere, heap, limit)


def pn_table(game, limit: int, lang: str, truth: dict, mode: str = "") -> tuple[str, str, str]:
    """(question, the blank table(s), folded answer: the filled table(s), each cell with
    its position in data-pos; `truth`: pn_truth's)."""
    positions = list(truth)
    span = _span(game, limit, lang)

    def blank(p):
        if p is None:
            return '<td class="gx-void"></td>'
        return f'<td class="gx-cell" data-pos="{",".join(map(str, p))}"></td>'

    def filled(p):
        if p is None:
            return '<td class="gx-void"></td>'
        return cell("td", truth[p], f"gx-{truth[p]}", f' data-pos="{",".join(map(str, p))}"')
    question = _t("pn-table", lang, game=game_label(game, lang), range=span, mode=mode)
    return (question, _tables(game, positions, blank, lang),
            _tables(game, positions, filled, lang))


def exercise(args: dict[str, str], ctx) -> str:
    """The <grundy-exercise> element with its static version inside (see the module docstring)."""
    a = Args("exercise", args)
    kind = a.choice("kind", KINDS)
    game = a.game()
    lang = ctx.lang
    data = {"kind": kind, "game": game.name, "params": json.dumps(game.params, ensure_ascii=False)}
    misere = a.choice("misere", ("false", "true"), "false") == "true"
    if isinstance(game, PassGame):
        data["pass"] = "true"
    if misere:
        data["misere"] = "true"
    board = ""
    if kind == "pn-table":
        heap = a.integer("heap", lo=0, hi=64) if a.has("heap") else None
        if misere and (heap is not None or isinstance(game, PassGame)):
            raise a.error("kind=pn-table takes misere= alone, without pass= or heap=")
        if heap is not None:
            data["heap"] = str(heap)
        limit = a.integer("max", 6, hi=MAX_TABLE)
        data["max"] = str(limit)
        inner, truth = pn_truth(game, misere, heap, limit, ctx.cache_dir)
        mode = ((_t("misere", lang) if misere else "") + (_t("pass", lang) if inner is not game else "")
                + ("" if heap is None else _t("heap", lang, n=heap)))
        question, board, answer = pn_table(inner, limit, lang, truth, mode)
        if a.has("rules"):
            check = a.integer("check", 24, lo=limit, hi=MAX_CHECK)
            rules = check_rules(a, inner, a.get("rules"), check, lang, pn_truth(game, misere, heap, check, ctx.cache_dir)[1])
            data["rules"] = json.dumps(rules, ensure_ascii=False)
            answer += "\n" + _rules_html(rules, lang)
    else:
        pos = _position(a, game)
        data["pos"] = " ".join(map(str, _shown(game, pos)))
        board = _picture(game, pos, lang)
        if kind == "find-move":
            question, answer = find_move(game, pos, misere, lang)
        elif misere:
            raise a.error("kind=grundy-value takes no misere= (misère play has no Grundy values here)")
        else:
            question, answer = grundy_value(game, pos, lang)
    a.done()
    lesson = ctx.page_src.removesuffix(".md").removesuffix(".ja")
    key = json.dumps(data, sort_keys=True)
    data.update(lesson=lesson, id=hashlib.sha1(key.encode()).hexdigest()[:10], lang=lang)
    data["lesson-title"] = ctx.title  # the progress panel's name for the lesson
    if kind != "pn-table":  # checked from the engine's build-time answers (a P/N table: its cells)
        base = {"lang": lang, "game": data["game"], "params": game.params, "misere": misere}
        shown, pass_ = [int(c) for c in data["pos"].split()], "pass" in data
        data["answers"] = written.asset(ctx, "exercise", [base, shown, pass_],
                                        lambda: written.exercise(base, shown, pass_))
    attrs = "".join(f' data-{k}="{escape(v)}"' for k, v in data.items())
    # inside a <div>: Markdown would put a lone custom element in a paragraph
    return (f'<div class="grundy-exercise-box">\n<grundy-exercise class="grundy-exercise"{attrs}>\n'
            f'<div class="gx-static">\n<p class="gx-question">{escape(question)}</p>\n{board}\n'
            f"{_folded(answer, lang)}\n</div>\n</grundy-exercise>\n</div>")
