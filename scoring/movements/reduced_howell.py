"""Reduced Howell movements (seed 004 "Tävlingsformer" section 2, "Reducerad Howell").

The seed: a reduced Howell has fewer rounds than a full one because it has more than one
stationary pair; the number of rounds is still the number of moving pairs, and pair and
board numbers follow the Howell's principles (the highest pair is stationary at table 1,
with an odd number of pairs the highest number is missing; every moving pair follows the
pair numbered just below it; boards are played in number order at every table). Its
examples: 6 tables 8 or 9 rounds, 8 tables 12 or 13, 9 and 10 tables 12, 13 or 14; its
table "Val av tävlingsform" recommends one for 11-12 and 15-20 pairs.

So for T tables and m rounds there are m moving pairs (1..m) and s = 2T - m stationary
pairs (m+1..2T; the highest at table 1, the next at table 2, ...). Everyone meets every
stationary pair; stationary pairs never meet each other; a moving pair meets 2(T - s) of
the other moving pairs. The seed does not print the schedules (they are the federation's
guide cards), so ours are constructed with those properties, as the full Howell's are:
moving pair x sits at position x - r (mod m) in round r; each stationary table has one
position, each other table a *couple* of positions whose differences are all different
(so nobody meets twice), and table t plays board set c_t + r - 1, with offsets chosen so
no pair meets a set twice. Couples, offsets and each couple's NS/EW were chosen by
``scripts/search_reduced_howell.py`` for the best balance and are pinned by the tests.
The stationary pairs sit East-West in some rounds (arrow switches at their tables, chosen
by the same deterministic balance search as a Bofors Mitchell's), since otherwise two
stationary pairs would always sit in the same direction.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.movement import Movement, MovementEntry, MovementError, MovementKind, MovementSpec
from scoring.movements.balance import balanced_switches
from scoring.movements.meetings import MeetingPlan
from scoring.movements.mitchell import set_boards

__all__ = [
    "ReducedSchedule",
    "REDUCED_HOWELL_SCHEDULES",
    "reduced_howell",
    "reduced_howell_from",
    "reduced_howell_plan",
    "reduced_howell_sizes",
]


@dataclass(frozen=True)
class ReducedSchedule:
    """A reduced Howell's positions: one per stationary table (``singles``, table 1
    first), a couple per other table, the board-set offset of every table (stationary
    tables first) and which position of each couple sits NS (0 = the first)."""

    singles: tuple[int, ...]
    couples: tuple[tuple[int, int], ...]
    offsets: tuple[int, ...]
    ns_first: tuple[int, ...]


# (tables, rounds) -> schedule, from scripts/search_reduced_howell.py.
REDUCED_HOWELL_SCHEDULES: dict[tuple[int, int], ReducedSchedule] = {
    (5, 6): ReducedSchedule(
        singles=(0, 2, 4, 5), couples=((1, 3),), offsets=(0, 3, 1, 4, 5), ns_first=(1,)
    ),  # mean balance deviation 0.107
    (5, 7): ReducedSchedule(
        singles=(0, 4, 6), couples=((1, 2), (3, 5)), offsets=(0, 2, 1, 5, 4), ns_first=(0, 1)
    ),  # mean balance deviation 0.116
    (6, 8): ReducedSchedule(
        singles=(0, 4, 6, 7), couples=((1, 3), (2, 5)), offsets=(0, 2, 5, 3, 4, 7), ns_first=(1, 0)
    ),  # mean balance deviation 0.076
    (6, 9): ReducedSchedule(
        singles=(0, 6, 7),
        couples=((1, 2), (3, 5), (4, 8)),
        offsets=(0, 7, 3, 5, 2, 6),
        ns_first=(0, 1, 0),
    ),  # mean balance deviation 0.076
    (7, 8): ReducedSchedule(
        singles=(0, 1, 2, 3, 6, 7), couples=((4, 5),), offsets=(0, 2, 6, 1, 5, 4, 7), ns_first=(0,)
    ),  # mean balance deviation 0.096
    (7, 9): ReducedSchedule(
        singles=(0, 4, 6, 7, 8),
        couples=((1, 2), (3, 5)),
        offsets=(0, 1, 4, 2, 7, 3, 8),
        ns_first=(1, 1),
    ),  # mean balance deviation 0.098
    (7, 10): ReducedSchedule(
        singles=(0, 3, 5, 7),
        couples=((1, 2), (6, 9), (4, 8)),
        offsets=(0, 1, 2, 3, 5, 8, 9),
        ns_first=(1, 0, 1),
    ),  # mean balance deviation 0.076
    (7, 11): ReducedSchedule(
        singles=(0, 6, 7),
        couples=((1, 2), (5, 8), (10, 3), (4, 9)),
        offsets=(0, 1, 5, 3, 2, 6, 8),
        ns_first=(1, 0, 0, 0),
    ),  # mean balance deviation 0.074
    (7, 12): ReducedSchedule(
        singles=(0, 9),
        couples=((1, 2), (4, 6), (5, 8), (7, 11), (10, 3)),
        offsets=(0, 2, 4, 1, 6, 3, 9),
        ns_first=(1, 0, 0, 1, 0),
    ),  # mean balance deviation 0.038
    (8, 12): ReducedSchedule(
        singles=(0, 6, 8, 10),
        couples=((1, 2), (3, 5), (7, 11), (4, 9)),
        offsets=(0, 1, 2, 3, 10, 6, 9, 8),
        ns_first=(0, 0, 0, 0),
    ),  # mean balance deviation 0.050
    (8, 13): ReducedSchedule(
        singles=(0, 7, 11),
        couples=((1, 2), (3, 5), (6, 9), (8, 12), (4, 10)),
        offsets=(0, 1, 3, 4, 11, 5, 9, 8),
        ns_first=(1, 0, 0, 0, 0),
    ),  # mean balance deviation 0.063
    (9, 12): ReducedSchedule(
        singles=(0, 3, 6, 8, 10, 11),
        couples=((1, 2), (5, 7), (4, 9)),
        offsets=(0, 1, 2, 5, 4, 6, 3, 10, 8),
        ns_first=(0, 1, 0),
    ),  # mean balance deviation 0.070
    (9, 13): ReducedSchedule(
        singles=(0, 6, 9, 10, 11),
        couples=((1, 2), (4, 7), (3, 8), (12, 5)),
        offsets=(0, 1, 2, 11, 5, 12, 9, 7, 8),
        ns_first=(1, 1, 1, 0),
    ),  # mean balance deviation 0.074
    (9, 14): ReducedSchedule(
        singles=(0, 4, 10, 12),
        couples=((1, 2), (3, 5), (6, 9), (7, 11), (8, 13)),
        offsets=(0, 1, 2, 3, 11, 6, 13, 9, 7),
        ns_first=(1, 1, 1, 1, 0),
    ),  # mean balance deviation 0.060
    (10, 12): ReducedSchedule(
        singles=(0, 1, 4, 6, 7, 9, 10, 11),
        couples=((2, 5), (3, 8)),
        offsets=(0, 2, 1, 4, 9, 5, 3, 6, 8, 7),
        ns_first=(0, 0),
    ),  # mean balance deviation 0.074
    (10, 13): ReducedSchedule(
        singles=(0, 6, 7, 8, 10, 11, 12),
        couples=((1, 3), (2, 5), (4, 9)),
        offsets=(0, 1, 3, 5, 12, 4, 11, 8, 6, 7),
        ns_first=(1, 0, 0),
    ),  # mean balance deviation 0.076
    (10, 14): ReducedSchedule(
        singles=(0, 5, 7, 9, 11, 13),
        couples=((1, 2), (3, 6), (8, 12), (4, 10)),
        offsets=(0, 1, 2, 3, 8, 12, 6, 9, 10, 11),
        ns_first=(0, 1, 0, 1),
    ),  # mean balance deviation 0.062
}


def reduced_howell_sizes() -> tuple[tuple[int, int], ...]:
    """Every (tables, rounds) a reduced Howell is generated for."""
    return tuple(sorted(REDUCED_HOWELL_SCHEDULES))


def reduced_howell(pairs: int, boards_per_round: int, rounds: int) -> Movement:
    """The reduced Howell for ``pairs`` pairs in ``rounds`` rounds (= moving pairs).

    Board set s (1-based) holds boards ``(s-1)*bpr+1 .. s*bpr``; there are as many sets as
    rounds, and each is played at every table once (one table fewer with an odd number of
    pairs).
    """
    for name, value in (
        ("pairs", pairs),
        ("rounds", rounds),
        ("boards per round", boards_per_round),
    ):
        if isinstance(value, bool) or not isinstance(value, int):
            raise MovementError(f"reduced Howell: {name} must be a whole number, not {value!r}")
    tables = (pairs + 1) // 2
    if (tables, rounds) not in REDUCED_HOWELL_SCHEDULES:
        sizes = (
            ", ".join(f"{t} tables {r} rounds" for t, r in reduced_howell_sizes() if t == tables)
            or "none"
        )
        raise MovementError(
            f"a reduced Howell for {pairs} pairs in {rounds} rounds is not available "
            f"(for {tables} tables: {sizes}); play a Howell or import the club's guide cards"
        )
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    schedule = REDUCED_HOWELL_SCHEDULES[(tables, rounds)]
    return reduced_howell_from(schedule, tables, rounds, pairs, boards_per_round)


def reduced_howell_from(
    schedule: ReducedSchedule, tables: int, rounds: int, pairs: int, boards_per_round: int
) -> Movement:
    """The movement a schedule gives (also what the search scores its candidates with)."""
    moving = rounds
    full_pairs = 2 * tables
    stationary_count = len(schedule.singles)
    if (
        full_pairs - moving != stationary_count
        or stationary_count + len(schedule.couples) != tables
    ):
        raise MovementError(f"schedule does not fit {tables} tables and {rounds} rounds")
    lines: list[MovementEntry] = []
    for round_ in range(1, rounds + 1):

        def pair_at(position: int, round_: int = round_) -> int:
            return (position + round_ - 1) % moving + 1

        def boards(table: int, round_: int = round_) -> tuple[int, ...]:
            offset = schedule.offsets[table - 1]
            return set_boards((offset + round_ - 1) % moving + 1, boards_per_round)

        for table, position in enumerate(schedule.singles, start=1):
            stationary = full_pairs + 1 - table
            lines.append(MovementEntry(round_, table, stationary, pair_at(position), boards(table)))
        for table, ((a, b), flag) in enumerate(
            zip(schedule.couples, schedule.ns_first, strict=True), start=stationary_count + 1
        ):
            first, second = pair_at(a), pair_at(b)
            ns, ew = (first, second) if flag == 0 else (second, first)
            lines.append(MovementEntry(round_, table, ns, ew, boards(table)))
    present = [e for e in lines if max(e.pairs) <= pairs]
    couples_cells = {(e.round, e.table) for e in present if e.table > stationary_count}
    switched = balanced_switches(present, frozen=couples_cells)
    final = tuple(
        MovementEntry(e.round, e.table, e.ew, e.ns, e.boards, switched=True)
        if (e.round, e.table) in switched
        else e
        for e in present
    )
    return Movement(
        name=f"Reduced Howell {pairs} pairs, {rounds} x {boards_per_round} boards",
        kind=MovementKind.HOWELL,
        entries=final,
        pairs=tuple(range(1, pairs + 1)),
        spec=MovementSpec(
            "reduced-howell",
            (("pairs", pairs), ("boards_per_round", boards_per_round), ("rounds", rounds)),
        ),
    )


def reduced_howell_plan(movement: Movement) -> MeetingPlan:
    """What ``event check`` holds a reduced Howell to: every moving pair meets every
    stationary pair once (the stationary pairs are the numbers above the rounds), and no two
    pairs meet twice; moving pairs meet only some of each other, stationary pairs never."""
    rounds = len(movement.rounds)
    moving = tuple(p for p in movement.pairs if p <= rounds)
    stationary = tuple(p for p in movement.pairs if p > rounds)
    return MeetingPlan(
        f"every moving pair ({moving[0]}-{moving[-1]}) meets every stationary pair "
        f"({', '.join(map(str, stationary))}) once; stationary pairs never meet; no pair "
        "meets another twice",
        between=((moving, stationary),),
    )
