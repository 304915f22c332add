"""Neuberg's formula: factor matchpoints from n results to the normal number N (rules.md §4).

On the 2-1-0 scale S' = (S + 1) N / n - 1; on 1-0.5-0, S' = (S + 0.5) N / n - 0.5. The seed
prints the formula garbled ("N/n - (s + 1) - 1"); this is the published form. The constant is
the value of a tie on the scale, so one function serves both scales.
"""

from __future__ import annotations

from fractions import Fraction

from scoring.matchpoints import Scale

__all__ = ["neuberg", "unneuberg"]


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
