"""Nim, the rectangular bar (Bouton's theorem) and sums of games (Sprague-Grundy):
the heaps in binary columns, the highest 1 of the nim-sum, which heap to lower, to what."""

from __future__ import annotations

from ..text import Text
from .base import END, Explanation, Step, bit, explainer, fmt, nimsum_steps, no_move, winning

_SIDES = {"right": Text("the right side", "右側"), "left": Text("the left side", "左側"),
          "up": Text("the top side", "上側"), "down": Text("the bottom side", "下側")}

P_NIM = Text("Every move changes exactly one heap, so it changes some binary column: the "
             "nim-sum is no longer 0, and the opponent can make it 0 again. There is no "
             "winning move here; the opponent wins with best play.",
             "どの手もちょうど 1 つの山を変えるので、どこかの列が変わり、ニム和は 0 でなくなり"
             "ます。相手はまたニム和を 0 に戻せます。ここに勝つ手はなく、最善を尽くせば相手が"
             "勝ちます。")
WHY_NIM = Text("Its nim-sum is 0: a P-position. Whatever move the opponent makes, the "
               "nim-sum becomes nonzero, and you make it 0 again in the same way.",
               "ニム和が 0 なので P 局面です。相手がどう動かしてもニム和は 0 でなくなり、"
               "あなたはまた同じ方法でニム和を 0 に戻せます。")


def _labels(game, pos) -> list[Text]:
    names = game.coords_for(pos)
    if game.name == "rect":
        return [Text(f"cuts on {_SIDES[n].en}", f"{_SIDES[n].ja}の切れ目") for n in names]
    return [Text(f"heap {i}", f"山{i}") for i in range(1, len(names) + 1)]


def _subject(game, pos, i: int) -> Text:
    """The heap `i` as the subject of a sentence: "Heap 2 (6 stones)", "The left side
    (4 cuts)"."""
    h = pos[i]
    if game.name == "rect":
        side = _SIDES[game.coords_for(pos)[i]]
        return Text(f"{side.en[0].upper()}{side.en[1:]} ({h} {'cut' if h == 1 else 'cuts'})",
                    f"{side.ja}（切れる回数 {h}）")
    return Text(f"Heap {i + 1} ({h} {'stone' if h == 1 else 'stones'})",
                f"山{i + 1}（{h} 個）")


@explainer("nim", "rect")
def explain_nim(game, pos) -> Explanation | None:
    """Bouton's theorem, for Nim and for the rectangular bar (each side is a heap)."""
    labels = _labels(game, pos)
    intro = Text("Write the heaps in binary, one under the other. Bouton's theorem: a "
                 "position is a P-position exactly when the nim-sum (binary addition without "
                 "carry) of the heaps is 0.",
                 "山の大きさを 2 進数で縦に並べます。バウトンの定理: 山のニム和（繰り上がりの"
                 "ない 2 進数の足し算）が 0 の局面が、ちょうど P 局面です。")
    if game.name == "rect":
        intro = Text("Each side of the bitter square is a Nim heap: its number of possible "
                     "cuts. " + intro.en.replace("the heaps", "these heaps", 1),
                     "苦いマスの各辺は、切れる回数を大きさとするニムの山です。" + intro.ja)
    steps, s, m = nimsum_steps(list(zip(labels, pos)), intro)
    if s == 0:
        return no_move("theorem", steps, P_NIM if any(pos) else END)
    i = next(j for j, h in enumerate(pos) if bit(h, m))
    h, t = pos[i], pos[i] ^ s
    subject = _subject(game, pos, i)
    steps.append(Step(Text(
        f"{subject.en} has a 1 in that column. Lower it to {h} ⊕ {s} = {t}: this flips "
        f"exactly the columns where the nim-sum has a 1, so the new nim-sum is 0; and "
        f"{t} < {h}, because the {2 ** m}s digit goes from 1 to 0 and the higher digits "
        "stay.",
        f"{subject.ja}はその位に 1 を持っています。これを {h} ⊕ {s} = {t} に減らします。"
        f"{s} との ⊕ は、ニム和が 1 である位をすべて反転させ、ほかの位は変えないので、"
        f"新しいニム和は 0 です。しかも {2 ** m} の位が 1 から 0 になり、それより上の位は"
        f"変わらないので {t} < {h} です。"),
        {"row": i, "from": h, "value": t}))
    return winning(game, pos, pos[:i] + (t,) + pos[i + 1:], steps, True, WHY_NIM)


def explain_sum(game, pos) -> Explanation | None:
    """The Sprague-Grundy theorem: the value of a sum is the nim-sum of its components'
    values; lower the component that holds the highest 1 to (its value) ^ (nim-sum)."""
    parts = game.split(pos)
    values = [g.grundy(part) for g, part in zip(game.games, parts)]
    labels = [Text(f"game {i}: {g.label().en}", f"ゲーム{i}: {g.label().ja}")
              for i, g in enumerate(game.games, 1)]
    intro = Text("Sprague–Grundy theorem: the Grundy value of a sum is the nim-sum of the "
                 "Grundy values of its games. Write those values in binary.",
                 "スプレイグ・グランディの定理: ゲームの和のグランディ数は、各ゲームの"
                 "グランディ数のニム和です。それらを 2 進数で並べます。")
    steps, s, m = nimsum_steps(list(zip(labels, values)), intro)
    if s == 0:
        return no_move("theorem", steps, END if not game.moves(pos) else Text(
            "The sum has value 0: a P-position. A move changes the value of one game, so the "
            "nim-sum becomes nonzero; there is no winning move here.",
            "和のグランディ数は 0 なので P 局面です。どの手も 1 つのゲームの値を変えるので"
            "ニム和は 0 でなくなります。ここに勝つ手はありません。"))
    i = next(j for j, v in enumerate(values) if bit(v, m))
    v, t = values[i], values[i] ^ s
    component, part = game.games[i], parts[i]
    inner = next(mv for mv in component.moves(part) if component.grundy(mv.to) == t)
    to = tuple(c for j, p in enumerate(parts) for c in (inner.to if j == i else p))
    steps.append(Step(Text(
        f"Game {i + 1} (value {v}) has a 1 in that column. Move in it to a position of value "
        f"{v} ⊕ {s} = {t} < {v}; there is one, because {v} is the mex of the values of its "
        f"options, so every smaller value is among them: {inner.describe('en')}, to "
        f"{fmt(inner.to, False)}.",
        f"ゲーム{i + 1}（値 {v}）はその位に 1 を持っています。そのゲームで値が {v} ⊕ {s} = "
        f"{t} < {v} の局面に動かします。{v} は行き先の値の mex なので、それより小さい値は"
        f"必ず行き先にあります: {inner.describe('ja')}。{fmt(inner.to, False)} になります。"),
        {"row": i, "from": v, "value": t}))
    return winning(game, pos, to, steps, False, Text(
        "The values' nim-sum is now 0: a P-position of the sum.",
        "値のニム和が 0 になり、和の P 局面です。"))
