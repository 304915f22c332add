"""ocr/circles.py: strokes round a box, looked for along rays (worked on drawn arrays)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ocr.circles import ray_coverage
from ocr.mark_geometry import EDGE

S = 150 / 25.4  # px per mm at the working resolution
BOX = (60, 40, 87, 67)  # a 4.5 mm box (27 px) in a 110 x 160 px band
WIDTHS = (2.0, 0.0, 2.0)  # printed edges 2 px across, as the mask gives them


def _band() -> tuple[np.ndarray, np.ndarray]:
    ink = np.zeros((110, 160), np.uint8)
    lines = np.zeros((110, 160), np.uint8)
    x0, y0, x1, y1 = BOX
    cv2.rectangle(lines, (x0, y0), (x1 - 1, y1 - 1), EDGE, 2)
    cv2.rectangle(ink, (x0, y0), (x1 - 1, y1 - 1), 1, 2)  # the printed edge is ink too
    return ink, lines


def _cover(ink: np.ndarray, lines: np.ndarray) -> float:
    return ray_coverage(ink.astype(bool), lines, BOX, S, WIDTHS)


def test_the_printed_box_alone_is_no_circle():
    assert _cover(*_band()) == 0.0


@pytest.mark.parametrize("off_mm", [(0.0, 0.0), (0.8, 0.0), (0.0, -0.8), (0.6, 0.6)])
def test_a_circle_round_the_box_covers_every_sector_even_drawn_off_centre(off_mm):
    """A closed ellipse with radii 3.6 x 3.3 mm (1.35 / 1.05 mm outside the box's edges),
    centred on the box or up to 0.8 mm off it: from the best of the nine centres the rays
    of every sector meet it, except where the stroke crosses a ray on the printed edge
    itself (there it cannot be told from the edge), so at least half of each sector is
    covered: above the 0.45 at which the reader doubts a stroke beside the box."""
    ink, lines = _band()
    cx = (BOX[0] + BOX[2]) / 2 + off_mm[0] * S
    cy = (BOX[1] + BOX[3]) / 2 + off_mm[1] * S
    cv2.ellipse(ink, (round(cx), round(cy)), (round(3.6 * S), round(3.3 * S)), 0, 0, 360, 1, 2)
    assert _cover(ink, lines) >= 0.5


def test_a_circle_that_cuts_through_the_box_corner_still_surrounds_it():
    """Squashed to 1.6 mm high (the box is 2.25 mm from its centre to the top and
    bottom edges): the stroke runs inside the box at top and bottom and crosses the edges
    near the corners. The rays start half-way out, so they meet it inside the box."""
    ink, lines = _band()
    cx, cy = (BOX[0] + BOX[2]) / 2, (BOX[1] + BOX[3]) / 2
    cv2.ellipse(ink, (round(cx), round(cy)), (round(3.3 * S), round(1.6 * S)), 0, 0, 360, 1, 2)
    assert _cover(ink, lines) >= 0.5


def test_a_stroke_down_one_side_covers_one_sector_only():
    """A neighbour's circle or cross reaches the side facing it: the other three sectors
    stay empty, so the least covered one is empty."""
    ink, lines = _band()
    x = BOX[2] + round(1.0 * S)
    cv2.line(ink, (x, BOX[1] - 15), (x, BOX[3] + 15), 1, 2)
    assert _cover(ink, lines) == 0.0
