# title: The Sierpinski gasket in the P-positions
# title-ja: P 局面の中のシュルピンスキー図形
# group: theorem
# en: [M2012] Lemmas 5.2 and 5.3: p = (y + x - z) / 2 and q = (y - x + z) / 2 send the P-positions of the
# en: triangular chocolate to pairs with p & q = 0 (no carry). Check it and draw them.
# ja: [M2012] の補題 5.2 と 5.3: p = (y + x - z) / 2, q = (y - x + z) / 2 は三角形のチョコレートの P 局面を
# ja: p & q = 0 (繰り上がりなし) の組に移す。確かめて、描いてみる。
import grundy

N = 31
pairs = set()
for x, y, z in grundy.game("chocolate", k=3).table(N).p_positions():
    p, q = (y + x - z) // 2, (y - x + z) // 2
    assert p & q == 0, (x, y, z)
    pairs.add((p, q))
print(len(pairs), "pairs (p, q), all with p & q = 0")
for q in range(15, -1, -1):
    print("".join("#" if (p, q) in pairs else "." for p in range(16 - q)))
