"""The old 30-VP scale printed in the Swedish TD course (seed 004, "Omvandlingstabell från IMP
till VP"), for matches of 8, 12, 16, 20, 24, 28 and 32 boards.

A draw is 15-15; the winner's VPs rise to 25 (25-5), after which the loser's drop to 0
(25-4 ... 25-0), so the two awards add up to 30 only up to 25-5. Each row is stored by its
lowest IMP margin, transcribed from the seed (which is OCR'd: the rows were checked to be
contiguous, each row starting one IMP above the previous row's end). The table is read by
those lower bounds, so a fractional margin (averaged IMPs) stays in the row it has reached.
"""

from __future__ import annotations

from fractions import Fraction

from scoring.vp import VictoryPointError, VictoryPoints

__all__ = ["SEED_30VP_ROWS", "SEED_30VP_BOARDS", "seed_30vp", "seed_30vp_match"]

#: The VP awards, winner-loser, row by row (seed 004).
SEED_30VP_ROWS: tuple[tuple[int, int], ...] = (
    (15, 15), (16, 14), (17, 13), (18, 12), (19, 11), (20, 10), (21, 9), (22, 8),
    (23, 7), (24, 6), (25, 5), (25, 4), (25, 3), (25, 2), (25, 1), (25, 0),
)  # fmt: skip

# The lowest margin of rows 16-14 ... 25-0 (row 15-15 starts at 0), per boards per match.
_LOWER_BOUNDS: dict[int, tuple[int, ...]] = {
    8: (2, 6, 9, 12, 15, 18, 21, 24, 27, 30, 34, 38, 42, 46, 51),
    12: (2, 7, 10, 13, 17, 21, 25, 29, 33, 37, 41, 46, 51, 56, 62),
    16: (3, 8, 12, 16, 20, 24, 28, 32, 37, 42, 47, 53, 59, 65, 72),
    20: (3, 9, 13, 17, 22, 27, 32, 37, 42, 48, 54, 60, 66, 73, 80),
    24: (4, 10, 15, 20, 25, 30, 35, 40, 46, 52, 58, 65, 72, 80, 88),
    28: (4, 11, 16, 21, 26, 32, 38, 44, 50, 56, 62, 69, 77, 86, 95),
    32: (4, 11, 17, 23, 29, 35, 41, 47, 53, 59, 66, 74, 83, 92, 101),
}

#: The match lengths the seed's table covers.
SEED_30VP_BOARDS: tuple[int, ...] = tuple(sorted(_LOWER_BOUNDS))


def seed_30vp(margin: int | Fraction, boards: int) -> tuple[int, int]:
    """(this team's VPs, the opponents' VPs) for winning by ``margin`` IMPs (negative: losing).

    >>> seed_30vp(10, 16), seed_30vp(-10, 16), seed_30vp(72, 16)
    ((17, 13), (13, 17), (25, 0))
    """
    if boards not in _LOWER_BOUNDS:
        raise VictoryPointError(
            f"the seed's 30-VP table has no column for {boards} boards "
            f"(it has {', '.join(map(str, SEED_30VP_BOARDS))})"
        )
    size = abs(Fraction(margin))
    row = sum(1 for bound in _LOWER_BOUNDS[boards] if size >= bound)
    winner, loser = SEED_30VP_ROWS[row]
    return (winner, loser) if margin >= 0 else (loser, winner)


def seed_30vp_match(
    first_imps: int | Fraction, second_imps: int | Fraction, boards: int
) -> VictoryPoints:
    """A match's VPs on the seed's 30-VP table from each team's IMP total."""
    first, second = seed_30vp(Fraction(first_imps) - Fraction(second_imps), boards)
    return VictoryPoints(Fraction(first), Fraction(second))
