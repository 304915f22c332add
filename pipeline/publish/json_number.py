"""How results.json writes a number (shared by every part of the document)."""

from __future__ import annotations

from fractions import Fraction

from scoring.imps import round_half_away

__all__ = ["number"]


def number(value: Fraction | int | None, places: int = 4) -> int | float | None:
    """An exact number for JSON: an int when whole, else to ``places`` decimals, halves away
    from zero (``scoring.imps.round_half_away``, as every publisher rounds for reading)."""
    if value is None:
        return None
    exact = Fraction(value)
    if exact.denominator == 1:
        return int(exact)
    return float(round_half_away(exact, Fraction(1, 10**places)))
