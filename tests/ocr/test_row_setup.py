"""A row's set-up before its boxes are read (ocr/row_marks.py, ocr/mark_geometry.py): the
form's lines where they lie on the row, made once per row and shift, and the boxes that
hold their own mark painted where they lie, against np.roll of the form's pixels."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ocr.align import WORK_DPI
from ocr.layout import load_layout
from ocr.mark_geometry import (
    _centre_pixels,
    _clear_of_edges,
    printed_at,
    row_geometry,
    side_corners,
)
from ocr.row_boxes import RowBoxes
from ocr.row_ink import RowInk


@pytest.mark.parametrize("shift", [(0, 0), (2, -3), (-3, 3), (1, 0)])
def test_the_printed_lines_where_they_lie_are_the_rolled_lines_a_pixel_wider(shift):
    layout = load_layout()
    g = row_geometry(layout, layout.rows[0], WORK_DPI)
    lines, printed = printed_at(g, shift)
    rolled = np.roll(g.lines, shift, axis=(0, 1))
    assert np.array_equal(lines, rolled)
    wider = cv2.dilate((rolled > 0).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    assert printed.dtype == bool and np.array_equal(printed, wider)
    assert not lines.flags.writeable and not printed.flags.writeable
    again = printed_at(g, shift)
    assert again[0] is lines and again[1] is printed  # made once per row and shift


def test_how_far_pixels_lie_from_the_band_s_edges_by_hand():
    """Rows 2 and 5, columns 4 and 9 of a 10 x 12 band: 2 from the top, 4 from the bottom
    (row 9 is the last), 4 from the left and 2 from the right (column 11 is the last)."""
    pixels = (np.array([2, 5]), np.array([4, 9]))
    assert _clear_of_edges(pixels, 10, 12) == 2
    assert _clear_of_edges((np.array([], int), np.array([], int)), 10, 12) == 12


def _row_with_marks() -> RowInk:
    """Row 1 of a blank page with three of its mark boxes filled in: their fills are
    their own marks (``RowBoxes._set_outside``)."""
    layout = load_layout()
    row = layout.rows[0]
    g = row_geometry(layout, row, WORK_DPI)
    x0, y0, x1, y1 = g.band
    page = np.full((y1 + 40, x1 + 40), 235, np.uint8)
    band = page[y0:y1, x0:x1]
    band[g.lines > 0] = 40
    for bx0, by0, bx1, by1 in g.inner[[0, 3, 7]]:
        band[by0:by1, bx0:bx1] = 30
    return RowInk(page, layout, row, WORK_DPI)


@pytest.mark.parametrize("shift", [(0, 0), (2, -3), (-3, 3), (-30, 0), (0, 700), (45, -5)])
def test_the_boxes_holding_their_own_mark_are_where_np_roll_puts_them(shift):
    """Painted where they lie; where one would wrap round the band's edge (shifts far
    larger than a row's three pixels, to reach that case), painted and rolled as before."""
    row = _row_with_marks()
    g = row_geometry(row.layout, row.row, row.dpi)
    marked = np.zeros(len(g.inner), bool)
    marked[[0, 3, 7]] = True
    row.shift = shift
    fills = [0.0] * len(g.inner)
    marks = RowBoxes(row, marked, fills)
    mask = np.zeros_like(row.solid)
    for x0, y0, x1, y1 in g.inner[marked]:
        mask[y0:y1, x0:x1] = True
    mask = np.roll(mask, shift, axis=(0, 1))
    assert marks.own_marks is not None and np.array_equal(marks.own_marks, mask)
    assert np.array_equal(marks.outside, row.solid & ~mask)
    assert np.array_equal(marks.drawn_outside, row.drawn & row.solid & ~mask)
    marks = RowBoxes(row, np.zeros(len(g.inner), bool), fills)
    assert marks.own_marks is None and marks.outside is row.solid


def test_the_strips_beside_the_sides_summed_off_the_kept_corners_as_strip_by_strip():
    """``side_corners`` kept per row geometry: each strip beside a box's side summed off
    the integral's four corners is the strip's own count of drawn ink, and the same array
    serves the row's next page."""
    rng = np.random.default_rng(7)
    layout = load_layout()
    g = row_geometry(layout, layout.rows[2], WORK_DPI)
    x0, y0, x1, y1 = g.band
    drawn = rng.random((y1 - y0, x1 - x0)) < 0.3
    total = cv2.integral(drawn.view(np.uint8))
    corners = side_corners(g, total.shape[1])
    at = total.ravel().take(corners)
    beside = at[0] - at[1] - at[2] + at[3]
    want = [[int(drawn[sy0:sy1, sx0:sx1].sum()) for sx0, sy0, sx1, sy1 in side] for side in g.sides]
    assert beside.tolist() == want
    assert side_corners(g, total.shape[1]) is corners and not corners.flags.writeable


def test_the_middle_of_each_box_every_other_pixel_row_by_row_by_hand():
    # box 1: x 10-18, y 20-28: a quarter in (2 px) on each side leaves rows 22 and 24,
    # columns 12 and 14; box 2: x 0-9, y 0-5: a quarter is 2 across and 1 down, rows 1-3
    # (every other: 1, 3), columns 2-6 (2, 4, 6)
    ys, xs = _centre_pixels(np.array([[10, 20, 18, 28], [0, 0, 9, 5]]))
    assert ys.tolist() == [22, 22, 24, 24, 1, 1, 1, 3, 3, 3]
    assert xs.tolist() == [12, 14, 12, 14, 2, 4, 6, 2, 4, 6]


def test_each_neighbour_s_kept_inside_lies_in_the_band_in_an_array_of_its_own():
    layout = load_layout()
    g = row_geometry(layout, layout.rows[3], WORK_DPI)
    h, w = g.lines.shape
    kept = [k for near in g.neighbours for _, k in near]
    assert len(kept) > 50  # a row's boxes have some 110 neighbours
    for box in kept:
        assert box.shape == (4,) and box.dtype == np.int64 and box.base is None
        x0, y0, x1, y1 = box.tolist()
        assert 0 <= x0 <= x1 <= w and 0 <= y0 <= y1 <= h
