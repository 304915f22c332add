"""The review queue in the browser: each doubtful reading beside its image crop.

Each item shows the crop, why the reader doubted it, the candidates as buttons (those that
do not fit Law 77 or the movement marked), a field to type the value, and every decision
made on it so far (who, when, what). Deciding calls ``decide``
(pipeline/doors/scans/review_decisions.py), the function behind ``bridgescan review
resolve``: it checks the value against Law 77 and the movement (a refusal is shown with
its reason; the director may override with a note) and records it in the event store,
where a later decision replaces an earlier one. The two can be mixed freely.

When the results are published and the store holds the row's page as read, the decision
goes into the results at once: ``pipeline.corrections.correct_review_item`` (what
``bridgescan correct --review-item`` calls) checks it, records it with the audit entry and
publishes the next version, so the director sees the ranking move and the session turn
official when its last item is decided. A decision taken with an override, or on a page
(its board, or "no traveller"), is recorded and waits for the next run of the event.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from pipeline.clock import local_text, parse_instant, zone_name
from pipeline.corrections import (
    NothingPublished,
    ResultsChanged,
    ReviewItemCorrection,
    correct_review_item,
    publishable_as_correction,
)
from pipeline.corrections.request import CorrectionRefused, Role, Signature, line_text
from pipeline.doors.scans.review import ReviewError
from pipeline.doors.scans.review_decisions import decide as take
from pipeline.publish.results_json_read import ResultsJsonError
from pipeline.store import EventStore, StoreError
from pipeline.web.console import Console
from pipeline.web.http import base_of, console_of, page, redirect, require_director, session_of
from pipeline.web.state import open_store, review_state
from pipeline.web.state import results as published_results

__all__ = ["queue_page", "decide"]


async def queue_page(request: Request) -> Response:
    """GET /review: every item, the open ones first."""
    console = console_of(request)
    state = review_state(console.out_dir, console.store)
    decided = [item for item in state.items if state.latest(item.id) is not None]
    zone = _event_zone(console)
    return page(
        request,
        "review.html",
        title="Review queue",
        review=state,
        open_items=state.open,
        decided_items=decided,
        history={
            item.id: [d for d in state.decisions if d.item == item.id] for item in state.items
        },
        decided_at={d.when: local_text(parse_instant(d.when), zone) for d in state.decisions},
        zone=zone_name(zone),
    )


def _event_zone(console: Console) -> str:
    """The event's time zone, as every other time in the console is shown (stored in UTC)."""
    try:
        results = published_results(console.out_dir)
    except ResultsJsonError:
        return ""
    return results.publication.time_zone if results.publication is not None else ""


async def _decide(request: Request, fields: dict[str, str]) -> Response:
    session = session_of(request)
    item = fields.get("item", "")
    who = fields.get("who", "").strip()
    choice = fields.get("value", "")
    value = fields.get("typed", "") if choice == "typed" else choice
    note = fields.get("note", "")
    override = fields.get("override") == "yes"
    if who:
        session.name = who
    console = console_of(request)
    items = review_state(console.out_dir, console.store).items

    def record() -> str:
        with open_store(console.out_dir, console.store) as store:
            if not override and publishable_as_correction(store, item):
                return _publish(store, console, item, who, value, note)
            decision = take(store, items, item, who, value, note=note, override=override,
                            source="console")  # fmt: skip
        return (
            f"{decision.item}: recorded {decision.value!r} by {decision.who}. "
            "The next run of the event (bridgescan run) puts it in the results."
        )

    try:
        message = await run_in_threadpool(record)
    except (ReviewError, CorrectionRefused, ResultsChanged, NothingPublished, StoreError) as error:
        session.say("error", str(error))
    else:
        session.say("done", message)
    return redirect(base_of(request) + "/review")


def _publish(
    store: EventStore, console: Console, item: str, who: str, value: str, note: str
) -> str:
    """Decide ``item`` as ``bridgescan correct --review-item`` does and say what was published."""
    if not who.strip():
        raise ReviewError("a decision needs the name of who made it (Decided by)")
    signature = Signature(who.strip(), Role.DIRECTOR, note.strip() or "review decision")
    outcome = correct_review_item(
        store, console.out_dir, ReviewItemCorrection(item, value), signature, clock=console.clock
    )
    after = outcome.correction.after
    shown = "reject (no result)" if after is None else line_text(after)
    return (
        f"{item}: recorded {shown!r} by {who.strip()} and published as version "
        f"{outcome.published.version}."
    )


decide = require_director(_decide)
