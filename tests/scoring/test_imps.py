"""IMPs (Law 78B), team matches, IMPs across the field, Butler datum, Law 86A adjusted IMPs.

Expected numbers are read from the law's table (rules.md section 9, seed 004 "IMP-tabellen")
or worked out by hand in the comments.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.imps import (
    CrossImps,
    DatumRule,
    ImpError,
    SideImps,
    artificial_imps,
    board_imps,
    butler_imps,
    cross_imps,
    datum,
    imps,
    match_imps,
    round_half_away,
    team_imps,
    weighted_team_imps,
)
from scoring.outcome import Adjustment, Artificial, Weighted

# The table as printed in the law (first and last difference of each row, IMPs).
LAW_78B_ROWS = [
    (0, 10, 0), (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5),
    (220, 260, 6), (270, 310, 7), (320, 360, 8), (370, 420, 9), (430, 490, 10),
    (500, 590, 11), (600, 740, 12), (750, 890, 13), (900, 1090, 14), (1100, 1290, 15),
    (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18), (2000, 2240, 19),
    (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23),
]  # fmt: skip

BOUNDARIES = [(low, value) for low, _, value in LAW_78B_ROWS] + [
    (high, value) for _, high, value in LAW_78B_ROWS
]


@pytest.mark.parametrize(("difference", "expected"), BOUNDARIES)
def test_every_row_boundary_of_the_table(difference: int, expected: int) -> None:
    assert imps(difference) == expected
    assert imps(-difference) == -expected


@pytest.mark.parametrize("difference", [4000, 4010, 5000, 7600])
def test_4000_and_more_is_24(difference: int) -> None:
    assert imps(difference) == 24
    assert imps(-difference) == -24


@pytest.mark.parametrize(
    ("difference", "expected"),
    # Only averaged/weighted scores give these: the row is reached at its first figure.
    [(15, 0), (19, 0), (45, 1), (495, 10), (Fraction(85, 2), 1), (Fraction(-895, 2), -10)],
)
def test_differences_between_rows_take_the_row_reached(
    difference: int | Fraction, expected: int
) -> None:
    assert imps(difference) == expected


def test_every_multiple_of_ten_matches_the_printed_table() -> None:
    for low, high, value in LAW_78B_ROWS:
        for difference in range(low, high + 1, 10):
            assert imps(difference) == value, difference


def test_seed_team_example_400_and_50_is_10_imps() -> None:
    # Seed 004: +400 at one table, +50 at the other (NS there scored -50): 450 -> 10 IMPs.
    assert team_imps(400, -50) == 10
    # The other team's view of the same board.
    assert team_imps(-50, 400) == -10


def test_team_board_that_both_tables_played_alike_is_zero() -> None:
    assert team_imps(620, 620) == 0
    assert team_imps(620, 630) == 0  # 10 points: 0 IMPs


def test_weighted_assigned_score_weights_the_imps() -> None:
    # Here: 50% of +420 and 50% of +170; the other table NS -100.
    # 420 - -100 = 520 -> 11 IMPs; 170 - -100 = 270 -> 7 IMPs; weighted 9 IMPs.
    here = Weighted(((Fraction(1, 2), 420), (Fraction(1, 2), 170)))
    assert weighted_team_imps(here, Weighted.of(-100)) == 9
    # 1/3 of +620 and 2/3 of -100 against +170: 450 -> 10, -270 -> -7: 10/3 - 14/3 = -4/3.
    mixed = Weighted(((Fraction(1, 3), 620), (Fraction(2, 3), -100)))
    assert weighted_team_imps(mixed, Weighted.of(170)) == Fraction(-4, 3)


def test_match_totals_split_won_and_lost() -> None:
    total = match_imps([10, -3, 0, 5, Fraction(-3, 2)])
    assert total.won == 15
    assert total.lost == Fraction(9, 2)
    assert total.margin == Fraction(21, 2)


# Board with NS scores +420, +420, +170, -100 (worked by hand):
# +420: vs +420 0, vs +170 (250) 6, vs -100 (520) 11 -> 17, average 17/3
# +170: vs +420 twice (-250) -6 -6, vs -100 (270) 7 -> -5, average -5/3
# -100: vs +420 twice (-520) -11 -11, vs +170 (-270) -7 -> -29, average -29/3
CROSS_SCORES = [420, 420, 170, -100]


def test_cross_imps_average_by_hand() -> None:
    assert cross_imps(CROSS_SCORES) == [
        Fraction(17, 3),
        Fraction(17, 3),
        Fraction(-5, 3),
        Fraction(-29, 3),
    ]


def test_cross_imps_sum_option() -> None:
    assert cross_imps(CROSS_SCORES, CrossImps.SUM) == [17, 17, -5, -29]


def test_cross_imps_rounded_to_hundredths() -> None:
    rounded = cross_imps(CROSS_SCORES, rounding=Fraction(1, 100))
    assert rounded == [
        Fraction(567, 100),
        Fraction(567, 100),
        Fraction(-167, 100),
        Fraction(-967, 100),
    ]


def test_cross_imps_single_result_scores_zero() -> None:
    assert cross_imps([620]) == [0]


def test_cross_imps_needs_a_score() -> None:
    with pytest.raises(ImpError, match="at least one score"):
        cross_imps([])


@pytest.mark.parametrize(
    ("value", "step", "expected"),
    [
        (Fraction(125), Fraction(10), Fraction(130)),
        (Fraction(-125), Fraction(10), Fraction(-130)),
        (Fraction(124), Fraction(10), Fraction(120)),
        (Fraction(-124), Fraction(10), Fraction(-120)),
        (Fraction(1, 200), Fraction(1, 100), Fraction(1, 100)),
        (Fraction(-1, 200), Fraction(1, 100), Fraction(-1, 100)),
        (Fraction(1, 201), Fraction(1, 100), Fraction(0)),
    ],
)
def test_round_half_away_from_zero(value: Fraction, step: Fraction, expected: Fraction) -> None:
    assert round_half_away(value, step) == expected


PLAIN_MEAN = DatumRule(drop=0)


def test_datum_is_the_mean_rounded_to_ten() -> None:
    # (420 + 170 - 100 + 450) / 4 = 235 -> 240 (5 rounds away from zero)
    assert datum([420, 170, -100, 450], PLAIN_MEAN) == 240
    # (-100 - 150) / 2 = -125 -> -130
    assert datum([-100, -150], PLAIN_MEAN) == -130
    # 1/3 of (620 + 620 + 650) = 630 exactly
    assert datum([620, 620, 650], PLAIN_MEAN) == 630


def test_datum_leaves_out_top_and_bottom_by_default() -> None:
    # rules.md §9 and §15: Scandinavian programs leave out the top and bottom score.
    # sorted -100, 170, 420, 450: keep 170 and 420, mean 295 -> 300
    assert datum([420, 170, -100, 450]) == 300
    assert DatumRule() == DatumRule(drop=1, step=10)
    # sorted -100, 170, 420, 430, 450, two at each end left out: 420
    assert datum([420, 170, -100, 450, 430], DatumRule(drop=2)) == 420


def test_butler_imps_against_the_datum() -> None:
    # datum 240: 420 (+180) 5, 170 (-70) -2, -100 (-340) -8, 450 (+210) 5
    assert butler_imps([420, 170, -100, 450], PLAIN_MEAN) == [5, -2, -8, 5]
    # datum 300: +120 -> 3, -130 -> -4, -400 -> -9, +150 -> 4
    assert butler_imps([420, 170, -100, 450]) == [3, -4, -9, 4]


def test_datum_with_too_few_scores_to_trim_takes_the_plain_mean() -> None:
    # Two scores and one to leave out at each end: nothing would be left, so the plain
    # mean (420 + 170) / 2 = 295 -> 300; one score is its own datum.
    assert datum([420, 170]) == 300
    assert datum([-620]) == -620
    with pytest.raises(ImpError, match="at least one score"):
        datum([])


def test_bad_datum_rules_are_refused() -> None:
    with pytest.raises(ImpError):
        DatumRule(drop=-1)
    with pytest.raises(ImpError):
        DatumRule(step=0)


@pytest.mark.parametrize(("percent", "expected"), [(60, 3), (50, 0), (40, -3)])
def test_law_86a_artificial_scores(percent: int, expected: int) -> None:
    assert artificial_imps(Artificial(Fraction(percent))) == expected


def test_artificial_score_without_an_imp_value_is_refused() -> None:
    with pytest.raises(ImpError, match="70% has no IMP value"):
        artificial_imps(Artificial(Fraction(70)))


A60_40 = Adjustment(Artificial(Fraction(60)), Artificial(Fraction(40)))


def test_board_with_artificial_score_across_the_field() -> None:
    # The A60/A40 table is left out; the others compare among 420, 170, -100:
    # 420: 6 + 11 = 17 / 2; 170: -6 + 7 = 1 / 2; -100: -11 - 7 = -18 / 2.
    assert board_imps([420, 170, A60_40, -100]) == [
        SideImps(Fraction(17, 2), Fraction(-17, 2)),
        SideImps(Fraction(1, 2), Fraction(-1, 2)),
        SideImps(Fraction(3), Fraction(-3)),
        SideImps(Fraction(-9), Fraction(9)),
    ]


def test_board_with_artificial_score_butler() -> None:
    # datum of 420, 170, -100: 163.3 -> 160; 260 -> 6, 10 -> 0, -260 -> -6; A60/40 +3/-3
    assert [(s.ns, s.ew) for s in board_imps([420, 170, A60_40, -100], PLAIN_MEAN)] == [
        (6, -6),
        (0, 0),
        (3, -3),
        (-6, 6),
    ]
    # The default datum leaves out 420 and -100: 170. 250 -> 6, 0, -270 -> -7.
    assert [(s.ns, s.ew) for s in board_imps([420, 170, A60_40, -100], DatumRule())] == [
        (6, -6),
        (0, 0),
        (3, -3),
        (-7, 7),
    ]


def test_both_sides_average_plus_do_not_balance() -> None:
    both_60 = Adjustment(Artificial(Fraction(60)), Artificial(Fraction(60)))
    assert board_imps([both_60, 420])[0] == SideImps(Fraction(3), Fraction(3))


def test_split_assigned_score_is_compared_per_side() -> None:
    # Table 1: NS scored as +420, EW as +170 (split). Others: +420, -100.
    # NS 1: vs 420 0, vs -100 11 -> 11/2.  EW 1 (as NS +170): vs 420 -6, vs -100 7 -> 1/2,
    # so EW gets -1/2. Table 2 NS: vs 420 0, vs -100 11 -> 11/2; EW 2 against EW scores
    # 170 and -100: 420 - 170 -> 6, 420 + 100 -> 11 -> 17/2, EW -17/2.
    # Table 3 NS: -11, -11 -> -11; EW 3: -100 vs 170 -7, vs 420 -11 -> -9, EW +9.
    split = Adjustment(Weighted.of(420), Weighted.of(170))
    assert board_imps([split, 420, -100]) == [
        SideImps(Fraction(11, 2), Fraction(-1, 2)),
        SideImps(Fraction(11, 2), Fraction(-17, 2)),
        SideImps(Fraction(-11), Fraction(9)),
    ]


def test_weighted_score_in_butler() -> None:
    # 50% +420 / 50% +170 (mean 295), +420, -100: datum (295 + 420 - 100) / 3 = 205 -> 210.
    # Weighted: half of imps(210) = 5 and half of imps(-40) = -1 -> 2; 420: 5; -100: -7.
    half = Weighted(((Fraction(1, 2), 420), (Fraction(1, 2), 170)))
    result = board_imps([Adjustment(half, half), 420, -100], PLAIN_MEAN)
    assert [(s.ns, s.ew) for s in result] == [(2, -2), (5, -5), (-7, 7)]
    # Trimmed (the default): 420 and -100 left out, datum 295 -> 300 (halves away from 0).
    # Weighted: half of imps(120) = 3 and half of imps(-130) = -4 -> -1/2; 420: +120 -> 3;
    # -100: -400 -> -9.
    result = board_imps([Adjustment(half, half), 420, -100], DatumRule())
    assert [(s.ns, s.ew) for s in result] == [
        (Fraction(-1, 2), Fraction(1, 2)),
        (3, -3),
        (-9, 9),
    ]


def test_board_imps_rounding_and_empty_board() -> None:
    rounded = board_imps([420, 420, 170, -100], rounding=Fraction(1, 100))
    assert [s.ns for s in rounded] == [
        Fraction(567, 100),
        Fraction(567, 100),
        Fraction(-167, 100),
        Fraction(-967, 100),
    ]
    with pytest.raises(ImpError, match="at least one result"):
        board_imps([])


points = st.integers(min_value=-7600, max_value=7600).map(lambda value: value * 10)


@given(points)
def test_imps_are_odd(difference: int) -> None:
    assert imps(-difference) == -imps(difference)


@given(points, points)
def test_imps_never_decrease(first: int, second: int) -> None:
    low, high = sorted((first, second))
    assert imps(low) <= imps(high)


@given(st.lists(points, min_size=1, max_size=12))
def test_cross_imps_sum_to_zero_on_a_board(scores: list[int]) -> None:
    assert sum(cross_imps(scores, CrossImps.SUM)) == 0
    assert sum(cross_imps(scores)) == 0


@given(st.lists(points, min_size=1, max_size=10), st.randoms(use_true_random=False))
def test_cross_imps_follow_the_scores_not_their_order(
    scores: list[int], rnd: random.Random
) -> None:
    shuffled = list(scores)
    rnd.shuffle(shuffled)
    by_score = dict(zip(scores, cross_imps(scores), strict=True))
    assert cross_imps(shuffled) == [by_score[score] for score in shuffled]


@given(st.lists(points, min_size=1, max_size=10))
def test_board_imps_of_plain_scores_agree_with_cross_and_butler(scores: list[int]) -> None:
    assert [s.ns for s in board_imps(scores)] == cross_imps(scores)
    assert [s.ew for s in board_imps(scores)] == [-v for v in cross_imps(scores)]
    assert [s.ns for s in board_imps(scores, DatumRule())] == butler_imps(scores)
