"""A passed-out row its written 0 settles (ocr/passed_by_zero.py, issue 43).

A board passed out scores 0 to both sides and no contract played scores 0 (Law 77), so
a lone written 0 says "passed out" as plainly as the PASS box. On a dusty page the rules
may leave the player's PASS mark unsure (a pale tick at the grey dust's fill,
``faint_lone_pass``) or read it away as dust (a pen dot the size of the page's specks,
``dusty_page``): with every other box empty the row had no box marked, and went to a person
as stray ink whatever its score said. Rows built by hand and decoded as the reader does
(``_decode_row``): the fills and probabilities are those of TRAINING's price set rows
(fine-dots dirty glass 52718 ``page_0012.jpg`` row 6: a tick filling 0.129, the 0 read
0.97; ``page_0032.jpg`` row 11: a pen dot of 0.52 mm^2 read as dust).
"""

from __future__ import annotations

import numpy as np
import pytest

from ocr.align import WORK_DPI
from ocr.combs import DigitBox
from ocr.layout import PASSED_OUT, SCORE, load_layout
from ocr.marks import DUST_DOT, MarkReading, MarkState
from ocr.passed_by_zero import ZERO_READ, lone_zero, zero_settled_pass
from ocr.printed_pairs import PrintedPairs
from ocr.reading import PageRef, RowReading, RowStatus
from ocr.row_marks import FieldMarks
from ocr.row_reader import _decode_row
from scoring.board import Vulnerability
from tests.ocr.marked_rows import marked_row

_REF = PageRef("page.png")
_PASS = (PASSED_OUT, "PASS")
_UNSURE_TICK = MarkReading("PASS", 0.129, MarkState.UNSURE, 0.5, "fill")
_DUST_DOT = MarkReading("PASS", 0.0, MarkState.EMPTY, 0.0001, DUST_DOT, 0.0, 0.52)
_BLANK = DigitBox(None)


def _digit(d: int, p: float) -> DigitBox:
    probs = [(1.0 - p) / 9] * 10
    probs[d] = p
    return DigitBox(tuple(probs))


def _decoded(
    pass_box: MarkReading,
    score: list[DigitBox],
    inked: frozenset[tuple[str, str]] = frozenset({_PASS}),
    marked: dict[str, str] | None = None,
) -> RowReading:
    """Row 1, printed 13-28, not vulnerable: every mark box empty but ``marked`` and the
    PASS box read ``pass_box``, the score comb ``score``."""
    row = load_layout().row(1)
    marks, boxes = marked_row(row, marked or {})
    marks[PASSED_OUT] = [pass_box]
    boxes[SCORE] = score
    mm = WORK_DPI / 25.4
    page = np.full((int(297 * mm), int(210 * mm)), 255, np.uint8)
    printed = PrintedPairs(rows=((1, 13, 28),))
    read = FieldMarks(marks, inked)
    return _decode_row(row, _REF, page, read, boxes, Vulnerability.NONE, printed, 0.995)


@pytest.mark.parametrize("pass_box", [_UNSURE_TICK, _DUST_DOT], ids=["pale tick", "dust dot"])
def test_a_pass_box_with_ink_and_a_written_0_is_a_board_passed_out(pass_box: MarkReading):
    reading = _decoded(pass_box, [_BLANK, _BLANK, _BLANK, _digit(0, 0.97)])
    assert reading.status is RowStatus.ACCEPTED, reading.reasons
    assert reading.best is not None and reading.best.passed_out
    assert reading.best.score_ns == 0
    assert (reading.best.ns_pair, reading.best.ew_pair) == (13, 28)


@pytest.mark.parametrize("pass_box", [_UNSURE_TICK, _DUST_DOT], ids=["pale tick", "dust dot"])
def test_without_a_lone_written_0_the_row_is_read_as_before(pass_box: MarkReading):
    """A 0 read less surely than ``ZERO_READ``, or a score of more digits, settles
    nothing: the row goes to a person. With no score at all, a PASS box read away as dust
    leaves nothing written on the row, and a pale tick a row for a person, as before."""
    for score in ([_BLANK, _BLANK, _BLANK, _digit(0, ZERO_READ - 0.01)],
                  [_BLANK, _BLANK, _digit(1, 0.97), _digit(0, 0.97)]):  # fmt: skip
        reading = _decoded(pass_box, score)
        assert reading.status is RowStatus.REVIEW
        assert reading.reasons == ("no box is marked on the row (stray ink?)",)
    blank = _decoded(pass_box, [_BLANK] * 4)
    if pass_box is _DUST_DOT:
        assert blank.status is RowStatus.EMPTY
    else:
        assert blank.reasons == ("no box is marked on the row (stray ink?)",)


def test_a_clean_pass_box_is_no_pass_out_whatever_the_score():
    """A PASS box that held no ink before any rule: a 0 alone in the score is no board
    passed out (the player marked nothing there)."""
    reading = _decoded(_DUST_DOT, [_BLANK, _BLANK, _BLANK, _digit(0, 0.97)], frozenset())
    assert reading.status is RowStatus.REVIEW
    assert reading.reasons == ("no box is marked on the row (stray ink?)",)


def test_another_box_not_empty_leaves_the_row_as_it_was_read():
    marks, _ = marked_row(load_layout().row(1), {})
    marks[PASSED_OUT] = [_UNSURE_TICK]
    marks["level"] = [
        MarkReading("3", 0.08, MarkState.UNSURE, 0.5, "fill") if m.option == "3" else m
        for m in marks["level"]
    ]
    zero = [_BLANK, _BLANK, _BLANK, _digit(0, 0.97)]
    assert zero_settled_pass(marks, frozenset({_PASS}), zero) is None
    marks["level"] = [MarkReading(m.option, 0.0, MarkState.EMPTY, 0.0001) for m in marks["level"]]
    settled = zero_settled_pass(marks, frozenset({_PASS}), zero)
    assert settled is not None
    assert settled[PASSED_OUT][0].state is MarkState.UNSURE
    assert settled[PASSED_OUT][0].p_marked == 0.5


def test_a_pass_box_marked_for_certain_needs_no_zero():
    marked = MarkReading("PASS", 0.3, MarkState.MARKED, 0.9999, "fill")
    assert zero_settled_pass({PASSED_OUT: [marked]}, frozenset({_PASS}), [_digit(0, 0.97)]) is None
    reading = _decoded(marked, [_BLANK] * 4)
    assert reading.status is RowStatus.ACCEPTED and reading.best is not None
    assert reading.best.passed_out


def test_a_lone_zero_is_one_written_digit_read_as_0():
    assert lone_zero([_BLANK, _BLANK, _BLANK, _digit(0, ZERO_READ)])
    assert not lone_zero([_BLANK, _BLANK, _BLANK, _digit(0, ZERO_READ - 0.001)])
    assert not lone_zero([_BLANK, _BLANK, _digit(5, 0.97), _digit(0, 0.97)])
    assert not lone_zero([_BLANK, _BLANK, _BLANK, _digit(8, 0.97)])
    assert not lone_zero([_BLANK] * 4)
