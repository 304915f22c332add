"""The event file's shape as pydantic models (docs/events-and-movements.md).

One model per block a director writes: the ``event:`` head, the ``options:``, each
session of a multi-session event, its sections (a pairs section lists ``pairs``; a teams
section also lists ``teams``, the pairs that play together), a section's ``movement``
(the seed's form by ``type``: ``howell``, ``mitchell``, ``elevator`` (Gröna Hissen, with its
``draw``, ``delay`` and ``file``), ``endless-howell`` and ``team-barometer`` (barometers),
``guide-cards``, an individual's ``individual-howell``...), the ``paul_jones:`` block and
the ``handicap:`` block. An individual section lists ``players`` by number instead of
``pairs`` (pipeline/events/individual.py). The file is read with every scalar as
text (YAML's BaseLoader), so each field type below turns text into its value with the
message a director understands ("pair number 'x' is not a whole number").

What a block means together with the others (pair numbers a movement needs, a Paul
Jones partnership rule, a movement's own parameters) is checked where the rule lives,
in scoring/, when eventfile.py builds the event from these models.

A new event kind or block: a model here (a FileModel, its fields typed with the validators
below), a field for it on ``EventFileModel`` (or on the block it belongs to), and its
conversion in eventfile.py (``_event``).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import typing
from typing import Annotated, Any

from pydantic import BeforeValidator, ValidationInfo, create_model, model_validator
from pydantic_core import PydanticCustomError

from ocr.marked_yaml import FileModel
from pipeline.clock import ClockError, zone
from scoring.event import EventError, EventKind
from scoring.handicap import HandicapMethod
from scoring.options import ScoringOptions

__all__ = [
    "CorrectionPeriodEntry",
    "EventFileModel",
    "EventHead",
    "FacitEntry",
    "HandicapEntry",
    "HandicapPlayerEntry",
    "IndividualPlayerEntry",
    "MovementEntry",
    "OptionsEntry",
    "PairEntry",
    "PaulJonesEntry",
    "PaulJonesTeamEntry",
    "PlayerEntry",
    "SectionEntry",
    "SessionEntry",
    "TeamEntry",
]


def _problem(message: str) -> PydanticCustomError:
    return PydanticCustomError("event_file", message)


def _single(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise _problem(f"{what} must be a single value")
    return value.strip()


def _text(what: str) -> BeforeValidator:
    """A single value, kept as text (a member number "012345" keeps its zero)."""
    return BeforeValidator(lambda value: _single(value, what))


def _whole(value: object, what: str, minimum: int) -> int:
    written = _single(value, what)
    if not written.lstrip("-").isdigit():
        raise _problem(f"{what} {written!r} is not a whole number")
    number = int(written)
    if number < minimum:
        raise _problem(f"{what} {number} must be at least {minimum}")
    return number


def _number(what: str, minimum: int = 1) -> BeforeValidator:
    """A whole number of at least ``minimum``."""
    return BeforeValidator(lambda value: _whole(value, what, minimum))


_YES = ("yes", "true", "on", "1", "ja", "y")
_NO = ("no", "false", "off", "0", "nej", "nei", "n")


def _yes_no(value: object, what: str) -> bool:
    written = _single(value, what).lower()
    if written in _YES:
        return True
    if written in _NO:
        return False
    raise _problem(f"{what} {written!r} must be yes or no")


def _choice(value: object, what: str, kind: type[enum.Enum]) -> enum.Enum:
    written = _single(value, what)
    key = written.lower().replace("_", "-")
    for member in kind:
        if key in (str(member.value).lower(), member.name.lower().replace("_", "-")):
            return member
    allowed = ", ".join(str(m.value) for m in kind)
    raise _problem(f"{what} {written!r} is not one of {allowed}")


def _event_kind(value: object) -> EventKind:
    try:
        return EventKind.parse(_single(value, "kind"))
    except EventError as error:
        raise _problem(error.detail) from None


def _time_zone(value: object) -> str:
    """An IANA time zone name the event's times are shown in (checked with zoneinfo)."""
    name = _single(value, "time_zone")
    try:
        zone(name)
    except ClockError as error:
        raise _problem(str(error)) from None
    return name


def _date(value: object) -> dt.date:
    written = _single(value, "date")
    try:
        return dt.date.fromisoformat(written)
    except ValueError:
        raise _problem(f"date {written!r} is not YYYY-MM-DD") from None


# -- the blocks -------------------------------------------------------------------------


class CorrectionPeriodEntry(FileModel):
    """``correction_period``: minutes (``30``), or ``{minutes: 20}``, or ``{until:
    "2026-11-23 19:00"}`` (a time in the event's zone, e.g. the next club night;
    ``minutes`` beside it is the new period after a changed ruling, Law 92B)."""

    minutes: Annotated[int, _number("minutes", minimum=0)] | None = None
    until: Annotated[str, _text("until")] | None = None

    @model_validator(mode="before")
    @classmethod
    def _just_minutes(cls, value: Any) -> Any:
        if isinstance(value, str):
            _whole(value, "correction_period minutes", 0)  # named as written
            return {"minutes": value}
        return value

    @model_validator(mode="after")
    def _something(self) -> CorrectionPeriodEntry:
        if self.minutes is None and self.until is None:
            raise _problem("give minutes or until")
        return self


class EventHead(FileModel):
    """``event:``: the name, how it is scored, and where its times are."""

    name: Annotated[str, _text("event name")]
    kind: Annotated[EventKind, BeforeValidator(_event_kind)]
    organizer: Annotated[str, _text("organizer")] = ""
    time_zone: Annotated[str, BeforeValidator(_time_zone)] = ""
    correction_period: CorrectionPeriodEntry | None = None


def _option_type(name: str, kind: object) -> Any:
    if kind is bool:
        return Annotated[bool, BeforeValidator(lambda value: _yes_no(value, name))]
    if kind is int:
        return Annotated[int, _number(name, minimum=0)]
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return Annotated[kind, BeforeValidator(lambda value: _choice(value, name, kind))]
    return Annotated[str, _text(name)]  # a value ScoringOptions reads from text itself (a Fraction)


# ``options:`` are ScoringOptions' fields by name, typed by theirs (docs/scoring-options.md),
# so an option added there is an option of the file without a second list to keep.
_OPTION_TYPES = typing.get_type_hints(ScoringOptions)
_OPTION_FIELDS: dict[str, Any] = {
    f.name: (_option_type(f.name, _OPTION_TYPES[f.name]) | None, None)
    for f in dataclasses.fields(ScoringOptions)
}
OptionsEntry: type[FileModel] = create_model("OptionsEntry", __base__=FileModel, **_OPTION_FIELDS)


def _spec_value(value: object, info: ValidationInfo) -> str | tuple[int, ...]:
    """A movement parameter: a single value (checked by the movement's builder in
    scoring.movements.spec, which knows what each type needs) or a list of numbers."""
    what = str(info.field_name)
    if isinstance(value, list):
        return tuple(_whole(item, what, 1) for item in value)
    return _single(value, what)


SpecValue = Annotated[str | tuple[int, ...], BeforeValidator(_spec_value)]


class MovementEntry(FileModel):
    """``movement:``: the seed's form by ``type`` and its parameters, in the file's order
    (``MovementSpec`` keeps them so the file is written back as the director wrote it)."""

    type: Annotated[str, _text("movement type")]
    tables: SpecValue | None = None
    boards_per_round: SpecValue | None = None
    rounds: SpecValue | None = None
    even: SpecValue | None = None
    arrow_switch: SpecValue | None = None
    switch_rounds: SpecValue | None = None
    absent: SpecValue | None = None
    first_board: SpecValue | None = None
    pairs: SpecValue | None = None
    teams: SpecValue | None = None
    session: SpecValue | None = None
    # an individual movement: its number of players (first_round: continued from an
    # earlier session)
    players: SpecValue | None = None
    first_round: SpecValue | None = None
    # guide cards, and the rounds of a Gröna Hissen paired so far
    file: SpecValue | None = None
    sheet: SpecValue | None = None
    # Gröna Hissen (elevator): rounds 1..delay drawn from the recorded draw
    delay: SpecValue | None = None
    draw: SpecValue | None = None
    new_opponents: SpecValue | None = None
    extra_rounds: SpecValue | None = None

    def params(self) -> tuple[tuple[str, str | tuple[int, ...]], ...]:
        """The parameters given, in the order of the file (the fields set, as written)."""
        given = self.model_fields_set - {"type"}
        return tuple((name, getattr(self, name)) for name in self._order if name in given)

    @model_validator(mode="wrap")
    @classmethod
    def _keep_order(cls, value: Any, handler: Any) -> MovementEntry:
        entry = handler(value)
        order = tuple(value) if isinstance(value, dict) else tuple(cls.model_fields)
        object.__setattr__(entry, "_order", order)
        return typing.cast(MovementEntry, entry)

    _order: tuple[str, ...] = ()


def _player(value: Any) -> Any:
    return {"name": value} if isinstance(value, str) else value


class PlayerEntry(FileModel):
    """A player: a name, or ``{name, member}`` (the club's member number)."""

    name: Annotated[str, _text("player name")]
    member: Annotated[str, _text("member number")] | None = None


Players = tuple[Annotated[PlayerEntry, BeforeValidator(_player)], ...]


class PairEntry(FileModel):
    """``{number, players}``: a pair of a section."""

    number: Annotated[int, _number("pair number")]
    players: Players


class TeamEntry(FileModel):
    """A team of a teams section: its number, name and the pair numbers that make it."""

    number: Annotated[int, _number("team number")]
    name: Annotated[str, _text("team name")]
    pairs: tuple[Annotated[int, _number("pair number")], ...]


class IndividualPlayerEntry(FileModel):
    """``{number, name, member}``: a player of an individual section, by the number the
    movement seats."""

    number: Annotated[int, _number("player number")]
    name: Annotated[str, _text("player name")]
    member: Annotated[str, _text("member number")] | None = None


class SectionEntry(FileModel):
    """A section: its pairs on one movement (and, in a teams event, its teams), or, in an
    individual (seed 004 "Individuellt"), its players by number."""

    name: Annotated[str, _text("section name")]
    movement: MovementEntry
    pairs: tuple[PairEntry, ...] = ()
    teams: tuple[TeamEntry, ...] = ()
    players: tuple[IndividualPlayerEntry, ...] = ()

    @model_validator(mode="after")
    def _pairs_or_players(self) -> SectionEntry:
        given = self.model_fields_set
        if "players" in given and ({"pairs", "teams"} & given):
            raise _problem("an individual section lists players, not pairs or teams")
        if "players" not in given and "pairs" not in given:
            raise _problem("pairs missing (an individual section lists players instead)")
        return self


class FacitEntry(FileModel):
    """``facit: booklet.csv`` or ``{file, sheet}``: the booklet a facitbarometer session is
    scored against (pipeline/events/facit_file.py), relative to the event file."""

    file: Annotated[str, _text("facit file")]
    sheet: Annotated[str, _text("sheet")] | None = None

    @model_validator(mode="before")
    @classmethod
    def _just_file(cls, value: Any) -> Any:
        return {"file": value} if isinstance(value, str) else value


class SessionEntry(FileModel):
    """One session of the event (a multi-session event lists several)."""

    number: Annotated[int, _number("session number")]
    name: Annotated[str, _text("name")] = ""
    date: Annotated[dt.date, BeforeValidator(_date)] | None = None
    sections: tuple[SectionEntry, ...]
    correction_period: CorrectionPeriodEntry | None = None
    facit: FacitEntry | None = None


class PaulJonesTeamEntry(FileModel):
    """A Paul Jones team of four as entered (``name`` defaults to "Team n")."""

    number: Annotated[int, _number("team number")]
    name: Annotated[str, _text("team name")] | None = None
    players: Players


class PaulJonesEntry(FileModel):
    """``paul_jones:``: the teams of four as entered, or ``draw`` (a seed) that draws
    session 1's pairs into teams (pipeline/events/paul_jones.py)."""

    teams: tuple[PaulJonesTeamEntry, ...] | None = None
    draw: Annotated[int, _number("draw seed", minimum=0)] | None = None

    @model_validator(mode="after")
    def _one_way(self) -> PaulJonesEntry:
        if (self.teams is None) == (self.draw is None):
            raise _problem("give either teams (entered as teams of four) or draw (a seed)")
        return self


def _method(value: object) -> HandicapMethod:
    written = _single(value, "method")
    try:
        return HandicapMethod(written.lower().replace("_", "-"))
    except ValueError:
        raise _problem(f"method {written!r} is not of-missed or of-top") from None


class HandicapPlayerEntry(FileModel):
    """A player's handicap percentage (0 the best, up to 12 for beginners), the player
    named by ``member`` number or by ``name`` as in the pairs. The percentage stays text
    here: it may be a fraction ("17/2"), read exactly in pipeline/events/handicap.py."""

    member: Annotated[str, _text("member number")] | None = None
    name: Annotated[str, _text("player name")] | None = None
    percent: Annotated[str, _text("percent")]

    @model_validator(mode="after")
    def _named(self) -> HandicapPlayerEntry:
        if self.member is None and self.name is None:
            raise _problem("give the player's member or name")
        return self


class HandicapEntry(FileModel):
    """``handicap:`` (seed 004 "Handicaptävling"; rules.md §11): the method (``of-missed``,
    the seed's fairer way, or ``of-top``) and each player's percentage."""

    method: Annotated[HandicapMethod, BeforeValidator(_method)] = HandicapMethod.OF_MISSED
    players: tuple[HandicapPlayerEntry, ...]


class EventFileModel(FileModel):
    """The whole file."""

    event: EventHead
    options: OptionsEntry | None = None  # type: ignore[valid-type]
    sessions: tuple[SessionEntry, ...]
    paul_jones: PaulJonesEntry | None = None
    handicap: HandicapEntry | None = None
