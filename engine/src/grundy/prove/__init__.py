"""Proofs for every position: a game's moves and a formula as a sentence of Büchi
arithmetic, decided by automata (`logic.py`: the language every procedure reads)."""
