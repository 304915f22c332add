"""Team Mitchell for an odd number of teams (Lagmitchell, seed 004 "Andra tävlingsformer
(lag)", 2).

The seed: every team takes a table and the same number of boards is laid out at every
table; the boards stay at that table all evening. Each team has an NS pair that moves up one
table and an EW pair that moves down one table, and the first move is made before any board
is played. Results are sealed in envelopes and opened by the team-mates once they have
played the same boards. Every team has two results ready each round from the round after
half the event.

With ``n`` teams (odd) at tables 1..n, in round ``r`` (1..n-1) table ``t`` holds the NS pair
of team t - r and the EW pair of team t + r (mod n). The boards of table t are played by
every team but team t; team x's NS pair plays them in round t - x and its EW pair in round
x - t = n - (t - x), against the same team y = 2t - x (mod n). So the boards of table t are
one match between x and y, each team NS at one table and EW at the other: every two teams
play exactly one match, completed in round max(r, n - r), i.e. two matches a round from
round (n + 1) / 2 on. The match is scored as any team match (``team_matches``): each team's
NS result against its own EW result on the same boards.

Team k's NS pair is pair 2k - 1 (its A pair), its EW pair 2k.
"""

from __future__ import annotations

from scoring.movement import (
    Movement,
    MovementEntry,
    MovementError,
    MovementKind,
    MovementSpec,
)
from scoring.movements.mitchell import set_boards
from scoring.movements.teams import _lineups

__all__ = ["team_mitchell"]


def team_mitchell(teams: int, boards_per_round: int) -> Movement:
    """A team Mitchell for an odd number of ``teams`` (3 or more): n - 1 rounds, n tables,
    table t keeps board set t all evening."""
    if isinstance(teams, bool) or not isinstance(teams, int) or teams < 3 or teams % 2 == 0:
        raise MovementError(
            f"a team Mitchell needs an odd number of teams, 3 or more, not {teams!r} "
            "(an even number plays a round robin: type teams or team-howell)"
        )
    if boards_per_round < 1:
        raise MovementError(f"boards per round must be at least 1, not {boards_per_round}")
    lines = []
    for round_ in range(1, teams):
        for table in range(1, teams + 1):
            ns_team = (table - 1 - round_) % teams + 1
            ew_team = (table - 1 + round_) % teams + 1
            boards = set_boards(table, boards_per_round)
            lines.append(MovementEntry(round_, table, 2 * ns_team - 1, 2 * ew_team, boards))
    return Movement(
        name=f"Team Mitchell {teams} teams, {teams - 1} x {boards_per_round} boards",
        kind=MovementKind.TEAMS,
        entries=tuple(lines),
        pairs=tuple(range(1, 2 * teams + 1)),
        teams=_lineups(teams),
        spec=MovementSpec(
            "team-mitchell", (("teams", teams), ("boards_per_round", boards_per_round))
        ),
    )
