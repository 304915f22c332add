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

``score_facit_board`` scores tonight's lines of a board against its facit: each line alone
(tonight's other tables do not matter, so no Neuberg either), a director's weighted score
part by part (Law 12C1(c)) and each side of a split score by its own score, an artificial
score as its percentage of the facit's top (Law 12C2), a result waiting for review as
``pending_side``. The facit's points are on the booklet's 2-1-0 scale (the seed's, and what
"lägger till antalet resultat" counts in); on the 1-0.5-0 scale every figure is halved
(percentages are the same).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring.board_group import (
    BoardLine,
    BoardScore,
    ResultScore,
    SideScore,
    artificial_side,
    pending_side,
    repeated_pair,
)
from scoring.errors import BoardError, ScoringError
from scoring.neuberg import round_points
from scoring.options import ScoringOptions
from scoring.outcome import Artificial, Outcome, Weighted

__all__ = ["FacitError", "FacitLine", "FacitBoard", "Facit", "facit_points", "score_facit_board"]


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


@dataclass(frozen=True)
class Facit:
    """The booklet a facitbarometer session is scored against: a ``FacitBoard`` per board
    (tonight's board numbers are the booklet's), and where it was read from (``file`` as the
    event file names it, ``sheet`` of a workbook), so it can be written back."""

    file: str
    boards: tuple[FacitBoard, ...]
    sheet: str | None = None

    def __post_init__(self) -> None:
        numbers = [board.board for board in self.boards]
        if len(set(numbers)) != len(numbers):
            raise FacitError(f"{self.file}: a board is listed twice")

    def board(self, number: int) -> FacitBoard | None:
        """The facit of board ``number``, None when the booklet has no such board."""
        return next((board for board in self.boards if board.board == number), None)

    def missing(self, boards: Sequence[int]) -> tuple[int, ...]:
        """Those of ``boards`` the booklet has no facit for."""
        return tuple(number for number in boards if self.board(number) is None)


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


def _ns_points(board: FacitBoard, outcome: Weighted) -> Fraction:
    """North-South's facit points for an outcome, a weighted score part by part (Law 12C1(c))."""
    return sum(
        (weight * facit_points(board, score)[0] for weight, score in outcome.parts), Fraction(0)
    )


def _side(
    board: FacitBoard, line: BoardLine, outcome: Outcome, ew: bool, options: ScoringOptions
) -> SideScore:
    """One side of a line: its facit points, or its award (artificial, pending)."""
    scale = options.scale.win / 2  # the booklet is 2-1-0: halved on 1-0.5-0
    top = board.top * scale
    if line.pending:
        return pending_side(top, options)
    if isinstance(outcome, Artificial):
        return artificial_side(outcome.percent, top, options)
    ns = _ns_points(board, outcome) * scale
    points = top - ns if ew else ns
    return SideScore(
        points=points,
        rounded=round_points(points, options.neuberg_rounding, options.ties),
        percent=points * 100 / top if top > 0 else Fraction(50),
        compared=sum(facit_line.count for facit_line in board.lines),
        adjusted=line.adjusted or not outcome.is_plain,
    )


def score_facit_board(
    board: FacitBoard,
    lines: Sequence[BoardLine],
    options: ScoringOptions,
    normal: int | None = None,
) -> BoardScore:
    """Tonight's lines of one board, each scored against the board's facit (seed 004 "a)
    Facitbarometer": "Varje par får sin poäng direkt ur facit"). The board's top is the
    facit's, so a pair's percentage is its points over the tops of the boards it played;
    ``normal`` is how often the board is played tonight (the movement's; default the
    booklet's number of results), which no score depends on. A pair twice on the board is
    refused."""
    twice = repeated_pair(lines)
    if twice is not None:
        raise BoardError(f"board {board.board}: pair {twice} has more than one result")
    results = tuple(
        ResultScore(
            line.ns_pair,
            line.ew_pair,
            _side(board, line, line.ns, False, options),
            _side(board, line, line.ew, True, options),
            line.group,
        )
        for line in lines
    )
    if normal is None:
        normal = sum(facit_line.count for facit_line in board.lines)
    return BoardScore(board.board, normal, board.top * options.scale.win / 2, results)
