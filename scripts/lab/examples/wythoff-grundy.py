# title: Grundy numbers of Wythoff's game
# title-ja: ワイソフのゲームのグランディ数
# group: open
import grundy

table = grundy.game("wythoff").table(11)
for y in range(12):
    print(" ".join(f"{table[(x, y)]:3}" for x in range(12)))
