"""TRAINING's settled dust (ocr/training/synthetic/settled_dust.py): grain sizes from the
one-over-size law of ISO 14644-9, clumps of ragged grains."""

import numpy as np

from ocr.training.synthetic.settled_dust import GRAIN_UM, LARGEST_UM, grain_sizes_um, settled_dust


def test_grain_sizes_fall_as_one_over_the_size():
    """P(>x) = (1/x - 1/500) / (1/100 - 1/500): P(>200) = (0.005 - 0.002) / 0.008 = 0.375,
    P(>300) = (1/300 - 0.002) / 0.008 = 1/6, P(>400) = 0.0005 / 0.008 = 0.0625."""
    sizes = grain_sizes_um(np.random.default_rng(1), 200_000)
    assert GRAIN_UM <= sizes.min() and sizes.max() <= LARGEST_UM
    for x, share in ((200, 0.375), (300, 1 / 6), (400, 0.0625)):
        assert abs(float((sizes > x).mean()) - share) < 0.005


def test_clumps_darken_the_page_in_grains_no_larger_than_the_largest():
    """At 150 dpi (5.9 px a mm) a grain of 500 micrometres spans 3 px: no piece of dust
    is darker than its grain's tone floor, and the page stays mostly paper."""
    page = np.full((400, 400, 3), 235, np.uint8)  # 68 by 68 mm: 46 cm^2
    settled_dust(page, 6.0, 150 / 25.4, np.random.default_rng(2))
    dark = page[..., 0] < 200
    assert 0 < dark.mean() < 0.01
    assert page.min() >= 20
