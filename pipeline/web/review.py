"""The review queue in the browser: each doubtful reading beside its image crop.

Each item shows the crop, why the reader doubted it, the candidates as buttons, a field to
type the value, and every decision made on it so far (who, when, what). Deciding calls
``pipeline.doors.scans.review.resolve``, the function behind ``bridgescan review resolve``,
which appends a record to ``OUT/review/decisions.jsonl``: the two can be mixed freely, and
the next run (or re-publish) applies the decisions.
"""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from pipeline.doors.scans.review import ReviewError, resolve
from pipeline.web.http import console_of, page, redirect, require_director, session_of
from pipeline.web.state import review_state

__all__ = ["queue_page", "decide"]


async def queue_page(request: Request) -> Response:
    """GET /review: every item, the open ones first."""
    state = review_state(console_of(request).out_dir)
    decided = [item for item in state.items if state.latest(item.id) is not None]
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
    )


async def _decide(request: Request, fields: dict[str, str]) -> Response:
    session = session_of(request)
    item = fields.get("item", "")
    who = fields.get("who", "").strip()
    choice = fields.get("value", "")
    value = fields.get("typed", "") if choice == "typed" else choice
    note = fields.get("note", "")
    if who:
        session.name = who
    folder = review_state(console_of(request).out_dir).folder
    try:
        decision = await run_in_threadpool(resolve, folder, item, who, value, note)
    except ReviewError as error:
        session.say("error", str(error))
    else:
        session.say(
            "done",
            f"{decision.item}: recorded {decision.value!r} by {decision.who}. "
            "Re-publish to put it in the results.",
        )
    return redirect("/review")


decide = require_director(_decide)
