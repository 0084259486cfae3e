# title: Nim with a pass: which P-positions change?
# title-ja: パスのあるニム: どの P 局面が変わるか
# group: open
# en: One pass in the whole game, for either player, never from the end position.
# en: Compare the P-positions of three-heap Nim with and without the pass.
# ja: パスはゲーム全体で 1 回だけ、どちらの手番でも使えるが、終了局面からは使えない。
# ja: 3 山のニムの P 局面を、パスがある場合とない場合で比べる。
import grundy

N = 7
nim = grundy.game("nim", heaps=3)
with_pass = grundy.with_pass(nim)
normal = {p for p in nim.table(N).p_positions() if p[0] <= p[1] <= p[2]}
passing = {p[:3] for p in with_pass.table(N).p_positions() if p[3] == 1 and p[0] <= p[1] <= p[2]}
print("P without the pass only:", sorted(normal - passing)[:8])
print("P with the pass only:   ", sorted(passing - normal)[:8])
