# title: Sprague–Grundy: the value of a sum is the nim-sum of the values
# title-ja: スプレイグ・グランディの定理: 和のグランディ数は各成分のニム和
# group: theorem
import grundy

a, b = grundy.game("chocolate", k=2), grundy.game("ryuoh", p=3)
both = grundy.SumGame([a, b])
bad = [(p, q) for p in a.table(5) for q in b.table(5)
       if both.grundy(p + q) != a.grundy(p) ^ b.grundy(q)]
print("chocolate (k = 2) + Ryuoh Nim (p = 3), every coordinate <= 5, exceptions:", bad)
