"""What a player's mark read empty leaves by its box on a dusty page (ocr/rival_ink.py,
rule ``clean_rivals``; issue 43, item 4). The numbers by hand: at 150 dpi 5.906 px a mm,
``clean_rival_thick_mm`` (0.85) is 5.02 px and ``clean_rival_line_mm2`` (0.25) 8.72 px."""

from __future__ import annotations

import numpy as np
import pytest

from ocr.mark_settings import MARK_SETTINGS
from ocr.rival_ink import rival_ink, thicker_than

S = 150 / 25.4


@pytest.mark.parametrize(("side", "core"), [(5, 1), (6, 4), (4, 0)])
def test_the_core_of_a_square_blob_as_thick_as_asked(side, core):
    """Squares of solid ink asked for 5.02 px: a 5 x 5 one's middle pixel is 3 px from the
    paper (6 px across): its core is that one pixel; a 6 x 6 one's four middle pixels are 3
    px from it; a 4 x 4 one is 4 px across at most: no core."""
    solid = np.zeros((12, 12), bool)
    solid[2 : 2 + side, 2 : 2 + side] = True
    assert int(thicker_than(solid, MARK_SETTINGS.clean_rival_thick_mm * S).sum()) == core


def test_a_printed_line_is_no_thick_ink():
    """A line 4 px thick (0.68 mm, a scan's printed line at its thickest) along the band:
    2 px from the paper at most, 4 px across, under 5.02."""
    solid = np.zeros((12, 40), bool)
    solid[4:8] = True
    assert not thicker_than(solid, MARK_SETTINGS.clean_rival_thick_mm * S).any()


def test_rival_ink_is_despecked_ink_blobs_on_lines_and_thick_cores():
    """A 16 x 40 band, its printed line's mask rows 4-5 (a line 1 px wide in it, row 4):
    a speck taken for dust (``despecked`` leaves it out) is no ink; a blob across the line
    at columns 2-4 (drawn rows 3 and 6, 6 px, and 6 on the line: 12 px, over 8.72) is;
    a square of 6 x 6 solid px off the line (rows 8-13, columns 30-35), taken for dust
    too, has a core of 4 px 3 px from the paper (6 px across, over 5.02)."""
    printed = np.zeros((16, 40), bool)
    printed[4:6] = True
    solid = np.zeros((16, 40), bool)
    solid[4] = True
    solid[3:7, 2:5] = True
    solid[9, 10:12] = True  # the speck
    solid[8:14, 30:36] = True
    drawn = solid & ~printed
    despecked = drawn.copy()
    despecked[9, 10:12] = False
    despecked[8:14, 30:36] = False
    thick = thicker_than(solid, MARK_SETTINGS.clean_rival_thick_mm * S)
    ink = rival_ink(solid, drawn, despecked, thick, printed, 1.0, S, MARK_SETTINGS)
    assert not ink[9, :20].any()
    assert ink[3:7, 2:5].all()
    assert ink[10:12, 32:34].all() and int(ink[:, 30:36].sum()) == 4
