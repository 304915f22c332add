"""The main job's steps as plain functions over the event store.

Every step takes and returns immutable records and writes what it learns to the event
store (pipeline/store/), so the Prefect flow (pipeline/flows/run_event.py) is a thin
wrapper and a re-run after a crash or a review decision adds nothing twice:

1. ``keep_scans``: every scan file kept in the store as a blob, before anything reads it;
2. reading (pipeline/doors/scans/reading.py): pages -> readings, accepted and decided rows;
3. ``record_readings``: every page as read, kept;
4. ``merge_rows`` / ``session_input``: a typed row (the director's adjusted score)
   supersedes the scanned row of the same board and pairs, and says so;
5. ``record_rows`` / ``record_input``: the traveller rows of a session as records
   (superseding, never edited) and what else they are scored from (pipeline/corrections/
   inputs.py);
6. scoring and publishing the store's state as a numbered version (pipeline/corrections/
   publication.py, through pipeline/results/ and pipeline/publish/), the same for both
   doors and for every correction.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.corrections.inputs import record_input, record_rows, row_key
from pipeline.doors.inputs import SessionFiles
from pipeline.doors.scans.reading import readings_summary, scan_files
from pipeline.doors.scans.review_queue_file import REVIEW_FOLDER
from pipeline.doors.scans.reviewed_rows import ReadSession
from pipeline.store import Append, EventStore
from scoring.event import Event
from scoring.traveller import TravellerRow

if TYPE_CHECKING:
    from ocr.reading import PageReading
    from pipeline.doors.scans.review import Decision
    from pipeline.doors.session_input import SessionInput
    from pipeline.results.model.event import EventResults

__all__ = [
    "REVIEW_FOLDER",
    "keep_scans",
    "record_readings",
    "merge_rows",
    "row_key",
    "record_rows",
    "record_input",
    "session_input",
    "write_review",
    "load_decisions",
    "results_record",
]


def keep_scans(store: EventStore, files: SessionFiles) -> list[str]:
    """Store every scan file of the session (content-addressed); returns their digests."""
    digests = []
    for path in scan_files(files.scans):
        digest = store.put_blob(path.name, path.read_bytes())
        store.append("scan", f"s{files.session}/{path.name}", {"file": path.name, "blob": digest})
        digests.append(digest)
    return digests


def record_readings(store: EventStore, session: int, pages: Sequence[PageReading]) -> None:
    """Keep every page as read (fields, candidates, posteriors; crops as blobs), the
    session's thumbnails in one transaction and its records in one append (two commits,
    not one a page)."""
    summaries = readings_summary(pages)["pages"]
    shown = [(i, f"{page.page}.png", page.thumbnail.png) for i, page in enumerate(pages)
             if page.thumbnail is not None and page.thumbnail.png]  # fmt: skip
    kept = store.put_blobs([(name, png) for _, name, png in shown])
    thumbnails = {i: digest for (i, _, _), digest in zip(shown, kept, strict=True)}
    entries = []
    for i, (page, summary) in enumerate(zip(pages, summaries, strict=True)):  # type: ignore[call-overload]
        if i in thumbnails:
            summary["thumbnail"] = thumbnails[i]
        key = f"s{session}/{Path(page.page.file).name}#p{page.page.page}"
        entries.append(Append("reading", key, summary, actor="reader", plain=True))
    store.append_many(entries)


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
    from pipeline.doors.session_input import SessionInput, read_session

    typed = (read_session(event, files.session, list(files.entries), keep_going=True)
             if files.entries else None)  # fmt: skip
    if scanned is None:
        assert typed is not None
        return typed, ()
    from pipeline.doors.scans.reviewed_rows import waiting_lines

    rows, notes = merge_rows(_with_tables(event, files.session, scanned.rows),
                             typed.rows if typed else ())  # fmt: skip
    names = tuple(str(p) for p in (*files.scans, *files.entries))
    waiting = waiting_lines(event, files.session, rows, scanned.review)
    open_ids = tuple(item.id for item in scanned.review)
    if typed is None:
        return SessionInput(files.session, rows, names, waiting=waiting, open_items=open_ids), notes
    return replace(typed, rows=rows, files=names, waiting=waiting, open_items=open_ids), notes


def write_review(
    read: Sequence[ReadSession], out_dir: Path, decisions: Mapping[str, Decision]
) -> tuple[Path, tuple[str, ...]]:
    """Every review item of every session, open or decided: ``review/review.json`` (with the
    crops) and ``review/review.xlsx`` (printable, with columns to fill in and import).

    A review.xlsx with decisions filled in but not imported is never overwritten: it is kept
    beside the new one (``review-filled-N.xlsx``) and a note says how to import it.
    """
    from pipeline.doors.scans.review_queue_file import queue_lock, write_queue
    from pipeline.doors.scans.review_sheet import unimported, write_sheet

    folder = out_dir / REVIEW_FOLDER
    items = [item for session in read for item in session.items]
    notes: list[str] = []
    sheet = folder / "review.xlsx"
    with queue_lock(folder):  # `review resolve` may be writing the folder at this moment
        waiting = unimported(sheet, items, decisions)
        if waiting:
            number = 1
            while (kept := folder / f"review-filled-{number}.xlsx").exists():
                number += 1
            sheet.rename(kept)
            notes.append(
                f"{sheet} had {waiting} decision(s) filled in but not imported; kept as "
                f"{kept}: bridgescan review import {out_dir} {kept}"
            )
        write_queue(items, folder, decisions)
        write_sheet(items, sheet, decisions)
    return folder, tuple(notes)


def load_decisions(store: EventStore) -> dict[str, Decision]:
    """The review decisions that stand, from the event store (the only place they live):
    made with ``review resolve``/``import``, in the console, or as corrections
    (``bridgescan correct-review``); the latest on each item."""
    from pipeline.doors.scans.review_decisions import current_decisions

    return current_decisions(store)


def results_record(results: EventResults) -> dict[str, object]:
    """The published results as a store record (the JSON the web gets)."""
    from pipeline.publish.results_json import results_to_json

    return json.loads(results_to_json(results))
