"""Search the individual Howells (whist tournaments) that ``scripts/search_individual.py``
does not reach: 9 players (no Z_9 schedule exists; one over Z_3 x Z_3 does) and 20-41
players (its depth-first search over all starters does not finish). Pinned in
``scoring.movements.individual.INDIVIDUAL_HOWELL_SCHEDULES``; seed 004 "Individuellt".

The same cyclic schedule over an abelian group G of odd order m, written as moduli
(``(21,)`` is Z_21, ``(3, 3)`` is Z_3 x Z_3, elements numbered in mixed radix): in round r
(element g_r, numbered r - 1) player x + 1 sits at position x - g_r. With 4k + 1 players
(m = n) position 0 sits out; with 4k players (m = n - 1) player n is stationary (``INF``).

Searched are *symmetric* starters only, tables {a, -a} against {b, -b}: the partners'
differences are then ±2a and ±2b, and the opponents' (a - b) and (a + b), each twice. As
x -> 2x is one-to-one on G (m is odd), the partner condition holds by itself, and the starter
is a whist tournament (partners once, opponents twice) exactly when the classes {±(a - b)},
{±(a + b)} over the tables are every class {±d} once. With 4k players table 1 is
{INF, 0} against {c, -c}: 0 opposes c twice, so class c is taken by it.

That leaves a perfect matching of the classes {±a} (a depth-first search). Where no
symmetric starter exists (Z_19, Z_21, Z_23 ...), ``random_starters`` draws partnerships
whose differences are every class once (a Stanton-Mullin starter, in a seeded random
order) and pairs them into tables with every opponent class twice (depth first). Table t plays
set c_t + g_r; nobody meets a set twice when the sets c_t - {seated positions of t} are
disjoint (and the c_t differ), searched over the matchings in order (``MAX_MATCHINGS``);
the first with offsets is printed, else the first matching with ``offsets=None`` (every
table plays the round's set):

    .venv/bin/python -m scripts.search_individual_group 9:3,3 20 21 24 25 28 29 32 ...
"""

from __future__ import annotations

import itertools
import math
import random
import sys
import time
from collections.abc import Iterator

INF = -1
MAX_MATCHINGS = 40  # starters tried for table offsets before tables share the round's set
MAX_OFFSET_NODES = 2_000  # offset search steps per starter (a miss is not a proof)
MAX_TABLE_NODES = 5_000  # steps pairing one random starter's partnerships into tables
MAX_DRAWS = 20_000  # random partnerships drawn before giving up (Z_9 has no starter)


class Group:
    """An abelian group as moduli, elements 0..m-1 in mixed radix (first modulus highest)."""

    def __init__(self, moduli: tuple[int, ...]) -> None:
        self.moduli = moduli
        self.order = math.prod(moduli)
        digits = [self._digits(e) for e in range(self.order)]
        self.add = [[self._number(tuple((x + y) % q for x, y, q in zip(a, b, moduli, strict=True)))
                     for b in digits] for a in digits]  # fmt: skip
        self.neg = [
            self._number(tuple(-x % q for x, q in zip(a, moduli, strict=True))) for a in digits
        ]

    def _digits(self, e: int) -> tuple[int, ...]:
        out = []
        for q in reversed(self.moduli):
            out.append(e % q)
            e //= q
        return tuple(reversed(out))

    def _number(self, digits: tuple[int, ...]) -> int:
        e = 0
        for d, q in zip(digits, self.moduli, strict=True):
            e = e * q + d
        return e

    def sub(self, a: int, b: int) -> int:
        return self.add[a][self.neg[b]]

    def cls(self, a: int) -> int:
        """The class {a, -a} by its smaller element."""
        return min(a, self.neg[a])


def matchings(group: Group, players: int) -> Iterator[tuple[tuple[int, int, int, int], ...]]:
    """Symmetric whist starters (N, S, E, W per table), depth first."""
    classes = sorted({group.cls(a) for a in range(1, group.order)})
    firsts: list[tuple[int, ...]] = [()] if players % 4 == 1 else [(c,) for c in classes]
    for first in firsts:
        tables: list[tuple[int, int, int, int]] = []
        if first:
            c = first[0]
            tables.append((INF, 0, c, group.neg[c]))
        free = [c for c in classes if c not in first]
        yield from _match(group, free, set(first), tables)


def _match(
    group: Group, free: list[int], used: set[int], tables: list[tuple[int, int, int, int]]
) -> Iterator[tuple[tuple[int, int, int, int], ...]]:
    """Pair the free classes into tables {a, -a} against {b, -b}; ``used``: opponent classes."""
    if not free:
        yield tuple(tables)
        return
    a, rest = free[0], free[1:]
    for b in rest:
        d, s = group.cls(group.sub(a, b)), group.cls(group.add[a][b])
        if d == s or d in used or s in used:
            continue
        used.update((d, s))
        tables.append((a, group.neg[a], b, group.neg[b]))
        yield from _match(group, [x for x in rest if x != b], used, tables)
        tables.pop()
        used.difference_update((d, s))


def random_starters(
    group: Group, players: int, seed: int = 1
) -> Iterator[tuple[tuple[int, int, int, int], ...]]:
    """General whist starters (N, S, E, W per table) in a seeded random order."""
    m = group.order
    rng = random.Random(seed)
    for _ in range(MAX_DRAWS):
        if players % 4 == 1:
            positions, fixed = list(range(1, m)), []
        else:  # the stationary player's partner c sits South at table 1
            c = rng.randrange(m)
            positions, fixed = [p for p in range(m) if p != c], [(INF, c)]
        rng.shuffle(positions)
        pairs: list[tuple[int, int]] = []
        classes: set[int] = set()
        if not _partnerships(group, rng, positions, pairs, classes):
            continue
        tables: list[tuple[int, int, int, int]] = []
        if _tables(group, fixed + pairs, [0] * m, tables, [MAX_TABLE_NODES]):
            yield tuple(tables)


def _partnerships(group, rng, free, pairs, classes) -> bool:  # type: ignore[no-untyped-def]
    if not free:
        return True
    a, rest = free[0], free[1:]
    for b in rng.sample(rest, len(rest)):
        c = group.cls(group.sub(a, b))
        if c not in classes:
            classes.add(c)
            pairs.append((a, b))
            if _partnerships(group, rng, [x for x in rest if x != b], pairs, classes):
                return True
            pairs.pop()
            classes.discard(c)
    return False


def _tables(group, free, counts, tables, budget) -> bool:  # type: ignore[no-untyped-def]
    if not free:
        return True
    budget[0] -= 1
    if budget[0] < 0:
        return False  # this starter takes too long: draw another
    first, rest = free[0], free[1:]
    for second in rest:
        opposed = [group.cls(group.sub(a, b)) for a in first for b in second
                   if INF not in (a, b)]  # fmt: skip
        for c in opposed:
            counts[c] += 1
        if all(counts[c] <= 2 for c in opposed):
            tables.append((*first, *second))
            if _tables(group, [x for x in rest if x != second], counts, tables, budget):
                return True
            tables.pop()
        for c in opposed:
            counts[c] -= 1
    return False


def offsets(
    group: Group, tables: tuple[tuple[int, int, int, int], ...], nodes: int = MAX_OFFSET_NODES
) -> tuple[int, ...] | None:
    """Table offsets (table 1 at 0, all different) with the shifted tables disjoint."""
    m = group.order

    def shifted(c: int, table: tuple[int, ...]) -> set[int]:
        return {group.sub(c, p) for p in table if p != INF}

    chosen = [0]
    seen = shifted(0, tables[0])
    budget = [nodes]

    def place(t: int) -> bool:
        if t == len(tables):
            return True
        budget[0] -= 1
        if budget[0] < 0:
            return False
        for c in range(1, m):
            values = shifted(c, tables[t])
            if c not in chosen and not values & seen:
                chosen.append(c)
                seen.update(values)
                if place(t + 1):
                    return True
                chosen.pop()
                seen.difference_update(values)
        return False

    return tuple(chosen) if place(1) else None


def main(arguments: list[str]) -> None:
    for argument in arguments:
        size, _, group_text = argument.partition(":")
        players = int(size)
        m = players if players % 4 == 1 else players - 1
        moduli = tuple(int(q) for q in group_text.split(",")) if group_text else (m,)
        group = Group(moduli)
        start = time.process_time()
        first = None
        found = None
        symmetric = matchings(group, players)
        head = next(symmetric, None)
        starters = itertools.chain([head], symmetric) if head else random_starters(group, players)
        for count, tables in enumerate(starters):
            first = first or tables
            cs = offsets(group, tables)
            if cs is not None:
                found = (tables, cs, count + 1)
                break
            if count + 1 == MAX_MATCHINGS:
                break
        tail = "" if moduli == (m,) else f", group={moduli}"
        cpu = time.process_time() - start
        if found:
            tables, cs, count = found
            print(f"    {players}: IndividualSchedule(tables={tables}, offsets={cs}{tail}),"
                  f"  # {count} matchings, {cpu:.1f} CPU s")  # fmt: skip
        elif first:
            print(f"    {players}: IndividualSchedule(tables={first}, offsets=None{tail}),"
                  f"  # no offsets, {cpu:.1f} CPU s")  # fmt: skip
        else:
            print(f"    # {players}: no starter over {moduli} ({cpu:.1f} CPU s)")


if __name__ == "__main__":
    main(sys.argv[1:])
