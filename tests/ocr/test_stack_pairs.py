"""ocr/stack_pairs.py: handwritten pair numbers weighed against the stack of travellers.

Every number below is worked by hand. The stack: a blank generic form's session of two
tables, pairs 1-4 in the QR code (a Mitchell numbered in one series: NS 1 and 2, EW 3
and 4). Boards 2 and 3 read their pairs for certain: 1-3 and 2-4, then 1-4 and 2-3. So
pairs 1 and 2 sit NS on two other rows each, 3 and 4 EW: the stack keeps seats, and a
pair sits in its seat with 1 - SEAT_CHANGE = 0.95, in the other with 0.05.

On board 1, two rows are written; the section has four pairs, so every pair plays it once.
The traveller's rows are decoded jointly (``ocr/traveller_pairs.py``): a reading of every
row, weighed by its digits times the stack's prior, where no pair is on two rows. Where
board 1 reads 1-3 and 2-4 for certain enough (0.8), board 2 (1-3, 2-4) is its twin: a
board of the same set, played by the same couples (``ocr.twin_pairs.twin_couples``), and a
reading that seats one of those pairs with another opponent weighs 0.05 more.
"""

from __future__ import annotations

import pytest

from ocr.qrpayload import QrPayload
from ocr.reading import Crop, PageReading, PageRef, RowReading, RowResult, RowStatus
from ocr.stack import finish_batch
from ocr.stack_pairs import SEAT_CHANGE, _Stack, seats_read, weigh_by_stack
from scoring.contract import Contract, Seat, Strain

THRESHOLD = 0.995
FOUR_HEARTS = Contract(4, Strain.HEARTS)


def _row(board: int, number: int, readings: tuple[tuple[tuple[int, int], float], ...],
         contract_p: float = 1.0) -> RowReading:  # fmt: skip
    """A row whose best reading is its first pair reading, its contract certain unless
    told: the posterior is the contract's probability times the pairs'."""
    ref = PageRef(f"page_{board:04d}.jpg")
    (ns, ew), q = readings[0]
    posterior = contract_p * q
    accepted = posterior >= THRESHOLD
    return RowReading(
        ref, number, None, (), RowResult(ns, ew, False, FOUR_HEARTS, Seat.SOUTH, 10, None),
        posterior, (), RowStatus.ACCEPTED if accepted else RowStatus.REVIEW,
        () if accepted else (f"posterior {posterior:.3f} below {THRESHOLD}",),
        Crop(ref, (0.0, 0.0, 1.0, 1.0)), None, readings,
    )  # fmt: skip


def _page(board: int, *rows: RowReading, pairs: tuple[int, ...] | None = (1, 2, 3, 4)):
    qr = QrPayload(board, pairs=pairs)
    return PageReading(PageRef(f"page_{board:04d}.jpg"), board, "qr", qr, 0, rows)


def _others(pairs: tuple[int, ...] | None = (1, 2, 3, 4)) -> list[PageReading]:
    return [
        _page(2, _row(2, 1, (((1, 3), 1.0),)), _row(2, 2, (((2, 4), 1.0),)), pairs=pairs),
        _page(3, _row(3, 1, (((1, 4), 1.0),)), _row(3, 2, (((2, 3), 1.0),)), pairs=pairs),
    ]


def test_the_stack_keeps_seats():
    seats = seats_read(_others())
    assert seats.keeps_seats(1)
    assert seats.elsewhere(1, 1) == (2, 0) and seats.elsewhere(1, 4) == (0, 2)
    assert seats.elsewhere(2, 1) == (1, 0)  # board 2's own row is not "elsewhere"


def test_a_number_s_home_seat_elsewhere_is_worked_out_once_a_page():
    seats = seats_read(_others())
    stack = _Stack(seats, keeps_seats=True, one_series=True)
    # boards 2 and 3 read pairs 1 and 2 NS, pairs 3 and 4 EW
    assert [stack.home(1, pair) for pair in (1, 4, 2, 3)] == [0, 1, 0, 1]
    assert stack.homes == {(1, 1): 0, (1, 4): 1, (1, 2): 0, (1, 3): 1}
    assert stack.home(2, 1) is None  # on the boards but 2, pair 1 is read once: too few
    assert _Stack(seats, keeps_seats=False, one_series=True).home(1, 1) is None


def test_a_row_the_stack_agrees_with_is_accepted():
    """Row 1 reads 1-3 at 0.90, 2-3 at 0.06, 4-3 at 0.04; row 2 reads 2-4 at 0.95, 1-4
    at 0.05. Seats: 1-3, 2-3, 2-4, 1-4 0.95 x 0.95 = 0.9025; 4-3 (pair 4 sits EW on two
    other rows) 0.05 x 0.95 = 0.0475. Twin board 2 read 1-3 and 2-4: 2-3, 4-3 and 1-4 seat
    one of its pairs with another opponent, x 0.05. Weights: row 1 1-3 0.81225, 2-3
    0.06 x 0.9025 x 0.05 = 0.0027075, 4-3 0.04 x 0.0475 x 0.05 = 0.000095; row 2 2-4
    0.857375, 1-4 0.05 x 0.9025 x 0.05 = 0.00225625. The joint readings that seat no pair
    twice: (1-3, 2-4) 0.81225 x 0.857375 = 0.6963988..., (2-3, 1-4) 0.0027075 x
    0.00225625 = 0.0000061088...; 4-3 clashes with both readings of row 2 (pair 4)."""
    first = _row(1, 1, (((1, 3), 0.90), ((2, 3), 0.06), ((4, 3), 0.04)))
    second = _row(1, 2, (((2, 4), 0.95), ((1, 4), 0.05)))
    out = weigh_by_stack([_page(1, first, second), *_others()], THRESHOLD)
    row = out[0].rows[0]
    assert row.status is RowStatus.ACCEPTED and row.reasons == ()
    kept, swapped = 0.81225 * 0.857375, 0.0027075 * 0.00225625
    assert row.posterior == pytest.approx(kept / (kept + swapped))
    assert dict(row.pair_readings)[(4, 3)] == 0.0


def test_the_contract_s_share_is_kept():
    """The same row with its contract at 0.99: 0.99 x 0.6963988 / 0.6964049 = 0.98999,
    below 0.995: still in review, with the posterior it has now."""
    first = _row(1, 1, (((1, 3), 0.90), ((2, 3), 0.06), ((4, 3), 0.04)), contract_p=0.99)
    second = _row(1, 2, (((2, 4), 0.95), ((1, 4), 0.05)))
    out = weigh_by_stack([_page(1, first, second), *_others()], THRESHOLD)
    row = out[0].rows[0]
    assert row.status is RowStatus.REVIEW
    kept, swapped = 0.81225 * 0.857375, 0.0027075 * 0.00225625
    assert row.posterior == pytest.approx(0.99 * kept / (kept + swapped))
    assert row.reasons == ("posterior 0.990 below 0.995",)


def test_two_rows_that_share_one_doubt_are_no_surer_than_their_digits():
    """A traveller alone (no other board: no seats, 1/2 x 1/2 for every reading; no
    twin), section 1-6, three rows written: every pair plays. Row 1 reads 1-4 at 0.9 or
    5-4 at 0.1, row 2 5-6 at 0.9 or 1-6 at 0.1 (a 1 and a 5 each could be the other),
    row 3 2-3 for certain. The joint readings: (1-4, 5-6) 0.81, (5-4, 1-6) 0.01; the
    others seat 1 or 5 twice. Row 1's 1-4: 0.81 / 0.82 = 0.98780, in review: the two rows'
    doubt is one doubt. Weighed by row 2's own digits apart (and by row 2's 1-6 at 0.1
    as the only row that could seat pair 1), row 1's 1-4 read 0.9986 and was accepted."""
    rows = (
        _row(1, 1, (((1, 4), 0.9), ((5, 4), 0.1))),
        _row(1, 2, (((5, 6), 0.9), ((1, 6), 0.1))),
        _row(1, 3, (((2, 3), 1.0),)),
    )
    page = weigh_by_stack([_page(1, *rows, pairs=(1, 2, 3, 4, 5, 6))], THRESHOLD)[0]
    assert page.rows[0].status is RowStatus.REVIEW
    assert page.rows[0].posterior == pytest.approx(0.81 / 0.82)
    assert page.rows[1].posterior == pytest.approx(0.81 / 0.82)


def test_an_accepted_row_the_stack_contradicts_goes_to_a_person():
    """Row 1 reads 3-1 at 0.997 (accepted on its digits), 1-3 at 0.003; row 2 reads 2-4
    for certain. 3-1 seats pair 3 NS and pair 1 EW, each in the seat the stack does not
    show: 0.05 x 0.05 = 0.0025; 1-3: 0.9025. Row 2 seats neither 1 nor 3 (free 1), and
    both readings take the same two pairs (1 / (0.05 x 0.05) = 400 each). 3-1: 0.997 x
    0.0025 x 400 = 0.997; 1-3: 0.003 x 0.9025 x 400 = 1.083: the stack makes 1-3 likelier,
    and 3-1 keeps 0.997 / 2.08."""
    first = _row(1, 1, (((3, 1), 0.997), ((1, 3), 0.003)))
    second = _row(1, 2, (((2, 4), 1.0),))
    out = weigh_by_stack([_page(1, first, second), *_others()], THRESHOLD)
    row = out[0].rows[0]
    assert row.status is RowStatus.REVIEW
    assert row.reasons == (
        f"pairs 3-1: pair 3 sits EW on 2 other rows of this stack (posterior with the "
        f"stack {0.997 / 2.08:.3f})",
    )
    assert row.best == first.best  # the digits' reading is kept, never replaced


def test_a_change_of_seats_written_plainly_stays_accepted():
    """The pairs sat the wrong way round and wrote 3-1 plainly: 0.99999 against 0.00001
    for 1-3. 3-1: 0.99999 x 0.0025 x 400 = 0.99999; 1-3: 0.00001 x 0.9025 x 400 =
    0.00361; 0.99999 / 1.0036 = 0.99640, at or above 0.995: the digits outweigh the
    stack's belief that pairs keep their seats, priced at SEAT_CHANGE."""
    assert SEAT_CHANGE == 0.05
    first = _row(1, 1, (((3, 1), 0.99999), ((1, 3), 0.00001)))
    second = _row(1, 2, (((2, 4), 1.0),))
    out = weigh_by_stack([_page(1, first, second), *_others()], THRESHOLD)
    assert out[0].rows[0] == first


def test_a_stack_whose_pairs_change_seats_gives_no_seat_prior():
    """A Howell: pair 1 sits NS on board 2 and EW on board 3 (1-3, 2-4; 3-1, 4-2), so no
    number keeps a seat (half of the readings in the less usual one) and every seat
    weighs 1/2 x 1/2. Row 1 of board 1: 1-3 at 0.90, 4-3 at 0.10; row 2 reads 2-4 for
    certain, which seats 4 (free 0 for 4-3): 1-3 is all that is left, posterior 1.0."""
    others = [
        _page(2, _row(2, 1, (((1, 3), 1.0),)), _row(2, 2, (((2, 4), 1.0),))),
        _page(3, _row(3, 1, (((3, 1), 1.0),)), _row(3, 2, (((4, 2), 1.0),))),
    ]
    assert not seats_read(others).keeps_seats(1)
    first = _row(1, 1, (((1, 3), 0.90), ((4, 3), 0.10)))
    second = _row(1, 2, (((2, 4), 1.0),))
    row = weigh_by_stack([_page(1, first, second), *others], THRESHOLD)[0].rows[0]
    assert row.status is RowStatus.ACCEPTED and row.posterior == pytest.approx(1.0)


def test_without_the_section_s_pairs_no_pair_must_be_seated():
    """Without the pairs in the QR code nothing says every pair plays board 1: a number
    the section might not have costs nothing more. Here every reading's numbers are 1-4,
    so the joint readings weigh as with the list: 0.6963988 / 0.6964049, accepted."""
    first = _row(1, 1, (((1, 3), 0.90), ((2, 3), 0.06), ((4, 3), 0.04)))
    second = _row(1, 2, (((2, 4), 0.95), ((1, 4), 0.05)))
    pages = [_page(1, first, second, pairs=None), *_others(pairs=None)]
    row = weigh_by_stack(pages, THRESHOLD)[0].rows[0]
    assert row.status is RowStatus.ACCEPTED
    kept, swapped = 0.81225 * 0.857375, 0.0027075 * 0.00225625
    assert row.posterior == pytest.approx(kept / (kept + swapped))


def test_a_number_the_section_lacks_costs_a_change_where_every_pair_plays():
    """Row 1 reads 1-3 at 0.6 or 1-7 at 0.4 (7: not a pair of 1-4); row 2 2-4 for
    certain, board 1 alone. Every pair plays: 1-7 leaves pair 3 unseated, x 0.05: 0.6
    against 0.02, posterior 0.6 / 0.62; without the list 0.6 / 1.0."""
    first = _row(1, 1, (((1, 3), 0.6), ((1, 7), 0.4)))
    second = _row(1, 2, (((2, 4), 1.0),))
    listed = weigh_by_stack([_page(1, first, second)], THRESHOLD)[0].rows[0]
    assert listed.posterior == pytest.approx(0.6 / 0.62)
    unlisted = weigh_by_stack([_page(1, first, second, pairs=None)], THRESHOLD)[0].rows[0]
    assert unlisted.posterior == pytest.approx(0.6)


def test_rows_without_pair_readings_are_left_as_they_are():
    """Rows read with the event (or whose pairs are printed) keep no pair readings: the
    stack does not touch them, and finish_batch gives back the pages as they were."""
    first = _row(1, 1, (((1, 3), 0.90),))
    bare = RowReading(first.page, 1, None, (), first.best, 0.90, (), RowStatus.REVIEW,
                      first.reasons, first.crop)  # fmt: skip
    pages = [_page(1, bare), *_others()]
    assert finish_batch(pages)[0] == pages[0]


def test_a_row_in_review_for_its_marks_is_not_accepted_by_the_stack():
    first = _row(1, 1, (((1, 3), 0.90), ((2, 3), 0.06), ((4, 3), 0.04)))
    marks = ("posterior 0.900 below 0.995", "unsure mark in level")
    first = RowReading(first.page, 1, None, (), first.best, 0.90, (), RowStatus.REVIEW,
                       marks, first.crop, None, first.pair_readings)  # fmt: skip
    second = _row(1, 2, (((2, 4), 0.95), ((1, 4), 0.05)))
    out = weigh_by_stack([_page(1, first, second), *_others()], THRESHOLD)
    assert out[0].rows[0] == first


def test_a_couple_read_on_a_board_of_another_set_did_not_play_this_one():
    """Board 1 reads 1-4 and 2-5 for certain, and row 3 3-6 at 0.7 or 7-6 at 0.3; board
    3 reads 1-5 and 3-6 for certain: pair 1 met 5 there, so board 3 is of another set
    (``ocr.twin_pairs.twin_couples``), and its couple 3-6 met in another round. No
    number is read twice on other boards (seats 1/2 x 1/2), no list of pairs. 3-6: 0.7 x
    0.25 x 0.05 = 0.00875; 7-6: 0.3 x 0.25 = 0.075; 3-6 keeps 0.00875 / 0.08375 = 0.10448
    and the row goes to a person, its digits' reading kept."""
    third = _row(1, 3, (((3, 6), 0.7), ((7, 6), 0.3)))
    board = _page(1, _row(1, 1, (((1, 4), 1.0),)), _row(1, 2, (((2, 5), 1.0),)), third,
                  pairs=None)  # fmt: skip
    other = _page(3, _row(3, 1, (((1, 5), 1.0),)), _row(3, 2, (((3, 6), 1.0),)), pairs=None)
    row = weigh_by_stack([board, other], THRESHOLD)[0].rows[2]
    assert row.status is RowStatus.REVIEW and row.best == third.best
    assert row.reasons[-1] == (
        "pairs 3-6: the stack makes 7-6 likelier (posterior with the stack 0.104)"
    )
