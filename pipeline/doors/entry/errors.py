"""Errors of the spreadsheet door: input that cannot be read at all (a cell that is wrong is a
finding instead, see pipeline.validation). Each names the file, and the sheet and row when
there is one, so the CLI prints one clear line and exits with code 2."""

from __future__ import annotations

__all__ = [
    "EntryError",
    "UnreadableFileError",
    "ForeignWorkbookError",
    "MissingColumnsError",
    "EmptySessionError",
]


class EntryError(ValueError):
    """Base class: an entry workbook or CSV that cannot be imported."""

    def __init__(
        self, message: str, file: str, sheet: str | None = None, row: int | None = None
    ) -> None:
        self.file = file
        self.sheet = sheet
        self.row = row
        where = [file]
        if sheet is not None:
            where.append(f"sheet {sheet!r}")
        if row is not None:
            where.append(f"row {row}")
        super().__init__(f"{', '.join(where)}: {message}")


class UnreadableFileError(EntryError):
    """Not a readable .xlsx (corrupt, password-protected, another format) or CSV."""


class ForeignWorkbookError(EntryError):
    """A readable workbook with no sheet of traveller rows in it."""


class MissingColumnsError(EntryError):
    """A traveller sheet whose header lacks columns the door needs."""


class EmptySessionError(EntryError):
    """A file with the right columns but no results entered."""
