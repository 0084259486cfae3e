"""Python expressions (already parsed and checked with `ast`: a reader's formula, read as
`grundy discover` reads it, or a step chocolate's f) as terms and formulas of `logic`.

Multiplication, floor division and remainder need a constant on one side (Presburger
arithmetic): a product of two variable parts is `Outside`, with the reason in words, as is
any construct the prover's language has no counterpart for. Constant parts are computed.
"""

from __future__ import annotations

import ast

from ..errors import GameError
from ..text import Text
from .logic import And, Bin, Cmp, Const, Div, Exists, Iff, Mod, Not, Or, Scale, Truth, Var

FORMULA_TYPES = (Cmp, Truth, Not, And, Or, Iff, Exists)
MAX_EXPONENT = 256
_BIN = {ast.Add: "+", ast.Sub: "-", ast.BitXor: "^", ast.BitAnd: "&", ast.BitOr: "|"}
_CMP = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}
_FOLD = {"+": int.__add__, "-": int.__sub__, "^": int.__xor__, "&": int.__and__, "|": int.__or__,
         "min": min, "max": max}


class Outside(Exception):
    """An expression outside what the prover decides; `reason` (Text) says why."""

    def __init__(self, reason: Text):
        super().__init__(reason.en)
        self.reason = reason


def number(n: int):
    """An integer as a term (a negative one as 0 - |n|)."""
    return Const(n) if n >= 0 else Bin("-", Const(0), Const(-n))


def constant(term) -> int | None:
    """The value of a term that is a constant (as `number` writes it), else None."""
    if isinstance(term, Const):
        return term.value
    if isinstance(term, Bin) and term.op == "-" and term.left == Const(0) and isinstance(term.right, Const):
        return -term.right.value
    return None


def is_formula(node) -> bool:
    return isinstance(node, FORMULA_TYPES)


def as_formula(node):
    """A formula, or a whole number e read as the condition e != 0 (Python's truth)."""
    return node if is_formula(node) else Cmp("!=", node, Const(0))


def as_term(node, source: ast.AST):
    if is_formula(node):
        raise Outside(Text(f"{ast.unparse(source)} is a comparison used as a number",
                           f"{ast.unparse(source)} は比較で、数として使えません"))
    return node


def binary(op: str, a, b):
    """a op b, computed when both are constants."""
    x, y = constant(a), constant(b)
    if x is not None and y is not None:
        return number(_FOLD[op](x, y))
    return Bin(op, a, b)


def scaled(c: int, term):
    """c * term for a constant c."""
    if constant(term) is not None:
        return number(c * constant(term))
    return Scale(c, term) if c >= 0 else Bin("-", Const(0), Scale(-c, term))


def _by_constant(node: ast.BinOp, a, b):
    """a * b, a // b or a % b with a constant where Presburger arithmetic needs one."""
    op = type(node.op)
    x, y = constant(a), constant(b)
    if op is ast.Mult:
        if x is None and y is None:
            raise Outside(Text(f"{ast.unparse(node)} multiplies two variable parts (not Presburger arithmetic)",
                               f"{ast.unparse(node)} は変数を含む部分どうしの積です (プレスブルガー算術の外)"))
        return scaled(x, b) if x is not None else scaled(y, a)
    if y is None:
        raise Outside(Text(f"{ast.unparse(node)} divides by a variable part (not Presburger arithmetic)",
                           f"{ast.unparse(node)} は変数を含む部分で割っています (プレスブルガー算術の外)"))
    if y == 0:
        raise GameError(f"{ast.unparse(node)} divides by zero", f"{ast.unparse(node)} は 0 で割っています。")
    if x is not None:
        return number(x // y if op is ast.FloorDiv else x % y)
    if y < 0:
        raise Outside(Text(f"{ast.unparse(node)} divides by a negative number",
                           f"{ast.unparse(node)} は負の数で割っています"))
    return Div(a, y) if op is ast.FloorDiv else Mod(a, y)


def _power(node: ast.BinOp, a, b):
    x, y = constant(a), constant(b)
    if x is None or y is None or not 0 <= y <= MAX_EXPONENT:
        raise Outside(Text(f"{ast.unparse(node)}: a power needs constant parts (exponent 0 to {MAX_EXPONENT})",
                           f"{ast.unparse(node)}: べき乗は定数どうし (指数は 0〜{MAX_EXPONENT}) に限ります"))
    return number(x ** y)


def _compare(node: ast.Compare, env: dict):
    parts, left, left_node = [], expression(node.left, env), node.left
    for op, right_node in zip(node.ops, node.comparators):
        right = expression(right_node, env)
        if is_formula(left) and is_formula(right) and type(op) in (ast.Eq, ast.NotEq):
            same = Iff(left, right)
            parts.append(same if isinstance(op, ast.Eq) else Not(same))
        else:
            parts.append(Cmp(_CMP[type(op)], as_term(left, left_node), as_term(right, right_node)))
        left, left_node = right, right_node
    return parts[0] if len(parts) == 1 else And(tuple(parts))


def expression(node: ast.AST, env: dict):
    """A term or formula for a checked Python expression; `env` maps each name to a term."""
    if isinstance(node, ast.Expression):
        return expression(node.body, env)
    if isinstance(node, ast.Constant):
        return number(int(node.value))
    if isinstance(node, ast.Name):
        if node.id not in env:
            raise GameError(f"unknown name {node.id!r}", f"「{node.id}」は使えない名前です。")
        return env[node.id]
    if isinstance(node, ast.BinOp):
        a = as_term(expression(node.left, env), node.left)
        b = as_term(expression(node.right, env), node.right)
        if type(node.op) in _BIN:
            return binary(_BIN[type(node.op)], a, b)
        if isinstance(node.op, ast.Pow):
            return _power(node, a, b)
        if type(node.op) in (ast.Mult, ast.FloorDiv, ast.Mod):
            return _by_constant(node, a, b)
    if isinstance(node, ast.UnaryOp):
        inner = expression(node.operand, env)
        if isinstance(node.op, ast.Not):
            return Not(as_formula(inner))
        inner = as_term(inner, node.operand)
        return binary("-", Const(0), inner) if isinstance(node.op, ast.USub) else inner
    if isinstance(node, ast.BoolOp):
        args = tuple(as_formula(expression(v, env)) for v in node.values)
        return And(args) if isinstance(node.op, ast.And) else Or(args)
    if isinstance(node, ast.Compare):
        return _compare(node, env)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max", "abs"):
        args = [as_term(expression(a, env), a) for a in node.args]
        if node.func.id == "abs":
            return binary("max", args[0], binary("-", Const(0), args[0]))
        out = args[0]
        for arg in args[1:]:
            out = binary(node.func.id, out, arg)
        return out
    raise Outside(Text(f"{ast.unparse(node)} has no counterpart in the prover's language",
                       f"{ast.unparse(node)} は証明器の言語で表せません"))


def relation(node: ast.AST, env: dict, result: Var, witness: str = "h°"):
    """The formula `result = node` (a function of the names of `env`), where the node may
    also use `a if c else b` and 2 ** (ilog2(e) + c) for a constant c (the highest power of
    two up to e, shifted: e >= 1 and the exponent >= 0, as the engine requires)."""
    if isinstance(node, ast.Expression):
        return relation(node.body, env, result, witness)
    if isinstance(node, ast.IfExp):
        test = as_formula(expression(node.test, env))
        return Or((And((test, relation(node.body, env, result, witness + "1"))),
                   And((Not(test), relation(node.orelse, env, result, witness + "2")))))
    power = _power_of_log(node)
    if power is not None:
        inner, shift = power
        e, h = as_term(expression(inner, env), inner), Var(witness)
        highest = And((Cmp(">=", h, Const(1)), Cmp("==", Bin("&", h, Bin("-", h, Const(1))), Const(0)),
                       Cmp("<=", h, e), Cmp("<", e, Scale(2, h)),
                       Cmp(">=", e, Const(1 << max(0, -shift))),
                       Cmp("==", result, Scale(1 << shift, h) if shift >= 0 else Div(h, 1 << -shift))))
        return Exists((witness,), highest)
    return Cmp("==", result, as_term(expression(node, env), node))


def _power_of_log(node: ast.AST):
    """(e, c) when node is 2 ** (ilog2(e) + c), 2 ** (ilog2(e) - c) or 2 ** ilog2(e)."""
    if not (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Pow)
            and isinstance(node.left, ast.Constant) and node.left.value == 2):
        return None
    exponent, shift = node.right, 0
    if isinstance(exponent, ast.BinOp) and isinstance(exponent.op, (ast.Add, ast.Sub)) \
            and isinstance(exponent.right, ast.Constant) and type(exponent.right.value) is int:
        shift = exponent.right.value if isinstance(exponent.op, ast.Add) else -exponent.right.value
        exponent = exponent.left
    if isinstance(exponent, ast.Call) and isinstance(exponent.func, ast.Name) \
            and exponent.func.id == "ilog2" and len(exponent.args) == 1:
        return exponent.args[0], shift
    return None
