"""Reading a session's scans: the reader set up for the session, and the rows that stand.

The scanner door's part of the main job, as plain functions of immutable records:

- ``scan_reader``: a reader that knows the session's pre-printed pairs (the movement, as
  printed on the travellers by ``forms``) and the QR ids it must find;
- ``read_scans``: pages -> readings (ocr/), each page reported as it is read; with a
  ``PageCache`` (the event store), a page read before by the same reader (``reader_key``)
  is taken as it was read, keyed by the scan file's content hash (``file_digest``);
- ``accepted_rows`` / ``review_rows``: the rows the reader accepted, plus rows a person
  decided in the review queue; the rest stays open for review;
- ``readings_summary``: every page and row as read, for the store and for ``scan read``.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from scoring.traveller import Source, TravellerRow

if TYPE_CHECKING:
    from ocr.printed_pairs import PrintedPairs
    from ocr.reader import ScanReader
    from ocr.reading import PageReading, PageRef
    from pipeline.doors.scans.review import Decision, ReviewItem
    from pipeline.doors.scans.review_queue import QueueContext
    from pipeline.doors.session_input import WaitingLine
    from scoring.event import Event
    from scoring.movement import MovementEntry

__all__ = [
    "ReadSession",
    "scan_files",
    "printed_pairs",
    "scan_reader",
    "PageCache",
    "reader_key",
    "file_digest",
    "read_scans",
    "renamed",
    "readings_summary",
    "accepted_rows",
    "review_rows",
    "queue_context",
    "waiting_lines",
]


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


def scan_files(paths: Iterable[Path]) -> list[Path]:
    """Every scan file under ``paths`` (files, or folders of PDFs and images), in order."""
    from ocr.pages import collect_inputs

    files: list[Path] = []
    for path in paths:
        files += collect_inputs(path)
    return files


def printed_pairs(event: Event, session: int) -> dict[tuple[str, int], PrintedPairs]:
    """(section, board) -> what the session's travellers have pre-printed (the movement):
    the rows, the pairs the movement sends to the board, and the pairs it seats in each
    round of the section (a pair written on a row must be one of its round's)."""
    from ocr.printed_pairs import PrintedPairs
    from pipeline.doors.scans.forms import travellers_from_event

    sheets = travellers_from_event(event, session)
    meetings: dict[str, dict[int, set[tuple[int, int]]]] = {}  # section -> round -> tables
    for sheet in sheets:
        for r in sheet.rows:
            if r.round is not None:
                meetings.setdefault(sheet.section, {}).setdefault(r.round, set()).add(
                    (r.ns_pair, r.ew_pair)
                )
    seated = {  # section -> round -> the pairs it seats
        section: {rnd: frozenset(n for pair in tables for n in pair) for rnd, tables in by.items()}
        for section, by in meetings.items()
    }
    one_series = {section: _one_series(rounds) for section, rounds in meetings.items()}
    table = {}
    for sheet in sheets:
        rows = tuple((r.round, r.ns_pair, r.ew_pair) for r in sheet.rows)
        allowed = tuple((ns, ew) for _, ns, ew in rows)
        table[(sheet.section, sheet.board)] = PrintedPairs(
            rows,  # type: ignore[arg-type]
            allowed,
            seated.get(sheet.section, {}),
            one_series.get(sheet.section),
        )
    return table


def _one_series(rounds: dict[int, set[tuple[int, int]]]) -> bool:
    """Whether a section numbers its pairs in one series: a pair sits at one table a
    round, so a number at two tables of a round (or on both sides of one) is two pairs,
    numbered NS and EW apart."""
    for meetings in rounds.values():
        numbers = [n for meeting in meetings for n in meeting]
        if len(numbers) != len(set(numbers)):
            return False
    return True


def queue_context(event: Event | None, session: int | None) -> QueueContext:
    """What the review queue needs of the session: its boards and the movement per board."""
    from pipeline.doors.scans.review_queue import QueueContext

    if event is None or session is None:
        return QueueContext()
    table = printed_pairs(event, session)
    boards = tuple(sorted({b for s in event.session(session).sections for b in s.movement.boards}))
    return QueueContext(session, boards, lambda board, section: table.get((section or "A", board)))


def scan_reader(event: Event | None = None, session: int | None = None) -> ScanReader:
    """A reader that knows the session's pre-printed pairs and QR ids (or, without an event,
    reads the printed pair numbers with Tesseract)."""
    from ocr.reader import ScanReader
    from pipeline.doors.scans.forms import event_id

    if event is None or session is None:
        return ScanReader()
    table = printed_pairs(event, session)

    def lookup(board: int, section: str = "A") -> PrintedPairs | None:
        return table.get((section or "A", board))

    return ScanReader(printed_pairs=lookup, expect=(event_id(event.name), str(session)))


class PageCache(Protocol):
    """Pages read before, by the scan file's content hash, page number and reader version
    (pipeline/flows/readings.py keeps them in the event store)."""

    def get(self, file_digest: str, page: int) -> PageReading | None: ...

    def put(self, file_digest: str, page: int, reading: PageReading) -> None: ...


def reader_key(reader: ScanReader, event: Event | None = None, session: int | None = None) -> str:
    """The version of the reader as set up for a session: the reader's own version
    (ocr/version.py) and what the session adds (the movement pre-printed on its
    travellers, the event and session its QR codes must name)."""
    from ocr.version import reader_version

    context = "" if event is None or session is None else repr(
        (sorted(printed_pairs(event, session).items()), reader.expect))  # fmt: skip
    version = reader_version(reader)  # its model's digest and layout's text: once
    digest = hashlib.sha256(f"{version}|{context}".encode()).hexdigest()
    return f"{version}-{digest[:12]}"


def file_digest(path: Path) -> str:
    """SHA-256 of a scan file's bytes (the key its blob is kept under, too)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def read_scans(
    reader: ScanReader,
    paths: Iterable[Path],
    on_page: Callable[[PageReading], None] | None = None,
    cache: PageCache | None = None,
) -> list[PageReading]:
    """Read every page of the files (or folders) in ``paths``, then check the stack as a
    whole (ocr.reader.finish_batch: two scans of one board, pairs a round does not seat);
    ``on_page`` sees each page as it is read (a progress bar). With a ``cache``, a page
    read before with the same reader is taken from it (named as it is now) and only new
    pages, or pages whose reader changed, are read and added to it; the stack's checks
    run on every page, stored or new."""
    from ocr.pages import load_pages, page_count
    from ocr.stack import finish_batch

    pages = []
    for path in scan_files(paths):
        if cache is None:
            read = (reader.read_image(image, ref) for ref, image in load_pages(path))
        else:
            read = _read_with(cache, reader, path, page_count(path), load_pages)
        for page in read:
            pages.append(page)
            if on_page is not None:
                on_page(page)
    return finish_batch(pages)


def _read_with(
    cache: PageCache, reader: ScanReader, path: Path, count: int, load: Callable[..., Any]
) -> Iterator[PageReading]:
    from ocr.reading import PageRef

    digest = file_digest(path)
    for number in range(1, count + 1):
        stored = cache.get(digest, number)
        if stored is not None:
            yield renamed(stored, PageRef(str(path), number))
            continue
        for ref, image in load(path, number, number):
            page = reader.read_image(image, ref)
            cache.put(digest, number, page)
            yield page


def renamed(page: PageReading, ref: PageRef) -> PageReading:
    """A stored page reading under the name its file has now (the same scan may have been
    read from another folder, or by another event of a batch)."""
    old = page.page
    if old == ref:
        return page
    return _swap(page, old, ref)  # type: ignore[no-any-return]


def _swap(value: Any, old: PageRef, new: PageRef) -> Any:
    from ocr.reading import PageRef

    if isinstance(value, PageRef):
        return new if value == old else value
    if isinstance(value, tuple):
        return tuple(_swap(item, old, new) for item in value)
    if isinstance(value, str):
        return value.replace(str(old), str(new)) if str(old) in value else value
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and not isinstance(
            value, Enum):  # fmt: skip
        changed = {f.name: _swap(getattr(value, f.name), old, new)
                   for f in dataclasses.fields(value) if f.init}  # fmt: skip
        return dataclasses.replace(value, **changed)
    return value


def readings_summary(pages: Sequence[PageReading]) -> dict[str, object]:
    """A readable summary of every page and row as read (no images): what was on the
    paper, the candidates and how sure the reader was. Made of JSON's own types only
    (strings, numbers, lists, dicts with string keys), which the store relies on to write
    each page's summary without its codec's walk (``Append.plain``)."""
    out = []
    for p in pages:
        out.append({
            "file": p.page.file, "page": p.page.page, "board": p.board,
            "board_from": p.board_from, "rotation": p.rotation,
            "problems": [str(x) for x in p.problems], "message": p.message,
            "rows": [{
                "row": r.row, "round": r.round, "status": str(r.status),
                "reading": None if r.best is None else str(r.best),
                "posterior": round(r.posterior, 5), "reasons": list(r.reasons),
                "alternatives": [[str(a), round(q, 5)] for a, q in r.alternatives],
                "fields": {f.field: {"value": f.value, "unsure": f.unsure,
                                     "candidates": [[c.value, round(c.probability, 4)]
                                                    for c in f.candidates],
                                     "rect_mm": list(f.crop.rect_mm)} for f in r.fields},
            } for r in p.rows],
        })  # fmt: skip
    return {"version": 1, "pages": out}


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
