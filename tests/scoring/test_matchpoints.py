"""Matchpoints per board (Law 78A, rules.md §3): the Swedish course's 7-result table."""

from fractions import Fraction

import pytest

from scoring.matchpoints import Scale, ew_matchpoints, matchpoints, percentage, top

# rules.md §3, worked example from the Swedish course: 7 results, top 12.
RULES_TABLE = [
    (650, 11, 1),
    (650, 11, 1),
    (630, 8, 4),
    (620, 6, 6),
    (-100, 4, 8),
    (-130, 2, 10),
    (-200, 0, 12),
]


def test_rules_table_on_the_two_one_zero_scale() -> None:
    scores = [row[0] for row in RULES_TABLE]
    ns = matchpoints(scores)
    assert ns == [row[1] for row in RULES_TABLE]
    assert [ew_matchpoints(p, 7) for p in ns] == [row[2] for row in RULES_TABLE]


def test_rules_table_on_the_acbl_scale_is_half() -> None:
    scores = [row[0] for row in RULES_TABLE]
    assert matchpoints(scores, Scale.ONE_HALF_ZERO) == [
        Fraction(11, 2),
        Fraction(11, 2),
        4,
        3,
        2,
        1,
        0,
    ]


def test_input_order_does_not_matter() -> None:
    assert matchpoints([-200, 650, 620, 650]) == [0, 5, 2, 5]


@pytest.mark.parametrize(
    ("results", "scale", "expected"),
    [
        (7, Scale.TWO_ONE_ZERO, 12),
        (13, Scale.TWO_ONE_ZERO, 24),
        (1, Scale.TWO_ONE_ZERO, 0),
        (7, Scale.ONE_HALF_ZERO, 6),
        (6, Scale.TWO_ONE_ZERO, 10),  # 13 pairs in a Howell: 6 tables, top 10 (rules.md §8)
        (8, Scale.TWO_ONE_ZERO, 14),  # 16 pairs: 8 tables, top 14
    ],
)
def test_top(results: int, scale: Scale, expected: int) -> None:
    assert top(results, scale) == expected


def test_top_needs_a_result() -> None:
    with pytest.raises(ValueError, match="at least one result"):
        top(0)


def test_percentage() -> None:
    assert percentage(Fraction(7), Fraction(12)) == Fraction(175, 3)
    with pytest.raises(ValueError, match="no matchpoints"):
        percentage(Fraction(1), Fraction(0))


def test_scale_values() -> None:
    assert (Scale.TWO_ONE_ZERO.win, Scale.TWO_ONE_ZERO.tie) == (2, 1)
    assert (Scale.ONE_HALF_ZERO.win, Scale.ONE_HALF_ZERO.tie) == (1, Fraction(1, 2))
    assert str(Scale.ONE_HALF_ZERO) == "1-0.5-0"
