"""Ranking lists: shared places ("3-4"), order invariance, and tie-breaks on request."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.ranking import Placing, place_label, rank, ranked_ids
from scoring.tiebreak import ImpQuotient, RecordedDraw, UnresolvedTieError

TOTALS: dict[int, Fraction | int] = {
    1: 60,
    2: Fraction(110, 2),  # 55
    3: 55,
    4: 50,
    5: Fraction(55),
    6: 40,
}


def labels(placings: list[Placing[int]]) -> list[tuple[int, str]]:
    return [(placing.entrant, placing.label) for placing in placings]


def test_equal_totals_share_a_place_and_the_next_place_follows_the_range() -> None:
    assert labels(rank(TOTALS)) == [
        (1, "1"),
        (2, "2-4"),
        (3, "2-4"),
        (5, "2-4"),
        (4, "5"),
        (6, "6"),
    ]


def test_placing_fields() -> None:
    placings = rank(TOTALS)
    shared = placings[1]
    assert (shared.first, shared.last, shared.shared, shared.score) == (2, 4, True, 55)
    assert not placings[0].shared
    assert shared.decided_by is None


def test_lower_is_better() -> None:
    assert labels(rank({"A": 3, "B": 1, "C": 3}, higher_is_better=False)) == [
        ("B", "1"),
        ("A", "2-3"),
        ("C", "2-3"),
    ]


@pytest.mark.parametrize(("first", "last", "text"), [(3, 3, "3"), (3, 4, "3-4"), (10, 12, "10-12")])
def test_place_label(first: int, last: int, text: str) -> None:
    assert place_label(first, last) == text


def test_tie_that_must_be_broken_without_a_rule_asks_for_a_draw() -> None:
    with pytest.raises(UnresolvedTieError, match="2, 3, 5 still tied for places 2-4"):
        rank(TOTALS, break_ties=True)


def test_recorded_draw_orders_the_tied_pairs() -> None:
    placings = rank(TOTALS, break_ties=True, draw=RecordedDraw((5, 2, 3)))
    assert labels(placings) == [(1, "1"), (5, "2"), (2, "3"), (3, "4"), (4, "5"), (6, "6")]
    assert [p.decided_by for p in placings[1:4]] == ["draw", "draw", "draw"]


def test_cut_breaks_only_the_tie_across_it() -> None:
    # Top 3 qualify: pairs 2, 3, 5 are tied for 2-4, so the tie must be broken.
    placings = rank(TOTALS, break_ties=True, cut=3, draw=RecordedDraw((3, 5, 2)))
    assert ranked_ids(placings)[:4] == [1, 3, 5, 2]
    # Top 4 qualify: all of 2-4 qualify, nobody needs a draw.
    assert labels(rank(TOTALS, break_ties=True, cut=4)) == labels(rank(TOTALS))


def test_ties_are_broken_by_default_only_when_a_rule_or_draw_is_given() -> None:
    drawn = rank(TOTALS, draw=RecordedDraw((5, 2, 3)))
    assert ranked_ids(drawn)[1:4] == [5, 2, 3]
    assert not any(p.shared for p in drawn)
    kept = rank(TOTALS, draw=RecordedDraw((5, 2, 3)), break_ties=False)
    assert labels(kept) == labels(rank(TOTALS))


def test_draw_missing_a_tied_pair_is_refused() -> None:
    with pytest.raises(UnresolvedTieError, match="3 not in the recorded draw"):
        rank(TOTALS, break_ties=True, draw=RecordedDraw((5, 2)))


def test_teams_by_imp_quotient_then_draw() -> None:
    totals = {"Y": 30, "X": 30, "Z": 30, "W": 30, "V": 12}
    quotient = ImpQuotient(
        won={"X": 100, "Y": 90, "Z": 50, "W": 120},
        lost={"X": 80, "Y": 60, "Z": 0, "W": 96},
    )
    # Z unbeaten (infinite), Y 1.5, X and W both 1.25 -> draw decides W before X
    placings = rank(totals, break_ties=True, tiebreak=quotient, draw=RecordedDraw(("W", "X")))
    assert labels(placings) == [("Z", "1"), ("Y", "2"), ("W", "3"), ("X", "4"), ("V", "5")]
    assert [p.decided_by for p in placings] == [
        "IMP quotient",
        "IMP quotient",
        "draw",
        "draw",
        None,
    ]


def test_quotient_tie_without_draw_names_the_rule() -> None:
    quotient = ImpQuotient(won={"X": 100, "W": 120}, lost={"X": 80, "W": 96})
    with pytest.raises(UnresolvedTieError, match="W, X still tied for places 1-2 after IMP"):
        rank({"X": 30, "W": 30}, break_ties=True, tiebreak=quotient)


scores = st.dictionaries(
    st.integers(min_value=1, max_value=40),
    st.fractions(min_value=0, max_value=20, max_denominator=4),
    min_size=1,
    max_size=25,
)


@given(scores, st.randoms(use_true_random=False))
def test_ranking_is_invariant_to_input_order(
    totals: dict[int, Fraction], rnd: random.Random
) -> None:
    items = list(totals.items())
    rnd.shuffle(items)
    assert rank(dict(items)) == rank(totals)


@given(scores)
def test_places_are_consistent(totals: dict[int, Fraction]) -> None:
    placings = rank(totals)
    assert sorted(ranked_ids(placings)) == sorted(totals)
    for position, placing in enumerate(placings, start=1):
        assert placing.first <= position <= placing.last
        # everyone in the range has the same score, and the range is exactly that group
        same = [p for p in placings if p.score == placing.score]
        assert len(same) == placing.last - placing.first + 1
        assert all(p.first == placing.first for p in same)
    assert all(a.score >= b.score for a, b in zip(placings, placings[1:], strict=False))


@given(scores, st.randoms(use_true_random=False))
def test_broken_ties_give_every_entrant_its_own_place(
    totals: dict[int, Fraction], rnd: random.Random
) -> None:
    lots = list(totals)
    rnd.shuffle(lots)
    placings = rank(totals, break_ties=True, draw=RecordedDraw(tuple(lots)))
    assert [p.first for p in placings] == list(range(1, len(totals) + 1))
    assert all(not p.shared for p in placings)
