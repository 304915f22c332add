"""A row's geometry worked out for all its boxes at once gives the integers that ``Rect``
gives one box at a time (ocr/mark_geometry.py: ``_px``, ``_inset``, ``_centre_pixels``)."""

from __future__ import annotations

import numpy as np
import pytest

from ocr.layout import Rect, load_layout
from ocr.mark_geometry import _centre_pixels, _inset, _mm, _px
from ocr.marks import BOX_INSET_MM


def test_bounds_round_half_to_even_as_python_round() -> None:
    # at 25.4 dpi a millimetre is a pixel: 2.5 -> 2 and 3.5 -> 4 (half to even), and the
    # far edges 3.5 -> 4 and 4.5 -> 4
    rect = Rect(2.5, 3.5, 1.0, 1.0)

    assert rect.to_px(25.4) == (2, 4, 4, 4)
    assert _px(_mm([rect]), 25.4).tolist() == [[2, 4, 4, 4]]


def test_an_inset_box_in_pixels() -> None:
    # 254 dpi: 10 px a mm; 10-15 x 20-24 mm, 0.5 mm in: 10.5-14.5 x 20.5-23.5 mm
    rect = Rect(10.0, 20.0, 5.0, 4.0)

    assert _px(_inset(_mm([rect]), 0.5), 254.0).tolist() == [[105, 205, 145, 235]]
    assert _px(_mm([rect]), 254.0).tolist() == [[100, 200, 150, 240]]


@pytest.mark.parametrize("dpi", [150, 127.3, 200.0, 300.0])
def test_every_box_of_the_form_as_rect_gives_it(dpi: float) -> None:
    rects = [box.rect for box in load_layout().boxes()]

    assert _px(_mm(rects), dpi).tolist() == [list(r.to_px(dpi)) for r in rects]
    assert _px(_inset(_mm(rects), BOX_INSET_MM), dpi).tolist() == [
        list(r.inset(BOX_INSET_MM).to_px(dpi)) for r in rects
    ]


def test_no_rectangles() -> None:
    assert _px(_mm([]), 150).shape == (0, 4)


def test_centre_pixels_box_by_box_row_by_row() -> None:
    # box 1, 8 x 6 px: a quarter in is 2 across and 1 down; every other pixel of rows
    # 1..4 and columns 2..5: rows 1, 3 by columns 2, 4. Box 2, 1 x 1 px: its one pixel.
    # Box 3 has no inside: nothing.
    inner = np.array([[0, 0, 8, 6], [10, 0, 11, 1], [20, 5, 20, 5]])

    ys, xs = _centre_pixels(inner)

    assert ys.tolist() == [1, 1, 3, 3, 0]
    assert xs.tolist() == [2, 4, 2, 4, 10]


def test_centre_pixels_as_a_grid_of_each_box() -> None:
    rng = np.random.default_rng(7)
    corner = rng.integers(0, 200, (40, 2))
    inner = np.concatenate([corner, corner + rng.integers(0, 30, (40, 2))], axis=1)
    expected_y, expected_x = [], []
    for x0, y0, x1, y1 in inner.tolist():
        qx, qy = (x1 - x0) // 4, (y1 - y0) // 4
        grid = np.mgrid[y0 + qy : y1 - qy : 2, x0 + qx : x1 - qx : 2]
        expected_y += grid[0].ravel().tolist()
        expected_x += grid[1].ravel().tolist()

    ys, xs = _centre_pixels(inner)

    assert (ys.tolist(), xs.tolist()) == (expected_y, expected_x)
