"""Sit-out rounds ("frirond", rules.md §7; seed 004 "Poäng för frirond").

- ``SitoutCredit.ZERO``: nothing for the sit-out; fine when every pair sits out once.
- ``SitoutCredit.AVERAGE``: when only some pairs sit out, a sitting-out pair gets its own
  average: its points divided by the rounds it played, rounded to a whole number (halves up;
  "whole" is a multiple of a tie, so 0.5 on the 1-0.5-0 scale), credited for each round it sat
  out. Its maximum grows by the boards of those rounds, so its percentage stays (about) the
  same as on the boards it played.
- ``SitoutCredit.AVERAGE_PER_BOARD``: each board sat out is credited with the pair's average
  points per board played, rounded like a board score (``neuberg_rounding``): what Ruter
  prints on a "Bye" line (top 8, a pair averaging 4.3 gets 4.3, 53.75%). Its maximum grows
  by the top of each board sat out.
- ``SitoutCredit.NONE``: rank by percentage; no credit is needed.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from scoring.errors import ScoringError
from scoring.neuberg import round_half_up, round_points
from scoring.options import ScoringOptions, SitoutCredit

__all__ = ["SitoutError", "SitoutAward", "sitout_award"]


class SitoutError(ScoringError):
    """A sit-out that cannot be credited (no rounds played, boards not in whole rounds)."""


@dataclass(frozen=True)
class SitoutAward:
    """What a pair is credited for its sit-out rounds: points, and the maximum they stand for."""

    pair: int
    rounds: int
    points: Fraction
    max_points: Fraction


def sitout_award(
    pair: int,
    points: Fraction,
    boards_played: int,
    sitout_rounds: int,
    boards_per_round: int,
    board_top: Fraction,
    options: ScoringOptions,
) -> SitoutAward:
    """The credit for ``sitout_rounds`` rounds of ``boards_per_round`` boards (rules.md §7).

    ``points`` are the pair's points on the boards it played; ``board_top`` the session's top.
    """
    if sitout_rounds < 0:
        raise SitoutError(f"pair {pair}: {sitout_rounds} sit-out rounds")
    method = options.sitout_credit
    if method is SitoutCredit.NONE or sitout_rounds == 0:
        return SitoutAward(pair, sitout_rounds, Fraction(0), Fraction(0))
    if method is SitoutCredit.ZERO:
        return SitoutAward(pair, sitout_rounds, Fraction(0), Fraction(0))
    if boards_per_round < 1:
        raise SitoutError(f"pair {pair}: boards per round must be at least 1")
    if method is SitoutCredit.AVERAGE_PER_BOARD:
        if boards_played < 1:
            raise SitoutError(f"pair {pair} sat out but played no board: no average to credit")
        boards = sitout_rounds * boards_per_round
        per_board = round_points(points / boards_played, options.neuberg_rounding, options.ties)
        return SitoutAward(pair, sitout_rounds, per_board * boards, board_top * boards)
    rounds_played, rest = divmod(boards_played, boards_per_round)
    if rest or rounds_played == 0:
        raise SitoutError(
            f"pair {pair} played {boards_played} boards, not whole rounds of {boards_per_round}"
        )
    per_round = round_half_up(points / rounds_played, options.scale.tie)
    return SitoutAward(
        pair,
        sitout_rounds,
        per_round * sitout_rounds,
        board_top * boards_per_round * sitout_rounds,
    )
