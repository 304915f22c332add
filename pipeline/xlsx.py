"""Workbook cells from input that stay data: no formula injection, Excel and LibreOffice safe.

openpyxl turns any string starting with "=" into a formula. Values that came from input
(pair names, club names, file names) go through :func:`set_text` / :func:`put` so they stay
text; CSV exports go through :func:`csv_safe` (OWASP: a leading = + - @ tab or CR is quoted
with an apostrophe).
"""

from __future__ import annotations

import re
from datetime import date, datetime
from decimal import Decimal
from fractions import Fraction
from typing import Any

from openpyxl.cell.cell import Cell

__all__ = ["put", "set_text", "csv_safe", "ILLEGAL_CHARACTERS"]

ILLEGAL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def set_text(cell: Cell, text: str) -> Cell:
    """Store ``text`` as a string cell, never a formula; control characters are dropped."""
    cell.value = ILLEGAL_CHARACTERS.sub("", text)
    cell.data_type = "s"
    return cell


def put(cell: Cell, value: Any) -> Cell:
    """Store a value from input: numbers as numbers (Fractions as floats), strings as text."""
    if value is None or isinstance(value, bool | int | float | Decimal | datetime | date):
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
