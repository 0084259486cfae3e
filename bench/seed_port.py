"""A literal Python port of the Mathematica code in seed 000's appendix.

The seed computes the triangular chocolate ``k*y <= x + z`` by memoized
recursion: ``move`` builds the list of successor positions (three ``Table``s
joined by ``Union``), ``Mex`` scans ``Range[0, Length[L]]`` for the least value
missing from the list, and ``Gr[pos_] := Gr[pos] = Mex[Map[Gr, move[pos]]]``
memoizes.  This is the baseline of ``scripts/bench_engine.py``; it is kept
deliberately naive (no bitsets, no reuse between positions).

The Mathematica original (seed 000, appendix)::

    k=2;ss=75;al=Flatten[Table[{a,b,c},{a,0,ss},{b,0,ss},{c,0,ss}],2];
    allcases=Select[al,(1/k)(#[[1]]+#[[3]])>=#[[2]]&];
    move[z_]:=Block[{p},p=z;
    Union[Table[{t1,Min[Floor[(1/k)(t1+p[[3]])],p[[2]]],p[[3]]},{t1,0,p[[1]]-1}],
    Table[{p[[1]],t2,p[[3]]},{t2,0,p[[2]]-1}],
    Table[{p[[1]],Min[Floor[(1/k)(t3+p[[1]])],p[[2]]},t3},{t3,0,p[[3]]-1}]]];
    Mex[L_]:=Min[Complement[Range[0,Length[L]],L]];
    Gr[pos_]:=Gr[pos]=Mex[Map[Gr,move[pos]]];
    pposition=Select[allcases,Gr[#]==0&];
"""

import sys


def seed_table(k, ss):
    """Return ``{(x, y, z): G}`` for every position with all coordinates <= ss."""
    al = [(a, b, c) for a in range(ss + 1) for b in range(ss + 1) for c in range(ss + 1)]
    allcases = [p for p in al if (p[0] + p[2]) // k >= p[1]]
    gr = {}

    def move(p):
        return sorted(
            set(
                [(t1, min((t1 + p[2]) // k, p[1]), p[2]) for t1 in range(p[0])]
                + [(p[0], t2, p[2]) for t2 in range(p[1])]
                + [(p[0], min((t3 + p[0]) // k, p[1]), t3) for t3 in range(p[2])]
            )
        )

    def mex(values):
        return min(set(range(len(values) + 1)) - set(values))

    def grundy(pos):
        if pos not in gr:
            gr[pos] = mex([grundy(q) for q in move(pos)])
        return gr[pos]

    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, 10 * (3 * ss + 10)))
    try:
        for p in allcases:
            grundy(p)
    finally:
        sys.setrecursionlimit(old_limit)
    return {p: gr[p] for p in allcases}


def p_positions(k, ss):
    """The seed's ``pposition``: the positions with Grundy value 0."""
    return [p for p, g in seed_table(k, ss).items() if g == 0]
