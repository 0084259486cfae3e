"""Choosing the numpy backend (grundy.fast_numpy) for big tables."""

from __future__ import annotations

from ..budget import STEP_PER_TABLE_POSITION
from ..core import GameError

# Below this many positions the pure-Python kernels are as fast as numpy's start-up.
AUTO_NUMPY_MIN = 50_000
# The numpy kernels take about an eighth of the pure-Python kernels' time.
NUMPY_SPEEDUP = 8


def kernel_steps(backend: str, size: int, fast: bool = False) -> int:
    """Steps (grundy.budget) of a prefix-bitset table kernel over `size` positions; `fast`:
    the game has a numpy kernel, used when `backend` allows it and numpy is installed."""
    steps = size * STEP_PER_TABLE_POSITION
    if fast and numpy_backend(backend, size) is not None:
        return steps // NUMPY_SPEEDUP
    return steps


def numpy_backend(backend: str, size: int):
    """The grundy.fast_numpy module if `backend` asks for it and it is usable, else None."""
    if backend == "python" or (backend == "auto" and size < AUTO_NUMPY_MIN):
        return None
    try:
        from .. import fast_numpy
    except ImportError:
        if backend == "numpy":
            raise GameError("the numpy backend needs numpy (pip install grundy[fast])") from None
        return None
    return _Fast(fast_numpy)


class _Fast:
    """Thin wrapper: the fast_numpy module plus conversion of its arrays to ours."""

    def __init__(self, module):
        self._module = module

    def __getattr__(self, name):
        return getattr(self._module, name)

    @staticmethod
    def as_array(values, typecode: str):
        from array import array

        out = array(typecode)
        out.frombytes(values.astype(typecode, copy=False).tobytes())
        return out
