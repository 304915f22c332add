"""Scoring one board in matchpoints: comparisons, split and weighted scores, artificial scores,
missing results, Neuberg (Law 78A, Law 12C, rules.md §3-5; seed 004 "Poängberäkning").

``score_board(lines, normal, options)`` takes one ``BoardLine`` per table that has an outcome
on the board (a plain NS score may be given as a bare ``int``) and N, the number of times the
board is normally played (from the movement). It returns a ``BoardScore`` whose results are
in the order of the lines.

How a board is scored:
- Each side is compared in its own field: NS's outcome against the NS outcomes of the other
  lines, EW's against the EW outcomes (a split score, rules.md §5, makes the two fields
  differ; on an ordinary board they are the same field and NS + EW = the top).
- Weighted assigned scores are compared part by part with their weights (Law 12C1(c)).
- An artificial score (A60/A50/A40) is taken out of its field and gets a percentage of the
  top (``scoring.adjusted.artificial_points``).
- A field of n < N results (missing results, artificial scores, fouled-board groups) is
  factored to N with Neuberg; the exact value is kept beside the value rounded by
  ``options.neuberg_rounding``. NS and EW are rounded separately.
- Lines in more than one ``group`` make a fouled board (Law 87): see ``scoring.fouled``.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence

from scoring.board_group import (
    BoardLine,
    BoardScore,
    ResultScore,
    SideScore,
    artificial_side,
    plain_group,
    score_field,
    score_group,
)
from scoring.errors import BoardError
from scoring.fouled import score_fouled_groups
from scoring.matchpoints import top as top_of
from scoring.options import ScoringOptions
from scoring.traveller import TravellerRow

__all__ = [
    "BoardLine",
    "SideScore",
    "ResultScore",
    "BoardScore",
    "score_board",
    "score_field",
    "artificial_side",
    "lines_from_rows",
]

DEFAULT_OPTIONS = ScoringOptions()


def _where(board: int | None) -> str:
    return f"board {board}" if board is not None else "the board"


def _check_lines(lines: Sequence[BoardLine], normal: int, board: int | None) -> None:
    if normal < 1:
        raise BoardError(f"{_where(board)}: the normal number of results must be at least 1")
    if len(lines) > normal:
        raise BoardError(
            f"{_where(board)} has {len(lines)} results but is normally played {normal} times"
        )
    seen: set[int] = set()
    for line in lines:
        if line.ns_pair != 0 and line.ns_pair == line.ew_pair:
            raise BoardError(f"{_where(board)}: pair {line.ns_pair} cannot play itself")
        for pair in (line.ns_pair, line.ew_pair):
            if pair == 0:
                continue  # anonymous lines (bare scores) carry no pair numbers
            if pair in seen:
                raise BoardError(f"{_where(board)}: pair {pair} has more than one result")
            seen.add(pair)


def score_board(
    lines: Sequence[BoardLine | int],
    normal: int,
    options: ScoringOptions = DEFAULT_OPTIONS,
    board: int | None = None,
) -> BoardScore:
    """Score one board in matchpoints (Law 78A; rules.md §3-6).

    ``lines``: one per table with an outcome (a bare ``int`` is a plain NS score without pair
    numbers); ``normal``: N, the times the board is normally played. Missing tables are simply
    absent and the field is factored to N with Neuberg. Results come back in line order.
    """
    # Anything that is not a BoardLine is a bare score; operator.index also takes numpy ints.
    scores = [operator.index(x) for x in lines if not isinstance(x, BoardLine)]
    if scores and len(scores) == len(lines):
        # Bare scores: the cheap path for plain boards (and the bulk path's reference).
        if normal < 1 or len(scores) > normal:
            _check_lines([BoardLine.plain(x) for x in scores], normal, board)
        results = plain_group([(0, 0, 0)] * len(scores), scores, normal, options)
        return BoardScore(board, normal, top_of(normal, options.scale), tuple(results))
    board_lines = [
        x if isinstance(x, BoardLine) else BoardLine.plain(operator.index(x)) for x in lines
    ]
    _check_lines(board_lines, normal, board)
    fouled = len({line.group for line in board_lines}) > 1
    if fouled:
        results = score_fouled_groups(board_lines, normal, options)
    else:
        results = score_group(board_lines, normal, options)
    return BoardScore(board, normal, top_of(normal, options.scale), tuple(results), fouled)


def lines_from_rows(rows: Sequence[TravellerRow]) -> dict[int, list[BoardLine]]:
    """Group traveller rows by board into lines, in the order given (errors name the row)."""
    by_board: dict[int, list[BoardLine]] = {}
    for row in rows:
        by_board.setdefault(row.board, []).append(BoardLine.from_row(row))
    return by_board
