"""A team evening's tables are paired into matches once (``team_matches.score_matches``), for
the main job's evenings and for ``compare`` alike.

Worked by hand (Law 78B, the IMP scale of Law 78B, board 1 nobody vulnerable, board 2 NS):
  board 1: team 1 NS makes 4S by N +420; at the other table team 2 NS makes 3S by S +170.
    Team 1: 420 - 170 = 250 -> 6 IMPs (220-260); team 2 -6.
  board 2: team 1 NS goes down in 3NT by S, -100; team 2 NS makes 3NT by N, +600.
    Team 1: -100 - 600 = -700 -> -12 IMPs (600-740); team 2 +12.
"""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from pipeline.doors.session_input import SessionInput
from pipeline.events.eventfile import load_event
from pipeline.interop.convert import session_from_travellers
from pipeline.interop.records import Scoring
from pipeline.interop.score import rescore
from pipeline.results.field_records import FieldOptions
from pipeline.results.teams import score_teams_event
from sample_data.generate import play_session
from scoring.contract import Contract, Seat
from scoring.event import EventKind
from scoring.traveller import TravellerRow
from scoring.vp import wbf_match_vp

N, S = Seat.NORTH, Seat.SOUTH


def _rescored(rows: list[TravellerRow]) -> dict[str, Any]:
    """A file of team lines (NS and EW are team numbers) through compare's engine: each
    line's IMPs by (board, round, NS team), and the matches."""
    session = session_from_travellers(rows, event="Teams", scoring=Scoring.TEAMS)
    ours = rescore(session, FieldOptions(kind=EventKind.TEAMS))
    lines = {(x.result.board, x.result.round, x.result.ns_pair): (x.ns, x.ew) for x in ours.lines}
    return {"lines": lines, "matches": ours.matches, "teams": ours.pairs}


def _line(
    board: int, ns: int, ew: int, contract: str, by: Seat, tricks: int, round_: int
) -> TravellerRow:
    return TravellerRow(board, ns, ew, Contract.parse(contract), by, tricks, round=round_)


# The seed's three-team evening plays a board at its two tables in different rounds
# (scoring.movements.teams: board set 1 in rounds 1 and 3); a file of such an evening was
# scored without its team lines before the pairing was one. The match's round is the one of
# the table where the home team sat NS.
ROUNDS_APART = (
    [_line(1, 1, 2, "4S", N, 10, 1), _line(2, 1, 2, "3NT", S, 8, 1),
     _line(1, 2, 1, "3S", S, 10, 3), _line(2, 2, 1, "3NT", N, 9, 3)],
    {(1, 1, "1"): (6, -6), (1, 3, "2"): (-6, 6), (2, 1, "1"): (-12, 12), (2, 3, "2"): (12, -12)},
    [(1, ("1", "2"), (-6, 6), 2)],
)  # fmt: skip
# A file whose rounds reuse board numbers: teams 1 and 2 meet on "board 1" in rounds 1 and 2,
# each a deal of its own. Round 1 is board 1 above (+6 to team 1); in round 2 team 1 NS goes
# down in 4S by N, -50, and team 2 NS makes 3S by N, +140: -190 -> -5 IMPs (170-210). A fifth
# line, team 1 NS in round 3, has no other table and is left out.
BOARD_NUMBERS_REUSED = (
    [_line(1, 1, 2, "4S", N, 10, 1), _line(1, 2, 1, "3S", S, 10, 1),
     _line(1, 1, 2, "4S", N, 9, 2), _line(1, 2, 1, "3S", N, 9, 2),
     _line(1, 1, 2, "1NT", N, 7, 3)],
    {(1, 1, "1"): (6, -6), (1, 1, "2"): (-6, 6), (1, 2, "1"): (-5, 5), (1, 2, "2"): (5, -5)},
    [(1, ("1", "2"), (6, -6), 1), (2, ("1", "2"), (-5, 5), 1)],
)  # fmt: skip


@pytest.mark.parametrize(
    ("rows", "lines", "matches"),
    [ROUNDS_APART, BOARD_NUMBERS_REUSED],
    ids=["rounds apart", "board numbers reused"],
)
def test_a_files_team_lines_pair_into_matches(
    rows: list[TravellerRow], lines: dict, matches: list[tuple]
) -> None:
    ours = _rescored(rows)
    assert ours["lines"] == lines
    assert [(m.round, m.teams, m.imps, m.boards) for m in ours["matches"]] == matches
    vps: dict[str, Fraction] = {}
    for match, (_, teams, (net, _), boards) in zip(ours["matches"], matches, strict=True):
        # WBF 2013 VPs on the home team's IMPs won and lost, over the match's own boards.
        vp = wbf_match_vp(max(net, Fraction(0)), max(-net, Fraction(0)), boards)
        assert match.vp == (vp.first, vp.second)
        for team, points in zip(teams, match.vp, strict=True):
            vps[team] = vps.get(team, Fraction(0)) + points
    assert {t.key: t.vp for t in ours["teams"]} == vps


def test_the_main_job_and_compare_score_a_three_team_evening_alike(tmp_path: Path) -> None:
    event_file = tmp_path / "three.yaml"
    event_file.write_text(
        "event: {name: Three teams, kind: teams}\nsessions:\n  - number: 1\n    sections:\n"
        "      - name: A\n        movement: {type: three-teams, boards_per_round: 2}\n"
        "        pairs:\n"
        + "".join(f"          - {{number: {n}, players: [P{n}, Q{n}]}}\n" for n in range(1, 7))
        + "        teams:\n"
        + "".join(f"          - {{number: {k}, name: T{k}, pairs: [{2 * k - 1}, {2 * k}]}}\n"
                  for k in range(1, 4)),
        encoding="utf-8",
    )  # fmt: skip
    event = load_event(event_file)
    movement = event.sessions[0].sections[0].movement
    rows = play_session(movement, random.Random(44))
    main = score_teams_event(event, [SessionInput(1, tuple(rows))]).teams
    assert main is not None
    team_of = movement.team_of
    as_teams = [
        TravellerRow(r.board, team_of(r.ns_pair), team_of(r.ew_pair), r.contract, r.declarer,
                     r.tricks, passed_out=r.passed_out, round=r.round)
        for r in rows
    ]  # fmt: skip
    ours = _rescored(as_teams)
    # Six half-matches of 2 boards (each team meets each other on two board sets).
    assert len(main.matches) == len(ours["matches"]) == 6
    main_vps = {(m.round, str(m.first), str(m.second), m.vp_first, m.vp_second)
                for m in main.matches}  # fmt: skip
    assert main_vps == {(m.round, *m.teams, *m.vp) for m in ours["matches"]}
    assert {str(t.team): (t.vp, t.imps_won - t.imps_lost) for t in main.standings} == {
        t.key: (t.vp, t.total) for t in ours["teams"]
    }
