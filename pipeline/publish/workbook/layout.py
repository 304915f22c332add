"""Print-ready sheet layout shared by every sheet of the result workbook.

One place decides fonts, header fills, number formats, column widths, frozen headers and page
setup, so a director who prints any sheet gets the same look: A4, header row repeated on every
page, fitted to the page width. Every value goes through ``pipeline.xlsx.put`` so text from
input (names, club, contracts) can never become a formula.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterable, Sequence
from copy import copy
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from openpyxl.cell.cell import Cell
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.styles.cell_style import StyleArray
from openpyxl.utils import get_column_letter
from openpyxl.workbook.workbook import Workbook
from openpyxl.worksheet.pagebreak import Break
from openpyxl.worksheet.worksheet import Worksheet

from pipeline.publish.wording import fmt
from pipeline.xlsx import put, set_text

__all__ = [
    "Column",
    "MP_FORMAT",
    "CENTRED_FORMAT",
    "PERCENT_FORMAT",
    "MARK_FILL",
    "new_sheet",
    "write_title",
    "write_table",
    "finish_sheet",
    "finish_block_sheet",
    "write_block_title",
    "sheet_title",
    "fmt",
]

MP_FORMAT = "0.0"
CENTRED_FORMAT = "+0.0;-0.0;0.0"  # matchpoints centred on the average (scoring.presentation)
PERCENT_FORMAT = "0.00"
INT_FORMAT = "0"
HEADER_FONT = Font(bold=True, color="FFFFFF")
HEADER_FILL = PatternFill("solid", fgColor="305496")
TITLE_FONT = Font(bold=True, size=14)
NOTE_FONT = Font(italic=True, size=9)
BLOCK_FONT = Font(bold=True, size=11)
_WIDEST = 60  # characters: a longer text wraps in its cell rather than widen a column more
MARK_FILL = PatternFill("solid", fgColor="FFF2CC")  # a factored or adjusted result
_THIN = Side(style="thin", color="A6A6A6")
BORDER = Border(left=_THIN, right=_THIN, top=_THIN, bottom=_THIN)
_SHEET_ILLEGAL = re.compile(r"[\[\]:*?/\\]")


@dataclass(frozen=True)
class Column:
    """A table column: header text, width in characters, number format (None = General)."""

    header: str
    width: float
    number_format: str | None = None
    align: str | None = None


# A players' or teams' ranking ends in its total, the most it could have had, and the
# percentage (the Paul Jones's and the individual's sheets; the site's ``totals`` macro).
TOTAL_COLUMNS = (Column("Total", 8, MP_FORMAT), Column("Max", 7, MP_FORMAT),
                 Column("%", 8, PERCENT_FORMAT))  # fmt: skip


def sheet_title(text: str) -> str:
    """A legal, unique-enough sheet title: no ``[]:*?/\\``, at most 31 characters."""
    cleaned = _SHEET_ILLEGAL.sub("_", text).strip("'") or "Sheet"
    return cleaned[:31]


def new_sheet(workbook: Workbook, title: str) -> Worksheet:
    """Add a sheet with a legal title; the first call reuses the workbook's empty sheet."""
    title = sheet_title(title)
    if title in workbook.sheetnames:
        raise ValueError(f"the result workbook already has a sheet named {title!r}")
    only = workbook.worksheets[0] if len(workbook.worksheets) == 1 else None
    if (
        only is not None
        and only.max_row == 1
        and only["A1"].value is None
        and only.title
        in (
            "Sheet",
            "Sheet1",
        )
    ):
        only.title = title
        return only
    return workbook.create_sheet(title)


def write_title(sheet: Worksheet, lines: Sequence[str]) -> int:
    """Write the heading lines (first one large); returns the next free row."""
    for offset, text in enumerate(lines):
        cell = sheet.cell(row=1 + offset, column=1)
        set_text(cell, text)
        cell.font = TITLE_FONT if offset == 0 else NOTE_FONT
    return len(lines) + 2 if lines else 1


def write_table(
    sheet: Worksheet,
    first_row: int,
    columns: Sequence[Column],
    rows: Iterable[Sequence[Any]],
    marked: Iterable[bool] | None = None,
) -> int:
    """Write a header row and data rows from ``first_row``; returns the row after the table.

    ``marked`` (one flag per row) shades rows that are factored or adjusted, so a printed
    traveller shows them without colour too (the ``Mark`` column carries the words).
    """
    styles = _style_cache(sheet)
    for index, column in enumerate(columns, start=1):
        cell = sheet.cell(row=first_row, column=index)
        set_text(cell, column.header)
        _style_header_cell(cell, styles)
        _widen(sheet, index, column.width)
    flags = iter(marked) if marked is not None else None
    row_number = first_row
    widest = [0] * len(columns)
    cells = sheet._cells
    for row_number, values in enumerate(rows, start=first_row + 1):
        shade = next(flags, False) if flags is not None else False
        for index, (column, value) in enumerate(zip(columns, values, strict=True), start=1):
            numeric = bool(column.number_format) and isinstance(value, int | float | Fraction)
            style = styles.get((column.number_format if numeric else None, column.align, shade))
            if style is not None and (row_number, index) not in cells:
                put(_new_cell(sheet, row_number, index, style), value)
            else:  # the style's first cell (it is made from it), or a cell there already
                cell = sheet.cell(row=row_number, column=index)
                put(cell, value)
                _style_data_cell(cell, styles, column, numeric, shade)
            if isinstance(value, str):
                widest[index - 1] = max(widest[index - 1], len(value))
    sheet._current_row = max(sheet._current_row, row_number)
    for index, longest in enumerate(widest, start=1):  # wide enough for what it holds
        _widen(sheet, index, min(longest + 2, _WIDEST))
    return row_number + 1


def _new_cell(sheet: Worksheet, row: int, column: int, style: StyleArray) -> Cell:
    """A cell made at a place the sheet has none, with a copy of ``style``: what
    ``sheet.cell`` and a copied style give, without openpyxl's checks of a place given by
    a person (a table's 27,000 cells an event; their row is noted once, by ``write_table``).
    Its slots are set as ``Cell.__init__`` sets them for an empty cell, without the calls
    of its two constructors (some 4 us a cell, a tenth of an event's workbook: under
    ``batch --runner threads`` time the reading threads wait for the interpreter lock);
    ``test_workbook_cells.py`` checks every slot against openpyxl's own."""
    cell = _bare_cell(Cell)
    cell.parent = sheet
    cell._style = StyleArray(style)  # a copy, as StyleableObject.__init__ makes it
    cell.row = row
    cell.column = column
    cell._value = None
    cell._hyperlink = None
    cell.data_type = "n"
    cell._comment = None
    sheet._cells[(row, column)] = cell
    return cell


_bare_cell = object.__new__  # a Cell with no slot set yet: ``_new_cell`` sets each one


# The widths this module gave each sheet's columns: openpyxl reports 13 for a column never
# set, which would make every narrow column (a pair number, a seat) 13 characters wide.
_WIDTHS: weakref.WeakKeyDictionary[Worksheet, dict[int, float]] = weakref.WeakKeyDictionary()


def _widen(sheet: Worksheet, index: int, width: float) -> None:
    """Make column ``index`` at least ``width`` characters wide (never narrower than before)."""
    widths = _WIDTHS.setdefault(sheet, {})
    if width > widths.get(index, 0):
        widths[index] = width
        sheet.column_dimensions[get_column_letter(index)].width = width


# openpyxl hashes every style object on each assignment, which made the sample's workbook
# take seconds; a data cell's style is one of a handful of combinations, so each is built
# once per workbook and copied (openpyxl's own worksheet copy copies ``_style`` the same way).
_STYLE_CACHES: weakref.WeakKeyDictionary[Workbook, dict[tuple[object, ...], StyleArray]] = (
    weakref.WeakKeyDictionary()
)


def _style_cache(sheet: Worksheet) -> dict[tuple[object, ...], StyleArray]:
    return _STYLE_CACHES.setdefault(sheet.parent, {})


def _style_header_cell(cell: Any, styles: dict[tuple[object, ...], StyleArray]) -> None:
    cached = styles.get(("header",))
    if cached is not None:
        cell._style = copy(cached)
        return
    cell.font = HEADER_FONT
    cell.fill = HEADER_FILL
    cell.alignment = Alignment(horizontal="center", vertical="center", wrap_text=True)
    cell.border = BORDER
    styles[("header",)] = copy(cell._style)


def _style_data_cell(
    cell: Any,
    styles: dict[tuple[object, ...], StyleArray],
    column: Column,
    numeric: bool,
    shade: bool,
) -> None:
    key = (column.number_format if numeric else None, column.align, shade)
    cached = styles.get(key)
    if cached is not None:
        cell._style = copy(cached)
        return
    if numeric and column.number_format:
        cell.number_format = column.number_format
    if column.align:
        cell.alignment = Alignment(horizontal=column.align)
    cell.border = BORDER
    if shade:
        cell.fill = MARK_FILL
    styles[key] = copy(cell._style)


def finish_sheet(
    sheet: Worksheet,
    header_row: int,
    landscape: bool = False,
    freeze_column: int = 1,
) -> None:
    """Freeze the header, repeat it on every printed page, A4, fit to one page wide."""
    sheet.freeze_panes = sheet.cell(row=header_row + 1, column=freeze_column)
    sheet.print_title_rows = f"{header_row}:{header_row}"
    sheet.page_setup.paperSize = sheet.PAPERSIZE_A4
    sheet.page_setup.orientation = "landscape" if landscape else "portrait"
    sheet.page_setup.fitToWidth = 1
    sheet.page_setup.fitToHeight = 0
    sheet.sheet_properties.pageSetUpPr.fitToPage = True
    sheet.print_options.gridLines = False
    sheet.page_margins.left = sheet.page_margins.right = 0.5
    sheet.oddFooter.center.text = "&A - page &P"  # &N would count the whole workbook


#: Rows a printed A4 portrait page holds at 100% (LibreOffice's 12.8-point rows between
#: the block sheets' 0.6-inch margins, with a little to spare) and the column-width units
#: across it; a sheet fitted to the page width is shrunk by (units across / its width) and
#: holds that many more rows.
ROWS_PER_PAGE = 56
UNITS_ACROSS = 95


def write_block_title(sheet: Worksheet, row: int, text: str) -> int:
    """A block's own title line (a board, a pair) in bold; returns the row of its table header."""
    cell = sheet.cell(row=row, column=1)
    set_text(cell, text)
    cell.font = BLOCK_FONT
    return row + 1


def finish_block_sheet(
    sheet: Worksheet, title_rows: int, blocks: Sequence[tuple[int, int]]
) -> None:
    """A sheet of blocks (travellers, score cards) set up to print several to an A4 page:
    the title lines repeated on every page, and a page break before any block that would
    not fit whole on the rest of its page, so no traveller is ever cut in two."""
    finish_sheet(sheet, title_rows)
    sheet.freeze_panes = sheet.cell(row=title_rows, column=1)  # the title stays in view
    sheet.print_title_rows = f"1:{title_rows - 1}"
    sheet.page_margins.top = sheet.page_margins.bottom = 0.6
    sheet.page_margins.header = sheet.page_margins.footer = 0.3
    width = sum(_WIDTHS.get(sheet, {}).values()) or UNITS_ACROSS
    rows = int(ROWS_PER_PAGE * max(1.0, width / UNITS_ACROSS))
    room = rows - (title_rows - 1)
    used = 0
    for start, end in blocks:
        size = end - start + 1  # with the blank row after it
        if used and used + size > room:
            sheet.row_breaks.append(Break(id=start - 1))
            used = 0
        used += size
