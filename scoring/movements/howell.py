"""Complete Howell movements (seed 004 "Tävlingsformer" section 1).

What the seed fixes, and we follow:
- everyone meets everyone; the number of rounds equals the number of moving pairs;
- the highest pair is stationary, North-South at table 1;
- every moving pair follows the pair numbered just below it (pair 1 follows the highest
  moving pair), so in round r+1 pair x takes the seat pair x-1 had in round r;
- boards are played in number order at every table (table t plays set c_t + r - 1);
- with an odd number of pairs the highest number is missing: the pair that would have met
  it sits out, and table 1 is idle that round.

The seed does not print the schedules (it refers to the federation's guide cards). Ours
use the classic cyclic construction: moving pair positions 0..m-1 (m = 2T-1 for T
tables), position 0 meets the stationary pair, the other positions meet in the couples of
a *starter* (every difference 1..T-1 once, so everyone meets everyone once), and table
offsets ``c_t`` chosen so no pair meets a board set twice. Starters, offsets and the
NS/EW direction of each couple were found by exhaustive search (best balance over all
direction choices) and are pinned by the tests; for 2 and 3 tables no offsets exist with
every table on its own set, so tables share a set in the same round (a relay).
"""

from __future__ import annotations

from collections.abc import Sequence

from scoring.movement import Movement, MovementEntry, MovementError, MovementKind, MovementSpec
from scoring.movements.mitchell import set_boards

__all__ = ["howell", "howell_movement", "HOWELL_SCHEDULES", "MAX_HOWELL_TABLES"]

# tables -> (starter couples for tables 2..T, table offsets c_1..c_T, NS-first flag per
# couple: 0 = first position of the couple sits NS, 1 = the second).
HOWELL_SCHEDULES: dict[
    int, tuple[tuple[tuple[int, int], ...], tuple[int, ...], tuple[int, ...]]
] = {
    2: (((1, 2),), (0, 0), (0,)),
    3: (((1, 4), (2, 3)), (0, 0, 0), (0, 0)),
    4: (((1, 6), (2, 5), (3, 4)), (0, 2, 4, 1), (0, 0, 1)),
    5: (((1, 2), (3, 7), (4, 6), (5, 8)), (0, 5, 4, 2, 7), (0, 0, 1, 0)),
    6: (((1, 10), (2, 9), (3, 8), (4, 7), (5, 6)), (0, 3, 5, 9, 1, 4), (0, 1, 0, 0, 0)),
    7: (
        ((1, 12), (2, 11), (3, 10), (4, 9), (5, 8), (6, 7)),
        (0, 3, 5, 9, 1, 6, 2),
        (0, 0, 0, 1, 0, 0),
    ),
    8: (
        ((1, 14), (2, 13), (3, 12), (4, 11), (5, 10), (6, 9), (7, 8)),
        (0, 2, 7, 11, 6, 1, 13, 5),
        (1, 0, 1, 0, 1, 0, 1),
    ),
    9: (
        ((1, 16), (2, 15), (3, 14), (4, 13), (5, 12), (6, 11), (7, 10), (8, 9)),
        (0, 2, 6, 8, 3, 7, 4, 16, 5),
        (0, 0, 0, 0, 1, 0, 0, 0),
    ),
    10: (
        ((1, 18), (2, 17), (3, 16), (4, 15), (5, 14), (6, 13), (7, 12), (8, 11), (9, 10)),
        (0, 2, 6, 10, 14, 7, 11, 4, 17, 5),
        (0, 1, 1, 0, 0, 0, 1, 0, 0),
    ),
    11: (
        ((1, 20), (2, 19), (3, 18), (4, 17), (5, 16), (6, 15), (7, 14), (8, 13), (9, 12), (10, 11)),
        (0, 2, 4, 10, 12, 15, 11, 18, 1, 3, 8),
        (0, 0, 1, 0, 0, 1, 1, 0, 0, 1),
    ),
    12: (
        (
            (1, 22),
            (2, 21),
            (3, 20),
            (4, 19),
            (5, 18),
            (6, 17),
            (7, 16),
            (8, 15),
            (9, 14),
            (10, 13),
            (11, 12),
        ),
        (0, 2, 4, 8, 12, 14, 16, 20, 22, 3, 5, 9),
        (0, 0, 0, 1, 0, 1, 1, 1, 0, 0, 0),
    ),
    13: (
        (
            (1, 24),
            (2, 23),
            (3, 22),
            (4, 21),
            (5, 20),
            (6, 19),
            (7, 18),
            (8, 17),
            (9, 16),
            (10, 15),
            (11, 14),
            (12, 13),
        ),
        (0, 2, 4, 1, 15, 12, 14, 17, 5, 21, 24, 7, 3),
        (0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0),
    ),
}
MAX_HOWELL_TABLES = max(HOWELL_SCHEDULES)


def howell(pairs: int, boards_per_round: int, *, rounds: int | None = None) -> Movement:
    """A complete Howell for ``pairs`` pairs (4 to 2 * MAX_HOWELL_TABLES).

    Board set s (1-based) holds boards ``(s-1)*bpr+1 .. s*bpr``; there are as many sets as
    rounds. ``rounds`` stops the movement early (then not everyone meets everyone).
    """
    if isinstance(pairs, bool) or not isinstance(pairs, int):
        raise MovementError(f"number of pairs must be a whole number, not {pairs!r}")
    full_pairs = pairs + pairs % 2  # odd: the highest number is missing
    tables = full_pairs // 2
    if pairs < 4 or tables not in HOWELL_SCHEDULES:
        raise MovementError(
            f"a Howell for {pairs} pairs is not available (4 to {2 * MAX_HOWELL_TABLES} pairs); "
            "play a Mitchell or import the club's guide cards"
        )
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    moving = full_pairs - 1
    rounds = moving if rounds is None else rounds
    if not 1 <= rounds <= moving:
        raise MovementError(f"a Howell for {pairs} pairs has 1 to {moving} rounds, not {rounds}")
    couples, offsets, ns_first = HOWELL_SCHEDULES[tables]
    stationary = full_pairs
    lines: list[MovementEntry] = []
    for round_ in range(1, rounds + 1):

        def pair_at(position: int, round_: int = round_) -> int:
            # Pair x sits at position x - round (mod m): x follows x - 1.
            return (position + round_ - 1) % moving + 1

        def boards(table: int, round_: int = round_) -> tuple[int, ...]:
            return set_boards((offsets[table - 1] + round_ - 1) % moving + 1, boards_per_round)

        lines.append(MovementEntry(round_, 1, stationary, pair_at(0), boards(1)))
        for table, ((a, b), flag) in enumerate(zip(couples, ns_first, strict=True), start=2):
            first, second = pair_at(a), pair_at(b)
            ns, ew = (first, second) if flag == 0 else (second, first)
            lines.append(MovementEntry(round_, table, ns, ew, boards(table)))
    present = [e for e in lines if stationary <= pairs or stationary not in e.pairs]
    return howell_movement("howell", present, pairs, boards_per_round, rounds, moving)


def howell_movement(
    kind: str,
    lines: Sequence[MovementEntry],
    pairs: int,
    boards_per_round: int,
    rounds: int,
    full_rounds: int,
) -> Movement:
    """A Howell-family movement named and specified as its event file says it (``rounds``
    only when stopped early)."""
    params: list[tuple[str, str | int | bool | tuple[int, ...]]] = [
        ("pairs", pairs),
        ("boards_per_round", boards_per_round),
    ]
    if rounds != full_rounds:
        params.append(("rounds", rounds))
    title = kind.replace("-", " ").capitalize().replace("howell", "Howell")
    return Movement(
        name=f"{title} {pairs} pairs, {rounds} x {boards_per_round} boards",
        kind=MovementKind.HOWELL,
        entries=tuple(lines),
        pairs=tuple(range(1, pairs + 1)),
        spec=MovementSpec(kind, tuple(params)),
    )
