"""A digit box on a dusty page read without the page's specks (ocr/digit_dust.py)."""

from __future__ import annotations

import numpy as np

from ocr.digit_dust import cell_without_specks
from ocr.digits import normalise_cell
from ocr.page_dust import NO_DUST, PageDust

S = 150 / 25.4  # the reader's 150 dpi: 5.906 px a mm
DUSTY = PageDust(100.0, (0.35,) * 20)  # 0.2 specks a cm^2 (dusty from 0.05), each 0.35 mm^2


def _score_box(stroke: int) -> np.ndarray:
    """A score box's inside (5.8 x 9.8 mm at 150 dpi: 34 x 58 px) holding a written 1 (a
    bar 3 px wide, rows 10-47: 114 px) of grey ``stroke`` and a clump of dust 4 x 4 px
    (16 px, 0.46 mm^2, 0.68 mm across) of grey 20, 12 px (2 mm) from the bar."""
    cell = np.full((58, 34), 255, np.uint8)
    cell[10:48, 8:11] = stroke
    cell[20:24, 23:27] = 20
    return cell


def test_a_pale_digit_beside_a_clump_reads_blank_until_the_clump_is_taken_out() -> None:
    # The darkest 1% of the box (its 0.995 quantile, the 11th darkest pixel of 1,972) is
    # the clump: 235/255 = 0.922 darker than the paper. The bar (grey 170) is 0.333
    # darker, its ink (0.333 - 0.25 * 0.922) / (0.6 * 0.922) = 0.19, under the half that
    # counts: the box holds the clump alone, 16 px, 0.8% of it (2.5% is writing): blank.
    cell = _score_box(stroke=170)
    assert normalise_cell(cell) is None
    # The clump is 0.68 mm across (1 mm at most), no ink within 0.3 mm of it (the bar is
    # 12 px, 2 mm, away), and the page's margins hold 0.2 specks a cm^2 of 0.35 mm^2, at
    # least 0.67 x 0.46 = 0.31: painted paper.
    clean = cell_without_specks(cell, DUSTY, S)
    assert (clean[19:25, 22:28] == 255).all()
    assert (clean[10:48, 8:11] == 170).all()  # the bar as it was
    # Now the bar is the darkest: full ink, 114 px (5.8%) over 38 of 58 rows: a digit.
    assert normalise_cell(clean) is not None


def test_a_firm_digit_keeps_every_stroke_and_the_clump_goes() -> None:
    cell = _score_box(stroke=40)
    clean = cell_without_specks(cell, DUSTY, S)
    assert (clean[10:48, 8:11] == 40).all()
    assert int((clean < 128).sum()) == 114  # the bar's 114 px, the clump's 16 gone


def test_a_clump_against_a_stroke_is_the_stroke_s() -> None:
    # The clump 1 px (0.17 mm, under 0.3 mm) from the bar: it may be the pen's, it stays.
    cell = _score_box(stroke=40)
    cell[20:24, 23:27] = 255
    cell[20:24, 12:16] = 20
    assert np.array_equal(cell_without_specks(cell, DUSTY, S), cell)


def test_a_pale_digit_solid_only_in_bits_keeps_them():
    # A pale bar (grey 170: (0.333 - 0.2) / 0.3 = 0.44 of full ink, under the solid half)
    # with a darker 3 x 3 bit every 8 rows (grey 60: 0.765 darker, full ink, solid). Each
    # bit alone among solid pixels would be a speck; joined by the bar's fainter ink they
    # are one piece 38 px (6.4 mm) long: no speck, the box as it was.
    cell = _score_box(stroke=170)
    cell[20:24, 23:27] = 255  # no clump
    for y in range(11, 46, 8):
        cell[y : y + 3, 8:11] = 60
    assert np.array_equal(cell_without_specks(cell, DUSTY, S), cell)


def test_a_clump_larger_than_the_page_s_specks_stays() -> None:
    # Margins whose specks are 0.16 mm^2 hold none of 0.67 x 0.46 = 0.31 mm^2 or more.
    small = PageDust(100.0, (0.16,) * 20)
    cell = _score_box(stroke=40)
    assert np.array_equal(cell_without_specks(cell, small, S), cell)


def test_a_page_that_is_not_dusty_is_read_as_it_is() -> None:
    cell = _score_box(stroke=40)
    assert cell_without_specks(cell, NO_DUST, S) is cell
    few = PageDust(100.0, (0.35,) * 4)  # 0.04 specks a cm^2: under 0.05, not dusty
    assert cell_without_specks(cell, few, S) is cell


def test_a_box_without_solid_ink_is_not_looked_into():
    # A smudge 30% darker than the paper (grey 175 on 250) is under solid ink (35%
    # darker: the ramp's 20% plus half of its 30%): the box is given back as it is.
    cell = np.full((58, 34), 250, np.uint8)
    cell[20:24, 23:27] = 175
    assert cell_without_specks(cell, DUSTY, S) is cell
