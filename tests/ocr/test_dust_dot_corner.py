"""A clump weighed alone in a field (``dust_dot_alone``) is not, where another box of the
field has solid ink as thick as a pen dot by it, the printed lines counted (``_thick_by``,
ocr/dust_dots.py; issue 43).

The fresh TRAINING set it mends (fine dots, dirty glass seed 72696, ``page_0008.jpg`` row
7): South's fine pen dot sat on the bottom corner between strain S and NT, where the mask
of two printed lines hid most of it: 0.20 mm^2 of ink was left by each box, under a pen
dot's worth (0.40, ``_inked_by_edges``), and no dot on an edge was found. A clump of 0.54
mm^2 in C, weighed alone, read 2S by N -1 as 2C by N -1 (both -50) and was accepted.
Here a dark disc 0.9 mm across is drawn on that corner (its centre 0.1 mm right of and
below S's bottom-right corner), which leaves the same 0.20 mm^2 by S and by NT, and C
holds a dust dot of 0.54 mm^2.
"""

from __future__ import annotations

import cv2
import pytest

from ocr.dust_dots import DUST_DOT, DUST_DOT_ALONE, dust_dot_alone
from ocr.layout import STRAIN, load_layout
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import MarkReading, MarkState
from tests.ocr.marked_rows import box_index

S = load_layout().box(1, STRAIN, "S")


def _evidence(corner_dot: bool):
    from ocr.illumination import flatten
    from ocr.row_marks import RowMarks
    from tests.ocr.test_marks import DPI, _fresh
    from tests.ocr.test_page_dust import _grey

    page = _fresh()
    if corner_dot:
        s = DPI / 25.4
        centre = (round((S.x + S.width + 0.1) * s), round((S.y + S.height + 0.1) * s))
        cv2.circle(page, centre, round(0.45 * s), (0.1, 0.1, 0.1), -1)
    lay = load_layout()
    return RowMarks(flatten(_grey(page), DPI), lay, lay.row(1), DPI).evidence()


@pytest.mark.parametrize(("corner_dot", "how"), [(False, DUST_DOT_ALONE), (True, DUST_DOT)])
def test_a_clump_is_not_weighed_alone_beside_a_pen_dot_on_a_corner(corner_dot, how):
    ev = _evidence(corner_dot)
    read = [
        MarkReading(o, 0.0, MarkState.EMPTY, 0.0001, DUST_DOT, 0.0, 0.54)
        if (f, o) == (STRAIN, "C")
        else MarkReading(o, 0.0, MarkState.EMPTY, 0.0001)
        for f, o, _ in ev.geometry.boxes
    ]
    out = dust_dot_alone(ev, read, MARK_SETTINGS)
    at = box_index(ev, STRAIN, "C")
    assert out[at].how == how
    assert out[at].state is MarkState.EMPTY
