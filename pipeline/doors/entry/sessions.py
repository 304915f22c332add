"""From typed files to checked sessions: import every file, assign it to its session of the
event, and validate each session's rows against its sections and movements.

This is the spreadsheet door's whole path up to scoring; ``bridgescan entry check`` prints
it and the ``score`` command scores the rows.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pipeline.doors.entry.errors import EntryError
from pipeline.doors.entry.importer import EntryImport, read_entry_file
from pipeline.doors.entry.individual_rows import resolve_seated
from pipeline.validation.findings import ColumnResolver, Finding
from pipeline.validation.session import validate_session
from scoring.event import Event
from scoring.traveller import TravellerRow

__all__ = ["SessionEntries", "load_session_entries", "session_of", "split_session_suffix"]


@dataclass(frozen=True)
class SessionEntries:
    """The rows typed for one session, from one or more files, and every finding about them."""

    session: int
    rows: tuple[TravellerRow, ...]
    findings: tuple[Finding, ...]
    files: tuple[str, ...]


def session_of(event: Event, imported: EntryImport, session: int | None = None) -> int:
    """The session a file belongs to: as given, else as its Session sheet says, else the
    event's only session. EntryError when it cannot be told, is not in the event, or is given
    as another session than the workbook's own Session sheet says."""
    numbers = [s.number for s in event.sessions]
    if imported.session is not None:
        try:
            own = int(imported.session)
        except ValueError:
            raise EntryError(
                f"the Session sheet names session {imported.session!r}, not a number",
                imported.file,
            ) from None
        if session is not None and session != own:
            raise EntryError(
                f"this entry workbook is for session {own}, not session {session}",
                imported.file,
            )
        session = own
    if session is None:
        if len(numbers) != 1:
            raise EntryError(
                f"which session is this? the event has sessions "
                f"{', '.join(map(str, numbers))}: pass --session",
                imported.file,
            )
        session = numbers[0]
    if session not in numbers:
        raise EntryError(
            f"session {session} is not in the event {event.name!r} "
            f"(sessions {', '.join(map(str, numbers))})",
            imported.file,
        )
    return session


def _resolver(imports: Sequence[EntryImport]) -> ColumnResolver:
    by_file = {imported.file: imported for imported in imports}

    def column_of(row: TravellerRow, field_name: str) -> str | None:
        imported = by_file.get(row.source.file) if row.source is not None else None
        return imported.column_of(row, field_name) if imported is not None else field_name

    return column_of


def split_session_suffix(text: str) -> tuple[Path, int | None]:
    """``"late.csv@2"`` -> (late.csv, 2): a file named on the command line with its session.

    A name that exists as written is never split (a file may contain "@").
    """
    match = re.fullmatch(r"(?P<path>.+)@(?P<session>\d+)", text)
    if match is None or Path(text).exists():
        return Path(text), None
    return Path(match["path"]), int(match["session"])


def load_session_entries(
    event: Event,
    files: Iterable[Path | str | tuple[Path | str, int | None]],
    session: int | None = None,
) -> list[SessionEntries]:
    """Import ``files`` and validate them, one ``SessionEntries`` per session, in order.

    A file may be given as (path, session) to say its session; otherwise ``session``, the
    file's own Session sheet, or the event's only session decides (``session_of``).
    Raises an ``EntryError`` subclass for a file that cannot be read at all.
    """
    grouped: dict[int, list[EntryImport]] = {}
    for item in files:
        path, own = item if isinstance(item, tuple) else (item, None)
        imported = read_entry_file(path)
        number = session_of(event, imported, own if own is not None else session)
        grouped.setdefault(number, []).append(resolve_seated(imported, event.session(number)))
    result: list[SessionEntries] = []
    for number in sorted(grouped):
        imports = grouped[number]
        rows = tuple(row for imported in imports for row in imported.rows)
        findings = validate_session(
            rows,
            event.session(number),
            columns=_resolver(imports),
            import_findings=[f for imported in imports for f in imported.findings],
        )
        result.append(SessionEntries(number, rows, tuple(findings), tuple(i.file for i in imports)))
    return result
