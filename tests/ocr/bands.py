"""Stored row bands of benchmark pages (tests/ocr/data), read as the reader reads a row."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np

from ocr.align import WORK_DPI
from ocr.layout import load_layout
from ocr.mark_geometry import row_geometry
from ocr.marks import MarkReading
from ocr.page_dust import NO_DUST, PageDust
from ocr.row_marks import RowMarks

DATA = Path(__file__).parent / "data"


def stored_band(name: str) -> np.ndarray:
    """A flattened row band of a benchmark page, stored in tests/ocr/data."""
    return cv2.imread(str(DATA / name), cv2.IMREAD_GRAYSCALE)


def read_band(strip: np.ndarray, number: int, field: str) -> dict[str, MarkReading]:
    """The boxes of ``field`` read on row ``number`` of a blank page holding ``strip``."""
    layout = load_layout()
    row = next(r for r in layout.rows if r.number == number)
    x0, y0, x1, y1 = row_geometry(layout, row, WORK_DPI).band
    page = np.full((round(layout.page_height * WORK_DPI / 25.4) + 1,
                    round(layout.page_width * WORK_DPI / 25.4) + 1), 255, np.uint8)  # fmt: skip
    page[y0:y1, x0:x1] = strip
    return {m.option: m for m in RowMarks(page, layout, row, WORK_DPI).read_fields([field])[field]}


def band_marks(band: str, number: int, field: str) -> dict[str, MarkReading]:
    """The boxes of ``field`` read on row ``number`` of a blank page holding a stored
    flattened row band of a benchmark page."""
    return read_band(stored_band(band), number, field)


def stored_dust(band: str) -> PageDust:
    """The dust of a stored band's page as ``measure_dust`` found it, kept beside the band
    (``NAME.dust.json``)."""
    kept = json.loads((DATA / band.replace(".png", ".dust.json")).read_text())
    return PageDust(kept["blank_cm2"], tuple(kept["specks_mm2"]))


def band_row_marks(band: str, number: int, dust: PageDust = NO_DUST) -> RowMarks:
    """Row ``number`` of a blank page holding a stored band, ready to read with its page's
    ``dust`` (its evidence for a test that runs a rule itself)."""
    layout = load_layout()
    row = next(r for r in layout.rows if r.number == number)
    x0, y0, x1, y1 = row_geometry(layout, row, WORK_DPI).band
    width, height = layout.page_px(WORK_DPI)
    page = np.full((height + 1, width + 1), 255, np.uint8)
    page[y0:y1, x0:x1] = stored_band(band)
    return RowMarks(page, layout, row, WORK_DPI, dust)


def band_row(band: str, number: int, dust: PageDust = NO_DUST) -> dict[str, list[MarkReading]]:
    """Every mark field of row ``number`` of a blank page holding a stored band, read with
    its page's ``dust``."""
    marks = band_row_marks(band, number, dust)
    fields = [f.name for f in marks.row.fields if f.kind.name == "MARKS"]
    return marks.read_fields(fields)
