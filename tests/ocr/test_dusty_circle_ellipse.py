"""A ring that ``circled_alone`` reads by its ellipse keeps it on a dusty page where the
strokes without the page's specks still follow that ellipse (rule ``dusty_circles``,
``ocr.dust_rules._ellipse_without_specks``).

Fresh TRAINING noisy seed 58213, ``page_0078.png`` row 7 (4H by East =, 420 written): a
tall ring round H, up over the hairline and down into the count below, its right side
through S's left half. The strips and rays see H in part (0.43, unsure); S is filled 0.19
by the ring's stroke, which ``without_spill`` reads as H's (S unsure, naming H). With S no
mark of its own, ``circled_alone`` follows an ellipse round H over 0.70 of every quarter
and reads H circled. ``dusty_circles`` then read H again without the page's specks as the
first reading reads a box, with no ellipse asked: unsure again, and the row went to a
person ("marks not certain in strain"). The specks made none of the ring: without them
the views read H as before, and the ellipse is followed as far.
"""

from __future__ import annotations

from ocr.layout import STRAIN
from ocr.mark_rules import rules_off
from ocr.marks import MarkReading, MarkState
from tests.ocr.bands import band_row_marks, stored_dust

BAND = "row_band_ring_tall_through_next_box_noisy.png"


def _strain() -> dict[str, MarkReading]:
    marks = band_row_marks(BAND, 7, stored_dust(BAND))
    assert marks.evidence().dust.dusty()
    return {m.option: m for m in marks.read_fields([STRAIN])[STRAIN]}


def test_the_ring_round_h_keeps_its_ellipse_without_the_specks():
    strain = _strain()
    h = strain["H"]
    assert (h.state, h.how) == (MarkState.MARKED, "circle")
    assert strain["S"].state is not MarkState.MARKED


def test_without_the_ellipse_the_ring_is_only_unsure():
    """``circled_alone`` off: H stays as the strips and rays read it, unsure; the rule
    keeps only what the ellipse gave."""
    with rules_off("circled_alone"):
        strain = _strain()
    h = strain["H"]
    assert (h.state, h.how) == (MarkState.UNSURE, "circle")
