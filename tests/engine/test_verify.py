"""grundy.verify.run: ids, fields, statuses (small bounds)."""

import grundy.verify as verify

IDS = ["nim", "rect", "chocolate-k3", "chocolate-k1", "chocolate-odd-k", "chocolate-even-k",
       "step-condition", "step3", "wythoff-p", "ryuoh", "sums"]


def test_run_small():
    checks = verify.run(max_n=8)
    assert [c.id for c in checks] == IDS
    by_id = {c.id: c for c in checks}
    for c in checks:
        assert c.statement and c.statement_ja and c.bound
        assert c.status in ("holds", "counterexample"), (c.id, c.detail)
        assert c.kind in ("theorem", "conjecture", "computation")
        if c.kind == "theorem":
            assert c.status == "holds", c
    assert by_id["chocolate-even-k"].status == "counterexample"
    assert "k = 5: first counterexample (2, 1, 3)" in by_id["chocolate-odd-k"].detail


def test_bound_wording():
    [c] = verify.run(max_n=20, ids={"chocolate-k3"})
    count = sum((x + z) // 3 + 1 for x in range(21) for z in range(21))
    assert c.bound == f"all {count:,} positions with x, z <= 20"
