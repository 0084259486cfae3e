# title: Triangular chocolate (k = 3): P-positions are x ⊕ y ⊕ z = 0
# title-ja: 三角形のチョコレート (k = 3): P 局面は x ⊕ y ⊕ z = 0
# group: theorem
# en: [M2012], Theorem 2.1: with 3y <= x + z, {x, y, z} is a P-position
# en: exactly when x ^ y ^ z = 0. Check it for x, z <= N.
# ja: [M2012] の定理 2.1: 3y <= x + z のとき、{x, y, z} が P 局面であるのは
# ja: x ^ y ^ z = 0 のとき、かつそのときに限る。x, z <= N で確かめる。
import grundy

N = 40
choc = grundy.game("chocolate", k=3)
table = choc.table(N)
bad = [p for p, g in table.items() if (g == 0) != (p[0] ^ p[1] ^ p[2] == 0)]
print(f"{len(table):,} positions, {len(table.p_positions()):,} P-positions, exceptions: {bad}")
show(choc, (10, 5, 5))
print("G(10, 5, 5) =", choc.grundy((10, 5, 5)), "  10 ^ 5 ^ 5 =", 10 ^ 5 ^ 5)
