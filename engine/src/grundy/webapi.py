"""JSON-in/JSON-out facade over the engine, used by the browser's Pyodide worker.

`handle(request) -> dict` never raises, whatever it is given (wrong types, deep nesting,
memory errors, unknown operations): bad input gives `{"error": "one line"}` in the
request's language.  Every request is answered under the browser's work budget
(grundy.budget.BROWSER: about 2 s, well under 500 MB), with its own caps on what it returns.
`handle_json(text) -> text` is the same through JSON strings (what the worker calls).
"""

import functools
import json
import random

import grundy
from grundy import levels, svg
from grundy.budget import BROWSER, DISCOVERY, VIEWER, using
from grundy.core import Theorem, always, coords_nim_sum
from grundy.errors import GameError, RequestError, shown
from grundy.numbers import flag, parse_int, whole
from grundy.passing import PassGame, with_pass
from grundy.registry import find_game, games
from grundy.sums import SumGame, sum_of
from grundy.table import reporting
from grundy.text import Text

# Work caps (positions in the table the engine builds) so the worker answers quickly.
PLAY_TABLE_CAP = 120_000
PLAY_COORD_CAP = 100
TABLE_CAP = 60_000  # the explorer: about 2 s in Pyodide for every game (docs/benchmarks.md)
# The P-position viewer: x, z <= 128 for every k >= 2 (docs/benchmarks.md),
# within its own budget (grundy.budget.VIEWER).
PPOSITIONS_TABLE_CAP = 1_100_000
NIMSUM_HEAPS_CAP = 12
NIMSUM_VALUE_CAP = 2**31

MESSAGES = {
    "bad_request": Text("The request must be a JSON object with an \"op\".",
                         "リクエストは \"op\" を含む JSON オブジェクトでなければなりません。"),
    "unknown_op": Text("Unknown operation: {op}.", "不明な操作です: {op}。"),
    "missing": Text("Missing field: {field}.", "項目がありません: {field}。"),
    "bad_pos": Text("A position is a list of whole numbers separated by spaces, e.g. 10 5 5.",
                     "局面は空白で区切った 0 以上の整数で入力してください(例: 10 5 5)。"),
    "bad_number": Text("{field} must be a whole number.",
                        "{field} は 0 以上の整数で入力してください。"),
    "too_big": Text("Too large for the browser: at most {cap:,} positions (here {size:,}).",
                     "ブラウザで扱うには大きすぎます: 局面は {cap:,} 個まで(この指定では {size:,} 個)。"),
    "coord_too_big": Text("In the browser every coordinate must be at most {cap}.",
                           "ブラウザでは各座標を {cap} 以下にしてください。"),
    "no_start": Text("No legal starting position found with coordinates up to {max}.",
                      "座標 {max} 以下で正しい開始局面が見つかりません。"),
    "too_many_heaps": Text("At most {cap} heaps.", "山は {cap} 個までです。"),
    "too_many_coords": Text("At most {cap:,} coordinates in the browser.",
                            "ブラウザでは座標は {cap:,} 個までです。"),
    "heap_too_big": Text("Each heap must be between 0 and {cap:,}.",
                          "山の大きさは 0 以上 {cap:,} 未満にしてください。"),
    "bad_params": Text("Bad parameters for this game: {names}.",
                        "このゲームのパラメータが正しくありません: {names}。"),
    "cannot": Text("{detail}", "この指定では計算できません。"),
    "memory": Text("Out of memory: use smaller coordinates or parameters.",
                   "メモリが足りません。座標やパラメータを小さくしてください。"),
    "nested": Text("The request is nested too deeply.", "リクエストの入れ子が深すぎます。"),
    "bad_target": Text("The target is grundy or P.", "対象は grundy か P です。"),
    "bad_formula": Text("The formula must be text, e.g. x ^ y ^ z == 0.",
                        "式は文字で入力してください (例: x ^ y ^ z == 0)。"),
    "bad_method": Text("The method is auto, mona or automata.", "方法は auto、mona、automata のどれかです。"),
    "not_for_game": Text("The level {level} does not play this game.",
                         "レベル {level} はこのゲームを指しません。"),
}
# What the remoteness r of the position says to the player to move (grundy.remoteness).
REMOTENESS = {
    "win": Text("You can win in at most {n} moves (both players' moves counted).",
                "最善を尽くせば {n} 手以内 (双方の手を数えて) で勝てます。"),
    "lose": Text("You lose in {n} moves against perfect play (both players' moves counted).",
                 "相手が最善を尽くすと {n} 手 (双方の手を数えて) で負けます。"),
    "won": Text("No move is left: you have won.", "もう手がありません。あなたの勝ちです。"),
    "lost": Text("No move is left: you have lost.", "もう手がありません。あなたの負けです。"),
}


def _message(key, lang, **fields):
    return MESSAGES[key].format(**fields).get(lang)


def _lang(request):
    return "ja" if isinstance(request, dict) and request.get("lang") == "ja" else "en"


def _flag(request, field):
    """A boolean field (JSON true/false; missing or null is false)."""
    return flag(request.get(field), field)


def _need(request, field):
    if field not in request:
        raise RequestError(_message("missing", _lang(request), field=field))
    return request[field]


def _whole(request, field, default=None):
    """A whole number >= 0 (a JSON integer, or ASCII digits in a string)."""
    return whole(request.get(field, default), field)


def parse_pos(value, lang="en"):
    """A position from a list of ints or a text like "10 5 5", "{10, 5, 5}" or "10,5,5"
    (ASCII digits only), with at most the browser's number of coordinates."""
    if isinstance(value, str):
        parts = value.replace("{", " ").replace("}", " ").replace("(", " ").replace(")", " ")
        parts = parts.replace(",", " ").replace("、", " ").split()
        if not parts or not all(p.isascii() and p.isdigit() for p in parts):
            raise RequestError(_message("bad_pos", lang))
        value = [parse_int(p, "a coordinate", "座標") for p in parts[:BROWSER.coords + 1]]
    if not isinstance(value, (list, tuple)) or not value or not all(
            isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in value):
        raise RequestError(_message("bad_pos", lang))
    if len(value) > BROWSER.coords:
        raise RequestError(_message("too_many_coords", lang, cap=BROWSER.coords))
    return tuple(value)


def _game(request):
    """The request's game: a registered one, or "sum" (params {"components": [...]});
    played with a pass when the request has "pass" (true: the pass is still available)."""
    params = request.get("params") or {}
    if not isinstance(params, dict):
        raise RequestError(_message("bad_request", _lang(request)))
    name = _need(request, "game")
    if name != "sum":
        find_game(name)  # an unknown name, or not a string: its own message
    try:
        g = _cached_game(name, json.dumps(params, sort_keys=True))
    except TypeError:  # a parameter of an unusable type
        if not isinstance(name, str):
            raise
        raise RequestError(_message("bad_params", _lang(request), names=", ".join(params))) from None
    return with_pass(g) if "pass" in request and request["pass"] is not None else g


@functools.lru_cache(maxsize=16)
def _cached_game(name, params_json):
    """One game object per (name, params), so its tables are reused across requests."""
    params = json.loads(params_json)
    if name == "sum":
        return sum_of(params.get("components"))
    return grundy.game(name, **params)


def _full(g, pos, request):
    """The engine's position: with a pass, the request's position plus the pass flag."""
    return (*pos, 1 if _flag(request, "pass") else 0) if isinstance(g, PassGame) else pos


def _shown(g, pos):
    """The position as the request gives it (without the pass flag)."""
    return list(pos[:-1] if isinstance(g, PassGame) else pos)


def _check_size(g, limit, cap, lang, ncoords=None):
    """Refuse work over `cap` positions (the engine's table size, else the box)."""
    try:
        size = g.table_size(limit)
    except ValueError:
        size = (limit + 1) ** (ncoords or len(g.coords))
    if size > cap:
        raise RequestError(_message("too_big", lang, cap=cap, size=size))


def _pos_text(pos):
    return ",".join(str(c) for c in pos)


def theorem_text(formula, lang="en"):
    """The name of the formula's theorem in the page language."""
    return formula.theorem.get(lang)


def _formula(g, pos, lang="en"):
    f = g.formula(pos)
    if f is None:
        return None
    return {"value": f.value, "theorem": theorem_text(f, lang), "kind": f.kind,
            "expression": f.expression}


def _disagrees(kind, formula, value):
    """Whether a formula's value contradicts the computed Grundy value (kind "grundy"), or
    just its P/N (kind "outcome")."""
    if kind == "grundy":
        return formula != value
    return (formula == 0) != (value == 0)


def _play_pos(request):
    """The game and the validated position of a play request (size-capped)."""
    lang = _lang(request)
    g = _game(request)
    pos = g.validate(_full(g, parse_pos(_need(request, "pos"), lang), request))
    if max(pos, default=0) > PLAY_COORD_CAP:
        raise RequestError(_message("coord_too_big", lang, cap=PLAY_COORD_CAP))
    misere = _flag(request, "misere")
    if isinstance(g, SumGame) and not misere:  # values add up by nim-sums
        for c, part in zip(g.games, g.split(pos)):
            _check_play_size(c, part, lang, misere=False)
    else:
        _check_play_size(g, pos, lang, misere)
    return g, pos


def _check_play_size(g, pos, lang, misere):
    """Refuse a position whose values need a table over PLAY_TABLE_CAP positions (the
    table of the game with as many coordinates as `pos`)."""
    if (misere and g.misere_formula(pos) is None) or _grundy_formula(g, pos) is None:
        _check_size(g.fixed_for(pos), max(pos, default=0), PLAY_TABLE_CAP, lang, len(pos))


def _grundy_formula(g, pos):
    """The proved closed form of the Grundy value at pos, if the game has one."""
    f = g.formula(pos)
    return f if f is not None and f.kind == "grundy" else None


def _values(g, pos, misere):
    """(Grundy value, outcome) of pos: by a proved Grundy formula when the game has one
    (instant at any size), else from the engine's tables."""
    f = _grundy_formula(g, pos)
    value = g.grundy(pos) if f is None else f.value
    if misere:
        return value, g.outcome(pos, misere=True)
    return value, "P" if value == 0 else "N"


def _options(g, pos, misere, lang, exact=False):
    """Every move from pos with its text, Grundy value, outcome and remoteness (null
    unless `exact`: the remoteness of pos is known, so are its options'); with a pass:
    also its kind, "move" or "pass", and whether the pass is still available after it."""
    options = []
    for move in g.moves(pos):
        value, outcome = _values(g, move.to, misere)
        option = {"to": _shown(g, move.to), "text": move.describe(lang=lang),
                  "grundy": value, "outcome": outcome,
                  "remoteness": g.remoteness(move.to, misere) if exact else None}
        if isinstance(g, PassGame):
            option.update(kind=move.kind, **{"pass": bool(move.to[-1])})
        options.append(option)
    return options


def _components(g, pos, lang):
    """The components of a sum: their game, parameters, position, Grundy value and title."""
    return [{"game": c.name, "params": c.params, "pos": list(part),
             "grundy": _values(c, part, False)[0], "title": svg.title(c, part, lang)}
            for c, part in zip(g.games, g.split(pos))]


def op_state(request):
    """Everything a play widget shows for one position."""
    g, pos = _play_pos(request)
    lang, misere = _lang(request), _flag(request, "misere")
    far = levels.known_remoteness(g, pos, misere)
    moves = _options(g, pos, misere, lang, exact=far is not None)
    value, outcome = _values(g, pos, misere)
    winning = next((m["to"] for m in moves if m["outcome"] == "P"), None)
    hints = None
    if _flag(request, "hints"):
        hints = {_pos_text(m["to"]): m["outcome"] for m in moves if m.get("kind") != "pass"}
    state = {"pos": _shown(g, pos), "coords": _shown(g, g.coords_for(pos)), "grundy": value,
             "outcome": outcome, "formula": _formula(g, pos, lang), "moves": moves,
             "winning": winning, "over": not moves, "remoteness": far,
             "remoteness_text": _remoteness_text(far, outcome, lang),
             "svg": _svg(g, pos, lang, hints, _flag(request, "stacked"))}
    if isinstance(g, PassGame):
        state["pass"] = bool(pos[-1])
    inner = g.inner if isinstance(g, PassGame) else g
    if isinstance(inner, SumGame):
        state["components"] = _components(inner, _shown(g, pos), lang)
    return state


def _svg(g, pos, lang, hints, stacked=False):
    """The interactive picture; with a pass, drawn from the game without it, so that
    data-to is the position in the request's form (the pass is a button of the widget).
    stacked: a sum's components in a column (the widget asks for it on a narrow screen)."""
    if isinstance(g, PassGame):
        g, pos = g.inner, pos[:-1]
    return svg.draw(g, pos, lang=lang, interactive=True, hints=hints, stacked=stacked)


def _remoteness_text(far, outcome, lang):
    """The remoteness in words for the player to move (None when it is not known)."""
    if far is None:
        return None
    key = ("win" if outcome == "N" else "lose") if far else ("won" if outcome == "N" else "lost")
    return REMOTENESS[key].format(n=far).get(lang)


def _player(request, g=None, pos=None):
    """The request's `level` (default "perfect"; grundy.levels.player), refused for a game
    it does not play."""
    level = request.get("level")
    player = levels.player(levels.DEFAULT if level is None else level)
    if g is not None and not player.plays(g, pos):
        raise RequestError(_message("not_for_game", _lang(request), level=player.name))
    return player


def op_reply(request):
    """The computer's move at `level` ("perfect", the default: wins fastest, resists
    longest; a depth d >= 1; a bot's name, see op_levels), chosen with `seed` (a whole
    number, default 0: the same seed gives the same move): {move: {to, text[, kind,
    pass]} | null, level}."""
    g, pos = _play_pos(request)
    player = _player(request, g, pos)
    seed = _whole(request, "seed", 0)
    chosen = player.move(g, pos, _flag(request, "misere"), seed)
    if chosen is None:
        return {"move": None, "level": player.name}
    move = g.move_to(pos, chosen.to)
    out = {"to": _shown(g, move.to), "text": move.describe(_lang(request))}
    if isinstance(g, PassGame):
        out.update(kind=move.kind, **{"pass": bool(move.to[-1])})
    return {"move": out, "level": player.name}


def op_levels(request):
    """The computer players to offer (grundy.levels.catalogue): {levels: [{name, kind:
    "level"|"bot", depth, games, title: {en, ja}, description: {en, ja}, calibration:
    {against, wins, games, win_rate} | null}], default: "perfect"}; with `game` (and
    `params`, `pass`, `pos`), only the players of that game."""
    g = pos = None
    if request.get("game") is not None:
        g = _game(request)
        if request.get("pos") is not None:
            pos = g.validate(_full(g, parse_pos(request["pos"], _lang(request)), request))
    return {"levels": levels.catalogue(g, pos), "default": levels.DEFAULT}


def op_random_start(request):
    """A random legal position with every coordinate <= max that still has a move."""
    lang = _lang(request)
    g = _game({key: value for key, value in request.items() if key != "pass"})
    top = _whole(request, "max", 20)
    rng = random.Random(request.get("seed"))
    dims = len(g.coords)
    size = len(parse_pos(request["pos"], lang)) if request.get("pos") else dims
    for _ in range(2000):
        pos = tuple(rng.randint(0, top) for _ in range(size))
        try:
            pos = g.validate(pos)
        except ValueError:
            continue
        if g.moves(pos):
            return {"pos": list(pos)}
    raise RequestError(_message("no_start", lang, max=top))


# The table's summary in plain words: what the theorem claims, whether its condition holds.
SUMMARY = {
    "always": Text("By {theorem}, “{claim}” holds at every position",
                   "{theorem} により、すべての局面で「{claim}」が成り立ちます"),
    "holds": Text("{subject} satisfies the condition of {theorem}{note}, so “{claim}” holds at "
                  "every position shown",
                  "{subject} は {theorem} の条件を満たします{note}。よって表示したすべての局面で"
                  "「{claim}」が成り立ちます"),
    "holds_plain": Text("The condition of {theorem} holds{note}, so “{claim}” holds at every "
                        "position shown",
                        "{theorem} の条件が成り立ちます{note}。よって表示したすべての局面で"
                        "「{claim}」が成り立ちます"),
    "fails": Text("{subject} does not satisfy the condition of {theorem}{note}",
                  "{subject} は {theorem} の条件を満たしません{note}"),
    "pass": Text("With the pass still available, {theorem} does not apply (it is about the game "
                 "without a pass): the values here are computed",
                 "パスがまだ使える局面には {theorem} は当てはまりません ({theorem} はパスのない"
                 "ゲームについての定理です)。ここでの値は計算したものです"),
    "none": Text("No theorem gives a formula for this game: the values are computed",
                 "このゲームの値を与える定理はありません: 値は計算したものです"),
    "grundy": Text("the cells where G ≠ {expression} are marked: {m:,} of {n:,}",
                   "G ≠ {expression} となるマスに印をつけました: {n:,} 個中 {m:,} 個"),
    "outcome": Text("the cells where “{claim}” fails are marked: {m:,} of {n:,}",
                    "「{claim}」が成り立たないマスに印をつけました: {n:,} 個中 {m:,} 個"),
    "unproved": Text("no cell is marked: “{claim}” agrees with all {n:,} positions shown, but "
                     "this is computed here, not proved",
                     "印のついたマスはありません: 表示した {n:,} 局面すべてで「{claim}」が成り立ちますが、"
                     "これはここで計算した結果で、証明されたことではありません"),
}
XOR_THEOREM = Theorem(Text("", ""), "{xor}", "outcome", Text("", ""), always, coords_nim_sum)
PASS_USED = Text("the pass has been used", "パスを使い終えている")


def _sentence(head, tail, lang):
    """One summary from its parts: 'Head; tail.' ('head。tail。' in Japanese); the head's
    templates start with a capital, or with the subject as written (f(t) = ⌊t/3⌋)."""
    if lang == "ja":
        return "".join(part + "。" for part in (head, tail) if part)
    if not head:
        return tail[:1].upper() + tail[1:] + "."
    return f"{head}; {tail}." if tail else f"{head}."


def _theorem_for(g, top):
    """The theorem a table up to `top` is compared with and its verdict: the first whose
    condition holds, else the first (its values are still shown, and the cells it gets wrong
    marked). (None, None) for a game without a theorem."""
    judged = [(theorem, theorem.judge(g, top)) for theorem in type(g).theorems]
    return next((pair for pair in judged if pair[1].holds), judged[0] if judged else (None, None))


def _compared_at(theorem, verdict, g, cells):
    """Where a table compares with `theorem`: everywhere when its condition holds for the
    whole table, or is one on the parameters that fails here (a `verdict` over the table,
    or a condition that holds at none of its positions: its values then show where the
    formula breaks); else (a condition on the shape of the position, as Chomp's) only at
    the positions where it holds, so that `value` is never asked where it means nothing."""
    if theorem is None:
        return lambda pos: False
    if theorem is XOR_THEOREM or verdict.holds or theorem.verdict is not None:
        return lambda pos: True
    where = {pos for pos in cells if theorem.holds(g, pos)}
    return (lambda pos: pos in where) if where else (lambda pos: True)


def _summary_head(theorem, verdict, g, pos, lang, pass_left):
    """The first part of the summary: the theorem and its condition, in plain words."""
    if theorem is None:
        return SUMMARY["none"].get(lang)
    name, claim = theorem.named(g, pos)[0].get(lang), theorem.says(g, pos).get(lang)
    if pass_left:
        return SUMMARY["pass"].format(theorem=name).get(lang)
    if theorem.unconditional:
        return SUMMARY["always"].format(theorem=name, claim=claim).get(lang)
    note = f" ({verdict.note.get(lang)})" if verdict.note else ""
    key = "holds" if verdict.holds else "fails"
    if verdict.holds and not verdict.subject.en:
        key = "holds_plain"
    return SUMMARY[key].format(subject=verdict.subject.get(lang), theorem=name, note=note,
                               claim=claim).get(lang)


def _condition(theorem, verdict, g, lang, pass_left):
    """The condition of the theorem compared with, and whether it holds here."""
    if theorem is None or theorem.unconditional and not pass_left:
        return None
    holds = verdict.holds and not pass_left
    text = theorem.condition if not pass_left else PASS_USED
    note = verdict.note if not pass_left else None
    return {"text": text.get(lang), "holds": holds, "note": note and note.get(lang),
            "first_failure": None if pass_left else verdict.first_failure}


def op_table(request):
    """The Grundy table up to max, with P-positions and the cells where a formula
    disagrees: the game's theorem (compare="formula", default: the first whose condition
    holds, else the first, compared where `_compared_at` says) or the nim-sum of the
    coordinates as a P-position test (compare="xor"). Also the theorem's condition, whether it holds for
    these parameters (with the first failing t, or why not), and a summary in plain words.
    With "flat": true the positions come as one string `cells` of whole numbers separated
    by spaces instead of `rows`, `p_positions` and `mismatches` (the explorer's form): per
    position its coordinates, G, the formula's value (-1: none) and 1 if marked, else 0."""
    lang = _lang(request)
    g = _game(request).for_table()
    top = _whole(request, "max", 10)
    _check_size(g, top, TABLE_CAP, lang)
    inner = g.inner if isinstance(g, PassGame) else g
    pass_left = isinstance(g, PassGame) and _flag(request, "pass")
    if request.get("compare") == "xor":
        theorem, verdict = XOR_THEOREM, None
    else:
        theorem, verdict = _theorem_for(inner, top)
    table = g.table(top)
    # with a pass: the rows where the pass is (or is not) still available
    shown = [(tuple(_shown(g, pos)), value) for pos, value in table.items()
             if not isinstance(g, PassGame) or pos[-1] == pass_left]
    compared = _compared_at(theorem, verdict, inner, [cells for cells, _ in shown])
    rows, p_positions, mismatches, marks, n_compared = [], [], [], [], 0
    for at, value in shown:
        cells = list(at)
        f = theorem.value(inner, at) if compared(at) else None
        n_compared += compared(at)
        rows.append([*cells, value, f])
        marked = f is not None and _disagrees(theorem.kind, f, value)
        marks.append(int(marked))
        if value == 0:
            p_positions.append(cells)
        if marked:
            mismatches.append(cells)
    origin = tuple(rows[0][:len(inner.coords)]) if rows else (0,) * len(inner.coords)
    out = {"coords": _shown(g, g.coords), "marked": len(mismatches), "total": len(rows),
           "p_count": len(p_positions), "kind": None if theorem is None else theorem.kind,
           "theorem": None, "condition": None, "claim": None, "expression": None}
    if _flag(request, "flat"):  # one string, copied at once to the page (a long list is not):
        out["cells"] = " ".join(  # per position its coordinates, G, formula (-1: none), mark
            " ".join(str(-1 if c is None else c) for c in (*row, mark)) for row, mark in zip(rows, marks))
    else:
        out.update(rows=rows, p_positions=p_positions, mismatches=mismatches)
    if theorem is not None:
        name, expression = theorem.named(inner, origin)
        out.update(theorem=name.get(lang) or None, expression=expression,
                   claim=theorem.says(inner, origin).get(lang))
    if theorem is not XOR_THEOREM:
        out["condition"] = _condition(theorem, verdict, inner, lang, pass_left)
    head = "" if theorem is XOR_THEOREM else _summary_head(theorem, verdict, inner, origin, lang,
                                                          pass_left)
    partly = n_compared < len(rows)  # only where its condition holds: proved there
    unproved = verdict is not None and not (verdict.holds and not pass_left) and bool(rows) \
        and not mismatches and not partly
    tail = "" if theorem is None else SUMMARY["unproved" if unproved else theorem.kind].format(
        expression=out["expression"], claim=out["claim"], m=len(mismatches), n=n_compared).get(lang)
    out["summary"] = _sentence(head, tail, lang)
    return out


def op_nimsum(request):
    """Nim-sum of heaps with the binary columns."""
    lang = _lang(request)
    heaps = _need(request, "heaps")
    heaps = list(parse_pos(heaps, lang)) if heaps not in ("", []) else []
    if len(heaps) > NIMSUM_HEAPS_CAP:
        raise RequestError(_message("too_many_heaps", lang, cap=NIMSUM_HEAPS_CAP))
    if any(h >= NIMSUM_VALUE_CAP for h in heaps):
        raise RequestError(_message("heap_too_big", lang, cap=NIMSUM_VALUE_CAP))
    total = 0
    for h in heaps:
        total ^= h
    width = max([1, *(h.bit_length() for h in heaps)])
    return {"heaps": heaps, "binary": [format(h, f"0{width}b") for h in heaps],
            "total": total, "total_binary": format(total, f"0{width}b")}


def op_ppositions(request):
    """P-positions of the triangular chocolate y <= (x+z)//k with coordinates <= max."""
    lang = _lang(request)
    k = _whole(request, "k", 3)
    top = _whole(request, "max", 32)
    g = grundy.game("chocolate", k=k)
    _check_size(g, top, PPOSITIONS_TABLE_CAP, lang)
    with using(VIEWER):
        table = g.table(top)
    return {"points": [list(pos) for pos in table.p_positions()]}


def op_games(request):
    """The catalogue of games, from the engine's registry (what the widgets offer)."""
    out = []
    for cls in games():
        g = grundy.game(cls.name)
        out.append({"name": cls.name, "title": cls.title.as_dict(),
                    "params": [p.as_dict() for p in cls.params], "coords": list(g.coords),
                    "variable_coords": bool(g.variable_coords), "start": list(cls.default_start),
                    "table": _has_table(g)})
    return {"games": out}


def _has_table(g):
    """Whether the game has a table (every game does; with a number of coordinates to fix,
    the table uses the default one)."""
    try:
        g.for_table().index(0)
    except GameError:
        return False
    return True


def op_explain(request):
    """Why a move wins (or why none does), step by step from the papers' proofs: {kind,
    steps: [{text, ...data}], move: {to, text, kind[, pass]} | null} (grundy.explain)."""
    from grundy.explain import explain

    g, pos = _play_pos(request)
    found = explain(g, pos, bool(request.get("misere")))
    out = found.as_dict(_lang(request), lambda p: _shown(g, p))
    if found.move is not None and isinstance(g, PassGame):
        out["move"]["pass"] = bool(found.move.to[-1])
    return out


def _discovery_args(request):
    """The game (with the pass when asked), bound, target and misère play of a formula
    request (the bound: the search's default when missing)."""
    g = _game({key: value for key, value in request.items() if key != "pass"})
    if _flag(request, "pass"):
        g = with_pass(g)
    top = request.get("max")
    target = request.get("target")
    if target is not None and target not in ("grundy", "P"):
        raise RequestError(_message("bad_target", _lang(request)))
    return g, None if top is None else _whole(request, "max"), target, _flag(request, "misere")


def op_discover(request):
    """The simplest formula of the grammar for G (target "grundy") or the P-positions
    (target "P") on the table up to max (grundy.discovery.discover), under the formula
    search's budget (progress reported): {game, params, target, found, formula, holds_to,
    checked, near_misses: [{formula, holds_to, first_counterexample}], theorem}."""
    from grundy.discovery import discover

    g, top, target, misere = _discovery_args(request)
    with using(DISCOVERY):
        return discover(g, top, target, misere=misere).as_dict(_lang(request))


def op_guess(request):
    """A reader's formula tested on the table up to max (grundy.discovery.check):
    {formula, holds, holds_to, checked, first_counterexample, value, expected}."""
    from grundy.discovery import check

    g, top, target, misere = _discovery_args(request)
    formula = _need(request, "formula")
    if not isinstance(formula, str):
        raise RequestError(_message("bad_formula", _lang(request)))
    with using(DISCOVERY):
        return check(g, formula, top, target, misere=misere).as_dict()


def op_prove(request):
    """A formula proved or refuted for every position (grundy.prove), under the formula
    search's budget: {game, params, target, formula, proved, counterexample, statement,
    method, seconds, reason, misere, pass, states} (statement and reason in `lang`)."""
    from grundy.prove.proof import prove

    g, _, target, misere = _discovery_args(request)
    formula, method = _need(request, "formula"), request.get("method") or "auto"
    if not isinstance(formula, str):
        raise RequestError(_message("bad_formula", _lang(request)))
    if not isinstance(method, str):
        raise RequestError(_message("bad_method", _lang(request)))
    with using(DISCOVERY):
        return prove(g, formula, target, misere=misere, method=method).as_dict(_lang(request))


OPS = {"games": op_games, "state": op_state, "reply": op_reply, "random_start": op_random_start,
       "table": op_table, "nimsum": op_nimsum, "ppositions": op_ppositions,
       "explain": op_explain, "levels": op_levels, "discover": op_discover, "guess": op_guess,
       "prove": op_prove}


def handle(request):
    """Answer one request dict; errors become {"error": "one-line message"}. Never raises."""
    lang = _lang(request)
    try:
        if not isinstance(request, dict) or "op" not in request:
            return {"error": _message("bad_request", lang)}
        op = OPS.get(request["op"]) if isinstance(request["op"], str) else None
        if op is None:
            return {"error": _message("unknown_op", lang, op=shown(request["op"]))}
        with using(BROWSER):
            return op(request)
    except GameError as exc:  # the engine's messages exist in both languages
        text = exc.message(lang)
    except MemoryError:
        text = _message("memory", lang)
    except RecursionError:
        text = _message("nested", lang)
    except Exception as exc:  # an engine bug: still one line
        text = _message("cannot", lang, detail=(str(exc) or type(exc).__name__)[:200])
    return {"error": " ".join(text.split())}


MAX_NESTING = 32  # JSON arrays and objects inside each other: requests need 4


def _nesting(text):
    """How deeply arrays and objects nest in the JSON `text` (brackets inside strings
    skipped). Checked before parsing: in Pyodide a deep parse overflows the WebAssembly
    stack, a fatal error that Python cannot catch."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def handle_json(text, progress=None):
    """handle() through JSON text, for the worker; the table kernels report their progress
    to progress(done, total) if given (grundy.table.reporting). Never raises."""
    try:
        if isinstance(text, str) and _nesting(text) > MAX_NESTING:
            return json.dumps({"error": _message("nested", "en")})
        request = json.loads(text)
    except (ValueError, TypeError, RecursionError, MemoryError):
        request = None
    with reporting(progress):
        return json.dumps(handle(request), ensure_ascii=False)
