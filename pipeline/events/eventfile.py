"""The event file: a YAML file a director can read and edit (docs/events-and-movements.md).

Every scalar is read as text first (YAML's BaseLoader), so "NO" stays the Norwegian
abbreviation, a member number "012345" keeps its zero and "=A1" is a name, not a formula.
The file's shape is checked by the models in event_schema.py, then the event is built from
them through scoring/'s records, which check what the parts mean together. Every mistake
is reported with the file, the path inside it and the line, e.g.
``event.yaml: sessions[1].sections[0].pairs[3].players[0].member: member number '12 4' of
Anna Berg is not valid (letters and digits, up to 20 characters) (line 41)``.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import yaml
from pydantic import ValidationError

from ocr.marked_yaml import Loc, MarkedYamlError, dotted, load_marked
from pipeline.clock import ClockError, parse_wall_time
from pipeline.events.event_places import EventFileError, Places
from pipeline.events.event_schema import (
    CorrectionPeriodEntry,
    EventFileModel,
    EventHead,
    MovementEntry,
    SectionEntry,
    SessionEntry,
)
from pipeline.events.facit_file import read_session_facit
from pipeline.events.handicap import read_handicap
from pipeline.events.individual import check_individual_event, read_individual_section
from scoring.correction import CorrectionError, CorrectionRule
from scoring.event import Event, EventError, Pair, PaulJonesTeam, Section, Session, Team
from scoring.movement import Movement, MovementError, MovementKind, MovementSpec, TeamLineup
from scoring.movements import (
    build_movement,
    combination_problems,
    team_matches,
    validate_movement,
)
from scoring.options import ScoringOptions

__all__ = ["EventFileError", "load_event", "parse_event", "parse_movement"]


def load_event(path: Path | str) -> Event:
    """Read and validate an event file; EventFileError names file, path and line."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise EventFileError(str(path), "", "file not found") from None
    except UnicodeDecodeError:
        raise EventFileError(str(path), "", "not a UTF-8 text file") from None
    except OSError as error:
        raise EventFileError(str(path), "", f"cannot read the file ({error.strerror})") from None
    return parse_event(text, source=path.name, base_dir=path.parent)


def parse_event(text: str, *, source: str = "<event>", base_dir: Path | None = None) -> Event:
    """Parse an event file's text. ``base_dir`` resolves guide-card files."""
    try:
        data, marks = load_marked(text, yaml.BaseLoader)
    except MarkedYamlError as error:
        raise EventFileError(source, dotted(error.loc), error.detail, error.line) from None
    if data is None:
        raise EventFileError(source, "", "the file is empty")
    places = Places(source, marks)
    try:
        model = EventFileModel.model_validate(data)
    except ValidationError as error:
        raise places.first(error) from None
    return _event(model, places, base_dir or Path.cwd())


def parse_movement(
    text: str, *, source: str = "--movement", base_dir: Path | None = None
) -> Movement:
    """A movement written as an event file's ``movement:`` line, e.g. ``{type: mitchell,
    tables: 9, boards_per_round: 3}`` (what ``event suggest`` prints), for commands that
    need a movement but no event (``forms blank --movement``). Checked as the event file's
    movement is; EventFileError names what is wrong."""
    try:
        data, marks = load_marked(text, yaml.BaseLoader)
    except MarkedYamlError as error:
        raise EventFileError(source, dotted(error.loc), error.detail, error.line) from None
    places = Places(source, marks)
    if not isinstance(data, dict):
        raise places.error((), "not a movement: write {type: mitchell, tables: 9, ...}")
    try:
        entry = MovementEntry.model_validate(data)
    except ValidationError as error:
        raise places.first(error) from None
    return _movement(entry, base_dir or Path.cwd(), (), places, ())


def _event(model: EventFileModel, places: Places, base_dir: Path) -> Event:
    head = model.event
    options = _options(model, places)
    correction = None
    if head.correction_period is not None:
        if (
            model.options is not None
            and "correction_period_minutes" in model.options.model_fields_set
        ):
            raise places.error(
                ("event", "correction_period"),
                "give the correction period once: event.correction_period or "
                "options.correction_period_minutes, not both",
            )
        correction = _correction_rule(
            head.correction_period, head.time_zone, places, ("event", "correction_period")
        )
    sessions = tuple(
        _session(entry, base_dir, head, places, ("sessions", i))
        for i, entry in enumerate(model.sessions)
    )
    _check_combination(places, sessions)
    check_individual_event(places, head.kind, sessions)
    paul_jones: tuple[PaulJonesTeam, ...] = ()
    if model.paul_jones is not None:
        from pipeline.events.paul_jones import read_paul_jones

        paul_jones = read_paul_jones(model.paul_jones, model.sessions, head.kind, sessions, places)
    try:
        return Event(
            name=head.name,
            kind=head.kind,
            sessions=sessions,
            options=options,
            organizer=head.organizer,
            time_zone=head.time_zone,
            correction=correction,
            paul_jones=paul_jones,
            handicap=None if model.handicap is None else read_handicap(model.handicap, places),
        )
    except EventError as error:
        raise places.place(() if error.path.startswith("sessions") else ("event",), error) from None


def _check_combination(places: Places, sessions: tuple[Session, ...]) -> None:
    """Sessions of a combined form (seed 004 "Kombinerade tävlingar") must make the whole
    form: a Howell-Bofors Mitchell is sessions 1, 2 and 3 on the same pairs, everyone
    meeting everyone once over them."""
    movements = [section.movement for session in sessions for section in session.sections]
    problems = combination_problems(movements)
    if problems:
        raise places.error(("sessions",), "; ".join(problems))


def _correction_rule(
    entry: CorrectionPeriodEntry, time_zone: str, places: Places, loc: Loc
) -> CorrectionRule:
    """The correction period (``CorrectionPeriodEntry``), ``until`` read in the event's zone."""
    until = None
    if entry.until is not None:
        try:
            until = parse_wall_time(entry.until, time_zone)
        except ClockError as error:
            raise places.error((*loc, "until"), str(error)) from None
    try:
        if entry.minutes is None:
            return CorrectionRule(until=until)
        return CorrectionRule(minutes=entry.minutes, until=until)
    except CorrectionError as error:
        raise places.error(loc, str(error)) from None


def _options(model: EventFileModel, places: Places) -> ScoringOptions:
    """The ``options:`` given, onto ScoringOptions by field name."""
    if model.options is None:
        return ScoringOptions()
    given = {name: getattr(model.options, name) for name in model.options.model_fields_set}
    try:
        return ScoringOptions(**given)
    except ValueError as error:  # ScoringOptions' own checks name the option first
        named = [name for name in given if str(error).startswith(name)]
        raise places.error(("options", *named[:1]), str(error)) from None


def _session(
    entry: SessionEntry, base_dir: Path, head: EventHead, places: Places, loc: Loc
) -> Session:
    sections = tuple(
        _section(section, base_dir, places, (*loc, "sections", j))
        for j, section in enumerate(entry.sections)
    )
    correction = None
    if entry.correction_period is not None:
        correction = _correction_rule(
            entry.correction_period, head.time_zone, places, (*loc, "correction_period")
        )
    facit = None
    if entry.facit is not None:
        facit = read_session_facit(
            entry.facit, head.kind, sections, base_dir, places, (*loc, "facit")
        )
    try:
        return Session(
            number=entry.number,
            sections=sections,
            name=entry.name,
            date=entry.date,
            correction=correction,
            facit=facit,
        )
    except EventError as error:
        raise places.place(loc, error) from None


def _section(entry: SectionEntry, base_dir: Path, places: Places, loc: Loc) -> Section:
    if "players" in entry.model_fields_set:  # an individual (pipeline/events/individual.py)
        movement = _movement(entry.movement, base_dir, (), places, (*loc, "movement"))
        return read_individual_section(entry.name, movement, entry.players, places, loc)
    pairs = []
    for k, pair in enumerate(entry.pairs):
        players = places.players(pair.players, (*loc, "pairs", k, "players"))
        try:
            pairs.append(Pair(pair.number, players))
        except EventError as error:
            raise places.place((*loc, "pairs", k), error) from None
    teams = []
    for k, team in enumerate(entry.teams):
        try:
            teams.append(Team(team.number, team.name, team.pairs))
        except EventError as error:
            raise places.place((*loc, "teams", k), error) from None
    movement_loc = (*loc, "movement")
    movement = _movement(
        entry.movement, base_dir, tuple(p.number for p in pairs), places, movement_loc
    )
    if teams and movement.kind is MovementKind.CUSTOM:
        # Guide cards for a team evening: the teams listed say which pairs play together.
        lineups = tuple(TeamLineup(t.number, t.pairs) for t in teams)
        try:
            movement = validate_movement(
                dataclasses.replace(movement, kind=MovementKind.TEAMS, teams=lineups)
            )
            team_matches(movement)
        except MovementError as error:
            raise places.error(movement_loc, str(error)) from None
    try:
        return Section(entry.name, tuple(pairs), movement, tuple(teams))
    except EventError as error:
        raise places.place(loc, error) from None


def _movement(
    entry: MovementEntry, base_dir: Path, section_pairs: tuple[int, ...], places: Places, loc: Loc
) -> Movement:
    spec = MovementSpec(entry.type.lower(), entry.params())
    try:
        if spec.type == "guide-cards":
            from pipeline.events.guidecards import GuideCardError, load_guide_cards

            file = spec.get("file")
            if not isinstance(file, str) or not file:
                raise places.error(loc, "a guide-cards movement needs file: (a CSV or XLSX)")
            sheet = spec.get("sheet")
            try:
                movement = load_guide_cards(
                    base_dir / file,
                    sheet=sheet if isinstance(sheet, str) else None,
                    pairs=section_pairs,
                    spec=spec,
                )
            except GuideCardError as error:
                raise places.error(loc, str(error)) from None
        elif spec.type == "elevator":
            from pipeline.events.elevator import load_elevator
            from pipeline.events.guidecards import GuideCardError

            try:
                movement = load_elevator(spec, base_dir, section_pairs)
            except GuideCardError as error:
                raise places.error(loc, str(error)) from None
        else:
            movement = build_movement(spec)
        return validate_movement(movement)
    except MovementError as error:
        raise places.error(loc, str(error)) from None
