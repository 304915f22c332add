"""Handicap pairs events (rules.md §11; seed 004 "Tävlingsformer", d) "Handicaptävling").

The seed: clubs of mixed standard can play with a handicap, given as an addition to the
score rather than a deduction. Each player has a percentage, 0 for the best and up to 12 for
beginners; a pair's percentage is the sum of its two players' (a pair of beginners: 24%).
The addition can be counted two ways:

- ``HandicapMethod.OF_MISSED`` (the fairer one the seed recommends, our default): the
  percentage of the points the pair *missed* (its maximum minus its points). A good result
  gets a smaller addition, a bad one a larger, and nobody can pass 100%. Seed example: 16
  pairs, average 210, top 420; a pair with 220 missed 200, so 8% adds 16: 236.
- ``HandicapMethod.OF_TOP``: the percentage of the top (the pair's maximum over the session).

Values are exact ``Fraction``; the seed gives no rounding (its example is whole), so a
writer rounds for display like any other total. The ranking is made on the handicapped
totals; the session's own totals (``scoring.session``) are left as scored.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from scoring.errors import ScoringError

__all__ = [
    "HandicapError",
    "HandicapMethod",
    "HandicapPlan",
    "MAX_PLAYER_PERCENT",
    "pair_handicap",
    "handicap_addition",
    "with_handicap",
]

#: The seed's range of a player's percentage: 0 (the best) up to 12 (beginners).
MAX_PLAYER_PERCENT = Fraction(12)


class HandicapError(ScoringError):
    """A handicap that cannot be applied (a percentage out of range, points above the top)."""


class HandicapMethod(Enum):
    """What the handicap percentage is taken of (seed 004 "Handicaptävling")."""

    OF_MISSED = "of-missed"  # percent of (maximum - points): the seed's fairer way
    OF_TOP = "of-top"  # percent of the maximum (the top)

    def __str__(self) -> str:
        return self.value


def pair_handicap(player_percents: Iterable[Fraction | int]) -> Fraction:
    """A pair's handicap: the sum of its players' percentages (two beginners: 12 + 12 = 24).

    Each player's percentage must be 0-12, the seed's range.
    """
    total = Fraction(0)
    count = 0
    for percent in player_percents:
        value = Fraction(percent)
        if not 0 <= value <= MAX_PLAYER_PERCENT:
            raise HandicapError(
                f"a player's handicap of {value}% is outside 0-{MAX_PLAYER_PERCENT}%"
            )
        total += value
        count += 1
    if count == 0:
        raise HandicapError("a pair's handicap needs its players' percentages")
    return total


def handicap_addition(
    points: Fraction | int,
    max_points: Fraction | int,
    percent: Fraction | int,
    method: HandicapMethod = HandicapMethod.OF_MISSED,
) -> Fraction:
    """The points added to a pair's total of ``points`` out of ``max_points`` (exact).

    ``OF_MISSED``: percent x (max_points - points); ``OF_TOP``: percent x max_points.
    """
    points = Fraction(points)
    max_points = Fraction(max_points)
    percent = Fraction(percent)
    if not 0 <= percent <= 100:
        raise HandicapError(f"a handicap of {percent}% is not 0-100%")
    if max_points <= 0:
        raise HandicapError(f"a maximum of {max_points} points leaves nothing to add to")
    if not 0 <= points <= max_points:
        raise HandicapError(f"{points} points is not within 0-{max_points}")
    base = max_points - points if method is HandicapMethod.OF_MISSED else max_points
    return percent * base / 100


def with_handicap(
    points: Fraction | int,
    max_points: Fraction | int,
    percent: Fraction | int,
    method: HandicapMethod = HandicapMethod.OF_MISSED,
) -> Fraction:
    """A pair's total with its handicap added (220 of 420 at 8% of the missed 200: 236)."""
    return Fraction(points) + handicap_addition(points, max_points, percent, method)


@dataclass(frozen=True)
class HandicapPlan:
    """A handicap event's plan from the event file: the method, and each player's
    percentage by player key (``scoring.event.Player.key``); a player not listed has 0."""

    method: HandicapMethod
    percents: tuple[tuple[str, Fraction], ...]

    def __post_init__(self) -> None:
        for key, percent in self.percents:
            if not 0 <= percent <= MAX_PLAYER_PERCENT:
                raise HandicapError(
                    f"{key}: a player's handicap of {percent}% is outside 0-{MAX_PLAYER_PERCENT}%"
                )

    def percent_of(self, keys: Iterable[str]) -> Fraction:
        """A pair's percentage: its players' summed (rules.md §11)."""
        table = dict(self.percents)
        return pair_handicap(table.get(key, Fraction(0)) for key in keys)
