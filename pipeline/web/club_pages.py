"""The club's own pages: the list of its events with their status, and the member list.

The status of an event is read from what its last run published (``out/results.json``): not
scored yet, PROVISIONAL (readings wait for review or findings block it), official with its
correction period running (until when), or final. The member list is
pipeline/events/members.py's: imported from a CSV/XLSX (merged by member number), edited
here, every change a line in the club's append-only ``members-log.jsonl``, exactly as
``bridgescan club members`` does it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from pipeline.clock import Clock, local_text, now
from pipeline.events.club_folder import ClubEvent, club_events
from pipeline.events.members import (
    Member,
    MembersError,
    edit_members,
    import_members,
    load_members,
)
from pipeline.publish.results_json_read import ResultsJsonError
from pipeline.web.http import club_of, page, redirect, require_director, session_of
from pipeline.web.state import results
from pipeline.web.uploads import Upload, require_director_upload

__all__ = ["EventRow", "event_rows", "club_home", "members_page", "members_post", "members_import"]


@dataclass(frozen=True)
class EventRow:
    """One line of the club's list of events."""

    slug: str
    name: str
    date: str
    status: str  # not scored, provisional, official, final
    detail: str


def _status(found: ClubEvent, clock: Clock | None) -> tuple[str, str]:
    try:
        published = results(found.out_dir)
    except (ResultsJsonError, OSError, ValueError):
        return "not scored", "nothing published yet"
    view = published.publication
    if published.status.provisional or view is None:
        waiting = sum(len(s.open_items) for s in view.sessions) if view is not None else 0
        blocking = sum(s.blocking for s in view.sessions) if view is not None else 0
        parts = [f"{waiting} reading(s) wait for review"] if waiting else []
        parts += [f"{blocking} finding(s) block publishing"] if blocking else []
        return "provisional", "; ".join(parts) or "; ".join(published.status.reasons[:1])
    at = now(clock)
    open_until = [s.deadline for s in view.sessions if s.deadline is not None and s.deadline > at]
    if open_until:
        until = local_text(max(open_until), view.time_zone)
        return "official", f"version {view.version}; corrections until {until} (Law 79C)"
    return "final", f"version {view.version}; the correction period has ended"


def event_rows(club: Path, clock: Clock | None = None) -> list[EventRow]:
    """The club's events, newest first, with their status now."""
    from pipeline.events.eventfile import EventFileError, load_event

    rows = []
    for found in club_events(club):
        try:
            event = load_event(found.event_file)
        except EventFileError as error:
            rows.append(EventRow(found.slug, found.slug, "", "broken", str(error)))
            continue
        dates = [s.date.isoformat() for s in event.sessions if s.date is not None]
        status, detail = _status(found, clock)
        rows.append(EventRow(found.slug, event.name, dates[0] if dates else "", status, detail))
    return rows


async def club_home(request: Request) -> Response:
    """GET /: the club's events and what waits in each."""
    club = club_of(request)
    rows = await run_in_threadpool(event_rows, club.folder, club.clock)
    members = await run_in_threadpool(load_members, club.folder)
    return page(request, "club_home.html", title="Events", rows=rows, member_count=len(members))


async def members_page(request: Request) -> Response:
    """GET /members: the member list, the import and the add form."""
    club = club_of(request)
    try:
        members = load_members(club.folder)
        problem = ""
    except MembersError as error:
        members, problem = [], str(error)
    return page(request, "members.html", title="Members", members=members, problem=problem)


def _who(request: Request, fields: dict[str, str]) -> str:
    who = fields.get("by", "").strip() or session_of(request).name or "director"
    session_of(request).name = who
    return who


async def _members_post(request: Request, fields: dict[str, str]) -> Response:
    """POST /members: add, rename or remove one member (action = add, update, remove)."""
    club = club_of(request)
    session = session_of(request)
    action = fields.get("action", "")
    who = _who(request, fields)

    def change() -> str:
        member = which = None
        if action in ("add", "update"):
            member = Member.from_text(fields.get("number", ""), fields.get("name", ""))
        if action in ("update", "remove"):
            which = Member.from_text(fields.get("old_number", ""), fields.get("old_name", ""))
        edit_members(club.folder, who, action, member=member, which=which)
        shown = (
            which.name if which is not None and member is None else str(getattr(member, "name", ""))
        )
        return {"add": "Added", "update": "Saved", "remove": "Removed"}.get(
            action, ""
        ) + f" {shown}."

    try:
        session.say("done", await run_in_threadpool(change))
    except MembersError as error:
        session.say("error", str(error))
    return redirect("/members")


members_post = require_director(_members_post)


async def _members_import(
    request: Request, fields: dict[str, str], files: list[Upload]
) -> Response:
    """POST /members/import: a CSV or XLSX member list, merged by member number."""
    club = club_of(request)
    session = session_of(request)
    who = _who(request, fields)
    if not files:
        session.say("error", "Choose the member list file (CSV or XLSX) first.")
        return redirect("/members")
    upload = files[0]

    def take() -> str:
        report = import_members(
            club.folder,
            upload.path,
            who=who,
            sheet=fields.get("sheet") or None,
            name=upload.filename,
        )
        return f"{upload.filename}: {report.summary()}"

    try:
        session.say("done", await run_in_threadpool(take))
    except MembersError as error:
        session.say("error", str(error))
    return redirect("/members")


members_import = require_director_upload(_members_import)
