"""TRAINING's settled dust (ocr/training/synthetic/settled_dust.py): grain sizes from the
one-over-size law of ISO 14644-9, clumps of ragged grains, a glass's load from clean to very
dirty."""

import hashlib

import cv2
import numpy as np

import ocr.training.synthetic.settled_dust as settled
from ocr.training.synthetic.settled_dust import (
    GRAIN_UM,
    LARGEST_UM,
    MOST_LOAD,
    dust_in_box,
    dust_load,
    grain_sizes_um,
    settled_dust,
)


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


def test_the_glass_load_is_a_product_of_two_unit_exponentials():
    """The time since the glass was cleaned, exponential in an office's interval that is
    itself exponential: P(load > x) = 2 sqrt(x) K1(2 sqrt(x)) (the integral of e^-y e^-x/y
    over y). K1(3.464) = 0.0234 gives 0.081 over 3; K1(4.472) = 0.00729 gives 0.0326 over
    5; the mean is 1 (the cap at 10 takes 0.3% of it off)."""
    rng = np.random.default_rng(3)
    loads = np.array([dust_load(rng) for _ in range(100_000)])
    assert loads.max() <= MOST_LOAD
    assert abs(float(loads.mean()) - 1.0) < 0.02
    assert abs(float((loads > 3).mean()) - 0.081) < 0.004
    assert abs(float((loads > 5).mean()) - 0.0326) < 0.003


def _pieces_mm2(load: float) -> np.ndarray:
    """The pieces of dust (mm^2) one load leaves on a white 68 by 68 mm page at 150 dpi,
    4 specks a cm^2: pixels a quarter darker than the paper or more, joined as the reader
    joins a dot's pixels (8-connected)."""
    px_per_mm = 150 / 25.4
    page = np.full((400, 400, 3), 235, np.uint8)
    settled_dust(page, 4.0, px_per_mm, np.random.default_rng(5), load=load)
    dark = (page[..., 0] < 176).astype(np.uint8)
    _, _, stats, _ = cv2.connectedComponentsWithStats(dark, connectivity=8)
    return stats[1:, cv2.CC_STAT_AREA] / px_per_mm**2


def test_a_dirtier_glass_holds_as_many_clumps_of_more_grains():
    """A tenth of the average load leaves lone grains (none of 0.4 mm^2, a pen dot's
    size); three times it, clumps of nine grains on average, many as large as a pen dot
    and some larger than any grain (500 micrometres across: 0.2 mm^2 at most)."""
    clean, average, dirty = _pieces_mm2(0.1), _pieces_mm2(1.0), _pieces_mm2(3.0)
    assert (clean >= 0.4).sum() == 0
    assert (dirty >= 0.4).sum() > 3 * max(1, (average >= 0.4).sum())
    assert dirty.max() > 0.5


def test_a_digit_box_gets_the_pages_specks_and_clumps_in_it_and_beside_it(monkeypatch):
    """The digit model's dusty boxes: a crop of 100 x 100 px at 10 px a mm (1 cm^2) and
    0.5 mm beside it each way is 11 x 11 mm, 1.21 cm^2. At 4 specks a cm^2 that is a
    Poisson mean of 4 x 1.21 = 4.84 toner specks and 0.25 x 4.84 = 1.21 clumps; on a clean
    glass (load 0) each clump is one grain (``max(1, 3 x 0)``), so a box gets 6.05 grains
    on average, each centred within 5 px of the crop (-5 to 105)."""
    drawn: list[tuple[float, float]] = []
    grain = settled._grain

    def counted(img, at, radius_px, tone, rng):  # type: ignore[no-untyped-def]
        drawn.append(at)
        grain(img, at, radius_px, tone, rng)

    monkeypatch.setattr(settled, "_grain", counted)
    rng = np.random.default_rng(11)
    boxes = 4_000
    for _ in range(boxes):
        crop = np.full((100, 100), 230.0, np.float32)
        dust_in_box(crop, 10.0, rng, per_cm2=4.0, load=0.0)
        assert crop.min() >= 20 and crop.max() <= 230
    assert abs(len(drawn) / boxes - 6.05) < 0.15  # Poisson: sd of the mean 0.04
    where = np.array(drawn)
    # toner specks lie anywhere in reach; a clump's grain 0.12 mm (1.2 px) round its centre
    assert where.min() > -5 - 6 and where.max() < 105 + 6
    assert (where < 0).any() and (where > 100).any()  # beside the crop too


def test_page_dust_draws_the_same_after_the_clumps_were_made_a_function():
    """``settled_dust`` draws its clumps with ``_clump`` (shared with ``dust_in_box``) in
    the same order of random draws: seed 5 at load 3 on a 400 x 400 page darkens the
    same page, byte for byte, as the loop it replaced (its SHA-256, taken with the code
    before the change: 769 pixels darkened, the darkest 35), so the TRAINING pages stay
    the pages every figure was measured on."""
    page = np.full((400, 400, 3), 235, np.uint8)
    settled_dust(page, 4.0, 150 / 25.4, np.random.default_rng(5), load=3.0)
    assert hashlib.sha256(page.tobytes()).hexdigest() == (
        "053725477b64b2c67382f7f405946e5b63a33a927ef8081da84486ea731cfbc6"
    )
    assert int((page[..., 0] < 235).sum()) == 769 and int(page.min()) == 35
