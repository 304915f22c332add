"""The batch summary: per event and session, what came in, what stands, what waits, how long.

One line per session of every event (and one line for an event that failed before any
session could be scored), built by the batch flow (pipeline/flows/batch.py) and written
three ways from one pandas table, so they cannot disagree:

- ``batch-summary.json`` in the batch's output folder (scripts, the office's dashboard);
- ``batch-summary.xlsx`` (opens in Excel and LibreOffice, prints on A4 landscape; text from
  input stays text, never a formula);
- the terminal table and the Prefect artifact (``bridgescan batch``, pipeline/flows/artifacts.py).

An event with open review items or a blocking finding is PROVISIONAL on every line; a
failed event says why in ``note`` and has nothing published.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "OUTCOMES",
    "SUMMARY_JSON",
    "SUMMARY_WORKBOOK",
    "SessionLine",
    "EventOutcome",
    "BatchReport",
    "summary_frame",
    "plain_rows",
    "write_summary",
]

SUMMARY_JSON = "batch-summary.json"
SUMMARY_WORKBOOK = "batch-summary.xlsx"

#: What became of an event, from nothing to do to a bug; the command's exit code follows
#: the most serious one (pipeline/cli/batch.py).
OUTCOMES = (
    "official",  # published, nothing open
    "provisional",  # published, but review items or blocking findings wait for a person
    "bad-input",  # the event's files could not be used; nothing published
    "cannot-write",  # the output folder or store could not be written (read-only, full)
    "missing-tool",  # a program bridgescan needs is not installed (Tesseract)
    "reader-died",  # a process reading its pages was killed (out of memory, by hand) or crashed
    "store-unavailable",  # the store's server cannot be reached, or its key was not given
    "conflict",  # someone else changed the event's results meanwhile
    "store-broken",  # the event store fails verification; nothing published
    "store-too-new",  # the store was written by a newer bridgescan; nothing read
    "internal",  # an unexpected error in bridgescan (a bug); nothing published
)


@dataclass(frozen=True)
class SessionLine:
    """One session of one event in the batch (``session`` None: the event failed before)."""

    event: str  # the event's output folder name in the batch
    title: str  # the event's name ("Autumn pairs"), or the folder when it could not be read
    session: int | None
    status: str  # "official", "PROVISIONAL" or "failed"
    pages: int = 0  # scanned pages of the session
    pages_read: int = 0  # of those, read in this run (the rest were read before)
    rows_accepted: int = 0  # rows the reader accepted
    rows_typed: int = 0  # rows from typed entries (the director's, or a typed session)
    review_items: int = 0  # readings waiting for a person
    blocking: int = 0  # findings that block publishing (this session's and the event's)
    version: int | None = None  # the publication's version number
    seconds: float = 0.0  # from the session's first page sent for reading to its results out
    note: str = ""  # why it failed, or the first problem a person should look at


@dataclass(frozen=True)
class EventOutcome:
    """What became of one event folder."""

    event: str
    title: str
    folder: Path
    out_dir: Path
    outcome: str  # one of OUTCOMES
    sessions: tuple[SessionLine, ...]
    reason: str = ""


@dataclass
class BatchReport:
    """The whole batch: its events in the order given, and how it ran."""

    runner: str
    started: str  # ISO time, UTC
    events: list[EventOutcome] = field(default_factory=list)
    finished: str = ""
    seconds: float = 0.0
    pages: int = 0
    pages_read: int = 0

    @property
    def lines(self) -> list[SessionLine]:
        return [line for outcome in self.events for line in outcome.sessions]

    def count(self, outcome: str) -> int:
        return sum(1 for e in self.events if e.outcome == outcome)

    def to_json(self) -> dict[str, object]:
        return {
            "version": 1,
            "runner": self.runner,
            "started": self.started,
            "finished": self.finished,
            "seconds": round(self.seconds, 1),
            "pages": self.pages,
            "pages_read": self.pages_read,
            "pages_per_second": round(self.pages_read / self.seconds, 2) if self.seconds else None,
            "events": [
                {"event": e.event, "title": e.title, "folder": str(e.folder),
                 "output": str(e.out_dir), "outcome": e.outcome, "reason": e.reason,
                 "sessions": [_line_json(line) for line in e.sessions]}
                for e in self.events
            ],
        }  # fmt: skip


def _line_json(line: SessionLine) -> dict[str, object]:
    data = asdict(line)
    data["seconds"] = round(line.seconds, 1)
    return data


#: Column headings of the table, in order (the terminal, the workbook, the artifact).
COLUMNS = {
    "event": "Event",
    "title": "Name",
    "session": "Session",
    "status": "Status",
    "pages": "Pages",
    "pages_read": "Read now",
    "rows_accepted": "Rows accepted",
    "rows_typed": "Rows typed",
    "review_items": "Review items",
    "blocking": "Blocking findings",
    "version": "Version",
    "seconds": "Time (s)",
    "note": "Note",
}


def summary_frame(lines: Sequence[SessionLine]) -> pd.DataFrame:
    """The summary as a table with people's column headings (pandas, for every writer)."""
    import pandas as pd

    frame = pd.DataFrame([asdict(line) for line in lines], columns=list(COLUMNS))
    frame["seconds"] = frame["seconds"].astype(float).round(1)
    for name in ("session", "version"):
        frame[name] = frame[name].astype("Int64")  # a missing number stays missing, not NaN
    return frame.rename(columns=COLUMNS)


def write_summary(report: BatchReport, out_dir: Path) -> dict[str, Path]:
    """``batch-summary.json`` and ``batch-summary.xlsx`` in ``out_dir``, each atomically
    (after removing what a batch killed while writing them left)."""
    from pipeline.files import atomic_write_text, remove_leftover_parts
    from pipeline.publish.workbook.writer import save_workbook

    out_dir.mkdir(parents=True, exist_ok=True)
    remove_leftover_parts(out_dir)
    paths = {"json": out_dir / SUMMARY_JSON, "workbook": out_dir / SUMMARY_WORKBOOK}
    text = json.dumps(report.to_json(), indent=1, ensure_ascii=False)
    atomic_write_text(paths["json"], text + "\n")
    save_workbook(_workbook(report), paths["workbook"])
    return paths


_WIDTHS = {"Event": 18, "Name": 24, "Session": 8, "Status": 13, "Note": 60}


def _workbook(report: BatchReport):  # type: ignore[no-untyped-def]
    from openpyxl import Workbook

    from pipeline.publish.workbook.layout import (
        Column,
        finish_sheet,
        new_sheet,
        write_table,
        write_title,
    )

    frame = summary_frame(report.lines)
    workbook = Workbook()
    sheet = new_sheet(workbook, "Batch summary")
    provisional = report.count("provisional")
    failed = len(report.events) - report.count("official") - provisional
    heading = [
        "Batch summary",
        f"{len(report.events)} events, {report.pages} pages ({report.pages_read} read in this "
        f"run), {report.seconds:.0f} s on {report.runner}; started {report.started} UTC",
    ]
    if provisional or failed:
        heading.append(
            f"{provisional} event(s) PROVISIONAL (review items or blocking findings), "
            f"{failed} failed (nothing published): see Status and Note"
        )
    first = write_title(sheet, heading)
    columns = [
        Column(name, _WIDTHS.get(name, 10), "0" if name != "Time (s)" else "0.0",
               None if name in _WIDTHS else "right")
        for name in frame.columns
    ]  # fmt: skip
    rows = plain_rows(frame)
    marked = [row[3] != "official" for row in rows]
    write_table(sheet, first, columns, rows, marked)
    finish_sheet(sheet, first, landscape=True, freeze_column=3)
    return workbook


def plain_rows(frame: pd.DataFrame) -> list[list[object]]:
    """The table's rows as plain Python values (numbers, text, None for a missing number)."""
    return frame.astype(object).where(frame.notna(), None).values.tolist()  # type: ignore[no-any-return]
