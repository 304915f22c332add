"""ocr/event_pairs.py: with the event, a traveller's pairs decoded jointly.

The numbers are worked by hand. Row 1 reads 12-22 at 0.95 or 11-21 at 0.05; row 2 reads
11-21 at 0.98 or 13-23 at 0.02 (neither row is certain, so ``played_once`` rules nothing
out). The joint readings where no pair is on two rows: 12-22 with 11-21, 0.95 x 0.98 =
0.931; 12-22 with 13-23, 0.95 x 0.02 = 0.019; 11-21 with 13-23, 0.05 x 0.02 = 0.001 (11-21
twice is 0). Their sum is 0.951, so row 1 reads 12-22 at (0.931 + 0.019) / 0.951 =
0.998948 (accepted at 0.995) and row 2 reads 11-21 at 0.931 / 0.951 = 0.978970 (lower
than its 0.98 alone: row 1 may be 11-21; still in review).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ocr.event_pairs import decoded_jointly
from ocr.page_pairs import played_once
from ocr.reading import Crop, PageRef, RowReading, RowResult, RowStatus
from ocr.row_reader import PairReadings
from scoring.contract import Contract, Seat, Strain

REF = PageRef("page_0001.jpg")
THRESHOLD = 0.995
FOUR_HEARTS = Contract(4, Strain.HEARTS)


def _result(ns: int, ew: int) -> RowResult:
    return RowResult(ns, ew, False, FOUR_HEARTS, Seat.SOUTH, 10, None)


def _row(number: int, readings: PairReadings, contract: float = 1.0) -> RowReading:
    """A row whose best reading is its likeliest pairs with a contract read at
    ``contract``: posterior the product, as ``read_rows`` gives it."""
    (best, p), *others = readings
    posterior = contract * p
    status = RowStatus.ACCEPTED if posterior >= THRESHOLD else RowStatus.REVIEW
    reasons = () if status is RowStatus.ACCEPTED else (f"posterior {posterior:.3f} below 0.995",)
    return RowReading(
        REF, number, None, (), _result(*best), posterior,  # type: ignore[arg-type]
        tuple((_result(*pairs), contract * q) for pairs, q in others[:2]),  # type: ignore[arg-type]
        status, reasons, Crop(REF, (0.0, 0.0, 1.0, 1.0)),
    )  # fmt: skip


def _decoded(rows: tuple[RowReading, ...], pairs: dict[int, PairReadings], one_series: bool):  # type: ignore[no-untyped-def]
    """As the reader does with the event: ``played_once`` first, then the joint decoding."""
    return decoded_jointly(rows, played_once(rows, THRESHOLD, pairs, one_series), THRESHOLD,
                           pairs, one_series)  # fmt: skip


SHARED: dict[int, PairReadings] = {
    1: (((12, 22), 0.95), ((11, 21), 0.05)),
    2: (((11, 21), 0.98), ((13, 23), 0.02)),
}


def test_a_row_whose_rival_another_row_reads_is_accepted_and_that_row_keeps_its_doubt():
    rows = (_row(1, SHARED[1]), _row(2, SHARED[2]))
    first, second = _decoded(rows, SHARED, one_series=False)
    assert first.status is RowStatus.ACCEPTED and first.reasons == ()
    assert first.posterior == pytest.approx(0.950 / 0.951)
    assert [p for _, p in first.alternatives] == [pytest.approx(0.001 / 0.951)]
    assert second.status is RowStatus.REVIEW
    assert second.posterior == pytest.approx(0.931 / 0.951)
    assert second.reasons == ("posterior 0.979 below 0.995",)


def test_the_contract_s_share_of_the_posterior_is_kept():
    """Row 1's contract read at 0.999: 0.999 x 0.95 = 0.94905 alone, 0.999 x 0.998948 =
    0.997949 jointly (accepted)."""
    rows = (_row(1, SHARED[1], contract=0.999), _row(2, SHARED[2]))
    first, _ = _decoded(rows, SHARED, one_series=False)
    assert first.posterior == pytest.approx(0.999 * 0.950 / 0.951)
    assert first.status is RowStatus.ACCEPTED


def test_with_ns_and_ew_numbered_apart_a_number_in_the_other_seat_is_no_clash():
    """Row 2 reads 21-11 (NS 21, EW 11): numbered apart, no pair of row 1's 11-21 again,
    so every joint reading counts and row 1 keeps 0.95; in one series NS 21 is EW 21 of
    11-21, and row 1 reads 12-22 at 0.998948 as above."""
    pairs: dict[int, PairReadings] = {1: SHARED[1], 2: (((21, 11), 0.98), ((13, 23), 0.02))}
    rows = (_row(1, pairs[1]), _row(2, pairs[2]))
    apart, _ = _decoded(rows, pairs, one_series=False)
    assert apart == rows[0]
    series, _ = _decoded(rows, pairs, one_series=True)
    assert series.posterior == pytest.approx(0.950 / 0.951)
    assert series.status is RowStatus.ACCEPTED


def test_an_accepted_row_the_other_rows_make_less_sure_goes_to_a_person():
    """Row 1 reads 5-17 at 0.996 alone (accepted), or 9-17 at 0.004; row 2 reads 5-19 at
    0.9 or 8-20 at 0.1. Jointly: 5-17 with 8-20 0.0996, 9-17 with 5-19 0.0036, 9-17 with
    8-20 0.0004 (sum 0.1036): row 1 reads 5-17 at 0.0996 / 0.1036 = 0.961390."""
    pairs: dict[int, PairReadings] = {
        1: (((5, 17), 0.996), ((9, 17), 0.004)),
        2: (((5, 19), 0.9), ((8, 20), 0.1)),
    }
    rows = (_row(1, pairs[1]), _row(2, pairs[2]))
    first, second = _decoded(rows, pairs, one_series=False)
    assert first.status is RowStatus.REVIEW
    assert first.reasons == (
        "pairs 5-17: posterior 0.961 with the traveller's other rows (a pair plays a board once)",
    )
    # 8-20 is now likelier than row 2's best 5-19: left as played_once leaves it (pair 5
    # is row 1's for certain, alone)
    assert second == played_once(rows, THRESHOLD, pairs)[1]


def test_a_row_played_once_lifted_is_judged_jointly_beside_a_row_that_reads_its_pair():
    """The shape of TEST scribble 53338 page_0030 row 7 (a handwritten 7-17 whose two 7s
    read as 1s). Row 1 reads 1-11 at 0.994, 7-17 at 0.002 or 9-19 at 0.004 (in review on
    its posterior alone); row 2 reads 9-19 at 0.999 or 4-14 at 0.001; row 3 reads 1-11 at
    0.98 or 7-17 at 0.02. ``played_once``: pair 9 is row 2's for certain, which leaves row
    1 1-11 at 0.994 / 0.996 = 0.997992 (accepted, its 1 now certain) and sends row 3 to a
    person for pair 1. Jointly: row 1 at 1-11 needs row 3 at 7-17, 0.994 x 0.02 = 0.01988;
    row 1 at 7-17 with row 3 at 1-11, 0.002 x 0.98 = 0.00196; row 1 at 9-19 with row 2 at
    4-14, 0.004 x 0.001 = 0.000004 (sum 0.021844): row 1 reads 1-11 at 0.01988 / 0.021844
    = 0.910090, and goes to a person too (left accepted before: the joint decoding weighed
    only rows accepted as decoded alone)."""
    pairs: dict[int, PairReadings] = {
        1: (((1, 11), 0.994), ((9, 19), 0.004), ((7, 17), 0.002)),
        2: (((9, 19), 0.999), ((4, 14), 0.001)),
        3: (((1, 11), 0.98), ((7, 17), 0.02)),
    }
    rows = (_row(1, pairs[1]), _row(2, pairs[2]), _row(3, pairs[3]))
    once = played_once(rows, THRESHOLD, pairs, False)
    assert once[0].status is RowStatus.ACCEPTED
    assert once[0].posterior == pytest.approx(0.994 / 0.996)
    first, second, third = _decoded(rows, pairs, one_series=False)
    assert first.status is RowStatus.REVIEW
    assert first.reasons == (
        "pairs 1-11: posterior 0.910 with the traveller's other rows (a pair plays a board once)",
    )
    assert 0.01988 / 0.021844 == pytest.approx(0.910090, abs=1e-6)
    assert second == once[1] and second.status is RowStatus.ACCEPTED
    assert third.status is RowStatus.REVIEW


def test_a_row_that_keeps_its_printed_pairs_is_not_sent_for_the_others():
    pairs: dict[int, PairReadings] = {
        1: (((5, 17), 0.996), ((9, 17), 0.004)),
        2: (((5, 19), 0.9), ((8, 20), 0.1)),
    }
    rows = (replace(_row(1, pairs[1]), printed_pairs=(5, 17)), _row(2, pairs[2]))
    assert _decoded(rows, pairs, one_series=False)[0] == rows[0]


def test_a_row_in_review_for_its_marks_is_left_as_it_is():
    rows = (replace(_row(1, SHARED[1]), reasons=("unsure mark in level",)), _row(2, SHARED[2]))
    assert _decoded(rows, SHARED, one_series=False)[0] == rows[0]


def test_a_traveller_of_one_row_is_left_as_it_is():
    rows = (_row(1, SHARED[1]),)
    assert _decoded(rows, {1: SHARED[1]}, one_series=False) == rows


_PAIRS = st.tuples(st.integers(1, 30), st.integers(1, 30)).filter(lambda p: p[0] != p[1])


@given(st.lists(st.lists(_PAIRS, min_size=1, max_size=3, unique=True), min_size=2, max_size=5),
       st.booleans())  # fmt: skip
def test_rows_whose_readings_clash_with_no_other_row_are_left_as_they_are(readings, one_series):
    """Each row's numbers moved into a range of their own (row k: 100 k + n): no reading
    of a row seats a pair of another's, and the joint decoding changes nothing."""
    pairs: dict[int, PairReadings] = {}
    for k, row in enumerate(readings, start=1):
        shares = [0.9**i for i in range(len(row))]
        pairs[k] = tuple(((100 * k + n, 100 * k + e), s / sum(shares))
                         for (n, e), s in zip(row, shares, strict=True))  # fmt: skip
    rows = tuple(_row(k, pairs[k]) for k in pairs)
    decoded = _decoded(rows, pairs, one_series)
    for before, after in zip(rows, decoded, strict=True):
        assert after.status == before.status
        assert after.posterior == pytest.approx(before.posterior)
