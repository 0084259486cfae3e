# title: The chocolate 2y ≤ x + z: what are its P-positions?
# title-ja: 2y ≤ x + z のチョコレート: P 局面はどうなっているか
# group: open
# en: Open problem: no formula is known for even k. Here are the P-positions with
# en: y = 1 and y = 2; look for a pattern (the table can be downloaded as CSV).
# ja: 未解決問題: k が偶数のときの式は知られていない。y = 1, 2 の P 局面を並べた。
# ja: 規則を探そう (表は CSV でダウンロードできます)。
import grundy

table = grundy.game("chocolate", k=2).table(30)
rows = [p for p in table.p_positions() if p[1] in (1, 2) and p[0] <= p[2]]
print(len(table.p_positions()), "P-positions with x, z <= 30")
show(rows, header=["x", "y", "z"], name="chocolate-k2-p-positions")
