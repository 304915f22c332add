"""The digit model's training-only distortions: elastic bending and stroke thickness."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.training.augment import elastic, stroke_thickness, vary
from tests.hypothesis_profiles import draws


def _bar(width: int, height: int = 40) -> np.ndarray:
    """A vertical stroke ``width`` px wide and ``height`` px tall in a 60 x 40 image."""
    ink = np.zeros((60, 40), np.float32)
    ink[10 : 10 + height, 20 : 20 + width] = 1.0
    return ink


def _bar_width(ink: np.ndarray) -> int:
    return int((ink[30] > 0.5).sum())


def test_thickening_widens_a_stroke_by_the_share_of_its_height():
    # 5% of a 40 px tall digit is 2 px: the stroke goes from 3 to 5 px (one each side).
    assert _bar_width(stroke_thickness(_bar(3), np.random.default_rng(0), 0.05)) == 5


def test_thinning_narrows_a_thick_stroke():
    assert _bar_width(stroke_thickness(_bar(8), np.random.default_rng(0), -0.05)) == 6


def test_thinning_that_would_erase_a_thin_stroke_is_not_made():
    thin = _bar(2)
    assert np.array_equal(stroke_thickness(thin, np.random.default_rng(0), -0.05), thin)


def test_an_elastic_distortion_of_no_strength_only_pads():
    ink = _bar(3)
    out = elastic(ink, np.random.default_rng(0), strength=0.0, smooth=0.12)
    pad = (out.shape[0] - ink.shape[0]) // 2
    assert pad >= 2
    assert np.allclose(out[pad:-pad, pad:-pad], ink)
    assert out.sum() == ink.sum()


@settings(max_examples=draws(200), deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_bent_digits_stay_an_ink_map_of_the_padded_size(seed: int):
    """Bending moves ink (a stroke squeezed or stretched by the field holds less or more of
    it, so the total is no invariant); the image stays an ink map 0..1, padded by 10% of
    the side, with ink in it."""
    rng = np.random.default_rng(seed)
    ink = np.zeros((48, 32), np.float32)
    ink[8:40, 14:18] = 1.0  # a "1"
    ink[8:12, 8:24] = 1.0  # with a bar
    out = elastic(ink, rng, rng.uniform(0.01, 0.05), rng.uniform(0.1, 0.16))
    assert out.shape == (58, 42)
    assert out.min() >= 0.0 and out.max() <= 1.0 + 1e-6
    assert (out > 0.5).sum() > 0


def test_the_same_seed_gives_the_same_distortion():
    ink = _bar(4)
    one = vary(ink, np.random.default_rng(5), bend=1.0)
    two = vary(ink, np.random.default_rng(5), bend=1.0)
    assert np.array_equal(one, two)
