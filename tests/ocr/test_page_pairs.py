"""ocr/page_pairs.py: a pair plays a board once, so one traveller seats it on one row.

The numbers are worked by hand: a row whose best reading has posterior 0.985, with the
alternative 9-14 at 0.012 that another accepted row of the page seats, keeps
0.985 / (1 - 0.012) = 0.985 / 0.988 = 0.99696 once 9-14 is ruled out (at or above the
0.995 threshold: accepted); at 0.980 with 9-14 at 0.012 it keeps 0.980 / 0.988 = 0.99190
(below: still in review, with the new posterior as its reason).
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ocr.page_pairs import played_once
from ocr.reading import Crop, PageRef, RowReading, RowResult, RowStatus
from ocr.row_reader import PairReadings
from scoring.contract import Contract, Seat, Strain

REF = PageRef("page_0001.jpg")
THRESHOLD = 0.995
FOUR_HEARTS = Contract(4, Strain.HEARTS)


def _result(ns: int, ew: int) -> RowResult:
    return RowResult(ns, ew, False, FOUR_HEARTS, Seat.SOUTH, 10, None)


def _row(number: int, best: tuple[int, int], posterior: float,
         alternatives: tuple[tuple[tuple[int, int], float], ...] = ()) -> RowReading:  # fmt: skip
    status = RowStatus.ACCEPTED if posterior >= THRESHOLD else RowStatus.REVIEW
    reasons = () if status is RowStatus.ACCEPTED else (f"posterior {posterior:.3f} below 0.995",)
    return RowReading(
        REF, number, None, (), _result(*best), posterior,
        tuple((_result(*pairs), p) for pairs, p in alternatives), status, reasons,
        Crop(REF, (0.0, 0.0, 1.0, 1.0)),
    )  # fmt: skip


def test_a_reading_that_seats_an_accepted_row_s_pairs_again_is_ruled_out():
    rows = (_row(1, (1, 18), 0.985, (((9, 14), 0.012), ((1, 27), 0.002))), _row(9, (9, 14), 0.999))
    first, ninth = played_once(rows, THRESHOLD)
    assert first.status is RowStatus.ACCEPTED and first.reasons == ()
    assert first.posterior == pytest.approx(0.985 / 0.988)
    assert [alt.ew_pair for alt, _ in first.alternatives] == [27]
    assert ninth == rows[1]


def test_one_pair_in_common_is_enough_and_too_little_left_stays_in_review():
    """1-14 shares EW pair 14 with row 9's 9-14: ruled out, the
    posterior rises to 0.980 / 0.988 = 0.99190, still below 0.995."""
    rows = (_row(1, (1, 18), 0.980, (((1, 14), 0.012),)), _row(9, (9, 14), 0.999))
    first, _ = played_once(rows, THRESHOLD)
    assert first.status is RowStatus.REVIEW
    assert first.posterior == pytest.approx(0.980 / 0.988)
    assert first.reasons == ("posterior 0.992 below 0.995",)


def test_an_ns_pair_number_may_be_an_ew_pair_number_on_another_row():
    """Mitchell movements may number NS and EW pairs 1..n each: NS 9 and EW 9 are two
    pairs, so only the same side is ruled out."""
    rows = (_row(1, (1, 18), 0.985, (((14, 9), 0.012),)), _row(9, (9, 14), 0.999))
    first, _ = played_once(rows, THRESHOLD)
    assert first == rows[0]


def test_in_one_series_a_pair_on_another_row_is_ruled_out_in_either_seat():
    """Pairs numbered 1 to 24 (NS 1-12, EW 13-24, as the project's Mitchell numbers them):
    pair 10 sits NS on row 10, so row 8 cannot seat it EW. 8-10 (0.022) is ruled out and
    8-13 keeps 0.9772 / (1 - 0.022) = 0.9772 / 0.978 = 0.99918: accepted. Numbered NS and
    EW apart, EW 10 is another pair and nothing is ruled out."""
    rows = (_row(8, (8, 13), 0.9772, (((8, 10), 0.022),)), _row(10, (10, 15), 0.998))
    eighth, tenth = played_once(rows, THRESHOLD, one_series=True)
    assert eighth.status is RowStatus.ACCEPTED
    assert eighth.posterior == pytest.approx(0.9772 / 0.978)
    assert eighth.alternatives == ()
    assert tenth == rows[1]
    assert played_once(rows, THRESHOLD, one_series=False) == rows


def test_in_one_series_a_best_reading_seating_a_pair_in_the_other_seat_says_so():
    rows = (_row(3, (3, 9), 0.97, (((3, 20), 0.02),)), _row(9, (9, 14), 0.999))
    third, _ = played_once(rows, THRESHOLD, one_series=True)
    assert third.status is RowStatus.REVIEW
    assert third.reasons[-1] == "pair 9 is on row 9 too (a pair plays a board once)"


def test_rows_in_review_for_another_reason_rule_nothing_out_and_are_not_accepted():
    stray = _row(1, (1, 18), 0.985, (((9, 14), 0.012),))
    stray = replace(stray, reasons=(*stray.reasons, "unsure mark in level"))
    unsure_ninth = _row(9, (9, 14), 0.990)
    assert played_once((stray, _row(9, (9, 14), 0.999)), THRESHOLD)[0] == stray
    first = _row(1, (1, 18), 0.985, (((9, 14), 0.012),))
    assert played_once((first, unsure_ninth), THRESHOLD) == (first, unsure_ninth)


def test_a_best_reading_that_seats_a_pair_again_says_so():
    rows = (_row(3, (9, 20), 0.97, (((3, 20), 0.02),)), _row(9, (9, 14), 0.999))
    third, _ = played_once(rows, THRESHOLD)
    assert third.status is RowStatus.REVIEW
    assert third.reasons[-1] == "NS pair 9 is on row 9 too (a pair plays a board once)"


def test_a_row_accepted_so_rules_out_readings_of_the_next():
    """Row 2's alternative seats row 1's best; row 1 is accepted only once row 9 rules out
    its own alternative. Both are accepted, in two passes."""
    rows = (
        _row(1, (1, 18), 0.985, (((9, 14), 0.012),)),
        _row(2, (2, 19), 0.985, (((1, 18), 0.012),)),
        _row(9, (9, 14), 0.999),
    )
    first, second, _ = played_once(rows, THRESHOLD)
    assert first.status is RowStatus.ACCEPTED and second.status is RowStatus.ACCEPTED


def test_a_pair_read_for_certain_on_a_row_in_review_for_its_marks_rules_out_too():
    """Row 9 waits for review for an unsure mark, but its NS pair is 9 in its best reading
    (0.990) and in its alternative 9-74 (0.008): 0.998 together, certain. Row 1's
    alternative 9-14 is ruled out: 0.985 / 0.988 = 0.99696, accepted."""
    ninth = _row(9, (9, 14), 0.990, (((9, 74), 0.008),))
    ninth = replace(ninth, reasons=("unsure mark in level",))
    first, same_ninth = played_once(
        (_row(1, (1, 18), 0.985, (((9, 14), 0.012),)), ninth), THRESHOLD
    )
    assert first.status is RowStatus.ACCEPTED
    assert first.posterior == pytest.approx(0.985 / 0.988)
    assert same_ninth == ninth


def test_two_rows_certain_of_the_same_pair_both_go_to_review():
    rows = (_row(2, (9, 19), 0.999), _row(9, (9, 14), 0.999))
    second, ninth = played_once(rows, THRESHOLD)
    assert second.status is RowStatus.REVIEW and ninth.status is RowStatus.REVIEW
    assert second.reasons == ("NS pair 9 is on row 9 too (a pair plays a board once)",)
    assert ninth.reasons == ("NS pair 9 is on row 2 too (a pair plays a board once)",)


def test_a_rows_own_pair_readings_decide_what_it_reads_for_certain_and_what_is_left():
    """Row 9's three kept readings (whole rows: contract and pairs) give NS 9 only
    0.979 + 0.014 + 0.001 = 0.994 < 0.995, so on them alone NS 9 is not certain and row 1
    keeps 9-14 as possible. Its pair readings, decoded apart from the contract, give NS 9
    0.990 + 0.007 = 0.997: certain. Row 1's pair readings are 1-18 0.9870, 9-14 0.0080,
    9-18 0.0040, 7-18 0.0010; NS 9 being row 9's, 9-14 and 9-18 are out, 0.012 together, and
    row 1's posterior 0.985 (contract 0.998 x pairs 0.987) becomes 0.985 / 0.988 = 0.99696:
    accepted. Its kept alternatives lose the readings with NS 9. (The page is looked at
    again after a change; the posterior is worked out from the first each time, so a
    second look does not divide it again.)"""
    rows = (
        _row(1, (1, 18), 0.985, (((9, 14), 0.008), ((9, 18), 0.004))),
        _row(9, (9, 14), 0.979, (((9, 74), 0.014), ((9, 79), 0.001))),
    )
    alone = played_once(rows, THRESHOLD)
    assert alone == rows
    pairs = {
        1: (((1, 18), 0.987), ((9, 14), 0.008), ((9, 18), 0.004), ((7, 18), 0.001)),
        9: (((9, 14), 0.990), ((9, 74), 0.007), ((4, 14), 0.003)),
    }
    first, ninth = played_once(rows, THRESHOLD, pairs)
    assert first.status is RowStatus.ACCEPTED and first.reasons == ()
    assert first.posterior == pytest.approx(0.985 / 0.988)
    assert first.alternatives == ()
    assert ninth == rows[1]  # nothing rules out its readings: EW 14 is certain nowhere else


def test_pairs_made_certain_by_another_row_rule_out_readings_in_turn():
    """Row 1's pair readings give NS 1 0.990 and EW 18 0.992 (1-18 0.990, 9-14 0.008,
    7-18 0.002): neither is certain. Row 9 reads 9-14 for certain (0.999), so 9-14 is out
    of row 1, which keeps 0.992: NS 1 is 0.990 / 0.992 = 0.99798 and EW 18 0.992 / 0.992 = 1,
    both certain now, and row 1's posterior 0.988 becomes 0.988 / 0.992 = 0.99597: accepted.
    Then 1-18 is out of row 2 (2-19 0.985, 1-18 0.012, 2-17 0.003), whose posterior 0.985
    becomes 0.985 / 0.988 = 0.99696: accepted too. Without the second look at row 1's
    certainty, row 2 would stay in review."""
    rows = (
        _row(1, (1, 18), 0.988, (((9, 14), 0.008),)),
        _row(2, (2, 19), 0.985, (((1, 18), 0.012),)),
        _row(9, (9, 14), 0.999),
    )
    pairs = {
        1: (((1, 18), 0.990), ((9, 14), 0.008), ((7, 18), 0.002)),
        2: (((2, 19), 0.985), ((1, 18), 0.012), ((2, 17), 0.003)),
        9: (((9, 14), 0.999), ((9, 74), 0.001)),
    }
    first, second, ninth = played_once(rows, THRESHOLD, pairs)
    assert first.status is RowStatus.ACCEPTED
    assert first.posterior == pytest.approx(0.988 / 0.992)
    assert second.status is RowStatus.ACCEPTED
    assert second.posterior == pytest.approx(0.985 / 0.988)
    assert second.alternatives == ()
    assert ninth == rows[2]


def test_a_posterior_ruled_out_in_two_steps_is_divided_once_by_all_that_is_gone():
    """Row 1 (posterior 0.980) keeps 9-14 (0.010) and 2-19 (0.008). Row 9 reads 9-14 for
    certain; once 9-14 is out, row 2's 2-19 (0.985, with 9-19 0.012 out: 0.985 / 0.988 =
    0.99696) is certain too. Row 1's posterior is its first divided by all that is gone,
    0.980 / (1 - 0.010 - 0.008) = 0.980 / 0.982 = 0.99796, not divided twice in turn."""
    rows = (
        _row(1, (1, 18), 0.980, (((9, 14), 0.010), ((2, 19), 0.008))),
        _row(2, (2, 19), 0.985, (((9, 19), 0.012),)),
        _row(9, (9, 14), 0.999),
    )
    first, second, _ = played_once(rows, THRESHOLD)
    assert second.status is RowStatus.ACCEPTED
    assert first.status is RowStatus.ACCEPTED
    assert first.posterior == pytest.approx(0.980 / 0.982)


_PAIR = st.tuples(st.integers(1, 6), st.integers(11, 16))


@st.composite
def _pages(draw: st.DrawFn) -> tuple[tuple[RowReading, ...], dict[int, PairReadings]]:
    """A page of rows, each with pair readings summing to 1 at most (likeliest first)
    and a best reading carrying the first of them."""
    rows, pairs = [], {}
    for number in draw(st.lists(st.integers(1, 12), min_size=1, max_size=6, unique=True)):
        readings = draw(st.lists(_PAIR, min_size=1, max_size=4, unique=True))
        weights = draw(st.lists(st.floats(0.0005, 1.0), min_size=len(readings),
                                max_size=len(readings)))  # fmt: skip
        total = sum(weights) * draw(st.floats(1.0, 1.01))
        probs = sorted((w / total for w in weights), reverse=True)
        pairs[number] = tuple(zip(readings, probs, strict=True))
        rows.append(_row(number, readings[0], probs[0], tuple(pairs[number][1:3])))
    return tuple(rows), pairs


@given(_pages(), st.randoms(), st.booleans())
def test_the_order_of_the_rows_changes_nothing_and_no_posterior_falls(page, rnd, one_series):
    rows, pairs = page
    judged = {r.row: r for r in played_once(rows, THRESHOLD, pairs, one_series)}
    shuffled = list(rows)
    rnd.shuffle(shuffled)
    assert {r.row: r for r in played_once(shuffled, THRESHOLD, pairs, one_series)} == judged
    for r in rows:
        assert judged[r.row].posterior >= r.posterior
        if judged[r.row].status is RowStatus.ACCEPTED:
            assert judged[r.row].posterior >= THRESHOLD


def _printed(row: RowReading, printed: tuple[int, int]) -> RowReading:
    return replace(row, printed_pairs=printed)


def test_handwritten_pairs_another_row_s_best_reading_seats_too_go_to_review():
    """Ninth TEST set, ordinary/page_0129.jpg read without an event: row 3 prints 3-20,
    its pairs were changed to 20-3, and a light "20" read as a certain 21. Row 4 prints
    4-21 and reads its own changed pairs as 20-21 (0.676, in review). Pairs are numbered
    in one series (NS 1-14, EW 15-28), so the page as read seats pair 21 twice: row 3 is
    not accepted on its digits alone. (Row 4 says so too: row 3 reads 21 for certain.)"""
    third = _printed(_row(3, (21, 3), 0.9999), (3, 20))
    fourth = _printed(_row(4, (20, 21), 0.676), (4, 21))
    third_read, fourth_read = played_once((third, fourth), THRESHOLD, one_series=True)
    assert third_read.status is RowStatus.REVIEW
    assert third_read.reasons == ("pair 21 is on row 4 too (a pair plays a board once)",)
    assert fourth_read.reasons[-1] == "pair 21 is on row 3 too (a pair plays a board once)"


def test_a_row_that_reads_its_printed_pairs_is_not_sent_for_another_row_s_reading():
    """Row 4 reads its printed 4-21 for certain; row 3's best reading 21-3 (0.9, in
    review) seats 21 too. The printed numbers stand; the handwritten reading is the one
    a person looks at."""
    third = _printed(_row(3, (21, 3), 0.9), (3, 20))
    fourth = _printed(_row(4, (4, 21), 0.9999), (4, 21))
    assert played_once((third, fourth), THRESHOLD, one_series=True)[1] == fourth


def test_handwritten_pairs_are_judged_by_side_when_ns_and_ew_are_numbered_apart():
    """In a Mitchell numbered NS 1-n and EW 1-n, NS 21 and EW 21 are two pairs."""
    third = _printed(_row(3, (21, 3), 0.9999), (3, 20))
    fourth = _printed(_row(4, (20, 21), 0.676), (4, 21))
    assert played_once((third, fourth), THRESHOLD, one_series=False)[0] == third


def test_another_row_s_handwritten_reading_of_a_pair_sends_no_certain_row_to_review():
    """A blank form (nothing printed): row 14 reads 11-22 at 0.385, row 11 reads 11-22 for
    certain. Row 11 stays accepted; row 14 says it seats pair 11 again (row 11 is
    certain of it)."""
    eleventh = _row(11, (11, 22), 0.9999)
    fourteenth = _row(14, (11, 22), 0.385)
    eleventh_read, fourteenth_read = played_once((eleventh, fourteenth), THRESHOLD, one_series=True)
    assert eleventh_read == eleventh
    assert fourteenth_read.reasons[-1] == "pair 11 is on row 11 too (a pair plays a board once)"


def test_a_printed_pair_another_row_s_changed_pairs_leave_out_is_free():
    """Row 4 prints 4-21 but reads its changed pairs as 20-24: pair 21 is not on row 4 as
    read, and row 3's handwritten 21-3 stays accepted."""
    third = _printed(_row(3, (21, 3), 0.9999), (3, 20))
    fourth = _printed(_row(4, (20, 24), 0.676), (4, 21))
    assert played_once((third, fourth), THRESHOLD, one_series=True)[0] == third


def test_the_pairs_elsewhere_are_the_other_rows_first_row_of_each_number():
    """Row 5 asks about NS 10 (on row 4 only), NS 7 (on rows 5 and 2: the other is row 2)
    and EW 3 (on row 6); row 4 loses NS 10, its own; row 2, with NS 7 also on rows 5 and
    8, keeps row 5, the first of the others. One series: one key, the same answer."""
    from ocr.page_pairs import _elsewhere

    seated = {"NS": {10: (4,), 7: (5, 2, 8)}, "EW": {3: (6,)}}
    assert _elsewhere(seated, 5) == {"NS": {10: 4, 7: 2}, "EW": {3: 6}}
    assert _elsewhere(seated, 4) == {"NS": {7: 2}, "EW": {3: 6}}
    assert _elsewhere(seated, 2) == {"NS": {10: 4, 7: 5}, "EW": {3: 6}}
    assert _elsewhere({"NS": {9: (9,)}, "EW": {}}, 9) == {"NS": {}, "EW": {}}
    assert _elsewhere({"": {10: (4,), 11: (4,)}}, 4) == {"": {}}
    assert _elsewhere({"": {10: (4,), 11: (4,)}}, 1) == {"": {10: 4, 11: 4}}
