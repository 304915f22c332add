"""Odd numbers of teams with a three-team meeting (seed 004 "Andra varianter för udda
lagantal").

The seed's three-team meeting in two halves: a set of boards at each table, each team has
an NS pair and an EW pair; for the second half the NS pairs move up one table and the EW
pairs down one, the boards stay. After two halves every team has played a half against
each of the other two. "This method can be used for other odd numbers of teams": each
round the teams sit in cycles (the three-team meeting, written ``7-1-4-7``, and the others,
written as the couples ``2-3 3-5 5-6 6-2``), and a cycle of L teams at L tables plays the
same two halves: at the table of the team in place p, half 1 is its NS pair against the EW
pair of the team in place p-1, half 2 the other way round on the same boards. So every
couple of neighbours in a cycle plays one match (a "half") on one set, and every team plays
two halves a round. The seed prints the schedules for 7 and 9 teams (transcribed below,
pinned line by line by the tests); for 11-19 teams ("se Tävlingsledaren") we build them with
the same properties:

- team n sits still in the three-team meeting ``n-r-(r+m)-n`` of round r (n = 2m + 1);
- teams 1..2m move on one number each round (the seed's rounds are round 1 plus r - 1);
- round 1's other cycle starts at team 2 and takes differences 1..m-1 once each (searched
  in that order, + before -), its second half the first shifted by m; that reproduces the
  seed's 7- and 9-team schedules exactly, and makes every two teams meet once in m rounds
  (11 and 19 teams: two cycles, the second the first shifted by m);
- 13 teams has no rotating schedule of this kind (the differences' parity forbids it), so
  its rounds are found by a depth-first search with the same three-team meetings.

Tables: the three-team meeting at tables 1-3, the other cycle at tables 4..n in its order.
Each round has its own n sets (nobody plays a board twice); movement round 2R - 1 and 2R
are the two halves of the seed's round R. Team k is pairs 2k - 1 (NS) and 2k (EW).
"""

from __future__ import annotations

from collections.abc import Iterator

from scoring.movement import (
    Movement,
    MovementEntry,
    MovementError,
    MovementKind,
    MovementSpec,
)
from scoring.movements.mitchell import set_boards
from scoring.movements.teams import _lineups

__all__ = ["FIVE_TEAM_CYCLES", "SEED_ODD_TEAM_SCHEDULES", "odd_team_cycles", "odd_team_movement"]

# Seed 004, "Andra varianter för udda lagantal": one line per round, the three-team meeting
# first, then the ordinary matches, exactly as printed.
SEED_ODD_TEAM_SCHEDULES: dict[int, tuple[str, ...]] = {
    7: (
        "7-1-4-7  2-3 3-5 5-6 6-2",
        "7-2-5-7  3-4 4-6 6-1 1-3",
        "7-3-6-7  4-5 5-1 1-2 2-4",
    ),
    9: (
        "9-1-5-9  2-3 3-8 8-6 6-7 7-4 4-2",
        "9-2-6-9  3-4 4-1 1-7 7-8 8-5 5-3",
        "9-3-7-9  4-5 5-2 2-8 8-1 1-6 6-4",
        "9-4-8-9  5-6 6-3 3-1 1-2 2-7 7-5",
    ),
}
MAX_ODD_TEAMS = 19


def _seed_cycles(line: str) -> tuple[tuple[int, ...], ...]:
    """A printed line as cycles: "7-1-4-7" and the chained couples "2-3 3-5 5-6 6-2"."""
    meeting, *couples = line.split()
    first = tuple(int(t) for t in meeting.split("-"))
    assert first[0] == first[-1], line
    chain = [tuple(int(t) for t in c.split("-")) for c in couples]
    other = [chain[0][0]]
    for a, b in chain:
        assert a == other[-1], line  # the couples are printed as a chain
        other.append(b)
    assert other[0] == other[-1], line
    return (first[:-1], tuple(other[:-1]))


def _first_round_cycles(m: int) -> tuple[tuple[int, ...], ...]:
    """Round 1's other cycles for 2m + 1 teams (teams 2..2m without 1 and 1 + m).

    Each difference 1..m-1 is used once by a path from team 2 through one team of each
    residue mod m; every edge then comes back shifted by m. When the path's last step
    reaches 2 + m, the path and its shift are one long cycle (the seed's 7 and 9 teams);
    when it comes back to 2, they are two cycles of m - 1 teams (11 and 19 teams, where a
    long cycle cannot exist: the differences' sum has the wrong parity).
    """

    def search(path: list[int], used: set[int], closing: int) -> list[int] | None:
        if len(path) == m:
            return path
        for d in range(1, m):
            if d in used:
                continue
            for step in (d, -d):
                v = (path[-1] - 1 + step) % (2 * m) + 1
                if len(path) == m - 1:
                    ok = v == closing
                else:
                    ok = (v - 1) % m not in {(p - 1) % m for p in path} | {0}
                if ok:
                    found = search([*path, v], used | {d}, closing)
                    if found:
                        return found
        return None

    def shifted(team: int) -> int:
        return (team - 1 + m) % (2 * m) + 1

    # The steps +-1 .. +-(m-1) add up to m (one long cycle) or to 0 (two cycles) mod 2m,
    # so their sum's parity, that of m(m-1)/2, says which can exist at all.
    total = m * (m - 1) // 2
    long = search([2], set(), shifted(2)) if total % 2 == m % 2 else None
    if long is not None:
        first = long[:-1]
        return ((*first, *(shifted(t) for t in first)),)
    pair = search([2], set(), 2) if total % 2 == 0 else None
    if pair is not None:
        first = pair[:-1]
        return (tuple(first), tuple(shifted(t) for t in first))
    return ()


Couple = tuple[int, int]


def _searched_rounds(m: int) -> tuple[tuple[tuple[int, ...], ...], ...] | None:
    """Every round's other cycles for 2m + 1 teams found by a depth-first search (13
    teams, where no rotating schedule exists): round r's three-team meeting is
    n-r-(r+m)-n, and the other 2m - 2 teams take two matches each (a union of cycles) on
    couples not met before; the search tries couples in number order, so it is
    deterministic. The last round takes the couples left: two for every team playing."""

    def couple(a: int, b: int) -> Couple:
        return (a, b) if a < b else (b, a)

    def factors(teams: list[int], free: set[Couple]) -> Iterator[list[Couple]]:
        degree = dict.fromkeys(teams, 0)
        chosen: list[Couple] = []

        def room(t: int) -> int:
            return sum(1 for u in teams if degree[u] < 2 and couple(t, u) in free - set(chosen))

        def step() -> Iterator[list[Couple]]:
            waiting = [t for t in teams if degree[t] < 2]
            if not waiting:
                yield list(chosen)
                return
            t = waiting[0]
            for u in teams:
                c = couple(t, u)
                if u != t and degree[u] < 2 and c in free and c not in chosen:
                    chosen.append(c)
                    degree[t] += 1
                    degree[u] += 1
                    if all(degree[v] + room(v) >= 2 for v in waiting if degree[v] < 2):
                        yield from step()
                    chosen.pop()
                    degree[t] -= 1
                    degree[u] -= 1

        yield from step()

    def rounds(r: int, free: set[Couple]) -> list[list[Couple]] | None:
        if r == m:
            return []
        teams = [t for t in range(1, 2 * m + 1) if t not in (r + 1, r + 1 + m)]
        for factor in factors(teams, free):
            rest = rounds(r + 1, free - set(factor))
            if rest is not None:
                return [factor, *rest]
        return None

    every = {couple(a, b) for a in range(1, 2 * m + 1) for b in range(a + 1, 2 * m + 1)}
    found = rounds(0, {c for c in every if c[1] - c[0] != m})
    return None if found is None else tuple(_cycles(f) for f in found)


def _cycles(couples: list[Couple]) -> tuple[tuple[int, ...], ...]:
    """The cycles a set of couples (two per team) makes, each from its lowest team."""
    neighbours: dict[int, list[int]] = {}
    for a, b in couples:
        neighbours.setdefault(a, []).append(b)
        neighbours.setdefault(b, []).append(a)
    seen: set[int] = set()
    cycles = []
    for start in sorted(neighbours):
        if start in seen:
            continue
        cycle = [start]
        seen.add(start)
        while True:
            options = [t for t in sorted(neighbours[cycle[-1]]) if t not in seen]
            if not options:
                break
            cycle.append(options[0])
            seen.add(options[0])
        cycles.append(tuple(cycle))
    return tuple(cycles)


# 5 teams cannot have a three-team meeting: the two teams left would have to play both
# their halves against each other, meeting twice. The seed's method with cycles still
# works: K5 is two cycles of five, each round one cycle at tables 1-5.
FIVE_TEAM_CYCLES = (((1, 2, 3, 4, 5),), ((1, 3, 5, 2, 4),))


def odd_team_cycles(teams: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Per round: the three-team meeting and the other cycle (teams in table order); for 5
    teams one cycle of all five a round (``FIVE_TEAM_CYCLES``)."""
    if teams == 5:
        return FIVE_TEAM_CYCLES
    if teams in SEED_ODD_TEAM_SCHEDULES:
        return tuple(_seed_cycles(line) for line in SEED_ODD_TEAM_SCHEDULES[teams])
    m = (teams - 1) // 2
    base = _first_round_cycles(m)
    if not base:
        searched = _searched_rounds(m)
        if searched is None:  # pragma: no cover - the search succeeds for every size in range
            raise MovementError(f"no schedule with a three-team meeting for {teams} teams")
        return tuple(((teams, r + 1, r + 1 + m), *others) for r, others in enumerate(searched))

    def moved(team: int, r: int) -> int:
        return team if team == teams else (team - 1 + r) % (2 * m) + 1

    return tuple(
        ((teams, moved(1, r), moved(1 + m, r)), *(tuple(moved(t, r) for t in c) for c in base))
        for r in range(m)
    )


def odd_team_movement(teams: int, boards_per_round: int) -> Movement:
    """The seed's odd-team evening with a three-team meeting, for 7 to 19 teams; for 5
    teams the same method on two cycles of five (no three-team meeting can exist)."""
    if (
        isinstance(teams, bool)
        or not isinstance(teams, int)
        or teams % 2 == 0
        or not 5 <= teams <= MAX_ODD_TEAMS
    ):
        raise MovementError(
            f"the three-team-meeting schedule is for an odd number of teams, 5 to "
            f"{MAX_ODD_TEAMS}, not {teams!r} (3 teams: three-teams)"
        )
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    lines = []
    for r, cycles in enumerate(odd_team_cycles(teams)):
        table = 0
        for cycle in cycles:
            for place, team in enumerate(cycle):
                before = cycle[place - 1]
                boards = set_boards(r * teams + table + place + 1, boards_per_round)
                t = table + place + 1
                lines.append(MovementEntry(2 * r + 1, t, 2 * team - 1, 2 * before, boards))
                lines.append(MovementEntry(2 * r + 2, t, 2 * before - 1, 2 * team, boards))
            table += len(cycle)
    halves = teams - 1
    return Movement(
        name=f"Odd teams with a three-team meeting, {teams} teams, "
        f"{halves} halves x {boards_per_round} boards",
        kind=MovementKind.TEAMS,
        entries=tuple(lines),
        pairs=tuple(range(1, 2 * teams + 1)),
        teams=_lineups(teams),
        spec=MovementSpec("odd-teams", (("teams", teams), ("boards_per_round", boards_per_round))),
    )
