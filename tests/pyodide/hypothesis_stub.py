"""A stand-in for `hypothesis` inside Pyodide (which does not ship it): property tests
(@given) are skipped, so the other tests of the same files still run there."""

import pytest


def given(*args, **kwargs):
    return pytest.mark.skip(reason="hypothesis is not available in Pyodide")


def settings(*args, **kwargs):
    return lambda test: test


def assume(condition):
    return True


class _Strategies:
    """Any strategy (st.integers(...), @st.composite, ...) is an inert placeholder."""

    def __getattr__(self, name):
        return lambda *args, **kwargs: (lambda *a, **k: None)


strategies = _Strategies()


class _Names:
    """HealthCheck.too_slow and the like: names settings() ignores."""

    def __getattr__(self, name):
        return name


HealthCheck = _Names()
