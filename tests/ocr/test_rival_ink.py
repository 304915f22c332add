"""What a player's mark read empty leaves by its box on a dusty page (ocr/rival_ink.py,
rule ``clean_rivals``; issue 43, item 4). The numbers by hand: at 150 dpi 5.906 px a mm,
``clean_rival_thick_mm`` (0.85) is 5.02 px and ``clean_rival_line_mm2`` (0.25) 8.72 px."""

from __future__ import annotations

import numpy as np
import pytest

from ocr.mark_settings import MARK_SETTINGS
from ocr.rival_ink import core_across, rival_ink, thicker_than

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


# core_across (noisy43d). OpenCV's distance transform (L2, mask 5) is exact along the rows
# and columns: a pixel's distance is its steps to the nearest pixel that is not ink, the
# frame of paper counted, and a disc's width twice that. 6.2 px is ``edge_dot_core_mm``
# (1.05 mm) at 150 dpi.


def test_a_solid_square_is_as_wide_as_its_middle_is_deep():
    """A solid square of 7 x 7 px (rows and columns 10-16): its middle pixel is 4 steps
    from the paper, a disc 8 px across (1.35 mm, over 6.2). Asked only for centres in its
    corner pixel, 1 step from paper: 2 px. A square of 6 x 6 px: its four middle pixels
    are 3 steps from paper, 6 px (1.02 mm), under 6.2."""
    ink = np.zeros((30, 30), np.float32)
    ink[10:17, 10:17] = 1.0
    assert core_across(ink, 0.5, (10, 10, 17, 17), 6.2) == 8.0
    assert core_across(ink, 0.5, (10, 10, 11, 11), 6.2) == 2.0
    six = np.zeros((30, 30), np.float32)
    six[10:16, 10:16] = 1.0
    assert core_across(six, 0.5, (10, 10, 16, 16), 6.2) == 6.0


def test_grains_on_a_printed_line_are_as_thin_as_the_line_and_a_grain():
    """A printed line 2 px thick (rows 14-15, all across) with a grain of 2 x 2 px on each
    side of it (rows 12-13 and 16-17, columns 10-11): 6 px tall, 2 px wide there. Its
    deepest pixels are on the line under the grains, (14, 10) and its like: the paper is a
    diagonal step away, (13, 9), 1.4 in the mask's steps, so the widest disc is 2.8 px
    (0.47 mm). Ink under ``solid`` is paper: a pale blob holds no disc."""
    ink = np.zeros((30, 30), np.float32)
    ink[14:16, :] = 1.0
    ink[12:14, 10:12] = 1.0
    ink[16:18, 10:12] = 1.0
    ink[5:8, 5:8] = 0.4
    assert core_across(ink, 0.5, (10, 12, 12, 18), 6.2) == pytest.approx(2.8)
    assert core_across(ink, 0.5, (5, 5, 8, 8), 6.2) == 0.0


def test_the_crop_cuts_no_disc_as_wide_as_asked():
    """Solid ink everywhere, asked for centres in one pixel: the crop is half of ``most``
    and a pixel wider each way (5 px for 6.2) and framed by paper, so the disc found is 12
    px across, wider than asked; at the array's corner the array's edge is paper: 2 px."""
    ink = np.ones((20, 20), np.float32)
    assert core_across(ink, 0.5, (10, 10, 11, 11), 6.2) == 12.0
    assert core_across(ink, 0.5, (0, 0, 1, 1), 6.2) == 2.0
