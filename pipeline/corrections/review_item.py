"""A correction of the decision on a review item: a scanned row decided again.

The reader sends a row it is not sure of to the review queue (``pipeline.doors.scans.review``),
and a person decides it: a candidate, a row as typed, or "reject" (no result). When that
decision, or a row the reader accepted, turns out wrong after publication, the director
corrects it here by the item's id (``session1.pdf#p6r5``: file, page, row): the row as
read is taken from the event store (``reading`` records), the new decision is checked like
any correction (Law 77, the movement, the clock) and kept twice, as the correction and as a
new ``Decision`` record (kind ``decision``, the record the review queue writes), so the
next run takes the same decision and the item stays closed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from datetime import UTC
from pathlib import Path

from pipeline.clock import Clock, now
from pipeline.corrections.correct import (
    Change,
    CorrectionOutcome,
    make_correction,
    session_input,
)
from pipeline.corrections.request import CorrectionRefused, Signature, line_text
from pipeline.corrections.stored_state import StoredState
from pipeline.doors.scans.review import Decision, ReviewError, ReviewItem
from pipeline.doors.scans.review_queue_file import load_queue
from pipeline.doors.scans.review_values import interpret, parse_row_value
from pipeline.store import EventStore
from scoring.board import vulnerability_of
from scoring.traveller import Source, TravellerRow

__all__ = ["ReviewItemCorrection", "correct_review_item", "publishable_as_correction"]

READING = "reading"
_ITEM = re.compile(r"^(?P<file>[^#/]+)#p(?P<page>\d+)(?:r(?P<row>\d+))?$")


@dataclass(frozen=True)
class ReviewItemCorrection:
    """Decide review item ``item`` again: ``value`` is ``candidate N``, a row as typed
    (``3-12 4HX N -1 -200``, ``4S S = 620``; Scandinavian notation too) or ``reject``."""

    item: str
    value: str
    seen_version: int | None = None


def _page(store: EventStore, item: str) -> tuple[int, dict, int]:  # type: ignore[type-arg]
    match = _ITEM.match(item.strip())
    if match is None:
        raise CorrectionRefused(f"{item!r} is not a review item id (file#pPAGErROW)")
    if match["row"] is None:
        raise CorrectionRefused(
            f"review item {item}: a page's decision (its board, or that it is no traveller) "
            "changes which rows there are: decide it with `bridgescan review resolve` and run "
            "again"
        )
    key_end = f"/{match['file']}#p{match['page']}"
    for key, record in store.current(READING).items():
        if key.endswith(key_end) and key.startswith("s"):
            session = int(key[1:].split("/", 1)[0])
            return session, record.value, int(match["row"])
    raise CorrectionRefused(f"review item {item}: no page {match['page']} of {match['file']} "
                            "was read into this event")  # fmt: skip


def publishable_as_correction(store: EventStore, item: str) -> bool:
    """Whether ``item`` is a row whose page the event store holds as read, so deciding it
    can publish at once (``correct_review_item``); a page's item, or a page read outside
    this store, waits for the next run."""
    try:
        _page(store, item)
    except CorrectionRefused:
        return False
    return True


def _queued(out_dir: Path, item: str) -> ReviewItem | None:
    """The item as the review queue lists it (its candidates in the queue's order)."""
    try:
        return next((i for i in load_queue(out_dir) if i.id == item), None)
    except ReviewError:
        return None


def _text(item: str, value: str, row: dict, queued: ReviewItem | None = None) -> str | None:  # type: ignore[type-arg]
    """The decision as a row reading, or None for 'reject'. ``candidate N`` counts as
    ``bridgescan review list`` numbers the candidates (the queue's), when the queue is there."""
    low = value.strip().lower()
    if low == "reject":
        return None
    if queued is not None and low.startswith("candidate"):
        try:
            return interpret(queued, value)[0]
        except ReviewError as error:
            raise CorrectionRefused(f"review item {item}: {error}") from None
    if low.startswith("candidate"):
        candidates = [row["reading"]] if row.get("reading") else []
        candidates += [text for text, _ in row.get("alternatives", [])]
        try:
            return str(candidates[int(low.split()[1]) - 1])
        except (IndexError, ValueError):
            raise CorrectionRefused(
                f"review item {item}: {value!r}: there are {len(candidates)} candidates"
            ) from None
    return value.strip()


def _decided_row(
    state: StoredState,
    item: str,
    session: int,
    page: dict,
    row: dict,
    text: str,
    by: str,  # type: ignore[type-arg]
) -> TravellerRow:
    where = f"review item {item}"
    try:
        value = parse_row_value(text)
        read = parse_row_value(row["reading"]) if row.get("reading") else None
    except ReviewError as error:
        raise CorrectionRefused(f"{where}: {error}") from None
    ns = value.ns_pair or (read.ns_pair if read else None)
    ew = value.ew_pair or (read.ew_pair if read else None)
    board = page.get("board")
    if ns is None or ew is None or board is None:
        raise CorrectionRefused(f"{where}: give the pairs too (e.g. 3-12 {text})")
    section = state.event.session(session).sections[0]
    entry = section.movement.entry_for(board, ns)
    table = entry.table if entry is not None and entry.pairs == (ns, ew) else None
    decided = TravellerRow(
        board=board, ns_pair=ns, ew_pair=ew, contract=value.contract, declarer=value.declarer,
        tricks=value.tricks, passed_out=value.passed_out, written_score_ns=value.score_ns,
        round=row.get("round"), table=table, section=section.name,
        source=Source(page["file"], page=page["page"], row=row["row"], column=f"review: {by}"),
    )  # fmt: skip
    law77 = decided.law77_score_ns()
    if law77 is None:
        raise CorrectionRefused(f"{where}: {text!r} is no complete result (4S N = 420, PASS)")
    if decided.written_score_ns is None:
        return replace(decided, written_score_ns=law77)
    if decided.written_score_ns != law77:
        raise CorrectionRefused(
            f"{where}: {line_text(decided)} does not fit Law 77 on board {board} "
            f"(vulnerability {vulnerability_of(board)}): the result gives {law77:+d}"
        )
    return decided


def correct_review_item(
    store: EventStore,
    out_dir: Path,
    request: ReviewItemCorrection,
    signature: Signature,
    clock: Clock | None = None,
) -> CorrectionOutcome:
    """Decide a review item again (or correct a row the reader accepted, by its id) and
    publish the next version; refused like any correction (bad, late, results changed)."""
    session, page, number = _page(store, request.item)
    row = next((r for r in page.get("rows", []) if r.get("row") == number), None)
    if row is None:
        raise CorrectionRefused(f"review item {request.item}: the page has no row {number}")

    def change(state: StoredState, _number: int) -> Change:
        data = session_input(state, session)
        before = next(
            (r for r in data.rows if r.source is not None and r.source.page == page["page"]
             and r.source.row == number and Path(r.source.file).name == Path(page["file"]).name),
            None,
        )  # fmt: skip
        text = _text(request.item, request.value, row, _queued(out_dir, request.item))
        after = None
        if text is not None:
            after = _decided_row(state, request.item, session, page, row, text, signature.by)
        still_open = request.item in state.open_items.get(session, ())
        if after is None and before is None and not still_open:
            raise CorrectionRefused(f"review item {request.item}: there is no row to reject")
        if after is not None and before is not None and after == before and not still_open:
            raise CorrectionRefused(
                f"review item {request.item}: the row is already {line_text(before)}"
            )
        stamp = now(clock).astimezone(UTC).isoformat(timespec="seconds")
        decision = Decision(request.item, signature.by, stamp, text or "reject", signature.reason,
                            source="correction")  # fmt: skip
        board = page.get("board") or 0
        return Change(session, board, before, after, f"review item {request.item}",
                      review_item=request.item, decision=decision)  # fmt: skip

    return make_correction(store, out_dir, change, signature, request.seen_version, clock)
