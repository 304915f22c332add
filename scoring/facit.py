"""Facitbarometer: matchpoints read from another event's results (seed 004 "a)
Facitbarometer").

The seed: a booklet with the seating and the results of every board of an SM final or
another barometer is the *facit*; only one copy of each board is needed, and "Varje par får
sin poäng direkt ur facit efter vad resultatet givit på barometertävlingen ifråga" — a
pair's points on a board are the facit's points for the same score, whoever else played
the board tonight. "Om ett resultat saknas, så att man kommer mellan två resultat, tar man
närmast lägre resultats poäng och lägger till antalet resultat för detta": a score between
two facit scores gets the points of the next lower facit score plus the number of results
with that score (it beats them instead of tying them).

Choices where the seed is silent: a score below every facit score gets 0 and above every
one the facit's top (there is no "two results" to be between); East-West get the top minus
North-South's points, as on any matchpointed board. Scores are from North-South's side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.errors import ScoringError

__all__ = ["FacitError", "FacitLine", "FacitBoard", "facit_points"]


class FacitError(ScoringError):
    """A facit that cannot be used (no lines, a score twice, points outside 0..top)."""


@dataclass(frozen=True)
class FacitLine:
    """A line of the booklet: North-South's score, how many tables had it, their points."""

    score: int
    count: int
    points: Fraction


@dataclass(frozen=True)
class FacitBoard:
    """A board's facit: its lines and its top (the booklet's maximum on the board)."""

    board: int
    top: Fraction
    lines: tuple[FacitLine, ...]

    def __post_init__(self) -> None:
        if not self.lines:
            raise FacitError(f"board {self.board}: the facit has no results")
        scores = [line.score for line in self.lines]
        if len(set(scores)) != len(scores):
            raise FacitError(f"board {self.board}: the facit lists a score twice")
        for line in self.lines:
            if line.count < 1 or not 0 <= line.points <= self.top:
                raise FacitError(
                    f"board {self.board}: score {line.score}: {line.count} result(s) with "
                    f"{line.points} points is not within 0-{self.top}"
                )


def facit_points(board: FacitBoard, ns_score: int) -> tuple[Fraction, Fraction]:
    """North-South's and East-West's points for ``ns_score`` on ``board`` (seed 004)."""
    ordered: Sequence[FacitLine] = sorted(board.lines, key=lambda line: line.score)
    for line in ordered:
        if line.score == ns_score:
            return line.points, board.top - line.points
    lower = [line for line in ordered if line.score < ns_score]
    if not lower:
        ns = Fraction(0)
    elif len(lower) == len(ordered):
        ns = board.top
    else:
        ns = lower[-1].points + lower[-1].count
    return ns, board.top - ns
