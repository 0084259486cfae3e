# title: Ryuoh Nim: G(x, y) = (x + y) mod p + p(⌊x/p⌋ ⊕ ⌊y/p⌋)
# title-ja: 龍王ニム: G(x, y) = (x + y) mod p + p(⌊x/p⌋ ⊕ ⌊y/p⌋)
# group: theorem
# en: The Grundy values of generalized Ryuoh Nim, for p = 1..8 and x, y <= 24.
# ja: 一般化された龍王ニムのグランディ数 (p = 1..8、x, y <= 24)。
import grundy

for p in range(1, 9):
    table = grundy.game("ryuoh", p=p).table(24)
    bad = [(x, y) for (x, y), g in table.items() if g != (x + y) % p + p * ((x // p) ^ (y // p))]
    print(f"p = {p}: {len(table)} positions, exceptions: {bad}")
show(grundy.game("ryuoh", p=3).table(8), name="ryuoh-p3")
