"""Crops of the upright page at ``WORK_DPI`` (ocr/align.py): a rectangle of it, each
handwritten box where it is read (``DIGIT_INSET_MM`` inside its printed border, so that no
printed edge reaches the digit model), and the wider crop a box's strokes are followed
into where they run out of it (``REACH_INSET_MM``, ``ocr.digit_cells.normalise_cell``).
The row reader (ocr/row_reader.py), the digit model's training cuts
(ocr/training/digit_ink.py) and the review's corrections
(pipeline/doors/scans/review_corrections.py) crop a box the same way, from here.
"""

from __future__ import annotations

import numpy as np

from ocr.align import WORK_DPI
from ocr.digit_cells import Wide
from ocr.digit_dust import cell_without_specks
from ocr.layout import EW_PAIR_WRITTEN, NS_PAIR_WRITTEN, SCORE, Layout, Rect
from ocr.page_dust import PageDust

__all__ = [
    "DIGIT_FIELDS",
    "DIGIT_INSET_MM",
    "REACH_INSET_MM",
    "Cell",
    "crop_mm",
    "crop_px",
    "digit_cells",
    "px",
    "wide_cell",
]

DIGIT_INSET_MM = 0.6
"""Handwritten boxes are read this far inside their printed border."""

REACH_INSET_MM = 0.3
"""A handwritten box's strokes that run out of its crop are followed this near its border."""

DIGIT_FIELDS = (SCORE, NS_PAIR_WRITTEN, EW_PAIR_WRITTEN)
"""The form's handwritten fields, in the order every row's boxes are read."""


def px(r: Rect) -> tuple[int, int, int, int]:
    """The pixels (x0, y0, x1, y1) of rectangle ``r`` (page mm) on a ``WORK_DPI`` page."""
    return r.to_px(WORK_DPI)


def crop_mm(page: np.ndarray, r: Rect) -> np.ndarray:
    """The part of an upright ``WORK_DPI`` page under rectangle ``r`` (page mm)."""
    return crop_px(page, px(r))


def crop_px(page: np.ndarray, pixels: tuple[int, int, int, int]) -> np.ndarray:
    """The part of a page inside ``pixels`` (x0, y0, x1, y1), clipped at its top left."""
    x0, y0, x1, y1 = pixels
    return page[max(0, y0) : y1, max(0, x0) : x1]


Cell = tuple[tuple[int, str], tuple[int, int, int, int], tuple[int, int, int, int]]
_DIGIT_CELLS: dict[tuple[str, int, str], list[Cell]] = {}


def digit_cells(layout: Layout) -> list[Cell]:
    """Every handwritten box of the form, row by row and field by field: its (row number,
    field), the pixels ``crop_mm`` crops it by, ``DIGIT_INSET_MM`` inside its printed
    border, and those ``REACH_INSET_MM`` inside it (``wide_cell``). The same boxes on every
    page of a form (``Layout.cache_key``), so worked out once a process, not for each of a
    page's 120 boxes (a ``Rect`` and its rounding each: 1.3% of the interpreter lock's
    samples in a batch on threads)."""
    known = _DIGIT_CELLS.get(layout.cache_key)
    if known is None:
        known = [
            (
                (row.number, name),
                px(b.rect.inset(DIGIT_INSET_MM)),
                px(b.rect.inset(REACH_INSET_MM)),
            )
            for row in layout.rows
            for name in DIGIT_FIELDS
            for b in row.field(name).boxes
        ]
        if len(_DIGIT_CELLS) >= 16:  # forms of one process: a club's few
            _DIGIT_CELLS.clear()
        _DIGIT_CELLS[layout.cache_key] = known
    return known


def wide_cell(
    page: np.ndarray,
    cell: tuple[int, int, int, int],
    wide: tuple[int, int, int, int],
    dust: PageDust,
) -> Wide:
    """What gives a handwritten box's crop ``REACH_INSET_MM`` inside its border (pixels
    ``wide``), its dust taken out as the cell's (pixels ``cell``) is, and where the cell
    lies in it: asked only of a box whose strokes run out of its cell
    (``ocr.digit_cells.normalise_cell``)."""
    return lambda: (
        cell_without_specks(crop_px(page, wide), dust, WORK_DPI / 25.4),
        (max(0, cell[1]) - max(0, wide[1]), max(0, cell[0]) - max(0, wide[0])),
    )
