"""A pen dot in a mark box: the largest blob that stands free in it (ocr/row_marks.py).

A dot is told from other ink by standing free and alone: a line that enters the box from
outside (a neighbour's overshoot) touches the region's edge, a dot does not; and a dot has
no other drawn ink within ``DOT_ALONE_MM``, where a piece of a stroke has the rest of it.
It is looked for ``BOX_INSET_MM`` inside the printed edge, any shape; and up to the printed
edge, where a pen dot may be put too, as a drawn blob (off the printed lines) that is
compact too (no side of its bounding box over twice the other, half of it ink). A
neighbour's stroke that comes across the edge, or a circle that runs inside it, leaves a
long piece there, or the rest of the stroke beside it. So does a circle drawn wide round
the next box whose pale ballpoint skips just inside this one's edge: a piece of 0.52 mm^2
(0.5 by 1.4 mm) stood free inside the inset, the rest of the arc 0.34 mm away, and read
as a certain dot (issue 13: 1NT by E -1 accepted for a circled 1S, both +100, on a TEST
page).

Near the edge a blob counts as a dot of ``EDGE_DOT_MM2`` or more, marked for certain:
specks of the scanner and the paper gather by the printed lines (up to 0.37 mm^2 in
unmarked boxes of 1,000 TRAINING pages, where ``DOT_MARKED_ABOVE_MM2`` is 0.40), and an
unsure dot there would send rows to a person for nothing. A blob there from
``DOT_MARKED_ABOVE_MM2`` (as large as a certain dot inside the box, and larger than any
speck seen by the lines) up to ``EDGE_DOT_MM2`` is neither: the box is unsure
(``EDGE_UNSURE_MM2``), not empty for certain. A pen touched to a box's corner leaves such a
dot (issue 13, ninth TEST set clean/page_0163.jpg row 9: a dot of 0.46 mm^2 by the top
right corner of X read as nothing, and with no score written 1SX by E -1 was accepted as
1S by E -1).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ocr.components import pieces
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import DOT_EMPTY_BELOW_MM2, DOT_MARKED_ABOVE_MM2

__all__ = [
    "DOT_ALONE_MM",
    "EDGE_DOT_MM2",
    "EDGE_UNSURE_MM2",
    "dot_mm2",
    "is_compact",
    "stands_alone",
]

DOT_ALONE_MM = MARK_SETTINGS.dot_alone_mm  # ocr/mark_settings.py

EDGE_DOT_MM2 = MARK_SETTINGS.edge_dot_mm2  # ocr/mark_settings.py

EDGE_UNSURE_MM2 = (DOT_EMPTY_BELOW_MM2 + DOT_MARKED_ABOVE_MM2) / 2
"""What a blob near the edge from ``DOT_MARKED_ABOVE_MM2`` up to ``EDGE_DOT_MM2`` counts as:
the middle of a dot's unsure band inside the box."""

Px = tuple[int, int, int, int]  # x0, y0, x1, y1 in a row band's pixels
Alone = Callable[[np.ndarray, Px, int], bool]  # (drawn ink, a blob's box, reach px)
Ints = int | np.ndarray  # one blob's measure, or every blob's at once


def dot_mm2(
    solid: np.ndarray,
    drawn: np.ndarray,
    inner: Px,
    box: Px,
    px_per_mm: float,
    alone: Alone | None = None,
    compact: bool = False,
) -> float:
    """Area (mm^2) of the dot in a box: the largest free blob of ``solid`` ink inside
    ``inner`` (the box ``BOX_INSET_MM`` in) with no other drawn ink near it, or else one of
    ``drawn`` ink (solid, off the printed lines) inside the whole ``box`` that is compact,
    alone and ``EDGE_DOT_MM2`` or more; a smaller one there of ``DOT_MARKED_ABOVE_MM2`` or
    more counts as ``EDGE_UNSURE_MM2``. ``alone`` tells whether a blob stands alone
    (``stands_alone`` unless given); ``compact``: inside ``inner`` too, only a compact blob
    (``is_compact``)."""
    px2 = px_per_mm * px_per_mm
    reach = round(DOT_ALONE_MM * px_per_mm)
    alone = stands_alone if alone is None else alone
    best = _free_blob(solid, inner, drawn, reach, compact, alone) / px2
    if best < DOT_MARKED_ABOVE_MM2:
        near_edge = _free_blob(drawn, box, drawn, reach, True, alone) / px2
        if near_edge >= EDGE_DOT_MM2:
            best = near_edge
        elif near_edge >= DOT_MARKED_ABOVE_MM2:
            best = max(best, EDGE_UNSURE_MM2)
    return best


def _free_blob(
    mask: np.ndarray, region: Px, drawn: np.ndarray, reach: int, compact: bool, alone: Alone
) -> int:
    """Pixels of the largest blob of ``mask`` inside ``region`` that touches none of its
    sides and has no other ``drawn`` ink within ``reach`` px (``stands_alone``); with
    ``compact``, only one no side of whose bounding box is over twice the other, half of
    it ink."""
    x0, y0, x1, y1 = region
    inside = mask[y0:y1, x0:x1]
    if not inside.any():
        return 0
    h, w = inside.shape
    # a bool mask's own bytes (0 or 1) are the pieces' input: no copy
    _, _, stats = pieces(inside.view(np.uint8) if inside.dtype == bool else inside.astype(np.uint8))
    best = 0
    for x, y, bw, bh, area in stats[1:].tolist():  # Python ints: a fraction of the time
        if area <= best or not (x > 0 and y > 0 and x + bw < w and y + bh < h):
            continue
        if compact and not _is_compact_blob(bw, bh, area):
            continue
        if not alone(drawn, (x0 + x, y0 + y, x0 + x + bw, y0 + y + bh), reach):
            continue
        best = int(area)
    return best


def is_compact(bw: Ints, bh: Ints, area: Ints) -> np.ndarray:
    """Whether a blob (bounding box ``bw`` x ``bh``, ``area`` pixels; ints, or arrays
    of them) is compact as a dot is: no side over twice the other, half of it ink."""
    square_enough = np.asarray(np.maximum(bw, bh) <= 2 * np.minimum(bw, bh))
    return square_enough & np.asarray(2 * area >= bw * bh)


def _is_compact_blob(bw: int, bh: int, area: int) -> bool:
    """``is_compact`` of one blob's Python ints, without numpy's calls on scalars (7 us
    a blob, against under 1)."""
    return max(bw, bh) <= 2 * min(bw, bh) and 2 * area >= bw * bh


def stands_alone(mask: np.ndarray, blob: Px, reach: int) -> bool:
    """No ink of ``mask`` within ``reach`` px of a blob's bounding box but its own, in its
    box or out. A pen dot stands alone; a piece of a stroke (a neighbour's circle running
    inside the edge, broken where it crosses the printed line) has the rest of the stroke
    beside it. Ink counted, not summed (a mask of no negative values has as much ink
    round the blob as in its box exactly when both counts are the same): 0.42 of the
    CPU."""
    x0, y0, x1, y1 = blob
    near = mask[max(0, y0 - reach) : y1 + reach, max(0, x0 - reach) : x1 + reach]
    return np.count_nonzero(near) == np.count_nonzero(mask[y0:y1, x0:x1])
