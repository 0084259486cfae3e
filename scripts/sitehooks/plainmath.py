"""LaTeX math as plain text, for places KaTeX does not reach (search titles and excerpts).

``\\(ky \\le x + z\\)`` becomes ``ky ≤ x + z``; ``\\lfloor x/2 \\rfloor`` becomes ``⌊x/2⌋``.
"""

from __future__ import annotations

import re

SYMBOLS = {
    "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠", "neq": "≠", "lt": "<", "gt": ">",
    "oplus": "⊕", "otimes": "⊗", "times": "×", "cdot": "·", "pm": "±", "equiv": "≡",
    "dots": "…", "ldots": "…", "cdots": "⋯", "in": "∈", "notin": "∉", "cup": "∪", "cap": "∩",
    "subseteq": "⊆", "setminus": "∖", "emptyset": "∅", "infty": "∞",
    "to": "→", "rightarrow": "→", "mapsto": "↦", "longmapsto": "⟼", "Rightarrow": "⇒",
    "Longrightarrow": "⟹", "iff": "⟺", "lfloor": "⌊", "rfloor": "⌋", "lceil": "⌈", "rceil": "⌉",
    "{": "\x01", "}": "\x02", "|": "‖", "mid": "|", "sqrt": "√", "sum": "Σ", "prod": "Π",
    "bmod": " mod ", "pmod": " mod ", "quad": " ", "qquad": "  ", ",": " ", ";": " ", ":": " ", "!": "",
    "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "varepsilon": "ε", "epsilon": "ε",
    "lambda": "λ", "mu": "μ", "pi": "π", "sigma": "σ", "tau": "τ", "phi": "φ", "varphi": "φ",
    "omega": "ω", "Gamma": "Γ", "Delta": "Δ", "Sigma": "Σ", "Phi": "Φ", "Omega": "Ω",
}
DROPPED = {"left", "right", "bigl", "bigr", "Bigl", "Bigr", "big", "Big", "displaystyle", "hline",
           "mathcal", "mathbb", "mathrm", "mathbf", "mathit", "text", "textrm", "operatorname"}
SUPERSCRIPTS = str.maketrans("0123456789+-n", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻ⁿ")
SUBSCRIPTS = str.maketrans("0123456789+-", "₀₁₂₃₄₅₆₇₈₉₊₋")

COMMAND = re.compile(r"\\([A-Za-z]+|.)")
FRAC = re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
BINOM = re.compile(r"\\binom\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
ENVIRONMENT = re.compile(r"\\(?:begin|end)\{[^{}]*\}")
SCRIPT = re.compile(r"([\^_])(?:\{([^{}]*)\}|(\S))")
MATH = re.compile(r"\\\((.*?)\\\)|\\\[(.*?)\\\]", re.DOTALL)


def _script(match: re.Match) -> str:
    """x^2 -> x², x_1 -> x₁; what has no Unicode form stays x^(a+b)."""
    body = match[2] if match[2] is not None else match[3]
    table = SUPERSCRIPTS if match[1] == "^" else SUBSCRIPTS
    if body and all(ord(c) in table for c in body):
        return body.translate(table)
    return match[1] + (f"({body})" if len(body) > 1 else body)


def _fraction(match: re.Match) -> str:
    """(a+1)/2 with parentheses only around compound parts."""
    num, den = (part if re.fullmatch(r"\s*\w+\s*", part) else f"({part})" for part in match.groups())
    return f"{num.strip()}/{den.strip()}"


def _command(match: re.Match) -> str:
    name = match[1]
    if name in SYMBOLS:
        return SYMBOLS[name]
    if name in DROPPED:
        return ""
    if name == "\\":
        return "; "
    return name  # \min, \max, \sin, \log ... read as their names


def tex_to_text(tex: str) -> str:
    """One LaTeX formula as plain Unicode text."""
    text = ENVIRONMENT.sub(" ", tex)
    while True:  # innermost fractions first
        new = BINOM.sub(r"C(\1, \2)", FRAC.sub(_fraction, text))
        if new == text:
            break
        text = new
    text = COMMAND.sub(_command, text)
    text = SCRIPT.sub(_script, text)
    text = text.replace("{", "").replace("}", "").replace("&amp;", " ")  # & aligns columns
    text = text.replace("\x01", "{").replace("\x02", "}")
    text = re.sub(r"([⌊⌈]) | ([⌋⌉])", r"\1\2", text)
    text = re.sub(r"[\s,;]*; ", "; ", text)  # a line break after "," or "\\" ends one statement
    return re.sub(r"[ \t]{2,}", " ", text).strip()


def strip_math(text: str) -> str:
    """``text`` with every ``\\(...\\)`` and ``\\[...\\]`` formula written as plain text."""
    return MATH.sub(lambda m: tex_to_text(m[1] if m[1] is not None else m[2]), text)
