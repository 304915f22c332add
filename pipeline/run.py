"""The main job as plain functions: an event folder in, published results out.

Every step takes and returns immutable records and writes what it learns to the event
store (pipeline/store.py), so the Prefect flow (pipeline/flows.py) is a thin wrapper and a
re-run after a crash or a review decision adds nothing twice:

1. ``keep_scans``: every scan file kept in the store as a blob, before anything reads it;
2. ``read_scans``: pages -> readings (ocr/), with the movement's pre-printed pairs;
3. ``review_rows``: accepted rows, plus rows a person decided in the review queue;
4. ``merge_rows``: a typed row (the director's adjusted score) supersedes the scanned
   row of the same board and pairs, and says so;
5. ``record_rows``: the traveller rows of a session as records (superseding, never edited);
6. scoring and publishing through the spreadsheet path's functions (pipeline/scoring_run.py,
   pipeline/workbook), so both doors give the same workbook.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.inputs import SessionFiles
from pipeline.store import EventStore
from scoring.event import Event
from scoring.traveller import Source, TravellerRow

if TYPE_CHECKING:
    from ocr.reader import ScanReader
    from ocr.reading import PageReading
    from ocr.row_reader import PrintedPairs
    from pipeline.review import Decision, ReviewItem
    from pipeline.scoring_run import SessionInput
    from pipeline.workbook.model import EventResults

__all__ = [
    "ReadSession",
    "keep_scans",
    "printed_pairs",
    "scan_reader",
    "read_scans",
    "readings_summary",
    "accepted_rows",
    "review_rows",
    "merge_rows",
    "record_rows",
    "session_input",
]

REVIEW_FOLDER = "review"


@dataclass(frozen=True)
class ReadSession:
    """One session's scans after reading: the pages, the rows that stand, the open items."""

    session: int
    pages: tuple[PageReading, ...]
    rows: tuple[TravellerRow, ...]
    review: tuple[ReviewItem, ...]
    decided: int = 0


def _scan_files(paths: Iterable[Path]) -> list[Path]:
    from ocr.reader import collect_inputs

    files: list[Path] = []
    for path in paths:
        files += collect_inputs(path)
    return files


def keep_scans(store: EventStore, files: SessionFiles) -> list[str]:
    """Store every scan file of the session (content-addressed); returns their digests."""
    digests = []
    for path in _scan_files(files.scans):
        digest = store.put_blob(path.name, path.read_bytes())
        store.append("scan", f"s{files.session}/{path.name}", {"file": path.name, "blob": digest})
        digests.append(digest)
    return digests


def printed_pairs(event: Event, session: int) -> dict[tuple[str, int], PrintedPairs]:
    """(section, board) -> what the session's travellers have pre-printed (the movement)."""
    from ocr.row_reader import PrintedPairs
    from pipeline.cli_forms import travellers_from_event

    table = {}
    for sheet in travellers_from_event(event, session):
        rows = tuple((r.round, r.ns_pair, r.ew_pair) for r in sheet.rows)
        allowed = tuple((ns, ew) for _, ns, ew in rows)
        table[(sheet.section, sheet.board)] = PrintedPairs(rows, allowed)  # type: ignore[arg-type]
    return table


def scan_reader(event: Event | None = None, session: int | None = None) -> ScanReader:
    """A reader that knows the session's pre-printed pairs and QR ids (or, without an event,
    reads the printed pair numbers with Tesseract)."""
    from ocr.reader import ScanReader
    from pipeline.cli_forms import event_id

    if event is None or session is None:
        return ScanReader()
    table = printed_pairs(event, session)

    def lookup(board: int, section: str = "A") -> PrintedPairs | None:
        return table.get((section or "A", board))

    return ScanReader(printed_pairs=lookup, expect=(event_id(event.name), str(session)))


def read_scans(
    reader: ScanReader,
    paths: Iterable[Path],
    on_page: Callable[[PageReading], None] | None = None,
) -> list[PageReading]:
    """Read every page of the files (or folders) in ``paths``; two scans of one board are
    flagged; ``on_page`` sees each page as it is read (a progress bar)."""
    from ocr.reader import load_pages, mark_duplicates

    pages = []
    for path in _scan_files(paths):
        for ref, image in load_pages(path):
            page = reader.read_image(image, ref)
            pages.append(page)
            if on_page is not None:
                on_page(page)
    return mark_duplicates(pages)


def readings_summary(pages: Sequence[PageReading]) -> dict[str, object]:
    """A readable summary of every page and row as read (no images): what was on the
    paper, the candidates and how sure the reader was."""
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


def accepted_rows(pages: Sequence[PageReading]) -> list[TravellerRow]:
    """The rows the reader accepted, from pages that need no person (bad pages give none)."""
    from ocr.reading import RowStatus

    rows = []
    for page in pages:
        if page.board is None or page.needs_review:
            continue
        section = page.qr.section if page.qr and page.qr.section else "A"
        rows += [r.to_traveller_row(page.board, section) for r in page.rows
                 if r.status is RowStatus.ACCEPTED]  # fmt: skip
    return rows


def record_readings(store: EventStore, session: int, pages: Sequence[PageReading]) -> None:
    """Keep every page as read (fields, candidates, posteriors; crops as blobs)."""
    summaries = readings_summary(pages)["pages"]
    for page, summary in zip(pages, summaries, strict=True):  # type: ignore[call-overload]
        if page.thumbnail is not None and page.thumbnail.png:
            summary["thumbnail"] = store.put_blob(f"{page.page}.png", page.thumbnail.png)
        store.append("reading", f"s{session}/{Path(page.page.file).name}#p{page.page.page}",
                     summary, actor="reader")  # fmt: skip


def _decided_row(
    item: ReviewItem, decision: Decision, pages: Sequence[PageReading]
) -> TravellerRow | None:
    from pipeline.review import parse_row_value

    if item.row is None or item.board is None or decision.value.strip().lower() == "reject":
        return None
    value = parse_row_value(decision.value)
    reading = next(
        (r for p in pages if p.page.file == item.file and p.page.page == item.page
         for r in p.rows if r.row == item.row),
        None,
    )  # fmt: skip
    best = reading.best if reading is not None else None
    ns = value.ns_pair or (best.ns_pair if best else None)
    ew = value.ew_pair or (best.ew_pair if best else None)
    if ns is None or ew is None:
        return None
    return TravellerRow(
        board=item.board, ns_pair=ns, ew_pair=ew, contract=value.contract,
        declarer=value.declarer, tricks=value.tricks, passed_out=value.passed_out,
        written_score_ns=value.score_ns, round=reading.round if reading else None,
        source=Source(item.file, page=item.page, row=item.row, column=f"review: {decision.who}"),
    )  # fmt: skip


def review_rows(
    session: int, pages: Sequence[PageReading], decisions: Sequence[Decision]
) -> ReadSession:
    """Accepted rows and decided review items become rows; the rest stays open for review."""
    from pipeline.review import build_queue

    rows = accepted_rows(pages)
    latest = {d.item: d for d in decisions}
    items = build_queue(pages)
    still_open, decided = [], 0
    for item in items:
        decision = latest.get(item.id)
        if decision is None:
            still_open.append(item)
            continue
        decided += 1
        row = _decided_row(item, decision, pages)
        if row is not None:
            rows.append(row)
    return ReadSession(session, tuple(pages), tuple(rows), tuple(still_open), decided)


def merge_rows(
    scanned: Sequence[TravellerRow], typed: Sequence[TravellerRow]
) -> tuple[tuple[TravellerRow, ...], tuple[str, ...]]:
    """Scanned rows, with typed rows superseding the scanned row of the same board and pairs.

    Returns the rows and a note per superseded row, so the replacement is never silent.
    """
    by_line = {(r.section, r.board, r.ns_pair, r.ew_pair): r for r in scanned}
    notes = []
    for row in typed:
        key = (row.section, row.board, row.ns_pair, row.ew_pair)
        if key in by_line:
            notes.append(
                f"board {row.board}, NS {row.ns_pair} vs EW {row.ew_pair}: the typed row "
                f"({row.source}) replaces the scanned one ({by_line[key].source})"
            )
        by_line[key] = row
    return tuple(by_line.values()), tuple(notes)


def row_key(session: int, row: TravellerRow) -> str:
    """The store key of a traveller line: session, section, board and the two pairs."""
    return f"s{session}/{row.section}/b{row.board}/{row.ns_pair}-{row.ew_pair}"


def _actor(row: TravellerRow) -> str:
    source = row.source
    if source is not None and source.column and source.column.startswith("review: "):
        return source.column  # decided by a person in the review queue
    if source is not None and source.page is not None:
        return "scanner"
    return "typed"


def record_rows(store: EventStore, session: int, rows: Sequence[TravellerRow]) -> int:
    """Store the session's rows; returns how many were new or changed (0 on a re-run).

    A row stored before that is not among ``rows`` any more (a decision rejected it) gets
    a tombstone record, so the store's current view is the rows that were scored.
    """
    changed = 0
    keys = set()
    for row in rows:
        key = row_key(session, row)
        keys.add(key)
        previous = store.latest("row", key)
        record = store.append("row", key, row, actor=_actor(row))
        changed += previous is None or previous.seq != record.seq
    for key, stored in store.current("row", f"s{session}/").items():
        if key not in keys and stored.value is not None:
            store.append("row", key, None, actor="bridgescan", reason="no longer on the travellers")
            changed += 1
    return changed


def _with_tables(event: Event, session: int, rows: Sequence[TravellerRow]) -> list[TravellerRow]:
    """Scanned rows carry the round (printed on the form); the movement gives the table."""
    sections = {s.name: s for s in event.session(session).sections}
    out = []
    for row in rows:
        section = sections.get(row.section)
        entry = None if section is None else section.movement.entry_for(row.board, row.ns_pair)
        if row.table is None and entry is not None and entry.pairs == (row.ns_pair, row.ew_pair):
            row = replace(row, table=entry.table)
        out.append(row)
    return out


def session_input(
    event: Event, files: SessionFiles, scanned: ReadSession | None
) -> tuple[SessionInput, tuple[str, ...]]:
    """The session's rows for scoring: scanned rows merged with the typed entries."""
    from pipeline.scoring_run import SessionInput, read_session

    typed = read_session(event, files.session, list(files.entries)) if files.entries else None
    if scanned is None:
        assert typed is not None
        return typed, ()
    rows, notes = merge_rows(_with_tables(event, files.session, scanned.rows),
                             typed.rows if typed else ())  # fmt: skip
    names = tuple(str(p) for p in (*files.scans, *files.entries))
    if typed is None:
        return SessionInput(files.session, rows, names), notes
    return replace(typed, rows=rows, files=names), notes


def write_review(read: Sequence[ReadSession], out_dir: Path) -> Path:
    """The open review items of every session: ``review/review.json`` and ``review.xlsx``."""
    from pipeline.review import write_queue, write_sheet

    folder = out_dir / REVIEW_FOLDER
    items = [item for session in read for item in session.review]
    write_queue(items, folder)
    write_sheet(items, folder / "review.xlsx")
    return folder


def load_decisions(out_dir: Path) -> list[Decision]:
    """Decisions made so far with ``bridgescan review resolve OUT/review ...``."""
    from pipeline.review import load_decisions as load

    return load(out_dir / REVIEW_FOLDER)


def results_record(results: EventResults) -> dict[str, object]:
    """The published results as a store record (the JSON the web gets)."""
    from pipeline.results_json import results_to_json

    return json.loads(results_to_json(results))
