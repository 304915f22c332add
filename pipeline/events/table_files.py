"""A table a director typed in a spreadsheet (CSV or XLSX), read as rows of cell values.

Shared by the event file's tables: guide cards (``guidecards``) and a facitbarometer's
booklet (``facit_file``). A CSV may be comma, semicolon or tab separated, UTF-8 (with or
without a BOM) or Windows-1252; a workbook is read from its first sheet or the one named.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Collection, Mapping
from pathlib import Path

__all__ = ["TableFileError", "header_key", "read_table_cells"]


class TableFileError(ValueError):
    """A table file that cannot be read; the message names the file (and sheet)."""


def header_key(header: object, headers: Mapping[str, Collection[str]]) -> str | None:
    """The column a typed header names, or None: ``headers`` maps each column to the names a
    director may type for it (lower case). Case, underscores, full stops and extra spaces do
    not count: "NS_Pair", "ns pair" and "N.S.  pair" are one header."""
    text = " ".join(str(header or "").lower().replace("_", " ").replace(".", "").split())
    return next((key for key, names in headers.items() if text in names), None)


def read_table_cells(path: Path, sheet: str | None, what: str) -> tuple[str, list[list[object]]]:
    """(place name for messages: the file, and the sheet of a workbook; rows of cell values).
    ``what`` names the table in the message for a file of another kind ("guide cards")."""
    suffix = path.suffix.lower()
    if not path.exists():
        raise TableFileError(f"{path.name}: file not found")
    if suffix in (".xlsx", ".xlsm"):
        from openpyxl import load_workbook

        try:
            book = load_workbook(path, read_only=True, data_only=True)
        except Exception as error:  # openpyxl raises many kinds for foreign files
            raise TableFileError(f"{path.name}: not a readable XLSX workbook ({error})") from None
        try:
            if sheet is not None and sheet not in book.sheetnames:
                raise TableFileError(
                    f"{path.name}: no sheet {sheet!r} (sheets: {', '.join(book.sheetnames)})"
                )
            ws = book[sheet] if sheet is not None else book.worksheets[0]
            rows = [list(r) for r in ws.iter_rows(values_only=True)]
            return f"{path.name} sheet {ws.title!r}", rows
        finally:
            book.close()
    if suffix in (".csv", ".txt", ".tsv"):
        raw = path.read_bytes()
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = raw.decode("cp1252", errors="replace")
        try:
            dialect = csv.Sniffer().sniff(text[:2048], delimiters=",;\t")
            delimiter = dialect.delimiter
        except csv.Error:
            delimiter = ","
        return path.name, [list(r) for r in csv.reader(io.StringIO(text), delimiter=delimiter)]
    raise TableFileError(f"{path.name}: {what} must be a .csv or .xlsx file")
