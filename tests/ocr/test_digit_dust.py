"""A digit box on a dusty page read without the page's specks (ocr/digit_dust.py)."""

from __future__ import annotations

import numpy as np
import pytest

from ocr.digit_cells import ink_map
from ocr.digit_dust import cell_without_specks, darkest_lifted
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
    # The darkest 0.5% of the box (its 0.995 quantile, the 11th darkest pixel of 1,972) is
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


def _kept_at_the_pen_s_grey(cell: np.ndarray, out: np.ndarray, clump: np.ndarray) -> bool:
    """``out`` is ``cell`` with the clump's pixels (grey 20) kept as ink, lifted to the
    bar's grey 40: the box's 3% darkest (its 60th darkest pixel of 1,972) is the bar's,
    since the clump has 16. Every other pixel as it was."""
    expected = cell.copy()
    expected[clump] = 40
    return bool(np.array_equal(out, expected))


def test_a_clump_against_a_stroke_is_the_stroke_s() -> None:
    # The clump 1 px (0.17 mm, under 0.3 mm) from the bar: it may be the pen's, it stays.
    cell = _score_box(stroke=40)
    cell[20:24, 23:27] = 255
    cell[20:24, 12:16] = 20
    clump = cell == 20
    assert _kept_at_the_pen_s_grey(cell, cell_without_specks(cell, DUSTY, S), clump)


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
    out = cell_without_specks(cell, small, S)
    assert _kept_at_the_pen_s_grey(cell, out, cell == 20)


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


def test_a_clump_joined_to_the_stroke_no_longer_sets_the_box_s_ink_scale() -> None:
    # A bar of grey 110 (114 px) and, touching it, a clump of grey 20 (4 x 4 px): one piece
    # of ink with the stroke, so no speck. The model's ink scale is the box's 11th darkest
    # pixel of 1,972 (ink_map's darkest 0.5%): the clump's 20, 235/255 = 0.922 darker than
    # the paper. The bar, 145/255 = 0.569 darker, is (0.569 - 0.25 * 0.922) / (0.6 *
    # 0.922) = 0.61 ink.
    cell = _score_box(stroke=110)
    cell[20:24, 23:27] = 255
    cell[20:24, 11:15] = 20
    assert ink_map(cell)[30, 9] == pytest.approx(0.6117, abs=1e-3)
    lifted = cell_without_specks(cell, DUSTY, S)
    # The box reads written (130 px, 6.6% of it, over 38 of 58 rows). Its 3% darkest is
    # its 60th darkest pixel (rank int(0.03 x 1,971) = 59): the bar's 110, since the
    # clump has 16. Every pixel darker is lifted to 110: the clump is the bar's grey.
    assert (lifted[20:24, 11:15] == 110).all()
    assert (lifted[10:48, 8:11] == 110).all()
    assert int((lifted < 255).sum()) == 130
    # Now the bar sets the scale: (0.569 - 0.25 x 0.569) / (0.6 x 0.569) = 1.25, full ink.
    assert ink_map(lifted)[30, 9] == 1.0


def test_an_empty_dusty_box_stays_empty() -> None:
    # A faint smear (grey 215, 40/255 = 0.157 darker: under the ramp's 20%, no ink) 4 px
    # wide down 38 rows (152 px) and two grains of grey 20 (3 x 3 px each) 1 px (0.17 mm)
    # apart: each has the other within 0.3 mm, so neither is a speck. The grains are the
    # box's darkest 0.5%; the smear is no ink against them and the grains alone, 18 px (0.9%
    # of 1,972, under the 2.5% of writing), are no digit: the box reads blank and is given
    # back as it is.
    cell = np.full((58, 34), 255, np.uint8)
    cell[10:48, 8:12] = 215
    cell[20:23, 20:23] = 20
    cell[20:23, 24:27] = 20
    assert normalise_cell(cell) is None
    out = cell_without_specks(cell, DUSTY, S)
    assert np.array_equal(out, cell)
    assert normalise_cell(out) is None
    # Lifted all the same, the box's 60th darkest pixel is the smear's 215: the grains
    # would become smear, the smear the box's darkest, 0.157 over the 0.15 a stroke needs,
    # and its 170 px (8.6%) over 38 rows would be read as a written 1.
    assert normalise_cell(np.maximum(cell, np.uint8(215))) is not None
    assert darkest_lifted(cell) is cell


def test_an_empty_crop_is_given_back_as_it_is() -> None:
    empty = np.zeros((0, 12), np.uint8)
    assert darkest_lifted(empty).shape == (0, 12)


def _pale_digit_box() -> np.ndarray:
    """A score box's inside (34 x 58 px) holding a pale pen's written 1: a bar 3 px wide,
    rows 10-47, of grey 170 (114 px), its fainter edges one column either side of grey 180
    (76 px), and a clump of dust 4 x 4 px of grey 20 (16 px) touching the right edge: one
    piece of ink with the stroke (180 is 29% darker than the paper, past the ramp's 20%),
    so no speck, as on TEST noisy page_0042 row 2 (a 3 of grey 170 under a clump of 31)."""
    cell = np.full((58, 34), 255, np.uint8)
    cell[10:48, 7] = 180
    cell[10:48, 8:11] = 170
    cell[10:48, 11] = 180
    cell[20:24, 12:16] = 20
    return cell


def test_a_pale_digit_under_a_clump_joined_to_it_reads_once_lifted() -> None:
    # The box's darkest 0.5% (its 11th darkest pixel of 1,972) is the clump's 20: 235/255 =
    # 0.922 darker than the paper. The bar is 85/255 = 0.333 darker, its ink (0.333 - 0.25
    # x 0.922) / (0.6 x 0.922) = 0.19; the edges' less: the box holds the clump alone, 16
    # px (0.8%, 2.5% is writing), and reads blank.
    cell = _pale_digit_box()
    assert normalise_cell(cell) is None
    out = cell_without_specks(cell, DUSTY, S)
    # Its 3% darkest is its 60th darkest pixel (rank int(0.03 x 1,971) = 59): the clump has
    # 16, the bar the next 114, so the bar's 170. The clump is lifted to 170; the bar, now
    # the darkest, is full ink and so are its edges ((75/255 - 0.25 x 0.333) / (0.6 x
    # 0.333) = 1.05). Without the lifted pixels (the bar and the clump, all at 170 or
    # darker) the edges alone, 76 px (3.9%) over 38 of 58 rows, still make a digit: the
    # box is taken lifted, and reads written.
    assert (out[20:24, 12:16] == 170).all()
    assert (out[10:48, 7] == 180).all() and (out[10:48, 8:11] == 170).all()
    assert int((out < 255).sum()) == 114 + 76 + 16
    assert normalise_cell(out) is not None


def test_a_blank_box_whose_lift_is_all_its_ink_stays_blank() -> None:
    # The same bar with no fainter edges: the lift makes bar and clump one grey (170), a
    # written 1 of 130 px (6.6%). Without the lifted pixels nothing is left: the box's ink
    # would be only what the lift itself turned into a stroke, and it is given back blank.
    cell = _pale_digit_box()
    cell[10:48, 7] = 255
    cell[10:48, 11] = 255
    cell[20:24, 11] = 20  # the clump touching the bar itself
    assert normalise_cell(cell) is None
    assert normalise_cell(np.maximum(cell, np.uint8(170))) is not None
    assert darkest_lifted(cell) is cell


def test_a_blank_box_crossed_by_a_line_stays_blank() -> None:
    # The pale 1 without the clump and a printed edge across row 30 instead (34 px of grey
    # 30): the line is the box's darkest 0.5% (0.882 darker) and its row is all ink, more
    # than 60% of the box's width: a line crosses the box, its scale is the printed
    # edge's, not dust's. Lifted (the 60th darkest pixel is the bar's 170: the line has
    # 34) the bar and its edges would be full ink, a 1 beside a line: it stays blank.
    cell = _pale_digit_box()
    cell[20:24, 12:16] = 255
    cell[30, :] = 30
    assert normalise_cell(cell) is None
    assert normalise_cell(np.maximum(cell, np.uint8(170))) is not None
    assert darkest_lifted(cell) is cell
