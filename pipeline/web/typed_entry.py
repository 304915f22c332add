"""Travellers typed in the club's console: one board's traveller, its lines pre-filled from
the movement, results typed as directors type them (``4S= N``, ``3NTX-2 S``, ``A60/40``).

Every line is checked against Law 77 and the movement when the traveller is saved
(pipeline/doors/entry/traveller_form.py, saved by traveller_saved.py); a refused line is
shown with its reason beside it and nothing of that traveller is saved until every line
checks, so a traveller is never half in. A saved traveller is the spreadsheet door's record:
``typed/sessionN.csv`` (listed in ``inputs.yaml``), read by the same importer as a typed
CSV, with every save a line in ``typed/sessionN.log.jsonl``. "Score now" on the event's page
puts it in the results.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response

from pipeline.doors.entry.traveller_file import typed_boards
from pipeline.doors.entry.traveller_form import (
    FormLine,
    LineCheck,
    TravellerRefused,
    TypedLine,
    check_traveller,
)
from pipeline.doors.entry.traveller_saved import save_traveller, typed_traveller
from pipeline.events.club_folder import write_inputs
from pipeline.events.eventfile import EventFileError, load_event
from pipeline.web.evening import club_event, session_boards
from pipeline.web.http import page, redirect, require_director, session_of
from scoring.event import Event

__all__ = ["entry_page", "entry_post"]

MAX_LINES = 40


def _choice(event: Event, session_text: str, board_text: str) -> tuple[int, int]:
    numbers = [s.number for s in event.sessions]
    session = int(session_text) if session_text.isdigit() else numbers[0]
    if session not in numbers:
        session = numbers[0]
    boards = session_boards(event.session(session))
    board = int(board_text) if board_text.isdigit() else boards[0]
    return session, board if board in boards else boards[0]


def _render(
    request: Request,
    slug: str,
    event: Event,
    session: int,
    board: int,
    lines: list[TypedLine],
    checks: list[LineCheck] | None,
    typed: set[int],
    status: int = 200,
) -> Response:
    boards = session_boards(event.session(session))
    return page(
        request,
        "traveller.html",
        status=status,
        title=f"Board {board}: type the traveller",
        slug=slug,
        event=event,
        chosen_session=session,
        board=board,
        boards=boards,
        lines=lines,
        checks=checks,
        typed=typed,
        base=f"/events/{slug}",
    )


async def entry_page(request: Request) -> Response:
    """GET /events/SLUG/entry?session=N&board=B: the traveller, as saved or pre-filled."""
    found = club_event(request)
    if found is None:
        return PlainTextResponse("no such event", status_code=404)
    try:
        event = load_event(found.event_file)
    except EventFileError as error:
        return PlainTextResponse(str(error), status_code=409)
    session, board = _choice(
        event, request.query_params.get("session", ""), request.query_params.get("board", "")
    )
    lines = typed_traveller(found.folder, event, session, board)
    typed = set(typed_boards(found.folder, session))
    return _render(request, found.slug, event, session, board, lines, None, typed)


def _number(fields: dict[str, str], name: str) -> int:
    text = fields.get(name, "").strip()
    return int(text) if text.isdigit() and len(text) < 5 else 0


def _typed_lines(fields: dict[str, str]) -> list[TypedLine]:
    """The traveller's lines as the form sent them (at most MAX_LINES)."""
    count = min(_number(fields, "lines"), MAX_LINES)
    out = []
    for i in range(count):
        line = FormLine(
            fields.get(f"section-{i}", "A"),
            _number(fields, f"round-{i}"),
            _number(fields, f"table-{i}") or None,
            _number(fields, f"ns-{i}"),
            _number(fields, f"ew-{i}"),
        )
        out.append(TypedLine(line, fields.get(f"result-{i}", ""), fields.get(f"score-{i}", "")))
    return out


async def _entry(request: Request, fields: dict[str, str]) -> Response:
    """POST /events/SLUG/entry: check every line; save the traveller when all check."""
    found = club_event(request)
    if found is None:
        return PlainTextResponse("no such event", status_code=404)
    session_state = session_of(request)
    who = fields.get("by", "").strip() or session_state.name or "director"
    session_state.name = who  # the form shown again keeps who is typing
    try:
        event = load_event(found.event_file)
    except EventFileError as error:
        return PlainTextResponse(str(error), status_code=409)
    session, board = _choice(event, fields.get("session", ""), fields.get("board", ""))
    lines = _typed_lines(fields)
    folder = found.folder
    checks = await run_in_threadpool(check_traveller, event, session, board, lines)
    if not all(c.ok for c in checks):
        session_state.say("error", f"Board {board} was not saved: see the marked lines.")
        typed = set(typed_boards(folder, session))
        return _render(request, found.slug, event, session, board, lines, checks, typed, 400)

    def save() -> None:
        save_traveller(folder, event, session, board, lines, who)
        write_inputs(folder, [s.number for s in event.sessions])

    try:
        await run_in_threadpool(save)
    except TravellerRefused as error:
        session_state.say("error", str(error))
        typed = set(typed_boards(folder, session))
        return _render(request, found.slug, event, session, board, lines, checks, typed, 400)
    entered = sum(1 for line in lines if line.result.strip())
    session_state.say(
        "done",
        f"Board {board} saved ({entered} result(s)). "
        '"Score now" on the event\'s page puts it in the results.',
    )
    boards = session_boards(event.session(session))
    later = [b for b in boards if b > board]
    target = later[0] if later else board
    return redirect(f"/events/{found.slug}/entry?session={session}&board={target}")


entry_post = require_director(_entry)
