# title: A sum of three games: where is the winning move?
# title-ja: 3 つのゲームの和: 勝つための手はどこにあるか
# group: theorem
# en: The "Play a sum" widget's start: a triangular chocolate, a Nim heap and a Wythoff
# en: board. Each component's Grundy value, their nim-sum, and every winning move.
# ja: 「ゲームの和で遊ぶ」の開始局面: 三角形のチョコレート、ニムの山、ワイソフの盤。
# ja: 各成分のグランディ数、そのニム和、勝つ手のすべて。
import grundy

parts = [grundy.game("chocolate", k=3), grundy.game("nim", heaps=1), grundy.game("wythoff")]
start = [(10, 5, 5), (6,), (3, 5)]
values = [game.grundy(pos) for game, pos in zip(parts, start)]
total = values[0] ^ values[1] ^ values[2]
print("Grundy values:", values, " nim-sum:", total)
game = grundy.SumGame(parts)
pos = sum(start, ())
for move in game.moves(pos):
    if game.grundy(move.to) == 0:
        print("winning move:", game.split(move.to), "-", move.describe())
