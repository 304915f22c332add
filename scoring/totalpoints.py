"""Total-point scoring (Law 78C; rules.md §9): a contestant's score is the sum of its points
on all the boards it played, each from its own side.

An East-West pair's points on a board are minus North-South's. A weighted assigned score
(Law 12C1(c)) counts its expected value (the weighted mean). An artificial adjusted score
(A60/A50/A40) is a percentage and has no value in points; the law gives it none for total
points, so it is refused with an error rather than guessed: the director must assign a score.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from scoring.contract import Side
from scoring.errors import AdjustmentError
from scoring.outcome import Artificial, Outcome, Weighted

__all__ = ["side_points", "total_points"]


def side_points(outcome: int | Outcome, side: Side) -> Fraction:
    """The points ``side`` scores on a board whose NS score (or outcome) is ``outcome``."""
    if isinstance(outcome, Artificial):
        raise AdjustmentError(
            f"an artificial score of {outcome.percent}% has no value in total points "
            "(Law 78C); assign a score in points instead"
        )
    ns = outcome.mean if isinstance(outcome, Weighted) else Fraction(outcome)
    return ns if side is Side.NS else -ns


def total_points(boards: Iterable[tuple[Side, int | Outcome]]) -> Fraction:
    """A contestant's total (Law 78C): the sum over its boards of (side sat, NS outcome)."""
    return sum((side_points(outcome, side) for side, outcome in boards), Fraction(0))
