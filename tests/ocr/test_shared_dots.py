"""One pen dot between two fields' boxes is not read as the mark of both (issue 43;
``ocr.shared_dots.dots_between_fields``, ``ocr.unchecked_marks``).

Fresh TRAINING phone, seed 5533, ``page_0022.png`` row 13: 2C by South -1, written 50 to
East-West. The player's dot for "-" lies on the top edge of the result sign "-", in the
1.5 mm between it and level 3 above; no box holds most of its ink, so ``edge_dots`` made
both 3 and "-" unsure. The player's level dot lies outside 2's top left corner and was
not seen then (it is now: mostly under the mask of 2's corner lines, it leaves over
``edge_dot_off_line_mm2`` off them on both sides of an edge, and 2 is unsure by it). 3
was the level's only ink and "-" the sign's, each certain against its field's other
boxes, and 3C by South -1 scores -50 not vulnerable as 2C by South -1 does: the row was
accepted as 3C -1. The band stored
here is the row as the reader read it.
"""

from __future__ import annotations

from dataclasses import replace

from ocr.decode import decode_contract
from ocr.dots import EDGE_UNSURE_MM2
from ocr.layout import load_layout
from ocr.marks import MarkState, mark_reading, plain_reading
from ocr.shared_dots import SHARED_DOT_GAP_MM, dots_between_fields
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat, Strain
from tests.ocr.bands import band_row
from tests.ocr.test_decode import evidence, marks_for

BAND = "row_band_dot_between_fields_phone.png"


def _row(number: int):
    return next(r for r in load_layout().rows if r.number == number)


def _box(read, field, option):
    return next(m for m in read[field] if m.option == option)


def _edge_unsure(option):
    """A box ``edge_dots`` made unsure: a dot of the unsure band's middle."""
    return mark_reading(option, 0.0, 0.0, EDGE_UNSURE_MM2)


def test_the_dot_between_level_3_and_the_sign_makes_both_unsure_and_is_shared():
    read = band_row(BAND, 13)
    three, minus, two = (
        _box(read, "level", "3"),
        _box(read, "result_sign", "-"),
        _box(read, "level", "2"),
    )
    for box in (three, minus):
        assert (box.state, box.how, box.dot_mm2) == (MarkState.UNSURE, "dot", EDGE_UNSURE_MM2)
    assert (two.state, two.how, two.dot_mm2) == (MarkState.UNSURE, "dot", EDGE_UNSURE_MM2)
    # 2, unsure by the player's own dot, lies 1.8 mm from "-" corner to corner (1 mm
    # across, 1.5 mm down): within the 2.0 mm two fields' boxes share a dot by.
    shared = {("level", "2"), ("level", "3"), ("result_sign", "-")}
    assert dots_between_fields(_row(13), read) == shared


def test_boxes_of_one_field_or_too_far_apart_share_no_dot():
    """Level 3 and 4 are one field (1 mm apart: the score or a person tells them apart as
    before); level 3 above "=" lies 2.12 mm from it corner to corner, over the 2.0 mm."""
    assert SHARED_DOT_GAP_MM == 2.0
    row = _row(13)
    one_field = {"level": [_edge_unsure("3"), _edge_unsure("4")]}
    assert dots_between_fields(row, one_field) == frozenset()
    diagonal = {"level": [_edge_unsure("3")], "result_sign": [_edge_unsure("=")]}
    assert dots_between_fields(row, diagonal) == frozenset()
    above = {"level": [_edge_unsure("3")], "result_sign": [_edge_unsure("-")]}
    assert dots_between_fields(row, above) == {("level", "3"), ("result_sign", "-")}


def test_a_box_marked_by_its_own_ink_shares_no_dot():
    row = _row(13)
    marked = {"level": [plain_reading("3", 0.3)], "result_sign": [_edge_unsure("-")]}
    assert marked["level"][0].state is MarkState.MARKED
    assert dots_between_fields(row, marked) == frozenset()


def test_the_level_the_score_cannot_check_goes_to_a_person():
    """3C by South -1 and 2C by South -1, not vulnerable: both 1 x -50 = -50, written 50
    to East-West. Level 3 and "-" each half sure (the unsure band's middle), every other
    box of their fields clean: each alone certain against its field's other boxes, so the
    row was accepted; weighed against no mark too, the level is not certain."""
    marks = marks_for(Contract(3, Strain.CLUBS), Seat.SOUTH, 8, -50)
    overrides = {"level": {"3": 0.5}, "result_sign": {"-": 0.5}}
    alone = evidence(marks, 50, overrides)
    assert decode_contract(alone, Vulnerability.NONE).unchecked == ()
    shared = frozenset({("level", "3"), ("result_sign", "-")})
    ev = replace(evidence(marks, 50, overrides), never_only_ink=shared)
    assert "level" in decode_contract(ev, Vulnerability.NONE).unchecked
