"""benchmarks/bench_offered.py: whether a row to review's truth is among its buttons."""

from __future__ import annotations

from collections import Counter

from benchmarks.bench_offered import (
    offered_figures,
    offered_readings,
    place_offered,
    tally_offered,
    truth_text,
)
from ocr.reading import Crop, PageReading, PageRef, RowReading, RowResult, RowStatus
from ocr.training.synthetic.truth import RowTruth
from scoring.contract import Contract, Doubling, Seat, Side, Strain

FOUR_HEARTS = Contract(4, Strain.HEARTS, Doubling.UNDOUBLED)
FOUR_SPADES = Contract(4, Strain.SPADES, Doubling.UNDOUBLED)


def _truth(declarer: Seat = Seat.SOUTH, written: int | None = 420) -> RowTruth:
    """Board 1 (nobody vulnerable): pairs 3 v 8, 4H making exactly (10 tricks), +420."""
    return RowTruth(
        row=2, round=1, ns_pair=3, ew_pair=8, printed_ns=3, printed_ew=8, pairs_changed=False,
        contract=FOUR_HEARTS, declarer=declarer, tricks=10, ns_score=420,
        written_score=written, score_side=Side.NS,
    )  # fmt: skip


def test_the_truth_is_placed_by_pairs_contract_declarer_and_tricks_not_by_the_score():
    """A button that differs only in the score (+450 written for +420) is the truth's
    answer: the person records the score apart. One trick or one pair off is not."""
    offered = [
        RowResult(3, 8, False, FOUR_HEARTS, Seat.SOUTH, 11, 450),  # one trick more
        RowResult(3, 9, False, FOUR_HEARTS, Seat.SOUTH, 10, 420),  # EW pair 9
        RowResult(3, 8, False, FOUR_HEARTS, Seat.SOUTH, 10, 450),  # the truth, +450
    ]
    assert place_offered(_truth(), offered) == 2
    assert place_offered(_truth(), offered[:2]) is None
    assert place_offered(_truth(), []) is None


def test_a_passed_out_board_is_found_among_the_buttons():
    passed = RowTruth(
        row=2, round=1, ns_pair=3, ew_pair=8, printed_ns=3, printed_ew=8, pairs_changed=False,
        contract=None, declarer=None, tricks=None, ns_score=0, written_score=None,
        score_side=None,
    )  # fmt: skip
    offered = [RowResult(3, 8, False, FOUR_HEARTS, Seat.SOUTH, 10), RowResult(3, 8, True)]
    assert place_offered(passed, offered) == 1
    assert truth_text(passed) == "3-8 passed out"


def _review_page(best: RowResult, alternatives: tuple[tuple[RowResult, float], ...]):
    page = PageRef("slip.png")
    crop = Crop(page, (0.0, 0.0, 10.0, 5.0))
    row = RowReading(
        page=page, row=2, round=1, fields=(), best=best, posterior=0.6,
        alternatives=alternatives, status=RowStatus.REVIEW, reasons=("posterior 0.600",),
        crop=crop,
    )  # fmt: skip
    return PageReading(page, board=1, board_from="qr", qr=None, rotation=0, rows=(row,))


def test_the_buttons_are_the_queues_readings_in_its_order_a_pair_read_as_none_too():
    """The best reading (4H by North, no score written) and its two alternatives (4H by
    South, 4S by North with the EW pair unread) are offered in that order: no score was
    read, so no Law 77 reading is built beside them. The truth (4H by South) is the
    second button; the third keeps its unread pair as None."""
    north = RowResult(3, 8, False, FOUR_HEARTS, Seat.NORTH, 10)
    south = RowResult(3, 8, False, FOUR_HEARTS, Seat.SOUTH, 10)
    spades = RowResult(3, None, False, FOUR_SPADES, Seat.NORTH, 10)
    posteriors: dict[int, list[float | None]] = {}
    page = _review_page(north, ((south, 0.3), (spades, 0.05)))
    buttons = offered_readings(page, None, posteriors)
    assert buttons == {2: [north, south, spades]}
    assert posteriors == {2: [0.6, 0.3, 0.05]}
    assert place_offered(_truth(written=None), buttons[2]) == 1


def test_the_shares_count_every_row_to_review_and_apart_those_without_a_players_error():
    """Four rows to review: first button (no error), second button (no error), not
    offered (no error), first button (a player's error). In all: 2 of 4 first, 3 of 4
    offered; without the error: 1 of 3 first, 2 of 3 offered."""
    c: Counter[str] = Counter()
    for place, error in ((0, False), (1, False), (None, False), (0, True)):
        tally_offered(c, place, error)
    assert offered_figures(c) == {
        "all": {"rows_to_review": 4, "first": 0.5, "among": 0.75},
        "without_player_errors": {"rows_to_review": 3, "first": 0.3333, "among": 0.6667},
    }
