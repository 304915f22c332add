"""A row with no box marked goes to a person with no reading; with a score written, its
decoding kept for the person's buttons (``ocr.row_reader._decode_row``, issue 43).

A row of fine pen dots on a dusty page can lose every mark to the dust rules: each dot is
read as the page's dust and at best weighed alone (``DUST_DOT_ALONE``, its state left
empty), and no box is marked. Nothing then says the row is a result, and it goes to a
person as stray ink. Where a score is written, the row is decoded all the same and its
readings kept as the row's alternatives, so that the review queue offers them as buttons
(``pipeline.doors.scans.review_queue.row_candidates``) where before the person typed the
whole row. The row keeps no reading of its own (``best`` None): no pair check of the
traveller, no stack and no result counts it, as before.
"""

from __future__ import annotations

import numpy as np

from ocr.align import WORK_DPI
from ocr.combs import DigitBox
from ocr.layout import DECLARER, LEVEL, RESULT_SIGN, SCORE, STRAIN, load_layout
from ocr.marks import DUST_DOT_ALONE, MarkReading, MarkState
from ocr.printed_pairs import PrintedPairs
from ocr.reading import PageReading, PageRef, RowReading, RowStatus
from ocr.row_marks import FieldMarks
from ocr.row_reader import _decode_row
from pipeline.doors.scans.review_queue import QueueContext, build_queue
from scoring.board import Vulnerability
from scoring.contract import Seat
from tests.ocr.marked_rows import marked_row

_REF = PageRef("page.png")
_STRAY = "no box is marked on the row (stray ink?)"
_DOTS = {LEVEL: "4", STRAIN: "H", DECLARER: "N", RESULT_SIGN: "="}


def _digit(d: int) -> DigitBox:
    probs = [0.03 / 9] * 10
    probs[d] = 0.97
    return DigitBox(tuple(probs))


def _fine_dots_row(score: list[DigitBox], level_unsure: bool = False) -> RowReading:
    """Row 1, printed 13-28, not vulnerable: 4H by North made (``_DOTS``), each mark a
    pen dot of 0.45 mm^2 read as the page's dust and weighed alone (empty, 0.45), or
    level 4 unsure by its dot (``level_unsure``), every other box clean, the score comb
    ``score``."""
    row = load_layout().row(1)
    marks, boxes = marked_row(row, {})
    for field, option in _DOTS.items():
        marks[field] = [
            MarkReading(o, 0.0, MarkState.EMPTY, 0.45, DUST_DOT_ALONE, 0.0, 0.45)
            if o == option
            else m
            for o, m in ((m.option, m) for m in marks[field])
        ]
    if level_unsure:
        marks[LEVEL] = [
            MarkReading("4", 0.03, MarkState.UNSURE, 0.5, "dot", 0.0, 0.3) if m.option == "4" else m
            for m in marks[LEVEL]
        ]
    boxes[SCORE] = score
    mm = WORK_DPI / 25.4
    page = np.full((int(297 * mm), int(210 * mm)), 255, np.uint8)
    printed = PrintedPairs(rows=((1, 13, 28),))
    inked = frozenset(_DOTS.items())
    read = FieldMarks(marks, inked)
    return _decode_row(row, _REF, page, read, boxes, Vulnerability.NONE, printed, 0.995)


def test_with_a_score_written_the_row_is_decoded_for_the_buttons():
    """420 written: the row goes to a person as no box is marked, with no reading of its
    own; its likeliest decoding is 4H by North made, 13-28 (420 not vulnerable, Law 77)."""
    reading = _fine_dots_row([DigitBox(None), _digit(4), _digit(2), _digit(0)])
    assert reading.status is RowStatus.REVIEW
    assert reading.reasons == (_STRAY,)
    assert reading.best is None and reading.posterior == 0.0
    best = reading.alternatives[0][0]
    assert (best.ns_pair, best.ew_pair, best.declarer, best.tricks, best.score_ns) == (
        13, 28, Seat.NORTH, 10, 420,
    )  # fmt: skip
    assert str(best.contract) == "4H"


def test_the_queue_offers_the_reading_as_the_first_button():
    reading = _fine_dots_row([DigitBox(None), _digit(4), _digit(2), _digit(0)])
    page = PageReading(_REF, 1, "qr", None, 0, (reading,))
    (item,) = build_queue([page], QueueContext())
    assert item.candidates and item.candidates[0].text == str(reading.alternatives[0][0])


def test_with_no_score_written_the_row_is_stray_ink_as_before():
    """Level 4 unsure by its dot, the rest weighed alone as dust: no box marked, and no
    score to decode against. Without the unsure box nothing is written on the row."""
    assert _fine_dots_row([DigitBox(None)] * 4).status is RowStatus.EMPTY
    reading = _fine_dots_row([DigitBox(None)] * 4, level_unsure=True)
    assert reading.status is RowStatus.REVIEW
    assert reading.reasons == (_STRAY,)
    assert reading.best is None and reading.alternatives == ()
