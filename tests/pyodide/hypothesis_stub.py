"""A stand-in for `hypothesis` inside Pyodide (which does not ship it): property tests
(@given) are skipped, so the other tests of the same files still run there."""

import pytest


def given(*args, **kwargs):
    return pytest.mark.skip(reason="hypothesis is not available in Pyodide")


def settings(*args, **kwargs):
    return lambda test: test


def assume(condition):
    return True


class _Inert:
    """Any strategy and anything built from it (st.integers(0, 6).map(f), st.one_of(...),
    @st.composite, ...): an inert placeholder."""

    def __getattr__(self, name):
        return self

    def __call__(self, *args, **kwargs):
        return self


strategies = _Inert()


class _Names:
    """HealthCheck.too_slow and the like: names settings() ignores."""

    def __getattr__(self, name):
        return name


HealthCheck = _Names()
