"""Team movements for a club evening (seed 004 "Andra tävlingsformer (lag)").

A match is played at two tables on the same boards. The home team's A pair sits NS at the
first (open) table against the away team's B pair; the away team's A pair sits NS at the
second (closed) table against the home team's B pair, so each team's pairs play the boards
in opposite directions ("Regeln är att hemmalaget sitter NS i öppna rummet").

Team k (1-based) has pair numbers 2k-1 (A pair) and 2k (B pair).

- ``team_movement``: a round robin (circle method: team n fixed, the others rotate), one
  match per two tables; with an odd number of teams one team has a bye each round. All
  matches of a round play the same boards (duplicated boards, as clubs with a dealing
  machine do); each board is therefore played once at every table.
- ``three_team_movement``: the seed's schedule for three teams (four rounds, three
  tables, every team plays every other over two half-matches).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from scoring.movement import (
    Movement,
    MovementEntry,
    MovementError,
    MovementKind,
    MovementSpec,
    TeamLineup,
)
from scoring.movements.mitchell import set_boards

__all__ = ["TeamMatch", "team_movement", "three_team_movement", "team_matches"]


@dataclass(frozen=True)
class TeamMatch:
    """Two teams' two lines on the same boards: one IMP comparison per board."""

    teams: tuple[int, int]
    boards: tuple[int, ...]
    lines: tuple[MovementEntry, MovementEntry]


def _lineups(teams: int) -> tuple[TeamLineup, ...]:
    return tuple(TeamLineup(k, (2 * k - 1, 2 * k)) for k in range(1, teams + 1))


def team_movement(teams: int, boards_per_round: int, *, rounds: int | None = None) -> Movement:
    """A round robin of ``teams`` teams, one match per round per two tables."""
    if isinstance(teams, bool) or not isinstance(teams, int) or teams < 2:
        raise MovementError(f"a team movement needs at least 2 teams, not {teams!r}")
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    slots = teams + teams % 2  # odd: a phantom team gives a bye
    full = slots - 1
    rounds = full if rounds is None else rounds
    if not 1 <= rounds <= full:
        raise MovementError(f"{teams} teams play 1 to {full} rounds, not {rounds}")
    lines: list[MovementEntry] = []
    for round_ in range(1, rounds + 1):
        boards = set_boards(round_, boards_per_round)
        # Circle method: team `slots` fixed, team x meets team y when x + y = 2*round (mod m).
        m = slots - 1
        opponent_of_fixed = (round_ - 1) % m + 1
        couples = [(opponent_of_fixed, slots)]
        for i in range(1, slots // 2):
            a = (round_ - 1 + i) % m + 1
            b = (round_ - 1 - i) % m + 1
            couples.append((a, b))
        table = 1
        for match, (x, y) in enumerate(couples):
            if teams % 2 == 1 and slots in (x, y):
                continue  # bye
            # Alternate home/away so a team is not always home.
            home, away = (x, y) if (round_ + match) % 2 == 0 else (y, x)
            lines.append(MovementEntry(round_, table, 2 * home - 1, 2 * away, boards))
            lines.append(MovementEntry(round_, table + 1, 2 * away - 1, 2 * home, boards))
            table += 2
    params: list[tuple[str, str | int | bool | tuple[int, ...]]] = [
        ("teams", teams),
        ("boards_per_round", boards_per_round),
    ]
    if rounds != full:
        params.append(("rounds", rounds))
    return Movement(
        name=f"Teams round robin, {teams} teams, {rounds} x {boards_per_round} boards",
        kind=MovementKind.TEAMS,
        entries=tuple(lines),
        pairs=tuple(range(1, 2 * teams + 1)),
        teams=_lineups(teams),
        spec=MovementSpec("teams", tuple(params)),
    )


# Seed 004, "Vanlig lagtävling", three teams: (round, table, NS, EW, board set).
# "1A-2A, 1-8" is team 1's A pair NS against team 2's A pair EW on boards 1-8.
_THREE_TEAMS = (
    (1, 1, "1A", "2A", 1), (1, 2, "3A", "1B", 3), (1, 3, "2B", "3B", 5),
    (2, 1, "1A", "2B", 2), (2, 2, "3B", "1B", 4), (2, 3, "3A", "2A", 5),
    (3, 1, "2B", "1B", 1), (3, 2, "1A", "3A", 4), (3, 3, "2A", "3B", 6),
    (4, 1, "2A", "1B", 2), (4, 2, "1A", "3B", 3), (4, 3, "3A", "2B", 6),
)  # fmt: skip


def _pair_number(code: str) -> int:
    team, which = int(code[0]), code[1]
    return 2 * team - 1 if which == "A" else 2 * team


def three_team_movement(boards_per_round: int = 8) -> Movement:
    """The seed's three-team evening: 4 rounds at 3 tables, 6 sets of boards, each team
    meets each other team on 2 sets (16 boards with the seed's 8 per round)."""
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    lines = tuple(
        MovementEntry(r, t, _pair_number(ns), _pair_number(ew), set_boards(s, boards_per_round))
        for r, t, ns, ew, s in _THREE_TEAMS
    )
    return Movement(
        name=f"Three teams (seed 004), 4 x {boards_per_round} boards",
        kind=MovementKind.TEAMS,
        entries=lines,
        pairs=tuple(range(1, 7)),
        teams=_lineups(3),
        spec=MovementSpec("three-teams", (("boards_per_round", boards_per_round),)),
    )


def team_matches(movement: Movement) -> tuple[TeamMatch, ...]:
    """The matches of a team movement: lines grouped by the two teams and the boards.

    Each group must be exactly two lines with the teams' pairs in opposite directions;
    otherwise the boards cannot be compared and MovementError says which.
    """
    if not movement.teams:
        raise MovementError(f"movement {movement.name!r} has no teams")
    groups: dict[tuple[tuple[int, int], tuple[int, ...]], list[MovementEntry]] = defaultdict(list)
    for e in movement.entries:
        ns_team, ew_team = movement.team_of(e.ns), movement.team_of(e.ew)
        if ns_team is None or ew_team is None:
            raise MovementError(f"round {e.round} table {e.table}: a pair has no team")
        if ns_team == ew_team:
            raise MovementError(
                f"round {e.round} table {e.table}: pairs {e.ns} and {e.ew} are both team {ns_team}"
            )
        key = ((min(ns_team, ew_team), max(ns_team, ew_team)), e.boards)
        groups[key].append(e)
    matches = []
    for (teams, boards), lines in sorted(groups.items()):
        if len(lines) != 2:
            where = ", ".join(f"round {e.round} table {e.table}" for e in lines)
            raise MovementError(
                f"teams {teams[0]} and {teams[1]} play boards {boards[0]}-{boards[-1]} at "
                f"{len(lines)} table(s) ({where}); a match needs exactly two"
            )
        first, second = lines
        if movement.team_of(first.ns) == movement.team_of(second.ns):
            raise MovementError(
                f"teams {teams[0]} and {teams[1]}: the same team sits NS at both tables on "
                f"boards {boards[0]}-{boards[-1]}"
            )
        matches.append(TeamMatch(teams, boards, (first, second)))
    return tuple(matches)
