"""Total-point scoring (Law 78C, rules.md §9), worked by hand."""

from fractions import Fraction as F

import pytest

from scoring.contract import Side
from scoring.errors import AdjustmentError
from scoring.outcome import Artificial, Weighted
from scoring.totalpoints import side_points, total_points

HALF_420_HALF_170 = Weighted(((F(1, 2), 420), (F(1, 2), 170)))


def test_total_is_the_sum_from_the_pairs_own_side() -> None:
    # NS +420; EW where NS went -100 (EW +100); NS 50% of +420 / 50% of +170 (+295);
    # EW where NS made +620 (EW -620): 420 + 100 + 295 - 620 = 195.
    boards = [
        (Side.NS, 420),
        (Side.EW, -100),
        (Side.NS, HALF_420_HALF_170),
        (Side.EW, Weighted.of(620)),
    ]
    assert total_points(boards) == 195
    assert total_points([]) == 0


def test_side_points() -> None:
    assert side_points(-50, Side.NS) == -50
    assert side_points(-50, Side.EW) == 50
    assert side_points(HALF_420_HALF_170, Side.EW) == -295


def test_artificial_score_has_no_total_point_value() -> None:
    with pytest.raises(AdjustmentError, match="60% has no value in total points"):
        total_points([(Side.NS, Artificial(F(60)))])
