"""Facitbarometer (seed 004 "a) Facitbarometer"): points read from a booklet's results.

A facit board of 8 results, 2-1-0 matchpoints, top 14 (2 x 7), scores from NS:
  -100 x1, 110 x2, 140 x3, 420 x2. Points (2 per result beaten, 1 per other result tied):
  -100: 0; 110: 2 + 1 = 3; 140: 2 x 3 + 2 = 8; 420: 2 x 6 + 1 = 13.
Tonight 140 gets 8 (EW 6). 170 lies between 140 and 420: the next lower result's points
plus its number of results, 8 + 3 = 11 (it beats the three 140s instead of tying them).
120 lies between 110 and 140: 3 + 2 = 5. -200 is below every result: 0; 450 above: 14.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.facit import FacitBoard, FacitError, FacitLine, facit_points

BOARD = FacitBoard(
    1,
    Fraction(14),
    (FacitLine(-100, 1, Fraction(0)), FacitLine(110, 2, Fraction(3)),
     FacitLine(140, 3, Fraction(8)), FacitLine(420, 2, Fraction(13))),
)  # fmt: skip


@pytest.mark.parametrize(
    ("score", "ns", "ew"),
    [(140, 8, 6), (170, 11, 3), (120, 5, 9), (-100, 0, 14), (-200, 0, 14), (450, 14, 0)],
)
def test_points_from_the_facit_worked_by_hand(score: int, ns: int, ew: int) -> None:
    assert facit_points(BOARD, score) == (ns, ew)


def test_a_bad_facit_is_refused() -> None:
    with pytest.raises(FacitError, match="lists a score twice"):
        FacitBoard(2, Fraction(2), (FacitLine(110, 1, Fraction(1)), FacitLine(110, 1, Fraction(1))))
    with pytest.raises(FacitError, match="not within 0-2"):
        FacitBoard(2, Fraction(2), (FacitLine(110, 1, Fraction(3)),))
    with pytest.raises(FacitError, match="no results"):
        FacitBoard(2, Fraction(2), ())


# -- tonight's lines of a board scored against its facit (score_facit_board) -------------
# The same BOARD (top 14). Each line alone, whoever else played the board tonight:
#   1-4 140: the facit's 8 for NS, 14 - 8 = 6 for EW; 3-5 170: 8 + 3 = 11, EW 3.
#   2-6 A60/40 (Law 12C2, seed 004: 60% at least 60% of the top, 40% at most 40%):
#       60% of 14 = 8.4 -> 9, 40% of 14 = 5.6 -> 5.
#   7-8 weighted 1/2 of +140 and 1/2 of +420 (Law 12C1(c)): NS 8/2 + 13/2 = 10.5, EW 3.5.
#   9-10 split, NS scored as +420 and EW as +110: NS 13, EW 14 - 3 = 11.


def _lines():  # noqa: ANN202
    from scoring.board_scoring import BoardLine
    from scoring.outcome import Weighted, parse_adjustment

    half = Weighted(((Fraction(1, 2), 140), (Fraction(1, 2), 420)))
    return [
        BoardLine.plain(140, 1, 4),
        BoardLine.plain(170, 3, 5),
        BoardLine.from_adjustment(2, 6, parse_adjustment("A60/40")),
        BoardLine(7, 8, half, half, adjusted=True),
        BoardLine(9, 10, Weighted.of(420), Weighted.of(110), adjusted=True),
    ]


def test_tonights_lines_scored_against_the_facit_worked_by_hand() -> None:
    from scoring.facit import score_facit_board
    from scoring.options import ScoringOptions

    scored = score_facit_board(BOARD, _lines(), ScoringOptions())
    assert scored.top == 14 and scored.normal == 8  # the booklet's top and its 8 results
    assert [(r.ns_pair, r.ns.points, r.ew.points) for r in scored.results] == [
        (1, 8, 6), (3, 11, 3), (2, 9, 5), (7, Fraction(21, 2), Fraction(7, 2)), (9, 13, 11)
    ]  # fmt: skip
    assert [r.ns.adjusted for r in scored.results] == [False, False, True, True, True]
    assert scored.results[2].ns.award == 60  # Law 88 may raise it from the session


def test_on_the_one_half_scale_every_figure_is_halved() -> None:
    from scoring.facit import score_facit_board
    from scoring.options import Scale, ScoringOptions

    scored = score_facit_board(BOARD, _lines()[:2], ScoringOptions(scale=Scale.ONE_HALF_ZERO))
    assert scored.top == 7
    assert [(r.ns.points, r.ew.points) for r in scored.results] == [
        (4, 3), (Fraction(11, 2), Fraction(3, 2))
    ]  # fmt: skip


def test_a_pair_twice_on_a_facit_board_is_refused() -> None:
    from scoring.board_scoring import BoardLine
    from scoring.errors import BoardError
    from scoring.facit import score_facit_board
    from scoring.options import ScoringOptions

    lines = [BoardLine.plain(140, 1, 4), BoardLine.plain(170, 1, 5)]
    with pytest.raises(BoardError, match="board 1: pair 1 has more than one result"):
        score_facit_board(BOARD, lines, ScoringOptions())
