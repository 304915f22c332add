"""A digit box's specks looked for only where a piece of its ink could be one
(ocr/digit_dust.py, ``may_hold_a_speck``), and its paper and darkest tones read off one
histogram: the same box out as the plain way (``ocr.page_dust.specks_of`` asked of every
box, ``ocr.marks.paper_tone`` and ``ocr.digit_cells.quantile`` by partial sorts)."""

from __future__ import annotations

import cv2
import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.digit_cells import (
    crossed_by_a_line,
    is_blank,
    quantile,
    written_whole_and_without,
    written_without,
)
from ocr.digit_dust import cell_without_specks, darkest_lifted, may_hold_a_speck
from ocr.mark_settings import MARK_SETTINGS as T
from ocr.marks import ink_values, paper_tone, ramp_bounds
from ocr.page_dust import PageDust, specks_of
from tests.hypothesis_profiles import draws

S = 150 / 25.4  # the reader's 150 dpi: 5.906 px a mm; speck_most_mm (1 mm) is 5.9 px
DUSTY = PageDust(100.0, (0.35,) * 20)  # 0.2 specks a cm^2, each 0.35 mm^2


def _plain(cell: np.ndarray, dust: PageDust) -> np.ndarray:
    """``cell_without_specks`` the plain way: ``specks_of`` asked of every box with solid
    ink, the paper and the darkest 3% by partial sorts."""
    if cell.size == 0 or not dust.dusty(T):
        return cell
    low, high = ramp_bounds()
    if float(cell.min()) > (1.0 - (low + T.solid * (high - low))) * float(cell.max()):
        return cell
    paper = paper_tone(cell)
    ink = ink_values(cell, paper)
    specks = specks_of(ink > 0.0, dust, S, T) & (ink >= T.solid)
    out = cell
    if specks.any():
        out = cell.copy()
        halo = cv2.dilate(specks.astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        out[halo] = np.uint8(min(255.0, paper))
    grey = np.uint8(quantile(out, T.digit_darkest_share))
    lifted = np.maximum(out, grey)
    if not is_blank(out):
        return lifted
    if is_blank(lifted) or not written_without(lifted, out <= grey) or crossed_by_a_line(out):
        return out
    return lifted


def test_a_digit_s_stroke_holds_no_speck():
    # A bar 3 px wide down 38 rows of grey 40 (solid ink): one piece 38 px (6.4 mm) tall,
    # over the 5.9 px a speck may be across.
    cell = np.full((58, 34), 255, np.uint8)
    cell[10:48, 8:11] = 40
    ink = ink_values(cell, paper_tone(cell))
    assert not may_hold_a_speck(ink > 0.0, ink >= T.solid, S, T)


def test_a_small_solid_clump_may_be_a_speck():
    # The bar and a clump 4 x 4 px (0.68 mm across) of grey 20 apart from it.
    cell = np.full((58, 34), 255, np.uint8)
    cell[10:48, 8:11] = 40
    cell[20:24, 23:27] = 20
    ink = ink_values(cell, paper_tone(cell))
    assert may_hold_a_speck(ink > 0.0, ink >= T.solid, S, T)


def test_a_small_faint_piece_is_no_solid_speck():
    # The bar and a smudge 4 x 4 px of grey 175 (30% darker than the paper: ink, under the
    # solid 35%): small enough, but no solid pixel of it could be taken out.
    cell = np.full((58, 34), 255, np.uint8)
    cell[10:48, 8:11] = 40
    cell[20:24, 23:27] = 175
    ink = ink_values(cell, paper_tone(cell))
    assert (ink[20:24, 23:27] > 0.0).all() and (ink[20:24, 23:27] < T.solid).all()
    assert not may_hold_a_speck(ink > 0.0, ink >= T.solid, S, T)


def test_a_clump_joined_to_the_stroke_by_faint_ink_is_the_stroke_s_piece():
    # The clump 2 px right of the bar, the gap between of grey 175 (ink, not solid): one
    # 8-connected piece of ink 38 px tall, whose solid pixels are in no small piece.
    cell = np.full((58, 34), 255, np.uint8)
    cell[10:48, 8:11] = 40
    cell[20:24, 11:13] = 175
    cell[20:24, 13:17] = 20
    ink = ink_values(cell, paper_tone(cell))
    assert not may_hold_a_speck(ink > 0.0, ink >= T.solid, S, T)


@st.composite
def _dusty_boxes(draw: st.DrawFn) -> np.ndarray:
    """A score box's inside (58 x 34 px) of paper grey 200-255, a pen's bar of some grey,
    length and place, and up to four clumps of some grey and size anywhere (on the bar,
    beside it or apart), with a little noise."""
    paper = draw(st.integers(200, 255))
    cell = np.full((58, 34), paper, np.uint8)
    pen = draw(st.integers(20, 190))
    x = draw(st.integers(0, 30))
    y0 = draw(st.integers(0, 40))
    y1 = draw(st.integers(y0 + 1, 58))
    cell[y0:y1, x : x + draw(st.integers(1, 4))] = pen
    for _ in range(draw(st.integers(0, 4))):
        cy, cx = draw(st.integers(0, 55)), draw(st.integers(0, 31))
        size = draw(st.integers(1, 8))
        cell[cy : cy + size, cx : cx + size] = draw(st.integers(0, 200))
    noise = np.random.default_rng(draw(st.integers(0, 2**16))).integers(-12, 13, cell.shape)
    return np.clip(cell.astype(np.int16) + noise, 0, 255).astype(np.uint8)


@settings(max_examples=draws(300))
@given(_dusty_boxes())
def test_a_box_comes_out_as_the_plain_way_gives_it(cell: np.ndarray) -> None:
    assert np.array_equal(cell_without_specks(cell, DUSTY, S), _plain(cell, DUSTY))


@settings(max_examples=draws(100))
@given(_dusty_boxes())
def test_a_box_is_lifted_as_the_plain_way_lifts_it(cell: np.ndarray) -> None:
    grey = np.uint8(quantile(cell, T.digit_darkest_share))
    lifted = np.maximum(cell, grey)
    if is_blank(cell) and (
        is_blank(lifted) or not written_without(lifted, cell <= grey) or crossed_by_a_line(cell)
    ):
        lifted = cell
    assert np.array_equal(darkest_lifted(cell), lifted)


@settings(max_examples=draws(100))
@given(_dusty_boxes(), st.integers(0, 255))
def test_whole_and_without_is_the_two_tests_in_turn(cell: np.ndarray, grey: int) -> None:
    # darkest_lifted asked is_blank, then written_without, of the lifted box: two masks
    lifted = np.maximum(cell, np.uint8(grey))
    apart = cell <= grey
    two = not is_blank(lifted) and written_without(lifted, apart)
    assert written_whole_and_without(lifted, apart) is two
