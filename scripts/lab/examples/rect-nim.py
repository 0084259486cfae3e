# title: Rectangular bars are Nim
# title-ja: 長方形のチョコレートはニム
# group: theorem
# en: A bar cut on 2, 3 or 4 sides is Nim with that many heaps: its Grundy value is the
# en: nim-sum of its coordinates. Check it for every coordinate <= N.
# ja: 2, 3, 4 辺で切れるチョコレートは、その数の山のニム: グランディ数は座標のニム和。
# ja: どの座標も N 以下の局面で確かめる。
from functools import reduce
from operator import xor

import grundy

N = 7
for sides in (2, 3, 4):
    table = grundy.game("rect", sides=sides).table(N)
    bad = [p for p, g in table.items() if g != reduce(xor, p)]
    print(f"{sides} sides: {len(table):,} positions, exceptions: {bad}")
