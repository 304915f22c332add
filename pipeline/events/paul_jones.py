"""The ``paul_jones:`` part of an event file (docs/events-and-movements.md, "Paul Jones").

Either the teams of four as entered::

    paul_jones:
      teams:
        - {number: 1, name: Ekorrarna, players: [{name: Anna Berg, member: "101"}, ...]}

or the pairs entered drawn into teams with a recorded seed (seed 004: "par som lottas ihop
till ett lag")::

    paul_jones: {draw: 7}

which draws session 1's pairs into teams of two pairs (``scoring.paul_jones.draw_teams``);
team n's players are its first pair's two players, then its second pair's. Every session's
pairs are then checked against the teams (``scoring.paul_jones.partnership_problems``); a
pair that breaks the rule is an event-file error at that pair's line.
"""

from __future__ import annotations

from collections.abc import Sequence

from ocr.marked_yaml import Loc
from pipeline.events.event_places import Places
from pipeline.events.event_schema import PaulJonesEntry, PaulJonesTeamEntry, SessionEntry
from scoring.event import EventError, EventKind, PaulJonesTeam, Session
from scoring.paul_jones import PaulJonesError, draw_teams, partnership_problems

__all__ = ["read_paul_jones"]

_AT: Loc = ("paul_jones",)


def read_paul_jones(
    entry: PaulJonesEntry,
    written: Sequence[SessionEntry],
    kind: EventKind,
    sessions: tuple[Session, ...],
    places: Places,
) -> tuple[PaulJonesTeam, ...]:
    """The teams of a Paul Jones event file, checked against every session's pairs
    (``written``: the sessions as the file gives them, to find a pair's line)."""
    if kind is not EventKind.PAIRS_MATCHPOINTS:
        raise places.error(
            _AT,
            f"a Paul Jones is a matchpoint pairs event (kind: pairs-matchpoints), not {kind.value}",
        )
    if entry.draw is not None:
        teams = _drawn(entry.draw, sessions, places)
    else:
        given = entry.teams or ()
        teams = tuple(_team(team, places, (*_AT, "teams", i)) for i, team in enumerate(given))
        numbers = [team.number for team in teams]
        for i, team in enumerate(teams):
            if numbers.count(team.number) > 1:
                raise places.error((*_AT, "teams", i), f"team number {team.number} appears twice")
    _check(teams, written, sessions, places)
    return teams


def _team(entry: PaulJonesTeamEntry, places: Places, loc: Loc) -> PaulJonesTeam:
    players = places.players(entry.players, (*loc, "players"))
    try:
        return PaulJonesTeam(entry.number, entry.name or f"Team {entry.number}", players)
    except EventError as error:
        raise places.place(loc, error) from None


def _drawn(seed: int, sessions: tuple[Session, ...], places: Places) -> tuple[PaulJonesTeam, ...]:
    pairs = {pair.number: pair for section in sessions[0].sections for pair in section.pairs}
    try:
        drawn = draw_teams(tuple(pairs), seed)
    except PaulJonesError as error:
        raise places.error((*_AT, "draw"), f"session {sessions[0].number}: {error}") from None
    return tuple(
        PaulJonesTeam(number, f"Team {number}", pairs[first].players + pairs[second].players, seed)
        for number, (first, second) in enumerate(drawn, start=1)
    )


def _check(
    teams: tuple[PaulJonesTeam, ...],
    written: Sequence[SessionEntry],
    sessions: tuple[Session, ...],
    places: Places,
) -> None:
    names = {p.key: p.name for team in teams for p in team.players}
    plan = []
    for session in sessions:
        pairs = {}
        for section in session.sections:
            for pair in section.pairs:
                names.setdefault(pair.players[0].key, pair.players[0].name)
                names.setdefault(pair.players[1].key, pair.players[1].name)
                pairs[pair.number] = (pair.players[0].key, pair.players[1].key)
        plan.append((session.number, pairs))
    problems = partnership_problems(
        {team.number: tuple(p.key for p in team.players) for team in teams}, plan, names
    )
    if not problems:
        return
    first = problems[0]
    index = next(i for i, s in enumerate(sessions) if s.number == first.session)
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    message = f"Paul Jones: {first.message}{more}"
    at: Loc = ("sessions", index)
    if first.pair is not None:
        at = _pair_at(written[index], first.pair, at)
    raise places.error(at, message)


def _pair_at(session: SessionEntry, number: int, at: Loc) -> Loc:
    """Where pair ``number`` is written in a session, so the error names its line."""
    for j, section in enumerate(session.sections):
        for k, pair in enumerate(section.pairs):
            if pair.number == number:
                return (*at, "sections", j, "pairs", k)
    return at
