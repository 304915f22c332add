"""A speck in the gap beside a box is no stroke of its neighbour's (``ocr.spill_rules
.crossed_by_stroke``, rules ``without_spill`` and ``beside_circles``; issue 43, noisy
pages).

``without_spill`` reads a box marked by a thin fill whose ink lies along its side facing a
neighbour unsure ("edge") where drawn ink comes into it from outside near that side: a
neighbour's circle or the arm of its cross. On a dusty page a speck in the 1 mm gap is such
ink. Sizes at the reader's 150 dpi: a pixel is 0.169 mm across, 0.028674 mm^2. The gap is
1 mm (5.9 pixels) between the two printed edges, and the mask of the form's lines leaves
one column of it: of a speck of 3 x 3 pixels drawn there, 3 pixels (0.086 mm^2) are drawn
ink, a speck on any dusty page (its blank paper holds specks of 0.15 mm^2 or more, and
0.67 x 0.086 = 0.058).

The player's stroke: 3 pixels wide, down level 4 from 0.9 mm below its top to 0.9 mm above
its bottom, 3.2 mm from its left edge (the box is 4.5 mm wide): inside the box, along its
right side, which faces level 5 across the gap.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ocr.layout import LEVEL, load_layout
from ocr.marks import MarkState
from ocr.page_dust import NO_DUST, PageDust
from tests.ocr.test_dust_rules import DUSTY, SMALL_SPECKS, S, _read_row
from tests.ocr.test_marks import _fresh

BOX = load_layout().box(1, LEVEL, "4")


def _tick_in_level_4(speck: bool = False, stroke: bool = False) -> np.ndarray:
    """The printed form with the player's stroke in level 4 (module docstring); ``speck``:
    a speck of 3 x 3 pixels in the gap to level 5, 0.45 mm right of level 4's edge;
    ``stroke``: a stroke 2 pixels high from 0.6 mm inside level 4 across the gap to 0.6 mm
    inside level 5 (the arm of a cross in level 5), crossing both printed edges."""
    page = _fresh()
    x = round((BOX.x + 3.2) * S)
    page[round((BOX.y + 0.9) * S) : round((BOX.y + BOX.height - 0.9) * S), x : x + 3] = 0.05
    if speck:
        sx, sy = round((BOX.x + BOX.width + 0.45) * S), round((BOX.y + 1.0) * S)
        page[sy : sy + 3, sx : sx + 3] = 0.05
    if stroke:
        y = round((BOX.y + 3.2) * S)
        page[
            y : y + 2, round((BOX.x + BOX.width - 0.6) * S) : round((BOX.x + BOX.width + 1.6) * S)
        ] = 0.05
    return page


def _level_4(page: np.ndarray, dust: PageDust):
    return _read_row(page, dust)[(LEVEL, "4")]


def test_the_tick_alone_is_marked_by_its_fill():
    """The control: nothing beside level 4, marked by its fill on any page."""
    for dust in (NO_DUST, DUSTY):
        four = _level_4(_tick_in_level_4(), dust)
        assert (four.state, four.how) == (MarkState.MARKED, "fill")


@pytest.mark.parametrize(
    ("dust", "state", "how"),
    [
        # The page's dust not measured: the speck may be a stroke, a person looks.
        (NO_DUST, MarkState.UNSURE, "edge"),
        # Dusty: the speck is dust, the tick is level 4's mark.
        (DUSTY, MarkState.MARKED, "fill"),
        (SMALL_SPECKS, MarkState.MARKED, "fill"),
    ],
)
def test_a_speck_in_the_gap_is_no_neighbour_s_stroke_on_a_dusty_page(dust, state, how):
    four = _level_4(_tick_in_level_4(speck=True), dust)
    assert (four.state, four.how) == (state, how)
    if how == "edge":
        assert four.neighbour == (LEVEL, "5")


def test_a_stroke_across_the_gap_is_still_a_neighbour_s_stroke_on_a_dusty_page():
    """A stroke from level 4 across the gap into level 5 is cut by the mask of the two
    printed edges into pieces each smaller than 1 mm, but they go on across the lines:
    no specks. Level 4 stays unsure beside level 5, on a dusty page too."""
    for dust in (NO_DUST, DUSTY):
        four = _level_4(_tick_in_level_4(stroke=True), dust)
        assert (four.state, four.how, four.neighbour) == (MarkState.UNSURE, "edge", (LEVEL, "5"))


def _wide_circle_round_level_2(half_width_mm: float) -> np.ndarray:
    """The printed form with an ellipse 2 pixels thick round level 2, ``half_width_mm``
    from its centre across and 2.6 mm up and down: drawn wider than the strips and rays
    look, its arcs run down levels 1 and 3 near their sides facing level 2 and cross the
    gaps and the printed edges above and below them."""
    page = _fresh()
    two = load_layout().box(1, LEVEL, "2")
    centre = (round((two.x + two.width / 2) * S), round((two.y + two.height / 2) * S))
    axes = (round(half_width_mm * S), round(2.6 * S))
    cv2.ellipse(page, centre, axes, 0, 0, 360, (0.05, 0.05, 0.05), 2)
    return page


@pytest.mark.parametrize("half_width_mm", [4.0, 4.2, 4.5])
def test_a_wide_circle_s_arcs_in_the_next_boxes_stay_unsure_on_a_dusty_page(half_width_mm):
    """The wrong row the change could let through: a circle's arc in the next box taken for
    that box's own mark. The circle round level 2 is not seen (level 2 empty); its arcs
    fill levels 1 and 3 (to 0.05-0.10 at 4.0 mm, past the marked 0.10 from 4.2 mm in level
    3). On a page whose dust was not measured both are unsure ("edge", level 2's stroke);
    on a dusty page they stay unsure: the arc goes on across the printed edges and is no
    speck. (At 4.0 mm, under the marked threshold, the dusty page reads them unsure by
    their own fill, "fill" for "edge": what crosses in there is not seen once the specks
    are taken out; the state is the same, and main reads "edge".)"""
    page = _wide_circle_round_level_2(half_width_mm)
    for dust in (NO_DUST, DUSTY):
        read = _read_row(page, dust)
        assert read[(LEVEL, "2")].state is MarkState.EMPTY
        for option in ("1", "3"):
            assert read[(LEVEL, option)].state is MarkState.UNSURE
        if half_width_mm >= 4.2:
            assert read[(LEVEL, "3")].fill > 0.10  # a mark by its fill alone
            assert {read[(LEVEL, o)].how for o in ("1", "3")} == {"edge"}
