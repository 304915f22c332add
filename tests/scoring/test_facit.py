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
