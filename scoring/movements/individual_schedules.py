"""The pinned starters of the complete individual Howells (whist tournaments) for 4-40
players (seed 004 "Individuellt": "I boken Tävlingsledaren finns det tävlingsformer för i
stort sett vilket spelarantal som helst").

A complete individual for n = 4k or 4k + 1 players (every two players partners exactly
once and opponents exactly twice) is cyclic over an abelian group G of odd order m (m = n
for 4k + 1, n - 1 for 4k), usually Z_m: in round r (the element g_r numbered r - 1) the
player numbered x + 1 sits at position x - g_r, so he follows the player numbered just below
him as in the pairs Howell. With 4k + 1 players position 0 sits out (player r in round r);
with 4k players player n is stationary (``INF``). The starter seats round 1; each table t
plays board set c_t + g_r (``offsets``), or, where no offsets were found, every table plays
the round's set (duplicate the boards, or pass them: a barometer).

Where the starters come from: 4, 5, 8, 12, 13, 16 and 17 from ``scripts/search_individual.py``
(every cyclic starter, depth first); 9 and 20-40 from ``scripts/search_individual_group.py``
(symmetric starters {a, -a} against {b, -b}, else seeded random ones). Z_9 has no starter at
all (an exhaustive search), so 9 players play over Z_3 x Z_3 (``group=(3, 3)``, elements
numbered 3a + b). Sizes 4k + 2 and 4k + 3 have no complete individual: somebody would sit
out with an odd number of partnerships left; they are not built.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod

__all__ = ["INDIVIDUAL_HOWELL_SCHEDULES", "INF", "IndividualSchedule"]

INF = -1  # the stationary position of a 4k-player Howell


@dataclass(frozen=True)
class IndividualSchedule:
    """A cyclic individual Howell: per table the positions sitting N, S, E, W (``INF``: the
    stationary player), the tables' board-set offsets (None: every table the round's set),
    and the group as moduli (None: Z_m, the pairs Howell's cycle)."""

    tables: tuple[tuple[int, int, int, int], ...]
    offsets: tuple[int, ...] | None
    group: tuple[int, ...] | None = None

    def order(self) -> int:
        """m: the rounds of the complete individual and the positions that move."""
        if self.group is not None:
            return prod(self.group)
        seated = sum(1 for table in self.tables for p in table if p != INF)
        stationary = any(INF in table for table in self.tables)
        return seated if stationary else seated + 1

    def add(self, a: int, b: int) -> int:
        """a + b in the group, elements numbered in mixed radix (first modulus highest)."""
        if self.group is None:
            return (a + b) % self.order()
        total, weight = 0, 1
        for q in reversed(self.group):
            total += ((a // weight) % q + (b // weight) % q) % q * weight
            weight *= q
        return total


# players -> schedule; the comment says which search found it.
# fmt: off
INDIVIDUAL_HOWELL_SCHEDULES: dict[int, IndividualSchedule] = {
    4: IndividualSchedule(tables=((INF, 0, 1, 2),), offsets=(0,)),
    5: IndividualSchedule(tables=((1, 4, 2, 3),), offsets=(0,)),
    8: IndividualSchedule(tables=((INF, 0, 1, 3), (2, 6, 4, 5)), offsets=None),
    9: IndividualSchedule(  # search_individual_group 9:3,3 (no offsets exist: exhaustive)
        tables=((1, 2, 3, 6), (4, 8, 5, 7)), offsets=None, group=(3, 3)
    ),
    12: IndividualSchedule(tables=((INF, 0, 1, 3), (2, 9, 6, 7), (4, 10, 5, 8)), offsets=None),
    13: IndividualSchedule(
        tables=((1, 4, 2, 7), (3, 12, 6, 8), (5, 11, 9, 10)), offsets=(0, 3, 12)
    ),
    16: IndividualSchedule(
        tables=((INF, 0, 1, 2), (3, 6, 9, 11), (4, 13, 8, 12), (5, 10, 7, 14)), offsets=None
    ),
    17: IndividualSchedule(
        tables=((1, 2, 3, 8), (4, 15, 10, 12), (5, 9, 6, 13), (7, 16, 11, 14)), offsets=None
    ),
    20: IndividualSchedule(  # search_individual_group 20, random (MAX_MATCHINGS 100)
        tables=((INF, 2, 9, 3), (13, 15, 12, 17), (16, 8, 14, 5), (7, 4, 18, 11), (1, 0, 6, 10)),
        offsets=None,
    ),
    21: IndividualSchedule(  # search_individual_group 21, random, MAX_MATCHINGS 100 and
        # MAX_OFFSET_NODES 20_000 (the defaults give it without offsets)
        tables=((3, 19, 9, 12), (17, 6, 10, 4), (13, 14, 16, 18), (20, 7, 8, 15), (2, 11, 5, 1)),
        offsets=(0, 2, 17, 15, 16),
    ),
    24: IndividualSchedule(  # search_individual_group 24 (random starter)
        tables=((INF, 6, 4, 19), (20, 22, 0, 7), (1, 21, 15, 10), (2, 16, 9, 5), (18, 8, 3, 14),
                (12, 13, 11, 17)),
        offsets=None,
    ),
    25: IndividualSchedule(  # search_individual_group 25 (symmetric)
        tables=((1, 24, 2, 23), (3, 22, 9, 16), (4, 21, 12, 13), (5, 20, 10, 15), (6, 19, 8, 17),
                (7, 18, 11, 14)),
        offsets=None,
    ),
    28: IndividualSchedule(  # search_individual_group 28 (symmetric)
        tables=((INF, 0, 3, 24), (1, 26, 6, 21), (2, 25, 12, 15), (4, 23, 8, 19), (5, 22, 13, 14),
                (7, 20, 9, 18), (10, 17, 11, 16)),
        offsets=None,
    ),
    29: IndividualSchedule(  # search_individual_group 29 (symmetric)
        tables=((1, 28, 12, 17), (2, 27, 5, 24), (3, 26, 7, 22), (4, 25, 10, 19), (6, 23, 14, 15),
                (8, 21, 9, 20), (11, 18, 13, 16)),
        offsets=(0, 11, 18, 14, 8, 28, 16),
    ),
    37: IndividualSchedule(  # search_individual_group 37 (symmetric)
        tables=((1, 36, 2, 35), (3, 34, 7, 30), (4, 33, 15, 22), (5, 32, 18, 19), (6, 31, 14, 23),
                (8, 29, 13, 24), (9, 28, 16, 21), (10, 27, 12, 25), (11, 26, 17, 20)),
        offsets=None,
    ),
    40: IndividualSchedule(  # search_individual_group 40 (symmetric)
        tables=((INF, 0, 13, 26), (1, 38, 2, 37), (3, 36, 5, 34), (4, 35, 18, 21), (6, 33, 17, 22),
                (7, 32, 14, 25), (8, 31, 12, 27), (9, 30, 15, 24), (10, 29, 19, 20),
                (11, 28, 16, 23)),
        offsets=None,
    ),
}
# fmt: on
