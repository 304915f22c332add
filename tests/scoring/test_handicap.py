"""Handicap events (rules.md §11, seed 004 "Handicaptävling"), worked by hand."""

from collections.abc import Callable
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.handicap import (
    HandicapError,
    HandicapMethod,
    handicap_addition,
    pair_handicap,
    with_handicap,
)


def test_seed_example_percent_of_the_points_missed() -> None:
    # 16 pairs, average 210, top 420; 220 points missed 200; 8% of 200 = 16 -> 236.
    assert handicap_addition(220, 420, 8) == 16
    assert with_handicap(220, 420, 8) == 236


@pytest.mark.parametrize(
    ("points", "max_points", "percent", "method", "expected"),
    [
        # A good result gets less: 400 of 420 missed 20; 8% of 20 = 1.6.
        (400, 420, 8, HandicapMethod.OF_MISSED, F("401.6")),
        # A bad one more: 100 missed 320; 24% (two beginners) of 320 = 76.8.
        (100, 420, 24, HandicapMethod.OF_MISSED, F("176.8")),
        # The top cannot be passed: 420 of 420 gets nothing.
        (420, 420, 24, HandicapMethod.OF_MISSED, 420),
        # Percent of the top: 8% of 420 = 33.6, whatever the pair scored.
        (220, 420, 8, HandicapMethod.OF_TOP, F("253.6")),
        (400, 420, 8, HandicapMethod.OF_TOP, F("433.6")),
        (220, 420, 0, HandicapMethod.OF_MISSED, 220),  # the best players: 0%
    ],
)
def test_with_handicap(
    points: int, max_points: int, percent: int, method: HandicapMethod, expected: F
) -> None:
    assert with_handicap(points, max_points, percent, method) == expected


def test_pair_handicap_adds_the_players_percentages() -> None:
    assert pair_handicap([12, 12]) == 24  # a pair of beginners (seed)
    assert pair_handicap([0, F(5, 2)]) == F(5, 2)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: pair_handicap([13, 0]), "outside 0-12%"),
        (lambda: pair_handicap([-1, 0]), "outside 0-12%"),
        (lambda: pair_handicap([]), "players' percentages"),
        (lambda: handicap_addition(220, 420, 101), "not 0-100%"),
        (lambda: handicap_addition(430, 420, 8), "not within 0-420"),
        (lambda: handicap_addition(-1, 420, 8), "not within 0-420"),
        (lambda: handicap_addition(0, 0, 8), "nothing to add to"),
    ],
)
def test_bad_handicaps_are_refused(call: Callable[[], object], message: str) -> None:
    with pytest.raises(HandicapError, match=message):
        call()


@given(
    st.integers(min_value=1, max_value=1000).flatmap(
        lambda top: st.tuples(st.integers(min_value=0, max_value=top), st.just(top))
    ),
    st.integers(min_value=0, max_value=24),
)
def test_of_missed_never_passes_the_top_nor_reverses_the_order(
    scored: tuple[int, int], percent: int
) -> None:
    points, top = scored
    total = with_handicap(points, top, percent)
    assert points <= total <= top
    if points < top:
        # one more point scored is never worth less after the handicap
        assert with_handicap(points + 1, top, percent) > total
