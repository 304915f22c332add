"""The event a director runs: event -> sessions -> sections -> pairs (and teams).

Everything scoring needs to know before the first traveller is read: who played (pair
numbers, names, federation member numbers for masterpoints), in which movement, in how
many sessions, and with which scoring options (``scoring.options.ScoringOptions``). The
records are frozen so they can be stored and superseded in the event store. The file
format (YAML) lives in ``pipeline.events.eventfile``.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from dataclasses import dataclass
from enum import Enum
from functools import cached_property

from scoring.correction import CorrectionRule
from scoring.errors import ScoringError
from scoring.facit import Facit
from scoring.handicap import HandicapPlan
from scoring.movement import Movement, MovementKind
from scoring.movements.individual import INDIVIDUAL_FORMS
from scoring.options import ScoringOptions

__all__ = [
    "EventError",
    "EventKind",
    "Player",
    "Pair",
    "Team",
    "PaulJonesTeam",
    "Section",
    "Session",
    "Event",
    "MEMBER_NUMBER_RE",
]

MEMBER_NUMBER_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9\-]{0,19}$")
"""A federation member number: letters/digits, optional dashes, at most 20 characters.
Kept as text, so leading zeros survive."""


class EventError(ScoringError):
    """An event that does not hold together; ``path`` says where (e.g. ``pairs[3]``)."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.detail = message
        super().__init__(f"{path}: {message}" if path else message)

    def under(self, prefix: str) -> EventError:
        """The same error seen from a containing record (``sections[0]`` + ``pairs[3]``)."""
        path = f"{prefix}.{self.path}" if self.path else prefix
        return EventError(path, self.detail)


class EventKind(Enum):
    """How results are scored (rules.md sections 3 and 9)."""

    PAIRS_MATCHPOINTS = "pairs-matchpoints"
    PAIRS_CROSS_IMPS = "pairs-cross-imps"
    PAIRS_BUTLER = "pairs-butler"
    TEAMS = "teams"

    def __str__(self) -> str:
        return self.value

    @property
    def is_pairs(self) -> bool:
        return self is not EventKind.TEAMS

    @classmethod
    def parse(cls, text: str) -> EventKind:
        """Read "pairs-matchpoints", "matchpoints", "mp", "cross-imps", "butler", "teams"."""
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        for kind, words in _KIND_WORDS.items():
            if key in words:
                return kind
        allowed = ", ".join(k.value for k in cls)
        raise EventError("", f"unknown event kind {text!r} (expected one of {allowed})")


_KIND_WORDS = {
    EventKind.PAIRS_MATCHPOINTS: {"pairs-matchpoints", "matchpoints", "mp", "mp-pairs", "topscore"},
    EventKind.PAIRS_CROSS_IMPS: {"pairs-cross-imps", "cross-imps", "cross-imp", "imps-across"},
    EventKind.PAIRS_BUTLER: {"pairs-butler", "butler", "butler-pairs", "datum"},
    EventKind.TEAMS: {"teams", "team", "lag"},
}


def _text(value: str, path: str, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise EventError(path, f"{what} must not be empty")
    if value != value.strip():
        raise EventError(path, f"{what} {value!r} has spaces at the start or end")
    return value


@dataclass(frozen=True)
class Player:
    """A player: name as printed, and the federation member number for masterpoints."""

    name: str
    member_number: str | None = None

    def __post_init__(self) -> None:
        _text(self.name, "name", "player name")
        if self.member_number is not None and not MEMBER_NUMBER_RE.match(self.member_number):
            raise EventError(
                "member",
                f"member number {self.member_number!r} of {self.name} is not valid "
                "(letters and digits, up to 20 characters)",
            )

    @property
    def key(self) -> str:
        """Who this player is across sessions (a Paul Jones changes partners and pair
        numbers): the member number when given, since names are spelled differently from
        one evening to the next, else the name regardless of case (as
        ``pipeline.events.one_ranking`` recognises a pair)."""
        if self.member_number:
            return f"member {self.member_number}"
        return f"name {self.name.casefold()}"


@dataclass(frozen=True)
class Pair:
    """A pair: its number in the section and its two players."""

    number: int
    players: tuple[Player, ...]

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise EventError("number", f"pair number {self.number!r} must be a whole number >= 1")
        if len(self.players) != 2:
            raise EventError(
                "players", f"pair {self.number} has {len(self.players)} players, not 2"
            )

    @property
    def names(self) -> str:
        """ "Anna Berg - Bo Ek": how a ranking list prints a pair."""
        return " - ".join(p.name for p in self.players)


@dataclass(frozen=True)
class Team:
    """A team: its number, its name and the numbers of its pairs (A pair first)."""

    number: int
    name: str
    pairs: tuple[int, ...]

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise EventError("number", f"team number {self.number!r} must be a whole number >= 1")
        _text(self.name, "name", "team name")
        if len(self.pairs) < 2:
            raise EventError("pairs", f"team {self.number} needs at least two pairs")


@dataclass(frozen=True)
class PaulJonesTeam:
    """A Paul Jones team of four players (seed 004 "b) Paul Jones"); ``draw_seed`` is the
    recorded seed when the team was drawn from the pairs entered (None: entered as a team)."""

    number: int
    name: str
    players: tuple[Player, ...]
    draw_seed: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise EventError("number", f"team number {self.number!r} must be a whole number >= 1")
        _text(self.name, "name", "team name")
        if len(self.players) != 4:
            raise EventError(
                "players", f"Paul Jones team {self.number} has {len(self.players)} players, not 4"
            )
        if len({p.key for p in self.players}) != 4:
            raise EventError("players", f"Paul Jones team {self.number} names a player twice")


@dataclass(frozen=True)
class Section:
    """A section: its pairs (and teams) playing one movement on the same boards."""

    name: str
    pairs: tuple[Pair, ...]
    movement: Movement
    teams: tuple[Team, ...] = ()

    def __post_init__(self) -> None:
        _text(self.name, "name", "section name")
        counts = Counter(p.number for p in self.pairs)
        seen: set[int] = set()
        for i, pair in enumerate(self.pairs):
            if pair.number in seen:  # the second occurrence is the mistake
                raise EventError(f"pairs[{i}]", f"pair number {pair.number} appears twice")
            seen.add(pair.number)
        seen_members: dict[str, int] = {}
        # In an individual the pairs are the partnerships of a round: a player is in many.
        for i, pair in enumerate(() if self.individual else self.pairs):
            for j, player in enumerate(pair.players):
                number = player.member_number
                if number is None:
                    continue
                if number in seen_members and seen_members[number] != pair.number:
                    raise EventError(
                        f"pairs[{i}].players[{j}].member",
                        f"member number {number} is also in pair {seen_members[number]}",
                    )
                seen_members[number] = pair.number
        numbers = set(counts)
        needed = set(self.movement.pairs)
        missing = sorted(needed - numbers)
        if missing:
            raise EventError(
                "pairs",
                f"the movement ({self.movement.name}) needs pair(s) {_list(missing)}, which "
                "are not listed; add them, or mark them absent in the movement",
            )
        extra = sorted(numbers - needed)
        if extra:
            raise EventError(
                "pairs",
                f"pair(s) {_list(extra)} are listed but have no place in the movement "
                f"({self.movement.name}, pairs {_list(sorted(needed))})",
            )
        self._check_teams()

    @property
    def individual(self) -> bool:
        """An individual section (seed 004 "Individuellt"): its pairs are the partnerships
        of ``scoring.movements.individual``, two players for one round each."""
        spec = self.movement.spec
        return spec is not None and spec.type in INDIVIDUAL_FORMS

    @cached_property
    def _by_number(self) -> dict[int, Pair]:
        return {p.number: p for p in self.pairs}

    def _check_teams(self) -> None:
        if not self.teams:
            if self.movement.kind is MovementKind.TEAMS:
                raise EventError("teams", "a team movement needs the teams listed")
            return
        team_numbers = Counter(t.number for t in self.teams)
        owner: dict[int, int] = {}
        for i, team in enumerate(self.teams):
            if team_numbers[team.number] > 1:
                raise EventError(f"teams[{i}]", f"team number {team.number} appears twice")
            for pair in team.pairs:
                if pair not in {p.number for p in self.pairs}:
                    raise EventError(f"teams[{i}].pairs", f"pair {pair} is not in the section")
                if pair in owner:
                    raise EventError(
                        f"teams[{i}].pairs", f"pair {pair} is also in team {owner[pair]}"
                    )
                owner[pair] = team.number
        for lineup in self.movement.teams:
            mine = next((t for t in self.teams if t.number == lineup.team), None)
            if mine is None or set(mine.pairs) != set(lineup.pairs):
                raise EventError(
                    "teams",
                    f"the movement has team {lineup.team} as pairs {_list(lineup.pairs)}; "
                    "the teams listed differ",
                )

    def pair(self, number: int) -> Pair:
        """The pair with that number; KeyError names the section if there is none."""
        try:
            return self._by_number[number]
        except KeyError:
            raise KeyError(f"section {self.name} has no pair {number}") from None

    @property
    def pair_numbers(self) -> tuple[int, ...]:
        return tuple(sorted(self._by_number))

    def team_of(self, pair: int) -> Team | None:
        return next((t for t in self.teams if pair in t.pairs), None)


@dataclass(frozen=True)
class Session:
    """One sitting (a club evening): its sections, played on the same night."""

    number: int
    sections: tuple[Section, ...]
    name: str = ""
    date: dt.date | None = None
    correction: CorrectionRule | None = None  # this session's own period (Law 79C1)
    facit: Facit | None = None  # a facitbarometer's booklet (seed 004 "a) Facitbarometer")

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise EventError("number", f"session number {self.number!r} must be >= 1")
        if not self.sections:
            raise EventError("sections", f"session {self.number} has no sections")
        names = Counter(s.name for s in self.sections)
        for i, section in enumerate(self.sections):
            if names[section.name] > 1:
                raise EventError(f"sections[{i}].name", f"section {section.name} appears twice")

    def section(self, name: str) -> Section:
        for section in self.sections:
            if section.name == name:
                return section
        raise KeyError(f"session {self.number} has no section {name!r}")

    def only_or_named(self, name: str | None) -> Section:
        """Section ``name``, or the session's only section where no name is given; KeyError
        (its message for a person) where there is no such section, or several to choose
        from and none named."""
        if name is not None:
            return self.section(name)
        if len(self.sections) == 1:
            return self.sections[0]
        names = ", ".join(s.name for s in self.sections)
        raise KeyError(f"session {self.number} has sections {names}: name one")

    @property
    def label(self) -> str:
        return self.name or f"Session {self.number}"


@dataclass(frozen=True)
class Event:
    """A whole event: kind, sessions, scoring options.

    ``time_zone`` is the IANA name the event's times are shown in (``Europe/Stockholm``;
    empty: the machine's own); ``correction`` the organizer's correction period for every
    session that sets none of its own (None: ``options.correction_period_minutes``).
    """

    name: str
    kind: EventKind
    sessions: tuple[Session, ...]
    options: ScoringOptions = ScoringOptions()
    organizer: str = ""
    time_zone: str = ""
    correction: CorrectionRule | None = None
    paul_jones: tuple[PaulJonesTeam, ...] = ()  # the teams when the event is a Paul Jones
    handicap: HandicapPlan | None = None  # a handicap event's percentages (rules.md §11)

    def __post_init__(self) -> None:
        _text(self.name, "name", "event name")
        if not self.sessions:
            raise EventError("sessions", "the event has no sessions")
        numbers = Counter(s.number for s in self.sessions)
        for i, session in enumerate(self.sessions):
            if numbers[session.number] > 1:
                raise EventError(
                    f"sessions[{i}].number", f"session number {session.number} appears twice"
                )
            for j, section in enumerate(session.sections):
                teams_movement = section.movement.kind is MovementKind.TEAMS
                if (self.kind is EventKind.TEAMS) != teams_movement:
                    raise EventError(
                        f"sessions[{i}].sections[{j}].movement",
                        f"a {self.kind.value} event cannot use the movement "
                        f"{section.movement.name}",
                    )

    def session(self, number: int) -> Session:
        for session in self.sessions:
            if session.number == number:
                return session
        raise KeyError(f"event {self.name!r} has no session {number}")

    def correction_rule(self, number: int) -> CorrectionRule:
        """The correction period of session ``number``: its own, else the event's, else
        ``options.correction_period_minutes`` (Law 79C1: 30 unless the organizer says)."""
        own = self.session(number).correction
        if own is not None:
            return own
        if self.correction is not None:
            return self.correction
        return CorrectionRule(minutes=self.options.correction_period_minutes)


def _list(numbers: tuple[int, ...] | list[int]) -> str:
    return ", ".join(str(n) for n in numbers)
