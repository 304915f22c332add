"""Search the cyclic individual Howells pinned in
``scoring.movements.individual.INDIVIDUAL_HOWELL_SCHEDULES`` (seed 004 "Individuellt").

An individual Howell for n players, n = 4k + 1 or 4k, is a *whist tournament*: every two
players are partners exactly once and opponents exactly twice. The cyclic construction:
m rounds (m = n for 4k + 1, n - 1 for 4k); player x sits at position x - r (mod m) in
round r (it follows the player numbered just below it), with 4k + 1 players position 0
sits out, with 4k players the highest player is stationary (position ``INF``). A starter is
k tables of four positions (N, S, E, W). Every difference class of Z_m must occur once
among the partners (N-S, E-W) and twice among the opponents (N-E, N-W, S-E, S-W); the
stationary player counts as a partner of one position and an opponent of two, which the
cycle turns into "every player once" and "every player twice".

Board sets: table t plays set c_t + r in round r; nobody meets a set twice exactly when
p -> c_table(p) - p is one-to-one on the positions at tables, and no two tables share a set
in a round when the c_t differ. The first starter in search order with such offsets is
printed as a Python literal:

    .venv/bin/python -m scripts.search_individual 8 9 12 13 16 17 20 21
"""

from __future__ import annotations

import itertools
import sys
import time

INF = -1
MAX_STARTERS = 300  # starters tried for offsets before every table shares the round's set


def _classes(m: int, a: int, b: int) -> int:
    d = (a - b) % m
    return min(d, m - d)


def starters(n: int):
    """Every starter for n players, in a fixed search order (depth first)."""
    k = n // 4
    m = n if n % 4 == 1 else n - 1
    positions = list(range(1, m)) if n % 4 == 1 else list(range(m))
    half = m // 2
    partner = [0] * (half + 1)
    opponent = [0] * (half + 1)
    # A class d < m/2 stands for d and m - d: counted twice per unordered pair... we count
    # unordered pairs: each class must have one partner pair and two opponent pairs.
    tables: list[tuple[int, int, int, int]] = []
    free = set(positions)
    inf_partner: list[int] = []

    def pair_ok(counts, a, b, limit):
        if a == INF or b == INF:
            return True
        return counts[_classes(m, a, b)] < limit

    def add(counts, a, b, step):
        if a != INF and b != INF:
            counts[_classes(m, a, b)] += step

    def place(t: int):
        if t == k:
            yield tuple(tables)
            return
        pool = sorted(free)
        first = pool[0]
        rest = [p for p in pool if p != first]
        seats = [first] if n % 4 == 1 or t > 0 else [INF]
        if n % 4 == 0 and t == 0:
            rest = pool
        for others in itertools.permutations(rest, 4 - len(seats)):
            north, south, east, west = (*seats, *others)
            if n % 4 == 0 and t == 0 and north != INF:
                continue
            if east > west or (t > 0 and north > south and north != INF):
                continue
            partners = ((north, south), (east, west))
            opponents = ((north, east), (north, west), (south, east), (south, west))
            if not all(pair_ok(partner, a, b, 1) for a, b in partners):
                continue
            for a, b in partners:
                add(partner, a, b, 1)
            # the table's two partnerships may share a class: check after adding both
            ok = all(c <= 1 for c in partner[1:])
            ok = ok and all(pair_ok(opponent, a, b, 2) for a, b in opponents)
            if ok:
                # two opponent pairs of one table may share a class: check after adding
                for a, b in opponents:
                    add(opponent, a, b, 1)
                if all(c <= 2 for c in opponent[1:]) and (m % 2 or opponent[half] <= 1):
                    tables.append((north, south, east, west))
                    for p in (north, south, east, west):
                        free.discard(p)
                    yield from place(t + 1)
                    tables.pop()
                    for p in (north, south, east, west):
                        if p != INF:
                            free.add(p)
                for a, b in opponents:
                    add(opponent, a, b, -1)
            for a, b in partners:
                add(partner, a, b, -1)

    del inf_partner
    yield from place(0)


def offsets(m: int, tables) -> tuple[int, ...] | None:
    """Table offsets c_t (table 1 at 0, all different) with c_table(p) - p one-to-one, or
    None; the exhaustive depth-first search of ``search_individual_group`` over Z_m."""
    from scripts.search_individual_group import Group
    from scripts.search_individual_group import offsets as group_offsets

    return group_offsets(Group((m,)), tables, nodes=10**12)


def main(sizes: list[int]) -> None:
    for n in sizes:
        start = time.perf_counter()
        m = n if n % 4 == 1 else n - 1
        for count, tables in enumerate(itertools.islice(starters(n), MAX_STARTERS)):
            cs = offsets(m, tables)
            if cs is not None:
                print(
                    f"    {n}: IndividualSchedule(tables={tables}, offsets={cs}),"
                    f"  # {count + 1} starters tried, {time.perf_counter() - start:.1f} s"
                )
                break
        else:
            first = next(iter(starters(n)), None)
            if first is None:
                print(f"    # {n}: no cyclic starter")
            else:
                print(
                    f"    {n}: IndividualSchedule(tables={first}, offsets=None),"
                    "  # no offsets: every table plays the round's set"
                )


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]])
