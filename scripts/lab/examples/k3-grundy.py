# title: Grundy numbers of the triangular chocolate (k = 3)
# title-ja: 三角形のチョコレート (k = 3) のグランディ数
# group: open
# en: Our question: the P-positions are known, the Grundy numbers are not.
# en: Where does G differ from x ^ y ^ z?
# ja: 私たちの問い: P 局面はわかっているが、グランディ数はわかっていない。
# ja: G が x ^ y ^ z と異なるのはどこか。
import grundy

table = grundy.game("chocolate", k=3).table(16)
rows = [(*p, g, p[0] ^ p[1] ^ p[2]) for p, g in table.items() if g != p[0] ^ p[1] ^ p[2]]
print(f"{len(rows)} of {len(table)} positions have G != x ^ y ^ z")
show(rows, header=["x", "y", "z", "G", "x^y^z"], name="chocolate-k3-grundy")
