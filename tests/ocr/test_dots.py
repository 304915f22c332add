"""A pen dot's tests in ocr/dots.py on Python ints and by counts: the same answers as
``is_compact`` on arrays and as the sums ``stands_alone`` compared before."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.dots import _free_blob, _is_compact_blob, is_compact, stands_alone
from tests.hypothesis_profiles import draws


def test_a_blob_is_compact_on_ints_as_on_arrays():
    # every bounding box up to 14 x 14 px and every area it can hold
    sizes = [(w, h, a) for w in range(1, 15) for h in range(1, 15) for a in range(1, w * h + 1)]
    bw, bh, area = (np.array(v) for v in zip(*sizes, strict=True))
    want = is_compact(bw, bh, area).tolist()
    assert [_is_compact_blob(w, h, a) for w, h, a in sizes] == want


def test_compact_by_hand():
    assert _is_compact_blob(4, 8, 16)  # sides 4 and 8 (twice), half of 32 ink
    assert not _is_compact_blob(4, 9, 36)  # a side over twice the other
    assert not _is_compact_blob(4, 4, 7)  # under half of 16 ink


def test_a_dot_with_a_stroke_beside_it_does_not_stand_alone():
    drawn = np.zeros((20, 40), bool)
    drawn[8:11, 8:11] = True  # a dot of 3 x 3 px
    assert stands_alone(drawn, (8, 8, 11, 11), 2)
    drawn[8:11, 13] = True  # a stroke 2 px right of it (3 px from its box's right side)
    assert not stands_alone(drawn, (8, 8, 11, 11), 3)
    assert stands_alone(drawn, (8, 8, 11, 11), 2)


@settings(max_examples=draws(200))
@given(
    st.integers(0, 2**16),
    st.sampled_from([np.bool_, np.uint8]),
    st.integers(0, 29),
    st.integers(0, 19),
    st.integers(1, 8),
    st.integers(1, 8),
    st.integers(0, 6),
)
def test_stands_alone_as_the_sums_say(seed, dtype, x0, y0, w, h, reach):
    rng = np.random.default_rng(seed)
    mask = (rng.random((20, 30)) < rng.random()).astype(dtype)
    if dtype is np.uint8:
        mask *= rng.integers(1, 256, mask.shape, dtype=np.uint8)  # ink of any level
    x1, y1 = x0 + w, y0 + h
    near = mask[max(0, y0 - reach) : y1 + reach, max(0, x0 - reach) : x1 + reach]
    by_sums = int(near.astype(np.int64).sum()) == int(mask[y0:y1, x0:x1].astype(np.int64).sum())
    assert stands_alone(mask, (x0, y0, x1, y1), reach) == by_sums


def test_the_largest_free_blob_of_a_region_cut_from_a_wider_mask():
    # A bool mask's region (rows 5-25, columns 10-40 of 60) read in place: a 4 x 4 dot
    # alone (16 px) and a 6 x 6 one touching the region's top (no free blob).
    mask = np.zeros((30, 60), bool)
    mask[12:16, 20:24] = True
    mask[5:11, 30:36] = True
    assert _free_blob(mask, (10, 5, 40, 25), mask, 2, False, stands_alone) == 16
    # the same as a uint8 mask's copy of it, compact asked
    assert _free_blob(mask.astype(np.uint8), (10, 5, 40, 25), mask, 2, True, stands_alone) == 16
