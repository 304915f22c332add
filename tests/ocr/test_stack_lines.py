"""ocr/stack_lines.py: the order a stack's travellers are filled in, line by line.

Worked by hand on a four-table Mitchell numbered in one series, pairs 1-8 in the QR code
(NS 1-4, EW 5-8). Filled on the NS pairs' lines, board b's line k reads NS k against EW
5 + (k - 1 + b) mod 4: one line down moves NS one place along 1-4 and EW one place along
5-8 (round the four tables). Boards 2, 3, 4 and 6 read for certain give 3 next lines a
seat each: 12 a seat, every one a move of 1.
"""

from __future__ import annotations

from math import gcd

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from ocr.reading import RowStatus
from ocr.stack_lines import line_steps, line_weight
from ocr.stack_pairs import SEAT_CHANGE, weigh_by_stack
from ocr.stack_seats import seats_read
from tests.ocr.test_stack_pairs import THRESHOLD, _page, _row

SECTION = (1, 2, 3, 4, 5, 6, 7, 8)


def _line(board: int, k: int) -> tuple[int, int]:
    return k, 5 + (k - 1 + board) % 4


def _board(board: int, lines: dict[int, tuple[int, int]]):  # type: ignore[no-untyped-def]
    rows = [_row(board, n, ((both, 1.0),)) for n, both in sorted(lines.items())]
    return _page(board, *rows, pairs=SECTION)


def _stack(order: tuple[int, ...] = (1, 2, 3, 4)):  # type: ignore[no-untyped-def]
    """Boards 2, 3, 4, 6 for certain; ``order`` the line each table wrote on (1, 2, 3, 4:
    the NS pairs' lines)."""
    return [_board(b, {order[k - 1]: _line(b, k) for k in range(1, 5)}) for b in (2, 3, 4, 6)]


def test_a_stack_filled_on_the_ns_pairs_lines_moves_one_place_a_line() -> None:
    stack = _stack()
    steps = line_steps(stack, seats_read(stack), SECTION)
    assert steps.seats == ((1, 2, 3, 4), (5, 6, 7, 8))
    assert steps.steps == (1, 1)


def test_a_stack_filled_in_round_order_shows_its_own_steps() -> None:
    """A Mitchell's traveller filled round by round: board s's round r is played at table
    s - r + 1 (boards down a table), whose EW pair then is the one that started at table
    s - 2r + 2 (EW up a table). One line down: NS back one place (a move of 3 round the
    four tables), EW back two (a move of 2)."""

    def round_line(s: int, r: int) -> tuple[int, int]:
        return 1 + (s - r) % 4, 5 + (s - 2 * r + 1) % 4

    stack = [_board(s, {r: round_line(s, r) for r in range(1, 5)}) for s in (1, 2, 3, 4)]
    assert line_steps(stack, seats_read(stack), SECTION).steps == (3, 2)


def test_travellers_filled_in_no_order_show_no_step() -> None:
    """Lines 1, 3, 2, 4 taken by tables 1-4: NS moves +2, -1, +2 on every board (3, 2
    round the table): 4 of 12 moves of 3 against 8 of 2, more than a tenth say otherwise."""
    stack = _stack(order=(1, 3, 2, 4))
    assert line_steps(stack, seats_read(stack), SECTION).steps == (None, None)


def test_too_few_lines_show_no_step() -> None:
    """Boards 2 and 3 alone: 6 next lines a seat, under the 10 a step needs."""
    stack = _stack()[:2]
    assert line_steps(stack, seats_read(stack), SECTION).steps == (None, None)


def test_a_line_expects_what_the_other_lines_moved_by_the_step_agree_on() -> None:
    """Board 1: lines 1, 2 and 4 read 1-6, 2-7 and 4-5 for certain. Line 3, NS: 1 moved two
    places, 2 one, 4 back one: 3, 3, 3; EW: 6 two places on, 7 one, 5 back one (round
    5-8): 8, 8, 8. Line 1 from lines 2, 4 (2 back one, 4 back three): 1; EW 7 back one,
    5 back three (round): 6."""
    stack = _stack()
    steps = line_steps(stack, seats_read(stack), SECTION)
    board = _board(1, {1: (1, 6), 2: (2, 7), 4: (4, 5)})
    expected = steps.expected(board)
    assert expected[1] == (1, 6) and expected[2] == (2, 7) and expected[4] == (4, 5)
    doubtful = _row(1, 3, (((3, 8), 0.6), ((4, 8), 0.4)))
    expected = steps.expected(_page(1, *board.rows[:2], doubtful, board.rows[2], pairs=SECTION))
    assert expected[3] == (3, 8)


def test_a_line_whose_other_lines_disagree_expects_nothing() -> None:
    """Line 3 of a board whose line 1 reads 1-6 and line 2 reads 4-7: NS votes 3 and 1 (4
    one place on, round): no number has every vote but a tenth; EW 8, 8."""
    stack = _stack()
    steps = line_steps(stack, seats_read(stack), SECTION)
    board = _board(1, {1: (1, 6), 2: (4, 7), 3: (3, 8)})
    assert steps.expected(board)[3] == (None, 8)


def test_line_weight() -> None:
    assert line_weight((3, 8), (3, 8)) == pytest.approx((1 - SEAT_CHANGE) ** 2)
    assert line_weight((4, 8), (3, 8)) == pytest.approx(SEAT_CHANGE * (1 - SEAT_CHANGE))
    assert line_weight((4, 8), (None, 8)) == pytest.approx(1 - SEAT_CHANGE)
    assert line_weight((4, 8), (None, None)) == 1.0


def _board_one(ns_three: float) -> list:  # type: ignore[type-arg]
    """Board 1's lines 1 and 2 for certain, line 3 reading 3-8 at ``ns_three`` and 4-8 at
    the rest (pairs 4 and 8 on no other line: nothing but the digits, the seats and the
    lines tell them apart)."""
    return [
        _row(1, 1, (((1, 6), 1.0),)),
        _row(1, 2, (((2, 7), 1.0),)),
        _row(
            1, 3, tuple(sorted((((3, 8), ns_three), ((4, 8), 1.0 - ns_three)), key=lambda r: -r[1]))
        ),  # the likeliest first: the best
    ]


def _line_three(order: tuple[int, ...], ns_three: float):  # type: ignore[no-untyped-def]
    out = weigh_by_stack([_page(1, *_board_one(ns_three), pairs=SECTION), *_stack(order)],
                         THRESHOLD)  # fmt: skip
    return out[0].rows[2]


def test_the_line_weighs_the_change_of_seat_price_against_another_number() -> None:
    """The same stack filled in order and with its tables' lines shuffled (1, 3, 2, 4: the
    same rows, seats and couples, no step). Read 0.5 against 0.5 by its digits, line 3's
    odds of 3-8 against 4-8 are 20 (4-8 is a couple board 4 reads, a board of another set:
    0.05) times 19, the line's (1 - SEAT_CHANGE) / SEAT_CHANGE in order: 380 / 381 =
    0.99738, accepted. Shuffled, the line says nothing and the traveller's couples
    (``ocr/stack_couples.py``: lines 1 and 2 hold offset 1, as 3-8 does and 4-8 does not)
    weigh the same 19, and only there: in order the odds are 380, not 380 x 19."""
    shuffled_row = _line_three((1, 3, 2, 4), 0.5)
    ordered_row = _line_three((1, 2, 3, 4), 0.5)
    shuffled, ordered = dict(shuffled_row.pair_readings), dict(ordered_row.pair_readings)
    assert ordered[(3, 8)] / ordered[(4, 8)] == pytest.approx(20 * 19)
    assert shuffled[(3, 8)] / shuffled[(4, 8)] == pytest.approx(20 * 19)
    for row in (shuffled_row, ordered_row):
        assert row.posterior == pytest.approx(380 / 381)
        assert row.status is RowStatus.ACCEPTED


def test_a_number_the_digits_read_plainly_off_the_line_is_not_overruled() -> None:
    """Line 3 written plainly 4-8 (3 at 0.00001): the line's 19 leaves 4-8 the likeliest by
    far, read 4-8, never 3-8. At 0.999 against 0.001 (board 1 then reads 4-8, and board
    4's 4-8 makes it neither twin nor other set: no couple of another board weighs) the
    line in order, and the traveller's couples shuffled, divide the odds by 19: 999 /
    (999 + 19) = 0.981, and the row stays 4-8 and goes to a person rather than be
    accepted or changed."""
    plain = _line_three((1, 2, 3, 4), 0.00001)
    assert (plain.best.ns_pair, plain.best.ew_pair) == (4, 8)  # type: ignore[union-attr]
    assert plain.status is RowStatus.ACCEPTED
    for order in ((1, 2, 3, 4), (1, 3, 2, 4)):
        row = _line_three(order, 0.001)
        assert (row.best.ns_pair, row.best.ew_pair) == (4, 8)  # type: ignore[union-attr]
        assert row.status is RowStatus.REVIEW
        assert row.reasons[-1] == "pairs 4-8: posterior with the stack 0.981 below the threshold"


def test_a_number_the_section_lacks_takes_no_place() -> None:
    """Board 5 reads line 2 as 2-72 for certain (a misread 7): with the section's pairs
    listed, 72 is no pair of EW's and EW still moves one place a line along 5-8 (12 moves
    of 1 and board 5's 8 -> 5 round the four: 13 of 13; its 6 -> 72 -> 8 count for no
    move). Without the list, 72
    is a sixth EW place: 5 -> 6 is a move of 1, 8 -> 5 round five places a move of 2."""
    stack = [*_stack(), _board(5, {1: (1, 6), 2: (2, 72), 3: (3, 8), 4: (4, 5)})]
    steps = line_steps(stack, seats_read(stack), SECTION)
    assert steps.seats == ((1, 2, 3, 4), (5, 6, 7, 8)) and steps.steps == (1, 1)
    unlisted = line_steps(stack, seats_read(stack), None)
    assert unlisted.seats[1] == (5, 6, 7, 8, 72) and unlisted.steps == (1, None)


@given(
    tables=st.integers(3, 9),
    boards=st.integers(4, 7),
    ns_step=st.integers(1, 8),
    ew_step=st.integers(1, 8),
    shift=st.integers(0, 8),
)
def test_any_stack_filled_in_one_order_shows_its_steps_and_every_line_its_pairs(
    tables: int, boards: int, ns_step: int, ew_step: int, shift: int
) -> None:
    """Whatever the tables and steps (each seat's step prime to the tables, so a traveller
    seats every pair once), a stack read for certain whose lines move NS ``ns_step`` and
    EW ``ew_step`` places shows those steps, and every line of every board expects the
    pairs it reads: the order is the stack's own, never assumed."""
    assume(gcd(ns_step % tables, tables) == 1 and gcd(ew_step % tables, tables) == 1)
    assume(boards * (tables - 1) >= 10)
    section = tuple(range(1, 2 * tables + 1))

    def line(board: int, k: int) -> tuple[int, int]:
        ns = 1 + (board + ns_step * (k - 1)) % tables
        return ns, tables + 1 + (shift * board + ew_step * (k - 1)) % tables

    stack = [
        _page(
            b, *[_row(b, k, ((line(b, k), 1.0),)) for k in range(1, tables + 1)], pairs=section
        )  # fmt: skip
        for b in range(1, boards + 1)
    ]
    steps = line_steps(stack, seats_read(stack), section)
    assert steps.steps == (ns_step % tables, ew_step % tables)
    for page in stack:
        assert page.board is not None
        assert steps.expected(page) == {k: line(page.board, k) for k in range(1, tables + 1)}


GAPPED = (1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13)
"""A six-table Mitchell whose QR code lists no pair 4 (NS 1, 2, 3, 5, 6, 7; EW 8-13)."""


def _gapped_line(board: int, k: int) -> tuple[int, int]:
    """Filled on the NS pairs' lines: line k is NS pair k (line 4 stays blank), its EW pair
    one place further along 8-13 for each NS place and each board."""
    place = (1, 2, 3, 5, 6, 7).index(k)
    return k, 8 + (place + board) % 6


def test_a_section_with_a_gap_expects_no_number_across_the_blank_line() -> None:
    """Next lines move one place (1 -> 2 -> 3, 5 -> 6 -> 7: 4 moves a traveller, 16 over
    boards 1-4), but line 5 is NS pair 5 at place 3, not place 4 (pair 6) as line 1 moved
    four places says. A traveller whose lines 1, 2, 3 alone are read for certain must not
    expect pair 6 on line 5: every two lines of a traveller, not next ones only, show the
    order (9 of the 15 two-line moves cross the gap), so no step is shown here."""
    stack = [
        _page(
            b, *[_row(b, k, ((_gapped_line(b, k), 1.0),)) for k in (1, 2, 3, 5, 6, 7)], pairs=GAPPED
        )  # fmt: skip
        for b in (1, 2, 3, 4)
    ]
    steps = line_steps(stack, seats_read(stack), GAPPED)
    board = _page(5, *[_row(5, k, ((_gapped_line(5, k), 1.0),)) for k in (1, 2, 3)],
                  _row(5, 5, (((6, 8), 0.5), ((5, 8), 0.5))), pairs=GAPPED)  # fmt: skip
    assert steps.expected(board)[5][0] in (None, 5)
    assert steps.steps == (None, None)


def test_a_seat_whose_lines_all_read_one_number_shows_no_step() -> None:
    """A pair plays a board once: a stack whose every line reads NS 1 (a club writing its
    table's number where the pair's goes, or a misread for certain) moves no place a line,
    and a step of none would expect NS 1 on every line, a number the traveller's other
    lines already hold. No step is shown; EW, filled in order, keeps its own."""
    stack = [_board(b, {k: (1, _line(b, k)[1]) for k in range(1, 5)}) for b in (2, 3, 4, 6)]
    steps = line_steps(stack, seats_read(stack), None)
    assert steps.seats[0] == (1,) and steps.steps == (None, 1)


def test_a_traveller_filled_from_the_bottom_leaves_the_stack_its_step() -> None:
    """Board 7 filled from the bottom (table k on line 5 - k): its 3 next lines move NS
    and EW 3 places each (back one), so the stack's moves are 12 of 1 and 3 of 3, a fifth
    otherwise. The traveller shows an order of its own (all 3 by one step) and is left
    out: 12 of 12, step 1. Its own lines, moved by the stack's step, disagree (lines 1
    and 3, NS 4 and 2, put NS 1 on line 2, and line 4, NS 1, puts NS 3 there: a third
    says otherwise): it expects nothing."""
    stack = [*_stack(), _board(7, {5 - k: _line(7, k) for k in range(1, 5)})]
    steps = line_steps(stack, seats_read(stack), SECTION)
    assert steps.steps == (1, 1)
    assert set(steps.expected(stack[-1]).values()) == {(None, None)}
    assert steps.expected(stack[0])[2] == _line(2, 2)


SIX_TABLES = tuple(range(1, 13))
"""A six-table Mitchell numbered in one series: NS 1-6, EW 7-12."""


def _six_line(board: int, k: int) -> tuple[int, int]:
    """Filled on the NS pairs' lines: line k is NS pair k against EW 7 + (k - 1 + board)
    mod 6, one place further along 7-12 each line down (round the six tables)."""
    return k, 7 + (k - 1 + board) % 6


def _six_board(board: int, lines: dict[int, tuple[int, int]]):  # type: ignore[no-untyped-def]
    rows = [_row(board, n, ((both, 1.0),)) for n, both in sorted(lines.items())]
    return _page(board, *rows, pairs=SIX_TABLES)


def test_one_misread_line_of_six_leaves_the_others_their_expected_pairs() -> None:
    """Boards 2, 3, 4 read for certain: 5 next lines a seat each, 15 moves of 1 (step 1,
    1). Board 1 reads 1-8, 2-9, 3-10, 4-12, 5-12, 6-7 for certain: line 4's 11 misread
    as 12. Line 3's EW votes, each line's number moved by its distance: 8 two places on,
    9 one, 12 back one (11), 12 back two (10), 7 back three round 7-12 (10): four 10s and
    one 11, a fifth otherwise, within a quarter (as ``ocr/meeting_lines.py``'s lines):
    10. Under a tenth one misread line of six took the order from every line of the
    traveller (TRAINING stand-in, held-out-real seed 13, read without the event: 37 rows
    of ordinary's 297 to a person, 32 with a quarter). Line 4 expects its written 11,
    which its ink, read for certain, overrules (as in the test of a number the digits
    read plainly off the line). Line 5's 12 misread as 8 too: line 3 has three 10s of
    five, two otherwise, and expects no EW number."""
    stack = [_six_board(b, {k: _six_line(b, k) for k in range(1, 7)}) for b in (2, 3, 4)]
    steps = line_steps(stack, seats_read(stack), SIX_TABLES)
    assert steps.seats == ((1, 2, 3, 4, 5, 6), (7, 8, 9, 10, 11, 12))
    assert steps.steps == (1, 1)
    one_misread = {**{k: _six_line(1, k) for k in range(1, 7)}, 4: (4, 12)}
    expected = steps.expected(_six_board(1, one_misread))
    assert expected[3] == (3, 10)
    assert expected[4] == (4, 11)
    two_misread = {**one_misread, 5: (5, 8)}
    assert steps.expected(_six_board(1, two_misread))[3] == (3, None)
