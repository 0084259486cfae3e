# title: The chocolate y ≤ x + z (k = 1): (x − 1) ⊕ y ⊕ (z − 1) = 0
# title-ja: y ≤ x + z のチョコレート (k = 1): (x − 1) ⊕ y ⊕ (z − 1) = 0
# group: theorem
# en: [GS], announced in [M2012] section 6: the P-positions are {0, 0, 0} and the positions with
# en: x, z >= 1 and (x - 1) ^ y ^ (z - 1) = 0.
# ja: [GS] (予告は [M2012] の第 6 節): P 局面は {0, 0, 0} と、x, z >= 1 かつ
# ja: (x - 1) ^ y ^ (z - 1) = 0 を満たす局面。
import grundy

N = 24
table = grundy.game("chocolate", k=1).table(N)


def formula(x, y, z):
    return (x, y, z) == (0, 0, 0) or (x >= 1 and z >= 1 and (x - 1) ^ y ^ (z - 1) == 0)


bad = [p for p, g in table.items() if (g == 0) != formula(*p)]
print(f"x, z <= {N}: {len(table):,} positions, exceptions: {bad}")
