"""The vocabulary of the stroke handwriting model: points, strokes, allographs, skeleton sets.

A digit's model shape (a skeleton) is a few pen strokes through control points in a unit
box, x to the right, y down; a third value 1 on a point marks a corner (the spline stops
and starts again there). An allograph is one of the shapes people use for a digit (a "1"
as a stick or with a flag); a skeleton set gives, per digit, its allographs with how
common each is.

Kept apart from the two skeleton sets (skeletons_a.py, skeletons_b.py) so both are
written in the same terms without either importing the other, and apart from the
drawing (strokes.py), which only reads them.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

__all__ = ["Point", "Stroke", "Allograph", "SkeletonSet", "ellipse", "UP"]

Point = tuple[float, ...]
Stroke = tuple[Point, ...]
Allograph = tuple[Stroke, ...]
SkeletonSet = Mapping[str, tuple[tuple[float, Allograph], ...]]
"""Per digit ("0".."9"): (weight, allograph) pairs; a weight is how common it is among writers."""


def ellipse(cx: float, cy: float, rx: float, ry: float, start: float, turn: float,
             n: int = 9) -> Stroke:  # fmt: skip
    """Points along an ellipse from angle ``start`` (radians, 0 = right, y down) through
    ``turn`` radians (positive = clockwise on the page)."""
    angles = [start + turn * k / (n - 1) for k in range(n)]
    return tuple((cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles)


UP = -math.pi / 2
