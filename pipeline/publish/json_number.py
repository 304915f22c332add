"""How results.json writes a number (shared by every part of the document)."""

from __future__ import annotations

from fractions import Fraction

__all__ = ["number"]


def number(value: Fraction | int | None, places: int = 4) -> int | float | None:
    """An exact number for JSON: an int when whole, else rounded half up to ``places``."""
    if value is None:
        return None
    exact = Fraction(value)
    if exact.denominator == 1:
        return int(exact)
    scaled = exact * 10**places
    whole = int(scaled)
    if abs(scaled - whole) >= Fraction(1, 2):
        whole += 1 if scaled > 0 else -1
    return float(Fraction(whole, 10**places))
