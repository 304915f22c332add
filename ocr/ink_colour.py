"""A coloured pen's ink told from the grey dust on a colour scan (issue 43, item 4).

On a dusty scan a clump of dust in a mark box and a player's pen dot can be the same size
and the same darkness: the grey page cannot tell them apart, and the dust rules
(ocr/page_dust.py, ocr/dust_rules.py) send such rows to a person. A scan in colour often
can. Dust, toner and hairs on the glass are grey: they darken the three channels alike. A
blue or red pen does not: its ink takes far more of one channel than of another. Where a
row is written with such a pen, its ink is every piece that holds the pen's colour, and a
grey piece off the printed form is dust, whatever its size.

Measured as a scanner sees it: each piece's *absorbance* in each channel, the sum over its
pixels of how much darker than the row's paper that channel is (``1 - pixel / paper``),
and its *hue share*, how much the most absorbed channel exceeds the least, as a share of
the most (``hue_share``). A grey piece on any paper, toner, dust, a black pen and pencil
lead, holds a hue share near 0 (0.02-0.08 on TRAINING's colour scans, the paper's own tint
and JPEG's colour noise); the TRAINING blue ballpoint 0.5-0.6, whatever its darkness,
since a paler stroke takes less of every channel in the same proportions. JPEG keeps
colour at half the resolution of brightness, which spreads a thin stroke's hue over its
neighbourhood: a piece is judged by all its pixels together, never pixel by pixel.

What the reader does with it (``read_without_grey_dust``): on a dusty page decoded in
colour, a row whose drawn ink as a whole holds some hue (``row_hue_min``) and whose pieces
of a pen's hue (``pen_hue_min``) lie in the boxes of three of its mark fields or more is
read with every small grey piece off the printed lines (``grey_ink_max``,
``grey_piece_max_mm2``) taken out, as paper, and without the page's dust rules
(``NO_DUST``): what is left is the pen's own ink, as on a clean page. Grey pens, pencils,
greyscale scans and rows with too little ink to tell are read as before. A pale circle of
the pen's can come out grey in pieces between the printed lines; where the row read as the
page is, dust rules and all, keeps it as a circle, the read without the grey dust does not
read its box empty (``circles_kept``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

import cv2
import numpy as np

from ocr.dots import is_compact
from ocr.layout import FieldKind, Layout
from ocr.layout_geometry import DECLARER, DOUBLING, LEVEL, RESULT_COUNT, RESULT_SIGN, STRAIN
from ocr.mark_geometry import RING_OUT_MM
from ocr.mark_settings import MARK_SETTINGS, MarkSettings
from ocr.marks import MarkReading, MarkState, made_unsure
from ocr.row_ink import RowInk
from ocr.row_marks import FieldMarks

__all__ = [
    "ColourPage",
    "PenRow",
    "a_needed_field_unmarked",
    "circle_may_be_lost",
    "circles_kept",
    "hue_share",
    "marks_region",
    "read_without_grey_dust",
]

ColourPage = Callable[[], "np.ndarray | None"]
"""The page in colour (B, G, R at the reader's working resolution, aligned as the grey
page is; white beyond ``marks_region``), made on demand: only a dusty page asks for it."""

_INK = 0.15
"""A pixel is ink for the pieces when the row's ink ramp gives it this much or more: the
faint rim of a clump goes with its core, so that what is taken out leaves no ring."""


_PEN_FIELDS = 3
"""A row is written with a coloured pen where pieces of that colour lie inside the boxes of
this many of its mark fields or more: a played result marks a level, a strain, a declarer
and a result, so the pen's own marks are in four fields at least, while a neighbour's ring
run into one box, or a coloured speck, colours one."""


def _fields_in_colour(labels: np.ndarray, coloured: np.ndarray, row_ink: RowInk) -> set[str]:
    """The mark fields of the row with a piece of ``coloured`` (per piece, the background
    left out) inside one of their boxes."""
    inked = np.concatenate(([False], coloured))[labels]
    g = row_ink.geometry
    return {
        field
        for (field, _, _), (x0, y0, x1, y1) in zip(g.boxes, g.inner, strict=True)
        if inked[y0:y1, x0:x1].any()
    }


def marks_region(layout: Layout, dpi: float) -> tuple[int, int, int, int]:
    """The page pixels (x0, y0, x1, y1 at ``dpi``) every row's mark boxes and the rings
    round them lie in: the only part of a page whose colour the rows ask for, warped alone
    (half the page's width, two thirds of its height: 8 ms of CPU where the whole page in
    colour took 18)."""
    key = (*layout.cache_key, dpi)
    if key not in _REGIONS:
        margin = RING_OUT_MM + 1.0
        boxes = [
            b.rect
            for row in layout.rows
            for f in row.fields
            if f.kind is FieldKind.MARKS
            for b in f.boxes
        ]
        rows = [row.rect for row in layout.rows]
        w, h = layout.page_px(dpi)
        s = dpi / 25.4
        _REGIONS[key] = (
            max(0, math.floor((min(b.x for b in boxes) - margin) * s)),
            max(0, math.floor((min(r.y for r in rows) - margin) * s)),
            min(w, math.ceil((max(b.x1 for b in boxes) + margin) * s)),
            min(h, math.ceil((max(r.y1 for r in rows) + margin) * s)),
        )
    return _REGIONS[key]


_REGIONS: dict[tuple[object, ...], tuple[int, int, int, int]] = {}


def hue_share(absorbance: np.ndarray) -> np.ndarray:
    """How much more a piece takes of its most absorbed channel than of its least, as a
    share of the most (0: grey, and no absorbance at all; 1: one channel only).
    ``absorbance``: the three channels' sums, along the last axis (one piece, or many)."""
    top = absorbance.max(axis=-1)
    return (top - absorbance.min(axis=-1)) / np.maximum(top, 1e-9)


@dataclass(frozen=True)
class PenRow:
    """A row written with a coloured pen, read without its grey dust
    (``read_without_grey_dust``)."""

    page: np.ndarray
    """The flattened grey page with the row's grey pieces of drawn ink made paper."""
    pen_boxes: frozenset[tuple[str, str]]
    """(field, option) of each mark box round which the only drawn ink left is the pen's
    (hue ``pen_hue_min`` or more, within ``clean_rival_mm`` of its printed rectangle): ink
    by such a box is the player's, never a speck, whatever rule reads it
    (``ocr.unchecked_marks.marks_in_the_gap``, ``THICK_BY_EDGE``)."""
    grey_arcs_by: frozenset[tuple[str, str]] = frozenset()
    """(field, option) of each mark box within ``RING_OUT_MM`` of whose printed rectangle a
    grey piece taken out is an arc: over ``clump_across_mm`` across and not compact as a
    clump or a dot is (``ocr.dots.is_compact``): a pale circle's, or a hair's
    (``circle_may_be_lost``)."""


def _pen_boxes(
    labels: np.ndarray, doubtful: np.ndarray, row_ink: RowInk, t: MarkSettings
) -> frozenset[tuple[str, str]]:
    """The row's mark boxes with no piece of ``doubtful`` (per piece, the background left
    out: ink kept that holds no pen's colour) within ``clean_rival_mm`` of their printed
    rectangle."""
    every = frozenset((field, option) for field, option, _ in row_ink.geometry.boxes)
    if not doubtful.any():
        return every
    return every - _boxes_near(labels, doubtful, row_ink, t.clean_rival_mm)


def _boxes_near(
    labels: np.ndarray, chosen: np.ndarray, row_ink: RowInk, reach_mm: float
) -> frozenset[tuple[str, str]]:
    """(field, option) of the row's mark boxes with a piece of ``chosen`` (per piece, the
    background left out) within ``reach_mm`` of their printed rectangle."""
    near = np.concatenate(([False], chosen))[labels]
    m = round(reach_mm * row_ink.s)
    g = row_ink.geometry
    return frozenset(
        (field, option)
        for (field, option, _), (x0, y0, x1, y1) in zip(g.boxes, g.outer.tolist(), strict=True)
        if near[max(0, y0 - m) : y1 + m, max(0, x0 - m) : x1 + m].any()
    )


def read_without_grey_dust(
    page: np.ndarray, colour: np.ndarray, row_ink: RowInk, t: MarkSettings = MARK_SETTINGS
) -> PenRow | None:
    """``page`` (the flattened grey page) with the row's grey pieces of drawn ink made paper,
    where the row is written with a coloured pen; None where it is not, or cannot be told.

    ``colour``: the page in colour at the same resolution and alignment, known in
    ``marks_region``. The pieces are the ink of the row's band off the form's printed lines
    (``RowInk.printed``, matched to this row) in that region's columns; the row's paper in
    each channel is their mean where they hold no ink."""
    if not row_ink.any_ink:
        return None
    x0, y0 = row_ink.origin
    h, w = row_ink.ink.shape
    left, _, right, _ = marks_region(row_ink.layout, row_ink.dpi)
    c0, c1 = max(0, left - x0), min(w, right - x0)
    band = colour[y0 : y0 + h, x0 + c0 : x0 + c1]
    paper_px = (row_ink.ink[:, c0:c1] < 0.02).view(np.uint8)
    if c1 <= c0 or cv2.countNonZero(paper_px) < 100:
        return None
    paper = np.array(cv2.mean(band, mask=paper_px)[:3], np.float32)
    if paper.min() < 1:
        return None
    ink = (row_ink.ink[:, c0:c1] >= _INK) & ~row_ink.printed[:, c0:c1]
    inked = np.array(cv2.mean(band, mask=ink.view(np.uint8))[:3], np.float32)
    if hue_share(np.maximum(1.0 - inked / paper, 0.0)) < t.row_hue_min:
        return None  # no pen's colour in the row at all: not cut into pieces (a black pen)
    count, part, stats, _ = cv2.connectedComponentsWithStats(ink.view(np.uint8), connectivity=8)
    if count <= 1:
        return None
    at = np.flatnonzero(part)
    piece = part.ravel()[at]
    absorb = np.maximum(1.0 - band.reshape(-1, 3)[at] / paper, 0.0)  # (ink pixels, 3)
    sums = np.stack([np.bincount(piece, absorb[:, c], count) for c in range(3)], axis=1)[1:]
    hues = hue_share(sums)
    labels = np.zeros((h, w), part.dtype)
    labels[:, c0:c1] = part
    if len(_fields_in_colour(labels, hues >= t.pen_hue_min, row_ink)) < _PEN_FIELDS:
        return None  # a grey pen, a pencil, a row unplayed: read as the page is read
    areas = np.bincount(piece, None, count)[1:]
    grey = (hues <= t.grey_ink_max) & (areas <= t.grey_piece_max_mm2 * row_ink.s**2)
    pen_boxes = _pen_boxes(labels, ~grey & (hues < t.pen_hue_min), row_ink, t)
    if not grey.any():
        return PenRow(page, pen_boxes)
    out = page.copy()
    taken = np.concatenate(([False], grey))[labels]
    taken = cv2.dilate(taken.astype(np.uint8), np.ones((3, 3), np.uint8)).astype(bool)
    taken &= ~row_ink.printed
    out[y0 : y0 + h, x0 : x0 + w][taken] = 255
    return PenRow(out, pen_boxes, _arcs_by(labels, grey, stats[1:], row_ink, t))


def _arcs_by(
    labels: np.ndarray, grey: np.ndarray, stats: np.ndarray, row_ink: RowInk, t: MarkSettings
) -> frozenset[tuple[str, str]]:
    """The row's mark boxes with a ``grey`` piece (per piece, the background left out) that
    is an arc within ``RING_OUT_MM`` of their printed rectangle (``PenRow.grey_arcs_by``)."""
    w, h = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    arcs = grey & ~is_compact(w, h, stats[:, cv2.CC_STAT_AREA])
    arcs &= np.maximum(w, h) > t.clump_across_mm * row_ink.s
    if not arcs.any():
        return frozenset()
    return _boxes_near(labels, arcs, row_ink, RING_OUT_MM)


_NEEDED = (LEVEL, STRAIN, DECLARER, RESULT_SIGN)
"""The fields a played result marks one box of, whatever it is."""


def a_needed_field_unmarked(marks: FieldMarks) -> bool:
    """Does ``marks`` leave a field a played result marks without a box marked for certain:
    the level, strain, declarer or result sign, or the count where the sign reads over or
    under? Only there can a circle taken out with the grey dust have been the field's mark
    (``circles_kept``); a coloured pen's row whose every such field holds its mark, as most
    do, is not read a second time (read always, TEST's noisy pages cost 16% more CPU)."""

    def marked(name: str) -> set[str]:
        return {r.option for r in marks.readings.get(name, ()) if r.state is MarkState.MARKED}

    if any(not marked(name) for name in _NEEDED):
        return True
    return bool(marked(RESULT_SIGN) & {"+", "-"}) and not marked(RESULT_COUNT)


def circle_may_be_lost(pen_row: PenRow, marks: FieldMarks) -> bool:
    """May a circle of the pen's have gone with the grey dust, so that the row is read as
    the page is too (``circles_kept``)? Where ``marks`` (the row read without its grey
    dust) leaves a field a played result needs unmarked (``a_needed_field_unmarked``), or
    leaves the doubling unmarked and a grey arc was taken out by X or XX: every undoubled
    result leaves the doubling empty, so it is read again only where an arc was taken
    out beside it (an arc by X or XX on 5 of TEST noisy's 155 coloured rows, a grey piece of
    any shape on 98; 4 of the 155 are read twice in all)."""
    if a_needed_field_unmarked(marks):
        return True
    doubling = marks.readings.get(DOUBLING, ())
    return not any(r.state is MarkState.MARKED for r in doubling) and any(
        (DOUBLING, r.option) in pen_row.grey_arcs_by for r in doubling
    )


def circles_kept(page_marks: FieldMarks, pen_marks: FieldMarks) -> FieldMarks:
    """``pen_marks`` (a coloured pen's row read without its grey dust) with every box that
    ``page_marks`` (the same row read as the page is, its dust rules and all) marks for
    certain by a circle round it, and ``pen_marks`` reads empty in a field where it marks
    no box, read unsure on that circle (``made_unsure``): the score or a person settles it.

    A pale circle drawn with the pen holds less of its colour than the pen's firm strokes:
    thin, cut into arcs by the box's printed edges and the lines beside it, each arc's
    hue lost to JPEG's colour at half resolution, its pieces come out grey and small, and
    ``read_without_grey_dust`` takes them out as dust. The page's own dust rules read
    specks round a box off as no circle (``dusty_circles``), so a circle they keep is
    drawn ink; read away, the field's mark is lost, and a dot elsewhere in the field was
    accepted in its place (fresh TEST noisy, seed 68724, ``page_0035.jpg`` row 9: the
    circle round S taken out, a dot on NT's edge left, 4S W -1 accepted as 4NT W -1 at
    the same score). A field the read without the dust marks keeps its mark: a field holds
    one, and a circle the page read beside it is that mark's ring run wide with the grey
    dust beside it (TRAINING noisy, seed 13, ``page_0027.png`` row 8: a blue ring round
    NS read over EW's edge, EW circled on the page with the dust, empty without it)."""
    out: dict[str, list[MarkReading]] = {}
    kept: set[tuple[str, str]] = set()
    for name, readings in pen_marks.readings.items():
        page_read = page_marks.readings[name]
        row = list(readings)
        if any(r.state is MarkState.MARKED for r in readings):
            out[name] = row
            continue
        for i, (r, seen) in enumerate(zip(readings, page_read, strict=True)):
            lost = r.state is MarkState.EMPTY and seen.how == "circle"
            if lost and seen.state is MarkState.MARKED:
                row[i] = made_unsure(seen)
                kept.add((name, seen.option))
        out[name] = row
    if not kept:
        return pen_marks
    return replace(pen_marks, readings=out, inked_at_first=pen_marks.inked_at_first | kept)
