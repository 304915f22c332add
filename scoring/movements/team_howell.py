"""A double Howell for a teams league (seed 004 "Andra tävlingsformer (lag)", 1: "Man spelar
en dubbel Howell med omvända väderstreck i andra gruppen").

A league can use the Howell guide cards: the teams take the Howell's pair numbers, the A
pairs play the Howell at tables 1..T and the B pairs play the same Howell at tables
T+1..2T with the directions reversed. Where team x's A pair sits NS against team y's A pair
on a set of boards, team x's B pair sits EW against team y's B pair on the same set in the
same round: one team match, each team NS at one table and EW at the other. A Howell meets
everyone once, so every two teams play one match. The boards of table t are played at table
T + t in the same round: two copies of each set, or the two tables pass the boards between
them.

With an odd number of teams the Howell's highest number is missing and the team that would
have met it has a bye that round (a league spread over evenings); for one club evening the
seed plays a team Mitchell instead (``team_mitchell``). Team k is pairs 2k-1 (A) and 2k (B).

``team_barometer`` is the seed's team barometer ("Lagbarometer": "en dubbel Oändlig Howell
som guidekort med ena gruppens väderstreck svängda"): the same double construction on the
endless Howell, so every match of a round plays the round's boards and the standings can
be put up after every round (``pipeline/results/barometer.py``).
"""

from __future__ import annotations

from scoring.movement import (
    Movement,
    MovementEntry,
    MovementError,
    MovementKind,
    MovementSpec,
)
from scoring.movements.endless_howell import ENDLESS_HOWELL_NS_DOWN, endless_howell
from scoring.movements.howell import MAX_HOWELL_TABLES, howell
from scoring.movements.teams import _lineups

__all__ = ["team_barometer", "team_howell"]


def team_howell(teams: int, boards_per_round: int) -> Movement:
    """A double Howell for ``teams`` teams (4 to 2 * MAX_HOWELL_TABLES)."""
    most = 2 * MAX_HOWELL_TABLES
    if isinstance(teams, bool) or not isinstance(teams, int) or not 4 <= teams <= most:
        raise MovementError(f"a double Howell for teams needs 4 to {most} teams, not {teams!r}")
    return _doubled(howell(teams, boards_per_round), "Double Howell", "team-howell")


def team_barometer(teams: int, boards_per_round: int) -> Movement:
    """A team barometer for ``teams`` teams: a double endless Howell (4 to 26 teams)."""
    most = 2 * max(ENDLESS_HOWELL_NS_DOWN)
    if isinstance(teams, bool) or not isinstance(teams, int) or not 4 <= teams <= most:
        raise MovementError(f"a team barometer needs 4 to {most} teams, not {teams!r}")
    return _doubled(endless_howell(teams, boards_per_round), "Team barometer", "team-barometer")


def _doubled(single: Movement, title: str, kind: str) -> Movement:
    """Howell pair x as team x: its A pair where the Howell says, its B pair at the twin
    table T + t in the other direction, on the same boards in the same round."""
    teams = len(single.pairs)
    boards_per_round = single.boards_per_round
    tables = max(single.tables)
    lines = []
    for e in single.entries:
        # Howell pair x is team x: the A pairs as the Howell says, the B pairs reversed.
        lines.append(MovementEntry(e.round, e.table, 2 * e.ns - 1, 2 * e.ew - 1, e.boards))
        lines.append(MovementEntry(e.round, tables + e.table, 2 * e.ew, 2 * e.ns, e.boards))
    rounds = len(single.rounds)
    return Movement(
        name=f"{title} {teams} teams, {rounds} x {boards_per_round} boards",
        kind=MovementKind.TEAMS,
        entries=tuple(lines),
        pairs=tuple(range(1, 2 * teams + 1)),
        teams=_lineups(teams),
        spec=MovementSpec(kind, (("teams", teams), ("boards_per_round", boards_per_round))),
    )
