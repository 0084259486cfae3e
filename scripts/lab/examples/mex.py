# title: The mex rule, by hand
# title-ja: mex の規則を手で計算する
# group: theorem
# en: The Grundy value of a position is the smallest number that is not the value of
# en: one of its options (the mex). Compute it from the moves and compare with the engine.
# ja: 局面のグランディ数は、行き先のグランディ数に現れない最小の数 (mex)。
# ja: 手の一覧から計算して、エンジンの値と比べる。
import grundy


def mex(values):
    n = 0
    while n in values:
        n += 1
    return n


nim = grundy.game("nim", heaps=3)
pos = (1, 2, 4)
options = sorted({nim.grundy(move.to) for move in nim.moves(pos)})
print("values of the options:", options)
print("mex:", mex(options), " engine:", nim.grundy(pos), " 1 ^ 2 ^ 4 =", 1 ^ 2 ^ 4)
