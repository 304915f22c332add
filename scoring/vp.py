"""Victory points: the WBF 2013 continuous 20-VP scale for any number of boards.

The WBF Scoring Panel's formula (technical report "The New WBF IMP to VP Scales", 2013):

    X = 15 * sqrt(N)                               blitz margin for an N-board match
    VP(I) = 10 + 10 * (1 - tau ** (3 * I / X)) / (1 - tau ** 3)    for 0 <= I < X
    VP(I) = 20                                                      for I >= X

with tau = (sqrt(5) - 1) / 2, the golden ratio's inverse. Values are rounded to two decimals
(half up; the exact value is irrational so a tie never occurs). Rounding can make the scale
lose its concavity (an IMP worth 0.01 VP more than the IMP before it); the published tables
were corrected by raising the middle value of such a triple by 0.01 and checking again from
the start until no IMP is worth more than the one before. ``wbf_vp_table`` does the same, so
it reproduces the published tables (e.g. 14 boards, 8 IMPs: 12.43 by the formula, 12.44 in the
table). The loser gets 20 minus the winner's VPs; there is no reduction beyond the blitz.

The arithmetic runs in ``decimal`` with 40 significant digits, so the result does not depend
on the platform's floating point. VPs are returned as exact ``Fraction`` hundredths.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext
from fractions import Fraction
from functools import lru_cache
from math import floor, isqrt

from scoring.errors import ScoringError

__all__ = [
    "VictoryPointError",
    "VictoryPoints",
    "wbf_blitz",
    "wbf_vp_table",
    "wbf_vp",
    "wbf_match_vp",
]

_MAX_VP = 20
_HALF_VP = 10


class VictoryPointError(ScoringError):
    """A VP conversion that cannot be made (no boards, a board count the table lacks)."""


@dataclass(frozen=True)
class VictoryPoints:
    """One match in VPs: the first team's and the second team's award."""

    first: Fraction
    second: Fraction

    def __str__(self) -> str:
        return f"{float(self.first):.2f}-{float(self.second):.2f}"


def _check_boards(boards: int) -> None:
    if boards < 1:
        raise VictoryPointError(f"a match needs at least one board, not {boards}")


def wbf_blitz(boards: int) -> int:
    """The smallest whole IMP margin that wins 20-0 in a match of ``boards`` boards.

    That is the least integer I with I >= 15 * sqrt(N), i.e. I * I >= 225 * N (exact).
    """
    _check_boards(boards)
    root = isqrt(225 * boards)
    return root if root * root == 225 * boards else root + 1


def _formula_hundredths(margin: int, boards: int) -> int:
    """The formula's VP for ``margin`` (0 <= margin), in hundredths, before concavity fixes."""
    if margin * margin >= 225 * boards:
        return _MAX_VP * 100
    with localcontext() as context:
        context.prec = 40
        blitz = Decimal(15) * Decimal(boards).sqrt()
        tau = (Decimal(5).sqrt() - 1) / 2
        ratio = tau**3
        exponent = ratio.ln() * Decimal(margin) / blitz
        value = _HALF_VP + _HALF_VP * (1 - exponent.exp()) / (1 - ratio)
        return int((value * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP))


@lru_cache(maxsize=128)
def _table_hundredths(boards: int) -> tuple[int, ...]:
    blitz = wbf_blitz(boards)
    values = [_formula_hundredths(margin, boards) for margin in range(blitz + 1)]
    # Concavity: no IMP may be worth more than the IMP before it. Raise the middle value of
    # the first offending triple by 0.01 and look again from the start (WBF technical report).
    changed = True
    while changed:
        changed = False
        for index in range(2, len(values)):
            if values[index] - values[index - 1] > values[index - 1] - values[index - 2]:
                values[index - 1] += 1
                changed = True
                break
    return tuple(values)


def wbf_vp_table(boards: int) -> tuple[Fraction, ...]:
    """The winner's VPs for margins 0, 1, ... blitz (the last entry is 20) for ``boards``."""
    return tuple(Fraction(value, 100) for value in _table_hundredths(boards))


def _winner_vp(margin: int, boards: int) -> Fraction:
    table = _table_hundredths(boards)
    if margin >= len(table) - 1:
        return Fraction(_MAX_VP)
    return Fraction(table[margin], 100)


def wbf_vp(margin: int | Fraction, boards: int) -> Fraction:
    """VPs on the WBF 2013 scale for a team that won (or, if negative, lost) by ``margin`` IMPs.

    A margin that is not a whole number (averaged or weighted IMPs) is interpolated linearly
    between the two neighbouring whole margins and rounded to 0.01, half up (our choice,
    docs/scoring-imps-vp-ranking-masterpoints.md).
    """
    _check_boards(boards)
    size = abs(Fraction(margin))
    lower = floor(size)
    if size == lower:
        winner = _winner_vp(lower, boards)
    else:
        low = _winner_vp(lower, boards)
        high = _winner_vp(lower + 1, boards)
        exact = low + (high - low) * (size - lower)
        hundredths = exact * 100
        whole = floor(hundredths)
        if hundredths - whole >= Fraction(1, 2):
            whole += 1
        winner = Fraction(whole, 100)
    return winner if margin >= 0 else _MAX_VP - winner


def wbf_match_vp(
    first_imps: int | Fraction, second_imps: int | Fraction, boards: int
) -> VictoryPoints:
    """A match's VPs for both teams from each team's IMP total (they add up to 20)."""
    first = wbf_vp(Fraction(first_imps) - Fraction(second_imps), boards)
    return VictoryPoints(first, _MAX_VP - first)
