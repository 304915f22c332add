"""TRAINING's worn paper (ocr/training/synthetic/worn_paper.py): folds and crumples lit by a
scanner's proximal lamp (Lambert's cosine, inverse square), tide lines and drink rings
darkest at their edge."""

import math

import cv2
import numpy as np
import pytest

from ocr.training.synthetic.paper import DAMAGES, apply_damage
from ocr.training.synthetic.sources import TEST, TRAINING
from ocr.training.synthetic.worn_paper import (
    LAMP_ANGLE_DEG,
    WORN,
    drop_stain,
    fold_shading,
    lamp_shading,
    tide_line,
    wear,
)


def test_the_lamp_lights_flat_paper_on_the_glass_as_it_is():
    assert lamp_shading(np.array(0.0), np.array(0.0), 1.0, 15.0) == pytest.approx(1.0)


def test_paper_lifted_by_the_lamp_distance_gets_a_quarter_of_the_light():
    """Inverse square: at height D over the glass the lamp is 2D away, (D / 2D)^2 = 0.25."""
    assert lamp_shading(np.array(15.0), np.array(0.0), 1.0, 15.0) == pytest.approx(0.25)


@pytest.mark.parametrize(
    ("degrees", "lamp", "brightness"),
    [
        # Lambert: a slope of a degrees towards a lamp 45 degrees off the normal is lit by
        # cos(45 - a) / cos(45): cos 30 / cos 45 = 1.2247, cos 60 / cos 45 = 0.7071
        (15.0, 1.0, math.cos(math.radians(30)) / math.cos(math.radians(45))),
        (-15.0, 1.0, math.cos(math.radians(60)) / math.cos(math.radians(45))),
        # the same slope along the lamp's direction (lamp 0) only tilts: cos 15 = 0.9659
        (15.0, 0.0, math.cos(math.radians(15))),
    ],
)
def test_a_slope_is_lit_by_its_tilt_towards_the_lamp(degrees, lamp, brightness):
    assert LAMP_ANGLE_DEG == 45.0
    slope = np.array(math.tan(math.radians(degrees)))
    assert lamp_shading(np.array(0.0), slope, lamp, 15.0) == pytest.approx(brightness)


def test_a_crease_on_the_glass_is_a_bright_ridge_between_a_lit_and_a_shaded_slope():
    """Crease down, 2 mm high at most, pressed back at 8 mm: z = 4 H u (1 - u). Just
    beside the crease the slope is 4 H / reach = 1 (45 degrees): the side rising towards
    the lamp gets cos(0) / cos(45) = 1.414 less the height's square, the other side
    cos(90) = 0; past the reach the paper is flat on the glass again (1)."""
    across = np.array([-9.0, -0.001, 0.0, 0.001, 9.0])
    shade = fold_shading(across, 2.0, 8.0, True, 1.0, 15.0)
    assert shade[0] == pytest.approx(1.0) and shade[-1] == pytest.approx(1.0)
    assert shade[3] == pytest.approx(math.sqrt(2), abs=0.01)
    assert shade[1] == pytest.approx(0.0, abs=0.01)
    # along the lamp both slopes are tilted alike, the crease itself on the glass brightest
    along = fold_shading(np.linspace(-8, 8, 161), 2.0, 8.0, True, 0.0, 15.0)
    assert along.max() == pytest.approx(1.0) and along[80] == pytest.approx(1.0)
    assert along[40] < 0.8 and along[40] == pytest.approx(along[120])


def test_a_lifted_crease_is_lit_least_near_the_fold_along_the_lamp():
    """Crease up, 2.5 mm high, landing at 10 mm: (15 / 17.5)^2 = 0.7347 at the fold itself;
    just beside it the slope 2 H / reach = 0.5 tilts it by 1 / sqrt(1.25) more (0.6571)."""
    across = np.linspace(-10, 10, 2001)
    shade = fold_shading(across, 2.5, 10.0, False, 0.0, 15.0)
    assert shade[1000] == pytest.approx((15 / 17.5) ** 2)
    assert shade.min() == pytest.approx((15 / 17.5) ** 2 / math.sqrt(1.25), abs=2e-3)
    assert shade[0] == pytest.approx(1.0) and shade[-1] == pytest.approx(1.0)


def test_a_drop_is_darkest_at_its_pinned_edge():
    """Deegan's ring: a drop of 30 px, its rim 0.15 of it (4.5 px), opacity 0.3 and 0.05
    over its inside, tea's green 0.44: at the centre 0.97 (1 - (0.3 e^(-30/4.5) + 0.05)
    0.56) = 0.9426; just inside the edge 0.97 (1 - 0.35 0.56) = 0.7799."""
    page = np.full((100, 100, 3), 0.97, np.float32)
    tint = np.array([0.62, 0.44, 0.26], np.float32)
    drop_stain(page, (50.0, 50.0), 30.0, 0.15, 0.3, 0.05, tint, np.random.default_rng(0), 0.0)
    centre = 0.97 * (1 - (0.3 * math.exp(-30 / 4.5) + 0.05) * 0.56)
    assert page[50, 50, 1] == pytest.approx(centre, abs=1e-4)
    assert page[50, 80, 1] == pytest.approx(0.97 * (1 - 0.35 * 0.56), abs=1e-4)
    assert page[50, 85, 1] == pytest.approx(0.97)  # outside: paper


def test_a_tide_line_is_darker_than_the_area_it_wetted():
    """Hutchins's brown boundary: the stain's darkest pixels lie at its edge, not inside."""
    page = np.full((900, 900, 3), 0.97, np.float32)
    tide_line(page, 150, np.random.default_rng(5))
    dark = 0.97 - page[..., 1]
    assert dark.max() > 0.03
    wetted = (dark > 0.001).astype(np.uint8)
    depth = cv2.distanceTransform(wetted, cv2.DIST_L2, 5)  # px from dry paper
    boundary = (depth > 0) & (depth <= 6)  # within 1 mm of the front at 150 dpi
    inside = depth > 30  # over 5 mm in
    assert boundary.sum() > 500 and inside.sum() > 5000
    assert dark[boundary].mean() > 2 * dark[inside].mean()


def test_a_worn_page_stays_paper_and_ink():
    page = np.full((1200, 850, 3), 0.97, np.float32)
    page[600:603, :] = 0.1  # a printed line
    for seed in range(8):
        worn = page.copy()
        wear(worn, 100, np.random.default_rng(seed))
        assert 0.0 <= worn.min() and worn.max() <= 1.4
        assert not np.array_equal(worn, page)
        assert worn[601].max() < 0.2  # the ink stays ink


def test_worn_paper_is_trainings_alone():
    assert TRAINING.damages == (WORN,)
    assert WORN not in TEST.damages and set(TEST.damages) < set(DAMAGES)
    page = np.full((300, 200, 3), 0.97, np.float32)
    apply_damage(page, WORN, 50, np.random.default_rng(1))
    with pytest.raises(ValueError, match="unknown paper damage"):
        apply_damage(page, "crease", 50, np.random.default_rng(1))
