"""Sit-out credit (rules.md §7, seed 004 "Poäng för frirond")."""

from fractions import Fraction as F

import pytest

from scoring.matchpoints import Scale
from scoring.options import ScoringOptions, SitoutCredit
from scoring.sitout import SitoutError, sitout_award

AVERAGE = ScoringOptions(sitout_credit=SitoutCredit.AVERAGE)


@pytest.mark.parametrize(
    ("points", "boards_played", "rounds_out", "options", "credit", "max_points"),
    [
        # 37 points in 4 rounds of 3 boards: 9.25 -> 9 for the round; max + 3 x top 10.
        (F(37), 12, 1, AVERAGE, 9, 30),
        (F(38), 12, 2, AVERAGE, 20, 60),  # 9.5 -> 10 (halves up), two rounds out
        (F(37), 12, 1, ScoringOptions(sitout_credit=SitoutCredit.ZERO), 0, 0),
        (F(37), 12, 1, ScoringOptions(), 0, 0),  # NONE: rank by percentage
        (F(37), 12, 0, AVERAGE, 0, 0),
        # 1-0.5-0 scale (top 5): 18.5 / 4 = 4.625 -> 4.5, the nearest half point.
        (
            F(37, 2),
            12,
            1,
            ScoringOptions(sitout_credit=SitoutCredit.AVERAGE, scale=Scale.ONE_HALF_ZERO),
            F(9, 2),
            15,
        ),
    ],
)
def test_sitout_award(
    points: F,
    boards_played: int,
    rounds_out: int,
    options: ScoringOptions,
    credit: F,
    max_points: F,
) -> None:
    top = F(10) if options.scale is Scale.TWO_ONE_ZERO else F(5)
    award = sitout_award(7, points, boards_played, rounds_out, 3, top, options)
    assert (award.pair, award.rounds, award.points, award.max_points) == (
        7,
        rounds_out,
        credit,
        max_points,
    )


@pytest.mark.parametrize(
    ("boards_played", "boards_per_round", "rounds_out", "message"),
    [
        (11, 3, 1, "pair 7 played 11 boards, not whole rounds of 3"),
        (0, 3, 1, "pair 7 played 0 boards"),
        (12, 0, 1, "boards per round must be at least 1"),
        (12, 3, -1, "-1 sit-out rounds"),
    ],
)
def test_sitout_errors(
    boards_played: int, boards_per_round: int, rounds_out: int, message: str
) -> None:
    with pytest.raises(SitoutError, match=message):
        sitout_award(7, F(10), boards_played, rounds_out, boards_per_round, F(10), AVERAGE)
