"""A box unsure by its own dot on its printed edge, left so because another box of its field
holds ink by it, is never its field's only ink (``DOT_BESIDE_INK``;
``ocr.clean_rivals.beside_ink_reading`` in rule ``edge_dot_rivals``; issue 43).

Fresh TRAINING pencil seed 13006, ``page_0022.jpg`` row 13: 4S by West =, no score
written. A circle drawn in the row above comes down into this row's band; its foot, cut off
by the masks of the printed line between the rows and of level 3's top edge, stands alone
and reads as a pen dot on 3's top edge (centred 0.51 mm above it). The player's dot on
level 4's top edge lies beside that circle, so it stands alone nowhere and no dot is read
there. ``edge_dot_rivals`` left 3 unsure for the player's ink by 4, and 3 was then
certain as its field's only ink: the row was accepted as 3S by West = (140 for 620, no
score to check). The band stored here is the row as the reader read it (a clean page).
"""

from __future__ import annotations

from dataclasses import replace

from ocr.edge_dot_rivals import _off_its_box
from ocr.edge_dots import EdgeDot
from ocr.layout import LEVEL
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import DOT_BESIDE_INK, MarkReading, MarkState
from ocr.reading import RowStatus
from tests.ocr.bands import band_marks
from tests.ocr.test_edge_dot_rivals import _four_by_west_one_down

BAND = "row_band_circle_foot_on_level_edge_pencil.png"


def test_a_circle_s_foot_on_level_3_beside_the_player_s_dot_by_4_stays_unsure():
    marks = band_marks(BAND, 13, LEVEL)
    assert (marks["3"].state, marks["3"].how) == (MarkState.UNSURE, DOT_BESIDE_INK)
    assert all(marks[o].state is MarkState.EMPTY for o in "124567")


def test_a_dot_beside_another_box_s_ink_is_never_its_field_s_only_ink():
    """The decoder's side, on a row built by hand (4? by West one down, +50 written, which
    every strain fits, on a page that is not dusty): a strain box unsure by its dot on its
    edge, the strains' only ink, is certain as such; named ``DOT_BESIDE_INK`` it is not,
    and the strain goes to a person."""
    dot = MarkReading("S", 0.025, MarkState.UNSURE, 0.5, "dot", dot_mm2=0.275)
    assert _four_by_west_one_down(dot, dusty=False).status is RowStatus.ACCEPTED
    beside = _four_by_west_one_down(replace(dot, how=DOT_BESIDE_INK), dusty=False)
    assert beside.status is RowStatus.REVIEW
    assert beside.reasons == ("marks not certain in strain, which the score cannot check",)


def test_a_dot_is_off_its_box_past_the_edge_a_player_puts_the_pen_on():
    """Centred inside the box, or within ``edge_dot_centre_mm`` (0.3 mm) of its printed
    edge, a dot is the box's own (the fresh seeds' players' dots 0.17 mm off declarer's top
    edge); farther out it lies in the paper round the box (the circle's foot: 0.51 mm)."""

    def dot(centre_mm: float, inside: bool) -> EdgeDot:
        return EdgeDot((True,), (1.0,), (0, 0, 8, 8), (centre_mm,), (inside,))

    assert not _off_its_box(dot(0.42, True), 0, MARK_SETTINGS)
    assert not _off_its_box(dot(0.17, False), 0, MARK_SETTINGS)
    assert not _off_its_box(dot(0.30, False), 0, MARK_SETTINGS)
    assert _off_its_box(dot(0.34, False), 0, MARK_SETTINGS)
    assert _off_its_box(dot(0.51, False), 0, MARK_SETTINGS)
