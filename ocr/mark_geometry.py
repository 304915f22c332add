"""Where a row's mark boxes, the strips beside them and the form's own lines lie, in pixels.

Reading a mark (ocr/row_marks.py) needs, for every row of the form at the working
resolution, each box's inside, the strips beside its four sides where a circle round it
would run, its neighbours within reach of a stroke, and where the form itself prints
dark lines (box edges, timing marks, the grey hairlines between rows), so that printed
ink is never taken for a mark. All of it depends on the layout alone: it is computed once
per layout, resolution and row and kept.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar, cast

import cv2
import numpy as np

from ocr.captions import caption_pixels
from ocr.layout import MM_PER_INCH, FieldKind, Layout, Rect, Row, mm_to_px
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import BOX_INSET_MM

__all__ = [
    "EDGE",
    "HAIRLINE",
    "RING_OUT_MM",
    "RING_SIDE_MM",
    "BORDER_CORE_MM",
    "BORDER_INNER_MM",
    "SPILL_MM",
    "RowGeometry",
    "kept_for",
    "printed_at",
    "printed_lines",
    "row_geometry",
    "side_corners",
    "side_by_side",
]

RING_OUT_MM = MARK_SETTINGS.ring_out_mm  # ocr/mark_settings.py
RING_SIDE_MM = MARK_SETTINGS.ring_side_mm  # ocr/mark_settings.py
BORDER_CORE_MM = MARK_SETTINGS.border_core_mm  # ocr/mark_settings.py
BORDER_INNER_MM = MARK_SETTINGS.border_inner_mm  # ocr/mark_settings.py
_NEIGHBOUR_MM = MARK_SETTINGS.neighbour_mm  # ocr/mark_settings.py
SPILL_MM = MARK_SETTINGS.spill_mm  # ocr/mark_settings.py
EDGE, HAIRLINE = 1, 2  # printed-line mask values


_PRINTED: dict[tuple[str, int, str, float], np.ndarray] = {}


def printed_lines(layout: Layout, dpi: float) -> np.ndarray:
    """Where the form itself prints dark lines at ``dpi``: ``EDGE`` for box edges and
    timing marks, ``HAIRLINE`` for the grey lines between rows, 0 elsewhere."""
    key = (*layout.cache_key, dpi)
    if key not in _PRINTED:
        _PRINTED[key] = _drawprinted_lines(layout, dpi)
    return _PRINTED[key]


def _drawprinted_lines(layout: Layout, dpi: float) -> np.ndarray:
    w, h = layout.page_px(dpi)
    mask = np.zeros((h, w), np.uint8)
    for box in layout.boxes():
        if box.field and layout.field(box.row, box.field).kind is not FieldKind.PRINTED:
            x0, y0, x1, y1 = box.rect.to_px(dpi)
            cv2.rectangle(mask, (x0, y0), (x1, y1), EDGE, 2)
    for i, row in enumerate(layout.rows):
        x0, y0, x1, y1 = row.timing_mark.to_px(dpi)
        cv2.rectangle(mask, (x0, y0), (x1, y1), EDGE, -1)
        nxt = layout.rows[i + 1].rect.y if i + 1 < len(layout.rows) else row.rect.y1 + 0.6
        y = round(mm_to_px((row.rect.y1 + nxt) / 2, dpi))
        cv2.line(mask, (round(mm_to_px(row.rect.x + 5, dpi)), y),
                 (round(mm_to_px(row.rect.x1, dpi)), y), HAIRLINE, 2)  # fmt: skip
    return mask


@dataclass(frozen=True)
class RowGeometry:
    """Pixels of a row's mark boxes, relative to its band and clipped to it: per box the
    inside (x0, y0, x1, y1) and the strips beside its four sides where a circle would run,
    and which field and option each box is."""

    band: tuple[int, int, int, int]
    outer: np.ndarray  # (n, 4): each box's printed rectangle
    inner: np.ndarray  # (n, 4)
    sides: np.ndarray  # (4, n, 4): per side of every box, the strip beside it
    boxes: tuple[tuple[str, str, Rect], ...]
    lines: np.ndarray  # the printed lines in the band (``printed_lines``)
    columns: np.ndarray  # how many printed-line pixels each column of the band has ...
    rows: np.ndarray  # ... and each row
    hairline_rows: np.ndarray  # which rows of the band a hairline crosses (bool)
    centres: tuple[np.ndarray, np.ndarray]  # band pixels near the mark boxes' centres
    writing: tuple[np.ndarray, np.ndarray]  # band pixels where circles run and digits are written
    captions: tuple[np.ndarray, np.ndarray]  # the boxes' printed captions (ocr/captions.py)
    captions_at: np.ndarray  # ... as flat indices into the band
    captions_clear: int  # ... how far (px) the nearest lies from the band's edges
    neighbours: tuple[tuple[tuple[int, np.ndarray], ...], ...]
    """Per box: each box next to it (within 2 mm) and the box's inside without the strip
    that faces that neighbour (where a stroke of the neighbour's mark may reach in)."""


_GEOMETRY: dict[tuple[str, int, str, float, int], RowGeometry] = {}


def _band(row: Row, dpi: float, page_w: int, page_h: int) -> tuple[int, int, int, int]:
    margin = RING_OUT_MM + 0.5
    band = Rect(row.rect.x, row.rect.y - margin, row.rect.width, row.rect.height + 2 * margin)
    x0, y0, x1, y1 = band.to_px(dpi)
    return max(0, x0), max(0, y0), min(page_w, x1), min(page_h, y1)


def side_by_side(a: Rect, b: Rect) -> bool:
    """Do boxes ``a`` and ``b`` lie beside each other (rather than one above the other)?"""
    return max(b.x - a.x1, a.x - b.x1) > max(b.y - a.y1, a.y - b.y1)


def row_geometry(layout: Layout, row: Row, dpi: float) -> RowGeometry:
    key = (*layout.cache_key, dpi, row.number)
    if key not in _GEOMETRY:
        s = dpi / 25.4
        page_w, page_h = layout.page_px(dpi)
        bx0, by0, bx1, by1 = _band(row, dpi, page_w, page_h)
        core, reach, side = (round(v * s) for v in (BORDER_CORE_MM, RING_OUT_MM, RING_SIDE_MM))
        marks = [f for f in row.fields if f.kind is FieldKind.MARKS]
        boxes = [(f.name, b.option, b.rect) for f in marks for b in f.boxes]
        rects = _mm([rect for _, _, rect in boxes])
        inner = _px(_inset(rects, BOX_INSET_MM), dpi)
        outer = _px(rects, dpi)
        digits = _px(_inset(_mm([b.rect for f in row.fields if f.kind is FieldKind.DIGITS
                                 for b in f.boxes]), BOX_INSET_MM), dpi)  # fmt: skip
        sides = _sides(outer, core, reach, side)
        w, h = bx1 - bx0, by1 - by0

        def local(px: np.ndarray) -> np.ndarray:
            # np.minimum and np.maximum, not np.clip: the same integers, without np.clip's
            # checks of its bounds, which made a process's first page's 15 rows here cost
            # some 25 ms of CPU (a call a box and a neighbour)
            out = px - np.array([bx0, by0, bx0, by0])
            out[..., 0::2] = np.minimum(np.maximum(out[..., 0::2], 0), w)
            out[..., 1::2] = np.minimum(np.maximum(out[..., 1::2], 0), h)
            return out

        neighbours: list[list[tuple[int, np.ndarray]]] = [[] for _ in boxes]
        near = _near_pairs([rect for _, _, rect in boxes])
        # every neighbour's kept inside moved into the band at once (a row has some 110),
        # each then a fresh array of its own, as one moved alone would be
        for (i, j, _, _), kept_local in zip(near, local(_kept_insides(rects, near, dpi)),
                                            strict=True):  # fmt: skip
            neighbours[i].append((j, kept_local.copy()))
        lines = printed_lines(layout, dpi)[by0:by1, bx0:bx1]
        captions = np.nonzero(caption_pixels(layout, dpi)[by0:by1, bx0:bx1])
        present = (lines > 0).astype(np.float32)
        inner_px, sides_px = local(inner), local(sides)
        _GEOMETRY[key] = RowGeometry(
            (bx0, by0, bx1, by1),
            local(outer),
            inner_px,
            sides_px.transpose(1, 0, 2).copy(),
            tuple(boxes),
            lines,
            present.sum(axis=0),
            present.sum(axis=1),
            (lines == HAIRLINE).any(axis=1),
            _centre_pixels(inner_px),
            _writing_pixels(sides_px, local(digits), lines),
            captions,
            captions[0] * w + captions[1],
            _clear_of_edges(captions, h, w),
            tuple(tuple(near) for near in neighbours),
        )
    return _GEOMETRY[key]


_SQUARE = np.ones((3, 3), np.uint8)
_PRINTED_AT: dict[tuple[int, int, int], tuple[RowGeometry, np.ndarray, np.ndarray]] = {}
_PRINTED_AT_MOST = 64  # rows and shifts kept (some 230 kB each on an A4 band)


def printed_at(g: RowGeometry, shift: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    """The form's lines where they lie on a row (``g.lines`` moved by ``shift``, as
    ``np.roll`` moves them) and the pixels they print, a pixel wider (bool): both
    read-only, made once per row geometry and shift. A row's lines nearly always lie where
    the page's fit puts them (every row of 36 TRAINING pages of eight conditions at
    shift (0, 0)), so a page's rows find theirs made by the page before."""
    key = (id(g), *shift)
    kept = _PRINTED_AT.get(key)
    if kept is None or kept[0] is not g:
        if len(_PRINTED_AT) >= _PRINTED_AT_MOST:
            _PRINTED_AT.clear()
        lines = np.roll(g.lines, shift, axis=(0, 1))
        printed = cv2.dilate((lines > 0).astype(np.uint8), _SQUARE) > 0
        lines.flags.writeable = printed.flags.writeable = False
        kept = _PRINTED_AT[key] = (g, lines, printed)
    return kept[1], kept[2]


_SIDE_CORNERS: dict[tuple[int, int], tuple[RowGeometry, np.ndarray]] = {}
_SIDE_CORNERS_MOST = 256  # rows kept (a few kB each)


def side_corners(g: RowGeometry, width: int) -> np.ndarray:
    """The strips beside every box's sides (``g.sides``) as flat indices into an integral
    image ``width`` columns wide: (corner, side, box), the corners bottom-right, top-right,
    bottom-left and top-left, so that a strip's sum is the first less the second and
    third plus the fourth (``RowBoxes._sides_beside``). Made once per row geometry and
    width, since a row's boxes lie where its geometry puts them on every page."""
    key = (id(g), width)
    kept = _SIDE_CORNERS.get(key)
    if kept is None or kept[0] is not g:
        if len(_SIDE_CORNERS) >= _SIDE_CORNERS_MOST:
            _SIDE_CORNERS.clear()
        x0, y0, x1, y1 = np.moveaxis(g.sides, 2, 0)  # each (side, box)
        top, bottom = y0 * width, y1 * width
        corners = np.stack([bottom + x1, top + x1, bottom + x0, top + x0])
        corners.flags.writeable = False
        kept = _SIDE_CORNERS[key] = (g, corners)
    return kept[1]


_T = TypeVar("_T")
_KEPT: dict[tuple[int, Hashable], tuple[np.ndarray, object]] = {}
_KEPT_MOST = 8192  # results kept: a layout's boxes, some 3 kB each (rays and strips)


def kept_for(lines: np.ndarray, key: Hashable, make: Callable[[], _T]) -> _T:
    """``make()``, worked out from a row's printed ``lines`` alone: kept per ``key`` for
    lines that never change (read-only, as ``printed_at`` hands every page the same
    array: what they give a box is the same on every page), made afresh for others."""
    if lines.flags.writeable:
        return make()
    full = (id(lines), key)
    kept = _KEPT.get(full)
    if kept is not None and kept[0] is lines:  # (the array kept alive: its id not reused)
        return cast(_T, kept[1])
    made = make()
    if len(_KEPT) >= _KEPT_MOST:
        _KEPT.clear()
    _KEPT[full] = (lines, made)
    return made


def _clear_of_edges(pixels: tuple[np.ndarray, ...], h: int, w: int) -> int:
    """How far (px) the nearest of ``pixels`` (rows, columns) lies from the edges of an
    h x w band: moved no further, none of them leaves it."""
    rows, cols = pixels
    if not len(rows):
        return max(h, w)
    return int(min(rows.min(), h - 1 - rows.max(), cols.min(), w - 1 - cols.max()))


def _mm(rects: list[Rect]) -> np.ndarray:
    """Rectangles as an (n, 4) float array of their x, y, width and height (mm)."""
    return np.array([(r.x, r.y, r.width, r.height) for r in rects], float).reshape(-1, 4)


def _inset(rects: np.ndarray, mm: float) -> np.ndarray:
    """``Rect.inset(mm)`` of every rectangle of ``_mm``'s array: the same floats."""
    return rects + np.array([mm, mm, -(2 * mm), -(2 * mm)])


def _px(rects: np.ndarray, dpi: float) -> np.ndarray:
    """``Rect.to_px(dpi)`` of every rectangle of ``_mm``'s array at once, (n, 4) int64: each
    bound worked out as ``mm_to_px`` works it (``mm * dpi / MM_PER_INCH``) and rounded half
    to even as Python's ``round`` rounds it, so the same integers. A process's first page
    asked 2,900 rectangles one by one for its rows' geometry (some 10 ms of CPU)."""
    x, y, width, height = rects.T
    bounds = np.stack([x, y, x + width, y + height], axis=1)
    return _rounded(bounds * dpi / MM_PER_INCH)


def _rounded(values: np.ndarray) -> np.ndarray:
    """Each value rounded as Python's ``round`` rounds a float (half to even), int64."""
    return np.rint(values).astype(np.int64)


def _sides(outer: np.ndarray, core: int, reach: int, side: int) -> np.ndarray:
    """The strips beside each box's four sides, (n, 4 sides, 4): above, below, left and
    right, each reaching from ``core`` to ``reach`` (``side`` across) beyond the printed
    edge over the middle 70% of the side."""
    x0, y0, x1, y1 = outer.T
    mx0, mx1 = x0 + _rounded(0.15 * (x1 - x0)), x0 + _rounded(0.85 * (x1 - x0))
    my0, my1 = y0 + _rounded(0.15 * (y1 - y0)), y0 + _rounded(0.85 * (y1 - y0))
    return np.stack([
        np.stack([mx0, y0 - reach, mx1, y0 - core], axis=1),
        np.stack([mx0, y1 + core, mx1, y1 + reach], axis=1),
        np.stack([x0 - side, my0, x0 - core, my1], axis=1),
        np.stack([x1 + core, my0, x1 + side, my1], axis=1),
    ], axis=1)  # fmt: skip


def _kept_insides(
    rects: np.ndarray, near: list[tuple[int, int, float, float]], dpi: float
) -> np.ndarray:
    """For each pair (i, j) of ``_near_pairs``, box i's inside without the strip of
    ``SPILL_MM`` that faces box j (beside it: the strip on j's side; above or below: the
    top or the bottom), in pixels, (pairs, 4) int64, as ``Rect`` would work each out."""
    if not near:
        return np.zeros((0, 4), np.int64)
    i, j, gap_x, gap_y = (np.array(v) for v in zip(*near, strict=True))
    a, b = rects[i], rects[j]
    x, y, width, height = _inset(a, BOX_INSET_MM).T
    beside = gap_x > gap_y
    cut = SPILL_MM
    x = np.where(beside & (b[:, 0] < a[:, 0]), x + cut, x)
    width = np.where(beside, width - cut, width)
    y = np.where(~beside & (b[:, 1] < a[:, 1]), y + cut, y)
    height = np.where(~beside, height - cut, height)
    return _px(np.stack([x, y, width, height], axis=1), dpi)


def _near_pairs(rects: list[Rect]) -> list[tuple[int, int, float, float]]:
    """Every pair of boxes (i, j) (by i, then j, as a loop over both gives them)
    within ``_NEIGHBOUR_MM`` of each other, side by side or one above the other (not
    corner to corner), with the gaps between them across and down (mm; negative where they
    overlap). All pairs of a row's boxes are weighed at once: a row has some 2,000."""
    x = np.array([r.x for r in rects])
    y = np.array([r.y for r in rects])
    x1 = np.array([r.x1 for r in rects])
    y1 = np.array([r.y1 for r in rects])
    # gap[i, j] as max(b.x - a.x1, a.x - b.x1) with a = rects[i], b = rects[j].
    gap_x = np.maximum(x[None, :] - x1[:, None], x[:, None] - x1[None, :])
    gap_y = np.maximum(y[None, :] - y1[:, None], y[:, None] - y1[None, :])
    near = (np.maximum(gap_x, gap_y) <= _NEIGHBOUR_MM) & (np.minimum(gap_x, gap_y) <= 0)
    np.fill_diagonal(near, False)
    i, j = np.nonzero(near)  # row-major: i, then j
    return list(zip(i.tolist(), j.tolist(), gap_x[i, j].tolist(), gap_y[i, j].tolist(),
                    strict=True))  # fmt: skip


def _centre_pixels(inner: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Row and column indices of the middle half of each box inside (every other pixel),
    box by box and row by row (as ``np.mgrid``'s grid of each, raveled and joined), for
    all the boxes at once: each pixel's box, then its place in the box's grid."""
    x0, y0, x1, y1 = inner.T
    qx, qy = (x1 - x0) // 4, (y1 - y0) // 4
    top, left = y0 + qy, x0 + qx
    # as many as np.arange(start, stop, 2) gives
    tall = np.maximum(y1 - qy - top + 1, 0) // 2
    wide = np.maximum(x1 - qx - left + 1, 0) // 2
    counts = tall * wide
    box = np.repeat(np.arange(len(inner)), counts)
    place = np.arange(int(counts.sum())) - np.repeat(np.cumsum(counts) - counts, counts)
    across = wide[box]
    return top[box] + 2 * (place // across), left[box] + 2 * (place % across)


def _writing_pixels(
    sides: np.ndarray, digits: np.ndarray, lines: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Row and column indices (every other pixel) of the strips beside the mark boxes,
    where a circle round a box runs, and of the digit boxes' insides, clear of the printed
    lines by 2 px (the page's fit may be that far off on a row)."""
    zone = np.zeros(lines.shape, bool)
    for x0, y0, x1, y1 in (*sides.reshape(-1, 4), *digits.reshape(-1, 4)):
        zone[y0:y1, x0:x1] = True
    zone &= cv2.dilate((lines > 0).astype(np.uint8), np.ones((5, 5), np.uint8)) == 0
    ys, xs = np.nonzero(zone[::2, ::2])
    return ys * 2, xs * 2
