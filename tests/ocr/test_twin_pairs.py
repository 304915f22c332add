"""ocr/twin_pairs.py: printed pair numbers a page did not give, read on a twin traveller.

The stack: a three-table Mitchell with two boards a round (boards 1 and 2 one set, 3 and
4 the next), rounds printed one a row. Boards 1 and 2 print (round 1, 1-4), (2, 2-5),
(3, 3-6); boards 3 and 4 (1, 1-5), (2, 2-6), (3, 3-4). A streak crossed row 3 of board 1:
its print was not read and its blank pair boxes read as no pair numbers.
"""

from __future__ import annotations

from ocr.qrpayload import QrPayload
from ocr.reading import Crop, PageReading, PageRef, RowReading, RowResult, RowStatus
from ocr.stack import finish_batch
from ocr.twin_pairs import MISSING, SetCouples, from_twins, twin_couples, twin_weight
from scoring.contract import Contract, Seat, Strain

FOUR_HEARTS = Contract(4, Strain.HEARTS)
SET_ONE = ((1, 1, 4), (2, 2, 5), (3, 3, 6))
SET_TWO = ((1, 1, 5), (2, 2, 6), (3, 3, 4))


def _read(board: int, row: int, printed: tuple[int, int, int]) -> RowReading:
    rnd, ns, ew = printed
    ref = PageRef(f"page_{board:04d}.jpg")
    best = RowResult(ns, ew, False, FOUR_HEARTS, Seat.SOUTH, 10, None)
    return RowReading(ref, row, rnd, (), best, 0.999, (), RowStatus.ACCEPTED, (),
                      Crop(ref, (0.0, 0.0, 1.0, 1.0)), (ns, ew))  # fmt: skip


def _unread(board: int, row: int, *more: str) -> RowReading:
    """A row whose print a streak crossed: no round, no printed pairs, blank pair boxes."""
    ref = PageRef(f"page_{board:04d}.jpg")
    best = RowResult(None, None, False, FOUR_HEARTS, Seat.SOUTH, 10, None)
    alt = RowResult(None, None, False, FOUR_HEARTS, Seat.NORTH, 10, None)
    return RowReading(ref, row, None, (), best, 0.999, ((alt, 0.001),), RowStatus.REVIEW,
                      (*more, MISSING), Crop(ref, (0.0, 0.0, 1.0, 1.0)), None,
                      (((None, None), 1.0), ((2, 4), 0.0)))  # fmt: skip


def _page(board: int, *rows: RowReading) -> PageReading:
    qr = QrPayload(board, event="club", session="1", pairs=(1, 2, 3, 4, 5, 6))
    return PageReading(PageRef(f"page_{board:04d}.jpg"), board, "qr", qr, 0, rows)


def _full(board: int, printed: tuple[tuple[int, int, int], ...]) -> PageReading:
    return _page(board, *(_read(board, i, p) for i, p in enumerate(printed, 1)))


def _stack(first: PageReading) -> list[PageReading]:
    return [first, _full(2, SET_ONE), _full(3, SET_TWO), _full(4, SET_TWO)]


def test_a_row_is_read_on_the_twin_of_its_board():
    """Board 2 reads rows 1 and 2 as board 1 does and nothing else: it is the other board
    of the set, and its row 3 (round 3, 3-6) is what board 1's row 3 prints. Boards 3 and
    4 read otherwise on rows 1 and 2: no twins."""
    first = _page(1, _read(1, 1, SET_ONE[0]), _read(1, 2, SET_ONE[1]), _unread(1, 3))
    row = from_twins(_stack(first))[0].rows[2]
    assert row.status is RowStatus.ACCEPTED and row.reasons == ()
    assert (row.round, row.printed_pairs) == (3, (3, 6))
    assert (row.best.ns_pair, row.best.ew_pair) == (3, 6)
    assert row.alternatives[0][0].ns_pair == 3 and row.pair_readings == ()
    assert row.posterior == 0.999  # the contract's reading, as read


def test_one_agreeing_row_is_no_twin():
    """Board 1 reads row 1 only: (1, 1-4) is also board 2's, but one row can agree by
    chance (in a Mitchell the NS pair keeps its row and the EW pairs take every number),
    so row 3 stays with a person."""
    first = _page(1, _read(1, 1, SET_ONE[0]), _unread(1, 3))
    assert from_twins(_stack(first))[0] == first


def test_a_row_read_otherwise_means_no_twin():
    """Board 1 reads rows 1 and 2 as board 2 does but board 2 reads a third row (3, 3-4)
    (a page of another set that agrees by a misread, say): not a twin, nothing inferred."""
    first = _page(1, _read(1, 1, SET_ONE[0]), _read(1, 2, SET_ONE[1]), _read(1, 4, (4, 7, 8)),
                  _unread(1, 3))  # fmt: skip
    other = _page(2, *(_read(2, i, p) for i, p in enumerate(SET_ONE, 1)), _read(2, 4, (4, 7, 9)))
    assert from_twins([first, other])[0] == first


def test_twins_that_disagree_give_nothing():
    """Two pages agree with board 1 on rows 1 and 2 but print different row 3s: one of
    them is misread, and the row stays with a person."""
    first = _page(1, _read(1, 1, SET_ONE[0]), _read(1, 2, SET_ONE[1]), _unread(1, 3))
    odd = _full(5, (*SET_ONE[:2], (3, 3, 5)))
    assert from_twins([first, _full(2, SET_ONE), odd])[0] == first


def test_a_row_with_other_reasons_gets_its_pairs_and_keeps_them():
    first = _page(1, _read(1, 1, SET_ONE[0]), _read(1, 2, SET_ONE[1]),
                  _unread(1, 3, "unsure mark in level"))  # fmt: skip
    row = from_twins(_stack(first))[0].rows[2]
    assert row.status is RowStatus.REVIEW and row.reasons == ("unsure mark in level",)
    assert row.printed_pairs == (3, 6)


def test_another_scan_of_the_same_board_is_no_twin():
    first = _page(1, _read(1, 1, SET_ONE[0]), _read(1, 2, SET_ONE[1]), _unread(1, 3))
    rescan = _full(1, SET_ONE)
    assert from_twins([first, rescan])[0] == first


def test_another_session_is_another_stack():
    first = _page(1, _read(1, 1, SET_ONE[0]), _read(1, 2, SET_ONE[1]), _unread(1, 3))
    other = _full(2, SET_ONE)
    other = PageReading(other.page, 2, "qr", QrPayload(2, event="club", session="2"), 0,
                        other.rows)  # fmt: skip
    assert from_twins([first, other])[0] == first


def test_finish_batch_reads_twins():
    first = _page(1, _read(1, 1, SET_ONE[0]), _read(1, 2, SET_ONE[1]), _unread(1, 3))
    assert finish_batch(_stack(first))[0].rows[2].status is RowStatus.ACCEPTED


def test_twin_couples_of_handwritten_travellers():
    """Couples read for certain on four blank travellers of a three-table stack: board 1
    reads 1-4 and 2-5; board 2 reads 1-4, 2-5 and 3-6 (its twin: two couples agree, none
    seats 1, 2, 4 or 5 otherwise); board 3 reads 1-5 and 2-6 (pair 1 met 5 there: a board
    of another set, none of whose couples played board 1); board 4 reads 1-4 and 2-6 (one
    couple agrees, but pair 2 met 6: one of them is misread, and board 4 says nothing)."""
    couples = [
        frozenset({(1, 4), (2, 5)}),
        frozenset({(1, 4), (2, 5), (3, 6)}),
        frozenset({(1, 5), (2, 6)}),
        frozenset({(1, 4), (2, 6)}),
    ]
    known = twin_couples(couples, [1, 2, 3, 4], one_series=True)
    assert known[0] == SetCouples(couples[1], couples[2])
    assert known[1].twins == couples[0]
    assert known[2] == SetCouples(frozenset(), couples[0] | couples[1])
    assert known[3] == SetCouples()
    assert twin_weight((3, 6), known[0], True, 0.05) == 1.0  # the twin read it
    assert twin_weight((6, 3), known[0], True, 0.05) == 0.05  # the other way round
    assert twin_weight((3, 5), known[0], True, 0.05) == 0.05  # 5 met 2 in this round
    assert twin_weight((7, 8), known[0], True, 0.05) == 1.0  # nobody says anything
    assert twin_weight((3, 6), known[2], True, 0.05) == 0.05  # 3-6 played board 2's set
    assert twin_weight((4, 1), known[2], True, 0.05) == 0.05  # 1-4 too, either way round
    assert twin_weight((3, 4), known[2], True, 0.05) == 1.0
