"""Handwritten pair numbers the reading does not use send the row to a person
(ocr/pair_ink.py; TEST noisy seed 80736 page_0015 row 13, built by hand)."""

from __future__ import annotations

import numpy as np

from ocr.align import WORK_DPI
from ocr.combs import DigitBox
from ocr.layout import EW_PAIR_WRITTEN, NS_PAIR_WRITTEN, load_layout
from ocr.pair_ink import unused_pair_numbers
from ocr.printed_pairs import PrintedPairs
from ocr.reading import Candidate, Crop, FieldReading, PageRef, RowStatus
from ocr.row_marks import FieldMarks
from ocr.row_reader import _decode_row
from scoring.board import Vulnerability
from tests.ocr.marked_rows import marked_row

_REF = PageRef("page.png")
_MARKED = {"level": "5", "strain": "C", "declarer": "E", "result_sign": "-",
           "result_count": "2", "score_side": "NS"}  # fmt: skip


def _digit(d: int, p: float = 0.95) -> DigitBox:
    probs = [(1.0 - p) / 9] * 10
    probs[d] = p
    return DigitBox(tuple(probs))


def _decoded(ew_written: list[DigitBox]):  # type: ignore[no-untyped-def]
    """Row 1, printed 13-28, marked 5C by East down 2 with +100 for NS written (Law 77,
    not vulnerable: 2 x 50), the NS pair comb blank and the EW comb as given."""
    layout = load_layout()
    row = layout.row(1)
    marks, boxes = marked_row(row, _MARKED)
    boxes["score"] = [DigitBox(None), _digit(1), _digit(0), _digit(0)]
    boxes[EW_PAIR_WRITTEN] = ew_written
    mm = WORK_DPI / 25.4
    page = np.full((int(297 * mm), int(210 * mm)), 255, np.uint8)
    printed = PrintedPairs(rows=((1, 13, 28),))
    read = FieldMarks(marks, frozenset())
    return _decode_row(row, _REF, page, read, boxes, Vulnerability.NONE, printed, 0.995)


def test_a_number_written_beside_the_printed_pairs_sends_the_row_to_a_person():
    # Pairs 13-28 swapped: the box's tick and the NS 28 unseen, the EW comb reads 13.
    swapped = _decoded([_digit(1), _digit(3)])
    assert (swapped.best.ns_pair, swapped.best.ew_pair) == (13, 28)
    assert swapped.status is RowStatus.REVIEW
    assert "ew_pair_written reads 13, which the reading does not use" in swapped.reasons


def test_blank_combs_or_the_printed_number_written_again_change_nothing():
    blank = _decoded([DigitBox(None), DigitBox(None)])
    assert blank.status is RowStatus.ACCEPTED, blank.reasons
    again = _decoded([_digit(2), _digit(8)])
    assert not any("pair_written" in r for r in again.reasons)


def _field(name: str, value: str) -> FieldReading:
    return FieldReading(1, name, value, (Candidate(value, 0.9),), Crop(_REF, (0, 0, 1, 1)))


def test_only_a_reading_that_keeps_the_printed_pairs_is_asked():
    fields = [_field(NS_PAIR_WRITTEN, "17"), _field(EW_PAIR_WRITTEN, "")]
    assert unused_pair_numbers(fields, (13, 28), (13, 28)) == [
        "ns_pair_written reads 17, which the reading does not use"
    ]
    assert unused_pair_numbers(fields, (13, 28), (17, 28)) == []  # the change is the reading
    assert unused_pair_numbers(fields, None, (17, None)) == []  # nothing printed: a blank form
    # A single-digit pair written with its leading zero is the printed number again.
    assert unused_pair_numbers([_field(NS_PAIR_WRITTEN, "07")], (7, 28), (7, 28)) == []


def test_one_box_read_as_a_digit_is_not_asked():
    # A clump in one pair box of a dusty page reads as a digit (TEST noisy seed 13: 1, 4, 7).
    fields = [_field(NS_PAIR_WRITTEN, "4"), _field(EW_PAIR_WRITTEN, "1")]
    assert unused_pair_numbers(fields, (13, 28), (13, 28)) == []
    one = _decoded([DigitBox(None), _digit(7)])
    assert one.status is RowStatus.ACCEPTED, one.reasons
