"""A new event from the club console's form: the event file written and checked.

The form (pipeline/web/club_events.py) gathers what a director knows before an evening:
name, date, organizer, scoring, the movement chosen among the seed-004 suggestions
(``scoring.movements.suggest_movements``), the pairs' names (picked from the member list,
typed, or taken over from an earlier event), the number of sessions and the correction
period. ``draft_event`` turns that into the same event file a director would write by hand
and checks it with the parser ``bridgescan run`` and ``bridgescan event check`` use
(``parse_event``): the file stays the source of truth. A problem comes back with the name
of the form field it belongs to, so the page can show it beside that field.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pipeline.events.eventfile import EventFileError, parse_event
from pipeline.events.eventfile_writer import dump_data
from pipeline.events.members import Member
from scoring.event import Event, EventError, EventKind, Player
from scoring.movement import MovementError, MovementSpec
from scoring.movements import Severity, build_movement, check_movement

__all__ = [
    "KINDS",
    "PlayerDraft",
    "PairDraft",
    "EventDraft",
    "DraftProblem",
    "spec_text",
    "parse_spec_text",
    "draft_event",
    "pairs_of",
    "fill_member_numbers",
]

KINDS = {
    EventKind.PAIRS_MATCHPOINTS.value: "Pairs, matchpoints",
    EventKind.PAIRS_CROSS_IMPS.value: "Pairs, cross-IMPs",
    EventKind.PAIRS_BUTLER.value: "Pairs, Butler",
}
_SPEC_ITEM = re.compile(r"^([a-z_]+)=([0-9a-z-]+|\(\d+(?:-\d+)*\))$")
# The pairs movements the form offers (event suggest's kinds, the seed's reduced Howell
# among them, and the barometer's endless Howell).
_SPEC_KINDS = {"howell", "reduced-howell", "endless-howell", "mitchell", "appendix-mitchell"}


@dataclass(frozen=True)
class PlayerDraft:
    name: str = ""
    member: str = ""


@dataclass(frozen=True)
class PairDraft:
    number: int
    players: tuple[PlayerDraft, PlayerDraft] = (PlayerDraft(), PlayerDraft())


@dataclass(frozen=True)
class EventDraft:
    """What the new-event form holds (every value as typed)."""

    name: str
    date: str  # YYYY-MM-DD
    kind: str = EventKind.PAIRS_MATCHPOINTS.value
    organizer: str = ""
    time_zone: str = ""
    movement: str = ""  # spec_text of the movement chosen
    pairs: tuple[PairDraft, ...] = ()
    sessions: int = 1
    correction_minutes: int = 30
    options: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class DraftProblem:
    """A problem with the form: the field it belongs to ("" for the whole form) and why."""

    field: str
    message: str
    error: bool = True  # False: a warning of the movement check; the event is still written


def spec_text(spec: MovementSpec) -> str:
    """A movement spec as one form value: ``howell:pairs=13,boards_per_round=2``; a list of
    numbers in brackets (``absent=(8)``)."""
    items = ",".join(
        f"{k}=({'-'.join(str(x) for x in v)})" if isinstance(v, tuple) else f"{k}={v}"
        for k, v in spec.params
    )
    return f"{spec.type}:{items}"


def parse_spec_text(text: str) -> MovementSpec:
    """The spec a form value names (MovementError for anything else: it came from a browser)."""
    kind, _, rest = text.strip().partition(":")
    if kind not in _SPEC_KINDS:
        raise MovementError(f"choose a movement (got {kind or 'none'!r})")
    params: list[tuple[str, str | int | bool | tuple[int, ...]]] = []
    for item in filter(None, rest.split(",")):
        match = _SPEC_ITEM.match(item)
        if match is None:
            raise MovementError(f"movement setting {item!r} is not valid")
        name, value = match.groups()
        if value.isdigit():
            params.append((name, int(value)))
        elif value.startswith("("):
            params.append((name, tuple(int(x) for x in value[1:-1].split("-"))))
        else:
            params.append((name, value))
    return MovementSpec(kind, tuple(params))


def pairs_of(movement_text: str) -> tuple[int, ...]:
    """The pair numbers of the movement a form value names (empty when it names none)."""
    try:
        return build_movement(parse_spec_text(movement_text)).pairs
    except MovementError:
        return ()


def fill_member_numbers(draft: EventDraft, members: Sequence[Member]) -> EventDraft:
    """A player picked from the member list by name gets that member's number when the
    number was left empty and exactly one member has the name."""
    by_name: dict[str, list[Member]] = {}
    for member in members:
        by_name.setdefault(member.name.casefold(), []).append(member)

    def fill(player: PlayerDraft) -> PlayerDraft:
        found = by_name.get(player.name.strip().casefold(), [])
        if player.member.strip() or len(found) != 1 or not found[0].number:
            return player
        return PlayerDraft(player.name.strip(), found[0].number)

    pairs = tuple(
        PairDraft(p.number, (fill(p.players[0]), fill(p.players[1]))) for p in draft.pairs
    )
    return EventDraft(**{**draft.__dict__, "pairs": pairs})


def _field_of(path: str, pair_index: dict[int, int]) -> str:
    """The form field an event-file path belongs to."""
    if match := re.search(r"pairs\[(\d+)\]\.players\[(\d+)\](?:\.(name|member))?", path):
        pair, player, what = int(match[1]), int(match[2]), match[3] or "name"
        return f"pair-{pair_index.get(pair, pair + 1)}-{player + 1}-{what}"
    if match := re.search(r"pairs\[(\d+)\]", path):
        return f"pair-{pair_index.get(int(match[1]), int(match[1]) + 1)}-1-name"
    for key, name in (
        ("movement", "movement"),
        ("date", "date"),
        ("organizer", "organizer"),
        ("time_zone", "time_zone"),
        ("correction_period", "correction_minutes"),
        ("kind", "kind"),
        ("event.name", "name"),
    ):
        if key in path:
            return name
    return ""


def _players(pair: PairDraft) -> list[dict[str, str]]:
    out = []
    for player in pair.players:
        if not player.name.strip() and not player.member.strip():
            continue
        item = {"name": player.name.strip()}
        if player.member.strip():
            item["member"] = player.member.strip()
        out.append(item)
    return out


def _data(draft: EventDraft, spec: MovementSpec, listed: list[PairDraft]) -> dict[str, Any]:
    head: dict[str, Any] = {"name": draft.name.strip(), "kind": draft.kind}
    if draft.organizer.strip():
        head["organizer"] = draft.organizer.strip()
    if draft.time_zone.strip():
        head["time_zone"] = draft.time_zone.strip()
    head["correction_period"] = draft.correction_minutes
    movement = {k: list(v) if isinstance(v, tuple) else v for k, v in spec.as_dict().items()}
    sessions = []
    for number in range(1, draft.sessions + 1):
        item: dict[str, Any] = {"number": number}
        if draft.sessions > 1:
            item["name"] = f"Session {number}"
        if draft.date:
            item["date"] = draft.date
        item["sections"] = [
            {
                "name": "A",
                "movement": movement,
                "pairs": [{"number": p.number, "players": _players(p)} for p in listed],
            }
        ]
        sessions.append(item)
    data: dict[str, Any] = {"event": head}
    if draft.options:
        data["options"] = dict(draft.options)
    data["sessions"] = sessions
    return data


def _form_problems(draft: EventDraft) -> list[DraftProblem]:
    problems = []
    if not draft.name.strip():
        problems.append(DraftProblem("name", "give the event a name"))
    try:
        dt.date.fromisoformat(draft.date)
    except ValueError:
        problems.append(DraftProblem("date", f"{draft.date!r} is not a date (YYYY-MM-DD)"))
    if draft.kind not in KINDS:
        problems.append(DraftProblem("kind", f"choose the scoring ({', '.join(KINDS.values())})"))
    if not 1 <= draft.sessions <= 6:
        problems.append(DraftProblem("sessions", "an event has 1 to 6 sessions"))
    if not 0 <= draft.correction_minutes <= 7 * 24 * 60:
        problems.append(
            DraftProblem("correction_minutes", "the correction period is 0 minutes to a week")
        )
    for pair in draft.pairs:
        problems += _pair_problems(pair)
    return problems


def _pair_problems(pair: PairDraft) -> list[DraftProblem]:
    """Every problem of one pair's line at once (the event file's parser stops at the first):
    both players named, each member number by the event file's own rule (``Player``)."""
    named = [p.name.strip() for p in pair.players]
    if not any(named):
        return [DraftProblem(f"pair-{pair.number}-1-name", f"pair {pair.number}: who plays?")]
    problems = []
    for index, player in enumerate(pair.players, 1):
        field_name = f"pair-{pair.number}-{index}"
        if not player.name.strip():
            problems.append(
                DraftProblem(f"{field_name}-name", f"pair {pair.number}: name the partner too")
            )
            continue
        try:
            Player(player.name.strip(), player.member.strip() or None)
        except EventError as error:
            problems.append(DraftProblem(f"{field_name}-{error.path or 'name'}", error.detail))
    return problems


def draft_event(draft: EventDraft, base_dir: Path) -> tuple[str, Event | None, list[DraftProblem]]:
    """The event file's text for ``draft``, the event as ``bridgescan run`` will read it
    (None when anything is wrong), and every problem with its form field. Warnings of the
    movement check (``event check``'s) come back with ``error=False``."""
    problems = _form_problems(draft)
    try:
        spec = parse_spec_text(draft.movement)
        movement = build_movement(spec)
    except MovementError as error:
        return "", None, [*problems, DraftProblem("movement", str(error))]
    numbers = set(movement.pairs)
    listed = [p for p in draft.pairs if p.number in numbers]
    missing = sorted(numbers - {p.number for p in listed})
    problems += [DraftProblem(f"pair-{n}-1-name", f"pair {n}: who plays?") for n in missing]
    problems += [
        DraftProblem("movement", f"{p.message} [{p.code}]", p.severity is Severity.ERROR)
        for p in check_movement(movement)
    ]
    text = dump_data(_data(draft, spec, listed))
    if any(p.error for p in problems):
        return text, None, problems
    try:
        event = parse_event(text, source="event.yaml", base_dir=base_dir)
    except EventFileError as error:
        index = {i: p.number for i, p in enumerate(listed)}
        return text, None, [*problems, DraftProblem(_field_of(error.path, index), error.detail)]
    return text, event, problems
