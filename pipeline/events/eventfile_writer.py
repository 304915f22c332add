"""The event file written back: an event as the YAML a director reads and edits.

``dump_event`` writes what ``pipeline.events.eventfile.parse_event`` reads, so an event
round-trips unchanged (tested); options are written only where they differ from the
defaults, times in the event's own zone, and every string quoted where YAML would read it as
something else ("NO", "012345", "=A1").
"""

from __future__ import annotations

import dataclasses
import enum
from pathlib import Path
from typing import Any

import yaml

from pipeline.clock import local_text
from pipeline.events.eventfile import EventFileError
from pipeline.events.handicap import handicap_data
from pipeline.events.individual import players_data
from scoring.correction import CorrectionRule
from scoring.event import Event, Section
from scoring.movement import Movement
from scoring.options import ScoringOptions

__all__ = ["event_to_dict", "dump_data", "dump_event", "save_event"]


def _spec_dict(movement: Movement) -> dict[str, Any]:
    spec = movement.spec
    if spec is None:
        raise EventFileError(
            "<event>", "", f"movement {movement.name!r} has no spec to write (build it from one)"
        )
    return {k: list(v) if isinstance(v, tuple) else v for k, v in spec.as_dict().items()}


def _enum_text(value: object) -> object:
    if isinstance(value, enum.Enum):
        return str(value.value)
    return value


def event_to_dict(event: Event) -> dict[str, Any]:
    """The event as plain data in the file's shape (what ``dump_event`` writes)."""
    defaults = ScoringOptions()
    options = {
        f.name: _enum_text(getattr(event.options, f.name))
        for f in dataclasses.fields(ScoringOptions)
        if getattr(event.options, f.name) != getattr(defaults, f.name)
    }
    head: dict[str, Any] = {"name": event.name, "kind": event.kind.value}
    if event.organizer:
        head["organizer"] = event.organizer
    if event.time_zone:
        head["time_zone"] = event.time_zone
    if event.correction is not None:
        head["correction_period"] = _rule_dict(event.correction, event.time_zone)
    data: dict[str, Any] = {"event": head}
    if options:
        data["options"] = options
    sessions = []
    for session in event.sessions:
        item: dict[str, Any] = {"number": session.number}
        if session.name:
            item["name"] = session.name
        if session.date is not None:
            item["date"] = session.date.isoformat()
        if session.correction is not None:
            item["correction_period"] = _rule_dict(session.correction, event.time_zone)
        if session.facit is not None:
            facit = session.facit
            item["facit"] = (
                facit.file if facit.sheet is None else {"file": facit.file, "sheet": facit.sheet}
            )
        item["sections"] = [_section_dict(s) for s in session.sections]
        sessions.append(item)
    data["sessions"] = sessions
    if event.handicap is not None:
        data["handicap"] = handicap_data(event.handicap)
    return data


def _rule_dict(rule: CorrectionRule, time_zone: str) -> int | dict[str, Any]:
    if rule.until is None:
        return rule.minutes
    out: dict[str, Any] = {"until": local_text(rule.until, time_zone)}
    if rule.minutes != CorrectionRule().minutes:
        out["minutes"] = rule.minutes
    return out


def _section_dict(section: Section) -> dict[str, Any]:
    out: dict[str, Any] = {"name": section.name, "movement": _spec_dict(section.movement)}
    if section.individual:  # players by number, not the partnerships
        out["players"] = players_data(section)
        return out
    out["pairs"] = [
        {
            "number": pair.number,
            "players": [
                {"name": p.name, "member": p.member_number}
                if p.member_number is not None
                else {"name": p.name}
                for p in pair.players
            ],
        }
        for pair in section.pairs
    ]
    if section.teams:
        out["teams"] = [
            {"number": t.number, "name": t.name, "pairs": list(t.pairs)} for t in section.teams
        ]
    return out


class _Dumper(yaml.SafeDumper):
    """Quotes every string that could be read back as something else."""


def _str_representer(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    style = None
    if value.isdigit() or value.lower() in ("yes", "no", "true", "false", "on", "off", "null"):
        style = '"'
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_Dumper.add_representer(str, _str_representer)


def dump_event(event: Event) -> str:
    """The event file text for ``event``; ``parse_event(dump_event(e)) == e``."""
    return dump_data(event_to_dict(event))


def dump_data(data: dict[str, Any]) -> str:
    """Event-file data (the file's own shape) as the YAML text a director reads."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def save_event(event: Event, path: Path | str) -> Path:
    """Write the event file atomically (no half-written file on a crash)."""
    from pipeline.files import atomic_write_text

    return atomic_write_text(Path(path), dump_event(event))
