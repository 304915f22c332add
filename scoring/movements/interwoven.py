"""Interwoven Howell (Invävd Howell, seed 004 "Tävlingsformer" section 4).

The seed: two groups, equal in size (possibly one pair apart), play a Howell each on the
same boards; the groups are woven into each other so the boards resting in one group are
played in the other. With an even number of tables there are two stationary pairs, one in
each group; with an odd number there are none, and a pair meets one pair of the other
group. 8-18 tables; the starting orders are in "Tävlingsledaren", which we do not have, so
we build them with those properties.

Each group plays the cyclic Howell of ``scoring.movements.howell`` (every moving pair follows
the pair numbered just below it, boards in number order at every table): group A the
schedule of ``HOWELL_SCHEDULES``, group B the schedule below, whose sets are exactly the sets
group A rests, plus one set both play. Board set c + r - 1 at a table with offset c in round
r, so two groups whose offsets together cover every set once (and one set twice) keep every
set in play every round:

- even tables 2h (4h pairs): group A is pairs 1..2h at tables 1..h (pair 2h stationary NS at
  table 1), group B pairs 2h+1..4h at tables h+1..2h (pair 4h stationary NS at table h+1).
  One set is played at a table of each group in the same round (for h = 4, 6, 7, 8, 9 the
  two stationary tables 1 and h+1; for 10 tables tables 2 and 8): put those two tables side
  by side and let them pass the boards (a relay), or use two copies of that set. Every
  board is played 2h times: once at every table.
- odd tables 2h-1 (4h-2 pairs): each group is a Howell of 2h-1 pairs whose missing highest
  number would leave a pair idle each round; instead the two idle pairs, one of each
  group, meet at table 1 (the cross table) on the set both groups would have played there.
  Group A is pairs 1..2h-1 at tables 1..h, group B pairs 2h..4h-2 at tables 1, h+1..2h-1.
  A pair meets every pair of its group once and one pair of the other group. Group B's
  numbers start one place on, so A pair t meets B pair 2h + t (A pair 2h-1 meets B pair
  2h): a Mitchell for the second session, A pairs NS and B pairs EW, meets that pair in
  its last round, and stopped one round early (``rounds``: tables - 1) it makes everyone
  meet everyone once over the two sessions (seed "Kombinerade tävlingar").
  Every board is played 2h-1 times: once at every table.
- one pair fewer: the highest number (group B's) is missing; its opponents sit out.

For 9 tables no such pair of schedules exists: every starter and every choice of table
sets over Z9 (and Z3 x Z3) is enumerated in tests/scoring/test_movement_interwoven.py, and no
group A's four table sets leave four that a group B can use; so 9 tables is refused.
"""

from __future__ import annotations

from scoring.movement import Movement, MovementEntry, MovementError, MovementKind, MovementSpec
from scoring.movements.howell import HOWELL_SCHEDULES
from scoring.movements.meetings import MeetingPlan
from scoring.movements.mitchell import set_boards

__all__ = ["INTERWOVEN_B_SCHEDULES", "interwoven_howell", "interwoven_groups", "interwoven_plan"]

Schedule = tuple[tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...]]

# Howell tables per group h -> group B's (starter couples, offsets, NS-first flags), beside
# group A's HOWELL_SCHEDULES[h]. Offsets: B's table 1 shares A's table 1 set (c_1 = 0) and
# B's other tables play exactly the sets A rests; found by exhaustive search over the
# offsets (and, for h = 8, the starters), flags by the best balance (``balance_report``).
# h = 5 has no schedule with c_1 shared; its B is A's schedule one set on (tables 2 of A
# and 3 of B share a set), which serves 10 tables but not 9.
INTERWOVEN_B_SCHEDULES: dict[int, Schedule] = {
    4: (((1, 6), (2, 5), (3, 4)), (0, 5, 3, 6), (0, 0, 1)),
    5: (((1, 2), (3, 7), (4, 6), (5, 8)), (1, 6, 5, 3, 8), (0, 1, 0, 0)),
    6: (((1, 10), (2, 9), (3, 8), (4, 7), (5, 6)), (0, 6, 10, 7, 2, 8), (1, 0, 1, 1, 1)),
    7: (
        ((1, 12), (2, 11), (3, 10), (4, 9), (5, 8), (6, 7)),
        (0, 7, 12, 8, 11, 4, 10),
        (0, 1, 1, 1, 0, 0),
    ),
    8: (
        ((1, 2), (3, 5), (4, 12), (6, 10), (7, 13), (8, 11), (9, 14)),
        (0, 9, 14, 3, 8, 10, 12, 4),
        (0, 1, 0, 1, 0, 1, 0),
    ),
    9: (
        ((1, 16), (2, 15), (3, 14), (4, 13), (5, 12), (6, 11), (7, 10), (8, 9)),
        (0, 10, 12, 15, 11, 1, 14, 9, 13),
        (1, 1, 1, 1, 1, 1, 1, 0),
    ),
}
MIN_TABLES, MAX_TABLES = 8, 18


def _group_lines(
    schedule: Schedule, round_: int, moving: int
) -> list[tuple[int, int | None, int | None, int]]:
    """(Howell table, NS index, EW index, set) of one group in ``round_``; index None is the
    stationary pair, positions as in ``scoring.movements.howell``."""
    couples, offsets, flags = schedule

    def pair_at(position: int) -> int:
        return (position + round_ - 1) % moving + 1

    def board_set(table: int) -> int:
        return (offsets[table - 1] + round_ - 1) % moving + 1

    lines: list[tuple[int, int | None, int | None, int]] = [(1, None, pair_at(0), board_set(1))]
    for table, ((a, b), flag) in enumerate(zip(couples, flags, strict=True), start=2):
        first, second = pair_at(a), pair_at(b)
        ns, ew = (first, second) if flag == 0 else (second, first)
        lines.append((table, ns, ew, board_set(table)))
    return lines


def interwoven_howell(pairs: int, boards_per_round: int) -> Movement:
    """An interwoven Howell for ``pairs`` pairs at 8-18 tables (not 9)."""
    if isinstance(pairs, bool) or not isinstance(pairs, int):
        raise MovementError(f"number of pairs must be a whole number, not {pairs!r}")
    tables = (pairs + 1) // 2
    if not MIN_TABLES <= tables <= MAX_TABLES or tables == 9:
        raise MovementError(
            f"an interwoven Howell is for 8 to 18 tables except 9 (15-16, 19-36 pairs), not "
            f"{pairs} pairs; import the club's guide cards"
        )
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    odd = tables % 2 == 1
    h = (tables + 1) // 2 if odd else tables // 2
    moving = 2 * h - 1
    size = moving if odd else 2 * h  # pairs per group (full)
    schedule_a, schedule_b = HOWELL_SCHEDULES[h], INTERWOVEN_B_SCHEDULES[h]

    def number_a(index: int | None) -> int:
        return 2 * h if index is None else index

    def number_b(index: int | None) -> int:
        if index is None:
            return 4 * h
        return size + (index % moving) + 1 if odd else size + index

    lines: list[MovementEntry] = []
    for round_ in range(1, moving + 1):
        a_lines = _group_lines(schedule_a, round_, moving)
        b_lines = _group_lines(schedule_b, round_, moving)
        for table, ns, ew, s in a_lines:
            if odd and ns is None:
                continue  # the cross table below
            boards = set_boards(s, boards_per_round)
            lines.append(MovementEntry(round_, table, number_a(ns), number_a(ew), boards))
        for table, ns, ew, s in b_lines:
            if odd and ns is None:
                # The two pairs the missing stationary pairs would have met meet each other.
                a_pair, b_pair = number_a(a_lines[0][2]), number_b(ew)
                cross = (a_pair, b_pair) if round_ % 2 == 1 else (b_pair, a_pair)
                boards = set_boards(a_lines[0][3], boards_per_round)
                lines.append(MovementEntry(round_, 1, *cross, boards))
                continue
            at = table - 1 + (h if odd else h + 1) if table > 1 else h + 1
            boards = set_boards(s, boards_per_round)
            lines.append(MovementEntry(round_, at, number_b(ns), number_b(ew), boards))
    present = tuple(e for e in lines if max(e.pairs) <= pairs)
    return Movement(
        name=f"Interwoven Howell {pairs} pairs, {tables} tables, {moving} x {boards_per_round} "
        "boards",
        kind=MovementKind.HOWELL,
        entries=present,
        pairs=tuple(range(1, pairs + 1)),
        spec=MovementSpec(
            "interwoven-howell", (("pairs", pairs), ("boards_per_round", boards_per_round))
        ),
    )


def interwoven_groups(pairs: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The two groups' pair numbers (the highest number missing when ``pairs`` is odd)."""
    size = (pairs + 1) // 2  # a group has as many pairs as there are tables
    return tuple(range(1, size + 1)), tuple(range(size + 1, pairs + 1))


def interwoven_plan(movement: Movement) -> MeetingPlan:
    """Everyone in the pair's own group once; at most one pair of the other group (odd
    tables: the cross table), none with an even number of tables."""
    pairs = len(movement.pairs)
    odd = ((pairs + 1) // 2) % 2 == 1
    a, b = interwoven_groups(pairs)
    groups = f"{a[0]}-{a[-1]} and {b[0]}-{b[-1]}"
    if odd:
        summary = (
            f"every pair meets every pair of its group ({groups}) once, and one pair of the "
            "other group at table 1"
        )
    else:
        summary = f"every pair meets every pair of its group ({groups}) once, none of the other"
    return MeetingPlan(summary, groups=(a, b), outside=1 if odd else 0)
