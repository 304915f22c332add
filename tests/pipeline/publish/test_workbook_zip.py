"""``pipeline.xlsx.save_xlsx``: the workbook openpyxl's ``Workbook.save`` writes, part for part,
with its compressed pictures stored in the zip rather than deflated again.

The same workbook (cells, a style, print settings, two PNG crops) saved both ways: every
part of the two files holds the same bytes once unzipped, but for the time each was saved
(docProps/core.xml's modified time); the pictures are stored, the rest
deflated; the pictures come back as the very PNG bytes given; openpyxl reads the cells back.
"""

from __future__ import annotations

import io
import re
import zipfile
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openpyxl import Workbook, load_workbook
from openpyxl.cell.rich_text import CellRichText, TextBlock
from openpyxl.cell.text import InlineFont
from openpyxl.comments import Comment
from openpyxl.drawing.image import Image
from openpyxl.styles import Font
from openpyxl.writer.excel import ExcelWriter
from PIL import Image as PilImage

from pipeline.xlsx import save_xlsx, set_text
from pipeline.xlsx_rows import FastExcelWriter, SheetWriter, _plain


def _png(seed: int) -> bytes:
    noise = np.random.default_rng(seed).integers(0, 256, (40, 120), dtype=np.uint8)
    buffer = io.BytesIO()
    PilImage.fromarray(noise).save(buffer, format="PNG")
    return buffer.getvalue()


def _workbook(crops: list[bytes]) -> Workbook:
    workbook = Workbook()
    sheet = workbook.active
    sheet.title = "Review"
    sheet["A1"] = "Item"
    sheet["A1"].font = Font(bold=True)
    for row, crop in enumerate(crops, start=2):
        sheet.cell(row=row, column=1, value=f"item {row - 1}")
        sheet.cell(row=row, column=2, value=row * 1.5)
        sheet.add_image(Image(io.BytesIO(crop)), f"C{row}")
    sheet.page_setup.orientation = "landscape"
    sheet.print_title_rows = "1:1"
    return workbook


def _unstamped(part: bytes) -> bytes:
    """A part without the times in docProps/core.xml: when the workbook was made and when
    saved (the two workbooks compared are made a moment apart, at times a second apart)."""
    return re.sub(rb"<dcterms:(created|modified)[^>]*>[^<]*</dcterms:\1>", b"", part)


def _parts(path: Path) -> dict[str, tuple[bytes, int]]:
    with zipfile.ZipFile(path) as archive:
        return {i.filename: (archive.read(i), i.compress_type) for i in archive.infolist()}


def test_the_same_parts_as_openpyxl_writes_with_the_pictures_stored(tmp_path: Path) -> None:
    crops = [_png(1), _png(2)]
    ours, openpyxls = tmp_path / "ours.xlsx", tmp_path / "openpyxl.xlsx"
    with open(ours, "wb") as handle:
        save_xlsx(_workbook(crops), handle)
    _workbook(crops).save(openpyxls)

    mine, theirs = _parts(ours), _parts(openpyxls)
    assert sorted(mine) == sorted(theirs)
    assert {name: _unstamped(mine[name][0]) for name in mine} == {
        name: _unstamped(theirs[name][0]) for name in theirs
    }
    media = sorted(name for name in mine if name.startswith("xl/media/"))
    assert [mine[name][0] for name in media] == crops
    assert {name: mine[name][1] for name in media} == dict.fromkeys(media, zipfile.ZIP_STORED)
    assert {theirs[name][1] for name in media} == {zipfile.ZIP_DEFLATED}
    assert {mine[name][1] for name in mine if name not in media} == {zipfile.ZIP_DEFLATED}

    sheet = load_workbook(ours)["Review"]
    assert [[cell.value for cell in row] for row in sheet.iter_rows()] == [
        ["Item", None], ["item 1", 3.0], ["item 2", 4.5]]  # fmt: skip
    assert sheet["A1"].font.bold and sheet.page_setup.orientation == "landscape"


def test_a_path_is_saved_to_as_well(tmp_path: Path) -> None:
    path = tmp_path / "book.xlsx"
    save_xlsx(_workbook([_png(3)]), str(path))
    assert load_workbook(path)["Review"]["A2"].value == "item 1"


# --- each worksheet's cells written by pipeline/xlsx_rows.py (not openpyxl's lxml writer) ---

# Any text (``set_text`` drops the control characters a workbook cannot hold).
_TEXT = st.text(st.characters(exclude_categories=("Cs",)), max_size=12)
_VALUES = st.one_of(
    st.none(), _TEXT, st.booleans(), st.integers(-(10**12), 10**12),
    st.floats(allow_nan=True, allow_infinity=True), st.decimals(allow_nan=False, places=3),
)  # fmt: skip
_FONTS = (None, Font(bold=True), Font(italic=True, color="FF0000"))


def _parts_saved(
    workbook: Workbook, save: Callable[[Workbook, io.BytesIO], None]
) -> dict[str, bytes]:
    workbook.properties.modified = datetime(2026, 11, 29, 12, 0, 0)
    workbook.properties.created = datetime(2026, 11, 29, 11, 0, 0)
    buffer = io.BytesIO()
    save(workbook, buffer)
    with zipfile.ZipFile(io.BytesIO(buffer.getvalue())) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def _openpyxl_save(workbook: Workbook, buffer: io.BytesIO) -> None:
    """openpyxl's own writer, into the same kind of zip (``save_xlsx`` stamps its time)."""
    archive = zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, allowZip64=True)
    ExcelWriter(workbook, archive).save()


def _ours_save(workbook: Workbook, buffer: io.BytesIO) -> None:
    archive = zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, allowZip64=True)
    FastExcelWriter(workbook, archive).save()


def _same_parts(build: Callable[[], Workbook]) -> None:
    theirs, ours = _parts_saved(build(), _openpyxl_save), _parts_saved(build(), _ours_save)
    assert sorted(ours) == sorted(theirs)
    for name in theirs:
        assert ours[name] == theirs[name], name


@settings(max_examples=60, deadline=None)
@given(
    cells=st.lists(
        st.tuples(st.integers(1, 30), st.integers(1, 8), _VALUES, st.sampled_from(_FONTS)),
        max_size=40,
    ),
    heights=st.dictionaries(st.integers(1, 35), st.floats(5, 80).map(lambda h: round(h, 1)),
                            max_size=4),
)  # fmt: skip
def test_any_plain_cells_give_the_bytes_openpyxl_writes(
    cells: list[tuple[int, int, object, Font | None]], heights: dict[int, float]
) -> None:
    def build() -> Workbook:
        workbook = Workbook()
        sheet = workbook.active
        for row, column, value, font in cells:
            cell = sheet.cell(row=row, column=column)
            if isinstance(value, str):
                set_text(cell, value)
            else:
                cell.value = value
            if font is not None:
                cell.font = font
        for row, height in heights.items():
            sheet.row_dimensions[row].height = height
        sheet.freeze_panes = "A2"
        return workbook

    _same_parts(build)


def test_text_escaped_as_lxml_escapes_it() -> None:
    texts = ["a & b < c > d", ' "quoted" \'single\' ', "line\r\nbreak\ttab", "Åsa Öberg 𝄞 ½",
             " leading", "trailing ", ""]  # fmt: skip

    def build() -> Workbook:
        workbook = Workbook()
        for row, text in enumerate(texts, start=1):
            set_text(workbook.active.cell(row=row, column=1), text)
            workbook.active.cell(row=row, column=2, value=row / 3)
        return workbook

    _same_parts(build)
    with zipfile.ZipFile(io.BytesIO(_saved(build()))) as archive:
        sheet = archive.read("xl/worksheets/sheet1.xml")
    assert b"<t>a &amp; b &lt; c &gt; d</t>" in sheet
    assert b'<t xml:space="preserve"> leading</t>' in sheet
    assert b"&#197;sa &#214;berg &#119070; &#189;" in sheet


def _saved(workbook: Workbook) -> bytes:
    buffer = io.BytesIO()
    save_xlsx(workbook, buffer)
    return buffer.getvalue()


@pytest.mark.parametrize("special", ["date", "formula", "hyperlink", "comment", "rich text"])
def test_a_sheet_with_any_other_cell_is_written_by_openpyxl_whole(special: str) -> None:
    def build() -> Workbook:
        workbook = Workbook()
        sheet = workbook.active
        set_text(sheet["A1"], "name & co")
        sheet["B1"] = 2.5
        cell = sheet["C2"]
        if special == "date":
            cell.value = datetime(2026, 11, 29, 18, 30)
        elif special == "formula":
            cell.value = "=B1*2"
        elif special == "hyperlink":
            cell.value, cell.hyperlink = "site", "https://example.org/a?b=1&c=2"
        elif special == "comment":
            cell.value, cell.comment = "x", Comment("checked", "TD")
        else:
            cell.value = CellRichText("plain ", TextBlock(InlineFont(b=True), "bold"))
        return workbook

    _same_parts(build)
    assert not _plain(SheetWriter(build().active).rows())
    reread = load_workbook(io.BytesIO(_saved(build())), rich_text=True).active
    assert reread["A1"].value == "name & co" and reread["B1"].value == 2.5
    assert reread["C2"].value is not None


def test_merged_cells_written_here_the_same_bytes() -> None:
    def build() -> Workbook:
        workbook = Workbook()
        sheet = workbook.active
        set_text(sheet["A1"], "Autumn pairs & friends")
        sheet["A1"].font = Font(bold=True)
        sheet.merge_cells("A1:D2")
        sheet["B4"] = 3
        sheet.merge_cells("B4:C4")
        return workbook

    assert _plain(SheetWriter(build().active).rows())
    _same_parts(build)
