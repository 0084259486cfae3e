"""JSON-in/JSON-out facade over the engine, used by the browser's Pyodide worker.

`handle(request) -> dict` never raises: bad input gives `{"error": "one line"}`.
`handle_json(text) -> text` is the same through JSON strings (what the worker calls).
"""

import functools
import json
import random
import re

import grundy
from grundy import svg
from grundy.core import Formula, GameError

# Work caps (positions in the table the engine builds) so the worker answers quickly.
PLAY_TABLE_CAP = 120_000
PLAY_COORD_CAP = 100
TABLE_CAP = 40_000
PPOSITIONS_TABLE_CAP = 70_000
NIMSUM_HEAPS_CAP = 12
NIMSUM_VALUE_CAP = 2**31

MESSAGES = {
    "bad_request": {"en": "The request must be a JSON object with an \"op\".",
                    "ja": "リクエストは \"op\" を含む JSON オブジェクトでなければなりません。"},
    "unknown_op": {"en": "Unknown operation: {op}.", "ja": "不明な操作です: {op}。"},
    "missing": {"en": "Missing field: {field}.", "ja": "項目がありません: {field}。"},
    "bad_pos": {"en": "A position is a list of whole numbers separated by spaces, e.g. 10 5 5.",
                "ja": "局面は空白で区切った 0 以上の整数で入力してください(例: 10 5 5)。"},
    "bad_number": {"en": "{field} must be a whole number.",
                   "ja": "{field} は 0 以上の整数で入力してください。"},
    "too_big": {"en": "Too large for the browser: at most {cap:,} positions (here {size:,}).",
                "ja": "ブラウザで扱うには大きすぎます: 局面は {cap:,} 個まで(この指定では {size:,} 個)。"},
    "coord_too_big": {"en": "In the browser every coordinate must be at most {cap}.",
                      "ja": "ブラウザでは各座標を {cap} 以下にしてください。"},
    "no_start": {"en": "No legal starting position found with coordinates up to {max}.",
                 "ja": "座標 {max} 以下で正しい開始局面が見つかりません。"},
    "too_many_heaps": {"en": "At most {cap} heaps.", "ja": "山は {cap} 個までです。"},
    "heap_too_big": {"en": "Each heap must be between 0 and {cap:,}.",
                     "ja": "山の大きさは 0 以上 {cap:,} 未満にしてください。"},
    "bad_params": {"en": "Bad parameters for this game: {names}.",
                   "ja": "このゲームのパラメータが正しくありません: {names}。"},
    "cannot": {"en": "{detail}", "ja": "この指定では計算できません。"},
}


class RequestError(GameError):
    """A bad request; the message is already in the request's language."""


def _message(key, lang, **fields):
    return MESSAGES[key]["ja" if lang == "ja" else "en"].format(**fields)


def _lang(request):
    return "ja" if request.get("lang") == "ja" else "en"


def _need(request, field):
    if field not in request:
        raise RequestError(_message("missing", _lang(request), field=field))
    return request[field]


def _whole(request, field, default=None):
    value = request.get(field, default)
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RequestError(_message("bad_number", _lang(request), field=field))
    return value


def parse_pos(value, lang="en"):
    """A position from a list of ints or a text like "10 5 5", "{10, 5, 5}" or "10,5,5"."""
    if isinstance(value, str):
        parts = value.replace("{", " ").replace("}", " ").replace("(", " ").replace(")", " ")
        parts = parts.replace(",", " ").replace("、", " ").split()
        if not parts or not all(p.isdigit() for p in parts):
            raise RequestError(_message("bad_pos", lang))
        return tuple(int(p) for p in parts)
    if isinstance(value, (list, tuple)) and value and all(
            isinstance(c, int) and not isinstance(c, bool) and c >= 0 for c in value):
        return tuple(value)
    raise RequestError(_message("bad_pos", lang))


def _game(request):
    if request.get("game") == "sum":
        return _temp_sum(request)
    params = request.get("params") or {}
    if not isinstance(params, dict):
        raise RequestError(_message("bad_request", _lang(request)))
    name = _need(request, "game")
    try:
        return _cached_game(name, json.dumps(params, sort_keys=True))
    except TypeError:  # a parameter the game does not take, or of an unusable type
        if not isinstance(name, str):
            raise
        raise RequestError(_message("bad_params", _lang(request), names=", ".join(params))) from None


@functools.lru_cache(maxsize=16)
def _cached_game(name, params_json):
    """One game object per (name, params), so its tables are reused across requests."""
    return grundy.game(name, **json.loads(params_json))


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
    return formula.theorem_ja if lang == "ja" and formula.theorem_ja else formula.theorem


def _formula(g, pos, lang="en"):
    f = g.formula(pos)
    if f is None:
        return None
    return {"value": f.value, "theorem": theorem_text(f, lang), "kind": f.kind,
            "expression": f.expression}


def _disagrees(f, value):
    """Whether formula `f` contradicts the computed Grundy value (or just its P/N)."""
    if f.kind == "grundy":
        return f.value != value
    return (f.value == 0) != (value == 0)


def _play_pos(request):
    """The game and the validated position of a play request (size-capped)."""
    lang = _lang(request)
    g = _game(request)
    pos = g.validate(parse_pos(_need(request, "pos"), lang))
    if max(pos, default=0) > PLAY_COORD_CAP:
        raise RequestError(_message("coord_too_big", lang, cap=PLAY_COORD_CAP))
    if bool(request.get("misere")) or _grundy_formula(g, pos) is None:
        _check_size(g, max(pos, default=0), PLAY_TABLE_CAP, lang, len(pos))
    return g, pos


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


def _options(g, pos, misere, lang):
    """Every move from pos with its text, Grundy value and outcome."""
    options = []
    for move in g.moves(pos):
        value, outcome = _values(g, move.to, misere)
        options.append({"to": list(move.to), "text": move.describe(lang=lang),
                        "grundy": value, "outcome": outcome})
    return options


def op_state(request):
    """Everything a play widget shows for one position."""
    if request.get("pass") or request.get("game") == "sum":
        return _temp_state(request)
    g, pos = _play_pos(request)
    lang, misere = _lang(request), bool(request.get("misere"))
    moves = _options(g, pos, misere, lang)
    value, outcome = _values(g, pos, misere)
    winning = next((m["to"] for m in moves if m["outcome"] == "P"), None)
    hints = {_pos_text(m["to"]): m["outcome"] for m in moves} if request.get("hints") else None
    return {"pos": list(pos), "coords": list(g.coords_for(pos)), "grundy": value,
            "outcome": outcome, "formula": _formula(g, pos, lang), "moves": moves, "winning": winning,
            "svg": svg.draw(g, pos, lang=lang, interactive=True, hints=hints),
            "over": not moves}


def op_reply(request):
    """The perfect computer move: a winning move, else the move that takes the least."""
    if request.get("pass"):
        return _temp_reply(request)
    g, pos = _play_pos(request)
    moves = _options(g, pos, bool(request.get("misere")), _lang(request))
    move = next((m for m in moves if m["outcome"] == "P"), None)
    if move is None:
        move = max(moves, key=lambda m: (sum(m["to"]), m["to"]), default=None)
    if move is None:
        return {"move": None}
    return {"move": {"to": move["to"], "text": move["text"]}}


def op_random_start(request):
    """A random legal position with every coordinate <= max that still has a move."""
    lang = _lang(request)
    g = _game(request)
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


def _nimsum_formula(pos):
    """The nim-sum of the coordinates read as a P/N test (P exactly when it is 0)."""
    value = 0
    for c in pos:
        value ^= c
    return Formula(value, "", "outcome")


def op_table(request):
    """The Grundy table up to max, with P-positions and the cells where a formula
    disagrees: the game's proved formula (compare="formula", default) or the nim-sum
    of the coordinates as a P-position test (compare="xor")."""
    lang = _lang(request)
    g = _game(request)
    top = _whole(request, "max", 10)
    _check_size(g, top, TABLE_CAP, lang)
    formula = _nimsum_formula if request.get("compare") == "xor" else g.formula
    table = g.table(top)
    rows, p_positions, mismatches, theorem = [], [], [], None
    for pos, value in table.items():
        f = formula(pos)
        rows.append([*pos, value, None if f is None else f.value])
        if value == 0:
            p_positions.append(list(pos))
        if f is not None:
            theorem = theorem or theorem_text(f, lang)
            if _disagrees(f, value):
                mismatches.append(list(pos))
    return {"coords": list(g.coords), "rows": rows, "p_positions": p_positions,
            "mismatches": mismatches, "theorem": theorem}


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
    return {"points": [list(pos) for pos in g.table(top).p_positions()]}


# ---- TEMP (widgets branch): minimal games / pass / sum support until the engine helper's
# version is merged. Drop this commit.

_TEMP_INT = {"k": (3, 1, 30, "k", "k"), "p": (3, 1, 30, "p", "p"),
             "heaps": (None, 1, 4, "Number of heaps", "山の数"),
             "sides": (None, 2, 4, "Sides with cuts", "切れる辺の数")}
_TEMP_GAMES = [
    ("nim", "Nim", "ニム", ["heaps"], [3, 5, 7], True),
    ("rect", "Rectangular chocolate", "長方形のチョコレート", ["sides"], [4, 2], True),
    ("chocolate", "Triangular chocolate", "三角形のチョコレート", ["k"], [10, 5, 5], False),
    ("step", "Step chocolate", "階段チョコレート", ["f"], [4, 9], False),
    ("step3", "Step chocolate with a bar", "棒つき階段チョコレート", ["f"], [3, 4, 9], False),
    ("wythoff", "Wythoff's game", "ワイソフのゲーム", [], [7, 5], False),
    ("ryuoh", "Ryuoh Nim", "龍王ニム", ["p"], [7, 5], False),
]


def _temp_param(name):
    if name == "f":
        return {"name": "f", "type": "expr", "default": "t//2", "min": None, "max": None,
                "label": {"en": "f(t)", "ja": "f(t)"},
                "help": {"en": "a function of t, e.g. t//2", "ja": "t の関数 (例: t//2)"}}
    default, lo, hi, en, ja = _TEMP_INT[name]
    return {"name": name, "type": "int", "default": default, "min": lo, "max": hi,
            "label": {"en": en, "ja": ja}, "help": {"en": en, "ja": ja}}


def op_games(request):
    """TEMP: the game catalogue."""
    out = []
    for name, en, ja, params, start, variable in _TEMP_GAMES:
        g = grundy.game(name)
        out.append({"name": name, "title": {"en": en, "ja": ja},
                    "params": [_temp_param(p) for p in params],
                    "coords": list(g.coords_for(tuple(start))), "variable_coords": variable,
                    "start": start, "table": True})
    return {"games": out}


def _temp_sum(request):
    comps = (request.get("params") or {}).get("components")
    if not isinstance(comps, list) or not comps:
        raise RequestError(_message("bad_request", _lang(request)))
    return grundy.SumGame([_game({"game": c.get("game"), "params": c.get("params") or {},
                                  "lang": request.get("lang")}) for c in comps])


@functools.lru_cache(maxsize=None)
def _temp_pass_grundy(g, pos):
    seen = {_temp_pass_grundy(g, m.to) for m in g.moves(pos)}
    if seen or g.moves(pos):
        seen.add(g.grundy(pos))
    v = 0
    while v in seen:
        v += 1
    return v


def _temp_moves(g, pos, lang, with_pass):
    out = []
    value = (lambda p: _temp_pass_grundy(g, p)) if with_pass else g.grundy
    for m in g.moves(pos):
        v = value(m.to)
        out.append({"to": list(m.to), "kind": "move", "pass": with_pass, "text": m.describe(lang),
                    "grundy": v, "outcome": "P" if v == 0 else "N"})
    if with_pass and out:
        v = g.grundy(pos)
        out.append({"to": list(pos), "kind": "pass", "pass": False,
                    "text": "パス" if lang == "ja" else "pass", "grundy": v,
                    "outcome": "P" if v == 0 else "N"})
    return out


def _temp_svg(g, pos, lang, hints):
    if not isinstance(g, grundy.SumGame):
        return svg.draw(g, pos, lang=lang, interactive=True, hints=hints)
    parts, x, height = [], 0.0, 0.0
    for i, (c, part) in enumerate(zip(g.games, g.split(pos))):
        sub = svg.draw(c, part, lang=lang, interactive=True)
        sub = re.sub(r'data-to="([0-9,]*)"',
                     lambda m: 'data-to="%s"' % _pos_text(g._lift(pos, i, tuple(int(v) for v in m.group(1).split(",")))),
                     sub)
        w = float(re.search(r' width="([0-9.]+)"', sub).group(1))
        h = float(re.search(r' height="([0-9.]+)"', sub).group(1))
        sub = sub.replace("<svg ", f'<svg x="{x}" y="0" ', 1).replace("max-width:100%;height:auto", "")
        parts.append(sub)
        x += w + 24
        height = max(height, h)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="grundy-svg grundy-sum" role="group" '
            f'aria-label="sum" viewBox="0 0 {x - 24} {height}" width="{x - 24}" height="{height}" '
            f'style="max-width:100%;height:auto">' + "".join(parts) + "</svg>")


def _temp_state(request):
    lang = _lang(request)
    g = _game(request)
    pos = g.validate(parse_pos(_need(request, "pos"), lang))
    with_pass = bool(request.get("pass"))
    moves = _temp_moves(g, pos, lang, with_pass)
    value = _temp_pass_grundy(g, pos) if with_pass else g.grundy(pos)
    hints = {_pos_text(m["to"]): m["outcome"] for m in moves if m["kind"] == "move"} \
        if request.get("hints") else None
    out = {"pos": list(pos), "coords": list(g.coords_for(pos)), "grundy": value,
           "outcome": "P" if value == 0 else "N", "formula": None, "moves": moves,
           "winning": next((m["to"] for m in moves if m["outcome"] == "P"), None),
           "svg": _temp_svg(g, pos, lang, hints), "over": not moves, "pass": with_pass and bool(moves)}
    if isinstance(g, grundy.SumGame):
        comps = request["params"]["components"]
        out["components"] = [{"game": c.name, "params": comps[i].get("params") or {}, "pos": list(part),
                              "grundy": c.grundy(part), "title": svg.title(c, part, lang)}
                             for i, (c, part) in enumerate(zip(g.games, g.split(pos)))]
    return out


def _temp_reply(request):
    state = _temp_state(request)
    moves = state["moves"]
    move = next((m for m in moves if m["outcome"] == "P"), None)
    if move is None:
        move = max((m for m in moves if m["kind"] == "move"), key=lambda m: (sum(m["to"]), m["to"]),
                   default=None)
    if move is None:
        return {"move": None}
    return {"move": {k: move[k] for k in ("to", "text", "kind", "pass")}}


OPS = {"games": op_games, "state": op_state, "reply": op_reply, "random_start": op_random_start,
       "table": op_table, "nimsum": op_nimsum, "ppositions": op_ppositions}


def handle(request):
    """Answer one request dict; errors become {"error": "one-line message"}."""
    if not isinstance(request, dict):
        return {"error": _message("bad_request", "en")}
    lang = _lang(request)
    if "op" not in request:
        return {"error": _message("bad_request", lang)}
    op = OPS.get(request["op"])
    if op is None:
        return {"error": _message("unknown_op", lang, op=request["op"])}
    try:
        return op(request)
    except GameError as exc:  # the engine's messages exist in both languages
        text = exc.message(lang)
    except (ValueError, TypeError, KeyError, OverflowError, RecursionError) as exc:
        text = _message("cannot", lang, detail=str(exc) or type(exc).__name__)
    return {"error": " ".join(text.split())}


def handle_json(text):
    """handle() through JSON text, for the worker."""
    try:
        request = json.loads(text)
    except ValueError:
        request = None
    return json.dumps(handle(request), ensure_ascii=False)
