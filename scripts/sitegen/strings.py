"""Every sentence the generators write, in English and Japanese (the games' names come
from the engine: `game.label()`, a grundy.Text)."""

from __future__ import annotations

import re

from grundy import Text

STRINGS: dict[str, Text] = {
    # tables
    "table.engine": Text("Grundy values of {game}, computed by the engine ({range}).",
                         "{game}のグランディ数 (エンジンで計算、{range})。"),
    "table.formula": Text("The formula {expr} for {game} ({range}).",
                          "{game}の式 {expr} の値 ({range})。"),
    "table.misere": Text("Misère play (the last player to move loses): the outcome of each "
                         "position of {game}, computed by the engine ({range}).",
                         "ミゼール (最後に動かした人が負け) での{game}の各局面の勝敗 "
                         "(エンジンで計算、{range})。"),
    "table.legend.misere": Text("P: the previous player wins (shaded); N: the next player wins.",
                                "P: P 局面 (色付き。直前に動かした人が勝ちます)、N: N 局面 (次に動かす人が勝ちます)。"),
    "table.range": Text("{coords} ≤ {max}", "{coords} ≤ {max}"),
    "table.fixed": Text("{name} = {value}", "{name} = {value}"),
    "table.legend.p": Text("Shaded: P-positions (Grundy value 0, the second player wins).",
                           "色付きのマス: P 局面 (グランディ数 0)。"),
    "table.legend.p.formula": Text("Shaded: the formula is 0 (P-positions).",
                                   "色付きのマス: 式の値が 0 (P 局面)。"),
    "table.legend.xor": Text("Outlined in red: cells where G ≠ {xor} ({n} of {total}).",
                             "赤枠のマス: G ≠ {xor} となるマス ({total} 個中 {n} 個)。"),
    "table.legend.formula": Text("Outlined in red: cells where the engine and the formula differ "
                                 "({n} of {total}).",
                                 "赤枠のマス: エンジンの値と式の値が異なるマス ({total} 個中 {n} 個)。"),
    "table.legend.void": Text("Empty cells are not positions of this game.",
                              "空のマスはこのゲームの局面ではありません。"),
    "csv.link": Text("Download the data (CSV)", "データをダウンロード (CSV)"),
    "nimsum.caption": Text("Nim-sums a ⊕ b for 0 ≤ a, b ≤ {max} (rows a, columns b).",
                           "ニム和 a ⊕ b の表 (0 ≤ a, b ≤ {max}、行が a、列が b)。"),
    "nimsum.legend": Text("Shaded: a ⊕ b = 0, which happens exactly when a = b.",
                          "色付きのマス: a ⊕ b = 0 (a = b のときだけ)。"),
    "pp.summary": Text("{Game} has {pps} with {range}:",
                       "{range} の範囲で、{game}の P 局面は {n} 個あります:"),
    "pp.misere": Text("In misère play, {game} has {pps} with {range}:",
                      "ミゼールでは、{range} の範囲で{game}の P 局面は {n} 個あります:"),
    "pp.more": Text("… and {n} more (all of them are in the CSV file).",
                    "… ほか {n} 個 (すべて CSV ファイルにあります)。"),
    # verification
    "verify.title.theorem": Text("Checked by brute force during the build",
                                 "ビルド時に総当たりで確認"),
    "verify.title.conjecture": Text("Conjecture, tested during the build",
                                    "予想: ビルド時に計算で確認"),
    "verify.title.computation": Text("Computed data, not a theorem",
                                     "計算結果 (定理ではありません)"),
    "theorems.intro": Text(
        "The cases the engine solves by a theorem (the Explain panel argues from these; any "
        "other position is computed from the rules):",
        "エンジンが定理で解く場合（説明パネルはこれにもとづいて説明します。それ以外の局面は"
        "ルールから計算します）:"),
    "verify.holds": Text("Holds for {bound}.", "{bound}で成り立ちます。"),
    "verify.conjecture": Text("Counterexample found: {detail} (checked: {bound}).",
                              "反例が見つかりました: {detail} (確認した範囲: {bound})。"),
    "verify.computation": Text("Computed for {bound}: {detail}",
                               "{bound}について計算しました: {detail}"),
    "verify.unproved": Text("This is not proved: the computation only covers the positions above.",
                            "証明はされていません。計算で確かめたのは上の範囲だけです。"),
    # machine proofs (proofs.py)
    "verify.title.proved": Text("Checked by brute force and proved by machine during the build",
                                "ビルド時に総当たりで確認し、機械で証明"),
    "proofs.proved": Text("Proved for every position by machine: {cases}.",
                          "機械による証明 (すべての局面): {cases}。"),
    "proofs.refuted": Text("Refuted by machine: {cases}.", "機械による反証: {cases}。"),
    "proofs.at": Text("{case} (first counterexample {pos})", "{case} (最初の反例 {pos})"),
    "proofs.open": Text("Not decided within the build's time limit: {cases}.",
                        "ビルドの制限時間内には決まらなかったもの: {cases}。"),
    "proofs.how": Text(
        "MONA, an automata-based decision procedure, decided the two halves of the induction "
        "on the positions (no move between two positions where the formula holds, and a move "
        "to one from every other position; for G, the mex rule): sentences of Büchi arithmetic, "
        "written in MONA's logic, WS1S. The times are those of the build that proved them. One "
        "of the commands:",
        "オートマトンにもとづく決定手続き MONA が、局面についての帰納法の 2 つの条件 "
        "(式が成り立つ局面どうしの間に手がなく、ほかのすべての局面からそのような局面への手がある。"
        "G については mex の規則) を、MONA の論理 WS1S で書いたビュッヒ算術の文として判定"
        "しました。時間は証明したビルドでの計測です。コマンドの例:"),
    "proofs.partly": Text(
        "The brute force covers only the positions above; each machine proof covers every "
        "position, for the parameter it names (not every k at once: that is not one "
        "statement the procedure can decide).",
        "総当たりで確かめたのは上の範囲だけです。機械による証明はそれぞれ、名前を挙げたパラメータ"
        "についてすべての局面を扱います (すべての k を一度に扱うものではありません。それは決定手続きが"
        "判定できる 1 つの文ではないからです)。"),
    "proofs.caption": Text(
        "Each case decided for every position by MONA during the build: the time it took and "
        "the largest automaton it built (states).",
        "ビルド時に MONA がすべての局面について判定した結果。かかった時間と、作った最大の"
        "オートマトンの状態数。"),
    "proofs.head.case": Text("Case", "場合"),
    "proofs.head.result": Text("Result", "結果"),
    "proofs.head.counterexample": Text("First counterexample", "最初の反例"),
    "proofs.head.time": Text("Time", "時間"),
    "proofs.head.states": Text("Largest automaton (states)", "最大の状態数"),
    "proofs.row.proved": Text("proved", "証明"),
    "proofs.row.refuted": Text("refuted", "反証"),
    "proofs.row.open": Text("not decided within {limit}", "{limit}以内に決まらず"),
    "proofs.reached": Text(
        "{family}: proved one after the other until the family's budget of {budget} was spent "
        "or a case was not proved within its limit; the largest proved: {last}.",
        "{family}: 予算 {budget} を使い切るか、制限時間内に証明できない場合が出るまで順に"
        "証明しました。証明できた最大のもの: {last}。"),
    "proofs.first": Text("{family}: the first {n}, each refuted.", "{family}: 最初の {n} 個、すべて反証。"),
    # pictures and widgets
    "picture.caption": Text("The position {pos} of {game}.", "{game}の局面 {pos}。"),
    "widget.static": Text("The interactive version of this {kind} needs JavaScript; "
                          "a static view is shown instead.",
                          "この{kind}を操作するには JavaScript が必要です。ここでは静的な図を表示しています。"),
    "widget.kind.play": Text("game", "ゲーム"),
    "widget.kind.table": Text("table explorer", "表エクスプローラー"),
    "widget.kind.nimsum": Text("nim-sum calculator", "ニム和計算機"),
    "widget.kind.pviewer": Text("P-position viewer", "P 局面ビューアー"),
    # figures: caption and alt text
    "fig.pp3d.caption": Text(
        "The P-positions {{x, y, z}} of the triangular chocolate (k = 3) with x, z ≤ 60 and y ≤ 30 "
        "in three dimensions (after the paper's figure 5.1).",
        "三角形のチョコレート (k = 3) の P 局面 {{x, y, z}} (x, z ≤ 60, y ≤ 30) を "
        "3 次元に並べた図 (論文の図 5.1 に対応)。"),
    "fig.pp3d.alt": Text(
        "A 3-D scatter plot of {count} points with axes x, z (horizontal) and y (vertical): "
        "the P-positions of the k = 3 chocolate. Seen from this angle they look like "
        "scattered triangular layers.",
        "x, z を水平方向、y を垂直方向にとった {count} 個の点の 3 次元散布図。"
        "k = 3 のチョコレートの P 局面で、この角度からは三角形の層が散らばって見える。"),
    "fig.pp3d-rotated.caption": Text(
        "The same points seen along the direction x = z (rotated by π/4 about the y axis, "
        "after the paper's figure 5.2): a Sierpinski triangle appears.",
        "同じ点を x = z の方向から見た図 (y 軸の周りに π/4 回転、論文の図 5.2 に対応)。"
        "シュルピンスキー図形が現れる。"),
    "fig.pp3d-rotated.alt": Text(
        "The {count} P-positions of the k = 3 chocolate in 3-D, viewed along the diagonal "
        "between the x and z axes, with y vertical: the points form a Sierpinski triangle "
        "with its apex at the bottom.",
        "k = 3 のチョコレートの P 局面 {count} 個を、x 軸と z 軸の間の対角線の方向から"
        "見た 3 次元の図 (y が垂直方向)。点は下に頂点のあるシュルピンスキー図形をつくる。"),
    "fig.and-triangle.caption": Text(
        "The set {{(x, y) : x & y = 0}} for 0 ≤ x, y ≤ 63, where & is the bitwise AND "
        "(after the paper's figure 5.3): a Sierpinski triangle.",
        "集合 {{(x, y) : x & y = 0}} (0 ≤ x, y ≤ 63、& はビットごとの AND、論文の図 5.3 に対応)。"
        "シュルピンスキー図形になる。"),
    "fig.and-triangle.alt": Text(
        "{count} small squares at the points (x, y) with x & y = 0 for x, y from 0 to 63: "
        "a right-angled Sierpinski triangle with its corner at the origin, made of "
        "three copies of itself, each made of three smaller copies.",
        "0 から 63 までの x, y で x & y = 0 となる点 (x, y) に置いた {count} 個の小さな正方形。"
        "原点に直角の頂点があるシュルピンスキー図形で、自分自身の 3 つの縮小コピーからできている。"),
    "fig.gasket.caption": Text(
        "The points (y, z − x) for x ⊕ y ⊕ z = 0 and x, y, z ≤ 40 (after the paper's figure 5.4).",
        "x ⊕ y ⊕ z = 0、x, y, z ≤ 40 を満たす点 (y, z − x) (論文の図 5.4 に対応)。"),
    "fig.gasket.alt": Text(
        "A scatter plot of {count} points (y, z − x) with y horizontal: a Sierpinski "
        "triangle with its apex at the origin, opening to the right, twice as tall as wide.",
        "y を横軸にとった {count} 個の点 (y, z − x) の散布図。原点に頂点があり右に開いた"
        "シュルピンスキー図形で、高さは幅の 2 倍。"),
    "fig.gasket-scaled.caption": Text(
        "The same points with the vertical axis divided by √2: (y, (z − x)/√2), the "
        "projection of the rotated 3-D figure (after the paper's figure 5.5).",
        "同じ点の縦軸を √2 で割った (y, (z − x)/√2)。回転した 3 次元の図の射影である (論文の図 5.5 に対応)。"),
    "fig.gasket-scaled.alt": Text(
        "A scatter plot of {count} points (y, (z − x)/√2) with y horizontal: the same "
        "Sierpinski triangle as before, with its apex at the origin, less tall.",
        "y を横軸にとった {count} 個の点 (y, (z − x)/√2) の散布図。前の図と同じシュルピンスキー図形で、"
        "原点に頂点があり、縦が縮んでいる。"),
    "fig.projection.caption": Text(
        "The P-positions of the chocolate with {k}y ≤ x + z (x, z ≤ {max}), projected to "
        "(y, (z − x)/√2) like figure 5.5; computed by the engine.",
        "{k}y ≤ x + z のチョコレートの P 局面 (x, z ≤ {max}) を図 5.5 と同じように "
        "(y, (z − x)/√2) へ射影した図 (エンジンで計算)。"),
    "fig.projection.alt": Text(
        "A scatter plot of the {count} P-positions of the chocolate with k = {k}, "
        "x and z up to {max}, at the points (y, (z − x)/√2) with y horizontal.",
        "k = {k}、x, z ≤ {max} のチョコレートの P 局面 {count} 個を、y を横軸にして"
        "点 (y, (z − x)/√2) に置いた散布図。"),
    "fig.heatmap.caption": Text(
        "Grundy values G(x, y) of {game} for 0 ≤ x, y ≤ {max}; dots mark the P-positions (G = 0).",
        "{game}のグランディ数 G(x, y) (0 ≤ x, y ≤ {max})。点は P 局面 (G = 0)。"),
    "fig.heatmap.alt": Text(
        "A heat map of the Grundy values of {game}, x to the right and y downward from "
        "0 to {max}, dark for small values and yellow for large ones, with {count} "
        "P-positions marked by white dots.",
        "{game}のグランディ数のヒートマップ。x は右向き、y は下向きに 0 から {max} まで。"
        "小さい値は暗い色、大きい値は黄色で、P 局面 {count} 個を白い点で示す。"),
    "nimsum.total": Text("Nim-sum", "ニム和"),
}


# The engine writes plain ASCII (Python's operators); readers see the lessons' notation.
_SUPERSCRIPT = str.maketrans("0123456789i-+", "⁰¹²³⁴⁵⁶⁷⁸⁹ⁱ⁻⁺")
NOTATION = [
    (r"2\*\*\(ilog2\(t\)-1\) if t >= 2 else 0", "2^(⌊log₂ t⌋ − 1) (t ≥ 2), 0 (t < 2)"),
    (r"(\S+) >> \(?([\w+-]+)\)?", lambda m: f"⌊{m[1]}/2{m[2].translate(_SUPERSCRIPT)}⌋"),
    (r"(\([^()]*\)|[\w']+)\s*//\s*(\w+)", r"⌊\1/\2⌋"),
    (r"\((⌊[^⌊⌋()]*⌋)\)", r"\1"),
    (r"=>", "⇒"), (r"==", "="), (r"<=", "≤"), (r">=", "≥"), (r"!=", "≠"), (r" \^ ", " ⊕ "),
    (r"\((\w) - (\d)\)", r"(\1 − \2)"), (r"\b(\d+)x(\d+)\b", "\\1\u00a0×\u00a0\\2"),
    (r"\b(\d+)\.\.(\d+)\b", r"\1, …, \2"), (r" iff ", " exactly when "), (r"\bxor\b", "nim-sum"),
    (r"[{(]\d+(?:, \d+)+[})]", lambda m: m[0].replace(", ", ",\u00a0")),  # never split a position
]


def notation(phrase: str) -> str:
    """`phrase` with the engine's ASCII formulas (t//2, x ^ y, <=, iff) in the lessons' notation."""
    for pattern, repl in NOTATION:
        phrase = re.sub(pattern, repl, phrase)
    return phrase


_JA = "\u3041-\u30ff\u3400-\u4dbf\u4e00-\u9fff\u3001-\u303f\uff01-\uff60"
_JA_SPACE = re.compile(f"(?<=[{_JA}]) +(?=[{_JA}])")
_JA_COMMA = re.compile(f"(?<=[{_JA}]), (?=[{_JA}])")


def japanese_spacing(phrase: str) -> str:
    """A Japanese phrase assembled from parts without the spaces (or ", ") the joins left
    between two Japanese characters."""
    return _JA_COMMA.sub("、", _JA_SPACE.sub("", phrase))


def count(n: int, singular: str, plural: str) -> str:
    """An English count with its noun: "1 P-position", "1,024 P-positions"."""
    return f"{n:,} {singular if n == 1 else plural}"


def text(key: str, lang: str, **fields) -> str:
    """The string `key` in `lang` ("en" or "ja"), with `fields` filled in."""
    phrase = STRINGS[key].get(lang).format(**fields)
    return japanese_spacing(phrase) if lang == "ja" else phrase
