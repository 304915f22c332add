"""Mitchell movements (seed 004 "Tävlingsformer" sections 5-10).

NS pairs are stationary: pair t sits NS at table t; EW pair t + tables starts at table t.
EW pairs move up one table (from the top table to table 1), boards move down one table.
One set of ``boards_per_round`` boards per table; set s holds boards
``(s-1)*bpr+1 .. s*bpr`` and starts at table s.

- Odd number of tables (Uddabordsmitchell, section 7): nothing collides.
- Even number of tables, relay/bye stand (Blindbordsmitchell, section 8): set 1 is shared
  by table 1 and the top table, a bye stand between the two middle tables holds the set
  numbered just above the middle, boards from tables 1 and top go to the second-highest
  table, boards from the table just above the middle go to the bye stand and from the bye
  stand to the middle table. The seed's 8-table example is reproduced in the tests.
- Even number of tables, skip (Hoppmitchell, section 9): after half the rounds the EW pairs
  skip one table. The last round brings them back to their first table (the "revanschrond");
  the seed recommends playing it, so ``rounds`` defaults to all of them; pass
  ``rounds=tables-1`` to leave it out.
- Stopped early (Göteborgsmitchell, section 10): ``rounds`` smaller than the full count.
- Arrow switch (Boforsmitchell, section 6): some lines are played with the stationary pair
  sitting EW so that all pairs can be compared. The seed refers to a balance table in
  "Tävlingsledaren" that we do not have; see ``ArrowSwitch``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum

from scoring.movement import (
    Movement,
    MovementEntry,
    MovementError,
    MovementKind,
    MovementSpec,
)
from scoring.movements.balance import balanced_switches

__all__ = ["EvenTables", "ArrowSwitch", "mitchell", "set_boards"]


class EvenTables(Enum):
    """How a Mitchell with an even number of tables avoids pairs meeting boards twice."""

    RELAY = "relay"  # Blindbordsmitchell: shared set at tables 1/top plus a bye stand
    SKIP = "skip"  # Hoppmitchell: EW skip a table after half the rounds

    def __str__(self) -> str:
        return self.value


class ArrowSwitch(Enum):
    """Which lines are arrow-switched.

    - NONE: a pure Mitchell with two winners (NS field and EW field).
    - LAST_ROUND: every table switches in the last round (the common club practice that
      makes every pair comparable with every other, with modest balance).
    - BALANCED: a computed schedule, switching about half the plays of every board so each
      pair meets every other in the same direction on about half the boards they share
      (the seed's balance criterion, "Balans"); the schedule is deterministic.
    """

    NONE = "none"
    LAST_ROUND = "last-round"
    BALANCED = "balanced"

    def __str__(self) -> str:
        return self.value


def set_boards(set_number: int, boards_per_round: int, first_board: int = 1) -> tuple[int, ...]:
    """The boards of board set ``set_number`` (1-based)."""
    start = first_board + (set_number - 1) * boards_per_round
    return tuple(range(start, start + boards_per_round))


def _relay_cycle(tables: int) -> list[int]:
    """Board-set positions in the order sets travel in a relay Mitchell.

    Position ``t`` is table t; 0 is the bye stand; -1 is the shared position (tables 1 and
    the top table play the same set). A set moves from cycle[i] to cycle[i + 1].
    """
    half = tables // 2
    upper = list(range(tables - 1, half, -1))  # top-1 down to half+1
    lower = list(range(half, 1, -1))  # half down to 2
    return [*upper, 0, *lower, -1]


def _relay_start(tables: int) -> dict[int, int]:
    """Position -> set in round 1 (seed 004, example for 8 tables)."""
    half = tables // 2
    start = {-1: 1, 0: half + 1}
    for table in range(2, half + 1):
        start[table] = table
    for table in range(half + 1, tables):
        start[table] = table + 1
    return start


def _mover_table(k: int, round_: int, tables: int, skip: bool) -> int:
    """Table of EW pair ``tables + k`` (k = 1..tables) in ``round_``."""
    step = round_ - 1
    if skip and round_ > tables // 2:
        step += 1
    return (k - 1 + step) % tables + 1


def mitchell(
    tables: int,
    boards_per_round: int,
    *,
    rounds: int | None = None,
    even: EvenTables = EvenTables.RELAY,
    arrow_switch: ArrowSwitch = ArrowSwitch.NONE,
    switch_rounds: Sequence[int] = (),
    absent: Iterable[int] = (),
    first_board: int = 1,
) -> Movement:
    """A Mitchell for ``tables`` tables (seed 004 sections 5-10).

    ``absent`` lists pair numbers missing from the section (odd number of pairs): their
    lines are dropped and their opponents sit out that round. ``switch_rounds`` arrow-
    switches every table in those rounds, on top of ``arrow_switch``. In a relay Mitchell
    the stationary pair at table 1 is never switched (seed 004 section 6).
    """
    if isinstance(tables, bool) or not isinstance(tables, int) or tables < 2:
        raise MovementError(f"a Mitchell needs at least 2 tables, not {tables!r}")
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    odd = tables % 2 == 1
    relay = not odd and even is EvenTables.RELAY
    skip = not odd and even is EvenTables.SKIP
    if tables == 2 and not odd:
        raise MovementError("a Mitchell for 2 tables cannot avoid replays; play a Howell")
    full = tables
    rounds = full if rounds is None else rounds
    if not 1 <= rounds <= full:
        raise MovementError(f"a {tables}-table Mitchell has 1 to {full} rounds, not {rounds}")
    absent_pairs = set(absent)
    all_pairs = set(range(1, 2 * tables + 1))
    unknown = absent_pairs - all_pairs
    if unknown:
        raise MovementError(
            f"absent pair(s) {sorted(unknown)} are not in a {tables}-table Mitchell "
            f"(pairs 1-{2 * tables})"
        )

    # Round -> table -> board set. Boards move down one table a round: without a relay,
    # table t holds set t + round - 1; with one, sets walk the relay cycle.
    set_at: dict[int, dict[int, int]] = {}
    for round_ in range(1, rounds + 1):
        if relay:
            cycle = _relay_cycle(tables)
            index = {pos: i for i, pos in enumerate(cycle)}
            at_position = {
                cycle[(index[pos] + round_ - 1) % tables]: s
                for pos, s in _relay_start(tables).items()
            }
            set_at[round_] = {
                t: at_position[-1 if t in (1, tables) else t] for t in range(1, tables + 1)
            }
        else:
            set_at[round_] = {t: (t - 1 + round_ - 1) % tables + 1 for t in range(1, tables + 1)}

    lines: list[MovementEntry] = []
    for round_ in range(1, rounds + 1):
        for k in range(1, tables + 1):
            table = _mover_table(k, round_, tables, skip)
            boards = set_boards(set_at[round_][table], boards_per_round, first_board)
            lines.append(MovementEntry(round_, table, table, tables + k, boards))

    switched = _switched_cells(lines, tables, rounds, arrow_switch, switch_rounds, relay)
    final = [
        MovementEntry(e.round, e.table, e.ew, e.ns, e.boards, switched=True)
        if (e.round, e.table) in switched
        else e
        for e in lines
        if e.ns not in absent_pairs and e.ew not in absent_pairs
    ]
    if not final:
        raise MovementError("every line has an absent pair")
    style = "" if odd else f" ({even.value})"
    name = f"Mitchell {tables} tables{style}, {rounds} x {boards_per_round} boards"
    params: list[tuple[str, str | int | bool | tuple[int, ...]]] = [
        ("tables", tables),
        ("boards_per_round", boards_per_round),
    ]
    if rounds != full:
        params.append(("rounds", rounds))
    if not odd:
        params.append(("even", even.value))
    if arrow_switch is not ArrowSwitch.NONE:
        params.append(("arrow_switch", arrow_switch.value))
    if switch_rounds:
        params.append(("switch_rounds", tuple(switch_rounds)))
    if absent_pairs:
        params.append(("absent", tuple(sorted(absent_pairs))))
    if first_board != 1:
        params.append(("first_board", first_board))
    return Movement(
        name=name,
        kind=MovementKind.MITCHELL,
        entries=tuple(final),
        pairs=tuple(sorted(all_pairs - absent_pairs)),
        spec=MovementSpec("mitchell", tuple(params)),
    )


def _switched_cells(
    lines: list[MovementEntry],
    tables: int,
    rounds: int,
    arrow_switch: ArrowSwitch,
    switch_rounds: Sequence[int],
    relay: bool,
) -> set[tuple[int, int]]:
    bad = [r for r in switch_rounds if not 1 <= r <= rounds]
    if bad:
        raise MovementError(f"switch_rounds {bad} are not rounds 1-{rounds}")
    cells: set[tuple[int, int]] = set()
    chosen_rounds = set(switch_rounds)
    if arrow_switch is ArrowSwitch.LAST_ROUND:
        chosen_rounds.add(rounds)
    for e in lines:
        if e.round in chosen_rounds:
            cells.add((e.round, e.table))
    if arrow_switch is ArrowSwitch.BALANCED:
        fixed = {(e.round, e.table) for e in lines if relay and e.table == 1}
        cells |= balanced_switches(lines, frozen=fixed)
    if relay:
        cells = {c for c in cells if c[1] != 1}
    return cells
