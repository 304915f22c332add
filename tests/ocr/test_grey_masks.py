"""``ocr.grey_masks``: an 8-bit image against a level that need not be whole, exactly as
numpy's comparison in float64 reads it."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from ocr.grey_masks import above, below

_GREY = arrays(np.uint8, st.tuples(st.integers(1, 12), st.integers(1, 12)))
_LEVEL = st.floats(-300.0, 600.0, allow_nan=False)


def test_levels_between_whole_numbers_worked_by_hand() -> None:
    grey = np.array([[0, 99, 100, 101, 255]], np.uint8)
    assert above(grey, 99.5).tolist() == [[0, 0, 1, 1, 1]]
    assert above(grey, 100.0).tolist() == [[0, 0, 0, 1, 1]]  # not above itself
    assert below(grey, 100.0).tolist() == [[1, 1, 0, 0, 0]]  # nor below itself
    assert below(grey, 100.2).tolist() == [[1, 1, 1, 0, 0]]
    assert above(grey, -0.5).tolist() == [[1, 1, 1, 1, 1]]
    assert above(grey, 255.0).tolist() == [[0, 0, 0, 0, 0]]
    assert below(grey, 0.0).tolist() == [[0, 0, 0, 0, 0]]
    assert below(grey, 255.5).tolist() == [[1, 1, 1, 1, 1]]


@given(_GREY, _LEVEL)
def test_the_same_as_numpy_comparing_in_floats(grey: np.ndarray, level: float) -> None:
    a, b = above(grey, level), below(grey, level)
    assert a.dtype == b.dtype == np.uint8
    assert np.array_equal(a.view(bool), grey > level)
    assert np.array_equal(b.view(bool), grey < level)


@given(_GREY, _LEVEL)
def test_a_strided_view_read_as_a_copy(grey: np.ndarray, level: float) -> None:
    part = grey[:, ::2]
    assert np.array_equal(above(part, level).view(bool), part > level)
