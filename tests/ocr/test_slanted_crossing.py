"""A stroke crossing the gap between two boxes at a slant goes on across the printed edges
(``ocr.page_dust.across_lines_at_a_slant``); a speck in the gap does not (issue 43, noisy
pages).

Built by hand: a row of two boxes side by side, their facing printed edges 3 pixels wide
(columns 20-22 and 24-26: the mask of an edge at 150 dpi, 0.5 mm), the gap between them
the one column 23 the mask leaves, box interiors left of column 20 and right of column 26.
``reach`` is 7 pixels, ``speck_across_mm`` (1.2 mm) at 150 dpi.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from ocr.mark_settings import MARK_SETTINGS
from ocr.page_dust import _across_at_a_slant, _across_lines, across_lines_at_a_slant

H, W = 60, 48
GAP = 23
REACH = 7


def _lines() -> np.ndarray:
    lines = np.zeros((H, W), bool)
    lines[:, 20:23] = True
    lines[:, 24:27] = True
    return lines


def _drawn(stroke: np.ndarray) -> np.ndarray:
    """Ink off the printed lines, as the reader's ``drawn`` is."""
    return stroke & ~_lines()


def _line_at(deg: float, length: int = 40, thick: int = 2) -> np.ndarray:
    """A straight stroke ``thick`` pixels wide, ``deg`` degrees up from the row's line
    (0: along the row, across the gap straight), through the gap's column at row 30."""
    canvas = np.zeros((H, W), np.uint8)
    dx, dy = math.cos(math.radians(deg)), -math.sin(math.radians(deg))
    half = length / 2
    a = (round(GAP - half * dx), round(30 - half * dy))
    b = (round(GAP + half * dx), round(30 + half * dy))
    cv2.line(canvas, a, b, 1, thick)
    return canvas > 0


def _gap_piece(drawn: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The drawn pixels in the gap's column (the piece ``specks_of`` asks about)."""
    ys = np.flatnonzero(drawn[:, GAP])
    return ys, np.full(len(ys), GAP)


@pytest.mark.parametrize("thick", [1, 2])
@pytest.mark.parametrize("deg", [0, 20, 45, 70])
def test_a_stroke_through_the_gap_goes_on_across_at_any_slant(deg, thick):
    """The stroke's piece in the gap lies between the two edges' masks, and its ink goes on
    beyond each: at 70 degrees a ray along the stroke crosses an edge of 3 px in
    3 / cos 70 = 8.8 px, within the 7 / cos 70 = 20.5 followed."""
    drawn = _drawn(_line_at(deg, thick=thick))
    ys, xs = _gap_piece(drawn)
    assert len(ys) > 0
    assert across_lines_at_a_slant(drawn, _lines(), REACH, ys, xs).any()


@pytest.mark.parametrize(("deg", "thick"), [(25, 1), (45, 1), (70, 2)])
def test_the_four_axes_miss_a_stroke_crossing_at_a_slant(deg, thick):
    """Why the slanted test: looking straight across, the first column past an edge 3 px
    wide is 4 px from the gap, where a 1 px stroke at 25 degrees is 4 tan 25 = 1.9 px off
    the gap piece's row (4 px at 45), more than the pixel either side ``_across_lines``
    allows; a 2 px stroke at 70 degrees is 4 tan 70 = 11 px up there, its gap piece 7 px
    tall and the stroke 1 / cos 70 = 2.9 px tall in a column: 11 - 3 - 2.9 = 5 px apart.
    Up and down, the gap's column holds no line to cross."""
    drawn = _drawn(_line_at(deg, thick=thick))
    ys, xs = _gap_piece(drawn)
    assert not _across_lines(drawn, _lines(), REACH, ys, xs).any()


def test_a_round_speck_in_the_gap_goes_nowhere():
    """A round speck in the gap, 3 px across (0.26 mm^2 at 150 dpi before the mask cuts
    it), nothing drawn beyond the edges: no ray finds ink again."""
    canvas = np.zeros((H, W), np.uint8)
    cv2.circle(canvas, (GAP, 30), 1, 1, -1)
    drawn = _drawn(canvas > 0)
    ys, xs = _gap_piece(drawn)
    assert len(ys) == 3
    assert not across_lines_at_a_slant(drawn, _lines(), REACH, ys, xs).any()


def test_a_speck_beside_a_mark_out_of_reach_goes_nowhere():
    """A speck in the gap and a player's tick in the box to its left, 6 px beyond the
    edge's mask (26 - 3 - 6 = 11: column 13, 10 px from the gap): a ray across the edge
    (3 px) comes out on paper, 3 px before the tick, and stops there."""
    canvas = np.zeros((H, W), np.uint8)
    cv2.circle(canvas, (GAP, 30), 1, 1, -1)
    canvas[10:50, 13] = 1
    drawn = _drawn(canvas > 0)
    ys, xs = _gap_piece(drawn)
    assert not across_lines_at_a_slant(drawn, _lines(), REACH, ys, xs).any()


def test_a_hair_across_a_box_goes_on_across_its_edges():
    """A hair 1 px wide across the left box and on through the gap into the right one at
    10 degrees, 44 px long: its piece in the gap goes on across both edges, as a stroke's
    does. A hair is no speck by this test; telling it from a player's stroke is left to
    its length and evenness."""
    drawn = _drawn(_line_at(10, length=44, thick=1))
    ys, xs = _gap_piece(drawn)
    assert across_lines_at_a_slant(drawn, _lines(), REACH, ys, xs).any()


@pytest.mark.parametrize("seed", range(6))
def test_asking_only_the_pieces_that_touch_a_line_gives_the_same_answer(seed):
    """``specks_of`` asks the slanted test only of pieces with a pixel within a pixel of a
    line (``_across_at_a_slant``): on random strokes and specks over a grid of lines the
    answer is the whole test's, pixel for pixel."""
    rng = np.random.default_rng(seed)
    lines = np.zeros((80, 120), bool)
    lines[:, 20:23] = lines[:, 24:27] = lines[:, 70:73] = lines[30:33, :] = True
    canvas = np.zeros((80, 120), np.uint8)
    for _ in range(12):
        a = (int(rng.integers(120)), int(rng.integers(80)))
        b = (a[0] + int(rng.integers(-12, 13)), a[1] + int(rng.integers(-12, 13)))
        cv2.line(canvas, a, b, 1, int(rng.integers(1, 3)))
    for _ in range(30):
        cv2.circle(canvas, (int(rng.integers(120)), int(rng.integers(80))), 1, 1, -1)
    drawn = (canvas > 0) & ~lines
    _, labels = cv2.connectedComponents(drawn.astype(np.uint8), connectivity=8)
    ys, xs = np.nonzero(drawn)
    whole = across_lines_at_a_slant(drawn, lines, REACH, ys, xs)
    asked = _across_at_a_slant(drawn, lines, REACH, ys, xs, labels, MARK_SETTINGS)
    assert whole.any() and not whole.all()
    assert np.array_equal(whole, asked)
