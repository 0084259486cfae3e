# title: Step chocolates: G = y ⊕ z exactly when f satisfies the condition
# title-ja: 階段チョコレート: f が条件を満たすときだけ G = y ⊕ z
# group: theorem
import grundy

for f in ["t//2", "t//4", "t", "t//3", "t//2 + 1"]:
    table = grundy.game("step", f=f).table(63)
    bad = [p for p, g in table.items() if g != p[0] ^ p[1]]
    where = f"first exception {bad[0]}" if bad else "G = y ^ z everywhere"
    print(f"f(t) = {f:9} z <= 63: {where}")
