"""A handwritten box's crop made the digit model's input (ocr/digit_cells.py): the grey
levels' ink table and the strokes measured off their pieces, against the pixel by pixel
way they replace."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.digit_cells import (
    _ink_table,
    _written,
    ink_map,
    is_blank,
    normalise_cell,
    normalise_ink,
)
from tests.hypothesis_profiles import draws


def _paper_and_pen() -> np.ndarray:
    """100 pixels: 90 of paper at grey 200, 10 of pen at grey 50 (a column of the crop)."""
    crop = np.full((10, 10), 200, np.uint8)
    crop[:, 4] = 50
    return crop


def test_the_ink_table_of_paper_and_pen_by_hand():
    """Ranks of 100 pixels: the paper's is int(0.9 * 99) = 89, grey 200 (the 90 paper
    pixels are ranks 10-99); the ink's int(0.995 * 99) = 98 of the ink, which rises as the
    grey falls, so rank 99 - 98 = 1 of the grey, 50. The ink tone is (200 - 50) / 200 =
    0.75, and a level g has ink ((200 - g) / 200 - 0.1875) / 0.45, within 0 and 1: the pen
    1, the paper 0, grey 110 (0.45 - 0.1875) / 0.45 = 0.58333, grey 170 0.
    """
    table = _ink_table(_paper_and_pen())
    assert table is not None and table.dtype == np.float32 and table.shape == (256,)
    assert table[50] == 1.0 and table[200] == 0.0 and table[170] == 0.0
    assert table[110] == pytest.approx(0.2625 / 0.45, abs=1e-6)
    assert table[0] == 1.0 and table[255] == 0.0  # darker than the pen, brighter than paper
    ink = ink_map(_paper_and_pen())
    assert ink[:, 4].tolist() == [1.0] * 10 and not ink[:, :4].any() and not ink[:, 5:].any()


def test_a_crop_whose_darkest_is_within_15_percent_of_its_paper_has_no_ink():
    """Paper 200, its darkest 180: (200 - 180) / 200 = 0.10, under 0.15."""
    crop = np.full((10, 10), 200, np.uint8)
    crop[:, 4] = 180
    assert _ink_table(crop) is None
    assert ink_map(crop).dtype == np.float32 and not ink_map(crop).any()
    assert normalise_cell(crop) is None


def _mask_with(strokes: list[tuple[int, int, int, int]]) -> np.ndarray:
    mask = np.zeros((60, 40), np.uint8)
    for y0, y1, x0, x1 in strokes:
        mask[y0:y1, x0:x1] = 1
    return mask


def test_the_strokes_written_and_their_box_off_the_pieces():
    """A stroke 3 px wide down rows 10-49 (120 px, 5% of the 2,400) is written; a speck of
    2 px (under max(3, int(0.006 * 2400)) = 14) is dust and leaves the box alone."""
    written = _written(_mask_with([(10, 50, 19, 22), (2, 3, 30, 32)]))
    assert written is not None
    kept, box = written
    assert box == (10, 50, 19, 22) and kept.shape == (40, 3) and kept.all()


def test_a_stroke_too_short_or_too_thin_is_not_written():
    """A digit's ink spans a quarter of the box (15 of 60 rows) and is 2.5% of it (60 of
    2,400 px): 2 x 30 px is written, 2 x 29 (58 px, 2.42%) is not, nor is 6 x 14 px (84
    px but 14 rows)."""
    assert _written(_mask_with([(10, 40, 19, 21)])) is not None
    assert _written(_mask_with([(10, 39, 19, 21)])) is None
    assert _written(_mask_with([(10, 24, 17, 23)])) is None
    assert _written(_mask_with([(10, 25, 17, 23)])) is not None


def test_a_box_edge_from_end_to_end_is_not_a_stroke():
    """A full row in the outer 15% (row 58 of 60) touching both ends is a printed edge."""
    written = _written(_mask_with([(58, 59, 0, 40), (10, 50, 19, 22)]))
    assert written is not None and written[1] == (10, 50, 19, 22)


@st.composite
def _crops(draw: st.DrawFn) -> np.ndarray:
    """A grey box crop: paper with noise, a few pen strokes, sometimes a printed edge."""
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    h, w = draw(st.integers(1, 70)), draw(st.integers(1, 50))
    paper, noise = draw(st.integers(60, 255)), draw(st.integers(0, 40))
    crop = rng.normal(paper, noise, (h, w))
    for _ in range(draw(st.integers(0, 3))):
        p0 = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        p1 = (int(rng.integers(0, w)), int(rng.integers(0, h)))
        cv2.line(crop, p0, p1, float(rng.integers(0, paper + 1)), int(rng.integers(1, 4)))
    if draw(st.booleans()):
        crop[-2:, :] = rng.integers(0, 80)
    return np.clip(crop, 0, 255).astype(np.uint8)


@settings(max_examples=draws(200), deadline=None)
@given(_crops())
def test_a_grey_crop_reads_as_the_same_crop_in_floats(crop: np.ndarray):
    """The grey crop's ink looked up in its table (``_ink_table``) is the same floats as
    the general way gives the same crop as float32 pixels (two partial sorts, the ink of
    every pixel), and so is the digit made of it."""
    as_floats = crop.astype(np.float32)
    assert ink_map(crop).tobytes() == ink_map(as_floats).tobytes()
    got, want = normalise_cell(crop), normalise_ink(ink_map(as_floats))
    assert (got is None) == (want is None)
    assert got is None or got.tobytes() == want.tobytes()


@settings(max_examples=draws(200), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 70), st.integers(1, 50), st.floats(0.0, 0.3))
def test_the_strokes_off_their_pieces_are_the_strokes_pixel_by_pixel(
    seed: int, h: int, w: int, share: float
):
    """``_written`` reads the ink's share and its box off the kept pieces' statistics; the
    same as counting the kept pixels and looking for the first and last row and column
    holding one."""
    from ocr.digit_cells import _BLANK_INK, _strokes

    mask = (np.random.default_rng(seed).random((h, w)) < share).astype(np.uint8)
    labels, keep, _ = _strokes(mask)
    pixels = keep[labels]
    rows, cols = np.flatnonzero(pixels.any(axis=1)), np.flatnonzero(pixels.any(axis=0))
    written = float(pixels.mean()) >= _BLANK_INK and rows[-1] - rows[0] + 1 >= 0.25 * h
    got = _written(mask)
    assert (got is not None) == written
    if got is not None:
        kept, (y0, y1, x0, x1) = got
        assert (y0, y1, x0, x1) == (rows[0], rows[-1] + 1, cols[0], cols[-1] + 1)
        assert np.array_equal(kept, pixels[y0:y1, x0:x1])


def test_a_grey_box_with_a_stroke_is_not_blank_and_one_with_a_dot_is():
    """A 20 x 20 box of paper 200: a bar of grey 40 2 px wide and 10 px tall (20 px, 5% of
    the box, half its height) is written; a dot of 2 x 2 px (1%, under the 2.5% a stroke
    needs) is not; nor is paper alone (no ink)."""
    box = np.full((20, 20), 200, np.uint8)
    assert is_blank(box)
    dot = box.copy()
    dot[9:11, 9:11] = 40
    assert is_blank(dot)
    bar = box.copy()
    bar[5:15, 9:11] = 40
    assert not is_blank(bar)


@settings(max_examples=draws(200), deadline=None)
@given(_crops())
def test_a_grey_crop_is_blank_as_its_float_ink_map_says(crop: np.ndarray):
    """``is_blank`` on a grey crop looks its mask up per grey level; the same answer as the
    mask of its float ink map over half (the way before), and as ``normalise_cell``."""
    by_floats = _written((ink_map(crop) > 0.5).astype(np.uint8)) is None
    assert is_blank(crop) == by_floats == (normalise_cell(crop) is None)


def test_a_slant_steeper_than_the_limit_is_undone_by_the_limit_only():
    """``_deskew``: a stroke along the diagonal (each row one pixel right of the row above)
    slants by mu11 / mu02 = 1, beyond the 0.6 allowed, so the canvas is sheared by 0.6:
    row y read 0.6 (y - 10) pixels to the right, the diagonal's pixel of row 15 (x = 15)
    moved to x = 12 and that of row 5 (x = 5) to x = 8; a slant of 0.25 (each row a
    quarter pixel right) is undone whole, its rows 4 and 16 (x 7 and 10, a pixel wide)
    both brought to x = 8.5 +- 0.5."""
    from ocr.digit_cells import _deskew

    diagonal = np.zeros((20, 20), np.float32)
    diagonal[np.arange(20), np.arange(20)] = 1.0
    sheared = _deskew(diagonal)
    assert sheared[15].argmax() == 12 and sheared[5].argmax() == 8
    assert sheared[15, 12] == pytest.approx(1.0) and sheared[5, 8] == pytest.approx(1.0)
    gentle = np.zeros((20, 20), np.float32)
    for y in range(4, 17):
        gentle[y, 7 + (y - 4) // 4] = 1.0
    upright = _deskew(gentle)
    assert {int(upright[y].argmax()) for y in (4, 16)} <= {8, 9}


def test_a_stroke_exactly_15_percent_darker_than_the_paper_is_read_as_ink_maps_it():
    """A one-row crop of paper 60 with a stroke of 51: 9/60 = 0.15 darker, the least
    contrast ``ink_map`` accepts (a level under 0.15 is none). Its ink by hand: the
    stroke (0.15 - 0.25 * 0.15) / (0.6 * 0.15) = 1.25, so 1; the paper 0. The quick
    way out (darkest >= 0.85 * brightest) called it blank. One grey level lighter (52:
    8/60 = 0.133) is under the contrast and blank both ways."""
    crop = np.array([[60, 60] + [51] * 13 + [60] * 23], np.uint8)
    ink = np.zeros(crop.shape, np.float32)
    ink[0, 2:15] = 1.0
    assert ink_map(crop).tobytes() == ink.tobytes()
    got, want = normalise_cell(crop), normalise_ink(ink)
    assert got is not None and want is not None
    assert got.tobytes() == want.tobytes()
    lighter = np.where(crop == 51, 52, crop).astype(np.uint8)
    assert not ink_map(lighter).any()
    assert normalise_cell(lighter) is None
