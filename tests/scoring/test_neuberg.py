"""Neuberg's formula (rules.md §4) and its rounding, worked by hand."""

from fractions import Fraction

import pytest

from scoring.matchpoints import Scale
from scoring.neuberg import neuberg, round_half_up, round_points, unneuberg
from scoring.options import Rounding

# N = 7, n = 6 (the rules.md table with one +650 missing): among 6 results the NS
# matchpoints are 10, 8, 6, 4, 2, 0 and S' = (S + 1) * 7 / 6 - 1.
NEUBERG_7_FROM_6 = [
    (10, Fraction(71, 6)),  # 11*7/6 - 1 = 77/6 - 6/6
    (8, Fraction(57, 6)),  # 9*7/6 - 1 = 63/6 - 6/6 = 9.5
    (6, Fraction(43, 6)),  # 49/6 - 6/6
    (4, Fraction(29, 6)),
    (2, Fraction(15, 6)),
    (0, Fraction(1, 6)),
]


@pytest.mark.parametrize(("among", "factored"), NEUBERG_7_FROM_6)
def test_neuberg_n7_from_6(among: int, factored: Fraction) -> None:
    assert neuberg(among, 6, 7) == factored
    assert unneuberg(factored, 6, 7) == among


def test_neuberg_on_the_acbl_scale() -> None:
    # S' = (S + 0.5) * N / n - 0.5: a top of 5 among 6 -> 5.5 * 7 / 6 - 0.5 = 71/12 (half 71/6).
    assert neuberg(5, 6, 7, Scale.ONE_HALF_ZERO) == Fraction(71, 12)


def test_neuberg_changes_nothing_at_n_equal_to_n() -> None:
    assert neuberg(Fraction(7, 2), 9, 9) == Fraction(7, 2)


def test_a_lone_result_gets_the_average() -> None:
    # One result out of N = 9: S = 0 -> 1 * 9 - 1 = 8, half of the top 16.
    assert neuberg(0, 1, 9) == 8


def test_neuberg_rejects_no_results() -> None:
    with pytest.raises(ValueError, match="at least one result"):
        neuberg(0, 0, 7)
    with pytest.raises(ValueError, match="at least one result"):
        unneuberg(0, 3, 0)


@pytest.mark.parametrize(
    ("value", "rounding", "expected"),
    [
        (Fraction(71, 6), Rounding.TENTH, Fraction(118, 10)),  # 11.833 -> 11.8
        (Fraction(1, 6), Rounding.TENTH, Fraction(2, 10)),  # 0.1667 -> 0.2
        (Fraction(11, 4), Rounding.TENTH, Fraction(28, 10)),  # 2.75 -> 2.8, half up
        (Fraction(21, 4), Rounding.TENTH, Fraction(53, 10)),  # 5.25 -> 5.3
        (Fraction(11, 4), Rounding.HUNDREDTH, Fraction(275, 100)),
        (Fraction(71, 6), Rounding.HUNDREDTH, Fraction(1183, 100)),  # 11.8333 -> 11.83
        (Fraction(1, 8), Rounding.HUNDREDTH, Fraction(13, 100)),  # 0.125 -> 0.13
        (Fraction(71, 6), Rounding.EXACT, Fraction(71, 6)),
        (Fraction(-1, 4), Rounding.TENTH, Fraction(-2, 10)),  # halves go towards +infinity
    ],
)
def test_round_points(value: Fraction, rounding: Rounding, expected: Fraction) -> None:
    assert round_points(value, rounding) == expected


def test_round_half_up_to_a_step() -> None:
    assert round_half_up(Fraction(9, 4), Fraction(1, 2)) == Fraction(5, 2)  # 2.25 -> 2.5
    assert round_half_up(Fraction(5, 2)) == 3
    with pytest.raises(ValueError, match="positive"):
        round_half_up(Fraction(1), Fraction(0))
