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

from pipeline.events.event_nodes import EventFileError, _Node, read_players
from scoring.event import EventError, EventKind, PaulJonesTeam, Session
from scoring.paul_jones import PaulJonesError, draw_teams, partnership_problems

__all__ = ["read_paul_jones"]


def read_paul_jones(
    node: _Node, sessions_node: _Node, kind: EventKind, sessions: tuple[Session, ...]
) -> tuple[PaulJonesTeam, ...]:
    """The teams of a Paul Jones event file, checked against every session's pairs."""
    if kind is not EventKind.PAIRS_MATCHPOINTS:
        raise node.error(
            f"a Paul Jones is a matchpoint pairs event (kind: pairs-matchpoints), not {kind.value}"
        )
    fields = node.mapping({"teams", "draw"})
    if ("teams" in fields) == ("draw" in fields):
        raise node.error("give either teams (entered as teams of four) or draw (a seed)")
    if "draw" in fields:
        teams = _drawn(fields["draw"], sessions)
    else:
        teams = tuple(_team(child) for child in fields["teams"].items())
        numbers = [team.number for team in teams]
        for child, team in zip(fields["teams"].items(), teams, strict=True):
            if numbers.count(team.number) > 1:
                raise child.error(f"team number {team.number} appears twice")
    _check(teams, sessions_node, sessions)
    return teams


def _team(node: _Node) -> PaulJonesTeam:
    fields = node.mapping({"number", "name", "players"}, {"number", "players"})
    number = fields["number"].integer("team number")
    name = fields["name"].text("team name") if "name" in fields else f"Team {number}"
    try:
        return PaulJonesTeam(number, name, read_players(fields["players"]))
    except EventError as error:
        raise fields.get(error.path, node).error(error.detail) from None


def _drawn(node: _Node, sessions: tuple[Session, ...]) -> tuple[PaulJonesTeam, ...]:
    seed = node.integer("draw seed", minimum=0)
    pairs = {pair.number: pair for section in sessions[0].sections for pair in section.pairs}
    try:
        drawn = draw_teams(tuple(pairs), seed)
    except PaulJonesError as error:
        raise node.error(f"session {sessions[0].number}: {error}") from None
    return tuple(
        PaulJonesTeam(number, f"Team {number}", pairs[first].players + pairs[second].players, seed)
        for number, (first, second) in enumerate(drawn, start=1)
    )


def _check(
    teams: tuple[PaulJonesTeam, ...], sessions_node: _Node, sessions: tuple[Session, ...]
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
    session_node = sessions_node.items()[index]
    more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
    message = f"Paul Jones: {first.message}{more}"
    if first.pair is None:
        raise session_node.error(message)
    raise _pair_node(session_node, first.pair).error(message)


def _pair_node(session_node: _Node, number: int) -> _Node:
    """The node of pair ``number`` in a session, so the error names its line."""
    for section in session_node.mapping(_SESSION_KEYS)["sections"].items():
        for pair in section.mapping(_SECTION_KEYS)["pairs"].items():
            if pair.mapping({"number", "players"})["number"].integer("pair number") == number:
                return pair
    raise EventFileError(session_node.source, session_node.path, f"no pair {number}")


_SESSION_KEYS = frozenset({"number", "name", "date", "sections", "correction_period"})
_SECTION_KEYS = frozenset({"name", "movement", "pairs", "teams"})
