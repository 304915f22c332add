"""A dot in the gap between two boxes of a field rules out the field's other boxes where
the score cannot (``ocr.unchecked_marks._outside_the_gap``, ``RowEvidence.in_the_gap``).

By hand, 3NT by East making 10, not vulnerable, -630 written (EW): 3NT+1 by West scores
the same, so the declarer's marks must rule West out. East is unsure by its own dot in the
gap towards a box beside it (``DOT_IN_GAP``, p 0.5); N, S and W are clean (0.0001). The
dot is the mark of East or of a box beside it, N or S (the declarer's boxes run N, E, S,
W): that the mark is among them is P(exactly E, N or S) / P(exactly one box) = (0.5 x
0.9999^3 + 2 x 0.0001 x 0.5 x 0.9999^2) / (the same + 0.0001 x 0.5 x 0.9999^2) = 0.99990,
over 0.995, and West, not beside East, is ruled out: the row is checked. Weighed against
every box and none, as an unsure box that is never its field's only ink is, East alone
is 0.4999 and the row went to a person.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ocr.decode import decode_contract
from ocr.dots import EDGE_UNSURE_MM2
from ocr.marks import DOT_IN_GAP, THICK_BY_EDGE, MarkReading, MarkState, plain_reading
from ocr.unchecked_marks import marks_in_the_gap
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat
from tests.ocr.test_decode import evidence, marks_for

DOT = 0.5


def _row(declarer: dict[str, float], beside: frozenset[str] | None, score: int = 630):
    marks = marks_for(Contract.parse("3NT"), Seat.EAST, 10, -630)
    ev = evidence(marks, score, {"declarer": declarer})
    gap = () if beside is None else (("declarer", "E", beside),)
    return replace(ev, never_only_ink=frozenset({("declarer", "E")}), in_the_gap=gap)


def test_a_dot_in_the_gap_rules_out_the_partner_the_score_cannot():
    ev = _row({"E": DOT}, frozenset({"N", "S"}))
    assert decode_contract(ev, Vulnerability.NONE).unchecked == ()


def test_without_the_gap_the_dot_is_weighed_against_no_box():
    ev = _row({"E": DOT}, None)
    assert decode_contract(ev, Vulnerability.NONE).unchecked == ("declarer",)


def test_ink_in_another_box_keeps_the_field_open():
    """W holds ink (a fill at the empty threshold, or ink a rule read away): the player's
    mark may be there, and the dot dust."""
    ev = _row({"E": DOT, "W": 0.02}, frozenset({"N", "S"}))
    assert decode_contract(ev, Vulnerability.NONE).unchecked == ("declarer",)
    clean = _row({"E": DOT}, frozenset({"N", "S"}))
    inked = replace(clean, inked_at_first=frozenset({("declarer", "W")}))
    assert decode_contract(inked, Vulnerability.NONE).unchecked == ("declarer",)


def test_a_rival_beside_the_dot_stays_open():
    """4H by North making 11, 450 written: 4S+1 scores the same and S lies beside H. A dot in
    the gap between H and S cannot say which the player meant (the wrong rows 7S read 7NT
    and 4H read 4S, ocr/clean_rivals.py ``in_the_gap_reading``): the strain goes to a person."""
    marks = marks_for(Contract.parse("4H"), Seat.NORTH, 11, 450)
    ev = evidence(marks, 450, {"strain": {"H": DOT}})
    ev = replace(
        ev,
        never_only_ink=frozenset({("strain", "H")}),
        in_the_gap=(("strain", "H", frozenset({"D", "S"})),),
    )
    assert decode_contract(ev, Vulnerability.NONE).unchecked == ("strain",)


def _declarer(how: str) -> dict[str, list[MarkReading]]:
    """The declarer's four boxes in the form's order, East unsure as ``how`` reads it."""
    east = replace(plain_reading("E", 0.0), state=MarkState.UNSURE, p_marked=DOT, how=how)
    return {"declarer": [east if o == "E" else plain_reading(o, 0.0) for o in "NESW"]}


def test_a_dot_in_the_gap_names_the_boxes_beside_it():
    assert marks_in_the_gap(_declarer(DOT_IN_GAP)) == (("declarer", "E", frozenset("NS")),)


def test_thick_ink_by_an_edge_only_on_a_pen_row_with_only_the_pen_by_it():
    """Thick ink by East's edge is a pen dot, a dot in a gap, a circle's stroke down a gap
    (each East's or a box beside it) or a speck (anywhere: the player's ring round West
    unseen). On a coloured pen's row read without its grey dust, with only the pen's ink by
    East (``PenRow.pen_boxes``), it is no speck; on a grey page it may be."""
    marks = _declarer(THICK_BY_EDGE)
    assert marks_in_the_gap(marks) == ()
    assert marks_in_the_gap(marks, frozenset({("declarer", "W")})) == ()
    pen = frozenset({("declarer", "E")})
    assert marks_in_the_gap(marks, pen) == (("declarer", "E", frozenset("NS")),)


def test_thick_ink_by_an_edge_on_a_page_that_is_not_dusty():
    """A page whose dust holds no speck as large as a pen dot (``PageDust.dusty`` false) has
    no speck thick by an edge to take for the mark: East's thick ink is a pen dot, or a dot
    or a stroke in a gap, East's or a box's beside it, as on a pen's row. On a dusty page,
    not (the test above)."""
    marks = _declarer(THICK_BY_EDGE)
    assert marks_in_the_gap(marks, dusty=False) == (("declarer", "E", frozenset("NS")),)
    assert marks_in_the_gap(marks, dusty=True) == ()
    assert marks_in_the_gap(_declarer("dot"), dusty=False) == ()  # an edge dot: edge_dots


def test_two_boxes_side_by_side_unsure_by_an_edge_dot_on_a_page_that_is_not_dusty():
    """N and E each unsure by a dot on its printed edge (``EDGE_UNSURE_MM2``: one dot
    between them, which ``edge_dots`` gives to both): the mark is N's or E's, and on a page
    that is not dusty South's is ruled out where the field is certain of the two. One such
    box alone, or on a dusty page, is not."""
    dot = replace(plain_reading("N", 0.0), state=MarkState.UNSURE, p_marked=DOT, how="dot",
                  dot_mm2=EDGE_UNSURE_MM2)  # fmt: skip
    pair = {"declarer": [dot, replace(dot, option="E"), *(plain_reading(o, 0.0) for o in "SW")]}
    assert marks_in_the_gap(pair, dusty=False) == (
        ("declarer", "N", frozenset("E")),
        ("declarer", "E", frozenset("NS")),
    )
    assert marks_in_the_gap(pair, dusty=True) == ()
    alone = {"declarer": [dot, *(plain_reading(o, 0.0) for o in "ESW")]}
    assert marks_in_the_gap(alone, dusty=False) == ()


def _strain_dot_towards(option: str | None) -> dict[str, list[MarkReading]]:
    """The strain's boxes, H unsure by its own dot in the gap towards ``option`` (None: the
    rule that named it could not say which box)."""
    named = None if option is None else ("strain", option)
    heart = replace(plain_reading("H", 0.0), state=MarkState.UNSURE, p_marked=DOT,
                    how=DOT_IN_GAP, neighbour=named)  # fmt: skip
    return {
        "strain": [heart if o == "H" else plain_reading(o, 0.0) for o in ("C", "D", "H", "S", "NT")]
    }


@pytest.mark.parametrize(
    ("towards", "beside", "unchecked"),
    [("D", "D", ()), ("S", "S", ("strain",)), (None, "DS", ("strain",))],
)
def test_a_dot_in_the_gap_towards_one_box_names_that_box_alone(towards, beside, unchecked):
    """4H by North making 11, 450 written, as above; the dot in the gap lies towards D (the
    rule that read it says so, ``MarkReading.neighbour``): the mark is H's or D's, and 4S+1,
    S beside H on its other side, is ruled out (4D+1 scores 150). Towards S, or where the
    rule could not say, S stays open."""
    marks = _strain_dot_towards(towards)
    gap = marks_in_the_gap(marks)
    assert gap == (("strain", "H", frozenset(beside)),)
    ev = evidence(marks_for(Contract.parse("4H"), Seat.NORTH, 11, 450), 450, {"strain": {"H": DOT}})
    ev = replace(ev, never_only_ink=frozenset({("strain", "H")}), in_the_gap=gap)
    assert decode_contract(ev, Vulnerability.NONE).unchecked == unchecked
