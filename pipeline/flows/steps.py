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
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from pipeline.corrections.inputs import record_input, record_rows, row_key
from pipeline.doors.inputs import SessionFiles
from pipeline.doors.scans.reading import ReadSession, readings_summary, scan_files
from pipeline.store import EventStore
from scoring.event import Event
from scoring.traveller import TravellerRow

if TYPE_CHECKING:
    from ocr.reading import PageReading
    from pipeline.doors.scans.review import Decision
    from pipeline.doors.session_input import SessionInput
    from pipeline.results.model import EventResults

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
    "stored_decisions",
    "results_record",
]

REVIEW_FOLDER = "review"


def keep_scans(store: EventStore, files: SessionFiles) -> list[str]:
    """Store every scan file of the session (content-addressed); returns their digests."""
    digests = []
    for path in scan_files(files.scans):
        digest = store.put_blob(path.name, path.read_bytes())
        store.append("scan", f"s{files.session}/{path.name}", {"file": path.name, "blob": digest})
        digests.append(digest)
    return digests


def record_readings(store: EventStore, session: int, pages: Sequence[PageReading]) -> None:
    """Keep every page as read (fields, candidates, posteriors; crops as blobs)."""
    summaries = readings_summary(pages)["pages"]
    for page, summary in zip(pages, summaries, strict=True):  # type: ignore[call-overload]
        if page.thumbnail is not None and page.thumbnail.png:
            summary["thumbnail"] = store.put_blob(f"{page.page}.png", page.thumbnail.png)
        store.append("reading", f"s{session}/{Path(page.page.file).name}#p{page.page.page}",
                     summary, actor="reader")  # fmt: skip


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
    from pipeline.doors.scans.review import write_queue, write_sheet

    folder = out_dir / REVIEW_FOLDER
    items = [item for session in read for item in session.review]
    write_queue(items, folder)
    write_sheet(items, folder / "review.xlsx")
    return folder


def stored_decisions(store: EventStore, out_dir: Path) -> list[Decision]:
    """The review decisions that stand: those made with ``review resolve`` (the file in
    ``OUT/review``) kept in the store once each, and the store's latest per item, which
    includes decisions made later as corrections (``bridgescan correct-review``)."""
    for decision in load_decisions(out_dir):
        known = [record.value for record in store.history("decision", decision.item)]
        if decision not in known:
            store.append("decision", decision.item, decision, actor=decision.who)
    return [record.value for record in store.current("decision").values()]


def load_decisions(out_dir: Path) -> list[Decision]:
    """Decisions made so far with ``bridgescan review resolve OUT/review ...``."""
    from pipeline.doors.scans.review import load_decisions as load

    return load(out_dir / REVIEW_FOLDER)


def results_record(results: EventResults) -> dict[str, object]:
    """The published results as a store record (the JSON the web gets)."""
    from pipeline.publish.results_json import results_to_json

    return json.loads(results_to_json(results))
