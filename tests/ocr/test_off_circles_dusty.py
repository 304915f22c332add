"""A circle's stroke through the next box among the page's specks is the circle's
(rule ``off_circles``, ocr/off_circles.py; issue 43, item 4).

A circle round level 2 (radii 3.4 x 3.0 mm, drawn 0.8 mm right of its centre) is read
circled, and its right arc runs down level 3. Alone, the arc lies along the circle's
ellipse and level 3 is read without it: empty. Two specks of 3 x 3 px (0.26 mm^2) in
level 3, off the arc, take the share of its ink on the ellipse under 0.9: level 3 reads
marked by the arc and the specks (0.205). On a page whose dust was measured (specks of
0.35 mm^2), the share is asked again without the specks, and level 3 is the circle's
stroke: empty. On a page whose dust was not measured it stays marked, as before (two
marks in the level: a person looks). TRAINING's dirty glass seed 13, ``page_0004.jpg``
row 8: a circle round S drawn wide through H, 0.78 of H's ink on the ellipse.
"""

from __future__ import annotations

import pytest

from ocr.layout import LEVEL, load_layout
from ocr.marks import MarkState
from ocr.page_dust import NO_DUST
from tests.ocr.test_dust_rules import DUSTY, S, _read_row
from tests.ocr.test_marks import _circle_off_centre, _fresh

THREE = load_layout().box(1, LEVEL, "3")


@pytest.mark.parametrize(
    ("specks", "dusty", "state"),
    [
        (False, True, MarkState.EMPTY),
        (True, False, MarkState.MARKED),
        (True, True, MarkState.EMPTY),
    ],
    ids=["arc-alone", "arc-and-specks-dust-unmeasured", "arc-and-specks-dusty-page"],
)
def test_a_circle_s_arc_among_specks_is_the_circle_s_on_a_dusty_page(specks, dusty, state):
    page = _fresh()
    _circle_off_centre(page, LEVEL, "2", 0.8, (3.4, 3.0))
    if specks:
        for k in range(2):
            x, y = round((THREE.x + 3.3) * S), round((THREE.y + 0.9 + 1.1 * k) * S)
            page[y : y + 3, x : x + 3] = 0.1
    read = _read_row(page, DUSTY if dusty else NO_DUST)
    assert (read[LEVEL, "2"].state, read[LEVEL, "2"].how) == (MarkState.MARKED, "circle")
    assert read[LEVEL, "3"].state is state
