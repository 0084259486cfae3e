"""The registered games, one module per family (importing registers them, in this order)."""

from . import nim, chocolate, step, corner  # noqa: F401  isort: skip
