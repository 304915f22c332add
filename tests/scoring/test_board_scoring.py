"""One board in matchpoints, worked by hand: missing results, split, weighted, A60/40."""

from dataclasses import replace
from fractions import Fraction as F

import numpy as np
import pytest

from scoring.board_scoring import BoardLine, score_board
from scoring.contract import Contract, Seat, Side
from scoring.errors import BoardError
from scoring.matchpoints import Scale
from scoring.options import AdjustedRounding, Rounding, ScoringOptions
from scoring.outcome import Adjustment, Artificial, Weighted, parse_adjustment
from scoring.traveller import Source, TravellerRow

EXACT = ScoringOptions(neuberg_rounding=Rounding.EXACT)
PLAIN = ScoringOptions(adjusted_rounding=AdjustedRounding.PLAIN)


def lines(*scores: int) -> list[BoardLine]:
    """Table t: NS pair t against EW pair 10 + t."""
    return [BoardLine.plain(s, t, 10 + t) for t, s in enumerate(scores, start=1)]


def test_rules_table_seven_results_top_12() -> None:
    board = score_board(lines(650, 650, 630, 620, -100, -130, -200), normal=7, board=1)
    assert board.top == 12
    assert [r.ns.points for r in board.results] == [11, 11, 8, 6, 4, 2, 0]
    assert [r.ew.points for r in board.results] == [1, 1, 4, 6, 8, 10, 12]
    assert not any(r.ns.factored or r.ns.adjusted for r in board.results)
    assert board.results[2].ns.percent == F(200, 3)  # 8 of 12
    assert board.ns_sum() == 42  # n(n-1) = 7 * 6


def test_bare_integers_are_plain_scores() -> None:
    board = score_board([650, 650, 630, 620, -100, -130, -200], 7)
    assert [r.ns.points for r in board.results] == [11, 11, 8, 6, 4, 2, 0]
    numpy_ints = score_board(list(np.array([650, -100, 620], dtype=np.int64)), 3)
    assert [r.ns.points for r in numpy_ints.results] == [4, 0, 2]
    mixed = score_board([BoardLine.plain(650, 1, 11), -100], 2)
    assert [r.ns.points for r in mixed.results] == [2, 0]
    with pytest.raises(TypeError):
        score_board([6.5], 2)  # type: ignore[list-item]


def test_missing_result_n6_of_7_factored_with_neuberg() -> None:
    # Among 6: 10, 8, 6, 4, 2, 0; S' = (S + 1) * 7/6 - 1 (see test_neuberg).
    board = score_board(lines(650, 630, 620, -100, -130, -200), normal=7)
    ns = [r.ns for r in board.results]
    ew = [r.ew for r in board.results]
    assert [s.points for s in ns] == [F(71, 6), F(57, 6), F(43, 6), F(29, 6), F(15, 6), F(1, 6)]
    assert [s.rounded for s in ns] == [F("11.8"), F("9.5"), F("7.2"), F("4.8"), F("2.5"), F("0.2")]
    assert [s.rounded for s in ew] == [F("0.2"), F("2.5"), F("4.8"), F("7.2"), F("9.5"), F("11.8")]
    assert all(s.factored and s.compared == 6 for s in ns + ew)
    assert all(r.ns.points + r.ew.points == 12 for r in board.results)


def test_rounding_per_side_can_leave_the_sum_a_tenth_over_the_top() -> None:
    # N = 5, n = 4: 420, 420, 170, -50. Among 4 (top 6): 5, 5, 2, 0.
    # S' = (S + 1) * 5/4 - 1: 6.5, 6.5, 2.75, 0.25; EW = 8 - NS: 1.5, 1.5, 5.25, 7.75.
    board = score_board(lines(420, 420, 170, -50), normal=5)
    assert [r.ns.points for r in board.results] == [F(13, 2), F(13, 2), F(11, 4), F(1, 4)]
    assert [r.ns.rounded for r in board.results] == [F("6.5"), F("6.5"), F("2.8"), F("0.3")]
    assert [r.ew.rounded for r in board.results] == [F("1.5"), F("1.5"), F("5.3"), F("7.8")]
    assert board.results[2].ns.rounded + board.results[2].ew.rounded == F("8.1")
    hundredth = score_board(
        lines(420, 420, 170, -50), 5, ScoringOptions(neuberg_rounding=Rounding.HUNDREDTH)
    )
    assert hundredth.results[2].ns.rounded == F("2.75")
    exact = score_board(lines(420, 420, 170, -50), 5, EXACT)
    assert exact.results[3].ew.rounded == F(31, 4)


def test_split_score_each_side_in_its_own_field() -> None:
    # Table 3: NS assigned +110, EW assigned (NS view) +140. N = 4, top 6.
    # NS field 100, 140, 110, 90 -> 2, 6, 4, 0.
    # EW field 100, 140, 140, 90 -> NS view 2, 5, 5, 0 -> EW 4, 1, 1, 6.
    split = BoardLine.from_adjustment(3, 13, parse_adjustment("110/140"))
    board = score_board([*lines(100, 140)[:2], split, BoardLine.plain(90, 4, 14)], normal=4)
    assert [r.ns.points for r in board.results] == [2, 6, 4, 0]
    assert [r.ew.points for r in board.results] == [4, 1, 1, 6]
    # Table 2's pairs get 7 together, one over the top (seed 004 "Split Score").
    assert board.results[1].ns.points + board.results[1].ew.points == 7
    assert board.results[2].ns.adjusted and board.results[2].ew.adjusted
    assert not board.results[1].ns.adjusted
    assert board.ns_sum() == 12 and board.ew_sum() == 12


def test_weighted_assigned_score() -> None:
    # Table 3: 50% of +420, 50% of +170 (Law 12C1(c)); worked in test_adjusted:
    # NS 3.5, 0.5, 2, 6; EW = 6 - NS.
    weighted = BoardLine.from_adjustment(3, 13, parse_adjustment("50% +420, 50% +170"))
    board = score_board(
        [
            BoardLine.plain(420, 1, 11),
            BoardLine.plain(170, 2, 12),
            weighted,
            BoardLine.plain(450, 4, 14),
        ],
        normal=4,
    )
    assert [r.ns.points for r in board.results] == [F(7, 2), F(1, 2), 2, 6]
    assert [r.ew.points for r in board.results] == [F(5, 2), F(11, 2), 4, 0]
    assert board.results[2].ns.adjusted and not board.results[2].ns.factored


def test_artificial_60_40_removed_and_the_rest_factored() -> None:
    # N = 5, top 8. Table 3 A60/40. Remaining 4: 620, 650, 170, -100 -> among 4: 4, 6, 2, 0.
    # S' = (S + 1) * 5/4 - 1: 5.25, 7.75, 2.75, 0.25; A60 = 4.8, A40 = 3.2.
    art = BoardLine.from_adjustment(3, 13, parse_adjustment("A60/40"))
    board_lines = [BoardLine.plain(620, 1, 11), BoardLine.plain(650, 2, 12), art]
    board_lines += [BoardLine.plain(170, 4, 14), BoardLine.plain(-100, 5, 15)]
    board = score_board(board_lines, normal=5, options=PLAIN)
    ns = [r.ns for r in board.results]
    assert [s.points for s in ns] == [F(21, 4), F(31, 4), F("4.8"), F(11, 4), F(1, 4)]
    assert [s.rounded for s in ns] == [F("5.3"), F("7.8"), F("4.8"), F("2.8"), F("0.3")]
    assert board.results[2].ew.points == F("3.2")
    assert (ns[2].award, board.results[2].ew.award) == (60, 40)
    assert ns[2].session_floor and not board.results[2].ew.session_floor
    assert ns[2].compared == 0 and ns[0].compared == 4 and ns[0].factored
    whole = score_board(board_lines, 5, ScoringOptions())  # the default, seed 004
    assert (whole.results[2].ns.points, whole.results[2].ew.points) == (5, 3)


def test_artificial_on_both_sides_of_every_line() -> None:
    board = score_board([BoardLine(1, 11, Artificial(F(50)), Artificial(F(50)))], normal=3)
    assert (board.results[0].ns.points, board.results[0].ew.points) == (2, 2)


def test_acbl_scale() -> None:
    board = score_board(
        lines(650, 650, 630, 620, -100, -130, -200), 7, ScoringOptions(scale=Scale.ONE_HALF_ZERO)
    )
    assert board.top == 6
    assert [r.ns.points for r in board.results] == [F(11, 2), F(11, 2), 4, 3, 2, 1, 0]


def test_from_traveller_rows() -> None:
    made = TravellerRow(1, 1, 11, Contract.parse("4S"), Seat.NORTH, 10)  # +420 on board 1
    adjusted = TravellerRow(1, 2, 12, adjustment=parse_adjustment("A40/60"))
    board = score_board([BoardLine.from_row(made), BoardLine.from_row(adjusted)], normal=2)
    # One compared result out of N = 2: (0 + 1) * 2 / 1 - 1 = 1, the average of top 2.
    # A40/60 on top 2 in whole points (the default, seed 004): 0.8 down to 0, 1.2 up to 2.
    assert (board.results[0].ns.points, board.results[0].ew.points) == (1, 1)
    assert (board.results[1].ns.points, board.results[1].ew.points) == (0, 2)
    plain = score_board([BoardLine.from_row(made), BoardLine.from_row(adjusted)], 2, PLAIN)
    assert (plain.results[1].ns.points, plain.results[1].ew.points) == (F("0.8"), F("1.2"))
    assert board.pair_score(12) == (Side.EW, board.results[1].ew)
    assert board.pair_score(99) is None


def test_a_row_with_nothing_to_score_names_its_source() -> None:
    blank = TravellerRow(5, 3, 13, source=Source("travellers.xlsx", sheet="B5", row=4))
    with pytest.raises(BoardError, match=r"travellers.xlsx, sheet 'B5', row 4: board 5, NS 3"):
        BoardLine.from_row(blank)


@pytest.mark.parametrize(
    ("board_lines", "normal", "message"),
    [
        (lines(100, 200, 300), 2, "board 9 has 3 results but is normally played 2 times"),
        ([BoardLine.plain(1, 1, 11), BoardLine.plain(2, 1, 12)], 3, "pair 1 has more than one"),
        ([BoardLine.plain(1, 4, 4)], 3, "pair 4 cannot play itself"),
        (lines(100), 0, "at least 1"),
    ],
)
def test_bad_boards(board_lines: list[BoardLine], normal: int, message: str) -> None:
    with pytest.raises(BoardError, match=message):
        score_board(board_lines, normal, board=9)


def test_plain_line_detection() -> None:
    assert BoardLine.plain(100).is_plain
    assert not BoardLine.from_adjustment(1, 2, Adjustment(Weighted.of(1), Weighted.of(1))).is_plain


def test_artificial_and_missing_result_on_both_scales_with_rounding() -> None:
    # N = 5: tables 1, 2, 4 play 620, 650, 170; table 3 has A60/40; table 5 has no result.
    # 1-0.5-0 (top 4): among 3 (top 2) 620 1, 650 2, 170 0; S' = (S + 0.5) * 5/3 - 0.5:
    #   620 1.5 * 5/3 - 0.5 = 2; 650 2.5 * 5/3 - 0.5 = 11/3 (3.7); 170 0.5 * 5/3 - 0.5 = 1/3.
    #   EW among 3: 1, 0, 2 -> 2, 1/3 (0.3), 11/3 (3.7). A60 = 2.4, A40 = 1.6.
    # 2-1-0 (top 8): among 3 (top 4) 2, 4, 0; S' = (S + 1) * 5/3 - 1: 4, 22/3 (7.3), 2/3 (0.7).
    #   A60 = 4.8, A40 = 3.2. Exact percentages agree: 50%, 91 2/3 %, 8 1/3 %, 60%, 40%.
    art = BoardLine.from_adjustment(3, 13, parse_adjustment("A60/40"))
    board_lines = [BoardLine.plain(620, 1, 11), BoardLine.plain(650, 2, 12), art]
    board_lines.append(BoardLine.plain(170, 4, 14))
    acbl = score_board(
        board_lines,
        5,
        ScoringOptions(scale=Scale.ONE_HALF_ZERO, adjusted_rounding=PLAIN.adjusted_rounding),
    )
    assert acbl.top == 4
    assert [r.ns.points for r in acbl.results] == [2, F(11, 3), F("2.4"), F(1, 3)]
    assert [r.ns.rounded for r in acbl.results] == [2, F("3.7"), F("2.4"), F("0.3")]
    assert [r.ew.points for r in acbl.results] == [2, F(1, 3), F("1.6"), F(11, 3)]
    assert [r.ew.rounded for r in acbl.results] == [2, F("0.3"), F("1.6"), F("3.7")]
    assert all(r.ns.compared == 3 and r.ns.factored for i, r in enumerate(acbl.results) if i != 2)
    two_one = score_board(board_lines, 5, PLAIN)
    assert two_one.top == 8
    assert [r.ns.points for r in two_one.results] == [4, F(22, 3), F("4.8"), F(2, 3)]
    assert [r.ns.rounded for r in two_one.results] == [4, F("7.3"), F("4.8"), F("0.7")]
    assert [r.ns.percent for r in acbl.results] == [r.ns.percent for r in two_one.results]
    assert [r.ns.percent for r in acbl.results] == [50, F(275, 3), 60, F(25, 3)]
    # The seed 004 rule in whole ties: 2.4 -> 2.5 and 1.6 -> 1.5 on 1-0.5-0;
    # 4.8 -> 5 and 3.2 -> 3 on 2-1-0. The compared results are untouched by it.
    swedish = AdjustedRounding.WHOLE_POINTS
    acbl_se = score_board(
        board_lines, 5, ScoringOptions(scale=Scale.ONE_HALF_ZERO, adjusted_rounding=swedish)
    )
    assert (acbl_se.results[2].ns.points, acbl_se.results[2].ew.points) == (F("2.5"), F("1.5"))
    assert acbl_se.results[1].ns.rounded == F("3.7")
    two_one_se = score_board(board_lines, 5, ScoringOptions(adjusted_rounding=swedish))
    assert (two_one_se.results[2].ns.points, two_one_se.results[2].ew.points) == (5, 3)


def test_a_split_whose_table_score_stands_for_the_field() -> None:
    # Four tables (top 6): +420, +450, -50, and a split: NS average (A=), EW scored as an NS
    # score of 0 (Ruter's "A=" / "+0"), the 0 standing for the field. NS field 450, 420, 0,
    # -50: 6, 4, (2), 0; EW the rest of 6: 0, 2, 4, 6. The split's NS gets 50% of 6 = 3
    # instead of its 2, its EW the 4 of the 0; nothing is factored (all four compared).
    split = BoardLine(4, 8, Artificial(F(50)), Weighted.of(0), adjusted=True, field_score=0)
    lines = [BoardLine.plain(420, 1, 5), BoardLine.plain(450, 2, 6), BoardLine.plain(-50, 3, 7)]
    board = score_board([*lines, split], normal=4)
    assert [(r.ns.points, r.ew.points) for r in board.results] == [(4, 2), (6, 0), (0, 6), (3, 4)]
    assert not any(r.ns.factored or r.ew.factored for r in board.results)
    # Without the field score the artificial NS leaves the NS field: three NS results
    # factored to 4 (450 -> 17/3, 420 -> 3, -50 -> 1/3), the EW field keeps the 0.
    apart = score_board([*lines, replace(split, field_score=None)], normal=4)
    assert [r.ns.points for r in apart.results[:3]] == [3, F(17, 3), F(1, 3)]
    assert [r.ew.points for r in apart.results] == [2, 0, 6, 4]
