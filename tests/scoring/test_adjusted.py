"""Adjusted scores (Law 12C, seed 004 "Justerad poäng") and procedural penalties."""

from fractions import Fraction

import pytest

from scoring.adjusted import (
    Penalty,
    PenaltyReason,
    artificial_points,
    compare,
    slow_play_penalties,
    weighted_matchpoints,
)
from scoring.errors import AdjustmentError
from scoring.matchpoints import Scale
from scoring.options import AdjustedRounding, Rounding, ScoringOptions
from scoring.outcome import Weighted

WHOLE = ScoringOptions()  # the default: seed 004 as written
WHOLE_ACBL = ScoringOptions(scale=Scale.ONE_HALF_ZERO)
BOUNDED = ScoringOptions(adjusted_rounding=AdjustedRounding.WHOLE_POINTS_BOUNDED)
BOUNDED_ACBL = ScoringOptions(
    adjusted_rounding=AdjustedRounding.WHOLE_POINTS_BOUNDED, scale=Scale.ONE_HALF_ZERO
)
PLAIN = ScoringOptions(adjusted_rounding=AdjustedRounding.PLAIN)
PLAIN_EXACT = ScoringOptions(
    adjusted_rounding=AdjustedRounding.PLAIN, neuberg_rounding=Rounding.EXACT
)

HALF_420_HALF_170 = Weighted(((Fraction(1, 2), 420), (Fraction(1, 2), 170)))


@pytest.mark.parametrize(
    ("percent", "top", "options", "expected"),
    [
        # seed 004: "Med toppen 12 blir det alltså 8 poäng och 40% 4 poäng. Vid övriga
        # procentsatser avrundar man till närmsta hela tal."
        (60, 12, WHOLE, 8),  # 7.2 rounded up
        (40, 12, WHOLE, 4),  # 4.8 rounded down
        (50, 12, WHOLE, 6),
        (70, 12, WHOLE, 8),  # 8.4: any other percentage to the nearest whole point
        (30, 12, WHOLE, 4),  # 3.6: nearest, 4 (not down to 3)
        (65, 12, WHOLE, 8),  # 7.8 nearest
        (55, 12, WHOLE, 7),  # 6.6 nearest
        (45, 12, WHOLE, 5),  # 5.4 nearest
        (55, 10, WHOLE, 6),  # 5.5: halves up
        (60, 10, WHOLE, 6),  # exactly 6, nothing to round
        (60, 4, WHOLE, 3),  # 2.4 up (the club evening's top of 4)
        (40, 4, WHOLE, 1),  # 1.6 down
        (60, 6, WHOLE_ACBL, Fraction(4)),  # 3.6 up to the next half point: 4.0
        (40, 6, WHOLE_ACBL, 2),  # 2.4 down to 2.0
        (70, 6, WHOLE_ACBL, 4),  # 4.2 to the nearest half point: 4.0
        (50, 5, WHOLE_ACBL, Fraction(5, 2)),  # 2.5 is a whole tie unit already
        # Every award of 60% or more up, 40% or less down (the bounded reading).
        (60, 12, BOUNDED, 8),
        (40, 12, BOUNDED, 4),
        (70, 12, BOUNDED, 9),  # 8.4 up
        (30, 12, BOUNDED, 3),  # 3.6 down
        (55, 12, BOUNDED, 7),
        (70, 6, BOUNDED_ACBL, Fraction(9, 2)),  # 4.2 up to 4.5
        (60, 12, PLAIN, Fraction(72, 10)),
        (40, 12, PLAIN, Fraction(48, 10)),
        (60, 13, PLAIN, Fraction(78, 10)),
        (Fraction(200, 3), 12, PLAIN, 8),  # 66.67% of 12 = 8 exactly
        (Fraction(625, 10), 13, PLAIN, Fraction(81, 10)),  # 8.125 -> 8.1
        (Fraction(625, 10), 13, PLAIN_EXACT, Fraction(65, 8)),
    ],
)
def test_artificial_points(
    percent: Fraction, top: int, options: ScoringOptions, expected: Fraction
) -> None:
    assert artificial_points(Fraction(percent), Fraction(top), options) == expected


def test_artificial_points_rejects_a_percentage_outside_0_100() -> None:
    with pytest.raises(AdjustmentError, match="not 0-100"):
        artificial_points(Fraction(110), Fraction(12), PLAIN)


@pytest.mark.parametrize(
    ("own", "other", "expected"),
    [
        (Weighted.of(420), Weighted.of(170), 2),
        (Weighted.of(170), Weighted.of(170), 1),
        (Weighted.of(-50), Weighted.of(170), 0),
        # Law 12C1(c): half of a tie (420 = 420) and half of a win (420 > 170).
        (Weighted.of(420), HALF_420_HALF_170, Fraction(3, 2)),
        (HALF_420_HALF_170, Weighted.of(420), Fraction(1, 2)),
        (HALF_420_HALF_170, HALF_420_HALF_170, 1),  # 1/4 win + 1/2 tie + 1/4 loss
    ],
)
def test_compare(own: Weighted, other: Weighted, expected: Fraction) -> None:
    assert compare(own, other) == expected


def test_weighted_matchpoints_by_hand() -> None:
    # 420, 170, 50% 420 + 50% 170, 450. Worked by hand:
    # 420: 2 (v 170) + 1.5 (v weighted) + 0 = 3.5; 170: 0 + 0.5 + 0 = 0.5;
    # weighted: 0.5 + 1.5 + 0 = 2; 450: 6. Sum 12 = n(n - 1).
    outcomes = [Weighted.of(420), Weighted.of(170), HALF_420_HALF_170, Weighted.of(450)]
    assert weighted_matchpoints(outcomes) == [Fraction(7, 2), Fraction(1, 2), 2, 6]
    assert weighted_matchpoints(outcomes, Scale.ONE_HALF_ZERO) == [
        Fraction(7, 4),
        Fraction(1, 4),
        1,
        3,
    ]


def test_penalty_is_a_share_of_a_top() -> None:
    slow = Penalty(3, reason=PenaltyReason.SLOW_PLAY)
    assert slow.points(Fraction(12)) == Fraction(6, 5)  # 10% of 12
    assert Penalty(3, Fraction(25)).points(Fraction(10)) == Fraction(5, 2)
    assert str(PenaltyReason.FOULED_BOARD) == "fouled board"


@pytest.mark.parametrize("percent", [0, -10, 101])
def test_penalty_rejects_odd_percentages(percent: int) -> None:
    with pytest.raises(AdjustmentError, match="pair 4"):
        Penalty(4, Fraction(percent))


def test_slow_play_warning_first_then_10_percent_per_offence() -> None:
    assert slow_play_penalties(2, 1) == ()
    three = slow_play_penalties(2, 3)
    assert [p.note for p in three] == ["slow play, offence 2", "slow play, offence 3"]
    assert all(p.reason is PenaltyReason.SLOW_PLAY and p.percent == 10 for p in three)
    assert len(slow_play_penalties(2, 2, warning_first=False)) == 2
    assert slow_play_penalties(2, 0) == ()
    with pytest.raises(AdjustmentError, match="pair 2: -1"):
        slow_play_penalties(2, -1)
