"""A dot the page cannot tell from its dust (``DUST_DOT``, rule ``dusty_page``), alone in a
field a played result marks one box of (rule ``dust_dot_alone``, ocr/dust_dots.py): weighed
at ``dust_dot_p_marked`` (0.5) by the decoding, and no missing mark where the reading needs
it (issue 43, noisy pages).

The numbers, by hand: a box at p 0.5 has odds 1 of being marked, a clean box (p 0.0001)
0.00010001. A box less than marked is weighed against no box at all as well
(ocr/decode.py ``_certain``): a level whose 4 is a dust dot beside six clean boxes is 4 at
1 / (1 + 1 + 6 x 0.00010001) = 0.499850, never certain on its own, so a field the written
score cannot check goes to a person. Where the score checks it, 4S= by North vulnerable
(+620) against 3S+1 (+170) or 5S-1 (-100) differs in the score's digits, and the joint
decoding reads 4.
"""

from __future__ import annotations

import pytest

from ocr.decode import _group_certainty, decode_contract
from ocr.dust_dots import ONE_BOX_FIELDS, dust_dot_alone
from ocr.layout import DECLARER, DOUBLING, LEVEL, RESULT_COUNT, RESULT_SIGN, STRAIN, load_layout
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import DUST_DOT, DUST_DOT_ALONE, MarkReading, MarkState
from ocr.reading import DEFAULT_THRESHOLD, RowResult
from ocr.row_reader import missing_marks, used_boxes
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat
from tests.ocr.test_decode import evidence, marks_for
from tests.ocr.test_row_rules import FOUR_SPADES_MADE, row_marks

DUST = MARK_SETTINGS.dust_dot_p_marked
FOUR_SPADES = Contract.parse("4S")


def test_the_dust_dot_s_weight_is_a_coin_toss():
    assert DUST == 0.5
    assert ONE_BOX_FIELDS == {LEVEL, STRAIN, DECLARER, RESULT_SIGN}


def test_a_level_dot_read_as_dust_is_read_where_the_written_score_checks_it():
    """4S= by North vulnerable, written 620, its level a pen dot read as a dust dot (0.5),
    the other levels clean: the score and the '=' choose 4, certain, nothing unchecked."""
    marks = marks_for(FOUR_SPADES, Seat.NORTH, 10, 620)
    ev = evidence(marks, 620, {"level": {"4": DUST}})
    decoded = decode_contract(ev, Vulnerability.BOTH)
    assert decoded.ranked[0][0] == (FOUR_SPADES, Seat.NORTH, 10, 620)
    assert decoded.posterior >= DEFAULT_THRESHOLD
    assert decoded.unchecked == ()


def test_a_dust_dot_is_never_certain_on_its_own():
    """The same row with no score written: the dust dot in 4 is 0.499850 against no box
    and the clean ones (by hand above): the level is unchecked, the row goes to a person."""
    marks = marks_for(FOUR_SPADES, Seat.NORTH, 10, 620)
    del marks["score_side"]
    ev = evidence(marks, None, {"level": {"4": DUST}})
    assert _group_certainty(ev.level, "4") == pytest.approx(0.499850, abs=1e-6)
    assert "level" in decode_contract(ev, Vulnerability.BOTH).unchecked


def test_a_declarer_dot_read_as_dust_still_goes_to_a_person():
    """4S= by North or by South both score +620: the score cannot check the declarer, and a
    dust dot in N is not certain, so the declarer is unchecked."""
    marks = marks_for(FOUR_SPADES, Seat.NORTH, 10, 620)
    ev = evidence(marks, 620, {"declarer": {"N": DUST}})
    decoded = decode_contract(ev, Vulnerability.BOTH)
    assert decoded.ranked[0][0][:3] == (FOUR_SPADES, Seat.NORTH, 10)
    assert "declarer" in decoded.unchecked


def _with_box(marks: dict[str, list[MarkReading]], name: str, box: MarkReading):
    return {**marks, name: [box if m.option == box.option else m for m in marks[name]]}


def test_a_dust_dot_the_reading_needs_is_no_missing_mark():
    """4S= by North: the '=' box read empty is missing; read as a dust dot (a dot of 0.6
    mm^2 on a page whose margins hold clumps as large) it is not: the decoder weighed it.
    The declarer's N read empty (no dot) is still missing beside it, and so is a dust
    dot the rule left as it was (beside another mark of its field)."""
    marks = row_marks({**FOUR_SPADES_MADE, RESULT_SIGN: set()})
    uses = used_boxes(RowResult(3, 12, False, FOUR_SPADES, Seat.NORTH, 10, 620), (3, 12))
    assert missing_marks(marks, uses) == [(RESULT_SIGN, "=")]
    dust = MarkReading("=", 0.01, MarkState.EMPTY, DUST, DUST_DOT_ALONE, dot_mm2=0.6)
    assert missing_marks(_with_box(marks, RESULT_SIGN, dust), uses) == []
    beside = MarkReading("=", 0.01, MarkState.EMPTY, 0.0001, DUST_DOT, dot_mm2=0.6)
    assert missing_marks(_with_box(marks, RESULT_SIGN, beside), uses) == [(RESULT_SIGN, "=")]
    both = _with_box(marks, DECLARER, MarkReading("N", 0.0, MarkState.EMPTY, 0.0001))
    both = _with_box(both, RESULT_SIGN, dust)
    assert missing_marks(both, uses) == [(DECLARER, "N")]


def _row_one_evidence():
    """Row 1's evidence on a blank page (the rule looks at its boxes' fields only)."""
    from ocr.illumination import flatten
    from ocr.row_marks import RowMarks
    from tests.ocr.test_marks import DPI, _fresh
    from tests.ocr.test_page_dust import _grey

    lay = load_layout()
    return RowMarks(flatten(_grey(_fresh()), DPI), lay, lay.row(1), DPI).evidence()


def test_a_dust_dot_is_weighed_only_alone_in_a_field_that_needs_one_mark():
    """Dust dots (p 0.0001 as read) in level 4, strain H, doubling X and result_count 2, and
    in declarer N beside E read unsure: the level's and the strain's are weighed at 0.5
    (their fields hold nothing else); the doubling and the count may be left empty, so
    theirs stay as read, and so does the declarer's beside another box with ink."""
    ev = _row_one_evidence()
    dotted = {(LEVEL, "4"), (STRAIN, "H"), (DOUBLING, "X"), (RESULT_COUNT, "2"), (DECLARER, "N")}
    read = []
    for f, o, _ in ev.geometry.boxes:
        if (f, o) in dotted:
            read.append(MarkReading(o, 0.01, MarkState.EMPTY, 0.0001, DUST_DOT, dot_mm2=0.6))
        elif (f, o) == (DECLARER, "E"):
            read.append(MarkReading(o, 0.07, MarkState.UNSURE, 0.5, "fill"))
        else:
            read.append(MarkReading(o, 0.0, MarkState.EMPTY, 0.0001))
    out = dust_dot_alone(ev, read, MARK_SETTINGS)
    boxes = ev.geometry.boxes
    changed = {(f, r.option): r for (f, _, _), r, a in zip(boxes, out, read, strict=True) if r != a}
    assert set(changed) == {(LEVEL, "4"), (STRAIN, "H")}
    assert all(r.p_marked == 0.5 and r.how == DUST_DOT_ALONE for r in changed.values())
    assert all(r.state is a.state for r, a in zip(out, read, strict=True))
