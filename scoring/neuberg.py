"""Neuberg's formula: factor matchpoints from n results to the normal number N (rules.md §4).

On the 2-1-0 scale S' = (S + 1) N / n - 1; on 1-0.5-0, S' = (S + 0.5) N / n - 0.5. The seed
prints the formula garbled ("N/n - (s + 1) - 1"); this is the published form. The constant is
the value of a tie on the scale, so one function serves both scales.

Rounding (seed 004: "Vid Neubergs formel används en decimal") is separate: ``round_points``
rounds an exact value to the decimals an option asks for, an exact tie half up unless
``TieRounding`` says otherwise (half away from zero, or half to even as Compscore does).
Everything here is exact ``Fraction`` arithmetic, so a bulk path can reproduce it bit for
bit in integers (see docs/scoring-matchpoints.md, "Rounding, exactly").
"""

from __future__ import annotations

import math
from fractions import Fraction

from scoring.matchpoints import Scale
from scoring.options import Rounding, TieRounding

__all__ = ["neuberg", "unneuberg", "round_points", "round_half_up", "round_to"]


def _check(results: int, normal: int) -> None:
    if results < 1 or normal < 1:
        raise ValueError(f"Neuberg needs at least one result (n={results}, N={normal})")


def neuberg(
    points: Fraction | int, results: int, normal: int, scale: Scale = Scale.TWO_ONE_ZERO
) -> Fraction:
    """Matchpoints ``points`` earned among ``results`` results, factored to ``normal`` results."""
    _check(results, normal)
    return (Fraction(points) + scale.tie) * normal / results - scale.tie


def unneuberg(
    points: Fraction | int, results: int, normal: int, scale: Scale = Scale.TWO_ONE_ZERO
) -> Fraction:
    """The inverse of :func:`neuberg`: back from ``normal`` results to ``results``."""
    _check(results, normal)
    return (Fraction(points) + scale.tie) * results / normal - scale.tie


def round_half_up(value: Fraction, step: Fraction = Fraction(1)) -> Fraction:
    """``value`` to a multiple of ``step``, halves upwards: ``floor(value / step + 1/2) * step``.

    "Upwards" is towards +infinity, also for negative values (-0.25 -> -0.2 at a tenth).
    """
    if step <= 0:
        raise ValueError(f"a rounding step must be positive, not {step}")
    return math.floor(value / step + Fraction(1, 2)) * step


def round_to(value: Fraction, step: Fraction, ties: TieRounding = TieRounding.HALF_UP) -> Fraction:
    """``value`` to a multiple of ``step``; an exact tie goes the way ``ties`` says.

    >>> [float(round_to(Fraction(x), Fraction(1, 10), t)) for x, t in (
    ...     ("12.65", TieRounding.HALF_UP), ("12.65", TieRounding.HALF_TO_EVEN),
    ...     ("-0.25", TieRounding.HALF_UP), ("-0.25", TieRounding.HALF_AWAY_FROM_ZERO))]
    [12.7, 12.6, -0.2, -0.3]
    """
    if step <= 0:
        raise ValueError(f"a rounding step must be positive, not {step}")
    units = value / step
    below = math.floor(units)
    rest = units - below
    if rest != Fraction(1, 2):
        return (below + 1 if rest > Fraction(1, 2) else below) * step
    if ties is TieRounding.HALF_UP:
        return (below + 1) * step
    if ties is TieRounding.HALF_AWAY_FROM_ZERO:
        return (below + 1 if value > 0 else below) * step
    return (below if below % 2 == 0 else below + 1) * step


def round_points(
    value: Fraction, rounding: Rounding, ties: TieRounding = TieRounding.HALF_UP
) -> Fraction:
    """A board score kept the way ``rounding`` says: exact, or to 0.1 or 0.01 (ties: ``ties``)."""
    decimals = rounding.decimals
    if decimals is None:
        return value
    return round_to(value, Fraction(1, 10**decimals), ties)
