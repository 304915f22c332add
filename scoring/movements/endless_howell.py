"""The endless Howell (seed 004 section 3, "Oändlig Howell") for barometer events.

The seed: every table plays the same boards in a round (a barometer, the boards duplicated
beforehand). The highest pair sits still, North-South at table 1; the other pairs move to
the next higher or lower table, except at the highest table, where a pair sits for two
rounds. As in a Howell, every pair follows the pair numbered just below it and pair 1
follows the second highest. In the first round the lower half sits at the table of its own
number; the other pairs take their number counting down from twice the tables + 1 (pair
2T + 1 - t at table t) and sit in the opposite direction. With an odd number of pairs the
highest number is missing and table 1 is idle.

So the moving pairs travel one loop: East-West at table 1, then up the tables in one seat
(tables 2 .. T), two rounds at table T (one in each seat), then down the tables in the
other seat (T - 1 .. 2) and back to table 1. That loop is a cyclic Howell whose table t
joins loop positions t - 1 and 2T - t, differences 2T - 2t + 1 that cover every
difference once, so everyone meets everyone once in 2T - 1 rounds. Round r plays board
set r at every table.

The seed leaves the directions to "Tävlingsledaren"'s schedule for best balance; we fix one
direction per seat, as a corner guide card can print it ("sit NS at table 3"), chosen per
table by ``scripts/search_reduced_howell.py`` for the seed's balance, and pinned by tests.
"""

from __future__ import annotations

from scoring.movement import Movement, MovementEntry, MovementError
from scoring.movements.howell import howell_movement
from scoring.movements.mitchell import set_boards

__all__ = ["ENDLESS_HOWELL_NS_DOWN", "endless_howell", "endless_howell_from"]

# tables -> per table 2..T: 1 when the pair moving down the tables (loop position t - 1,
# on its way back to table 1) sits North-South, 0 when the pair moving up does. Table 1:
# the stationary pair is NS.
ENDLESS_HOWELL_NS_DOWN: dict[int, tuple[int, ...]] = {
    2: (1,),  # mean balance deviation 0.167
    3: (1, 1),  # mean balance deviation 0.167
    4: (1, 1, 0),  # mean balance deviation 0.071
    5: (0, 1, 1, 1),  # mean balance deviation 0.100
    6: (0, 1, 1, 1, 1),  # mean balance deviation 0.091
    7: (0, 1, 0, 1, 1, 1),  # mean balance deviation 0.071
    8: (1, 0, 1, 0, 1, 1, 1),  # mean balance deviation 0.083
    9: (0, 0, 1, 1, 1, 0, 1, 1),  # mean balance deviation 0.082
    10: (0, 0, 1, 1, 1, 1, 1, 0, 1),  # mean balance deviation 0.074
    11: (0, 1, 1, 0, 1, 0, 1, 1, 1, 1),  # mean balance deviation 0.050
    12: (0, 0, 0, 1, 1, 0, 1, 1, 1, 0, 1),  # mean balance deviation 0.054
    13: (0, 0, 0, 1, 1, 0, 1, 1, 0, 1, 0, 1),  # mean balance deviation 0.042
}


def endless_howell(pairs: int, boards_per_round: int, *, rounds: int | None = None) -> Movement:
    """The endless Howell for ``pairs`` pairs: round r plays boards of set r at every table.

    ``rounds`` stops it early (a barometer of fewer rounds; then not everyone meets).
    """
    for name, value in (("pairs", pairs), ("boards per round", boards_per_round)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise MovementError(f"endless Howell: {name} must be a whole number, not {value!r}")
    tables = (pairs + 1) // 2
    if pairs < 4 or tables not in ENDLESS_HOWELL_NS_DOWN:
        most = 2 * max(ENDLESS_HOWELL_NS_DOWN)
        raise MovementError(f"an endless Howell for {pairs} pairs is not available (4 to {most})")
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    moving = 2 * tables - 1
    played = moving if rounds is None else rounds
    if isinstance(played, bool) or not isinstance(played, int) or not 1 <= played <= moving:
        raise MovementError(
            f"an endless Howell for {pairs} pairs has 1 to {moving} rounds, not {rounds!r}"
        )
    return endless_howell_from(ENDLESS_HOWELL_NS_DOWN[tables], pairs, boards_per_round, played)


def endless_howell_from(
    ns_down: tuple[int, ...], pairs: int, boards_per_round: int, rounds: int
) -> Movement:
    """The movement for given seat directions (also what the search scores)."""
    tables = len(ns_down) + 1
    full_pairs = 2 * tables
    moving = full_pairs - 1
    lines: list[MovementEntry] = []
    for round_ in range(1, rounds + 1):
        boards = set_boards(round_, boards_per_round)

        def pair_at(position: int, round_: int = round_) -> int:
            # Pair x sits at loop position x - round: x follows x - 1, 1 follows 2T - 1.
            return (position + round_ - 1) % moving + 1

        lines.append(MovementEntry(round_, 1, full_pairs, pair_at(0), boards))
        for table in range(2, tables + 1):
            # Pair x moves from loop position p to p - 1: position t - 1 goes down the
            # tables, position 2T - t up them.
            down, up = pair_at(table - 1), pair_at(2 * tables - table)
            ns, ew = (down, up) if ns_down[table - 2] else (up, down)
            lines.append(MovementEntry(round_, table, ns, ew, boards))
    present = [e for e in lines if max(e.pairs) <= pairs]
    return howell_movement("endless-howell", present, pairs, boards_per_round, rounds, moving)
