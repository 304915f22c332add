"""ocr/stack_settles.py: a doubtful handwritten pair number the stack settles otherwise.

Every number below is worked by hand. The stack is ``test_stack_pairs``'s: a blank generic
form's session of two tables, pairs 1-4 in the QR code; boards 2 and 3 read 1-3 and 2-4,
then 1-4 and 2-3, for certain. Pairs 1 and 2 sit NS on two other rows each, 3 and 4 EW,
so every reading below seats both its numbers at home: 0.95 x 0.95 = 0.9025.

On board 1 two rows are written, so every pair of the four plays it. Row 2 reads 2-4 at
0.999 (1-4 at 0.001): board 1's one couple read at 0.8 or more is 2-4. Board 2 reads it
too but only one of board 1's couples, so it is no twin and says nothing; board 3 reads
none of them and pair 2 with another opponent (2-3): a board of another set, whose
couples 1-4 and 2-3 did not play board 1 (x SEAT_CHANGE = 0.05).

Row 1's digits read 2-3 at 0.6 and 1-3 at 0.4 (a handwritten 1 or 2). Weights: row 1 2-3
0.6 x 0.9025 x 0.05 = 0.027075, 1-3 0.4 x 0.9025 = 0.361; row 2 2-4 0.999 x 0.9025 =
0.9015975, 1-4 0.001 x 0.9025 x 0.05 = 0.000045125. The joint readings that seat no pair
twice: (1-3, 2-4) 0.361 x 0.9015975 = 0.32547670, (2-3, 1-4) 0.027075 x 0.000045125 =
0.0000012218; the other two seat pair 2 or pair 1 twice. Row 1's 1-3: 0.32547670 /
0.32547792 = 0.9999962.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ocr.reading import PageReading, RowStatus
from ocr.stack_pairs import weigh_by_stack
from tests.ocr.test_stack_pairs import THRESHOLD, _others, _page, _row

Readings = tuple[tuple[tuple[int, int], float], ...]

KEPT = 0.361 * 0.9015975
SWAPPED = 0.027075 * 0.000045125
ROW_2: Readings = (((2, 4), 0.999), ((1, 4), 0.001))


def _board_1(
    first_readings: Readings,
    contract_p: float = 1.0,
    reasons: tuple[str, ...] | None = None,
    second: Readings = ROW_2,
) -> PageReading:
    first = _row(1, 1, first_readings, contract_p)
    if reasons is not None:
        first = replace(first, reasons=reasons)
    return weigh_by_stack([_page(1, first, _row(1, 2, second)), *_others()], THRESHOLD)[0]


def test_the_stack_reads_a_doubtful_number_otherwise_and_accepts_the_row() -> None:
    """Row 1 in review on its posterior alone (0.6): read 1-3, at 0.9999962, accepted."""
    row = _board_1((((2, 3), 0.6), ((1, 3), 0.4))).rows[0]
    assert row.status is RowStatus.ACCEPTED and row.reasons == ()
    assert row.best is not None and (row.best.ns_pair, row.best.ew_pair) == (1, 3)
    assert row.posterior == pytest.approx(KEPT / (KEPT + SWAPPED))
    assert row.best.contract is not None and row.best.contract.level == 4  # the contract stays
    (alt, p), *_ = row.alternatives
    assert (alt.ns_pair, alt.ew_pair) == (2, 3) and p == pytest.approx(SWAPPED / (KEPT + SWAPPED))


def test_the_contract_s_share_is_kept_and_must_reach_the_threshold() -> None:
    """The same with the contract at 0.99: 0.99 x 0.9999962 = 0.98999, below 0.995: the
    row stays in review, its digits' reading kept, saying what the stack makes likelier."""
    row = _board_1((((2, 3), 0.6), ((1, 3), 0.4)), contract_p=0.99).rows[0]
    assert row.status is RowStatus.REVIEW
    assert row.best is not None and (row.best.ns_pair, row.best.ew_pair) == (2, 3)
    assert row.reasons[-1].startswith("pairs 2-3: row 2 of this traveller reads one of them")


def test_a_number_the_digits_read_for_certain_is_never_overturned() -> None:
    """Row 1's digits read 2-3 at 0.996, 1-3 at 0.004, its contract at 0.998: in review on
    its posterior alone (0.998 x 0.996 = 0.99401); row 2 reads 2-4 at 0.99999, 1-4 at
    0.00001. Board 1's couples read at 0.8 or more are now 2-3 and 2-4: boards 2 and 3
    each read one of them alike and none otherwise, and say nothing. Weights: row 1 2-3
    0.996 x 0.9025 = 0.89889, 1-3 0.00361; row 2 2-4 0.902490975, 1-4 0.000009025. Joint:
    (1-3, 2-4) 0.0032579924, (2-3, 1-4) 0.0000081125; 1-3 0.99751616, and 0.998 x that =
    0.99552 would reach 0.995. But the digits read NS 2 for certain (0.996 of the row's
    readings): a pair that played the board twice, or another row misread, is for a
    person. The digits' reading stays, with the stack's reason (2-3: 0.998 x 0.0024838 =
    0.00248)."""
    second = (((2, 4), 0.99999), ((1, 4), 0.00001))
    row = _board_1((((2, 3), 0.996), ((1, 3), 0.004)), 0.998, second=second).rows[0]
    assert row.best is not None and (row.best.ns_pair, row.best.ew_pair) == (2, 3)
    assert row.status is RowStatus.REVIEW
    assert row.reasons == (
        "posterior 0.994 below 0.995",
        "pairs 2-3: row 2 of this traveller reads one of them too (a pair plays a board "
        "once; posterior with the stack 0.002)",
    )


def test_a_row_in_review_for_its_marks_too_is_left_to_a_person() -> None:
    """Row 1 as in the first test, but an unsure mark in its level as well: not settled."""
    why = ("posterior 0.600 below 0.995", "unsure mark in level")
    row = _board_1((((2, 3), 0.6), ((1, 3), 0.4)), reasons=why).rows[0]
    assert row.status is RowStatus.REVIEW and row.reasons[:2] == why
    assert row.best is not None and (row.best.ns_pair, row.best.ew_pair) == (2, 3)


def test_a_pair_another_row_reads_for_certain_is_a_reason_the_stack_may_settle() -> None:
    """``ocr/page_pairs.py`` said the digits' 2-3 seats pair 2, which row 2 reads for
    certain: a reason about the pairs alone, so the row is read 1-3 and accepted."""
    why = ("posterior 0.600 below 0.995", "NS pair 2 is on row 2 too (a pair plays a board once)")
    row = _board_1((((2, 3), 0.6), ((1, 3), 0.4)), reasons=why).rows[0]
    assert row.status is RowStatus.ACCEPTED and row.reasons == ()
    assert row.best is not None and (row.best.ns_pair, row.best.ew_pair) == (1, 3)


def test_a_number_the_section_lacks_is_never_settled_on() -> None:
    """Board 1 alone, its QR code listing pairs 2-5 (no other board: seats 1/2 x 1/2 for
    every reading; two rows written of a section of four pairs: every pair plays, and a
    reading with pair 1 weighs 0.05 more). Row 1: 2-3 0.6 x 0.25 = 0.15, 1-3 0.4 x 0.25 x
    0.05 = 0.005; row 2: 2-4 0.999 x 0.25 = 0.24975, 1-4 0.001 x 0.25 x 0.05 = 0.0000125.
    Jointly 1-3 0.00124875 against 0.000001875: 0.9985, which would reach 0.995; but pair
    1 is not the section's, which a person must see. Row 1 keeps 2-3 and goes to a
    person, the stack's reason saying why (2-3 at 0.000001875 / 0.001250625 = 0.0015)."""
    first = _row(1, 1, (((2, 3), 0.6), ((1, 3), 0.4)))
    page = _page(1, first, _row(1, 2, ROW_2), pairs=(2, 3, 4, 5))
    row = weigh_by_stack([page], THRESHOLD)[0].rows[0]
    assert row.status is RowStatus.REVIEW
    assert row.best is not None and (row.best.ns_pair, row.best.ew_pair) == (2, 3)
    assert row.reasons == (
        "posterior 0.600 below 0.995",
        "pairs 2-3: row 2 of this traveller reads one of them too (a pair plays a board "
        "once; posterior with the stack 0.001)",
    )
