"""A line struck through an unplayed row, running through the PASS box, is no pass-out
(rule ``struck_pass``, ocr/struck_pass.py; issue 43).

Fresh TRAINING dirty glass 39961, ``page_0002.jpg`` row 6, an unplayed row: the director's
line runs from left of P across the row to E, through P's inside (a fill of 0.168), along
the other boxes' edges. Every other box read empty, so the row was accepted as passed out.
The band stored here is the row as the reader read it, with its page's dust.
"""

from __future__ import annotations

from ocr.layout import PASSED_OUT
from ocr.marks import MarkState
from tests.ocr.bands import band_row_marks, read_band, stored_dust

BAND = "row_band_struck_through_pass.png"


def test_the_pass_box_on_the_struck_line_is_unsure():
    marks = band_row_marks(BAND, 6, stored_dust(BAND))
    read = marks.read_fields([PASSED_OUT, "level", "strain", "declarer"])
    p = read[PASSED_OUT][0]
    assert (p.state, p.how) == (MarkState.UNSURE, "fill")
    assert 0.16 <= p.fill <= 0.18
    assert all(m.state is MarkState.EMPTY for f in ("level", "strain", "declarer") for m in read[f])


def test_the_same_ink_kept_to_the_pass_box_is_its_mark():
    """The band with the line painted out beyond 1 mm of P's printed box: the ink left
    in and by P is as wide as a player's cross, and P stays marked."""
    marks = band_row_marks(BAND, 6, stored_dust(BAND))
    g = marks.row_ink.geometry
    at = next(i for i, (f, _, _) in enumerate(g.boxes) if f == PASSED_OUT)
    x0, _, x1, _ = (int(c) for c in g.outer[at])
    reach = 6  # 1 mm at 150 dpi
    band = marks.row_ink.grey.copy()
    band[:, x1 + reach :] = 255
    band[:, : max(0, x0 - reach)] = 255
    assert read_band(band, 6, PASSED_OUT)["PASS"].state is MarkState.MARKED
