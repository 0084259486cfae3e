# title: Misère against normal play (triangular chocolate)
# title-ja: ミゼールと正規形の比較 (三角形のチョコレート)
# group: open
# en: Open problem: how are the misère P-positions related to the normal ones?
# en: List the positions where the two kinds of play disagree.
# ja: 未解決問題: ミゼールの P 局面と正規形の P 局面はどう関係しているか。
# ja: 二つの遊び方で結果が異なる局面を並べる。
import grundy

for k in (3, 5):
    table = grundy.game("chocolate", k=k).table(24)
    normal = set(table.p_positions())
    misere = set(table.misere_p_positions())
    print(f"k = {k}: only normal {sorted(normal - misere)[:6]} ...; "
          f"only misère {sorted(misere - normal)[:6]} ...")
