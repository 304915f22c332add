"""TRAINING's fine pen dot (``fine-dot``, ocr/training/synthetic/mark_styles.py) and the split
that draws it (``FINE_DOTS``, ``bench_ocr --split training-fine-dots``; issue 43, noisy
pages): a TRAINING style of its own, never on a TEST page nor on TRAINING's own pages, whose
ink is the ellipse its draws say."""

from __future__ import annotations

import dataclasses
import math

import numpy as np
import pytest

from ocr.training.synthetic import TEST, TRAINING, split_named
from ocr.training.synthetic.mark_styles import TEST_STYLES, TRAINING_STYLES, mark_alpha
from ocr.training.synthetic.sources import FINE_DOTS


def _styles(split) -> set[str]:
    return {n for c in split.conditions for n, _ in split.condition(c).mark_styles}


def test_the_fine_dot_split_is_training_with_one_style_more():
    """Everything but the name and the styles is TRAINING's; the fine dot, as common as the
    round dot, is a TRAINING style no TEST page draws, and TRAINING's own pages (every
    figure pinned on seed 13) do not draw it."""
    assert split_named("training-fine-dots") is FINE_DOTS
    assert dataclasses.replace(FINE_DOTS, name="training", mark_styles=TRAINING.mark_styles) == (
        TRAINING
    )
    assert dict(FINE_DOTS.mark_styles) == {**dict(TRAINING.mark_styles), "fine-dot": 0.1}
    assert "fine-dot" in TRAINING_STYLES and "fine-dot" not in TEST_STYLES
    assert "fine-dot" not in _styles(TRAINING) and "fine-dot" in _styles(FINE_DOTS)
    assert not _styles(FINE_DOTS) & _styles(TEST)


@pytest.mark.parametrize("seed", range(40))
def test_a_fine_dot_s_ink_is_the_ellipse_its_draws_say(seed):
    """The dot's half-axes are r and r x flat, r 0.07-0.12 of the box's side (0.315-0.54 mm
    on a 4.5 mm box) and flat 0.75-1, drawn first from the mark's own child generator. Its
    ink (the mask's sum) covers that ellipse, and the anti-aliased rim OpenCV draws round
    it is under a pixel wide: pi r (r flat) <= ink <= pi (r + 1) (r flat + 1), in px^2.
    At 300 dpi (11.81 px a mm) that is 0.234 mm^2 (pi 0.315^2 0.75) at least."""
    s = 300 / 25.4
    w = h = 4.5 * s
    pad = 2.6 * s
    alpha = mark_alpha("fine-dot", w, h, pad, 2, np.random.default_rng(seed))
    (hand,) = np.random.default_rng(seed).spawn(1)
    r = float(hand.uniform(0.07, 0.12)) * w
    flat = float(hand.uniform(0.75, 1.0))
    ink = float(alpha.sum())
    assert math.pi * r * r * flat <= ink <= math.pi * (r + 1) * (r * flat + 1)
    assert ink / s**2 >= 0.234
