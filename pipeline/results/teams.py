"""Team evenings: each match board by board in IMPs, the margin in victory points.

Law 78B and rules.md §9: the IMPs of a board go to the team that sat NS at the table where it
sat NS, against the other table of the match; an artificial adjusted score is +3 / 0 / -3 IMPs
(Law 86A); the match margin becomes VPs on the WBF 2013 20-VP scale for the match's boards.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from pipeline.doors.session_input import SessionInput
from pipeline.results.model import EventResults, FindingView
from pipeline.results.session_rows import only_section, validate
from pipeline.results.views import finding_view, players_of
from scoring.event import Event
from scoring.imps import match_imps, team_board_imps
from scoring.outcome import Adjustment, Artificial, Weighted
from scoring.ranking import rank
from scoring.traveller import TravellerRow
from scoring.vp import VictoryPoints, wbf_match_vp

__all__ = ["score_teams_event", "match_score"]


def match_score(
    home_board_imps: Sequence[Fraction], boards: int
) -> tuple[Fraction, Fraction, VictoryPoints]:
    """A match from the home team's board IMPs: IMPs won, IMPs lost, and the margin in
    WBF 2013 VPs for ``boards`` boards (rules.md §9). A split score that gives the away
    team a figure other than the negative of the home team's is noted on its board, not
    counted twice: the match is the home team's IMPs, as the scorer's sheet adds them."""
    total = match_imps(home_board_imps)
    return total.won, total.lost, wbf_match_vp(total.won, total.lost, boards)


def _board_imps(home_ns: TravellerRow | None, home_ew: TravellerRow | None) -> tuple[Fraction, str]:
    """IMPs to the home team on one board of a match, by ``scoring.imps.team_board_imps`` (the
    one implementation ``compare`` uses too): Law 78B, each side scored with its own outcome,
    a weighted score IMPed part by part, Law 86A for an artificial score."""
    if home_ns is None or home_ew is None:
        return Fraction(0), "not played at both tables: 0 IMPs (director to adjust)"
    here = home_ns.outcomes()
    there = home_ew.outcomes()
    if here is None or there is None:
        return Fraction(0), "no result at one table: 0 IMPs (director to adjust)"
    home, away = team_board_imps(Adjustment(*here), Adjustment(*there))
    outcomes = (*here, *there)
    if any(isinstance(o, Artificial) for o in outcomes):
        note = "artificial score (Law 86A)"
    elif any(isinstance(o, Weighted) and not o.is_plain for o in outcomes):
        note = "weighted score"
    else:
        note = ""
    if away != -home:
        # A split score: each side scored with its own outcome, so the teams need not balance.
        other = f"{float(away):+g}"
        note = ", ".join(n for n in (note, f"split score: the other team {other}") if n)
    return home, note


def score_teams_event(event: Event, inputs: Sequence[SessionInput]) -> EventResults:
    """A team evening: each match board by board in IMPs, the margin in WBF 2013 VPs."""
    from pipeline.results.model import MatchView, TeamBoard, TeamStanding, TeamsView
    from scoring.movements import team_matches

    matches: list[MatchView] = []
    findings: list[FindingView] = []
    teams_by_number = {}
    for data in inputs:
        session = event.session(data.session)
        section = only_section(session)
        findings += [finding_view(f) for f in validate(event, data)]
        for team in section.teams:
            players = tuple(p for n in team.pairs for p in players_of(section.pair(n)))
            teams_by_number[team.number] = (team.name, players)
        rows = {(r.board, r.ns_pair, r.ew_pair): r for r in data.rows}
        for match in team_matches(section.movement):
            home, away = match.teams
            first, second = match.lines
            home_ns_line = first if section.movement.team_of(first.ns) == home else second
            home_ew_line = second if home_ns_line is first else first
            boards = []
            for board in match.boards:
                home_ns = rows.get((board, home_ns_line.ns, home_ns_line.ew))
                home_ew = rows.get((board, home_ew_line.ns, home_ew_line.ew))
                imps, note = _board_imps(home_ns, home_ew)
                boards.append(
                    TeamBoard(
                        board,
                        None if home_ns is None else home_ns.law77_score_ns(),
                        None if home_ew is None else home_ew.law77_score_ns(),
                        imps,
                        note,
                    )
                )
            won, lost, vp = match_score([b.imps_first for b in boards], len(match.boards))
            matches.append(
                MatchView(
                    home_ns_line.round, home, away, tuple(boards), won, lost, vp.first, vp.second
                )
            )
    vps: dict[int, Fraction] = {n: Fraction(0) for n in teams_by_number}
    won: dict[int, Fraction] = {n: Fraction(0) for n in teams_by_number}
    lost: dict[int, Fraction] = {n: Fraction(0) for n in teams_by_number}
    for m in matches:
        vps[m.first] += m.vp_first
        vps[m.second] += m.vp_second
        won[m.first] += m.imps_first
        lost[m.first] += m.imps_second
        won[m.second] += m.imps_second
        lost[m.second] += m.imps_first
    standings = tuple(
        TeamStanding(
            p.label,
            p.entrant,
            teams_by_number[p.entrant][0],
            teams_by_number[p.entrant][1],
            vps[p.entrant],
            won[p.entrant],
            lost[p.entrant],
        )
        for p in rank(vps)
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
