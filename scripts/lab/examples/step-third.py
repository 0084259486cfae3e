# title: Step chocolates: where f(t) = ⌊t/3⌋ breaks the condition
# title-ja: 階段チョコレート: f(t) = ⌊t/3⌋ が条件を破るところ
# group: theorem
# en: The condition: if z and z' agree except in their last i binary digits, then f(z)
# en: and f(z') agree except in their last i - 1 digits. Find the first pair that breaks
# en: it for f(t) = t // 3, then the first position where G differs from y ^ z.
# ja: 条件: z と z' が下から i 桁を除いて一致するなら、f(z) と f(z') は下から i - 1 桁を
# ja: 除いて一致する。f(t) = t // 3 でこれを破る最初の組と、G が y ^ z と異なる
# ja: 最初の局面を探す。
import grundy


def f(t):
    return t // 3


def first_break(limit):
    for z in range(limit):
        for z2 in range(z):
            for i in range(1, limit.bit_length() + 1):
                if z >> i == z2 >> i and f(z) >> (i - 1) != f(z2) >> (i - 1):
                    return z2, z, i
    return None


print("first pair (z', z, i) breaking the condition:", first_break(64))
table = grundy.game("step", f="t//3").table(31)
bad = sorted((p for p, g in table.items() if g != p[0] ^ p[1]), key=lambda p: (p[1], p[0]))
print("first position with G != y ^ z:", bad[0], "G =", table[bad[0]])
