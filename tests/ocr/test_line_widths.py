"""ocr/line_widths.py: strokes over the grey hairlines between rows, found by their tone;
how wide a row's printed edges and hairlines scan, by hand and against the pixel by pixel
way, with the row's lines kept across pages (read-only)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.line_widths import _median, border_width, hairline_width, strokes_over_hairlines
from ocr.mark_geometry import BORDER_CORE_MM, BORDER_INNER_MM, EDGE, HAIRLINE
from tests.hypothesis_profiles import draws

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


def test_each_hairline_s_strokes_are_measured_along_it_alone():
    """Two hairlines two pixel rows thick (rows 10-11 and 80-81 of a 90 x 100 band, 172
    on paper 230): above, a stroke of 6 px on row 10 (columns 30-35) and 5 on row 11
    (36-40), touching at a corner, is one piece 11 px long and kept (runs of 9 asked for);
    below, a 4 px crossing (columns 70-73 on both rows) is dropped; the rows between hold
    nothing."""
    grey = np.full((90, 100), 230, np.uint8)
    band = np.zeros(grey.shape, bool)
    for y in (10, 11, 80, 81):
        grey[y] = 172
        band[y] = True
    grey[10, 30:36] = grey[11, 36:41] = 69
    grey[80:82, 70:74] = 69
    found = strokes_over_hairlines(grey, PAPER, 1.0, band, 0.5, 9)
    want = np.zeros(grey.shape, bool)
    want[10, 30:36] = want[11, 36:41] = True
    assert (found == want).all()


S = 150 / 25.4  # px per mm: an edge is read from 2 px outside it (0.35 mm) to 3 inside


def _edges() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Four boxes whose left edges lie at columns 10, 20, 30 and 40 (middle row 7), the
    mask giving each 2 px; the first two scan 3 px across, the others 2."""
    outer = np.array([[x, 2, x + 8, 13] for x in (10, 20, 30, 40)])
    lines = np.zeros((20, 50), np.uint8)
    solid = np.zeros((20, 50), bool)
    for k, x in enumerate((10, 20, 30, 40)):
        lines[:, x : x + 2] = EDGE
        solid[:, x - 1 if k < 2 else x : x + 2] = True
    return solid, lines, outer


def test_a_printed_edge_s_width_by_hand():
    """Counts 3, 3, 2, 2 across the edges: their interquartile mean (2, 3) is 2.5; the
    mask gives each 2 px."""
    assert (round(BORDER_CORE_MM * S), round(BORDER_INNER_MM * S)) == (2, 3)
    solid, lines, outer = _edges()
    assert border_width(solid, lines, outer, S) == (2.5, 2.0)
    lines.flags.writeable = False  # kept: the same from what was kept
    assert border_width(solid, lines, outer, S) == (2.5, 2.0)
    assert border_width(solid, lines, outer, S) == (2.5, 2.0)


def test_a_hairline_s_width_by_hand():
    """The hairline of row 5 over columns 0-29 scans 2 px across on 15 of them and 1 on
    15 (median 1.5); that of row 15 over columns 10-39, 3 px (median 3): 2.25."""
    lines = np.zeros((20, 40), np.uint8)
    lines[5, :30], lines[15, 10:] = HAIRLINE, HAIRLINE
    solid = np.zeros((20, 40), bool)
    solid[5, :30], solid[6, :15], solid[14:17, 10:] = True, True, True
    rows = np.zeros(20, bool)
    rows[[5, 15]] = True
    assert hairline_width(solid, lines, rows) == 2.25
    lines.flags.writeable = False
    assert hairline_width(solid, lines, rows) == 2.25
    assert hairline_width(solid, lines, rows) == 2.25


@pytest.mark.parametrize(
    ("counts", "median"), [([3, 1, 2], 2.0), ([4, 1, 3, 2], 2.5), ([7], 7.0), ([5, 5], 5.0)]
)
def test_the_median_of_counts_by_hand(counts: list[int], median: float):
    assert _median(np.array(counts, np.int32)) == median == float(np.median(counts))


def _hairline_pixel_by_pixel(solid, lines, hairline_rows):
    rows = np.flatnonzero(hairline_rows)
    if len(rows) == 0:
        return 0.0
    widths = []
    for y in (rows[0], rows[-1]):
        cols = np.flatnonzero(lines[y] == HAIRLINE)
        y0, y1 = max(0, y - 3), y + 4
        widths.append(float(np.median(solid[y0:y1].sum(axis=0)[cols])))
    return float(np.mean(widths))


def _border_pixel_by_pixel(solid, lines, outer, px_per_mm):
    """Each box's left edge read pixel by pixel along its middle row, from ``core`` outside
    it to ``inner`` inside, within the band: the interquartile mean of the solid pixels
    and the median of the mask's."""
    core, inner = round(BORDER_CORE_MM * px_per_mm), round(BORDER_INNER_MM * px_per_mm)
    w = solid.shape[1]
    ink, mask = [], []
    for x0, y0, _, y1 in outer.tolist():
        y, xs = (y0 + y1) // 2, range(min(max(0, x0 - core), w), min(x0 + inner, w))
        ink.append(sum(bool(solid[y, x]) for x in xs))
        mask.append(sum(bool(lines[y, x] > 0) for x in xs))
    ink.sort()
    quarter = len(ink) // 4
    middle = ink[quarter : len(ink) - quarter]
    return sum(middle) / len(middle), max(1.0, float(np.median(mask)))


@settings(max_examples=draws(60), deadline=None)
@given(st.integers(0, 2**32 - 1), st.floats(0.0, 0.6), st.integers(1, 12))
def test_the_widths_as_pixel_by_pixel_page_after_page(seed: int, share: float, boxes: int):
    """Random ink on random lines, the lines writeable and then kept (read-only) for two
    pages' ink: the same floats as the pixel by pixel way."""
    rng = np.random.default_rng(seed)
    lines = rng.choice(np.array([0, EDGE, HAIRLINE], np.uint8), size=(40, 120), p=[0.6, 0.2, 0.2])
    rows = rng.random(40) < 0.1
    x0 = rng.integers(-3, 120, boxes)
    y0 = rng.integers(0, 30, boxes)
    outer = np.stack([x0, y0, x0 + 20, y0 + rng.integers(1, 10, boxes)], axis=1)
    for writeable in (True, False, False):
        lines.flags.writeable = writeable
        solid = rng.random((40, 120)) < share
        got, want = hairline_width(solid, lines, rows), _hairline_pixel_by_pixel(solid, lines, rows)
        assert repr(got) == repr(want)
        assert border_width(solid, lines, outer, S) == _border_pixel_by_pixel(
            solid, lines, outer, S
        )
