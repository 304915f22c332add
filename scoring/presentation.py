"""Centred (plus/minus) matchpoints: a way of printing the same scale (rules.md §15).

Norwegian clubs read results printed relative to the average: Ruter prints each side's
points minus half the top, so on a top of 8 a top is NS +4.0 / EW -4.0, a middle 0.0 / 0.0,
and a session total is the sum of the centred board figures (a pair at exactly 50% has
0.0). The percentages beside them are the ordinary ones. Nothing about the scoring changes:
``centred = points - top / 2`` on every board, and a total's centred value is its points
minus half the tops it counts (the pair's maximum: boards played, sit-out boards credited).
A procedural penalty is already inside the points, so it stays inside the centred total.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction

__all__ = ["Presentation", "centre", "uncentre", "centred_total"]


class Presentation(Enum):
    """How matchpoints are printed: as points (0 to the top), or centred on the average
    (points - top/2: Ruter in Norway prints NS +4.0 / EW -4.0 on a top of 8)."""

    POINTS = "points"
    CENTRED = "centred"


def centre(points: Fraction, top: Fraction) -> Fraction:
    """A board's points as centred figure: ``points - top / 2``."""
    return points - top / 2


def uncentre(centred: Fraction, top: Fraction) -> Fraction:
    """A centred figure back to points: ``centred + top / 2``."""
    return centred + top / 2


def centred_total(points: Fraction, tops: Fraction) -> Fraction:
    """A total in points as the centred total: minus half the sum of the tops it counts."""
    return points - tops / 2
