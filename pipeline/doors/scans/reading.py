"""Reading a session's scans: the reader set up for the session, and the pages read.

The scanner door's part of the main job, as plain functions of immutable records:

- ``scan_reader``: a reader that knows the session's pre-printed pairs (the movement, as
  printed on the travellers by ``forms``) and the QR ids it must find;
- ``read_scans``: pages -> readings (ocr/), each page reported as it is read; with a
  ``PageCache`` (the event store), a page read before by the same reader (``reader_key``)
  is taken as it was read, keyed by the scan file's content hash (``file_digest``);
- ``readings_summary``: every page and row as read, for the store and for ``scan read``.

The rows that stand after reading (the reader's accepted rows, plus what a person decided
in the review queue) are ``pipeline.doors.scans.reviewed_rows``'s.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Iterable, Iterator, Sequence
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from ocr.printed_pairs import PrintedPairs
    from ocr.reader import ScanReader
    from ocr.reading import PageReading, PageRef
    from pipeline.doors.scans.review_queue import QueueContext
    from scoring.event import Event

__all__ = [
    "scan_files",
    "printed_pairs",
    "scan_reader",
    "PageCache",
    "reader_key",
    "file_digest",
    "read_scans",
    "renamed",
    "readings_summary",
    "queue_context",
]


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
