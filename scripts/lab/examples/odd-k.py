# title: For which k are the P-positions exactly x ⊕ y ⊕ z = 0?
# title-ja: P 局面がちょうど x ⊕ y ⊕ z = 0 になるのはどの k か
# group: open
# en: Open problem: x ^ y ^ z = 0 is a theorem for k = 3; as far as computed it holds
# en: for every k = 4m + 3 and fails for k = 4m + 1. Some even k pass for small N:
# en: raise N (slower) and look for a counterexample, or a proof.
# ja: 未解決問題: x ^ y ^ z = 0 は k = 3 では定理。計算した範囲では k = 4m + 3 で
# ja: 成り立ち、k = 4m + 1 では成り立たない。N が小さいと通る偶数の k もある:
# ja: N を大きくして (遅くなります) 反例か証明を探そう。
import grundy

N = 30
for k in range(1, 16):
    table = grundy.game("chocolate", k=k).table(N)
    bad = [p for p, g in table.items() if (g == 0) != (p[0] ^ p[1] ^ p[2] == 0)]
    first = min(bad, key=sum) if bad else None
    print(f"k = {k:2}: {'holds' if first is None else f'fails, e.g. at {first}'}")
