"""Matchpoints, "topscore" (Law 78A): every result on a board against every other.

Exact arithmetic with ``Fraction``; rounding happens only where options ask for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from fractions import Fraction

__all__ = ["Scale", "top", "matchpoints", "ew_matchpoints", "percentage"]

Number = int | Fraction


class Scale(Enum):
    """Points for beating one other result: 2-1-0 (Scandinavian, default) or 1-0.5-0 (ACBL)."""

    TWO_ONE_ZERO = "2-1-0"
    ONE_HALF_ZERO = "1-0.5-0"

    def __str__(self) -> str:
        return self.value

    @property
    def win(self) -> Fraction:
        return Fraction(2) if self is Scale.TWO_ONE_ZERO else Fraction(1)

    @property
    def tie(self) -> Fraction:
        """Points for a tie: half a win. Also the constant in Neuberg's formula."""
        return self.win / 2


def top(results: int, scale: Scale = Scale.TWO_ONE_ZERO) -> Fraction:
    """The top on a board played ``results`` times: 2(n-1) on 2-1-0, n-1 on 1-0.5-0."""
    if results < 1:
        raise ValueError(f"a board needs at least one result for a top, not {results}")
    return scale.win * (results - 1)


def matchpoints(scores: Sequence[Number], scale: Scale = Scale.TWO_ONE_ZERO) -> list[Fraction]:
    """North-South matchpoints of each score among ``scores`` (NS points, higher is better).

    Sorting makes it O(n log n): a score beats every lower one and ties with the equal others.
    """
    ordered = sorted(scores)
    below: dict[Number, int] = {}
    equal: dict[Number, int] = {}
    for index, score in enumerate(ordered):
        below.setdefault(score, index)
        equal[score] = equal.get(score, 0) + 1
    return [scale.win * below[s] + scale.tie * (equal[s] - 1) for s in scores]


def ew_matchpoints(
    ns_points: Fraction, results: int, scale: Scale = Scale.TWO_ONE_ZERO
) -> Fraction:
    """East-West's matchpoints when NS scored ``ns_points``: the top minus NS."""
    return top(results, scale) - ns_points


def percentage(points: Fraction, available: Fraction) -> Fraction:
    """Points as a percentage of the points available (exact)."""
    if available <= 0:
        raise ValueError("no matchpoints were available, so there is no percentage")
    return points * 100 / available
