"""Leveling across sessions (rules.md §8, seed 004 "Nivellering"), worked by hand."""

from fractions import Fraction as F

import pytest

from scoring.adjusted import Penalty
from scoring.board_scoring import BoardLine, score_board
from scoring.leveling import LevelingError, level_factor, level_sessions
from scoring.options import LevelingMethod, Rounding
from scoring.session import SessionScore, score_session


def session_1(penalties: tuple[Penalty, ...] = ()) -> SessionScore:
    # 13 pairs, top 10 (N = 6): one board; pair 1 (NS) has the top, so pair 11 (EW) has 0.
    board = score_board(
        [BoardLine.plain(s, t, 10 + t) for t, s in enumerate([500, 400, 300, 200, 100, 0], 1)],
        6,
        board=1,
    )
    return score_session([board], penalties=penalties)


def session_2() -> SessionScore:
    # 16 pairs, top 14 (N = 8): two boards; pair 1 beats 3 and ties 1 on each: 7 of 14.
    scores = [100, 100, 200, 300, 400, 0, -50, -100]
    boards = [
        score_board(
            [BoardLine.plain(s, t, 10 + t) for t, s in enumerate(scores, 1)], 8, board=number
        )
        for number in (1, 2)
    ]
    return score_session(boards)


def test_level_factor_rules_example() -> None:
    assert level_factor(10, 14) == F(7, 5)  # 1.4
    with pytest.raises(LevelingError, match="cannot level"):
        level_factor(0, 14)


def test_factor_to_common_top() -> None:
    totals = {t.pair: t for t in level_sessions([session_1(), session_2()])}
    pair_1 = totals[1]
    # 10 x 1.4 + 7 + 7 = 28 of 14 + 28 = 42: 66.67%. Plain averaging would say (100 + 50) / 2.
    assert (pair_1.points, pair_1.max_points, pair_1.percent) == (28, 42, F(200, 3))
    assert (pair_1.boards, pair_1.sessions) == (3, 2)
    assert (totals[11].points, totals[11].max_points) == (14, 42)  # 0 + 7 + 7
    # Pair 17 (EW v -50, which beats only -100: NS 2) has 12 twice, in session 2 only.
    assert (totals[17].points, totals[17].max_points, totals[17].sessions) == (24, 28, 1)


def test_board_weighted_percentage_agrees_and_is_not_the_plain_mean() -> None:
    totals = {
        t.pair: t
        for t in level_sessions(
            [session_1(), session_2()], LevelingMethod.BOARD_WEIGHTED_PERCENTAGE
        )
    }
    # (100% x 1 board + 50% x 2 boards) / 3 boards.
    assert totals[1].percent == F(200, 3)
    assert totals[1].percent != (100 + 50) / 2
    assert totals[1].points == 28


def test_target_top_carry_over_and_penalties() -> None:
    totals = {t.pair: t for t in level_sessions([session_1(), session_2()], target_top=10)}
    assert (totals[1].points, totals[1].max_points) == (20, 30)  # 10 + 7 x 10/14 x 2
    carried = {t.pair: t for t in level_sessions([session_1(), session_2()], carry_over={1: F(5)})}
    assert (carried[1].points, carried[1].carry_over, carried[1].percent) == (33, 5, F(200, 3))
    penalised = level_sessions([session_1((Penalty(1),)), session_2()])
    assert penalised[0].pair == 1 and penalised[0].points == F("26.6")  # 28 - 1 x 1.4


def test_rounding_of_leveled_session_totals() -> None:
    # Pair 2: 400 in session 1 -> 8 of 10; 100 in session 2 (ties pair 1, beats three) -> 7.
    # Target 11: 8 x 1.1 = 8.8 and 7 x 11/14 x 2 = 11.
    totals = {t.pair: t for t in level_sessions([session_1(), session_2()], target_top=11)}
    assert totals[2].points == F("19.8")
    # Pair 3: 300 -> 6 of 10; 200 -> 10 of 14 twice. Target 3: 6 x 0.3 = 1.8 and
    # 20 x 3/14 = 30/7 = 4.2857 -> 4.3 when each session's leveled total is rounded.
    exact = {t.pair: t for t in level_sessions([session_1(), session_2()], target_top=3)}
    assert exact[3].points == F("1.8") + F(30, 7)
    rounded = {
        t.pair: t
        for t in level_sessions([session_1(), session_2()], target_top=3, rounding=Rounding.TENTH)
    }
    assert rounded[3].points == F("6.1")


def test_errors() -> None:
    with pytest.raises(LevelingError, match="at least one session"):
        level_sessions([])
    with pytest.raises(LevelingError, match=r"\[99\]"):
        level_sessions([session_1()], carry_over={99: F(1)})
