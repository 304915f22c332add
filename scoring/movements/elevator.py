"""Gröna Hissen, "the green elevator" (seed 004 "Partävlingar (Övriga)" c, and the teams
form "Andra tävlingsformer" 3).

The seed: a barometer (every table plays the same boards in a round, the boards laid out
in advance) where each round's opponents come from the standings. At a small club the
first meets the second, the third the fourth and so on after every round; at a larger one
with a delay: the first two rounds are drawn, round 3 is paired on the standings after
round 1, round 4 on those after round 2, and so on. Either the same pairs may meet again
(the commonest at club level), or, if the first has met the second, the first meets the
third, the second the next free pair, and so on.

Choices where the seed is silent (docs/events-and-movements.md): the better placed pair of
a table sits North-South, table 1 holds the leaders; with an odd number of pairs the
lowest placed pair that has not yet sat out sits out; a shared place is ordered by pair
number. The movement grows one round at a time: its lines so far are a guide-card table
the director keeps beside the event file, and round r plays board set r at every table.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence

from scoring.movement import Movement, MovementEntry, MovementError
from scoring.movements.mitchell import set_boards
from scoring.movements.spec import whole_number

__all__ = [
    "drawn_order",
    "elevator_pairing",
    "elevator_round",
    "elevator_problems",
    "planned_rounds",
    "check_delay",
    "drawn_rounds",
]

Pairing = tuple[tuple[int, int], ...]


def drawn_order(pairs: Sequence[int], seed: int) -> tuple[int, ...]:
    """The pairs in a drawn order (the seed's "lottar spelordningen"); ``seed`` is the
    draw's record: the same seed gives the same draw."""
    order = sorted(pairs)
    random.Random(seed).shuffle(order)
    return tuple(order)


def elevator_pairing(
    order: Sequence[int],
    *,
    met: Collection[frozenset[int]] = (),
    sat_out: Collection[int] = (),
    new_opponents: bool = False,
) -> tuple[Pairing, int | None]:
    """Tables in standing order: the first against the second, the third the fourth...

    ``new_opponents``: a pair meets the next free pair it has not met (``met``), if any.
    Returns the (better placed, other) couples, table 1 first, and the pair sitting out.
    """
    waiting = list(order)
    out = None
    if len(waiting) % 2:
        candidates = [p for p in reversed(waiting) if p not in sat_out] or [waiting[-1]]
        out = candidates[0]
        waiting.remove(out)
    couples: list[tuple[int, int]] = []
    while waiting:
        first = waiting.pop(0)
        choice = 0
        if new_opponents:
            fresh = [i for i, p in enumerate(waiting) if frozenset((first, p)) not in met]
            choice = fresh[0] if fresh else 0
        couples.append((first, waiting.pop(choice)))
    return tuple(couples), out


def elevator_round(
    round_: int, pairing: Pairing, boards_per_round: int
) -> tuple[MovementEntry, ...]:
    """Round ``round_``'s lines: table k seats the k-th couple, the better placed NS, on
    board set ``round_``."""
    boards = set_boards(round_, boards_per_round)
    return tuple(
        MovementEntry(round_, table, ns, ew, boards)
        for table, (ns, ew) in enumerate(pairing, start=1)
    )


def planned_rounds(movement: Movement) -> int:
    """The rounds the event will have: a Gröna Hissen says it in its spec (its movement
    holds only the rounds paired so far); any other movement has all its rounds."""
    spec = movement.spec
    if spec is not None and spec.type == "elevator":
        return whole_number(spec, "rounds")
    return movement.rounds[-1]


def elevator_problems(movement: Movement, boards_per_round: int, rounds: int) -> list[str]:
    """What a Gröna Hissen's paired rounds break: rounds 1..n in order, at most ``rounds``,
    every table of round r on board set r."""
    problems = []
    played = movement.rounds
    if played != tuple(range(1, len(played) + 1)):
        problems.append(f"rounds {', '.join(map(str, played))} are not 1, 2, 3, ... in order")
    if played and played[-1] > rounds:
        problems.append(f"round {played[-1]} is paired but the event has {rounds} rounds")
    for entry in movement.entries:
        expected = set_boards(entry.round, boards_per_round)
        if entry.boards != expected:
            problems.append(
                f"round {entry.round} table {entry.table} plays boards {entry.boards}, "
                f"not the round's set {expected}"
            )
    return problems


def check_delay(delay: int) -> int:
    """The seed's two forms: paired after every round (1) or with a round's delay (2)."""
    if isinstance(delay, bool) or delay not in (1, 2):
        raise MovementError(f"Gröna Hissen: delay {delay!r} must be 1 or 2 rounds")
    return delay


def drawn_rounds(
    pairs: Sequence[int], boards_per_round: int, delay: int, draw: int
) -> tuple[MovementEntry, ...]:
    """Rounds 1..``delay``, drawn (the seed: "Man lottar spelordningen i de två första
    ronderna"). ``draw`` is the recorded draw: round r's order is drawn with ``draw + r - 1``;
    a later drawn round avoids the opponents of the earlier ones where it can."""
    lines: list[MovementEntry] = []
    met: set[frozenset[int]] = set()
    out: set[int] = set()
    for round_ in range(1, check_delay(delay) + 1):
        order = drawn_order(pairs, draw + round_ - 1)
        pairing, sitting = elevator_pairing(order, met=met, sat_out=out, new_opponents=True)
        lines += elevator_round(round_, pairing, boards_per_round)
        met.update(frozenset(c) for c in pairing)
        out.update(() if sitting is None else (sitting,))
    return tuple(lines)
