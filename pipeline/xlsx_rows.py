"""A worksheet's cells written as the XML openpyxl writes for them, byte for byte, faster.

openpyxl (normal mode) writes each cell through lxml's incremental writer: an element
opened and closed for the cell, its value and its inline string, some 20 us a cell, and
every worksheet through a temporary file on disk. Our workbooks are some 20,000 to 27,000
cells an event, almost all a styled number or text, so that was most of the time a
workbook took to save (docs/batch.md, "Where the time goes"). ``SheetWriter`` writes the
same ``<sheetData>`` as one string: the same elements, attributes in the same order, text
escaped as lxml escapes it (``&amp; &lt; &gt;``, a carriage return as ``&#13;``, every
character outside ASCII as a decimal reference, as openpyxl's writer, which names no
encoding, gets from lxml), each cell's style id taken in the same order, so the styles
are numbered the same. A sheet with anything else in a cell (a formula, a date, rich
text, a comment, a hyperlink, an error) is written by openpyxl's own code, whole.
``tests/pipeline/publish/test_workbook_zip.py`` checks the parts are the same bytes.
"""

from __future__ import annotations

import io
from typing import Any
from zipfile import ZIP_STORED

from openpyxl.compat import safe_string
from openpyxl.drawing.spreadsheet_drawing import SpreadsheetDrawing
from openpyxl.worksheet._writer import WorksheetWriter
from openpyxl.writer.excel import ExcelWriter

__all__ = ["FastExcelWriter", "SheetWriter"]

#: Cell types written here (text as an inline string, numbers, booleans); any other
#: sends the sheet to openpyxl's writer.
_PLAIN_TYPES = frozenset("snb")
#: Pictures whose own format is compressed: stored in the zip as they are, not deflated again.
_COMPRESSED_MEDIA = (".png", ".jpeg", ".jpg", ".gif")
_TEXT_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", "\r": "&#13;"})
_ATTRIBUTE_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                                    "\r": "&#13;", "\n": "&#10;", "\t": "&#9;"})  # fmt: skip


def _text(value: str) -> str:
    return value.translate(_TEXT_ESCAPES)


def _attribute(value: str) -> str:
    return value.translate(_ATTRIBUTE_ESCAPES)


class SheetWriter(WorksheetWriter):
    """openpyxl's worksheet writer, into memory, with ``<sheetData>`` written as a string
    when every cell is plain (``_PLAIN_TYPES``, no comment, no hyperlink)."""

    def __init__(self, ws: Any) -> None:
        super().__init__(ws, out=io.BytesIO())
        self._sorted_rows: list[tuple[int, list[Any]]] | None = None

    def rows(self) -> list[tuple[int, list[Any]]]:
        """The sheet's rows in order, sorted once (openpyxl's ``write_rows`` asks again)."""
        if self._sorted_rows is None:
            self._sorted_rows = super().rows()
        return self._sorted_rows

    def write_rows(self) -> None:
        rows = self.rows()
        if not _plain(rows):
            super().write_rows()
            return
        xf = self.xf.send(True)
        xf.flush()  # what lxml holds goes out first; the rows follow it in the same file
        self.out.write(_sheet_data(self.ws, rows).encode("ascii", "xmlcharrefreplace"))
        self.xf.send(None)  # back to openpyxl's stream for the rest of the sheet

    def cleanup(self) -> None:
        """Nothing on disk to remove."""


def _plain(rows: list[tuple[int, list[Any]]]) -> bool:
    for _, cells in rows:
        for cell in cells:
            if cell.data_type not in _PLAIN_TYPES or cell._comment is not None:
                return False
            if cell.hyperlink is not None:
                return False
            if cell.data_type == "s" and not isinstance(cell._value, str | None):
                return False  # rich text
    return True


def _sheet_data(ws: Any, rows: list[tuple[int, list[Any]]]) -> str:
    """``<sheetData>`` as openpyxl's ``write_rows`` and ``lxml_write_cell`` write it."""
    parts = ["<sheetData>"]
    add = parts.append
    dimensions = ws.row_dimensions
    style_ids: dict[bytes, int] = {}  # openpyxl hashes a cell's style twice to number it
    for row_index, cells in rows:
        attributes = "".join(f' {key}="{_attribute(str(value))}"'
                             for key, value in dimensions.get(row_index, {}))  # fmt: skip
        add(f'<row r="{row_index}"{attributes}>')
        for cell in cells:
            value = cell._value
            styled = cell.has_style
            if value is None and not styled:
                continue
            kind = cell.data_type
            head = f'<c r="{cell.coordinate}"'
            if styled:  # numbered by openpyxl the first time, in the same order
                key = cell._style.tobytes()
                style_id = style_ids.get(key)
                if style_id is None:
                    style_id = style_ids[key] = cell.style_id
                head += f' s="{style_id}"'
            head += ' t="inlineStr"' if kind == "s" else f' t="{kind}"'
            if value is None or value == "":
                add(f"{head}></c>")
            elif kind == "s":
                space = ' xml:space="preserve"' if value != value.strip() else ""
                add(f"{head}><is><t{space}>{_text(value)}</t></is></c>")
            else:
                add(f"{head}><v>{_text(safe_string(value))}</v></c>")
        add("</row>")
    add("</sheetData>")
    return "".join(parts)


class FastExcelWriter(ExcelWriter):
    """openpyxl's ``ExcelWriter``, each worksheet written by ``SheetWriter`` (in memory) and
    pictures compressed already stored rather than deflated again."""

    def _write_images(self) -> None:
        for image in self._images:
            path = image.path[1:]
            stored = ZIP_STORED if path.lower().endswith(_COMPRESSED_MEDIA) else None
            self._archive.writestr(path, image._data(), compress_type=stored)

    def write_worksheet(self, ws: Any) -> None:
        if self.workbook.write_only:
            super().write_worksheet(ws)
            return
        ws._drawing = SpreadsheetDrawing()
        ws._drawing.charts = ws._charts
        ws._drawing.images = ws._images
        writer = SheetWriter(ws)
        writer.write()
        ws._rels = writer._rels
        self._archive.writestr(ws.path[1:], writer.out.getvalue())
        self.manifest.append(ws)
