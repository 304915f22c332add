"""A new event in a minute: the club console's form, written as the event file ``run`` reads.

One page, sent back to itself: the director gives the name, date, scoring and number of
pairs; the page offers the seed-004 movements for that field (``event suggest``'s list),
a line per pair with the names picked from the member list (or typed, or taken over from
an earlier event), the sessions and the correction period. "Create the event" writes
``events/SLUG/event.yaml`` only when ``draft_event`` (pipeline/events/new_event.py) finds it
as ``bridgescan event check`` would: every problem is shown beside its field, and every
value typed stays in the form.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from pipeline.clock import now
from pipeline.events.club_folder import EVENTS_FOLDER, club_events, new_slug
from pipeline.events.eventfile import EventFileError, load_event
from pipeline.events.members import load_members
from pipeline.events.new_event import (
    KINDS,
    DraftProblem,
    EventDraft,
    PairDraft,
    PlayerDraft,
    draft_event,
    fill_member_numbers,
    pairs_of,
    spec_text,
)
from pipeline.files import atomic_write_text
from pipeline.web.http import club_of, page, redirect, require_director, session_of
from scoring.event import Event
from scoring.movement import MovementError
from scoring.movements import suggest_movements

__all__ = ["new_event_page", "new_event_post"]


@dataclass(frozen=True)
class Choice:
    value: str
    title: str
    note: str


def _int(text: str, default: int) -> int:
    text = text.strip()
    return int(text) if text.isdigit() and len(text) < 6 else default


def _choices(pairs: int, boards: str) -> tuple[list[Choice], str]:
    low, _, high = boards.partition("-")
    if not low.strip().isdigit() or not (high or low).strip().isdigit():
        return [], f"boards {boards!r}: write a range such as 24-28"
    try:
        found = suggest_movements(pairs, (int(low), int(high or low)))
    except MovementError as error:
        return [], str(error)
    if not found:
        return [], f"no movement fits {pairs} pairs and {boards} boards: widen the range"
    return [
        Choice(spec_text(s.spec), f"{s.movement.name}: {s.boards} boards a pair", s.note)
        for s in found
    ], ""


def _previous(club_folder: Path) -> list[tuple[str, Event]]:
    """The club's earlier events that read, newest first (slug, event)."""
    out = []
    for found in club_events(club_folder):
        try:
            out.append((found.slug, load_event(found.event_file)))
        except EventFileError:
            continue
    return out


def _taken_over(event: Event) -> dict[int, PairDraft]:
    """The pairs of an earlier event's first section (names and member numbers)."""
    section = event.sessions[0].sections[0]
    drafts = {}
    for pair in section.pairs:
        players = [PlayerDraft(p.name, p.member_number or "") for p in pair.players[:2]]
        players += [PlayerDraft()] * (2 - len(players))
        drafts[pair.number] = PairDraft(pair.number, (players[0], players[1]))
    return drafts


def _player(fields: dict[str, str], pair: int, seat: int) -> PlayerDraft:
    return PlayerDraft(
        fields.get(f"pair-{pair}-{seat}-name", ""), fields.get(f"pair-{pair}-{seat}-member", "")
    )


def _draft(fields: dict[str, str], numbers: tuple[int, ...]) -> EventDraft:
    """The form's values as a draft (the pairs of the movement chosen)."""
    pairs = tuple(PairDraft(n, (_player(fields, n, 1), _player(fields, n, 2))) for n in numbers)
    return EventDraft(
        name=fields.get("name", ""),
        date=fields.get("date", ""),
        kind=fields.get("kind", ""),
        organizer=fields.get("organizer", ""),
        time_zone=fields.get("time_zone", ""),
        movement=fields.get("movement", ""),
        pairs=pairs,
        sessions=_int(fields.get("sessions", "1"), 0),
        correction_minutes=_int(fields.get("correction_minutes", "30"), -1),
    )


def _form(
    request: Request,
    fields: dict[str, str],
    problems: Sequence[DraftProblem] = (),
    status: int = 200,
) -> Response:
    club = club_of(request)
    earlier = _previous(club.folder)
    pairs = _int(fields.get("pairs", ""), 0)
    choices, choice_problem = _choices(pairs, fields.get("boards", "24-28")) if pairs else ([], "")
    if choices and fields.get("movement") not in {c.value for c in choices}:
        fields["movement"] = choices[0].value
    numbers = pairs_of(fields.get("movement", "")) if choices else ()
    taken = fields.get("takeover", "")
    if taken and fields.get("action") == "takeover":
        source = next((e for slug, e in earlier if slug == taken), None)
        if source is not None:
            for number, pair in _taken_over(source).items():
                for i, player in enumerate(pair.players, 1):
                    fields[f"pair-{number}-{i}-name"] = player.name
                    fields[f"pair-{number}-{i}-member"] = player.member
    by_field: dict[str, list[str]] = {}
    for problem in problems:
        by_field.setdefault(problem.field, []).append(problem.message)
    if choice_problem:
        by_field.setdefault("pairs", []).append(choice_problem)
    return page(
        request,
        "new_event.html",
        status=status,
        title="New event",
        fields=fields,
        kinds=KINDS,
        choices=choices,
        numbers=numbers,
        problems=by_field,
        warnings=[p for p in problems if not p.error],
        members=load_members(club.folder),
        earlier=[(slug, e.name) for slug, e in earlier],
    )


def _defaults(club_folder: Path) -> dict[str, str]:
    """The form's first values: the last event's settings, today's date."""
    earlier = _previous(club_folder)
    last = earlier[0][1] if earlier else None
    return {
        "name": last.name if last else "",
        "date": now().date().isoformat(),
        "kind": last.kind.value if last else "pairs-matchpoints",
        "organizer": last.organizer if last else "",
        "time_zone": last.time_zone if last else "",
        "pairs": "",
        "boards": "24-28",
        "sessions": "1",
        "correction_minutes": str(last.correction.minutes if last and last.correction else 30),
        "takeover": earlier[0][0] if earlier else "",
    }


async def new_event_page(request: Request) -> Response:
    """GET /events/new: the form, filled with the last event's settings."""
    return _form(request, _defaults(club_of(request).folder))


async def _new_event(request: Request, fields: dict[str, str]) -> Response:
    """POST /events/new: "suggest" (and "takeover") draws the form again; "create" writes
    the event file when it checks, else shows each problem beside its field."""
    club = club_of(request)
    session = session_of(request)
    fields = {k: v for k, v in fields.items() if k != "csrf"}
    if fields.get("action") != "create":
        return _form(request, fields)
    draft = fill_member_numbers(
        _draft(fields, pairs_of(fields.get("movement", ""))), load_members(club.folder)
    )
    events = club.folder / EVENTS_FOLDER

    def write() -> tuple[str, list[DraftProblem]]:
        text, event, problems = draft_event(draft, events)
        if event is None:
            return "", problems
        slug = new_slug(club.folder, draft.date, draft.name)
        folder = events / slug
        folder.mkdir(parents=True)
        atomic_write_text(folder / "event.yaml", text)
        return slug, problems

    slug, problems = await run_in_threadpool(write)
    if not slug:
        session.say("error", "The event was not created: see the marked fields.")
        return _form(request, fields, problems, status=400)
    session.say(
        "done",
        f"Event created (events/{slug}/event.yaml). Print the travellers and guide cards, "
        "then bring the scans here after play.",
    )
    return redirect(f"/events/{slug}/")


new_event_post = require_director(_new_event)
