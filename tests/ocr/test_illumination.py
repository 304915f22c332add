"""Light correction (flat field), scanner streaks and folds' creases, on images whose pixels
are known."""

from __future__ import annotations

import numpy as np

from ocr.illumination import (
    _judged,
    _quarter,
    _set_along,
    flatten,
    paper_background,
    remove_creases,
    remove_streaks,
)

PAPER = 230


def _streaked() -> np.ndarray:
    """200 x 120 paper; a 2 px feeder streak (grey 150) down columns 50-51; a printed
    upright line (black) through the top third at column 100; a pen stroke (grey 30)
    across rows 60-63 that crosses the streak."""
    page = np.full((200, 120), PAPER, np.uint8)
    page[:, 50:52] = 150
    page[:66, 100] = 0
    page[60:64, 20:80] = 30
    return page


def test_a_streak_down_the_whole_scan_is_taken_out():
    out = remove_streaks(_streaked())
    away = np.r_[0:60, 64:200]
    assert (out[away, 50] == PAPER).all() and (out[away, 51] == PAPER).all()


def test_ink_across_a_streak_and_the_forms_own_lines_stay():
    page = _streaked()
    out = remove_streaks(page)
    assert (out[60:64, 20:80] == 30).all()  # the stroke, also where it crosses the streak
    assert (out[:, 100] == page[:, 100]).all()  # a line through a third of the page only
    assert (out[:, :50] == page[:, :50]).all() and (out[:, 52:] == page[:, 52:]).all()


def test_opaque_dirt_paler_than_the_ink_it_covers_is_darkened_to_that_ink():
    """Dirt on the feeder's glass is opaque: where the streak crosses black print (a QR
    code's finder pattern, a board number's stroke) the scan holds the streak's grey,
    a pale line through the print that breaks both. Taken out, the streak takes the ink
    both sides hold there, and the paper's white elsewhere."""
    page = _streaked()
    page[120:160, 30:80] = 10  # a black square of print ...
    page[120:160, 50:52] = 170  # ... that the streak runs through, paler than the print
    out = remove_streaks(page)
    assert (out[120:160, 50:52] == 10).all()
    assert (out[120:160, 30:80] == 10).all()
    assert (out[np.r_[0:60, 64:120, 160:200], 50] == PAPER).all()


def test_a_scan_without_streaks_is_returned_as_it_is():
    """A page (A4 at 150 dpi) with upright pen strokes as long as a score box is high
    (8 mm, 47 px) in one column, twelve rows of them: no column is dark along 60% of
    the height, so nothing is changed."""
    page = np.full((1754, 1240), PAPER, np.uint8)
    for top in range(100, 1700, 130):
        page[top : top + 47, 600:603] = 20
    assert remove_streaks(page) is page


def _creased() -> tuple[np.ndarray, np.ndarray]:
    """A page warped onto the form, 200 x 120: a fold's crease (grey 170, 2 px) down
    columns 30-31; the form prints upright box edges (black) down column 90 in 70% of the
    rows, in twelve boxes, as every row's boxes line up on the warped page; a pen stroke
    (grey 30) across rows 60-63 crosses the crease. Returns the page and where the form
    prints."""
    page = np.full((200, 120), PAPER, np.uint8)
    printed = np.zeros(page.shape, bool)
    page[:, 30:32] = 170
    for top in range(0, 200, 17):
        page[top : top + 12, 90] = 0
        printed[top : top + 12, 88:93] = True
    page[60:64, 10:60] = 30
    return page, printed


def test_a_folds_crease_on_the_warped_page_is_taken_out():
    page, printed = _creased()
    out = remove_creases(page, printed)
    away = np.r_[0:60, 64:200]
    assert (out[away, 30] == PAPER).all() and (out[away, 31] == PAPER).all()
    assert (out[60:64, 10:60] == 30).all()  # the stroke, also where it crosses the crease


def test_the_forms_own_lines_are_no_crease_though_they_run_down_most_of_the_page():
    """Column 90 is dark in 70% of the rows: ``remove_streaks`` takes it for a streak, as
    it may in a scan, where the form is tilted and no column holds its lines. On the page
    warped onto the form, the crease test judges a column only where the form prints
    nothing, and there column 90 is paper."""
    page, printed = _creased()
    assert not (remove_streaks(page)[:, 90] == page[:, 90]).all()
    out = remove_creases(page, printed)
    assert (out[:, 88:93] == page[:, 88:93]).all()


def test_a_crease_across_the_page_is_taken_out_and_the_hairlines_stay():
    """The page turned a quarter: the crease runs across it (rows 30-31), the form's lines
    along most of it (row 90, printed)."""
    page, printed = _creased()
    page, printed = np.ascontiguousarray(page.T), np.ascontiguousarray(printed.T)
    out = remove_creases(page, printed)
    away = np.r_[0:60, 64:200]
    assert (out[30, away] == PAPER).all() and (out[31, away] == PAPER).all()
    assert (out[10:60, 60:64] == 30).all()
    assert (out[88:93] == page[88:93]).all()


def test_a_page_without_creases_is_returned_as_it_is():
    page, printed = _creased()
    page[:, 30:32] = PAPER
    assert remove_creases(page, printed) is page


def test_set_along_counts_the_true_pixels_down_each_column_or_across_each_row():
    mask = np.array([[1, 0, 1, 1], [1, 0, 0, 1], [0, 0, 1, 1]], bool)
    assert _set_along(mask, 0).tolist() == [2, 0, 2, 3]
    assert _set_along(mask, 1).tolist() == [3, 2, 2]
    assert _set_along(np.zeros((0, 5), bool), 0).tolist() == [0, 0, 0, 0, 0]


def test_the_crease_tests_judged_pixels_are_where_nothing_is_printed_made_once_a_mask():
    """A 12 x 20 mask printing rows 4-5 and column 9: sampled every 4th row and without 3
    columns at each end (upright lines), the judged pixels are rows 0, 4, 8 of columns
    3-16, all of row 4 printed and column 9 printed in the other two: 14 columns, 2 pixels
    judged in each but column 9, which has none. The same mask again gives the same
    arrays, not new ones; an equal mask that is another array is judged anew."""
    printed = np.zeros((12, 20), bool)
    printed[4:6] = True
    printed[:, 9] = True
    clear, judged = _judged(printed, False, 4)
    assert clear.shape == (3, 14)
    assert judged.tolist() == [2] * 6 + [0] + [2] * 7
    assert _judged(printed, False, 4)[1] is judged
    assert _judged(printed.copy(), False, 4)[1] is not judged
    # Level lines: rows 3-8, every 5th column (0, 5, 10, 15; printed column 9 is not one),
    # counted across each row: rows 4 and 5 are printed (none judged), the others are not.
    clear, judged = _judged(printed, True, 5)
    assert clear.shape == (6, 4)
    assert judged.tolist() == [4, 0, 0, 4, 4, 4]


def test_flat_field_brings_a_shadowed_paper_to_white_and_keeps_ink_relative():
    """Paper from 250 (left) down to 125 (right, a hand's shadow); ink squares at half
    the paper's brightness under them. After the correction the paper is white (255
    within 4%) everywhere and each square at half of white (128 within 10%)."""
    dpi = 150
    w, h = 600, 300
    paper = np.linspace(250, 125, w)[None, :].repeat(h, axis=0)
    page = paper.copy()
    squares = [(50, 100), (250, 100), (450, 100)]
    for x, y in squares:
        page[y : y + 12, x : x + 12] = paper[y : y + 12, x : x + 12] / 2
    out = flatten(page.round().astype(np.uint8), dpi)
    mask = np.ones_like(out, bool)
    for x, y in squares:
        mask[y - 20 : y + 32, x - 20 : x + 32] = False
    inner = mask[20:-20, 20:-20]
    assert out[20:-20, 20:-20][inner].min() >= 245
    for x, y in squares:
        centre = out[y + 3 : y + 9, x + 3 : x + 9]
        assert 115 <= centre.min() and centre.max() <= 141, (x, centre)


def test_the_quarter_copy_is_the_mean_of_each_4x4_block_and_of_what_is_left():
    """A 6 x 5 page whose pixel (y, x) is 10y + x: the first block (rows 0-3, columns 0-3)
    averages 10 x 1.5 + 1.5 = 16.5, rounded to even 16 (as OpenCV rounds); the last two
    rows' block 10 x 4.5 + 1.5 = 46.5, 46; the last column's blocks 10 x 1.5 + 4 = 19 and
    10 x 4.5 + 4 = 49."""
    page = (10 * np.arange(6)[:, None] + np.arange(5)[None, :]).astype(np.uint8)
    assert _quarter(page).tolist() == [[16, 19], [46, 49]]


def test_a_page_whose_sides_are_multiples_of_4_is_averaged_in_blocks_only():
    """8 x 8: four blocks, each of one value; nothing is appended."""
    page = np.kron(np.array([[10, 20], [30, 40]], np.uint8), np.ones((4, 4), np.uint8))
    assert _quarter(page).tolist() == [[10, 20], [30, 40]]


def test_an_even_paper_of_a_size_that_is_no_multiple_of_4_is_its_own_background():
    """A4 at 150 dpi is 1754 x 1240 (1754 = 4 x 438 + 2): the last two rows are a block of
    their own, and the background of an even grey paper is that grey to its last pixel."""
    for shape in ((1754, 1240), (1650, 1275), (7, 6), (3, 10)):
        page = np.full(shape, 201, np.uint8)
        bg = paper_background(page, 150.0)
        assert bg.shape == shape and bg.flags.c_contiguous
        assert (bg == 201).all()


def _askew() -> tuple[np.ndarray, np.ndarray]:
    """A page warped onto the form, an A4 page's height at 150 dpi (1,754 rows) by 120
    columns, nothing printed: a crease folded a little askew (grey 170, 2 px) down columns
    30-31 in its top third, 31-32 in the middle one and 32-33 in the bottom one (about a
    tenth of a degree); a pen stroke (grey 30, 4 rows) across it at rows 600-603."""
    page = np.full((1754, 120), PAPER, np.uint8)
    for third, top in enumerate((0, 585, 1170)):
        page[top : top + 585, 30 + third : 32 + third] = 170
    page[600:604, 10:60] = 30
    return page, np.zeros(page.shape, bool)


def test_a_crease_folded_askew_is_taken_out_where_it_drifts():
    """Columns 31 and 32 are darker than beside in two thirds of the rows and are found
    (60%); 30 and 33 in a third only, where the crease drifts into them: each is taken out
    in the pieces of the page (a sixteenth, 110 rows) where it is darker than beside in
    half the rows. Left there, the drift is a stroke 18 mm long down a box's edge."""
    page, printed = _askew()
    out = remove_creases(page, printed)
    away = np.r_[0:600, 604:1754]
    assert (out[away, 28:36] == PAPER).all()
    assert (out[600:604, 10:60] == 30).all()  # the stroke, also where it crosses the crease


def test_a_pen_stroke_down_beside_a_crease_stays():
    """A pen's upright stroke (grey 30, 2 px, 40 rows: 6.8 mm, a 1's height) at columns
    36-37, 4 px from the crease's column 32 in the middle third (within the drift
    followed): darker than beside in 10 of the 27 sampled rows of a piece at most, under
    half, so it is no part of the crease."""
    page, printed = _askew()
    page[800:840, 36:38] = 30
    out = remove_creases(page, printed)
    assert (out[800:840, 36:38] == 30).all()
    assert (out[np.r_[0:600, 604:1754], 30:34] == PAPER).all()


def test_a_crease_folded_askew_across_the_page_is_taken_out_where_it_drifts():
    """The askew page turned a quarter: the crease runs across it, drifting from rows
    30-31 to 32-33, and the pen's stroke crosses it down columns 600-603."""
    page, printed = _askew()
    page, printed = np.ascontiguousarray(page.T), np.ascontiguousarray(printed.T)
    out = remove_creases(page, printed)
    assert (out[28:36, np.r_[0:600, 604:1754]] == PAPER).all()
    assert (out[10:60, 600:604] == 30).all()
