"""ocr/stack_couples.py: the couples a stack's travellers hold, on whatever line.

Worked by hand on the four-table stack of ``test_stack_lines`` (pairs 1-8 in the QR code,
NS 1-4, EW 5-8): board b's table k plays NS k against EW 5 + (k - 1 + b) mod 4, so a
couple's EW place less its NS place is b mod 4 on every row, whatever line it is on:
slope 1, board b's offset b mod 4.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace

import pytest

from ocr.layout import EW_PAIR_WRITTEN, NS_PAIR_WRITTEN
from ocr.reading import Candidate, Crop, FieldReading, PageRef, RowReading, RowStatus
from ocr.stack_couples import CoupleSlope, couple_slope, couple_weight
from ocr.stack_lines import LineSteps, line_steps, seat_places
from ocr.stack_pairs import SEAT_CHANGE, _weigh_page, weigh_by_stack
from ocr.stack_seats import seats_read
from ocr.twin_pairs import SetCouples
from scoring.movements.mitchell import EvenTables, mitchell
from tests.ocr.test_stack_lines import (
    SECTION,
    SIX_TABLES,
    _board,
    _line,
    _six_board,
    _six_line,
    _stack,
)
from tests.ocr.test_stack_pairs import THRESHOLD, _page, _row

SHUFFLED = (1, 3, 2, 4)
"""Tables 2 and 3 on each other's lines: on every board 4 of 12 next lines move
otherwise, and the stack shows no line step (``test_stack_lines``)."""


def _slope(stack):  # type: ignore[no-untyped-def]
    return couple_slope(stack, *seat_places(seats_read(stack), SECTION))


def test_a_stack_in_no_line_order_shows_its_slope_and_each_board_its_offset() -> None:
    stack = _stack(SHUFFLED)
    assert line_steps(stack, seats_read(stack), SECTION).steps == (None, None)
    slope = _slope(stack)
    assert slope.seats == ((1, 2, 3, 4), (5, 6, 7, 8)) and slope.slope == 1
    assert [slope.offset(_line(b, 3)) for b in (2, 3, 4, 6)] == [2, 3, 0, 2]
    assert slope.offset((3, 72)) is None  # 72 has no place


def test_a_real_mitchell_shows_a_slope_of_two_and_a_skip_or_a_relay_none() -> None:
    """``scoring.movements.mitchell``: NS pair k stationary at table k, EW up a table and
    boards down one a round, so set s meets EW place 2k - s against NS place k (round the
    tables): a 7-table Mitchell's boards 1, 3, 5, 7 (sets 1-4, one a set), each filled from
    the bottom, show slope 2 on all 28 rows. An 8-table Mitchell changes its rule halfway
    (a skip after four rounds; a relay's shared set and bye stand): on its boards 1, 3, 5
    and 7 each slope prime to 8 (1, 3, 5, 7) holds 8 of the 32 rows, a quarter, and none
    is shown."""

    def stack(movement, boards):  # type: ignore[no-untyped-def]
        meetings = defaultdict(list)
        for e in movement.entries:
            for b in e.boards:
                meetings[b].append((e.ns, e.ew))
        pairs = tuple(sorted({p for m in meetings.values() for c in m for p in c}))
        return [
            _page(
                b,
                *[_row(b, 16 - k, ((c, 1.0),)) for k, c in enumerate(meetings[b], 1)],
                pairs=pairs,
            )  # fmt: skip
            for b in boards
        ], pairs

    odd, pairs = stack(mitchell(7, 2), (1, 3, 5, 7))
    assert couple_slope(odd, *seat_places(seats_read(odd), pairs)).slope == 2
    for even in (EvenTables.SKIP, EvenTables.RELAY):
        pages, pairs = stack(mitchell(8, 2, even=even), (1, 3, 5, 7))
        assert couple_slope(pages, *seat_places(seats_read(pages), pairs)).slope is None


def test_too_few_rows_read_for_certain_show_no_slope() -> None:
    """Boards 2 and 3 alone: 8 rows, under the 10 a slope needs. A traveller of two rows
    read for certain does not count (its most common offset is either's, whatever the
    slope): boards 2, 3 and four travellers of two rows show none either."""
    assert _slope(_stack(SHUFFLED)[:2]).slope is None
    twos = [_board(b, {1: _line(b, 1), 2: _line(b, 2)}) for b in (4, 5, 6, 7)]
    assert _slope([*_stack(SHUFFLED)[:2], *twos]).slope is None


def test_one_misread_row_of_six_is_outvoted_and_two_leave_nothing_expected() -> None:
    """The six-table section of ``test_stack_lines`` (NS 1-6, EW 7-12; board b's table k
    plays k against 7 + (k - 1 + b) mod 6: slope 1, offset b mod 6), boards 2, 3, 4 read
    for certain with their lines in no order, and board 1 (offset 1) reading 1-8, 2-9,
    3-10, 4-12, 5-12, 6-7 for certain: line 4's 11 misread as 12 (offset 5 - 3 = 2). The
    stack's rows hold their offsets but that one, 23 of 24: slope 1. Line 3's other lines
    vote 1, 1, 2, 1, 1: a fifth otherwise, within a quarter (``agreed``), 1. Line 5's 12
    misread as 8 too (offset 1 - 4 = 3): line 3 has 1, 1, 2, 3, 1, two fifths otherwise,
    and expects nothing."""
    shuffled = (2, 5, 1, 6, 3, 4)
    stack = [_six_board(b, {shuffled[k - 1]: _six_line(b, k) for k in range(1, 7)})
             for b in (2, 3, 4)]  # fmt: skip
    one_misread = {**{k: _six_line(1, k) for k in range(1, 7)}, 4: (4, 12)}
    board = _six_board(1, one_misread)
    slope = couple_slope([*stack, board], *seat_places(seats_read([*stack, board]), SIX_TABLES))
    assert slope.slope == 1
    assert slope.expected(board)[3] == 1
    assert slope.expected(board)[4] == 1  # its own 12 is outvoted: its ink decides
    assert slope.expected(_six_board(1, {**one_misread, 5: (5, 8)}))[3] is None


def test_couple_weight() -> None:
    slope = _slope(_stack(SHUFFLED))
    assert couple_weight((3, 8), slope, 1) == pytest.approx(1 - SEAT_CHANGE)
    assert couple_weight((4, 8), slope, 1) == pytest.approx(SEAT_CHANGE)
    assert couple_weight((3, 72), slope, 1) == pytest.approx(SEAT_CHANGE)
    assert couple_weight((4, 8), slope, None) == 1.0


def _line_three(order: tuple[int, ...], three: tuple[tuple[int, int], float]):  # type: ignore[no-untyped-def]
    """Board 1 (offset 1) read 1-6 and 2-7 for certain, line 3 reading ``three`` at its
    weight and 3-8 at the rest (nothing else tells them apart but the stack)."""
    other, q = three
    row = _row(1, 3, tuple(sorted(((other, q), ((3, 8), 1.0 - q)), key=lambda r: -r[1])))
    board = _page(1, _row(1, 1, (((1, 6), 1.0),)), _row(1, 2, (((2, 7), 1.0),)), row,
                  pairs=SECTION)  # fmt: skip
    return weigh_by_stack([board, *_stack(order)], THRESHOLD)[0].rows[2]


def test_a_doubtful_row_off_the_line_order_is_read_by_its_couple() -> None:
    """Line 3 reads 3-7 at 0.6 and 3-8 at 0.4 on a stack in no line order. 3-7 is offset
    0, 3-8 offset 1, which lines 1 and 2 hold: odds of 3-8 0.4 x 0.95 against 0.6 x 0.05,
    and 3-7's 7 is line 2's too (a pair plays a board once, 2-7 read for certain): 3-8
    for certain, settled and accepted. 3-7 read 0.999 (a plain 7) is never settled
    otherwise, and goes to a person with its pair clash."""
    settled = _line_three(SHUFFLED, ((3, 7), 0.6))
    assert (settled.best.ns_pair, settled.best.ew_pair) == (3, 8)  # type: ignore[union-attr]
    assert settled.status is RowStatus.ACCEPTED


def test_a_couple_read_plainly_is_kept_and_a_doubt_between_two_couples_decided() -> None:
    """Line 3 reads 4-8 at 0.6 and 3-8 at 0.4 (an NS 3 that could be a 4), no line order.
    4-8 is a couple board 4 reads (another set: 0.05) and offset 0 (0.05); 3-8 offset 1
    (0.95): odds of 3-8 0.4 x 0.95 / (0.6 x 0.05 x 0.05) = 253.3, 253.3 / 254.3 =
    0.99607, settled to 3-8 and accepted (as the line in order would be). Read 4-8 at
    0.999 (a plain 4; board 1 then reads 4-8 for certain, and board 4 is neither its twin
    nor of another set: only the offset weighs), the odds of 4-8 are 0.999 x 0.05 against
    0.001 x 0.95: 0.04995 / 0.0509 = 0.98134, kept and sent to a person, never changed; at
    0.9999 it keeps 0.049995 / 0.05009 = 0.99810 with the stack, accepted as read."""
    settled = _line_three(SHUFFLED, ((4, 8), 0.6))
    assert (settled.best.ns_pair, settled.best.ew_pair) == (3, 8)  # type: ignore[union-attr]
    assert settled.posterior == pytest.approx(0.4 * 0.95 / (0.4 * 0.95 + 0.6 * 0.05 * 0.05))
    assert settled.status is RowStatus.ACCEPTED
    doubted = _line_three(SHUFFLED, ((4, 8), 0.999))
    assert (doubted.best.ns_pair, doubted.best.ew_pair) == (4, 8)  # type: ignore[union-attr]
    assert doubted.status is RowStatus.REVIEW
    assert doubted.reasons[-1] == "pairs 4-8: posterior with the stack 0.981 below the threshold"
    plain = _line_three(SHUFFLED, ((4, 8), 0.9999))
    assert (plain.best.ns_pair, plain.best.ew_pair) == (4, 8)  # type: ignore[union-attr]
    assert plain.status is RowStatus.ACCEPTED and not plain.reasons


def _one_seat_line(ew: tuple[tuple[int, float], ...]):  # type: ignore[no-untyped-def]
    """Board 1 (offset 1) of the line-order stack read 1-6 and 2-7 for certain, line 3
    reading NS 3 for certain and its EW as ``ew``; weighed by a stack whose NS lines show
    a step and whose EW lines none (a third of its travellers off their line: the EW
    next lines hold the step but lines further apart fail its tenth), with slope 1. No
    twin says anything (the couples the other boards read are left out)."""
    stack = _stack()
    seats = seats_read(stack)
    places = seat_places(seats, SECTION)[0]
    row = _row(1, 3, tuple(((3, e), q) for e, q in ew))
    board = _page(1, _row(1, 1, (((1, 6), 1.0),)), _row(1, 2, (((2, 7), 1.0),)), row,
                  pairs=SECTION)  # fmt: skip
    weighed = _weigh_page(board, seats, SetCouples(), THRESHOLD, LineSteps(places, (1, None)),
                          CoupleSlope(places, 1))  # fmt: skip
    return weighed.rows[2]


def test_a_line_that_expects_one_seat_leaves_the_other_to_the_couple() -> None:
    """Line 3 expects NS 3 (lines 1 and 2, a step down) and no EW; its other rows hold
    offset 1, so 3-8 (EW place 3 less NS place 2) has it and 3-5 (place 0: offset 2) not.
    Both readings have the line's 3 (0.95) and sit in their seats (0.95 each, alike);
    their couples weigh 0.95 and 0.05. Read 3-8 at 0.93 and 3-5 at 0.07: 0.93 x 0.95
    against 0.07 x 0.05, 0.8835 / 0.887 = 0.99605, accepted (the line alone left it at
    0.93). Read the other way, 3-5 at 0.93: 0.0465 against 0.0665, 3-8 likelier at
    0.0665 / 0.113 = 0.58850, far under the threshold: kept as read and sent to a person,
    never changed."""
    settled = _one_seat_line(((8, 0.93), (5, 0.07)))
    assert (settled.best.ns_pair, settled.best.ew_pair) == (3, 8)  # type: ignore[union-attr]
    assert settled.posterior == pytest.approx(0.8835 / 0.887)
    assert settled.status is RowStatus.ACCEPTED and not settled.reasons
    doubted = _one_seat_line(((5, 0.93), (8, 0.07)))
    assert (doubted.best.ns_pair, doubted.best.ew_pair) == (3, 5)  # type: ignore[union-attr]
    assert doubted.status is RowStatus.REVIEW
    assert doubted.reasons[-1] == (
        "pairs 3-5: the stack makes 3-8 likelier (posterior with the stack 0.412)"
    )


TWELVE = tuple(range(1, 25))
"""A twelve-table section, NS 1-12 and EW 13-24; board 1 (offset 0) plays NS k against EW
12 + k, on line k. Weighed by a stack whose lines step one place in each seat, slope 1."""


def _weigh_twelve(rows: dict[int, tuple[tuple[tuple[int, int], float], ...]],
                  *more: RowReading):  # type: ignore[no-untyped-def]  # fmt: skip
    """Board 1 of the twelve-table section, each line k up to 11 or 12 reading k-(12 + k)
    for certain but those ``rows`` reads otherwise, and ``more``: the page, and the page
    weighed by the stack (seats unknown, no twin)."""
    tables = 12 if 12 in rows else 11
    read = [_row(1, k, rows.get(k, (((k, 12 + k), 1.0),))) for k in range(1, tables + 1)]
    page = _page(1, *read, *more, pairs=TWELVE)
    places = (tuple(range(1, 13)), tuple(range(13, 25)))
    weighed = _weigh_page(page, seats_read([]), SetCouples(), THRESHOLD,
                          LineSteps(places, (1, 1)), CoupleSlope(places, 1))  # fmt: skip
    return page, weighed


def _swapped_board():  # type: ignore[no-untyped-def]
    """Board 1 played at all twelve tables, tables 3 and 4 on each other's lines, each
    read at 0.99 (line 3: 4-16, or 3-16 at 0.01; line 4: 3-15, or 4-15)."""
    return _weigh_twelve({3: (((4, 16), 0.99), ((3, 16), 0.01)),
                          4: (((3, 15), 0.99), ((4, 15), 0.01)),
                          12: (((12, 24), 1.0),)})  # fmt: skip


def test_two_tables_on_each_other_s_lines_are_weighed_by_the_line_alone() -> None:
    """Lines 3 and 4 expect 3-15 and 4-16 (the other lines, 1 of 11 saying otherwise). Line
    3's 4-16 breaks both numbers: 0.99 x 0.05 x 0.05 = 0.002475; its 3-16 keeps the NS
    (0.95 x 0.05): 0.000475; line 4 alike. A pair plays a board once: 4-16 goes with 3-15,
    3-16 with 4-15, so line 3 reads 4-16 at 0.002475^2 / (0.002475^2 + 0.000475^2) =
    0.96447, and goes to a person (placed_weight's dropped rule, one change times the
    couple, would make it 0.999898)."""
    _, weighed = _swapped_board()
    for row, both in zip(weighed.rows[2:4], ((4, 16), (3, 15)), strict=True):
        assert (row.best.ns_pair, row.best.ew_pair) == both  # type: ignore[union-attr]
        assert row.posterior == pytest.approx(0.002475**2 / (0.002475**2 + 0.000475**2))
        assert row.status is RowStatus.REVIEW


def _stray(ns: str, ew: str) -> RowReading:
    """Line 13 of the traveller: stray ink, its pair combs reading ``ns`` and ``ew``, its
    readings two couples of pair 12 (line 12 left blank), 12-24 at 0.8."""
    combs = tuple(
        FieldReading(
            13,
            name,
            value,
            (Candidate(value, 1.0),),
            Crop(PageRef("page_0001.jpg"), (0.0, 0.0, 1.0, 1.0)),
        )
        for name, value in ((NS_PAIR_WRITTEN, ns), (EW_PAIR_WRITTEN, ew))
    )
    return replace(_row(1, 13, (((12, 24), 0.8), ((12, 15), 0.2))), fields=combs)


def _eleven_lines(*more: RowReading):  # type: ignore[no-untyped-def]
    """Board 1 played at tables 1-11, line 3 reading 3-15 at 0.9 or 3-24 at 0.1."""
    return _weigh_twelve({3: (((3, 15), 0.9), ((3, 24), 0.1))}, *more)


def test_a_row_with_no_number_written_is_left_out_of_the_joint_decoding() -> None:
    """Line 13 (past the twelve tables; the line wraps to line 1's 1-13) holds stray ink,
    both pair combs blank: its flat readings say nothing of its pairs and are left out,
    so line 3 weighs as without it, and it is kept as it was read. Were its combs to read
    a number, it would stay in the decoding: its 12-24 would leave 24 to no other row and
    its 12-15 15, and line 3's odds would move."""
    _, alone = _eleven_lines()
    page, weighed = _eleven_lines(_stray("", ""))
    assert weighed.rows[:-1] == alone.rows
    assert weighed.rows[-1] is page.rows[-1]
    _, written = _eleven_lines(_stray("12", "24"))
    assert written.rows[2].posterior != pytest.approx(alone.rows[2].posterior, abs=1e-9)
