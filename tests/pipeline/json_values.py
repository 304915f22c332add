"""Hypothesis' values made of JSON's own types (None, booleans, integers, text, finite floats,
lists and dicts with text keys), for the tests that compare two ways of writing JSON."""

from __future__ import annotations

from hypothesis import strategies as st

__all__ = ["JSON_VALUES"]

_FINITE = st.floats(allow_nan=False, allow_infinity=False)
_SCALARS = st.none() | st.booleans() | st.integers() | st.text() | _FINITE
JSON_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=30,
)
