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


def _wide_circle_round_level_2(half_width_mm: float, half_height_mm: float) -> np.ndarray:
    """The printed form with an ellipse 2 pixels thick round level 2, ``half_width_mm``
    from its centre across and ``half_height_mm`` up and down: drawn wider than the strips
    and rays look, its arcs run down levels 1 and 3 near their sides facing level 2 and
    cross the gaps at a slant."""
    page = _fresh()
    two = load_layout().box(1, LEVEL, "2")
    centre = (round((two.x + two.width / 2) * S), round((two.y + two.height / 2) * S))
    axes = (round(half_width_mm * S), round(half_height_mm * S))
    cv2.ellipse(page, centre, axes, 0, 0, 360, (0.05, 0.05, 0.05), 2)
    return page


@pytest.mark.parametrize(
    ("half_width_mm", "half_height_mm"),
    [(4.0, 2.6), (4.2, 2.6), (4.5, 2.6), (4.3, 2.3), (4.4, 2.5)],
)
def test_a_wide_circle_s_arcs_in_the_next_boxes_stay_unsure_on_a_dusty_page(
    half_width_mm, half_height_mm
):
    """The wrong row the change could let through: a circle's arc in the next box taken for
    that box's own mark. The circle round level 2 is not seen (level 2 empty); its arcs
    fill levels 1 and 3 (0.05-0.16). On a page whose dust was not measured both are
    unsure ("edge", level 2's stroke); on a dusty page they stay unsure. Where the arc
    crosses the gap at a slant its pieces in the gap's one unmasked column are specks by
    size and do not go on across the printed edges in a straight line: at 4.3 x 2.3 mm
    level 3 (0.114) and at 4.4 x 2.5 mm level 1 (0.126) read marked on the dusty page
    until the strokes still beside two of level 2's sides without the specks were taken
    for a circle round it (``crossed_by_stroke``); a sweep of 270 such circles
    (half-widths 4.0-4.6 mm, half-heights 2.3-3.0, 1-3 px thick, centred or 0.3 mm off
    either way) then reads every box of levels 1 and 3 in the same state on both pages."""
    page = _wide_circle_round_level_2(half_width_mm, half_height_mm)
    none, dusty = _read_row(page, NO_DUST), _read_row(page, DUSTY)
    for read in (none, dusty):
        assert read[(LEVEL, "2")].state is MarkState.EMPTY
    for option in ("1", "3"):
        assert none[(LEVEL, option)].state is MarkState.UNSURE
        assert dusty[(LEVEL, option)].state is MarkState.UNSURE
