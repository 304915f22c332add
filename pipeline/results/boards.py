"""A field's boards scored, the one way the main job and ``compare`` both do it.

A field is the results compared with one another: a session's section in the main job
(``pairs``, ``imp_pairs``, N from the movement), a file's section or the whole file
(``field``, keyed as the file names its entrants). Both lay their boards out as
``scoring.board_scoring.BoardLine`` and call:

- ``score_boards``: every board in matchpoints (``score_board``, Neuberg to N, rules.md §4),
  or on its own top when a program does not factor (``own_top``); a board that cannot be
  scored comes back with its reason, for the caller to report;
- ``imp_figures``: a board in IMPs (``scoring.imps.imp_board``, cross-IMPs or Butler,
  rules.md §9).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from scoring.board_group import ResultScore, artificial_side, repeated_pair
from scoring.board_scoring import BoardLine, BoardScore, score_board
from scoring.errors import BoardError
from scoring.imps import SideImps, imp_board
from scoring.options import ScoringOptions
from scoring.outcome import Adjustment, Artificial, Outcome, Weighted

__all__ = ["UnscoredBoard", "board_result", "imp_figures", "score_boards"]


@dataclass(frozen=True)
class UnscoredBoard:
    """A board the engine could not score, and why (the law's or the data's reason)."""

    board: int
    reason: str


def score_boards(
    boards: Mapping[int, Sequence[BoardLine]],
    normal: int | Callable[[int], int],
    options: ScoringOptions,
    *,
    own_top: bool = False,
) -> tuple[list[BoardScore], list[UnscoredBoard]]:
    """Each board of a field in matchpoints, in the order given: ``score_board`` on N
    (Neuberg, rules.md §4: ``normal``, or ``normal(board)`` where it differs by board), or on
    its own top (``own_top``). A board that cannot be scored is handed back with its reason
    and left out, so the caller reports every one (the main job as a finding, ``score_field``
    as the error of the file's board)."""
    scored: list[BoardScore] = []
    unscored: list[UnscoredBoard] = []
    for number, lines in boards.items():
        try:
            if own_top:
                scored.append(_own_top(list(lines), options, number))
            else:
                n = normal(number) if callable(normal) else normal
                scored.append(score_board(lines, n, options, number))
        except ValueError as error:
            unscored.append(UnscoredBoard(number, str(error)))
    return scored, unscored


def _own_top(lines: list[BoardLine], options: ScoringOptions, board: int) -> BoardScore:
    """A board scored without Neuberg: the compared results on the top of their own number,
    an artificial score a percentage of that top."""
    compared = [line for line in lines if not isinstance(line.ns, Artificial)]
    if not compared:
        return score_board(lines, len(lines), options, board)
    scored = score_board(compared, len(compared), options, board)
    by_line = iter(scored.results)
    results = []
    for line in lines:
        if isinstance(line.ns, Artificial) and isinstance(line.ew, Artificial):
            ns = artificial_side(line.ns.percent, scored.top, options)
            ew = artificial_side(line.ew.percent, scored.top, options)
            results.append(ResultScore(line.ns_pair, line.ew_pair, ns, ew))
        else:
            results.append(next(by_line))
    return replace(scored, results=tuple(results))


def board_result(ns: Outcome, ew: Outcome, adjusted: bool) -> int | Adjustment:
    """A line as ``scoring.imps`` takes it: a plain table score as its number."""
    if ns == ew and isinstance(ns, Weighted) and ns.is_plain and not adjusted:
        return int(ns.parts[0][1])
    return Adjustment(ns, ew)


def imp_figures(
    lines: Sequence[BoardLine], options: ScoringOptions, butler: bool
) -> list[SideImps]:
    """A board of a field in IMPs, for the main job (``imp_pairs``) and a file alike: each
    line's NS and EW figures by ``scoring.imps.imp_board`` (cross-IMPs or Butler, rules.md §9;
    a split or weighted score side by side), a pair with two results on the board refused."""
    twice = repeated_pair(lines)
    if twice is not None:
        raise BoardError(f"pair {twice} has more than one result")
    return imp_board([board_result(x.ns, x.ew, x.adjusted) for x in lines], options, butler)
