# title: Wythoff's game: P-positions (⌊nφ⌋, ⌊nφ²⌋)
# title-ja: ワイソフのゲーム: P 局面は (⌊nφ⌋, ⌊nφ²⌋)
# group: theorem
import math

import grundy

N = 100
phi = (1 + math.sqrt(5)) / 2
pairs = {(math.floor(n * phi), math.floor(n * phi * phi)) for n in range(N)}
expected = {(a, b) for a, b in pairs | {(b, a) for a, b in pairs} if a <= N and b <= N}
found = set(grundy.game("wythoff").table(N).p_positions())
print(f"x, y <= {N}: {len(found)} P-positions; the formula gives the same set: {found == expected}")
print(sorted(p for p in found if p[0] <= p[1])[:10])
