"""A Paul Jones's individual and team results (seed 004, "b) Paul Jones").

The seed: "Resultaten blir förutom partävlingen dels individuella dels med poäng för varje
lag (summan av två pars resultat i varje omgång)". The pairs results per session and overall
are those of any matchpoint pairs event (``pipeline.results.pairs``); this adds:

- individual: each player is credited, in every session, with the matchpoints of the pair
  they played in, leveled to the event's common top (rules.md §8, as the overall pairs
  ranking levels them); the total is their sum and the ranking is by it, the percent beside
  it is total / maximum. Leveled matchpoints rather than a mean of percentages, because
  they are the unit a Swedish club's multi-session list already shows (the overall pairs
  ranking), they add up exactly to the team figures, and a session of more boards weighs
  more, as it does in the pairs ranking;
- team: per session the sum of the team's two pairs' leveled matchpoints, the total their
  sum over the sessions, ranked by it.

Rankings share places on equal totals (``scoring.ranking``). All figures exact Fractions.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from pipeline.results.model.paul_jones import (
    PaulJonesTeamStanding,
    PaulJonesView,
    PlayerSession,
    PlayerStanding,
    TeamSession,
)
from pipeline.results.model.sessions import PlayerView
from scoring.event import Event, Player
from scoring.leveling import level_pair
from scoring.ranking import rank

if TYPE_CHECKING:
    from pipeline.results.session_rows import ScoredSession

__all__ = ["paul_jones_view"]


def _view(player: Player) -> PlayerView:
    return PlayerView(player.name, player.member_number or "")


def paul_jones_view(event: Event, scored: Sequence[ScoredSession]) -> PaulJonesView:
    """The individual and team standings of the sessions scored so far."""
    team_of = {p.key: team.number for team in event.paul_jones for p in team.players}
    people = {p.key: p for team in event.paul_jones for p in team.players}
    target = max(s.score.top for s in scored)
    by_player: dict[str, list[PlayerSession]] = {key: [] for key in team_of}
    by_team: dict[int, list[TeamSession]] = {team.number: [] for team in event.paul_jones}
    for s in scored:
        team_pairs: dict[int, list[tuple[int, Fraction, Fraction]]] = {}
        for pair in s.section.pairs:
            total = next((t for t in s.score.pairs if t.pair == pair.number), None)
            if total is None or not all(p.key in team_of for p in pair.players):
                continue  # not scored, or not a team's pair (the event file refuses those)
            leveled, maximum = level_pair(total, s.score.top, target)
            first, second = pair.players
            for me, partner in ((first, second), (second, first)):
                by_player[me.key].append(
                    PlayerSession(s.session.number, pair.number, partner.name, leveled, maximum)
                )
            team_pairs.setdefault(team_of[first.key], []).append((pair.number, leveled, maximum))
        for team, pairs in team_pairs.items():
            by_team[team].append(
                TeamSession(
                    s.session.number,
                    tuple(number for number, _, _ in pairs),
                    sum((points for _, points, _ in pairs), Fraction(0)),
                    sum((maximum for _, _, maximum in pairs), Fraction(0)),
                )
            )
    players = _players(by_player, people, team_of)
    teams = _teams(event, by_team)
    seeds = {team.draw_seed for team in event.paul_jones}
    return PaulJonesView(
        players,
        teams,
        seeds.pop() if len(seeds) == 1 else None,
        tuple(sorted(s.session.number for s in scored)),
        len(event.sessions),
    )


def _players(
    by_player: dict[str, list[PlayerSession]], people: dict[str, Player], team_of: dict[str, int]
) -> tuple[PlayerStanding, ...]:
    totals = {key: sum((s.points for s in rows), Fraction(0)) for key, rows in by_player.items()}
    placings = {p.entrant: p for p in rank(totals)}
    standings = []
    for key in sorted(totals, key=lambda k: (placings[k].first, people[k].name, k)):
        rows = by_player[key]
        maximum = sum((s.maximum for s in rows), Fraction(0))
        standings.append(
            PlayerStanding(
                placings[key].label,
                _view(people[key]),
                team_of[key],
                tuple(rows),
                totals[key],
                maximum,
                totals[key] / maximum * 100 if maximum else Fraction(0),
            )
        )
    return tuple(standings)


def _teams(
    event: Event, by_team: dict[int, list[TeamSession]]
) -> tuple[PaulJonesTeamStanding, ...]:
    totals = {team: sum((s.points for s in rows), Fraction(0)) for team, rows in by_team.items()}
    placings = {p.entrant: p for p in rank(totals)}
    standings = []
    for team in sorted(event.paul_jones, key=lambda t: (placings[t.number].first, t.number)):
        rows = by_team[team.number]
        maximum = sum((s.maximum for s in rows), Fraction(0))
        total = totals[team.number]
        standings.append(
            PaulJonesTeamStanding(
                placings[team.number].label,
                team.number,
                team.name,
                tuple(_view(p) for p in team.players),
                tuple(rows),
                total,
                maximum,
                total / maximum * 100 if maximum else Fraction(0),
            )
        )
    return tuple(standings)
