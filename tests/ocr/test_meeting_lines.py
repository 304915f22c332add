"""ocr/meeting_lines.py and its use in ocr/event_pairs.py: a blank traveller's lines in the
order the board is played, a prior the ink overrules.

The numbers are worked by hand. The board's meetings in round order are 6-13, 7-14, 8-15,
9-16 (``MEETINGS``). Each meeting's row reads its own pairs with a rival the movement does
not send to the board (already weighed by its 1%, as ``decode_pairs`` gives it): 6-13 at
0.97 or 6-18; 7-14 at 0.985 or 1-14 (a 7 that could be a 1); 8-15 at 0.96 or 3-15; 9-16 at
0.99 or 4-16. No two readings seat one pair twice, so the joint decoding is each row's
own readings times its line's prior, normalised: where the other lines expect 7-14 on
line 2, 7-14 reads 0.985 / (0.985 + 0.015 x 0.05) = 0.999239 (accepted), and without
the order 0.985 (in review on its posterior alone).
"""

from __future__ import annotations

import itertools

import pytest

from ocr.event_pairs import decoded_jointly
from ocr.meeting_lines import OFF_LINE, expected_meetings, line_prior
from ocr.page_pairs import played_once
from ocr.reading import Crop, PageRef, RowReading, RowResult, RowStatus
from ocr.row_reader import PairReadings
from scoring.contract import Contract, Seat, Strain

REF = PageRef("page_0001.jpg")
THRESHOLD = 0.995
MEETINGS = ((6, 13), (7, 14), (8, 15), (9, 16))
INK: dict[tuple[int, int], PairReadings] = {  # what each meeting's row reads
    (6, 13): (((6, 13), 0.97), ((6, 18), 0.03)),
    (7, 14): (((7, 14), 0.985), ((1, 14), 0.015)),
    (8, 15): (((8, 15), 0.96), ((3, 15), 0.04)),
    (9, 16): (((9, 16), 0.99), ((4, 16), 0.01)),
}


def _row(number: int, readings: PairReadings) -> RowReading:
    (best, p), *others = readings
    status = RowStatus.ACCEPTED if p >= THRESHOLD else RowStatus.REVIEW
    reasons = () if status is RowStatus.ACCEPTED else (f"posterior {p:.3f} below 0.995",)
    result = RowResult(*best, False, Contract(4, Strain.HEARTS), Seat.SOUTH, 10, None)
    alternatives = tuple(
        (RowResult(*pairs, False, Contract(4, Strain.HEARTS), Seat.SOUTH, 10, None), q)
        for pairs, q in others
    )
    return RowReading(REF, number, None, (), result, p, alternatives, status, reasons,
                      Crop(REF, (0.0, 0.0, 1.0, 1.0)))  # fmt: skip


def _read(on_lines: dict[int, tuple[int, int]], meetings=MEETINGS):  # type: ignore[no-untyped-def]
    """The traveller whose line k holds meeting ``on_lines[k]``, read as the reader reads a
    blank form with the event: ``played_once``, then the joint decoding by line."""
    pairs = {line: INK[m] for line, m in on_lines.items()}
    rows = tuple(_row(line, pairs[line]) for line in sorted(on_lines))
    once = played_once(rows, THRESHOLD, pairs, False)
    return {r.row: r for r in decoded_jointly(rows, once, THRESHOLD, pairs, False, meetings)}


def test_a_traveller_in_order_lifts_a_1_that_could_be_a_7_over_the_threshold():
    read = _read(dict(enumerate(MEETINGS, start=1)))
    line2 = read[2]
    assert line2.status is RowStatus.ACCEPTED
    assert line2.best is not None and (line2.best.ns_pair, line2.best.ew_pair) == (7, 14)
    assert line2.posterior == pytest.approx(0.985 / (0.985 + 0.015 * OFF_LINE))
    assert line2.posterior == pytest.approx(0.999239, abs=1e-6)
    # line 3: 0.96 / (0.96 + 0.04 x 0.05) = 0.997921
    assert read[3].posterior == pytest.approx(0.997921, abs=1e-6)


def test_without_the_order_the_row_stays_in_review():
    read = _read(dict(enumerate(MEETINGS, start=1)), meetings=())
    assert read[2].status is RowStatus.REVIEW and read[2].posterior == pytest.approx(0.985)


def test_the_expected_meeting_is_what_the_other_lines_agree_on():
    """Line 2 of the traveller in order: lines 1, 3 and 4 read 6-13, 8-15, 9-16 at 0.8 or
    more (places 0, 2, 3), and expect places 0 + 1, 2 - 1 and 3 - 2: 7-14."""
    pairs = {line: INK[m] for line, m in enumerate(MEETINGS, start=1)}
    assert expected_meetings(pairs, MEETINGS) == dict(enumerate(MEETINGS, start=1))
    # a line read under 0.8 expects nothing of the others: two lines left, still agreeing
    weak = {**pairs, 1: (((6, 13), 0.6), ((6, 18), 0.4))}
    assert expected_meetings(weak, MEETINGS)[2] == (7, 14)
    # one other line only: no expectation (two at least)
    assert expected_meetings({1: pairs[1], 2: pairs[2]}, MEETINGS) == {}


def test_a_traveller_a_line_down_expects_the_shift():
    read = _read({line + 1: m for line, m in enumerate(MEETINGS, start=1)})
    assert read[3].status is RowStatus.ACCEPTED
    assert read[3].best is not None and (read[3].best.ns_pair, read[3].best.ew_pair) == (7, 14)


def test_a_traveller_filled_bottom_up_expects_nothing_and_reads_as_its_ink():
    """Meeting 1 on line 15, 2 on 14, ...: line 14 is expected meeting 0 + 14 - 15 = -1 by
    line 15, 2 + 1 = 3 by line 13 and 3 + 2 = 5 by line 12: no agreement, nothing weighed."""
    on_lines = {16 - line: m for line, m in enumerate(MEETINGS, start=1)}
    assert expected_meetings({k: INK[m] for k, m in on_lines.items()}, MEETINGS) == {}
    read = _read(on_lines)
    assert read[14].status is RowStatus.REVIEW and read[14].posterior == pytest.approx(0.985)


@pytest.mark.parametrize("a, b", list(itertools.combinations(range(1, 5), 2)))
def test_two_rows_swapped_are_never_accepted_with_another_row_s_pairs(a: int, b: int):
    on_lines = dict(enumerate(MEETINGS, start=1))
    on_lines[a], on_lines[b] = on_lines[b], on_lines[a]
    for line, row in _read(on_lines).items():
        assert row.best is not None
        if row.status is RowStatus.ACCEPTED:
            assert (row.best.ns_pair, row.best.ew_pair) == on_lines[line]


TWELVE = tuple((k, k + 12) for k in range(1, 13))
"""Twelve meetings in round order: 1-13, 2-14, ..., 12-24."""


def test_a_swap_the_other_lines_outvote_is_never_accepted_with_the_line_s_meeting():
    """Lines 2 and 3 swapped, on a traveller whose other ten lines read their meetings
    for certain: line 2 holds 3-15 and reads it at 0.9, 2-14 at 0.1 (its ink leans to the
    line's meeting); line 3 holds 2-14 and reads it at 0.6, 22-34 (no meeting) at 0.4, too
    weakly to vote. Ten lines expect 2-14 on line 2 and none another: 3-15 weighs 0.9 x
    0.05 = 0.045, 2-14 0.1. On line 3 ten expect 3-15 and line 2 4-16 (a tenth of eleven
    may dissent): both its readings weigh 0.05, 0.03 and 0.02. Jointly (2-14 is on one
    row at most): line 2 reads 3-15 at 0.045 x 0.05 = 0.00225, 2-14 at 0.1 x 0.02 = 0.002,
    so 3-15 at 0.529, in review; line 3 reads 2-14 at 0.045 x 0.03 = 0.00135 against 22-34
    at 0.02 x 0.145 = 0.0029: its best is no longer the likeliest, and it stays in review.
    Without the order line 2 reads 3-15 at 0.9 / 0.94 = 0.957, in review too."""
    ink: dict[int, PairReadings] = {line: ((m, 1.0),) for line, m in enumerate(TWELVE, 1)}
    ink[2] = (((3, 15), 0.9), ((2, 14), 0.1))
    ink[3] = (((2, 14), 0.6), ((22, 34), 0.4))
    assert expected_meetings(ink, TWELVE)[2] == (2, 14)
    assert expected_meetings(ink, TWELVE)[3] == (3, 15)
    rows = tuple(_row(line, ink[line]) for line in sorted(ink))
    read = decoded_jointly(rows, played_once(rows, THRESHOLD, ink, False), THRESHOLD, ink,
                           False, TWELVE)  # fmt: skip
    line2, line3 = read[1], read[2]
    assert line2.best is not None and (line2.best.ns_pair, line2.best.ew_pair) == (3, 15)
    assert line2.status is RowStatus.REVIEW
    assert line2.posterior == pytest.approx(0.00225 / 0.00425)
    assert line3.status is RowStatus.REVIEW and line3.posterior == pytest.approx(0.6)
    alone = decoded_jointly(rows, played_once(rows, THRESHOLD, ink, False), THRESHOLD, ink,
                            False, ())  # fmt: skip
    assert alone[1].posterior == pytest.approx(0.9 / 0.94)


def test_an_accepted_row_off_its_line_keeps_its_ink_or_goes_to_a_person_saying_so():
    """Lines 1 and 3 read 6-13 and 8-15, line 4 is blank, and line 2 holds 9-16 (read at
    0.996, accepted alone). Lines 1 and 3 expect 7-14 on line 2. Where line 2's rival is
    4-16, every reading of it weighs 0.05 and the ink decides: 9-16 at 0.996, accepted.
    Where its rival is 7-14 at 0.004, 9-16 weighs 0.996 x 0.05 = 0.0498 against 0.004:
    0.0498 / 0.0538 = 0.925651, a person."""
    ink = {1: INK[(6, 13)], 2: (((9, 16), 0.996), ((4, 16), 0.004)), 3: INK[(8, 15)]}
    rows = tuple(_row(line, ink[line]) for line in sorted(ink))
    read = decoded_jointly(rows, played_once(rows, THRESHOLD, ink, False), THRESHOLD, ink,
                           False, MEETINGS)  # fmt: skip
    assert read[1].status is RowStatus.ACCEPTED and read[1].posterior == pytest.approx(0.996)
    ink[2] = (((9, 16), 0.996), ((7, 14), 0.004))
    rows = tuple(_row(line, ink[line]) for line in sorted(ink))
    read = decoded_jointly(rows, played_once(rows, THRESHOLD, ink, False), THRESHOLD, ink,
                           False, MEETINGS)  # fmt: skip
    assert read[1].status is RowStatus.REVIEW
    assert read[1].reasons == (
        "pairs 9-16: the traveller's other lines have 7-14 on line 2 (the order the board "
        "is played), posterior 0.926",
    )


def test_line_prior_weighs_only_where_a_meeting_is_expected():
    readings: PairReadings = (((7, 14), 0.985), ((1, 14), 0.015))
    assert line_prior(readings, None) == readings
    assert line_prior(readings, (7, 14)) == (((7, 14), 0.985), ((1, 14), 0.015 * OFF_LINE))


def test_a_row_whose_best_another_row_reads_for_certain_is_read_as_the_meeting_left():
    """Line 2 holds 7-14 and reads 9-16 at 0.55, 7-14 at 0.45; line 4 reads 9-16 for
    certain, so ``played_once`` sends line 2 to a person ("pair 9 is on row 4 too").
    Jointly 9-16 is out on line 2: 7-14 reads 1.0 (the digits read 9 at 0.55, no
    certainty overturned), and the row is read 7-14 and accepted. Without the traveller's
    meetings (a printed form's changed pairs) nothing is settled."""
    ink = {
        1: INK[(6, 13)],
        2: (((9, 16), 0.55), ((7, 14), 0.45)),
        3: INK[(8, 15)],
        4: (((9, 16), 1.0),),
    }
    rows = tuple(_row(line, ink[line]) for line in sorted(ink))
    once = played_once(rows, THRESHOLD, ink, False)
    assert once[1].reasons[-1] == "NS pair 9 is on row 4 too (a pair plays a board once)"
    line2 = decoded_jointly(rows, once, THRESHOLD, ink, False, MEETINGS)[1]
    assert line2.status is RowStatus.ACCEPTED and line2.reasons == ()
    assert line2.best is not None and (line2.best.ns_pair, line2.best.ew_pair) == (7, 14)
    assert line2.posterior == pytest.approx(1.0)
    assert decoded_jointly(rows, once, THRESHOLD, ink, False, ())[1] == once[1]
