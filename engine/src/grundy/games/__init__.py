"""The registered games, one module per family (importing registers them)."""

from . import chocolate, corner, nim, step  # noqa: F401
