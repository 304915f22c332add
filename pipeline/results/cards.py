"""A pair's personal score card and a board's traveller order, as every publisher shows them.

Both are read straight off the results model (``pipeline.results.model``): nothing is scored
here. A score card shows each board from the pair's own side, as on its paper card: EW sees
-420 where NS wrote +420, its own matchpoints, the board's top and its percentage, and the
running total, so a player checking during the correction period (Law 79C) can add along.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from pipeline.results.model.sessions import BoardView, ResultLine, SessionView

__all__ = ["CardLine", "score_card", "pair_lines", "traveller_order"]


@dataclass(frozen=True)
class CardLine:
    """One board on a pair's score card, from the pair's side.

    ``score`` is the table score for the pair (None for an adjusted or unplayed result),
    ``points`` its matchpoints (IMPs in an IMP session), ``top`` the board's top (None when
    the session has no top: IMPs), ``percent`` points / top, ``running`` the sum of points
    so far on the card (sit-out credit and penalties are not board points), ``running_tops``
    the sum of the tops of the boards that gave them (what a centred running total counts:
    ``scoring.presentation``).
    """

    line: ResultLine
    direction: str
    opponent: int
    score: int | None
    points: Fraction | None
    top: Fraction | None
    percent: Fraction | None
    running: Fraction
    running_tops: Fraction = Fraction(0)


def pair_lines(session: SessionView, pair: int) -> list[ResultLine]:
    """Every traveller line of ``pair`` in the session, in the order it played them."""
    lines = [
        line
        for board in session.boards
        for line in board.lines
        if pair in (line.ns_pair, line.ew_pair)
    ]
    return sorted(lines, key=lambda line: (line.round or 0, line.board))


def score_card(session: SessionView, pair: int) -> tuple[CardLine, ...]:
    """The pair's score card for the session."""
    tops = {board.board: board.top for board in session.boards}
    running = running_tops = Fraction(0)
    card = []
    for line in pair_lines(session, pair):
        is_ns = line.ns_pair == pair
        points = line.ns_mp if is_ns else line.ew_mp
        score = line.score_ns if is_ns or line.score_ns is None else -line.score_ns
        top = tops.get(line.board) or None  # IMP sessions have no top
        percent = None if points is None or top is None else points * 100 / top
        running += points or 0
        if points is not None and top is not None:
            running_tops += top
        card.append(
            CardLine(
                line=line,
                direction="NS" if is_ns else "EW",
                opponent=line.ew_pair if is_ns else line.ns_pair,
                score=score,
                points=points,
                top=top,
                percent=percent,
                running=running,
                running_tops=running_tops,
            )
        )
    return tuple(card)


def traveller_order(board: BoardView) -> tuple[ResultLine, ...]:
    """A traveller's lines as clubs print them: by NS score, best for NS first; adjusted
    scores after the table results, lines without a result last."""

    def key(line: ResultLine) -> tuple[int, int, int, int]:
        if line.not_played:
            group = 2
        elif line.score_ns is None:
            group = 1
        else:
            group = 0
        return (group, -(line.score_ns or 0), line.round or 0, line.table or 0)

    return tuple(sorted(board.lines, key=key))
