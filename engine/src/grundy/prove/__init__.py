"""Proofs for every position: a game's moves and a formula as a sentence of Büchi
arithmetic, decided by automata (`logic.py`: the language every procedure reads;
`statement.py`: what is decided; `translate.py`: formulas read into it; `mona.py`: MONA
as a procedure; `proof.py`: `grundy.prove`).

The package is callable: `grundy.prove(game, formula, target=...)` is
`grundy.prove.proof.prove` (imported on the first call, so that the games can import the
language without the rest)."""

import sys
import types


class _Callable(types.ModuleType):
    def __call__(self, *args, **kwargs):
        from .proof import prove

        return prove(*args, **kwargs)


sys.modules[__name__].__class__ = _Callable
