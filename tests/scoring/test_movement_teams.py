"""Team movements (seed 004 "Andra tävlingsformer (lag)")."""

from __future__ import annotations

from itertools import combinations

import pytest

from scoring.movement import Movement, MovementEntry, MovementError, MovementKind, TeamLineup
from scoring.movements import (
    Severity,
    check_movement,
    team_matches,
    team_movement,
    three_team_movement,
)


def test_three_teams_is_the_seeds_schedule():
    # Seed 004, "Vanlig lagtävling": team k's A pair is 2k-1, its B pair 2k.
    m = three_team_movement()
    got = {(e.round, e.table): (e.ns, e.ew, e.boards[0], e.boards[-1]) for e in m.entries}
    assert got == {
        (1, 1): (1, 3, 1, 8), (1, 2): (5, 2, 17, 24), (1, 3): (4, 6, 33, 40),
        (2, 1): (1, 4, 9, 16), (2, 2): (6, 2, 25, 32), (2, 3): (5, 3, 33, 40),
        (3, 1): (4, 2, 1, 8), (3, 2): (1, 5, 25, 32), (3, 3): (3, 6, 41, 48),
        (4, 1): (3, 2, 9, 16), (4, 2): (1, 6, 17, 24), (4, 3): (5, 4, 41, 48),
    }  # fmt: skip


def test_three_teams_each_team_meets_each_other_on_two_sets():
    m = three_team_movement(8)
    matches = team_matches(m)
    per_couple = {}
    for match in matches:
        per_couple.setdefault(match.teams, []).append(match.boards[0])
    assert per_couple == {(1, 2): [1, 9], (1, 3): [17, 25], (2, 3): [33, 41]}
    assert not check_movement(m)


@pytest.mark.parametrize("teams", [2, 4, 6, 8])
def test_round_robin_even(teams):
    m = team_movement(teams, 4)
    assert m.kind is MovementKind.TEAMS
    assert len(m.rounds) == teams - 1
    assert len(m.tables) == teams
    assert not [p for p in check_movement(m) if p.severity is Severity.ERROR]
    matches = team_matches(m)
    assert sorted(x.teams for x in matches) == list(combinations(range(1, teams + 1), 2))
    for match in matches:
        first, second = match.lines
        # Same boards, same round, and each team has one pair NS and one pair EW.
        assert first.boards == second.boards and first.round == second.round
        assert m.team_of(first.ns) == m.team_of(second.ew)
        assert m.team_of(first.ew) == m.team_of(second.ns)
    # Each board is played once at every table.
    assert {m.times_played(b) for b in m.boards} == {teams}


@pytest.mark.parametrize("teams", [3, 5, 7])
def test_round_robin_odd_gives_a_bye(teams):
    m = team_movement(teams, 3)
    assert len(m.rounds) == teams
    for r in m.rounds:
        out = m.sitting_out(r)
        assert len(out) == 2 and m.team_of(out[0]) == m.team_of(out[1])
    assert sorted(x.teams for x in team_matches(m)) == list(combinations(range(1, teams + 1), 2))


def test_teams_are_lined_up():
    m = team_movement(4, 2)
    assert m.teams == tuple(TeamLineup(k, (2 * k - 1, 2 * k)) for k in range(1, 5))
    assert m.team_of(7) == 4
    assert m.team_of(9) is None


def test_a_match_on_one_table_only_is_refused():
    lines = (MovementEntry(1, 1, 1, 4, (1, 2)),)
    m = Movement(
        "half",
        MovementKind.TEAMS,
        lines,
        (1, 2, 3, 4),
        (TeamLineup(1, (1, 2)), TeamLineup(2, (3, 4))),
    )
    with pytest.raises(MovementError, match="needs exactly two"):
        team_matches(m)


def test_same_team_ns_at_both_tables_is_refused():
    lines = (MovementEntry(1, 1, 1, 4, (1, 2)), MovementEntry(1, 2, 2, 3, (1, 2)))
    m = Movement(
        "bad",
        MovementKind.TEAMS,
        lines,
        (1, 2, 3, 4),
        (TeamLineup(1, (1, 2)), TeamLineup(2, (3, 4))),
    )
    with pytest.raises(MovementError, match="same team sits NS"):
        team_matches(m)


@pytest.mark.parametrize(("teams", "message"), [(1, "at least 2 teams"), (True, "at least 2")])
def test_bad_team_counts(teams, message):
    with pytest.raises(MovementError, match=message):
        team_movement(teams, 4)
