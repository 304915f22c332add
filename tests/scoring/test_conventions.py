"""Other programs' conventions as named options (rules.md §15), each worked by hand.

Every figure below is computed in the comment above it from the laws and the option's
definition, never taken from our own output.
"""

from fractions import Fraction as F

import pytest

from scoring.board_scoring import BoardLine, score_board
from scoring.imp_totals import imp_total, imp_totals
from scoring.imps import (
    ArtificialImps,
    CrossImps,
    DatumRule,
    board_imps,
    imp_board,
    round_half_away,
    team_board_imps,
)
from scoring.matchpoints import Scale
from scoring.neuberg import round_points, round_to
from scoring.options import (
    FewerBoards,
    ImpTotals,
    Rounding,
    ScoringOptions,
    SitoutCredit,
    TieRounding,
)
from scoring.outcome import Adjustment, Artificial, Weighted, parse_adjustment
from scoring.session import score_session

UP, AWAY, EVEN = TieRounding.HALF_UP, TieRounding.HALF_AWAY_FROM_ZERO, TieRounding.HALF_TO_EVEN
A60_40 = Adjustment(Artificial(F(60)), Artificial(F(40)))


# --- rounding of exact ties -------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "ties", "expected"),
    [
        # rules.md §15: Compscore prints 12.6 where half up gives 12.7 for 12.65.
        ("12.65", UP, "12.7"),
        ("12.65", AWAY, "12.7"),
        ("12.65", EVEN, "12.6"),
        ("12.75", EVEN, "12.8"),  # 7 is odd: up to the even 8
        ("-0.25", UP, "-0.2"),  # towards +infinity
        ("-0.25", AWAY, "-0.3"),
        ("-0.25", EVEN, "-0.2"),
        ("12.66", EVEN, "12.7"),  # not a tie: nearest, whatever the rule
        ("12.64", UP, "12.6"),
    ],
)
def test_exact_ties_to_a_tenth(value: str, ties: TieRounding, expected: str) -> None:
    assert round_to(F(value), F(1, 10), ties) == F(expected)
    assert round_points(F(value), Rounding.TENTH, ties) == F(expected)


def test_half_to_even_on_a_factored_board() -> None:
    # 20 different scores on a board normally played 21 times (2-1-0, top 40). Among 20 the
    # lowest scores 0, the third lowest 4 (it beats two); Neuberg S' = (S + 1) * 21/20 - 1:
    #   lowest: 21/20 - 1 = 0.05      -> half up 0.1, half to even 0.0
    #   third:  5 * 21/20 - 1 = 4.25  -> half up 4.3, half to even 4.2
    #   its EW: S = 38 - 4 = 34, 35 * 21/20 - 1 = 35.75 -> 35.8 either way (7 odd -> 8)
    scores = [10 * i for i in range(20)]
    half_up = score_board(scores, 21)
    even = score_board(scores, 21, ScoringOptions(ties=EVEN))
    assert [half_up.results[i].ns.rounded for i in (0, 2)] == [F("0.1"), F("4.3")]
    assert [even.results[i].ns.rounded for i in (0, 2)] == [0, F("4.2")]
    assert even.results[2].ew.rounded == half_up.results[2].ew.rounded == F("35.8")
    assert even.results[2].ns.points == F("4.25")  # the exact value is kept beside


# --- the session percentage from the total rounded to 0.01 (ACBLscore) -------------------


def test_percentage_from_the_total_rounded_to_a_hundredth() -> None:
    # One board on 1-0.5-0 normally played 4 times (top 3), three results +420, +400, +100.
    # Among 3 (top 2) +420 scores 2; Neuberg (S + 0.5) * 4/3 - 0.5 = 17/6 = 2.8333...
    # Exact: 17/6 of 3 = 94.444...%. ACBLscore rounds the total first: 2.83 of 3 = 94.333...%.
    lines = [BoardLine.plain(420, 1, 4), BoardLine.plain(400, 2, 5), BoardLine.plain(100, 3, 6)]
    exact = ScoringOptions(
        scale=Scale.ONE_HALF_ZERO, neuberg_rounding=Rounding.EXACT, totals_from_rounded=False
    )
    acbl = ScoringOptions(
        scale=Scale.ONE_HALF_ZERO,
        neuberg_rounding=Rounding.EXACT,
        totals_from_rounded=False,
        percentage_from_total_rounded_to=Rounding.HUNDREDTH,
    )
    for options, percent in ((exact, F(850, 9)), (acbl, F("2.83") * 100 / 3)):
        session = score_session([score_board(lines, 4, options, board=1)], options)
        assert session.pair(1).points == F(17, 6)
        assert session.pair(1).percent == percent


# --- cross-IMPs: artificial scores and totals -------------------------------------------


def test_artificial_score_law_86a_or_per_comparison() -> None:
    # +420, +170, A60/40, -100 across the field. The three results compare among themselves
    # (2 comparisons each): 420: imps(250) 6 + imps(520) 11 = 17; 170: -6 + 7 = 1;
    # -100: -11 - 7 = -18. Averaged: 17/2, 1/2, -9.
    # Law 86A: A60 +3, A40 -3 for the board, in either form.
    board = [420, 170, A60_40, -100]
    assert board_imps(board)[1:3] == board_imps(board, CrossImps.AVERAGE)[1:3]
    law = board_imps(board, CrossImps.SUM)
    assert (law[2].ns, law[2].ew) == (3, -3)
    assert law[0].ns == 17
    # 1.5 IMPs per comparison (a program's setting): A60 would have had 3 comparisons
    # (420, 170, -100): averaged +1.5, summed +4.5; A40 -1.5 / -4.5.
    per = ArtificialImps(F(3, 2))
    averaged = board_imps(board, CrossImps.AVERAGE, artificial=per)
    summed = board_imps(board, CrossImps.SUM, artificial=per)
    assert (averaged[2].ns, averaged[2].ew) == (F(3, 2), F(-3, 2))
    assert (summed[2].ns, summed[2].ew) == (F(9, 2), F(-9, 2))
    assert averaged[0].ns == F(17, 2)  # the compared results do not change


def test_imp_board_follows_the_options() -> None:
    # +420, +420, +170, -100 (test_imps: 17/3, 17/3, -5/3, -29/3 averaged).
    scores = [420, 420, 170, -100]
    rounded = imp_board(scores, ScoringOptions(cross_imp_rounding=Rounding.HUNDREDTH))
    assert [s.ns for s in rounded] == [F("5.67"), F("5.67"), F("-1.67"), F("-9.67")]
    summed = imp_board(scores, ScoringOptions(cross_imps=CrossImps.SUM))
    assert [s.ns for s in summed] == [17, 17, -5, -29]
    # Butler with the default datum (420 and -100 left out: (420 + 170) / 2 = 295 -> 300):
    # +120 -> 3, +120 -> 3, -130 -> -4, -400 -> -9.
    butler = imp_board(scores, ScoringOptions(), butler=True)
    assert [s.ns for s in butler] == [3, 3, -4, -9]
    plain_mean = imp_board(scores, ScoringOptions(datum_drop=0), butler=True)
    # (420 + 420 + 170 - 100) / 4 = 227.5 -> 230: +190 5, 5, -60 -2, -330 -8
    assert [s.ns for s in plain_mean] == [5, 5, -2, -8]
    assert DatumRule.of(ScoringOptions(datum_drop=2, datum_step=50)) == DatumRule(2, 50)


def test_cross_imp_rounding_ties_away_or_to_even() -> None:
    # Cross-IMPs rounded to 0.01 keep NS and EW mirrored: an exact tie goes away from zero
    # (0.125 -> 0.13, -0.125 -> -0.13), or to even when the event says so (0.12, -0.12).
    assert round_half_away(F(1, 8), F(1, 100)) == F("0.13")
    assert round_to(F(1, 8), F(1, 100), EVEN) == F("0.12")
    assert round_half_away(F(-1, 8), F(1, 100)) == F("-0.13")
    assert round_to(F(-1, 8), F(1, 100), EVEN) == F("-0.12")


# --- totals: per board, Butler sit-out credit, the fewer-boards factor -------------------


def test_imp_totals_sum_or_per_board() -> None:
    # Board IMPs 5, -2, 3/2 over three boards: sum 9/2; per board 3/2.
    assert imp_total(1, [5, -2, F(3, 2)], ScoringOptions(), 3).total == F(9, 2)
    per_board = ScoringOptions(imp_totals=ImpTotals.PER_BOARD)
    assert imp_total(1, [5, -2, F(3, 2)], per_board, 3).total == F(3, 2)


def test_butler_sitout_credit_is_the_average_per_board_played() -> None:
    # Pair 7 played 6 boards for +9 IMPs and sat out a round of 2 boards: its average 9/6 =
    # 1.5 per board, credited 2 x 1.5 = 3; total 12. Without credit the total stays 9.
    average = ScoringOptions(sitout_credit=SitoutCredit.AVERAGE)
    credited = imp_total(7, [3, -1, 4, 0, 2, 1], average, 8, sitout_boards=2)
    assert (credited.sitout_imps, credited.total) == (3, 12)
    assert credited.per_board == F(12, 8)
    assert imp_total(7, [3, -1, 4, 0, 2, 1], ScoringOptions(), 8, sitout_boards=2).total == 9


def test_fewer_boards_factor_scales_the_imp_total() -> None:
    # 8 boards in the session; pair 3 played 6 for -4 IMPs: x 8/6 -> -16/3. Pair 1 played all
    # 8 for +10: factor 1. As played (the default) nothing is scaled.
    scaled = ScoringOptions(fewer_boards=FewerBoards.SCALE_TO_SESSION)
    totals = imp_totals({1: [2] * 4 + [1] * 2 + [0] * 2, 3: [-1, -1, -1, -1, 0, 0]}, scaled)
    assert (totals[1].total, totals[1].factor) == (10, 1)
    assert (totals[3].total, totals[3].factor) == (F(-16, 3), F(4, 3))
    as_played = imp_totals({1: [2] * 5, 3: [-1] * 4}, ScoringOptions())
    assert as_played[3].total == -4
    # A sit-out credit fills the boards: pair 3 credited for 2 boards is not scaled.
    both = ScoringOptions(
        fewer_boards=FewerBoards.SCALE_TO_SESSION, sitout_credit=SitoutCredit.AVERAGE
    )
    filled = imp_totals({1: [1] * 8, 3: [-1] * 6}, both, sitouts={3: 2})
    assert (filled[3].sitout_imps, filled[3].factor, filled[3].total) == (-2, 1, -8)


# --- team boards: the one implementation --------------------------------------------------


def test_team_board_plain_split_and_artificial() -> None:
    # Seed 004: +400 at one table and +50 to the same team (sitting EW) at the other, where
    # NS scored -50: 400 + 50 = 450 -> 10 IMPs; the other team -10.
    assert team_board_imps(400, -50) == (10, -10)
    # A split score at this table: NS (team 1) is scored +620, EW (team 2) as +170.
    # The other table: team 2 NS +100. Team 1: 620 - 100 = 520 -> 11. Team 2: its NS +100
    # there against its EW score here, -170 for it: 100 - 170 = -70 -> -2. They need not
    # balance (rules.md §5: each side in its own field).
    split = Adjustment(Weighted.of(620), Weighted.of(170))
    assert team_board_imps(split, 100) == (11, -2)
    # A60/40 at this table: team 1 (NS, A60) +3, team 2 (EW, A40) -3 (Law 86A).
    assert team_board_imps(A60_40, 420) == (3, -3)
    # An artificial score at the other table belongs to the team sitting there:
    # team 1 sits EW there with A40 -> -3; team 2 NS there with A60 -> +3.
    assert team_board_imps(420, A60_40) == (-3, 3)
    # 50% of +420 and 50% of +170 at this table against +170 there: half of imps(250) = 6
    # and half of imps(0) = 0 -> 3 for team 1, -3 for team 2.
    weighted = parse_adjustment("50% +420, 50% +170")
    assert team_board_imps(weighted, 170) == (3, -3)


# --- sit-out credit per board (Ruter's "Bye" line) ---------------------------------------


def test_sitout_credit_per_board_is_the_average_rounded_like_a_board() -> None:
    from scoring.sitout import sitout_award

    per_board = ScoringOptions(sitout_credit=SitoutCredit.AVERAGE_PER_BOARD)
    # Top 8; pair 1 played 6 boards for 25.8: 4.3 a board (53.75%), credited for the one
    # board it sat out: 4.3, maximum 8 (Ruter prints it centred: 4.3 - 4 = +0.3, 54%).
    award = sitout_award(1, F("25.8"), 6, 1, 1, F(8), per_board)
    assert (award.points, award.max_points) == (F("4.3"), 8)
    # 25.9 / 6 = 4.3166... -> 4.3 (to 0.1); two boards sat out (a round of 2): 8.6 of 16.
    award = sitout_award(1, F("25.9"), 6, 1, 2, F(8), per_board)
    assert (award.points, award.max_points) == (F("8.6"), 16)
    # The seed 004 rule (per round, whole points): 25.9 / 3 rounds = 8.63 -> 9 for the round.
    seed = ScoringOptions(sitout_credit=SitoutCredit.AVERAGE)
    assert sitout_award(1, F("25.9"), 6, 1, 2, F(8), seed).points == 9
