"""A facitbarometer session's boards: each line scored against the booklet (seed 004 "a)
Facitbarometer"; ``scoring.facit``), not against tonight's other tables.

``pairs.score_pairs_session`` calls ``score_facit_boards`` instead of ``boards.score_boards``
when the session names a facit; everything after it (Law 88, sit-outs, totals, ranking,
the publishers) is the same. The board's top is the booklet's, so a pair's percentage is its
points over the tops of the boards it played, whoever else played them tonight.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from pipeline.results.boards import UnscoredBoard
from scoring.board_scoring import BoardLine, BoardScore
from scoring.facit import Facit, score_facit_board
from scoring.options import ScoringOptions

__all__ = ["score_facit_boards", "facit_note", "facit_board_note"]


def score_facit_boards(
    facit: Facit,
    boards: Mapping[int, Sequence[BoardLine]],
    options: ScoringOptions,
    times_played: Callable[[int], int],
) -> tuple[list[BoardScore], list[UnscoredBoard]]:
    """Each board against its facit, in the order given (``times_played``: how often the
    movement plays a board tonight); a board that cannot be scored (no facit for it, a pair
    twice on it) comes back with its reason, as ``score_boards`` does."""
    scored: list[BoardScore] = []
    unscored: list[UnscoredBoard] = []
    for number, lines in boards.items():
        board = facit.board(number)
        if board is None:
            unscored.append(UnscoredBoard(number, f"the facit {facit.file} has no board {number}"))
            continue
        try:
            scored.append(score_facit_board(board, lines, options, times_played(number)))
        except ValueError as error:
            unscored.append(UnscoredBoard(number, str(error)))
    return scored, unscored


def facit_note(facit: Facit) -> str:
    """What the published session says about how it was scored."""
    return f"facitbarometer: each result scored against the facit {facit.file}"


def facit_board_note(facit: Facit, board: int) -> str:
    """What a published board says about its points: the booklet's field behind them."""
    found = facit.board(board)
    if found is None:
        return ""
    results = sum(line.count for line in found.lines)
    return f"points from the facit {facit.file} ({results} results)"
