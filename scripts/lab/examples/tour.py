# title: A tour of the engine
# title-ja: エンジンの使い方
# group: start
import grundy

# en: A game: chocolate (k), nim (heaps), rect (sides), step and step3 (f), wythoff, ryuoh (p), chomp (rows).
# ja: ゲーム: chocolate (k), nim (heaps), rect (sides), step と step3 (f), wythoff, ryuoh (p), chomp (rows)。
g = grundy.game("chocolate", k=3)
start = (10, 5, 5)
# en: The Grundy value, the outcome ("P" or "N") in normal and misère play, a winning move.
# ja: グランディ数、正規形とミゼールの勝敗 ("P" か "N")、勝つ手。
print(g.coords, g.grundy(start), g.outcome(start), g.outcome(start, misere=True))
print("a winning move:", g.winning_move(start).to)
# en: A table: every position with all coordinates <= 12.
# ja: 表: どの座標も 12 以下のすべての局面。
t = g.table(12)
print(len(t), "positions,", len(t.p_positions()), "P-positions")
# en: show() draws a position, or shows a table (downloadable as CSV in the Lab).
# ja: show() は局面を描き、表を表示します (ラボでは CSV でダウンロードできます)。
show(g, start)
show(t.p_positions(), header=list(g.coords), name="p-positions")
