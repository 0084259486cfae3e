# title: Nim: G(a, b, c) = a ⊕ b ⊕ c (Bouton)
# title-ja: ニム: G(a, b, c) = a ⊕ b ⊕ c (バウトン)
# group: theorem
# en: Bouton's theorem: the Grundy value of Nim is the nim-sum of the heaps.
# ja: バウトンの定理: ニムのグランディ数は山のニム和。
import grundy

nim = grundy.game("nim", heaps=3)
table = nim.table(12)
wrong = [pos for pos, g in table.items() if g != pos[0] ^ pos[1] ^ pos[2]]
print(f"{len(table):,} positions with heaps <= 12; exceptions: {wrong}")
show(nim, (3, 5, 6))
