"""Individual movements: four players a table, a new partner every round (seed 004, "Andra
tävlingsformer", "Individuellt").

The seed: individual events have Howells, Mitchells and endless Howells as pairs events
have, with the schedules in "Tävlingsledaren" and on the federation's guide cards (which we
do not have); it prints the first round of one, "16 spelare. Reducerad Howell, 24 brickor":
four stationary players (13-16, underlined), twelve moving players, each following the
player with the next lower number (1 follows 12), two boards a round, every table switching
directions in rounds 11 and 12. Two forms are built:

- ``individual_reduced_howell``: the seed's 16 players, transcribed (round 1 exactly as
  printed, sets 1, 3, 5, 7 at tables 1-4, the other sets on the blind stands). Every mover
  partners every stationary player once and eight of the other eleven movers once, never
  anyone twice; every mover meets every other player as an opponent; stationary players
  never meet each other (a reduced Howell's stationary pairs do not meet either); each
  board is played four times.
- ``individual_howell``: the complete individual (a *whist tournament*): for n = 4k or
  4k + 1 players every two players are partners exactly once and opponents exactly twice.
  Cyclic as the pairs Howell: with 4k + 1 players player x sits at position x - r (mod n)
  in round r and position 0 sits out (player r sits out in round r); with 4k players the
  highest player is stationary and the others cycle over n - 1 positions (9 players over
  Z_3 x Z_3: no Z_9 schedule exists). The starters (which positions share a table, and as
  partners) for 4-40 players are pinned in ``individual_schedules``; where the search found
  table offsets each table has a set of its own (table t plays set c_t + r - 1), else every
  table plays the round's set (duplicate the boards, or pass them between tables: an
  endless Howell with barometer, as the seed lists).

The scoring side keeps the pairs' machinery: each line's two partnerships are given pair
numbers (``IndividualMovement.partnerships``: the line's NS 2i - 1, EW 2i, lines in round
and table order), so travellers, validation and matchpoints work on them unchanged, and
each player is then credited with the matchpoints of the side they sat on
(``pipeline.results.individual``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations

from scoring.movement import Movement, MovementEntry, MovementError, MovementKind, MovementSpec
from scoring.movements.individual_schedules import (
    INDIVIDUAL_HOWELL_SCHEDULES,
    INF,
    IndividualSchedule,
)
from scoring.movements.mitchell import set_boards

__all__ = [
    "INF",
    "INDIVIDUAL_FORMS",
    "INDIVIDUAL_HOWELL_SCHEDULES",
    "IndividualMovement",
    "IndividualSchedule",
    "IndividualTable",
    "MeetingCounts",
    "individual_howell",
    "individual_meetings",
    "individual_movement",
    "individual_reduced_howell",
]

# The seed's 16 players, round 1 as printed: (N, S, E, W, board set) per table.
SEED_REDUCED_ROUND_ONE = ((13, 1, 7, 5, 1), (10, 2, 14, 11, 3), (3, 6, 8, 15, 5),
                          (12, 16, 4, 9, 7))  # fmt: skip
SEED_REDUCED_MOVERS = 12
SEED_REDUCED_SWITCH_ROUNDS = (11, 12)


@dataclass(frozen=True)
class IndividualTable:
    """One table in one round: the players in their real seats (a direction switch already
    applied) and the boards."""

    round: int
    table: int
    north: int
    south: int
    east: int
    west: int
    boards: tuple[int, ...]
    switched: bool = False

    @property
    def players(self) -> tuple[int, int, int, int]:
        return (self.north, self.south, self.east, self.west)


@dataclass(frozen=True)
class IndividualMovement:
    """An individual movement: the players, every table of every round, and the spec."""

    name: str
    players: tuple[int, ...]
    tables: tuple[IndividualTable, ...]
    spec: MovementSpec

    @property
    def partnerships(self) -> dict[int, tuple[int, int]]:
        """Pair number -> (the two players): line i (round, table order) is pairs 2i - 1
        (N-S) and 2i (E-W)."""
        out: dict[int, tuple[int, int]] = {}
        for i, line in enumerate(self.tables, start=1):
            out[2 * i - 1] = (line.north, line.south)
            out[2 * i] = (line.east, line.west)
        return out

    def as_movement(self) -> Movement:
        """The same evening as a pairs movement on the partnerships' numbers."""
        entries = tuple(
            MovementEntry(t.round, t.table, 2 * i - 1, 2 * i, t.boards, t.switched)
            for i, t in enumerate(self.tables, start=1)
        )
        return Movement(
            self.name,
            MovementKind.CUSTOM,
            entries,
            tuple(range(1, 2 * len(self.tables) + 1)),
            spec=self.spec,
        )

    def rounds_of(self, player: int) -> tuple[IndividualTable, ...]:
        return tuple(t for t in self.tables if player in t.players)


def _line(round_: int, table: int, seats: tuple[int, int, int, int], boards: tuple[int, ...],
          switched: bool) -> IndividualTable:  # fmt: skip
    north, south, east, west = seats
    if switched:  # the players sitting NS move to EW and back
        north, south, east, west = east, west, north, south
    return IndividualTable(round_, table, north, south, east, west, boards, switched)


def individual_howell(
    players: int, boards_per_round: int, rounds: int | None = None, first_round: int = 1
) -> IndividualMovement:
    """The complete individual Howell for ``players`` (4k or 4k + 1, 4-40; a size of
    ``INDIVIDUAL_HOWELL_SCHEDULES``): every two players partners once and opponents twice
    when played to the end; ``rounds`` stops it early. ``first_round`` continues it on a
    later evening (an individual over several sessions: session 1 rounds 1-6, session 2
    ``first_round: 7``): the rounds and board sets keep their numbers of the complete card,
    so no two players are partners twice over the sessions."""
    schedule = INDIVIDUAL_HOWELL_SCHEDULES.get(players)
    if schedule is None:
        sizes = ", ".join(str(n) for n in INDIVIDUAL_HOWELL_SCHEDULES)
        raise MovementError(
            f"an individual Howell is built for {sizes} players, not {players} "
            "(a complete individual needs 4k or 4k + 1 players; the 16-player reduced Howell "
            "of seed 004 is individual-reduced-howell)"
        )
    if boards_per_round < 1:
        raise MovementError("boards_per_round must be at least 1")
    cycle = schedule.order()
    if not 1 <= first_round <= cycle:
        raise MovementError(
            f"an individual Howell for {players} players has rounds 1-{cycle}, "
            f"so it cannot start at round {first_round}"
        )
    last = cycle if rounds is None else first_round + rounds - 1
    if rounds is not None and not first_round <= last <= cycle:
        raise MovementError(
            f"an individual Howell for {players} players has 1-{cycle - first_round + 1} "
            f"rounds from round {first_round}"
        )

    def player_at(position: int, round_: int) -> int:
        if position == INF:
            return players
        return schedule.add(position, round_ - 1) + 1

    lines = []
    for round_ in range(first_round, last + 1):
        for number, seats in enumerate(schedule.tables, start=1):
            offset = 0 if schedule.offsets is None else schedule.offsets[number - 1]
            board_set = schedule.add(offset, round_ - 1) + 1
            lines.append(
                _line(
                    round_,
                    number,
                    tuple(player_at(p, round_) for p in seats),  # type: ignore[arg-type]
                    set_boards(board_set, boards_per_round),
                    False,
                )  # fmt: skip
            )
    params: list[tuple[str, str | int | bool | tuple[int, ...]]] = [
        ("players", players), ("boards_per_round", boards_per_round)]  # fmt: skip
    if rounds is not None:
        params.append(("rounds", rounds))
    if first_round != 1:
        params.append(("first_round", first_round))
    played = last - first_round + 1
    stopped = "" if rounds is None or first_round != 1 else f", stopped after {rounds}"
    if first_round != 1:
        stopped = f", rounds {first_round}-{last} of {cycle}"
    return IndividualMovement(
        f"Individual Howell {players} players, {played} x {boards_per_round} boards{stopped}",
        tuple(range(1, players + 1)),
        tuple(lines),
        MovementSpec("individual-howell", tuple(params)),
    )


def individual_reduced_howell(players: int = 16, boards_per_round: int = 2) -> IndividualMovement:
    """Seed 004's individual example: 16 players, reduced Howell, 12 rounds (24 boards with
    two a round), transcribed; every table switches directions in rounds 11 and 12."""
    if players != 16:
        raise MovementError(
            f"the individual reduced Howell is seed 004's 16-player schedule, not {players} players"
        )
    if boards_per_round < 1:
        raise MovementError("boards_per_round must be at least 1")
    movers = SEED_REDUCED_MOVERS

    def player_at(first: int, round_: int) -> int:
        if first > movers:
            return first  # stationary
        return (first + round_ - 2) % movers + 1  # follows the next lower number

    lines = []
    for round_ in range(1, movers + 1):
        for table, (*seats, first_set) in enumerate(SEED_REDUCED_ROUND_ONE, start=1):
            board_set = (first_set + round_ - 2) % movers + 1
            lines.append(
                _line(
                    round_,
                    table,
                    tuple(player_at(p, round_) for p in seats),  # type: ignore[arg-type]
                    set_boards(board_set, boards_per_round),
                    round_ in SEED_REDUCED_SWITCH_ROUNDS,
                )  # fmt: skip
            )
    return IndividualMovement(
        f"Individual reduced Howell 16 players, {movers} x {boards_per_round} boards",
        tuple(range(1, 17)),
        tuple(lines),
        MovementSpec(
            "individual-reduced-howell",
            (("players", players), ("boards_per_round", boards_per_round)),
        ),
    )


INDIVIDUAL_FORMS = ("individual-howell", "individual-reduced-howell")


def individual_movement(
    form: str,
    players: int,
    boards_per_round: int,
    rounds: int | None = None,
    first_round: int = 1,
) -> IndividualMovement:
    """The individual movement of ``form`` (one of ``INDIVIDUAL_FORMS``)."""
    if form == "individual-reduced-howell":
        if rounds is not None or first_round != 1:
            raise MovementError("the individual reduced Howell is played to the end (12 rounds)")
        return individual_reduced_howell(players, boards_per_round)
    if form == "individual-howell":
        return individual_howell(players, boards_per_round, rounds, first_round)
    raise MovementError(f"unknown individual movement {form!r}")


@dataclass(frozen=True)
class MeetingCounts:
    """How often every two players are partners and opponents, and what else is wrong."""

    partners: Counter[tuple[int, int]]
    opponents: Counter[tuple[int, int]]
    problems: tuple[str, ...]

    def never_met(self, players: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
        return tuple(
            c for c in combinations(players, 2) if not self.partners[c] and not self.opponents[c]
        )


def individual_meetings(movement: IndividualMovement) -> MeetingCounts:
    """Partners and opponents of every two players, and the errors: a player at two tables
    in a round, a player seated twice at one table, a board played twice by a player, two
    players partners more than once."""
    partners: Counter[tuple[int, int]] = Counter()
    opponents: Counter[tuple[int, int]] = Counter()
    problems: list[str] = []
    seen: dict[tuple[int, int], int] = {}
    boards: dict[tuple[int, int], int] = {}
    for t in movement.tables:
        if len(set(t.players)) != 4:
            problems.append(f"round {t.round} table {t.table}: a player sits twice")
        for p in t.players:
            if (p, t.round) in seen:
                problems.append(f"round {t.round}: player {p} at tables {seen[p, t.round]} "
                                f"and {t.table}")  # fmt: skip
            seen[p, t.round] = t.table
            for b in t.boards:
                if (p, b) in boards:
                    problems.append(f"player {p} plays board {b} in rounds {boards[p, b]} "
                                    f"and {t.round}")  # fmt: skip
                boards[p, b] = t.round
        for a, b in ((t.north, t.south), (t.east, t.west)):
            partners[min(a, b), max(a, b)] += 1
        for a in (t.north, t.south):
            for b in (t.east, t.west):
                opponents[min(a, b), max(a, b)] += 1
    for (a, b), count in sorted(partners.items()):
        if count > 1:
            problems.append(f"players {a} and {b} are partners {count} times")
    return MeetingCounts(partners, opponents, tuple(problems))
