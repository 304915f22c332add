"""Workbook cells from input that stay data: no formula injection, Excel and LibreOffice safe;
and a workbook saved without compressing its pictures twice.

openpyxl turns any string starting with "=" into a formula. Values that came from input
(pair names, club names, file names) go through :func:`set_text` / :func:`put` so they stay
text; CSV exports go through :func:`csv_safe` (OWASP: a leading = + - @ tab or CR is quoted
with an apostrophe).

:func:`save_xlsx` saves as openpyxl's ``Workbook.save`` does, with one difference: a picture
that is compressed already (PNG, JPEG, GIF: the review sheet's crops) is stored in the
file's zip as it is, not deflated again. Deflating the review sheet's 85 crops (4.6 MB of
PNG) took 115 ms of CPU an event to save 3% of them (2026-11-29, docs/batch.md); the
sheet's XML is deflated as before. Cells, styles, pictures and print settings are the same.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from decimal import Decimal
from fractions import Fraction
from typing import IO, TYPE_CHECKING, Any
from zipfile import ZIP_DEFLATED, ZipFile

from openpyxl.cell.cell import Cell

if TYPE_CHECKING:
    from openpyxl.workbook.workbook import Workbook

__all__ = ["put", "set_text", "csv_safe", "save_xlsx", "ILLEGAL_CHARACTERS"]

ILLEGAL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_LONGEST_TEXT = 32767  # characters in a cell: openpyxl cuts a longer string there


def set_text(cell: Cell, text: str) -> Cell:
    """Store ``text`` as a string cell, never a formula; control characters are dropped.
    Set as openpyxl's ``Cell.value`` would set a string without them (cut at Excel's
    32,767 characters), but never typed a formula or an error: one string at a time is
    most of a workbook's cells."""
    cell._value = ILLEGAL_CHARACTERS.sub("", text)[:_LONGEST_TEXT]
    cell.data_type = "s"
    return cell


def put(cell: Cell, value: Any) -> Cell:
    """Store a value from input: numbers as numbers (Fractions as floats), strings as text.
    A plain ``int``, ``float`` or None is stored as openpyxl's value setter stores it
    (``_value`` and type ``n``) without the setter's look-ups: most of a workbook's
    numbers."""
    kind = type(value)
    if kind is Fraction:
        value, kind = float(value), float
    if kind is int or kind is float or value is None:
        cell._value = value
        cell.data_type = "n"
    elif isinstance(value, bool | int | float | Decimal | datetime | date):
        cell.value = value
    elif isinstance(value, Fraction):
        cell.value = float(value)
    else:
        set_text(cell, str(value))
    return cell


def csv_safe(value: Any) -> Any:
    """A CSV field that a spreadsheet will not run as a formula; numbers are left alone."""
    if isinstance(value, str) and value.startswith(_FORMULA_START):
        try:
            float(value)
        except ValueError:
            return "'" + value
    return value


def save_xlsx(workbook: Workbook, target: str | IO[bytes]) -> None:
    """``workbook`` saved to ``target`` (a path or a binary file) as ``Workbook.save`` saves
    it (openpyxl's ``save_workbook``: the modified time stamped, every part written by its
    ``ExcelWriter``), its compressed pictures stored rather than deflated again."""
    from pipeline.xlsx_rows import FastExcelWriter

    archive = ZipFile(target, "w", ZIP_DEFLATED, allowZip64=True)
    workbook.properties.modified = datetime.now(tz=UTC).replace(tzinfo=None)
    FastExcelWriter(workbook, archive).save()  # closes the archive
