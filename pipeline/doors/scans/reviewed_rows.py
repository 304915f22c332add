"""The rows that stand after a session's scans are read, and what still waits for a person.

- ``accepted_rows``: the rows the reader accepted, from pages that need no person or that a
  person kept;
- ``review_rows``: those, plus the rows a person decided in the review queue (a page named
  ``board N`` read as board N, a rejected page giving none); the rest stays open for review
  (``ReadSession``);
- ``waiting_lines``: the movement's lines whose result was played but waits in the queue.

The pages come read from ``pipeline.doors.scans.reading``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from scoring.traveller import Source, TravellerRow

if TYPE_CHECKING:
    from ocr.reading import PageReading
    from pipeline.doors.scans.review import Decision, ReviewItem
    from pipeline.doors.scans.review_queue import QueueContext
    from pipeline.doors.session_input import WaitingLine
    from scoring.event import Event
    from scoring.movement import MovementEntry

__all__ = ["ReadSession", "accepted_rows", "review_rows", "waiting_lines"]


@dataclass(frozen=True)
class ReadSession:
    """One session's scans after reading: the pages, the rows that stand, the open items
    (``review``) and every item, open or decided (``items``)."""

    session: int
    pages: tuple[PageReading, ...]
    rows: tuple[TravellerRow, ...]
    review: tuple[ReviewItem, ...]
    decided: int = 0
    reused: int = 0  # pages taken as read before (same scan, same reader), not read again
    items: tuple[ReviewItem, ...] = ()


def accepted_rows(
    pages: Sequence[PageReading], page_decisions: Mapping[str, str] | None = None
) -> list[TravellerRow]:
    """The rows the reader accepted, from pages that need no person or that a person kept
    (``page_decisions``: page item id -> ``keep`` / ``board N`` / ``reject``)."""
    from ocr.reading import RowStatus
    from pipeline.doors.scans.review import item_id

    decided = page_decisions or {}
    rows = []
    for page in pages:
        decision = decided.get(item_id(page.page.file, page.page.page, None))
        if page.board is None or (page.needs_review and decision in (None, "reject")):
            continue
        section = page.qr.section if page.qr and page.qr.section else "A"
        rows += [r.to_traveller_row(page.board, section) for r in page.rows
                 if r.status is RowStatus.ACCEPTED]  # fmt: skip
    return rows


def _decided_row(
    item: ReviewItem, decision: Decision, pages: Sequence[PageReading], section: str
) -> TravellerRow | None:
    from pipeline.doors.scans.review_values import parse_row_value

    if item.row is None or item.board is None or decision.value == "reject":
        return None
    value = parse_row_value(decision.value)
    reading = next(
        (r for p in pages if p.page.file == item.file and p.page.page == item.page
         for r in p.rows if r.row == item.row),
        None,
    )  # fmt: skip
    ns = value.ns_pair or (item.pairs[0] if item.pairs else None)
    ew = value.ew_pair or (item.pairs[1] if item.pairs else None)
    if ns is None or ew is None:
        return None
    return TravellerRow(
        board=item.board, ns_pair=ns, ew_pair=ew, contract=value.contract,
        declarer=value.declarer, tricks=value.tricks, passed_out=value.passed_out,
        written_score_ns=value.score_ns, round=reading.round if reading else None,
        section=section,
        source=Source(item.file, page=item.page, row=item.row, column=f"review: {decision.who}"),
    )  # fmt: skip


def _named_boards(
    pages: Sequence[PageReading], page_decisions: Mapping[str, str]
) -> list[PageReading]:
    """Pages whose board a person named (``board N``) carry that board from now on."""
    from dataclasses import replace

    from pipeline.doors.scans.review import item_id

    out = []
    for page in pages:
        value = page_decisions.get(item_id(page.page.file, page.page.page, None), "")
        if value.startswith("board "):
            page = replace(page, board=int(value.split()[1]), board_from="review")
        out.append(page)
    return out


def review_rows(
    session: int,
    pages: Sequence[PageReading],
    decisions: Mapping[str, Decision],
    context: QueueContext | None = None,
) -> ReadSession:
    """Accepted rows and decided review items become rows; the rest stays open for review.

    Page decisions come first: a rejected page gives no rows (its row items close with it),
    a kept page gives its accepted rows, a page named ``board N`` is read as board N.
    """
    from pipeline.doors.scans.review import open_items
    from pipeline.doors.scans.review_queue import build_queue

    page_decisions = {k: d.value for k, d in decisions.items() if "r" not in k.rpartition("#p")[2]}
    pages = _named_boards(pages, page_decisions)
    rows = accepted_rows(pages, page_decisions)
    items = build_queue(pages, context)
    still_open = open_items(items, decisions)
    decided = 0
    sections = {(p.page.file, p.page.page): (p.qr.section if p.qr and p.qr.section else "A")
                for p in pages}  # fmt: skip
    for item in items:
        decision = decisions.get(item.id)
        if decision is None:
            continue
        decided += 1
        row = _decided_row(item, decision, pages, sections.get((item.file, item.page), "A"))
        if row is not None:
            rows.append(row)
    return ReadSession(session, tuple(pages), tuple(rows), tuple(still_open), decided, items=items)


def waiting_lines(
    event: Event, session: int, rows: Sequence[TravellerRow], waiting: Sequence[ReviewItem]
) -> tuple[WaitingLine, ...]:
    """The movement's lines whose result was played but waits in the review queue.

    A row item holds up the line of its pairs; a row or page item whose pairs are not known
    holds up every line of its board that has no result; an item whose board is not known
    holds up the lines of every board with no result at all. A line no open item explains
    stays a missing result.
    """
    from pipeline.doors.session_input import WaitingLine

    found: dict[tuple[int, int, int], WaitingLine] = {}
    for section in event.session(session).sections:
        movement = section.movement
        played = {(r.board, r.ns_pair, r.ew_pair) for r in rows if r.section == section.name}
        played |= {(b, ew, ns) for b, ns, ew in played}
        boards_with_rows = {b for b, _, _ in played}
        missing = {b: [e for e in movement.plays_of(b) if (b, e.ns, e.ew) not in played]
                   for b in movement.boards}  # fmt: skip

        def hold(
            board: int,
            item: ReviewItem,
            pairs: tuple[int, int] | None = None,
            missing: dict[int, list[MovementEntry]] = missing,
        ) -> None:
            for entry in missing.get(board, ()):
                if pairs is not None and {entry.ns, entry.ew} != set(pairs):
                    continue
                key = (board, entry.ns, entry.ew)
                found.setdefault(key, WaitingLine(board, entry.ns, entry.ew, item.id,
                                                  entry.round, entry.table))  # fmt: skip

        for item in waiting:
            if item.board is None:
                for board in movement.boards:
                    if board not in boards_with_rows:
                        hold(board, item)
            elif item.kind == "row" and item.pairs is not None:
                hold(item.board, item, item.pairs)
            else:
                hold(item.board, item)
    return tuple(sorted(found.values(), key=lambda w: (w.board, w.ns_pair)))
