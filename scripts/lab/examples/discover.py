# title: Discover the formula of a game you write
# title-ja: 自分で書いたゲームの式を発見する
# group: open
# en: A game of your own: two heaps, take 1, 2 or 3 stones from one of them.
# en: grundy.discover searches the simplest formula for its P-positions on the table,
# en: then for its Grundy values. Change the moves and search again.
# ja: 自分のゲーム: 2 つの山のどちらかから 1〜3 個取る。grundy.discover が
# ja: 表の上で P 局面の最も簡単な式を探し、次にグランディ数の式を探す。
# ja: 手を変えて、もう一度探してみよう。
import grundy


class TakeThree(grundy.Game):
    name = "take3"
    coords = ("a", "b")

    def targets(self, pos):
        a, b = pos
        for t in (1, 2, 3):
            if t <= a:
                yield (a - t, b)
            if t <= b:
                yield (a, b - t)

    def describe(self, pos, to):
        return grundy.Text(f"take {sum(pos) - sum(to)}", f"{sum(pos) - sum(to)} 個取る")


game = TakeThree()
for target in ("P", "grundy"):
    found = grundy.discover(game, max=10, target=target)
    print(target, ":", found.formula, "- holds up to", found.holds_to, "on", found.checked, "positions")
    for miss in found.near_misses[:2]:
        print("   near miss:", miss.formula, "first fails at", miss.first_counterexample)
