"""Strokes over the grey hairlines between rows, found by their tone (ocr/line_widths.py)."""

from __future__ import annotations

import numpy as np

from ocr.line_widths import strokes_over_hairlines

PAPER = 230.0


def _hairline_row(start: int, stop: int, tone: int, length: int = 100) -> np.ndarray:
    """One pixel row of a hairline scanned at 172 (paper 230), ``tone`` from start to stop."""
    grey = np.full((1, length), 172, np.uint8)
    grey[0, start:stop] = tone
    return grey


def test_a_stroke_along_a_hairline_is_found_and_the_line_itself_is_not():
    """Paper 230, the hairline 172 (transmission 0.748, its median along the row): a pen
    stroke over it at 69 is 69 / 0.748 = 92.3 once the line is divided out, darkness
    (230 - 92.3) / 230 = 0.60, solid on a firm pen's ramp (0.20 to 0.50: solid from 0.35).
    The line alone divides out to paper."""
    grey = _hairline_row(30, 50, 69)
    band = np.ones(grey.shape, bool)
    found = strokes_over_hairlines(grey, PAPER, 1.0, band, 0.5, 3)
    assert found[0, 30:50].all()
    assert not found[0, :30].any() and not found[0, 50:].any()


def test_a_patch_where_the_scan_darkens_the_line_is_no_stroke():
    """The line scanned darker in one place (140): darkness 0.39 as it is, solid on the
    ramp; with the line divided out 140 / 0.748 = 187.2, darkness 0.19, not solid. Only
    pixels of the band are looked at."""
    grey = _hairline_row(60, 66, 140)
    band = np.ones(grey.shape, bool)
    assert (1 - 140 / PAPER) >= 0.35  # solid without the division
    assert not strokes_over_hairlines(grey, PAPER, 1.0, band, 0.5, 3).any()
    stroke = _hairline_row(30, 50, 69)
    band[0, 40:] = False
    found = strokes_over_hairlines(stroke, PAPER, 1.0, band, 0.5, 3)
    assert found[0, 30:40].all() and not found[0, 40:].any()


def test_a_stroke_crossing_a_hairline_is_left_to_the_views_beside_it():
    """A stroke that crosses the line (4 px of it, the arm of a cross in the next row)
    is no piece of a circle following the line: with runs of 9 px asked for (1.5 mm at
    150 dpi), only the 20 px that follow the line are kept."""
    grey = _hairline_row(30, 50, 69)
    grey[0, 70:74] = 69
    band = np.ones(grey.shape, bool)
    found = strokes_over_hairlines(grey, PAPER, 1.0, band, 0.5, 9)
    assert found[0, 30:50].all()
    assert not found[0, 70:74].any()
