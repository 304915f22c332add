"""A box is its field's only ink from ``p_marked`` 0.5 (``ONLY_INK_MIN_P``,
``ocr.unchecked_marks._only_ink``): one its own reading calls more likely empty than marked
is weighed against "no box" as well."""

from __future__ import annotations

from dataclasses import replace

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


def _west_unsure(inked: set[str], overrides: dict[str, float] | None = None, never: bool = False):
    """2NT= by West, 120 written to East-West, the side box EW marked: W unsure at 0.5 by a
    dot on its edge, the boxes of ``inked`` holding ink before a rule read it away as dust
    (``EMPTY_P``, 0.02), every other declarer box clean (0.0001)."""
    marks = marks_for(Contract.parse("2NT"), Seat.WEST, 8, -120)
    p = {"W": 0.5, **dict.fromkeys(inked, 0.02), **(overrides or {})}
    ev = evidence(marks, 120, {"declarer": p})
    ev = replace(ev, inked_at_first=frozenset(("declarer", o) for o in inked))
    if never:
        ev = replace(ev, never_only_ink=frozenset({("declarer", "W")}))
    return ev


def test_ink_read_away_in_a_box_the_score_rules_out_leaves_the_partner_ruled_out():
    """TRAINING noisy, fresh seed 5151, ``page_0017.jpg`` row 5: W unsure by a dot on its
    edge, a dust dot read away in S. 2NT= by South writes +120, by North too: the score
    rules them out; only East's 2NT= writes -120. Against E alone W is 1 / (1 + 0.0001 /
    0.9999) = 0.9999, certain (``_only_ink_of_rivals``); with S's ink counted, "no box" is
    weighed too and W is 0.5. Where E itself held ink read away, or W's dot is one no
    reading may take for the field's only ink (``never_only_ink``), the declarer stays
    open."""
    assert "declarer" not in decode_contract(_west_unsure({"S"}), Vulnerability.NONE).unchecked
    assert "declarer" in decode_contract(_west_unsure({"E"}), Vulnerability.NONE).unchecked
    never = _west_unsure({"S"}, never=True)
    assert "declarer" in decode_contract(never, Vulnerability.NONE).unchecked
    speck = _west_unsure({"S"}, {"E": 0.02})  # E read empty, but at the empty threshold
    assert "declarer" in decode_contract(speck, Vulnerability.NONE).unchecked
