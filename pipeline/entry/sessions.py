"""From typed files to checked sessions: import every file, assign it to its session of the
event, and validate each session's rows against its sections and movements.

This is the spreadsheet door's whole path up to scoring; ``bridgescan entry check`` prints
it and the ``score`` command scores the rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pipeline.entry.errors import EntryError
from pipeline.entry.importer import EntryImport, read_entry_file
from pipeline.validation.findings import ColumnResolver, Finding
from pipeline.validation.session import validate_session
from scoring.event import Event
from scoring.traveller import TravellerRow

__all__ = ["SessionEntries", "load_session_entries", "session_of"]


@dataclass(frozen=True)
class SessionEntries:
    """The rows typed for one session, from one or more files, and every finding about them."""

    session: int
    rows: tuple[TravellerRow, ...]
    findings: tuple[Finding, ...]
    files: tuple[str, ...]


def session_of(event: Event, imported: EntryImport, session: int | None = None) -> int:
    """The session a file belongs to: as given, else as its Session sheet says, else the
    event's only session. EntryError when it cannot be told or is not in the event."""
    numbers = [s.number for s in event.sessions]
    if session is None and imported.session is not None:
        try:
            session = int(imported.session)
        except ValueError:
            raise EntryError(
                f"the Session sheet names session {imported.session!r}, not a number",
                imported.file,
            ) from None
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


def load_session_entries(
    event: Event, files: Iterable[Path | str], session: int | None = None
) -> list[SessionEntries]:
    """Import ``files`` and validate them, one ``SessionEntries`` per session, in order.

    Raises an ``EntryError`` subclass for a file that cannot be read at all.
    """
    grouped: dict[int, list[EntryImport]] = {}
    for path in files:
        imported = read_entry_file(path)
        grouped.setdefault(session_of(event, imported, session), []).append(imported)
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
