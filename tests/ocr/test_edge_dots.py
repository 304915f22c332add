"""ocr/edge_dots.py: a pen dot on a box's printed edge leaves the box unsure."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ocr.edge_dots import dots_on_edges
from ocr.layout import DOUBLING
from ocr.marks import MarkState
from tests.ocr.bands import band_marks

S = 150 / 25.4  # px per mm at the working resolution
# Two 4.5 mm boxes (27 px) 1 mm (6 px) apart, and a third 4 mm further on.
BOXES = np.array([(40, 40, 67, 67), (73, 40, 100, 67), (124, 40, 151, 67)])
NOT_CIRCLED = np.zeros(3, bool)


def _edges_with(draw, circled: np.ndarray = NOT_CIRCLED) -> list[bool]:
    """Which boxes a drawing (``draw(ink)``, 1 for ink) on the printed form puts a dot on
    the edge of: the edges print 2 px across, the mask of the lines is 4 px."""
    lines = np.zeros((110, 200), np.uint8)
    for x0, y0, x1, y1 in BOXES.tolist():
        cv2.rectangle(lines, (x0, y0), (x1 - 1, y1 - 1), 1, 1)
        cv2.rectangle(lines, (x0 + 1, y0 + 1), (x1 - 2, y1 - 2), 1, 1)
    ink = lines.copy()
    draw(ink)
    printed = cv2.dilate(lines, np.ones((3, 3), np.uint8)) > 0
    solid = ink > 0
    return dots_on_edges(solid, solid & ~printed, printed, BOXES, circled, S, 4.0).tolist()


def test_a_dot_on_a_box_s_right_edge_is_that_box_s_and_not_the_next_one_s():
    """A dot 1.5 mm across centred on the first box's right edge: the mask takes its
    middle and leaves slivers either side, which joined across the line are a dot. The
    next box is 1 mm away, the dot 0.2 mm from it: within 0.5 mm, so it may be that box's
    too (a person says). The third box is far."""
    assert _edges_with(lambda ink: cv2.circle(ink, (66, 50), 4, 1, -1)) == [True, True, False]


def test_a_dot_on_a_box_s_corner_is_that_box_s():
    assert _edges_with(lambda ink: cv2.circle(ink, (125, 66), 4, 1, -1)) == [False, False, True]


def test_nothing_but_the_printed_form_is_no_dot():
    assert _edges_with(lambda ink: None) == [False, False, False]


@pytest.mark.parametrize(
    "draw",
    [
        # A pen stroke across the first box's right edge, as a neighbour's cross runs out.
        lambda ink: cv2.line(ink, (55, 30), (85, 75), 1, 2),
        # A stroke along the third box's top edge, half on it: a circle's arc.
        lambda ink: cv2.line(ink, (118, 39), (157, 38), 1, 2),
        # A dot 0.5 mm across on an edge: no wider than a stroke over a line.
        lambda ink: cv2.circle(ink, (66, 50), 1, 1, -1),
        # A dot 1.5 mm across 0.8 mm inside the first box's edge: the box's own (ocr.dots).
        lambda ink: cv2.circle(ink, (55, 53), 4, 1, -1),
        # A cross's arm run down along the first box's right edge, on the line, and on
        # 1 mm past its lower corner (TEST ordinary scans): the piece past the corner.
        lambda ink: cv2.line(ink, (66, 50), (67, 72), 1, 2),
        # A scribble 3 mm across run out of the first box over its right edge.
        lambda ink: cv2.rectangle(ink, (52, 45), (69, 62), 1, -1),
        # A dot on the edge beside a stroke 1 mm away: a piece of a stroke the mask
        # broke, whose rest is beside it.
        lambda ink: (cv2.circle(ink, (66, 50), 4, 1, -1), cv2.line(ink, (76, 45), (76, 62), 1, 2)),
    ],
    ids=[
        "stroke-across",
        "arc-along",
        "speck",
        "inside",
        "past-a-corner",
        "scribble",
        "beside-a-stroke",
    ],
)
def test_strokes_and_specks_on_edges_are_no_dot(draw):
    assert _edges_with(draw) == [False, False, False]


def test_a_blob_where_a_circle_round_a_box_runs_is_a_piece_of_its_stroke():
    """The same dot as above, with the second box read on a circle round it: a pale
    circle broken where it crosses the printed lines leaves such blobs, and where a
    circle was read they are its stroke."""
    circled = np.array([False, True, False])
    assert _edges_with(lambda ink: cv2.circle(ink, (66, 50), 4, 1, -1), circled) == [False] * 3


def test_a_dot_on_an_edge_of_x_with_no_score_written_is_not_read_empty():
    """Phone photo (thirteenth TEST set, seed 25, phone/page_0282.jpg row 2, 2HX by S +1
    with no score written): a red gel dot sits on the right edge of X. The mask of the
    form's lines takes its middle; 0.012 of fill is left, X read empty for certain, and
    2H by S +1 was accepted. Joined across the line, the slivers are a dot 2.0 px
    (0.68 mm) thick standing alone: X is unsure and a person looks."""
    marks = band_marks("row_band_dot_on_edge_phone.png", 2, DOUBLING)
    assert (marks["X"].state, marks["X"].how) == (MarkState.UNSURE, "dot")
    assert marks["XX"].state is MarkState.EMPTY


def test_a_dot_on_the_corner_of_x_is_not_read_empty():
    """TRAINING damaged page_0005.jpg row 10: the dot for X put on its lower right corner,
    most of it outside the box (fill 0.000)."""
    marks = band_marks("row_band_dot_on_corner.png", 10, DOUBLING)
    assert (marks["X"].state, marks["X"].how) == (MarkState.UNSURE, "dot")
    assert marks["XX"].state is MarkState.EMPTY
