"""The registered games, one module per family (importing registers them, in this order)."""

from . import nim, chocolate, step, corner, chomp  # noqa: F401  isort: skip
