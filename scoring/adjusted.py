"""Adjusted scores in matchpoints (Law 12C, Law 88) and procedural penalties.

- Weighted assigned scores (Law 12C1(c)): each part is compared with its weight, so a result
  facing "50% of +420, 50% of +170" gets half the comparison with each.
- Artificial adjusted scores (Law 12C2: A60/A50/A40) are taken out of the comparisons and get a
  percentage of the board's top, in whole matchpoints by seed 004 ("Justerad poäng": 60% at
  least 60% of the top, top 12 -> 8; 40% at most 40%, top 12 -> 4; other percentages to the
  nearest whole matchpoint, 70% of 12 -> 8; our default), or as an option with every award
  of 60% or more up and 40% or less down, or plainly (percent x top, like a Neuberg score).
- Procedural penalties (slow play, fouling a board: 10% of a top, seed 004 "Långsamt spel",
  "Förvanskad bricka") are records of their own, taken off a pair's session total, never
  mixed into a board's comparisons.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from scoring.errors import AdjustmentError
from scoring.matchpoints import Scale, matchpoints
from scoring.neuberg import round_half_up, round_points
from scoring.options import AdjustedRounding, ScoringOptions
from scoring.outcome import Weighted

__all__ = [
    "compare",
    "weighted_matchpoints",
    "artificial_points",
    "whole_points",
    "PenaltyReason",
    "Penalty",
    "slow_play_penalties",
]


def compare(own: Weighted, other: Weighted, scale: Scale = Scale.TWO_ONE_ZERO) -> Fraction:
    """NS matchpoints of ``own`` against one ``other`` result, every part with its weight."""
    total = Fraction(0)
    for weight, points in own.parts:
        for other_weight, other_points in other.parts:
            if points > other_points:
                total += weight * other_weight * scale.win
            elif points == other_points:
                total += weight * other_weight * scale.tie
    return total


def weighted_matchpoints(
    outcomes: Sequence[Weighted], scale: Scale = Scale.TWO_ONE_ZERO
) -> list[Fraction]:
    """NS matchpoints of each outcome against all the others (Law 78A with Law 12C1(c)).

    Plain scores take the sorting path of ``matchpoints``; weighted ones are compared part by
    part. Either way the NS points of a board sum to the top times n / 2.
    """
    if all(outcome.is_plain for outcome in outcomes):
        return matchpoints([outcome.parts[0][1] for outcome in outcomes], scale)
    result = []
    for index, own in enumerate(outcomes):
        total = Fraction(0)
        for other_index, other in enumerate(outcomes):
            if other_index != index:
                total += compare(own, other, scale)
        result.append(total)
    return result


def artificial_points(percent: Fraction, top: Fraction, options: ScoringOptions) -> Fraction:
    """The matchpoints for an artificial score of ``percent`` on a board with ``top``, rounded.

    WHOLE_POINTS (seed 004 as written, the default): "Vid 60-40 skall 60% vara minst 60% i
    toppscore. Med toppen 12 blir det alltså 8 poäng och 40% 4 poäng. Vid övriga procentsatser
    avrundar man till närmsta hela tal": 60% is rounded up (7.2 -> 8), 40% down (4.8 -> 4),
    every other percentage to the nearest whole point (70% of 12 = 8.4 -> 8), halves up.
    WHOLE_POINTS_BOUNDED: every award of 60% or more up and 40% or less down (70% -> 9).
    PLAIN: percent x top, then kept like a Neuberg score (``options.neuberg_rounding``).
    "Whole matchpoint" means a multiple of a tie (1 on 2-1-0, 0.5 on 1-0.5-0), so both scales
    give the same percentages.
    """
    if not 0 <= percent <= 100:
        raise AdjustmentError(f"an artificial score of {percent}% is not 0-100%")
    exact = Fraction(percent) * top / 100
    method = options.adjusted_rounding
    if method is AdjustedRounding.PLAIN:
        return round_points(exact, options.neuberg_rounding, options.ties)
    unit = options.scale.tie
    if method is AdjustedRounding.WHOLE_POINTS:
        up, down = percent == 60, percent == 40
    else:
        up, down = percent >= 60, percent <= 40
    if up:
        return math.ceil(exact / unit) * unit
    if down:
        return math.floor(exact / unit) * unit
    return round_half_up(exact, unit)


def whole_points(options: ScoringOptions) -> bool:
    """Whether artificial awards are whole matchpoints (the rounded award *is* the score)."""
    return options.adjusted_rounding is not AdjustedRounding.PLAIN


class PenaltyReason(Enum):
    """Why a procedural penalty was given."""

    SLOW_PLAY = "slow play"  # seed 004 "Långsamt spel": warning first, then 10% per offence
    FOULED_BOARD = "fouled board"  # seed 004 "Förvanskad bricka": 10% of the board's top
    PROCEDURAL = "procedural"  # any other Law 90 penalty

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class Penalty:
    """A procedural penalty on one pair: ``percent`` of a top, taken off its session total.

    ``board`` names the board whose top it is measured on (a fouled board); None means the
    session's normal board top. It does not touch the board's comparisons, so the opponents
    and the rest of the field keep their scores.
    """

    pair: int
    percent: Fraction = Fraction(10)
    reason: PenaltyReason = PenaltyReason.PROCEDURAL
    board: int | None = None
    note: str = ""

    def __post_init__(self) -> None:
        if not 0 < self.percent <= 100:
            raise AdjustmentError(
                f"a penalty on pair {self.pair} of {self.percent}% of a top is not 0-100%"
            )

    def points(self, top: Fraction) -> Fraction:
        """The matchpoints deducted when the top is ``top`` (exact)."""
        return Fraction(self.percent) * top / 100


def slow_play_penalties(
    pair: int, offences: int, warning_first: bool = True, percent: Fraction = Fraction(10)
) -> tuple[Penalty, ...]:
    """Slow play (seed 004 "Långsamt spel"): a warning first, then 10% of the top per offence.

    ``offences`` counts every time the pair was found late, the warned one included.
    """
    if offences < 0:
        raise AdjustmentError(f"pair {pair}: {offences} slow-play offences")
    penalised = max(0, offences - 1) if warning_first else offences
    return tuple(
        Penalty(pair, percent, PenaltyReason.SLOW_PLAY, note=f"slow play, offence {number}")
        for number in range(offences - penalised + 1, offences + 1)
    )
