"""Step functions f(t) for the step chocolates, parsed safely from expression strings.

The expression is parsed with `ast` and checked against a whitelist (integer literals,
`t`, + - * // % **, comparisons, and/or/not, `a if c else b`, min, max, abs, ilog2), then
evaluated by walking the tree: nothing is ever passed to eval.  Exponents and results
are bounded so that no expression can exhaust memory or time, and f is checked
(non-negative, non-decreasing) once per range of t, lazily, within the work budget.
"""

from __future__ import annotations

import ast
import operator

from .budget import require_f
from .core import GameError

MAX_EXPONENT = 256
MAX_RESULT = 1 << 256
MAX_LENGTH = 200

_BINOPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
           ast.FloorDiv: operator.floordiv, ast.Mod: operator.mod, ast.Pow: operator.pow}
_CMPS = {ast.Lt: operator.lt, ast.LtE: operator.le, ast.Gt: operator.gt,
         ast.GtE: operator.ge, ast.Eq: operator.eq, ast.NotEq: operator.ne}


def ilog2(n: int) -> int:
    """floor(log2 n) for n >= 1."""
    if n < 1:
        raise GameError(f"ilog2 needs a positive argument, got {n}",
                        f"ilog2 の引数は 1 以上でなければなりません ({n} になりました)")
    return n.bit_length() - 1


_NOT_ALLOWED_JA = ("f に使えない書き方が含まれています (使えるもの: 整数、t、+ - * // % **、"
                   "比較、条件式 a if c else b、min、max、abs、ilog2)。")
_FUNCS = {"min": (min, 2, None), "max": (max, 2, None), "abs": (abs, 1, 1), "ilog2": (ilog2, 1, 1)}


class StepFunction:
    """A non-decreasing f: Z>=0 -> Z>=0 given as an expression in t, e.g. "t//2"."""

    def __init__(self, expr: str):
        if not isinstance(expr, str):
            raise GameError(f"f must be an expression string in t, got {expr!r}",
                            "f は t の式 (文字列) で指定してください。")
        self.expr = expr.strip()
        if not self.expr:
            raise GameError("f is empty: give an expression in t such as t//2",
                            "f が空です: t//2 のような t の式を入力してください。")
        if len(self.expr) > MAX_LENGTH:
            raise GameError(f"f is too long (at most {MAX_LENGTH} characters)",
                            f"f が長すぎます ({MAX_LENGTH} 文字まで)。")
        try:
            tree = ast.parse(self.expr, mode="eval")
        except (SyntaxError, ValueError):  # ValueError: a null byte
            raise GameError(f"f = {self.expr!r} is not a valid expression in t",
                            f"f = 「{self.expr}」は t の式として正しくありません。") from None
        for node in ast.walk(tree):
            self._allow(node)
        self._body = tree.body
        self._nodes = sum(1 for _ in ast.walk(tree))  # the cost of one evaluation
        self.proved = _proved(self._body)
        self._prefix: list[int] = []  # f(0), f(1), ...: checked non-negative, non-decreasing
        self._condition_ok = -1       # the condition holds on 0.._condition_ok
        self._condition_bad = None    # and fails on 0..n for every n >= _condition_bad

    def __repr__(self) -> str:
        return f"StepFunction({self.expr!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, StepFunction) and other.expr == self.expr

    def __hash__(self) -> int:
        return hash(self.expr)

    def _allow(self, node) -> None:
        ok = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.USub, ast.UAdd, ast.Not,
              ast.Compare, ast.IfExp, ast.BoolOp, ast.And, ast.Or, ast.Load,
              *_BINOPS, *_CMPS)
        if isinstance(node, ast.Constant):
            if isinstance(node.value, bool) or not isinstance(node.value, int):
                raise GameError(f"f may only use whole-number literals, not {node.value!r}",
                                "f に書ける定数は整数だけです。")
        elif isinstance(node, ast.Name):
            if node.id != "t" and node.id not in _FUNCS:
                raise GameError(f"f may only use the variable t, not {node.id!r}",
                                f"f に使える変数は t だけです (「{node.id}」は使えません)。")
        elif isinstance(node, ast.Call):
            name = node.func.id if isinstance(node.func, ast.Name) else None
            if name not in _FUNCS or node.keywords:
                raise GameError(f"f may only call {', '.join(_FUNCS)}",
                                f"f で使える関数は {'、'.join(_FUNCS)} だけです。")
            _, least, most = _FUNCS[name]
            if len(node.args) < least or (most is not None and len(node.args) > most):
                raise GameError(f"wrong number of arguments for {name} in f",
                                f"f の中の {name} の引数の個数が正しくありません。")
        elif not isinstance(node, ok):
            raise GameError(f"f may not use {type(node).__name__} (allowed: literals, t, "
                            "+ - * // % **, comparisons, a if c else b, min, max, abs, ilog2)",
                            _NOT_ALLOWED_JA)

    def _eval(self, node, t: int) -> int:
        if isinstance(node, ast.Constant):
            return node.value
        if isinstance(node, ast.Name):
            if node.id != "t":
                raise GameError(f"{node.id} must be called, e.g. {node.id}(t)",
                                f"{node.id} は {node.id}(t) のように呼び出してください")
            return t
        if isinstance(node, ast.UnaryOp):
            v = self._eval(node.operand, t)
            return -v if isinstance(node.op, ast.USub) else (int(not v) if isinstance(node.op, ast.Not) else v)
        if isinstance(node, ast.BinOp):
            a, b = self._eval(node.left, t), self._eval(node.right, t)
            if isinstance(node.op, ast.Pow) and not 0 <= b <= MAX_EXPONENT:
                raise GameError(f"exponent {b} out of range 0..{MAX_EXPONENT}",
                                f"指数 {b} が 0 以上 {MAX_EXPONENT} 以下の範囲にありません")
            if isinstance(node.op, (ast.FloorDiv, ast.Mod)) and b == 0:
                raise GameError("division by zero", "0 で割っています")
            return self._bounded(_BINOPS[type(node.op)](a, b))
        if isinstance(node, ast.Compare):
            left = self._eval(node.left, t)
            for op, comp in zip(node.ops, node.comparators):
                right = self._eval(comp, t)
                if not _CMPS[type(op)](left, right):
                    return 0
                left = right
            return 1
        if isinstance(node, ast.BoolOp):
            is_and = isinstance(node.op, ast.And)
            for sub in node.values:
                v = self._eval(sub, t)
                if bool(v) != is_and:
                    return v
            return v
        if isinstance(node, ast.IfExp):
            return self._eval(node.body if self._eval(node.test, t) else node.orelse, t)
        if isinstance(node, ast.Call):
            return self._bounded(_FUNCS[node.func.id][0](*(self._eval(a, t) for a in node.args)))
        raise GameError(f"f may not use {type(node).__name__}", _NOT_ALLOWED_JA)

    @staticmethod
    def _bounded(v: int) -> int:
        if abs(v) > MAX_RESULT:
            raise GameError("a value in f is too large", "途中の値が大きすぎます")
        return v

    def raw(self, t: int) -> int:
        """f(t) without the monotonicity check (GameError if it cannot be evaluated)."""
        if t < len(self._prefix):
            return self._prefix[t]
        try:
            return self._eval(self._body, t)
        except GameError as e:
            at = t if t.bit_length() <= 64 else f"2^{t.bit_length() - 1} and more"
            raise GameError(f"f = {self.expr!r} cannot be evaluated at t = {at}: {e}",
                            f"f = 「{self.expr}」は t = {at} で計算できません: "
                            f"{e.message('ja')}。") from None

    def at(self, t: int) -> int:
        """f(t) at one t, refused if negative (the range 0..t is checked when it is used)."""
        v = self.raw(t)
        if v < 0:
            raise self._negative(t, v)
        return v

    def _negative(self, t: int, v: int) -> GameError:
        return GameError(f"f = {self.expr!r} is negative at t = {t} (f({t}) = {v})",
                         f"f = 「{self.expr}」は t = {t} で負になります (f({t}) = {v})。"
                         "f の値は 0 以上でなければなりません。")

    def check(self, n: int) -> None:
        """Refuse f unless it is >= 0 and non-decreasing on 0..n (naming the first bad t).

        Each t is evaluated once: the values of the checked range are kept for later calls.
        Refused at once (BudgetError) when the new part of the range is over the budget."""
        values = self._prefix
        if n < len(values):
            return
        require_f(n + 1 - len(values), self._nodes, self.expr)
        for t in range(len(values), n + 1):
            v = self.raw(t)
            if v < 0:
                raise self._negative(t, v)
            if t and v < values[-1]:
                raise GameError(f"f = {self.expr!r} decreases at t = {t} "
                                f"(f({t - 1}) = {values[-1]}, f({t}) = {v})",
                                f"f = 「{self.expr}」は t = {t} で減少しています "
                                f"(f({t - 1}) = {values[-1]}、f({t}) = {v})。"
                                "f は減少しない関数でなければなりません。")
            values.append(v)

    def values(self, n: int) -> list[int]:
        """[f(0), ..., f(n)], checked; each t evaluated once, within the budget."""
        if not self.proved:
            self.check(n)
            return self._prefix[:n + 1]
        require_f(n + 1, self._nodes, self.expr)
        return [self.raw(t) for t in range(n + 1)]

    def __call__(self, t: int) -> int:
        """f(t), after checking f on 0..t (not needed when f has a proved shape)."""
        if t < len(self._prefix):
            return self._prefix[t]
        if self.proved:
            return self.raw(t)
        self.check(t)
        return self._prefix[t]

    def in_logic(self, t, r):
        """The formula r = f(t) of the prover's language (t and r its terms;
        grundy.prove.translate.Outside when f uses what it cannot say)."""
        from .prove.translate import relation

        return relation(self._body, {"t": t}, r)

    def satisfies_condition(self, n: int) -> bool:
        """The condition of [S] Theorem 2.2 on 0..n: z>>i == z'>>i implies f(z)>>(i-1) == f(z')>>(i-1).

        f being non-decreasing, it suffices to compare the ends of each aligned block of
        2^i values of t.  Results are remembered as ranges (a failure on 0..n is one on 0..m
        for every m >= n), so each range is examined once."""
        if self.proved or n <= self._condition_ok:
            return True
        if self._condition_bad is not None and n >= self._condition_bad:
            return False
        self.check(n)
        values = self._prefix
        for i in range(1, n.bit_length() + 1):
            for a in range(0, n + 1, 1 << i):
                if values[a] >> (i - 1) != values[min(a + (1 << i) - 1, n)] >> (i - 1):
                    self._condition_bad = n
                    return False
        self._condition_ok = n
        return True


def _proved(body) -> bool:
    """Whether f is a constant >= 0 or t // 2^m (m >= 1): then f is non-negative and
    non-decreasing and satisfies the condition of Theorem 2.2 for every t, unchecked."""
    if isinstance(body, ast.Constant):
        return body.value >= 0
    return (isinstance(body, ast.BinOp) and isinstance(body.op, ast.FloorDiv)
            and isinstance(body.left, ast.Name) and body.left.id == "t"
            and isinstance(body.right, ast.Constant) and body.right.value >= 2
            and body.right.value & (body.right.value - 1) == 0)
