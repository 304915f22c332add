"""Team forms of seed 004 "Andra tävlingsformer (lag)": team Mitchell for an odd number of
teams, the odd-team schedules with a three-team meeting, and a double Howell for a league.

Team Mitchell, 5 teams, worked by hand (team k: NS pair 2k-1, EW pair 2k; round r, table t:
NS team t - r, EW team t + r, mod 5): round 1 table 1 is NS team 5 (pair 9) against EW team
2 (pair 4); the boards of table 1 are played by teams 5 and 2 in round 1 and by team 2 NS
(pair 3) against team 5 EW (pair 10) in round 4 = 5 - 1: one match, 2 x (5 + 2) = 14 = 2 x 1
(mod 5) so every match on table t's boards is between teams x and 2t - x.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from scoring.movement import MovementError, MovementKind, MovementSpec
from scoring.movements import (
    build_movement,
    check_movement,
    howell,
    odd_team_movement,
    team_howell,
    team_matches,
    team_mitchell,
)
from scoring.movements.meetings import team_meetings
from scoring.movements.odd_teams import SEED_ODD_TEAM_SCHEDULES, odd_team_cycles


# -- team Mitchell ---------------------------------------------------------------------
def test_team_mitchell_five_teams_by_hand():
    m = team_mitchell(5, 4)
    assert m.kind is MovementKind.TEAMS
    assert (len(m.rounds), len(m.tables), len(m.boards)) == (4, 5, 20)
    first = m.entry_at(1, 1)
    assert first is not None and (first.ns, first.ew, first.boards) == (9, 4, (1, 2, 3, 4))
    fourth = m.entry_at(4, 1)
    assert fourth is not None and (fourth.ns, fourth.ew, fourth.boards) == (3, 10, (1, 2, 3, 4))
    # the boards never leave their table
    assert all(e.boards == tuple(range(4 * e.table - 3, 4 * e.table + 1)) for e in m.entries)
    # NS pairs move up one table, EW pairs down one, from round 1 on (first move before
    # any board is played: nobody starts at its own team's table)
    for team in range(1, 6):
        ns = [m.seating(2 * team - 1, r).table for r in m.rounds]
        ew = [m.seating(2 * team, r).table for r in m.rounds]
        assert ns == [(team - 1 + r) % 5 + 1 for r in m.rounds]
        assert ew == [(team - 1 - r) % 5 + 1 for r in m.rounds]
    assert not check_movement(m)


@pytest.mark.parametrize("teams", [3, 5, 7, 9, 11])
def test_team_mitchell_every_team_meets_every_other_once(teams):
    m = team_mitchell(teams, 2)
    matches = team_matches(m)
    assert sorted(x.teams for x in matches) == list(combinations(range(1, teams + 1), 2))
    completed: dict[tuple[int, int], int] = {}  # (round, team) -> matches completed
    for match in matches:
        first, second = match.lines
        assert first.table == second.table  # the same boards, at the same table
        assert first.round + second.round == teams  # rounds r and n - r
        for team in match.teams:
            key = (max(first.round, second.round), team)
            completed[key] = completed.get(key, 0) + 1
    # "Varje lag får två resultat klara i varje rond från och med ronden efter halva
    # tävlingen": every team completes two matches in each round from (n+1)/2 on
    half = (teams + 1) // 2
    assert completed == {(r, t): 2 for r in range(half, teams) for t in range(1, teams + 1)}
    assert not check_movement(m)


@pytest.mark.parametrize("teams", [1, 2, 4, 6])
def test_team_mitchell_needs_an_odd_number_of_teams(teams):
    with pytest.raises(MovementError, match="odd number of teams"):
        team_mitchell(teams, 2)


# -- odd teams with a three-team meeting -------------------------------------------------
SEVEN = [  # the seed's table, round by round: the three-team meeting, then the matches
    ((7, 1, 4), {(2, 3), (3, 5), (5, 6), (2, 6)}),
    ((7, 2, 5), {(3, 4), (4, 6), (1, 6), (1, 3)}),
    ((7, 3, 6), {(4, 5), (1, 5), (1, 2), (2, 4)}),
]
NINE = [
    ((9, 1, 5), {(2, 3), (3, 8), (6, 8), (6, 7), (4, 7), (2, 4)}),
    ((9, 2, 6), {(3, 4), (1, 4), (1, 7), (7, 8), (5, 8), (3, 5)}),
    ((9, 3, 7), {(4, 5), (2, 5), (2, 8), (1, 8), (1, 6), (4, 6)}),
    ((9, 4, 8), {(5, 6), (3, 6), (1, 3), (1, 2), (2, 7), (5, 7)}),
]


def _couples(cycle):
    return {tuple(sorted((cycle[i - 1], cycle[i]))) for i in range(len(cycle))}


@pytest.mark.parametrize(("teams", "table"), [(7, SEVEN), (9, NINE)])
def test_the_seeds_schedules_line_by_line(teams, table):
    m = odd_team_movement(teams, 3)
    for r, (meeting, others) in enumerate(table, start=1):
        matches = {x.teams for x in team_matches(m) if x.lines[0].round in (2 * r - 1, 2 * r)}
        assert matches == _couples(meeting) | others
        # the three-team meeting sits at tables 1-3
        at_123 = {x.teams for x in team_matches(m) if x.lines[0].table <= 3}
        assert _couples(meeting) <= at_123


@pytest.mark.parametrize("teams", [7, 9])
def test_the_construction_reproduces_the_seeds_tables(teams, monkeypatch):
    printed = odd_team_cycles(teams)
    monkeypatch.delitem(SEED_ODD_TEAM_SCHEDULES, teams)
    assert odd_team_cycles(teams) == printed


@pytest.mark.parametrize("teams", [7, 9, 11, 13, 15, 17, 19])
def test_every_couple_of_teams_meets_once_in_two_halves(teams):
    m = odd_team_movement(teams, 3)
    assert (len(m.rounds), len(m.tables)) == (teams - 1, teams)
    matches = team_matches(m)
    assert sorted(x.teams for x in matches) == list(combinations(range(1, teams + 1), 2))
    for round_ in range(1, teams, 2):  # a seed round is two halves
        # every team plays two matches a round: one with each neighbour in its cycle
        per_team = {t: 0 for t in range(1, teams + 1)}
        for x in matches:
            if x.lines[0].round in (round_, round_ + 1):
                for t in x.teams:
                    per_team[t] += 1
        assert set(per_team.values()) == {2}
    for x in matches:  # a match is its two halves on the same boards at the same table
        first, second = x.lines
        assert first.table == second.table and {first.round, second.round} == {
            first.round,
            first.round + (1 if first.round % 2 else -1),
        }
    assert not check_movement(m)
    assert {m.times_played(b) for b in m.boards} == {2}


def test_second_half_ns_one_table_up_ew_one_down_within_the_cycle():
    # 7 teams, round 1: meeting 7-1-4 at tables 1-3, cycle 2-3-5-6 at tables 4-7
    m = odd_team_movement(7, 3)
    ns = {e.ns: (e.table, e.boards[0]) for e in m.entries_in_round(1)}
    ns2 = {e.ns: e.table for e in m.entries_in_round(2)}
    ew = {e.ew: e.table for e in m.entries_in_round(1)}
    ew2 = {e.ew: e.table for e in m.entries_in_round(2)}
    assert [ns[2 * t - 1][0] for t in (7, 1, 4, 2, 3, 5, 6)] == [1, 2, 3, 4, 5, 6, 7]
    assert [ns2[2 * t - 1] for t in (7, 1, 4, 2, 3, 5, 6)] == [2, 3, 1, 5, 6, 7, 4]
    assert [ew[2 * t] for t in (7, 1, 4, 2, 3, 5, 6)] == [2, 3, 1, 5, 6, 7, 4]
    assert [ew2[2 * t] for t in (7, 1, 4, 2, 3, 5, 6)] == [1, 2, 3, 4, 5, 6, 7]
    # the boards stay: table t plays set t in both halves of round 1, set 7 + t in round 2
    assert {e.table: e.boards[0] for e in m.entries_in_round(2)} == {
        t: 3 * t - 2 for t in range(1, 8)
    }
    assert {e.table: e.boards[0] for e in m.entries_in_round(3)} == {
        t: 3 * (7 + t) - 2 for t in range(1, 8)
    }


def test_thirteen_teams_three_team_meetings_and_a_searched_rest():
    # no rotating schedule exists for 13 (the differences 1..5 sum to an odd number), so
    # the rounds are searched; the meetings stay 13-r-(r+6)-13 as in the seed's tables
    cycles = odd_team_cycles(13)
    assert [c[0] for c in cycles] == [(13, r, r + 6) for r in range(1, 7)]
    assert cycles[0][1:] == ((2, 3, 4), (5, 6, 8), (9, 10, 12, 11))
    for meeting, *others in cycles:
        assert sorted(t for c in (meeting, *others) for t in c) == list(range(1, 14))
        assert all(len(c) >= 3 for c in others)


@pytest.mark.parametrize("teams", [3, 8, 21])
def test_sizes_outside_5_to_19_odd_are_refused(teams):
    with pytest.raises(MovementError, match="5 to 19"):
        odd_team_movement(teams, 3)


def test_five_teams_play_two_cycles_of_five():
    # A three-team meeting of 5 teams leaves 2 teams that would play both halves against
    # each other; K5 splits into the cycles 1-2-3-4-5 and 1-3-5-2-4 instead: every two
    # teams one half-match (10), each team two a round, 2 rounds = 4 halves of 5 tables.
    m = odd_team_movement(5, 3)
    assert odd_team_cycles(5) == (((1, 2, 3, 4, 5),), ((1, 3, 5, 2, 4),))
    assert sorted(team_meetings(m).values()) == [1] * 10
    assert len(team_matches(m)) == 10 and m.rounds == (1, 2, 3, 4)
    # round 1, half 1 at table 1: team 1's NS (pair 1) against team 5's EW (pair 10)
    first = m.entry_at(1, 1)
    assert first is not None and (first.ns, first.ew) == (1, 10)
    # each set is played twice (both halves, the two teams each way round), 30 boards
    assert {m.times_played(b) for b in m.boards} == {2} and len(m.boards) == 30
    assert check_movement(m) == ()


# -- double Howell for a league --------------------------------------------------------
@pytest.mark.parametrize("teams", [4, 6, 8, 10, 5, 7])
def test_double_howell_is_the_howell_twice_with_reversed_directions(teams):
    m = team_howell(teams, 3)
    single = howell(teams, 3)
    tables = max(single.tables)
    for e in single.entries:
        a = m.entry_at(e.round, e.table)
        b = m.entry_at(e.round, tables + e.table)
        assert a is not None and b is not None
        assert (a.ns, a.ew) == (2 * e.ns - 1, 2 * e.ew - 1)  # A pairs as the Howell
        assert (b.ns, b.ew) == (2 * e.ew, 2 * e.ns)  # B pairs reversed
        assert a.boards == b.boards == e.boards
    matches = team_matches(m)
    assert sorted(x.teams for x in matches) == list(combinations(range(1, teams + 1), 2))
    assert not check_movement(m)


def test_double_howell_odd_teams_bye():
    m = team_howell(7, 2)
    assert all(len(m.sitting_out(r)) == 2 for r in m.rounds)  # one team's two pairs


@pytest.mark.parametrize(
    ("kind", "teams"), [("team-mitchell", 7), ("odd-teams", 9), ("team-howell", 8)]
)
def test_event_file_specs(kind, teams):
    m = build_movement(MovementSpec(kind, (("teams", str(teams)), ("boards_per_round", "4"))))
    assert m.kind is MovementKind.TEAMS and len(m.teams) == teams
