"""A field's other box whose first fill reaches ``clean_rival_fill`` holds a player's mark's
ink, solid or not (``ocr.clean_rivals.holds_no_ink_by``; issue 43).

Fresh TRAINING fine dots on dirty glass seed 42875, ``page_0033.jpg`` row 2 (board 33):
4S by East made with an overtrick, 450 written to East-West. The player's fine dot in
declarer E, pale on the dirty glass, fills E 0.046 (under the empty threshold, 0.05) with
no pixel of solid ink; thick ink by W's edge (the page's dust) was W's only ink, and rule
``clean_rivals`` read W marked beside a "clean" E: 4S+1 by West accepted (-450 either
way). Beside the 145 boxes the rule read marked on 24 fresh seeds' dirty glass (each
read right), the other boxes' fills were under 0.03 but one (0.033): at a fill of 0.03 and
more the box is no clean rival, W stays unsure, and the declarer, which the score cannot
check, goes to a person.
"""

from __future__ import annotations

from ocr.layout import DECLARER
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import THICK_BY_EDGE, MarkState
from tests.ocr.bands import band_row_marks, stored_dust

BAND = "row_band_declarer_pale_fine_dot_dusty.png"


def _read():
    marks = band_row_marks(BAND, 2, stored_dust(BAND))
    return marks, marks.read_marks([f.name for f in marks.row.fields if f.kind.name == "MARKS"])


def test_the_pale_fine_dot_fills_east_under_the_empty_threshold():
    marks, _ = _read()
    ev = marks.evidence()
    east = next(
        r for (f, o, _), r in zip(ev.geometry.boxes, ev.first, strict=True)
        if (f, o) == (DECLARER, "E")
    )  # fmt: skip
    assert east.state is MarkState.EMPTY
    assert MARK_SETTINGS.clean_rival_fill <= east.fill < MARK_SETTINGS.empty_below


def test_west_stays_unsure_beside_it():
    _, read = _read()
    west = {m.option: m for m in read.readings[DECLARER]}["W"]
    assert (west.state, west.how) == (MarkState.UNSURE, THICK_BY_EDGE)
