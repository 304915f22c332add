"""What both doors hand on: one session's traveller rows as imported, with their findings.

The spreadsheet door (``pipeline.doors.entry``) and the scanner door (through
``pipeline.flows.steps.session_input``) both produce a ``SessionInput``; validation and
scoring (``pipeline.results``) take it. ``read_session`` is the spreadsheet door's part.

Bad input raises ``ScoreInputError`` (a ValueError) whose message names file, sheet and row.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from pipeline.validation import ColumnResolver, Finding, field_column
from pipeline.validation.findings import Code, Location
from scoring.event import Event
from scoring.traveller import Source, TravellerRow

__all__ = ["NothingScoredYet", "ScoreInputError", "SessionInput", "WaitingLine", "read_session"]


class ScoreInputError(ValueError):
    """Input the score run cannot use: an unreadable file, a session without results, files
    that do not match the event's sessions. The message names file, sheet and row."""


class NothingScoredYet(ScoreInputError):
    """Every reading of the event waits for review: nothing can be scored until a person
    decides them (the review queue is written; nothing is published)."""


@dataclass(frozen=True)
class WaitingLine:
    """A line of the movement that was played but whose result is not known yet: its scanned
    row (or its page) waits in the review queue as ``item``. It is not a missing result."""

    board: int
    ns_pair: int
    ew_pair: int
    item: str
    round: int | None = None
    table: int | None = None


@dataclass(frozen=True)
class SessionInput:
    """One session's traveller rows as imported, with the import's own cell findings.

    ``columns`` names the input column of a validation field for a row (a letter in a
    workbook, the header in a CSV), so findings point at the cell. ``waiting`` are the
    lines whose result waits for review (the scanner door); while there are any, the
    session can only be published as provisional.
    """

    session: int
    rows: tuple[TravellerRow, ...]
    files: tuple[str, ...] = ()
    import_findings: tuple[Finding, ...] = ()
    columns: ColumnResolver = field(default=field_column, compare=False, repr=False)
    waiting: tuple[WaitingLine, ...] = ()
    open_items: tuple[str, ...] = ()  # every open review item of the session, by id


def read_session(
    event: Event, session_number: int, paths: Sequence[Path], *, keep_going: bool = False
) -> SessionInput:
    """Import one session's entry workbooks / CSVs through the spreadsheet door.

    A generated entry workbook records its session; a workbook of another session given for
    this one is refused (the commonest mix-up on a two-session evening). A file that cannot
    be used raises ``ScoreInputError``; with ``keep_going`` (the evening's run, which has
    other files and sessions to publish) it becomes a ``file-unreadable`` finding instead,
    naming the file and why, which blocks publishing until the director sees to it.
    """
    from pipeline.doors.entry import EntryError, read_entry_file  # imported when used
    from pipeline.doors.entry.individual_rows import resolve_seated

    session = event.session(session_number)
    section = session.sections[0].name if len(session.sections) == 1 else None
    imports = []
    unreadable: list[Finding] = []
    for path in paths:
        try:
            try:
                imported = read_entry_file(Path(path), section=section)
            except EntryError as error:
                raise ScoreInputError(str(error)) from None
            if imported.session is not None and imported.session.strip() != str(session.number):
                raise ScoreInputError(
                    f"{imported.file}: this entry workbook is for session {imported.session}, "
                    f"but was given for session {session.number}"
                )
        except ScoreInputError as error:
            if not keep_going:
                raise
            where = Location(session=str(session.number), source=Source(Path(path).name))
            fix = "replace the file with a good copy and run again"
            unreadable.append(Finding.of(Code.FILE_UNREADABLE, where, str(error), fix))
            continue
        imports.append(resolve_seated(imported, session))
    by_file = {imported.file: imported for imported in imports}

    def columns(row: TravellerRow, field_name: str) -> str | None:
        source = row.source
        if source is None or source.file not in by_file:
            return field_name
        return by_file[source.file].column_of(row, field_name)

    return SessionInput(
        session.number,
        tuple(row for imported in imports for row in imported.rows),
        tuple(str(p) for p in paths),
        (*unreadable, *(f for imported in imports for f in imported.findings)),
        columns,
    )
