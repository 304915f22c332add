"""ocr.captions.ink_over_captions: ink over the printed captions read against the row's own
captions, by hand and against the pixel by pixel reading."""

from __future__ import annotations

import numpy as np
import pytest

from ocr.captions import ink_over_captions
from ocr.marks import ink_values


def test_ink_over_captions_by_hand():
    """Paper 200, a firm pen (the ramp from 20% to 50% dark). The captions at flat
    indices 1, 2, 5 and 6 are grey 170, 170, 160 and 80: darkness 0.15, 0.15, 0.2 and
    0.6, whose 0.75 quantile (virtual index 2.25) is 0.2 + 0.25 * 0.4 = 0.3, so over the
    captions the ramp starts at 0.35. The pixel of 80 reads (0.6 - 0.35) / 0.3 = 0.8333
    there, and 1 (full ink) off the captions (index 7)."""
    grey = np.full((3, 4), 200, np.uint8)
    grey.flat[[1, 2, 5, 6, 7]] = (170, 170, 160, 80, 80)
    ink = ink_values(grey, 200.0)
    assert ink.flat[6] == 1.0 and ink.flat[7] == 1.0
    ink_over_captions(ink, grey, 200.0, np.array([1, 2, 5, 6]), 1.0)
    assert ink.flat[6] == pytest.approx(0.25 / 0.3, abs=1e-6)
    assert ink.flat[7] == 1.0
    assert ink.flat[[1, 2, 5]].tolist() == [0.0, 0.0, 0.0]


def test_a_band_that_is_not_contiguous_is_refused():
    grey = np.full((4, 6), 200, np.uint8)[:, ::2]
    with pytest.raises(ValueError, match="C-contiguous"):
        ink_over_captions(ink_values(grey, 200.0), grey, 200.0, np.array([0]), 1.0)


@pytest.mark.parametrize("seed", range(12))
def test_the_same_floats_as_pixel_by_pixel(seed: int):
    """Each caption pixel's darkness, np.quantile of them and the ramp worked out pixel
    by pixel (the reading before its levels were tabled): the same float32 bytes."""
    rng = np.random.default_rng(seed)
    for _ in range(20):
        h, w = int(rng.integers(2, 60)), int(rng.integers(2, 200))
        grey = rng.integers(int(rng.integers(0, 200)), 256, (h, w)).astype(np.uint8)
        paper, strength = float(rng.integers(150, 256)), float(rng.uniform(0.4, 1.0))
        at = rng.choice(h * w, int(rng.integers(1, h * w + 1)), replace=False)
        ink = ink_values(grey, paper, strength)
        darkness = (paper - grey.reshape(-1)[at].astype(np.float32)) / paper
        low, high = 0.2 * strength, 0.5 * strength
        start = max(low, float(np.quantile(darkness, 0.75)) + 0.05)
        want = ink.copy()
        over = np.clip((darkness - start) / (high - low), 0.0, 1.0)
        want.reshape(-1)[at] = np.minimum(ink.reshape(-1)[at], over)
        ink_over_captions(ink, grey, paper, at, strength)
        assert ink.tobytes() == want.tobytes()
