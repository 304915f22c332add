"""The spreadsheet door: the entry workbook for a session, and importing typed travellers.

- ``template``: ``build_entry_workbook`` / ``entry_workbook_for_session`` /
  ``write_entry_workbook`` (one long sheet or one sheet per board, pre-filled from the
  movement);
- ``importer``: ``read_entry_workbook``, ``read_csv``, ``read_entry_file`` -> ``EntryImport``
  (``TravellerRow`` records with their ``Source`` and the cell findings);
- ``errors``: what makes a file unreadable (each names file, sheet, row).

See docs/spreadsheet-door.md.
"""

from pipeline.doors.entry.errors import (
    EmptySessionError,
    EntryError,
    ForeignWorkbookError,
    MissingColumnsError,
    UnreadableFileError,
)
from pipeline.doors.entry.importer import (
    EntryImport,
    read_csv,
    read_entry_file,
    read_entry_workbook,
)
from pipeline.doors.entry.template import (
    Layout,
    build_entry_workbook,
    entry_workbook_for_session,
    write_entry_workbook,
)

__all__ = [
    "EmptySessionError",
    "EntryError",
    "EntryImport",
    "ForeignWorkbookError",
    "Layout",
    "MissingColumnsError",
    "UnreadableFileError",
    "build_entry_workbook",
    "entry_workbook_for_session",
    "read_csv",
    "read_entry_file",
    "read_entry_workbook",
    "write_entry_workbook",
]
