"""Team evenings: each match board by board in IMPs, the margin in victory points.

Law 78B and rules.md §9: the IMPs of a board go to the team that sat NS at the table where it
sat NS, against the other table of the match; an artificial adjusted score is +3 / 0 / -3 IMPs
(Law 86A); the match margin becomes VPs on the WBF 2013 20-VP scale for the match's boards.
The tables are paired into matches and scored by ``team_matches.score_matches``, the one
pairing ``compare`` uses too; here the tables are the movement's, the teams its lineups.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from pipeline.doors.session_input import SessionInput
from pipeline.results.model.event import EventResults
from pipeline.results.model.teams import MatchView, TeamBoard, TeamStanding, TeamsView
from pipeline.results.session_rows import only_section, validate
from pipeline.results.status import FindingView
from pipeline.results.team_matches import (
    ScoredMatch,
    TeamTable,
    TeamTotal,
    score_matches,
    team_totals,
)
from pipeline.results.views import finding_view, players_of
from scoring.event import Event, Section
from scoring.ranking import rank
from scoring.traveller import TravellerRow

__all__ = ["score_teams_event"]


def _tables(section: Section, rows: Sequence[TravellerRow]) -> list[TeamTable[int, TravellerRow]]:
    """Every board at every table of the movement, the teams by its lineups, with the row
    played there (None: not played there)."""
    movement = section.movement
    found = {(r.board, r.ns_pair, r.ew_pair): r for r in rows}
    tables = []
    for line in movement.entries:
        ns, ew = movement.team_of(line.ns), movement.team_of(line.ew)
        assert ns is not None and ew is not None  # the event file checks the lineups
        for board in line.boards:
            row = found.get((board, line.ns, line.ew))
            tables.append(TeamTable(board, line.round, ns, ew, row))
    return tables


def score_teams_event(event: Event, inputs: Sequence[SessionInput]) -> EventResults:
    """A team evening: each match board by board in IMPs, the margin in WBF 2013 VPs."""
    matches: list[MatchView] = []
    played: list[ScoredMatch[int, TravellerRow]] = []
    findings: list[FindingView] = []
    teams_by_number = {}
    for data in inputs:
        session = event.session(data.session)
        section = only_section(session)
        findings += [finding_view(f) for f in validate(event, data)]
        for team in section.teams:
            players = tuple(p for n in team.pairs for p in players_of(section.pair(n)))
            teams_by_number[team.number] = (team.name, players)
        scored = score_matches(_tables(section, data.rows), TravellerRow.outcomes)
        played += scored
        for match in scored:
            boards = tuple(
                TeamBoard(
                    b.board,
                    None if b.home_ns.line is None else b.home_ns.line.law77_score_ns(),
                    None if b.home_ew.line is None else b.home_ew.line.law77_score_ns(),
                    b.home_imps,
                    b.note,
                )
                for b in match.boards
            )
            assert match.round is not None  # a movement's lines have rounds
            matches.append(
                MatchView(match.round, match.home, match.away, boards, match.won, match.lost,
                          match.vp.first, match.vp.second)
            )  # fmt: skip
    none = TeamTotal(Fraction(0), Fraction(0), Fraction(0))
    totals = team_totals(played)
    evening = {team: totals.get(team, none) for team in teams_by_number}
    standings = tuple(
        TeamStanding(
            p.label,
            p.entrant,
            *teams_by_number[p.entrant],
            evening[p.entrant].vp,
            evening[p.entrant].won,
            evening[p.entrant].lost,
        )
        for p in rank({team: total.vp for team, total in evening.items()})
    )
    first_session = event.session(inputs[0].session) if inputs else event.sessions[0]
    return EventResults(
        title=event.name,
        date=first_session.date.isoformat() if first_session.date else "",
        club=event.organizer,
        kind="teams",
        scale="IMP",
        findings=tuple(findings),
        teams=TeamsView(tuple(sorted(matches, key=lambda m: (m.round, m.first))), standings),
    )
