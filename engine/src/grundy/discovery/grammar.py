"""The grammar of formulas the discovery searches, written as Python expressions.

Whole-number formulas: the coordinates, the constants 0 to 3, `e // c`, `e % c` and
`c * e` for c in 2..4, and `+ - * ^ & |`, `min`, `max` of two formulas. Formulas for
sets of positions: `e1 == e2`, `!=`, `<`, `<=` of two whole-number formulas, and `and`,
`or` of two of them. A formula's size is its number of operators and leaves (`c * e`,
`e // c` and `e % c` count the constant with the operator): `x ^ y ^ z == 0` has size 7.

A formula is kept as a tree of tuples, written as text (with only the parentheses Python
needs) when it is shown; `evaluate` reads a reader's formula (the same operators, and
⊕ ≤ ≥ ≠ × − and a single =) without Python's `eval`.
"""

from __future__ import annotations

import ast
import operator
import unicodedata

from ..errors import GameError

CONSTANTS = (0, 1, 2, 3)
DIVISORS = (2, 3, 4)


def divisors(constants: dict | None = None) -> tuple[tuple[str, int], ...]:
    """(text, value) of the constants c of `e // c`, `e % c` and `c * e`: 2, 3 and 4, and
    the values of `constants` (a game's parameters, by name) from 2 up, a name taking
    the place of the number it equals.

    >>> divisors({"p": 5})
    (('2', 2), ('3', 3), ('4', 4), ('p', 5))
    >>> divisors({"p": 3})
    (('2', 2), ('p', 3), ('4', 4))
    """
    named = {}
    for name, value in (constants or {}).items():
        if value >= 2:
            named.setdefault(value, name)
    return tuple((named.pop(c, str(c)), c) for c in DIVISORS) + tuple((n, v) for v, n in named.items())

# Python's precedences (higher binds tighter); ATOM for names, numbers and calls.
OR, AND, COMPARE, BOR, BXOR, BAND, SUM, PRODUCT, ATOM = 1, 2, 4, 5, 6, 7, 9, 10, 12

# name -> (function on two ints, precedence, commutative); min and max are calls.
INT_OPS = {
    "+": (operator.add, SUM, True), "-": (operator.sub, SUM, False),
    "*": (operator.mul, PRODUCT, True), "^": (operator.xor, BXOR, True),
    "&": (operator.and_, BAND, True), "|": (operator.or_, BOR, True),
    "min": (min, ATOM, True), "max": (max, ATOM, True),
}
COMPARISONS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le}
ASSOCIATIVE = {"+", "*", "^", "&", "|", "and", "or"}
COMMUTATIVE_TEXT = {"+", "^", "&", "|", "min", "max", "==", "!="}  # `c * e` stays as it is
PREC = {**{op: spec[1] for op, spec in INT_OPS.items()}, "//": PRODUCT, "%": PRODUCT,
        **dict.fromkeys(COMPARISONS, COMPARE), "and": AND, "or": OR}


def _side(text: str, prec: int, op_prec: int, right: bool, same: bool) -> str:
    """An operand with parentheses when Python would read it otherwise."""
    if prec < op_prec or (right and prec == op_prec and not same) or (prec == COMPARE == op_prec):
        return f"({text})"
    return text


def render(formula) -> tuple[str, int, str]:
    """(text, precedence, top operator) of a formula: a leaf (the text of a coordinate
    or a constant) or a tuple (operator, left formula, right formula)."""
    if isinstance(formula, str):
        return formula, ATOM, ""
    op, left, right = formula
    left, right = render(left), render(right)
    if left[0].isdigit() and not right[0].isdigit() and op in COMMUTATIVE_TEXT:
        left, right = right, left  # `r1 + 1`, not `1 + r1`
    if op in ("min", "max"):
        return f"{op}({left[0]}, {right[0]})", ATOM, op
    prec = PREC[op]
    a = _side(left[0], left[1], prec, False, True)
    b = _side(right[0], right[1], prec, True, right[2] == op and op in ASSOCIATIVE)
    return f"{a} {op} {b}", prec, op


def text(formula) -> str:
    """A formula as a Python expression, with only the parentheses Python needs."""
    return render(formula)[0]


# -- a reader's formula ---------------------------------------------------------------

MAX_FORMULA_CHARS = 300
_SYMBOLS = {"⊕": "^", "≤": "<=", "≥": ">=", "≠": "!=", "×": "*", "−": "-"}
_BIN = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
        ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.BitXor: operator.xor,
        ast.BitAnd: operator.and_, ast.BitOr: operator.or_}
_CMP = {ast.Eq: operator.eq, ast.NotEq: operator.ne, ast.Lt: operator.lt, ast.LtE: operator.le,
        ast.Gt: operator.gt, ast.GtE: operator.ge}


def _bad(text: str, ja: str) -> GameError:
    return GameError(text, ja)


def normalise(text: str) -> str:
    """The reader's formula in Python's notation (⊕ is ^, a lone = is ==, full-width
    characters typed with a Japanese input method are their ASCII ones, ...)."""
    if not isinstance(text, str) or not text.strip():
        raise _bad("write a formula, e.g. x ^ y ^ z == 0", "式を入力してください (例: x ^ y ^ z == 0)。")
    if len(text) > MAX_FORMULA_CHARS:
        raise _bad(f"the formula is longer than {MAX_FORMULA_CHARS} characters",
                   f"式が長すぎます ({MAX_FORMULA_CHARS} 文字まで)。")
    text = unicodedata.normalize("NFKC", text)
    for symbol, python in _SYMBOLS.items():
        text = text.replace(symbol, python)
    out, i = [], 0
    while i < len(text):  # a single = (not part of ==, <=, >=, !=) means ==
        ch = text[i]
        if ch == "=" and (i == 0 or text[i - 1] not in "=<>!") and text[i + 1:i + 2] != "=":
            out.append("==")
        else:
            out.append(ch)
        i += 1
    return "".join(out).strip()


def compile_formula(text: str, names: tuple, constants: tuple = ()) -> ast.expr:
    """The reader's formula parsed and checked: only the grammar's operators (and > >=,
    `not`, unary minus), whole numbers, the coordinates `names` and the parameters
    `constants`; GameError otherwise."""
    source = normalise(text)
    try:
        tree = ast.parse(source, mode="eval").body
    except SyntaxError:
        raise _bad(f"cannot read the formula {source!r}: write it as in Python, e.g. x ^ y ^ z == 0",
                   f"式「{source}」を読めません。Python の書き方で入力してください "
                   "(例: x ^ y ^ z == 0)。") from None
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id not in names + tuple(constants) + ("min", "max"):
            also = f"; the parameters: {', '.join(constants)}" if constants else ""
            also_ja = f"、パラメータ: {', '.join(constants)}" if constants else ""
            raise _bad(f"unknown name {node.id!r} in the formula (the coordinates: {', '.join(names)}{also})",
                       f"式の中の「{node.id}」は座標ではありません (座標: {', '.join(names)}{also_ja})。")
        if isinstance(node, ast.Constant) and (type(node.value) is not int or node.value > 10**6):
            raise _bad("the formula's numbers must be whole numbers up to 1,000,000",
                       "式の数は 1,000,000 以下の整数にしてください。")
        if isinstance(node, ast.Call) and not (isinstance(node.func, ast.Name) and node.func.id in (
                "min", "max") and len(node.args) >= 2 and not node.keywords):
            raise _bad("the only functions are min(a, b) and max(a, b)",
                       "使える関数は min(a, b) と max(a, b) だけです。")
        allowed = (ast.Name, ast.Constant, ast.BinOp, ast.UnaryOp, ast.Compare, ast.BoolOp,
                   ast.Call, ast.Load, ast.USub, ast.Not, ast.And, ast.Or, *_BIN, *_CMP)
        if not isinstance(node, allowed):
            raise _bad(f"{source!r} uses something other than + - * // % ^ & | min max, "
                       "comparisons, and, or, not",
                       f"「{source}」には使えない記号があります (使えるのは + - * // % ^ & | min max、"
                       "比較、and、or、not)。")
    return tree


def evaluate(tree: ast.expr, env: dict) -> int | bool:
    """The value of a compiled formula with the coordinates in `env`; ZeroDivisionError
    for a division by zero."""
    if isinstance(tree, ast.Constant):
        return tree.value
    if isinstance(tree, ast.Name):
        return env[tree.id]
    if isinstance(tree, ast.BinOp):
        return _BIN[type(tree.op)](evaluate(tree.left, env), evaluate(tree.right, env))
    if isinstance(tree, ast.UnaryOp):
        value = evaluate(tree.operand, env)
        return (not value) if isinstance(tree.op, ast.Not) else -value
    if isinstance(tree, ast.BoolOp):
        values = (evaluate(v, env) for v in tree.values)
        return all(values) if isinstance(tree.op, ast.And) else any(values)
    if isinstance(tree, ast.Call):
        return (min if tree.func.id == "min" else max)(evaluate(a, env) for a in tree.args)
    left = evaluate(tree.left, env)
    for op, right in zip(tree.ops, tree.comparators):
        right = evaluate(right, env)
        if not _CMP[type(op)](left, right):
            return False
        left = right
    return True


def size(tree: ast.expr) -> int:
    """The number of nodes of a compiled formula (the work model's cost of one evaluation)."""
    return sum(1 for _ in ast.walk(tree))
