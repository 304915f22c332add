"""A fold's lit edge, a sharp step that runs a little aslant through a box, read as paper
(ocr/shading.py ``_step_play``; rule ``shaded_band``).

TRAINING damaged, seed 86020, ``page_0016.jpg``: a fold's shaded slope runs down the page
and its lit edge crosses result_count 11 on every row, a step from about 190 to 255 grey.
Above a box the step lies a pixel off where it lies below it, so the lighter of the two
puts lit paper over the box's shaded pixels along the step: 11 read 0.072 against the
paper beside it (0.247 on its own), unsure, on rows 2, 3, 4 and 9, and each row went to a
person ("unsure mark in result_count") although the row is certain by its other marks and
its score. Read with a pixel's play, the darkest paper within one pixel of each column,
it reads 0.043 (empty, under 0.05). The band stored here is row 4.
"""

from __future__ import annotations

import pytest

from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import MarkState
from tests.ocr.bands import band_row, band_row_marks
from tests.ocr.test_shading import _fill, _page

BAND = "row_band_fold_step_aslant_through_count_11.png"


def test_count_11_on_the_fold_s_lit_edge_reads_empty_and_the_row_s_marks_stand():
    """Row 4: 2D by West, made (=), 90 to East-West; 11 is empty, every mark the player
    made is marked, and no other box of the row holds a mark or a doubt."""
    read = band_row(BAND, 4)
    eleven = next(m for m in read["result_count"] if m.option == "11")
    assert eleven.state is MarkState.EMPTY
    assert eleven.fill < MARK_SETTINGS.empty_below
    marked = {(f, m.option) for f, ms in read.items() for m in ms if m.state is MarkState.MARKED}
    assert marked == {("level", "2"), ("strain", "D"), ("declarer", "W"), ("result_sign", "="),
                      ("score_side", "EW")}  # fmt: skip
    assert not [m for ms in read.values() for m in ms if m.state is MarkState.UNSURE]


def test_the_step_s_box_read_before_the_rules_is_marked_by_the_shade():
    """Without the paper beside it, 11 reads marked by the shade alone: the rule has
    something to read."""
    ev = band_row_marks(BAND, 4).evidence()
    k = next(i for i, b in enumerate(ev.geometry.boxes) if b[:2] == ("result_count", "11"))
    assert ev.first[k].state is MarkState.MARKED


def test_a_step_a_pixel_aslant_is_paper():
    """A band 30% darker (140) left of a step at column 20 above the box's middle row and
    at column 21 below it: below the middle, column 20 is shaded in the box (8 px of
    (0.30 - 0.2) / 0.3 = 1/3 ink) but lit in the strip above it, and read against the
    lighter strip it would be 8 / 3 / 256 = 0.0104 of ink. With a pixel's play it is
    read against the shaded paper beside it: no ink."""
    grey = _page()  # paper 200, the box 16 x 16 px (tests/ocr/test_shading.py)
    grey[:20, :20] = 140
    grey[20:, :21] = 140
    assert _fill(grey) == 0.0


def test_a_pen_line_on_the_step_keeps_its_ink():
    """A pen line 2 px wide at 60 (70% darker) down the box along the step, columns 20-21
    (the step at 20): column 20 is read against the shaded paper a pixel away, (140 -
    60) / 140 = 0.57 darker, over the pen's ramp, full ink; column 21 against the lit
    paper, full ink. 32 of 256 px, as without the play: a pen's stroke is ink against any
    paper a fold leaves."""
    grey = _page()
    grey[:, :20] = 140
    grey[12:28, 20:22] = 60
    assert _fill(grey) == pytest.approx(32 / 256)
