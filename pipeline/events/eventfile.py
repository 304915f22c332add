"""The event file: a YAML file a director can read and edit (docs/events-and-movements.md).

Every scalar is read as text first (YAML's BaseLoader), so "NO" stays the Norwegian
abbreviation, a member number "012345" keeps its zero and "=A1" is a name, not a formula.
Each value is then checked against what the event model expects, and every mistake is
reported with the file, the path inside it and the line, e.g.
``event.yaml: sessions[1].sections[0].pairs[3].players[0].member: member number '12 4' of
Anna Berg is not valid (letters and digits, up to 20 characters) (line 41)``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import typing
from pathlib import Path
from typing import Any

import yaml

from pipeline.clock import ClockError, parse_wall_time, zone
from pipeline.events.event_nodes import EventFileError, _Node, read_players
from pipeline.events.handicap import read_handicap
from pipeline.events.individual import check_individual_event, read_individual_section
from scoring.correction import CorrectionError, CorrectionRule
from scoring.event import (
    Event,
    EventError,
    EventKind,
    Pair,
    PaulJonesTeam,
    Section,
    Session,
    Team,
)
from scoring.movement import Movement, MovementError, MovementKind, MovementSpec, TeamLineup
from scoring.movements import (
    build_movement,
    combination_problems,
    team_matches,
    validate_movement,
)
from scoring.options import ScoringOptions

__all__ = ["EventFileError", "load_event", "parse_event", "read_players"]

# The node reader and the player list live in event_nodes.py, so the Paul Jones block
# (pipeline/events/paul_jones.py) reads with them without importing this module.


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
        root = yaml.compose(text, Loader=yaml.BaseLoader)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line = None if mark is None else mark.line + 1
        problem = getattr(error, "problem", None) or str(error)
        raise EventFileError(source, "", f"not valid YAML: {problem}", line) from None
    if root is None:
        raise EventFileError(source, "", "the file is empty")
    root_node = _Node(root, "", source)
    top = root_node.mapping(
        {"event", "options", "sessions", "paul_jones", "handicap"}, {"event", "sessions"}
    )
    head = top["event"].mapping(
        {"name", "kind", "organizer", "time_zone", "correction_period"}, {"name", "kind"}
    )
    try:
        kind = EventKind.parse(head["kind"].text("kind"))
    except EventError as error:
        raise head["kind"].error(error.detail) from None
    options = _options(top["options"]) if "options" in top else ScoringOptions()
    time_zone = _time_zone(head["time_zone"]) if "time_zone" in head else ""
    correction = None
    if "correction_period" in head:
        if "options" in top and "correction_period_minutes" in top["options"].mapping(
            _OPTION_NAMES
        ):
            raise head["correction_period"].error(
                "give the correction period once: event.correction_period or "
                "options.correction_period_minutes, not both"
            )
        correction = _correction_rule(head["correction_period"], time_zone)
    sessions = tuple(
        _session(node, kind, base_dir or Path.cwd(), time_zone) for node in top["sessions"].items()
    )
    _check_combination(top["sessions"], sessions)
    check_individual_event(top["sessions"], kind, sessions)
    paul_jones: tuple[PaulJonesTeam, ...] = ()
    if "paul_jones" in top:
        from pipeline.events.paul_jones import read_paul_jones  # it reads with _Node

        paul_jones = read_paul_jones(top["paul_jones"], top["sessions"], kind, sessions)
    try:
        return Event(
            name=head["name"].text("event name"),
            kind=kind,
            sessions=sessions,
            options=options,
            organizer=head["organizer"].text("organizer") if "organizer" in head else "",
            time_zone=time_zone,
            correction=correction,
            paul_jones=paul_jones,
            handicap=read_handicap(top["handicap"]) if "handicap" in top else None,
        )
    except EventError as error:
        if error.path.startswith("sessions"):
            raise _place(root_node, top, error) from None
        raise _place(top["event"], head, error) from None


_OPTION_NAMES = frozenset(f.name for f in dataclasses.fields(ScoringOptions))


def _check_combination(node: _Node, sessions: tuple[Session, ...]) -> None:
    """Sessions of a combined form (seed 004 "Kombinerade tävlingar") must make the whole
    form: a Howell-Bofors Mitchell is sessions 1, 2 and 3 on the same pairs, everyone
    meeting everyone once over them."""
    movements = [section.movement for session in sessions for section in session.sections]
    problems = combination_problems(movements)
    if problems:
        raise node.error("; ".join(problems))


def _time_zone(node: _Node) -> str:
    """An IANA time zone name the event's times are shown in (checked with zoneinfo)."""
    name = node.text("time_zone")
    try:
        zone(name)
    except ClockError as error:
        raise node.error(str(error)) from None
    return name


def _correction_rule(node: _Node, time_zone: str) -> CorrectionRule:
    """``correction_period``: minutes (``30``), or ``{minutes: 20}``, or ``{until: "2026-11-23
    19:00"}`` (a time in the event's zone, e.g. the next club night; ``minutes`` beside it is
    the new period after a changed ruling, Law 92B)."""
    if isinstance(node.node, yaml.ScalarNode):
        return CorrectionRule(minutes=node.integer("correction_period minutes", minimum=0))
    fields = node.mapping({"minutes", "until"})
    if not fields:
        raise node.error("give minutes or until")
    minutes = fields["minutes"].integer("minutes", minimum=0) if "minutes" in fields else None
    until = None
    if "until" in fields:
        try:
            until = parse_wall_time(fields["until"].text("until"), time_zone)
        except ClockError as error:
            raise fields["until"].error(str(error)) from None
    try:
        if minutes is None:
            return CorrectionRule(until=until)
        return CorrectionRule(minutes=minutes, until=until)
    except CorrectionError as error:
        raise node.error(str(error)) from None


def _options(node: _Node) -> ScoringOptions:
    """Map the ``options:`` mapping onto ScoringOptions by field name and type."""
    hints = typing.get_type_hints(ScoringOptions)
    names = _OPTION_NAMES
    values: dict[str, Any] = {}
    for name, child in node.mapping(names).items():
        kind = hints[name]
        if kind is bool:
            values[name] = child.boolean(name)
        elif kind is int:
            values[name] = child.integer(name, minimum=0)
        elif isinstance(kind, type) and issubclass(kind, enum.Enum):
            values[name] = _enum_value(child, name, kind)
        else:  # a field type this loader does not know yet: keep the text
            values[name] = child.text(name)
    return ScoringOptions(**values)


def _enum_value(node: _Node, name: str, kind: type[enum.Enum]) -> enum.Enum:
    text = node.text(name)
    key = text.lower().replace("_", "-")
    for member in kind:
        if key in (str(member.value).lower(), member.name.lower().replace("_", "-")):
            return member
    allowed = ", ".join(str(m.value) for m in kind)
    raise node.error(f"{name} {text!r} is not one of {allowed}")


def _session(node: _Node, kind: EventKind, base_dir: Path, time_zone: str = "") -> Session:
    fields = node.mapping(
        {"number", "name", "date", "sections", "correction_period"}, {"number", "sections"}
    )
    date = None
    if "date" in fields:
        text = fields["date"].text("date")
        try:
            date = dt.date.fromisoformat(text)
        except ValueError:
            raise fields["date"].error(f"date {text!r} is not YYYY-MM-DD") from None
    sections = tuple(_section(n, base_dir) for n in fields["sections"].items())
    try:
        return Session(
            number=fields["number"].integer("session number"),
            sections=sections,
            name=fields["name"].text("name") if "name" in fields else "",
            date=date,
            correction=_correction_rule(fields["correction_period"], time_zone)
            if "correction_period" in fields
            else None,
        )
    except EventError as error:
        raise _place(node, fields, error) from None


def _section(node: _Node, base_dir: Path) -> Section:
    fields = node.mapping({"name", "movement", "pairs", "teams", "players"}, {"name", "movement"})
    if "players" in fields:  # an individual (pipeline/events/individual.py)
        if "pairs" in fields or "teams" in fields:
            raise node.error("an individual section lists players, not pairs or teams")
        return read_individual_section(
            fields["name"].text("section name"),
            fields["movement"],
            _movement(fields["movement"], base_dir, ()),
            fields["players"],
        )
    if "pairs" not in fields:
        raise node.error("pairs missing (an individual section lists players instead)")
    pair_numbers: list[int] = []
    pairs = tuple(_pair(n, pair_numbers) for n in fields["pairs"].items())
    teams = tuple(_team(n) for n in fields["teams"].items()) if "teams" in fields else ()
    movement = _movement(fields["movement"], base_dir, tuple(p.number for p in pairs))
    if teams and movement.kind is MovementKind.CUSTOM:
        # Guide cards for a team evening: the teams listed say which pairs play together.
        lineups = tuple(TeamLineup(t.number, t.pairs) for t in teams)
        try:
            movement = validate_movement(
                dataclasses.replace(movement, kind=MovementKind.TEAMS, teams=lineups)
            )
            team_matches(movement)
        except MovementError as error:
            raise fields["movement"].error(str(error)) from None
    try:
        return Section(fields["name"].text("section name"), pairs, movement, teams)
    except EventError as error:
        raise _place(node, fields, error) from None


def _place(node: _Node, fields: dict[str, _Node], error: EventError) -> EventFileError:
    """Put a model error ("pairs[3].players[0].member") at its node and line in the file."""
    head, _, rest = error.path.partition(".")
    key, _, index = head.partition("[")
    target = fields.get(key)
    if target is None:
        return EventFileError(
            node.source, node.child(None, error.path).path, error.detail, node.line
        )
    if index and isinstance(target.node, yaml.SequenceNode):
        items = target.items()
        i = int(index.rstrip("]"))
        if i < len(items):
            target = items[i]
    path = f"{target.path}.{rest}" if rest and "[" in head else node.child(None, error.path).path
    return EventFileError(node.source, path, error.detail, target.line)


def _pair(node: _Node, seen: list[int]) -> Pair:
    fields = node.mapping({"number", "players"}, {"number", "players"})
    number = fields["number"].integer("pair number")
    try:
        pair = Pair(number, read_players(fields["players"]))
    except EventError as error:
        raise _place(node, fields, error) from None
    seen.append(number)
    return pair


def _team(node: _Node) -> Team:
    fields = node.mapping({"number", "name", "pairs"}, {"number", "name", "pairs"})
    numbers = tuple(n.integer("pair number") for n in fields["pairs"].items())
    try:
        return Team(
            fields["number"].integer("team number"), fields["name"].text("team name"), numbers
        )
    except EventError as error:
        raise _place(node, fields, error) from None


_SPEC_KEYS = {
    "type", "tables", "boards_per_round", "rounds", "even", "arrow_switch", "switch_rounds",
    "absent", "first_board", "pairs", "teams", "file", "sheet", "delay", "draw",
    "new_opponents", "extra_rounds", "session", "players",
}  # fmt: skip


def _movement(node: _Node, base_dir: Path, section_pairs: tuple[int, ...]) -> Movement:
    fields = node.mapping(_SPEC_KEYS, {"type"})
    params: list[tuple[str, str | int | bool | tuple[int, ...]]] = []
    for key, child in fields.items():
        if key == "type":
            continue
        if isinstance(child.node, yaml.SequenceNode):
            params.append((key, tuple(c.integer(key) for c in child.items())))
        else:
            params.append((key, child.text(key)))
    spec = MovementSpec(fields["type"].text("movement type").lower(), tuple(params))
    try:
        if spec.type == "guide-cards":
            from pipeline.events.guidecards import GuideCardError, load_guide_cards

            file = spec.get("file")
            if not isinstance(file, str) or not file:
                raise node.error("a guide-cards movement needs file: (a CSV or XLSX)")
            sheet = spec.get("sheet")
            try:
                movement = load_guide_cards(
                    base_dir / file,
                    sheet=sheet if isinstance(sheet, str) else None,
                    pairs=section_pairs,
                    spec=spec,
                )
            except GuideCardError as error:
                raise node.error(str(error)) from None
        elif spec.type == "elevator":
            from pipeline.events.elevator import load_elevator
            from pipeline.events.guidecards import GuideCardError

            try:
                movement = load_elevator(spec, base_dir, section_pairs)
            except GuideCardError as error:
                raise node.error(str(error)) from None
        else:
            movement = build_movement(spec)
        return validate_movement(movement)
    except MovementError as error:
        raise node.error(str(error)) from None
