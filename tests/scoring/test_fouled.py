"""Fouled boards (Law 87, seed 004 "Förvanskad bricka"), groups worked by hand."""

from fractions import Fraction as F

import pytest

from scoring.adjusted import PenaltyReason
from scoring.board_scoring import BoardLine, score_board
from scoring.fouled import fouling_penalty, small_group_percent
from scoring.matchpoints import Scale
from scoring.options import AdjustedRounding, FouledMethod, ScoringOptions
from scoring.outcome import parse_adjustment

# 8 tables (N = 8, top 14). Group 0 (the board as dealt): 650, 620, 600, 230, 200, -100;
# group 1 (the altered deal): 170 and 140.
GROUPS = [(620, 0), (650, 0), (600, 0), (170, 1), (140, 1), (200, 0), (230, 0), (-100, 0)]

# Most boards below are worked with plain percentages of the top (65% of 14 = 9.1); the
# default whole matchpoints of seed 004 are worked in test_small_groups_in_whole_points.
PLAIN = ScoringOptions(adjusted_rounding=AdjustedRounding.PLAIN)


def fouled_lines(groups: list[tuple[int, int]]) -> list[BoardLine]:
    return [BoardLine.plain(s, t, 10 + t, group=g) for t, (s, g) in enumerate(groups, start=1)]


def test_groups_neuberg_and_small_group_rule() -> None:
    board = score_board(fouled_lines(GROUPS), normal=8, options=PLAIN, board=4)
    assert board.fouled and board.top == 14
    ns = {r.ns_pair: r.ns for r in board.results}
    ew = {r.ns_pair: r.ew for r in board.results}
    # Group 0, among 6 (top 10): 650 10, 620 8, 600 6, 230 4, 200 2, -100 0;
    # Neuberg to 8: (S + 1) * 4/3 - 1 -> 41/3, 11, 25/3, 17/3, 3, 1/3.
    assert [ns[t].points for t in (2, 1, 3, 7, 6, 8)] == [
        F(41, 3),
        11,
        F(25, 3),
        F(17, 3),
        3,
        F(1, 3),
    ]
    assert [ns[t].rounded for t in (2, 1, 3, 7, 6, 8)] == [
        F("13.7"),
        11,
        F("8.3"),
        F("5.7"),
        3,
        F("0.3"),
    ]
    assert [ew[t].points for t in (2, 1, 3, 7, 6, 8)] == [
        F(1, 3),
        3,
        F(17, 3),
        F(25, 3),
        11,
        F(41, 3),
    ]
    assert all(ns[t].factored and ns[t].compared == 6 for t in (1, 2, 3, 6, 7, 8))
    # Group 1, two results at 8 tables: 65-55 of 14 = 9.1 and 7.7, the other way for EW.
    assert (ns[4].points, ns[5].points) == (F("9.1"), F("7.7"))
    assert (ew[4].points, ew[5].points) == (F("7.7"), F("9.1"))
    assert (ns[4].award, ew[4].award) == (65, 55)
    assert not ns[4].session_floor


def test_groups_without_the_small_group_rule_use_neuberg() -> None:
    options = ScoringOptions(fouled_small_group_rule=False)
    board = score_board(fouled_lines(GROUPS), 8, options)
    ns = {r.ns_pair: r.ns for r in board.results}
    # Among 2: 170 -> 2, 140 -> 0; (S + 1) * 8/2 - 1 -> 11 and 3.
    assert (ns[4].points, ns[5].points) == (11, 3)
    assert ns[4].award is None and ns[4].compared == 2


def test_small_group_rule_needs_seven_tables() -> None:
    # 6 tables: 4 in group 0, 2 in group 1 -> Neuberg, top 10: among 2 -> (2+1)*3 - 1 = 8, 2.
    groups = [(100, 0), (200, 0), (300, 0), (400, 0), (170, 1), (140, 1)]
    board = score_board(fouled_lines(groups), normal=6)
    assert (board.results[4].ns.points, board.results[5].ns.points) == (8, 2)


def test_three_results_with_a_tie_share_70_and_60() -> None:
    # 7 tables; group 1 holds 170, 170, 140: among 3 -> 3, 3, 0 -> 65%, 65%, 50% of 12.
    groups = [(100, 0), (200, 0), (300, 0), (400, 0), (170, 1), (170, 1), (140, 1)]
    board = score_board(fouled_lines(groups), normal=7, options=PLAIN)
    assert [r.ns.points for r in board.results[4:]] == [F("7.8"), F("7.8"), 6]
    assert [r.ew.points for r in board.results[4:]] == [F("6.6"), F("6.6"), F("8.4")]


def test_small_groups_in_whole_points() -> None:
    # Whole matchpoints (the default): the small-group awards are rounded 60% or more up,
    # 40% or less down, the rest to the nearest (scoring.fouled.small_group_rounding).
    # The group of three above, top 12:
    # NS 65% = 7.8 -> 8, 65% -> 8, 50% = 6; EW 55% = 6.6 -> 7, 55% -> 7, 70% = 8.4 -> 9.
    groups = [(100, 0), (200, 0), (300, 0), (400, 0), (170, 1), (170, 1), (140, 1)]
    board = score_board(fouled_lines(groups), normal=7)
    assert [r.ns.points for r in board.results[4:]] == [8, 8, 6]
    assert [r.ew.points for r in board.results[4:]] == [7, 7, 9]
    # A lone result at 7 tables: 60-60, and 60% of 12 = 7.2 is rounded up: 8 each.
    groups = [(100, 0), (200, 0), (300, 0), (400, 0), (450, 0), (500, 0), (170, 1)]
    lone = score_board(fouled_lines(groups), normal=7).results[6]
    assert (lone.ns.points, lone.ew.points) == (8, 8)


# Seed 004's awards at 7 tables (top 12) and 8 tables (top 14), by hand:
# 70% 8.4 -> 9, 60% 7.2 -> 8, 50% 6 -> 6; 65% 7.8 -> 8, 55% 6.6 -> 7;
# 70% 9.8 -> 10, 60% 8.4 -> 9, 50% 7 -> 7; 65% 9.1 -> 10, 55% 7.7 -> 8.
# On 1-0.5-0 at 7 tables (top 6, whole = 0.5): 70% 4.2 -> 4.5, 60% 3.6 -> 4, 50% 3;
# 65% 3.9 -> 4, 55% 3.3 -> 3.5. The nearest whole point would give 70% and 60% 8 each at 12.
@pytest.mark.parametrize(
    ("tables", "scale", "group", "ns_points"),
    [
        (7, Scale.TWO_ONE_ZERO, [170, 140, 110], [9, 8, 6]),
        (7, Scale.TWO_ONE_ZERO, [170, 140], [8, 7]),
        (8, Scale.TWO_ONE_ZERO, [170, 140, 110], [10, 9, 7]),
        (8, Scale.TWO_ONE_ZERO, [170, 140], [10, 8]),
        (7, Scale.ONE_HALF_ZERO, [170, 140, 110], [F("4.5"), 4, 3]),
        (7, Scale.ONE_HALF_ZERO, [170, 140], [4, F("3.5")]),
    ],
)
def test_seed_004_awards_keep_their_order_in_whole_points(
    tables: int, scale: Scale, group: list[int], ns_points: list[F]
) -> None:
    others = [100, 200, 300, 400, 450, 500, 550][: tables - len(group)]
    groups = [(s, 0) for s in others] + [(s, 1) for s in group]
    board = score_board(fouled_lines(groups), tables, ScoringOptions(scale=scale))
    small = board.results[len(others) :]
    assert [r.ns.points for r in small] == ns_points
    assert [r.ew.points for r in small] == list(reversed(ns_points))


@pytest.mark.parametrize(
    ("points", "results", "expected"),
    [
        (0, 1, 60),
        (2, 2, 65),
        (0, 2, 55),
        (1, 2, 60),
        (4, 3, 70),
        (2, 3, 60),
        (0, 3, 50),
        (3, 3, 65),
    ],
)
def test_small_group_percent(points: int, results: int, expected: int) -> None:
    assert small_group_percent(F(points), results, ScoringOptions()) == expected


def test_small_group_percent_on_the_acbl_scale_and_bad_sizes() -> None:
    acbl = ScoringOptions(scale=Scale.ONE_HALF_ZERO)
    assert small_group_percent(F(1), 2, acbl) == 65
    with pytest.raises(ValueError, match="1 to 3"):
        small_group_percent(F(0), 4, ScoringOptions())


def test_a_lone_result_gets_60_percent_or_its_session_average() -> None:
    # 6 tables (no small-group rule): group 1 has one result: both sides 60% of 10 = 6.
    groups = [(100, 0), (200, 0), (300, 0), (400, 0), (450, 0), (170, 1)]
    board = score_board(fouled_lines(groups), normal=6)
    lone = board.results[5]
    assert (lone.ns.points, lone.ew.points) == (6, 6)
    assert lone.ns.session_floor and lone.ew.session_floor and lone.ns.award == 60
    # Group 0: 5 results to 6: among 5 the 450 gets 8 -> 9 * 6/5 - 1 = 9.8.
    assert board.results[4].ns.points == F("9.8")


def test_plus_one_method_and_group_top_at_least_60_percent() -> None:
    # By hand (seed 004 "Uträkning"): topscore in the group + 1 per result not comparable.
    # Group 1 of 2 at N = 8: 170 -> 2 + 6 = 8, 140 -> 0 + 6 = 6; group top 8 < 60% of 14 = 8.4,
    # so the Norwegian rule factors the group by 8.4 / 8: 8.4 and 6.3.
    plain = ScoringOptions(
        fouled_method=FouledMethod.PLUS_ONE,
        fouled_small_group_rule=False,
        fouled_group_top_at_least_60=False,
    )
    board = score_board(fouled_lines(GROUPS), 8, plain)
    ns = {r.ns_pair: r.ns for r in board.results}
    assert (ns[4].points, ns[5].points) == (8, 6)
    assert (ns[2].points, ns[1].points, ns[8].points) == (12, 10, 2)  # group 0: S + 2
    lifted = ScoringOptions(fouled_method=FouledMethod.PLUS_ONE, fouled_small_group_rule=False)
    board = score_board(fouled_lines(GROUPS), 8, lifted)
    ns = {r.ns_pair: r.ns for r in board.results}
    assert (ns[4].points, ns[5].points) == (F("8.4"), F("6.3"))
    assert ns[2].points == 12  # group 0's top 12 >= 8.4: untouched


def test_artificial_score_inside_a_group() -> None:
    # 8 tables; table 3 (group 0) has A60/40, so group 0 compares 5 results.
    groups = fouled_lines(GROUPS)
    groups[2] = BoardLine.from_adjustment(3, 13, parse_adjustment("A60/40"))
    board = score_board(groups, 8, PLAIN)
    assert (board.results[2].ns.points, board.results[2].ew.points) == (F("8.4"), F("5.6"))
    # 650 among 5 (620, 650, 200, 230, -100): top 8 -> 9 * 8/5 - 1 = 13.4.
    assert board.results[1].ns.points == F("13.4")


def test_fouling_penalty() -> None:
    penalty = fouling_penalty(pair=5, board=4)
    assert (penalty.pair, penalty.board, penalty.percent) == (5, 4, 10)
    assert penalty.reason is PenaltyReason.FOULED_BOARD
    assert penalty.points(F(14)) == F("1.4")


def test_lone_result_at_seven_tables_is_a_flat_60_60() -> None:
    # 7 tables (top 12): group 1 holds one result, so the small-group rule gives 60-60:
    # 60% of 12 = 7.2 each, flat (no session average), unlike the lone result at 6 tables.
    groups = [(100, 0), (200, 0), (300, 0), (400, 0), (450, 0), (500, 0), (170, 1)]
    lone = score_board(fouled_lines(groups), normal=7, options=PLAIN).results[6]
    assert (lone.ns.points, lone.ew.points) == (F("7.2"), F("7.2"))
    assert (lone.ns.award, lone.ew.award) == (60, 60)
    assert not (lone.ns.session_floor or lone.ew.session_floor)


def test_plus_one_and_group_top_at_least_60_percent_on_the_acbl_scale() -> None:
    # The group of two at N = 8 on 1-0.5-0 (top 7): within 1 and 0, plus 0.5 per result not
    # comparable (6 of them): 4 and 3. Its top 4 < 60% of 7 = 4.2: x 4.2/4 -> 4.2 and 3.15,
    # the same 60% and 45% as 8.4 and 6.3 of 14 on 2-1-0.
    options = ScoringOptions(
        scale=Scale.ONE_HALF_ZERO,
        fouled_method=FouledMethod.PLUS_ONE,
        fouled_small_group_rule=False,
    )
    board = score_board(fouled_lines(GROUPS), 8, options)
    ns = {r.ns_pair: r.ns for r in board.results}
    assert board.top == 7
    assert (ns[4].points, ns[5].points) == (F("4.2"), F("3.15"))
    assert (ns[4].rounded, ns[5].rounded) == (F("4.2"), F("3.2"))  # 3.15 half up
    assert (ns[4].percent, ns[5].percent) == (60, 45)
    assert ns[2].points == 6  # group 0: 650 is 5 among 6 (top 5), + 0.5 x 2
