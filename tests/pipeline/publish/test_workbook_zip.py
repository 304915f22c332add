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
from pathlib import Path

import numpy as np
from openpyxl import Workbook, load_workbook
from openpyxl.drawing.image import Image
from openpyxl.styles import Font
from PIL import Image as PilImage

from pipeline.xlsx import save_xlsx


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
    """A part without the time it was saved (docProps/core.xml's modified time)."""
    return re.sub(rb"<dcterms:modified[^>]*>[^<]*</dcterms:modified>", b"", part)


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
