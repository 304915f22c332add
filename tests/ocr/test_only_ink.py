"""A box is its field's only ink from ``p_marked`` 0.5 (``ONLY_INK_MIN_P``,
``ocr.unchecked_marks._only_ink``): one its own reading calls more likely empty than marked
is weighed against "no box" as well."""

from __future__ import annotations

from ocr.decode import decode_contract
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat
from tests.ocr.test_decode import evidence, marks_for


def test_a_box_more_likely_empty_than_marked_is_no_field_s_only_ink():
    """``ONLY_INK_MIN_P``: 4S by South making 10, 420 written, no side marked (TRAINING
    pencil seed 84060, ``page_0008.jpg`` row 3, where West was the declarer: the player's
    dot on the corner between S and W gave S a weak ring, 0.215, and W nothing). 4S by North
    scores the same. As its field's only ink S would be 0.215 x 0.9999^3 against 3 x
    0.0001 x 0.785 x 0.9999^2: 0.9989, certain; weighed against no box too, 0.215, and the
    declarer goes to a person. A box unsure at 0.5 is still its field's only ink."""
    marks = marks_for(Contract.parse("4S"), Seat.SOUTH, 10, 420)
    del marks["score_side"]
    weak = evidence(marks, 420, {"declarer": {"S": 0.215}})
    assert decode_contract(weak, Vulnerability.NONE).unchecked == ("declarer",)
    unsure = evidence(marks, 420, {"declarer": {"S": 0.5}})
    assert decode_contract(unsure, Vulnerability.NONE).unchecked == ()
