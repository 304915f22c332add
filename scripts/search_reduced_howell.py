"""Search the schedules of reduced Howells (seed 004 section 2) pinned in
``scoring.movements.reduced_howell.REDUCED_HOWELL_SCHEDULES``, and the seat directions of
endless Howells (section 3) pinned in ``scoring.movements.endless_howell``.

A reduced Howell for T tables and m rounds has m moving pairs and s = 2T - m stationary
pairs. Moving pair x sits at position x - r (mod m) in round r (it follows the pair
numbered just below it). Each stationary table has one moving position; each other table
a *couple* of positions whose difference classes (d and m - d) are all different, so no
two pairs meet twice (d = m/2 is excluded: those two pairs would meet twice). Table t
plays board set c_t + r in round r; a pair never meets a set twice exactly when
p -> c_table(p) - p is a permutation of Z_m.

For every choice of difference classes the search lists partitions and offsets, orders the
couples' NS/EW (one couple flipped at a time while it helps) and scores each candidate with
the seed's balance (mean |same share - 1/2| over all couples of pairs, after the
deterministic arrow switches at stationary tables that the generator applies). It prints
the best schedule per size as a Python literal:

    .venv/bin/python -m scripts.search_reduced_howell 6:8 6:9 8:12 8:13 9:12 ...
    .venv/bin/python -m scripts.search_reduced_howell endless:3 endless:4 ...

For an endless Howell every table plays the round's set, so only the direction of each
table's two loop seats is free: one table flipped at a time, from "the pair moving up sits
NS" everywhere, while the balance improves.
"""

from __future__ import annotations

import itertools
import sys
import time

from scoring.movements.balance import balance_report
from scoring.movements.endless_howell import endless_howell_from
from scoring.movements.reduced_howell import ReducedSchedule, reduced_howell_from

CANDIDATES_PER_CLASS_CHOICE = 12


def _partitions(m: int, stationary: int, diffs: tuple[int, ...]):
    """Couples (a, a + d mod m) for each d in diffs, the rest singletons; position 0 is
    always the first stationary table's (a rotation of positions changes nothing)."""
    used = [False] * m
    used[0] = True
    couples: list[tuple[int, int]] = []

    def place(k: int):
        if k == len(diffs):
            singles = [p for p in range(m) if not used[p]]
            if len(singles) == stationary - 1:
                yield tuple(couples), (0, *singles)
            return
        d = diffs[k]
        for a in range(1, m):
            b = (a + d) % m
            if used[a] or used[b] or b == 0:
                continue
            used[a] = used[b] = True
            couples.append((a, b))
            yield from place(k + 1)
            couples.pop()
            used[a] = used[b] = False

    yield from place(0)


def _offsets(m: int, singles: tuple[int, ...], couples: tuple[tuple[int, int], ...]):
    """Distinct offsets c_t (first table 0) so c_table(p) - p is a permutation of Z_m."""
    tables: list[tuple[int, ...]] = [(p,) for p in singles] + [c for c in couples]
    taken_values: set[int] = set()
    taken_offsets: set[int] = set()
    chosen: list[int] = []

    def place(k: int):
        if k == len(tables):
            yield tuple(chosen)
            return
        for c in range(m) if k else (0,):
            if c in taken_offsets:
                continue
            values = {(c - p) % m for p in tables[k]}
            if len(values) < len(tables[k]) or values & taken_values:
                continue
            taken_offsets.add(c)
            taken_values.update(values)
            chosen.append(c)
            yield from place(k + 1)
            chosen.pop()
            taken_values.difference_update(values)
            taken_offsets.discard(c)

    yield from place(0)


def _score(schedule: ReducedSchedule, tables: int, rounds: int) -> float:
    movement = reduced_howell_from(schedule, tables, rounds, 2 * tables, 1)
    return float(balance_report(movement).mean_deviation)


def search(tables: int, rounds: int) -> tuple[ReducedSchedule, float] | None:
    m, stationary = rounds, 2 * tables - rounds
    classes = [d for d in range(1, (m - 1) // 2 + 1)]
    best: tuple[float, ReducedSchedule] | None = None
    for diffs in itertools.combinations(classes, tables - stationary):
        found = 0
        for couples, singles in _partitions(m, stationary, diffs):
            offsets = next(_offsets(m, singles, couples), None)
            if offsets is None:
                continue
            flags = [0] * len(couples)
            score = _score(ReducedSchedule(singles, couples, offsets, tuple(flags)), tables, rounds)
            improved = True
            while improved:  # flip one couple's NS/EW at a time while balance improves
                improved = False
                for k in range(len(flags)):
                    flags[k] ^= 1
                    trial = _score(
                        ReducedSchedule(singles, couples, offsets, tuple(flags)), tables, rounds
                    )
                    if trial < score:
                        score, improved = trial, True
                    else:
                        flags[k] ^= 1
            if best is None or score < best[0]:
                best = (score, ReducedSchedule(singles, couples, offsets, tuple(flags)))
            found += 1
            if found >= CANDIDATES_PER_CLASS_CHOICE:
                break
    return None if best is None else (best[1], best[0])


def search_endless(tables: int) -> tuple[tuple[int, ...], float]:
    def score(flags: list[int]) -> float:
        movement = endless_howell_from(tuple(flags), 2 * tables, 1, 2 * tables - 1)
        return float(balance_report(movement).mean_deviation)

    flags = [1] * (tables - 1)
    best = score(flags)
    improved = True
    while improved:
        improved = False
        for k in range(len(flags)):
            flags[k] ^= 1
            trial = score(flags)
            if trial < best:
                best, improved = trial, True
            else:
                flags[k] ^= 1
    return tuple(flags), best


def main(argv: list[str]) -> None:
    for size in argv:
        if size.startswith("endless:"):
            tables = int(size.split(":")[1])
            flags, score = search_endless(tables)
            print(f"    {tables}: {flags!r},  # balance {score:.3f}")
            continue
        tables, rounds = (int(x) for x in size.split(":"))
        start = time.perf_counter()
        found = search(tables, rounds)
        took = time.perf_counter() - start
        if found is None:
            print(f"    # ({tables}, {rounds}): no schedule ({took:.0f} s)")
            continue
        schedule, score = found
        print(f"    ({tables}, {rounds}): {schedule!r},  # balance {score:.3f}, {took:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
