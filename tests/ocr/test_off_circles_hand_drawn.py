"""A hand-drawn circle's run-through lies up to a millimetre off its ellipse (rule
``off_circles``, ocr/off_circles.py; issue 43, item 4).

A circle drawn wide round a box runs through the next box and fills it as a mark does.
``off_circles`` reads that box without the stroke where 90% of its ink lies along the
ellipse fitted round the circled box. A hand-drawn circle is no ellipse: where it bulges
through the next box the stroke lies 0.5-1 mm off the fit, so the share is asked again
within 1 mm (``hand_ellipse_mm``), but only where the box holds no pen dot
(``arc_core_mm``): a player's dot against the arc is a mark of the box's own.

The stored bands are rows of TRAINING pages, seed 13 (``bench_ocr --split training``),
flattened as the reader reads them.
"""

from __future__ import annotations

import pytest

from ocr.layout import LEVEL, RESULT_SIGN
from ocr.marks import MarkState
from ocr.page_dust import NO_DUST
from tests.ocr.bands import band_marks
from tests.ocr.test_dust_rules import _read_row
from tests.ocr.test_marks import _circle_off_centre, _draw, _fresh


def test_a_felt_circle_drawn_wide_through_the_next_level_is_read_as_the_circle_s():
    """Ordinary scan, ``page_0035.jpg`` row 10 (2H by South +1, 140 written): a felt
    circle round level 2 bulges through the left of the 3 and fills it to 0.219. Of the
    3's ink 0.73 lies within 0.5 mm of the ellipse fitted round the 2, all of it within
    1 mm; its thickest solid ink is 0.46 mm in radius, no pen dot. Read before as two
    levels marked (the row went to a person); now 3 is empty."""
    marks = band_marks("row_band_circle_felt_wide_through_next_box.png", 10, LEVEL)
    assert (marks["2"].state, marks["2"].how) == (MarkState.MARKED, "circle")
    assert marks["3"].state is MarkState.EMPTY


def test_a_phone_photo_s_circle_round_made_through_the_plus_is_the_circle_s():
    """Phone photo, ``page_0012.jpg`` row 13 (1D by West made, -70): the circle round
    '=' runs through '+' (fill 0.229); 0.58 of its ink within 0.5 mm of the ellipse,
    all but 0.4% within 1 mm."""
    marks = band_marks("row_band_circle_phone_wide_through_next_box.png", 13, RESULT_SIGN)
    assert (marks["="].state, marks["="].how) == (MarkState.MARKED, "circle")
    assert marks["+"].state is MarkState.EMPTY
    assert marks["-"].state is MarkState.EMPTY


@pytest.mark.parametrize("seed", [2, 3, 8, 11])
def test_a_pen_dot_against_a_circle_s_arc_keeps_its_box_marked(seed):
    """A circle round level 2 (radii 3.4 x 3.0 mm, drawn 0.8 mm right of its centre) runs
    down the left of level 3, and a TRAINING pen's dot is put in the 3 (seeds 2, 3, 8 and
    11 of the synthetic "dot" style lay it against the arc). Within 1 mm of the ellipse
    lies 90% of the 3's ink for seed 3, but the dot's solid ink is 0.62-0.70 mm in radius,
    thicker than any circle's stroke: the 3 stays marked, and with the circled 2 the row
    goes to a person."""
    page = _fresh()
    _circle_off_centre(page, LEVEL, "2", 0.8, (3.4, 3.0))
    _draw(page, LEVEL, "3", "dot", seed)
    read = _read_row(page, NO_DUST)
    assert (read[LEVEL, "2"].state, read[LEVEL, "2"].how) == (MarkState.MARKED, "circle")
    assert read[LEVEL, "3"].state is MarkState.MARKED
