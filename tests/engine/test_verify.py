"""grundy.verify.run: ids, fields, statuses (small bounds); the ids come from the games."""

import grundy
import grundy.verify as verify
from grundy import Text
from grundy.registry import games


def expected_ids() -> list[str]:
    """Every registered game's own checks, in registry order, then the sums."""
    ids = []
    for cls in games():
        ids += [spec.id for spec in cls.checks if spec.id not in ids]
    return [*ids, "sums"]


def test_run_small():
    checks = verify.run(max_n=8)
    assert [c.id for c in checks] == expected_ids()
    specs = verify.specs()
    by_id = {c.id: c for c in checks}
    for c in checks:
        assert c.statement == specs[c.id].statement and c.kind == specs[c.id].kind
        for text in (c.statement, c.bound, c.detail):
            assert isinstance(text, Text)
        assert c.statement.en and c.statement.ja and c.bound.en and c.bound.ja
        assert bool(c.detail.en) == bool(c.detail.ja)
        assert c.status in ("holds", "counterexample"), (c.id, c.detail)
        assert c.kind in ("theorem", "conjecture", "computation")
        if c.kind == "theorem":
            assert c.status == "holds", c
    assert by_id["chocolate-even-k"].status == "counterexample"
    assert "k = 5: first counterexample (2, 1, 3)" in by_id["chocolate-odd-k"].detail.en


def test_bound_wording():
    [c] = verify.run(max_n=20, ids={"chocolate-k3"})
    count = sum((x + z) // 3 + 1 for x in range(21) for z in range(21))
    assert str(c.bound) == f"all {count:,} positions with x, z <= 20"
    assert c.bound.ja == f"x, z <= 20 のすべての {count:,} 局面"


def test_even_k_facts_the_teacher_note_states():
    """The note on other inequalities: for k = 16 the rule x ⊕ y ⊕ z = 0 gives exactly the
    P-positions with x, z <= 127 and not beyond; for k = 2 every P-position has an even
    nim-sum (the check chocolate-even-k says so where it holds)."""
    def exact(k, n):
        t = grundy.game("chocolate", k=k).table(n)
        return all((v == 0) == (x ^ y ^ z == 0) for (x, y, z), v in t.items())
    assert exact(16, 127) and not exact(16, 140)
    (check,) = grundy.verify.run(ids=["chocolate-even-k"])
    assert "k = 2: " in check.detail.en and "every one with an even nim-sum" in check.detail.en
    assert all((x ^ y ^ z) % 2 == 0 for x, y, z in grundy.game("chocolate", k=2).table(40).p_positions())
