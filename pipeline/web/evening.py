"""An event's evening in the club's console: print, scans in, score, with progress live.

``/events/SLUG/`` is the event's page: the travellers (the scannable forms) and guide cards
as PDF downloads, the upload of scans (several files at once, dragged in, or a phone's
camera), the travellers typed in the browser (pipeline/web/typed_entry.py), the run of
the event's flow with its progress (``progress.json``, polled by the page's script), and
then the event's console as ``serve OUT`` has it: review, corrections, audit, the site.

An upload is checked by content (pipeline/doors/scans/intake.py: a PDF or an image, within
the size limit, readable), kept under a name of ours in ``scans/sessionN/`` with a line in
``scans/uploads.jsonl`` (refusals too), listed in ``inputs.yaml``, and the event's flow
starts: the same flow as ``bridgescan run``, which keeps every scan in the event store and
reads only pages it has not read before.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response

from pipeline.doors.scans.intake import UploadRefused, take_upload
from pipeline.events.club_folder import ClubEvent, write_inputs
from pipeline.events.eventfile import EventFileError, load_event
from pipeline.web.http import club_of, page, redirect, require_director, session_of
from pipeline.web.uploads import Upload, require_director_upload
from scoring.event import Event, Session

__all__ = [
    "club_event",
    "session_boards",
    "evening_page",
    "progress_json",
    "score_post",
    "upload_post",
    "print_pdf",
]

PAPERS = ("A4", "Letter")


def club_event(request: Request) -> ClubEvent | None:
    """The event the address names (``/events/SLUG/...``), its console set as the page's."""
    found: ClubEvent | None = club_of(request).event(request.path_params.get("slug", ""))
    if found is not None:
        request.state.console = club_of(request).console_for(found)
    return found


def session_boards(session: Session) -> list[int]:
    """Every board of a session, over its sections."""
    return sorted({b for section in session.sections for b in section.movement.boards})


def _not_found() -> Response:
    return PlainTextResponse("no such event", status_code=404)


def _uploads(found: ClubEvent) -> list[dict[str, Any]]:
    """The upload log, newest first (accepted and refused)."""
    log = found.folder / "scans" / "uploads.jsonl"
    if not log.is_file():
        return []
    lines = []
    for text in log.read_text(encoding="utf-8").splitlines():
        try:
            lines.append(json.loads(text))
        except ValueError:
            continue
    return lines[::-1]


def _event(found: ClubEvent) -> tuple[Event | None, str]:
    try:
        return load_event(found.event_file), ""
    except EventFileError as error:
        return None, str(error)


async def evening_page(request: Request) -> Response:
    """GET /events/SLUG/: the evening's steps and the event's console overview."""
    found = club_event(request)
    if found is None:
        return _not_found()
    event, problem = await run_in_threadpool(_event, found)
    progress = club_of(request).runner.progress(found.slug)
    typed, boards = {}, {}
    if event is not None:
        from pipeline.doors.entry.traveller_file import typed_boards

        for s in event.sessions:
            typed[s.number] = typed_boards(found.folder, s.number)
            boards[s.number] = session_boards(s)
    return page(
        request,
        "evening.html",
        title="Console",
        event=event,
        event_problem=problem,
        slug=found.slug,
        uploads=_uploads(found),
        progress=progress,
        papers=PAPERS,
        typed=typed,
        boards=boards,
        base=f"/events/{found.slug}",
    )


async def progress_json(request: Request) -> Response:
    """GET /events/SLUG/progress.json: where the event's run is (the page polls it)."""
    found = club_event(request)
    if found is None:
        return _not_found()
    progress = club_of(request).runner.progress(found.slug)
    return JSONResponse({"state": "none"} if progress is None else progress.as_json())


def start_run(request: Request, found: ClubEvent) -> None:
    """Queue the event's flow (the same as ``bridgescan run EVENT --out EVENT/out``)."""
    club_of(request).runner.start(found.slug, found.folder, found.out_dir)


async def _score(request: Request, fields: dict[str, str]) -> Response:
    """POST /events/SLUG/score: run the event's flow now (typed travellers, decisions)."""
    found = club_event(request)
    if found is None:
        return _not_found()
    event, problem = await run_in_threadpool(_event, found)
    if event is None:
        session_of(request).say("error", problem)
    else:
        await run_in_threadpool(write_inputs, found.folder, [s.number for s in event.sessions])
        start_run(request, found)
        session_of(request).say("done", "Scoring started: the progress is shown below.")
    return redirect(f"/events/{found.slug}/#progress")


score_post = require_director(_score)


async def _upload(request: Request, fields: dict[str, str], files: list[Upload]) -> Response:
    """POST /events/SLUG/scans: take each file (checked by content), then run the flow."""
    found = club_event(request)
    if found is None:
        return _not_found()
    session = session_of(request)
    event, problem = await run_in_threadpool(_event, found)
    if event is None:
        session.say("error", problem)
        return redirect(f"/events/{found.slug}/")
    numbers = [s.number for s in event.sessions]
    number = int(fields.get("session", "1")) if fields.get("session", "1").isdigit() else 0
    if number not in numbers:
        session.say("error", f"The event has sessions {', '.join(map(str, numbers))}.")
        return redirect(f"/events/{found.slug}/")
    if not files:
        session.say("error", "Choose the scans first (a PDF from the scanner, or photos).")
        return redirect(f"/events/{found.slug}/")

    def take() -> tuple[list[str], list[str]]:
        taken, refused = [], []
        for upload in files:
            try:
                intake = take_upload(found.folder, number, upload.filename, upload.path)
            except UploadRefused as error:
                refused.append(str(error))
                continue
            if intake.duplicate_of:
                taken.append(
                    f"{upload.filename}: the same file as {intake.duplicate_of}, "
                    "uploaded before (kept once)"
                )
            else:
                note = f" ({intake.note})" if intake.note else ""
                taken.append(f"{upload.filename}: {intake.pages} page(s){note}")
        write_inputs(found.folder, numbers)
        return taken, refused

    taken, refused = await run_in_threadpool(take)
    for line in refused:
        session.say("error", f"Not taken: {line}")
    if taken:
        session.say("done", f"Session {number}: " + "; ".join(taken) + ". Reading started.")
        start_run(request, found)
    return redirect(f"/events/{found.slug}/#progress")


upload_post = require_director_upload(_upload)


async def print_pdf(request: Request) -> Response:
    """GET /events/SLUG/print/{travellers,cards}.pdf?session=N&paper=A4: the session's
    travellers (pairs pre-printed, QR code) or its table and personal guide cards."""
    found = club_event(request)
    if found is None:
        return _not_found()
    what = request.path_params["what"]
    paper = request.query_params.get("paper", "A4")
    session_text = request.query_params.get("session", "1")
    if what not in ("travellers", "cards") or paper not in PAPERS or not session_text.isdigit():
        return PlainTextResponse("not found", status_code=404)
    event, problem = await run_in_threadpool(_event, found)
    if event is None:
        return PlainTextResponse(problem, status_code=409)
    number = int(session_text)
    if number not in [s.number for s in event.sessions]:
        return PlainTextResponse(f"the event has no session {number}", status_code=404)
    data = await run_in_threadpool(_pdf, event, number, what, paper)
    name = f"{found.slug}-session{number}-{what}-{paper.lower()}.pdf"
    return Response(
        data,
        media_type="application/pdf",
        headers={"content-disposition": f'attachment; filename="{name}"'},
    )


def _pdf(event: Event, number: int, what: str, paper: str) -> bytes:
    if what == "travellers":
        from ocr.render import render_pdf
        from pipeline.doors.scans.forms import travellers_from_event

        return render_pdf(travellers_from_event(event, number), paper=paper)
    from pipeline.events.cards_pdf import cards_pdf

    session = event.session(number)
    parts = []
    for section in session.sections:
        names = {p.number: p.names for p in section.pairs}
        title = f"{event.name} - {session.label} - section {section.name}"
        parts.append(cards_pdf(section.movement, paper=paper, title=title, names=names))
    return parts[0] if len(parts) == 1 else _joined(parts)


def _joined(parts: list[bytes]) -> bytes:
    import io

    import pypdfium2

    joined = pypdfium2.PdfDocument.new()
    for data in parts:
        joined.import_pages(pypdfium2.PdfDocument(data))
    out = io.BytesIO()
    joined.save(out)
    return out.getvalue()
