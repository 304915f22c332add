"""A pen dot on a box's printed edge: the boxes it may belong to are not empty for certain.

A dot is read inside its box (``ocr.dots``), and a blob of drawn ink up to the printed
edge too. A dot put on the edge itself is mostly hidden: the mask that keeps the form's
lines out of the drawn ink (``RowInk.printed``) takes its middle, and what is left are
slivers either side of the line, too small to be read as anything. Issue 13, thirteenth
TEST set, phone/page_0282.jpg row 2: a red gel dot on the right edge of X left 0.012 of
fill, X read empty for certain, and with no score written 2HX by S +1 was accepted as 2H
by S +1.

Here the slivers are joined again across the line: the solid pixels of a printed line
with drawn ink beside them across it (not along it, which would lengthen every speck by
the line) belong to that ink. A blob so joined that is a dot, and touches a printed line,
is near every box whose edge it comes within ``EDGE_DOT_NEAR_MM`` of, and lies in the
box nearest ``edge_dot_own_share`` of its ink (``EdgeDot.share``), else in the one near box
on whose printed edge its centre lies (``EdgeDot.owner``, ``edge_dot_centre_mm``): the rule
``edge_dots`` (ocr/edge_dot_rule.py) makes the box it lies in unsure, or, where it lies
between two boxes, every box it is near. Whether it is a dot is for a person. A dot:

- stands free: it does not reach the row band's edges, and is no more than
  ``EDGE_DOT_MAX_MM`` across;
- is compact: no side of its bounding box over twice the other, half of it ink (as a
  dot up to the edge inside a box, ``ocr.dots``): a stroke along a line, half on it, is
  long and thin;
- is thick: somewhere ``EDGE_DOT_WIDE_MM`` across, where a pen stroke crossing a printed
  line is no wider than stroke and line together;
- stands alone, as a dot inside a box does (``ocr.dots.DOT_ALONE_MM``): a piece of a
  stroke, broken where the mask cuts it, has the rest of the stroke beside it; on a dusty
  page, the pieces that may be the page's dust (``ocr.page_dust.specks_of``) beside it
  are not counted (a speck lands within 1 mm of a player's dot often there);
- leaves at least ``EDGE_DOT_LEAST_MM2`` of drawn ink off the line; on a page that is not
  dusty (``RowMarks.dots_on_edges``) ``EDGE_DOT_OFF_LINE_MM2`` where that ink lies on
  both sides of a printed edge, inside a box and outside every box: a pen put on the line
  spreads across it and, most of it under the line's mask, keeps 0.10-0.23 mm^2 off it at
  150 dpi, where a stroke that ends on the line lies on one side (a dusty page's specks
  settle on the lines too, and there ``EDGE_DOT_LEAST_MM2`` stays);
- and lies where no circle read round a box runs (within ``RING_OUT_MM`` of its box): a
  pale ballpoint's circle breaks into pieces where it crosses printed lines, and one
  running down the 1 mm between two boxes is, joined to both lines, a blob as thick as
  a dot (TRAINING ordinary page_0020.jpg row 4, the circle round NT beside S).

Chosen on TRAINING pages (``ocr.training.synthetic.mark_styles``: one dot in four is put
on the box's edge or corner), see docs/reader-history.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import cv2
import numpy as np

from ocr.components import depth_in_ink, pieces
from ocr.dots import DOT_ALONE_MM, EDGE_UNSURE_MM2, is_compact, stands_alone
from ocr.mark_geometry import RING_OUT_MM
from ocr.mark_settings import MARK_SETTINGS, MarkSettings
from ocr.marks import MarkReading, MarkState, mark_reading

if TYPE_CHECKING:
    from ocr.row_ink import RowInk

__all__ = [
    "EDGE_DOT_LEAST_MM2",
    "EDGE_DOT_MAX_MM",
    "EDGE_DOT_NEAR_MM",
    "EDGE_DOT_OFF_LINE_MM2",
    "EDGE_DOT_WIDE_MM",
    "EdgeDot",
    "circled_boxes",
    "dots_on_edges",
    "dots_on_row_edges",
    "dotted_boxes",
    "joined_across_lines",
    "on_line_blobs",
    "unsure_by_edge_dot",
    "unsure_where_dotted",
]

EDGE_DOT_NEAR_MM = MARK_SETTINGS.edge_dot_near_mm  # ocr/mark_settings.py

EDGE_DOT_WIDE_MM = MARK_SETTINGS.edge_dot_wide_mm  # ocr/mark_settings.py

EDGE_DOT_LEAST_MM2 = MARK_SETTINGS.edge_dot_least_mm2  # ocr/mark_settings.py

EDGE_DOT_OFF_LINE_MM2 = MARK_SETTINGS.edge_dot_off_line_mm2  # ocr/mark_settings.py

EDGE_DOT_MAX_MM = MARK_SETTINGS.edge_dot_max_mm  # ocr/mark_settings.py


@dataclass(frozen=True)
class EdgeDot:
    """One pen dot on a printed edge, per box of the row (as ``boxes``): ``near``, within
    ``EDGE_DOT_NEAR_MM`` of the box; ``share``, the share of the dot's ink (joined across
    the line) nearer that box than any other (a pixel as near two boxes is half each's);
    ``px``, where the dot lies (x0, y0, x1, y1 in the band's pixels: the dot joined across
    the line; it stands alone, so nothing else drawn lies there but the page's specks);
    ``centre_mm``, per box, how far the centre of ``px`` lies from the box's printed
    rectangle (mm; from inside it, to its nearest edge); ``inside``, per box, whether that
    centre lies in the box's printed rectangle (its edges counted), not in the paper
    round it."""

    near: tuple[bool, ...]
    share: tuple[float, ...]
    px: tuple[int, int, int, int] = (0, 0, 0, 0)
    centre_mm: tuple[float, ...] = ()
    inside: tuple[bool, ...] = ()

    def owner(self, least_share: float, on_edge_mm: float) -> int | None:
        """The box that holds ``least_share`` of the dot or more, if one does and the dot
        is near it; else the one near box whose printed edge the dot's centre lies within
        ``on_edge_mm`` of (``centre_mm``), if exactly one does.

        A player touches the pen to the box's own printed edge, so the dot's centre lies
        on that edge; a large dot there spills over the middle of the 1 mm gap, and the
        share it leaves its box falls under ``least_share`` (0.55-0.65 on TRAINING), while
        its centre stays on the line. Where the centre lies between two edges, both boxes
        stay unsure (``on_edge_mm``: the settings' ``edge_dot_centre_mm``)."""
        best = max(range(len(self.share)), key=self.share.__getitem__, default=None)
        if best is not None and self.share[best] >= least_share and self.near[best]:
            return best
        on_edge = [i for i, mm in enumerate(self.centre_mm) if self.near[i] and mm <= on_edge_mm]
        return on_edge[0] if len(on_edge) == 1 else None


def dots_on_edges(
    solid: np.ndarray,
    drawn: np.ndarray,
    printed: np.ndarray,
    boxes: np.ndarray,
    circled: np.ndarray,
    px_per_mm: float,
    line_px: float,
    without_dust: Callable[[], np.ndarray] | None = None,
    off_line_mm2: float = EDGE_DOT_LEAST_MM2,
) -> tuple[EdgeDot, ...]:
    """Every pen dot on a printed edge within ``EDGE_DOT_NEAR_MM`` of a box (``boxes``:
    (n, 4) x0, y0, x1, y1 printed rectangles in the band's pixels), with the boxes it is
    near and how its ink lies among them. ``solid``: the band's solid ink; ``drawn``:
    solid ink off the printed lines (none of it on ``printed``); ``printed``: the mask of
    the printed lines; ``line_px``: how wide that mask is; ``circled``: per box, read (or
    unsure) on a circle round it: a blob where such a circle runs is a piece of its
    stroke. ``without_dust`` (on a dusty page): ``drawn`` without the pieces that may be
    the page's dust, asked only where a blob has other drawn ink within reach; a blob
    with only the page's specks beside it stands alone (a speck settled by a player's dot
    is no stroke). ``off_line_mm2``: the drawn ink a dot whose ink lies on both sides of a
    printed edge leaves off the lines at least (``EDGE_DOT_OFF_LINE_MM2`` on a page that
    is not dusty); any other leaves ``EDGE_DOT_LEAST_MM2``."""
    found: list[EdgeDot] = []
    reach = round(DOT_ALONE_MM * px_per_mm)
    largest = EDGE_DOT_MAX_MM * px_per_mm
    # Only the band round the mark boxes (a dot near one is within its own size of it);
    # the digits written beside them are no dot, and many pieces of ink to look at.
    pad = round(largest) + reach + 1
    h, w = drawn.shape
    x0, y0 = max(0, int(boxes[:, 0].min()) - pad), max(0, int(boxes[:, 1].min()) - pad)
    x1, y1 = min(w, int(boxes[:, 2].max()) + pad), min(h, int(boxes[:, 3].max()) + pad)
    drawn, solid, printed = drawn[y0:y1, x0:x1], solid[y0:y1, x0:x1], printed[y0:y1, x0:x1]
    if not drawn.any():
        return ()
    boxes = boxes - np.array([x0, y0, x0, y0])
    joined, on_line = joined_across_lines(solid, drawn, printed, line_px)
    n, labels, stats = pieces(joined.view(np.uint8))
    h, w = joined.shape
    near = round(EDGE_DOT_NEAR_MM * px_per_mm)
    wide = EDGE_DOT_WIDE_MM * px_per_mm / 2
    least = EDGE_DOT_LEAST_MM2 * px_per_mm * px_per_mm
    least_off_line = off_line_mm2 * px_per_mm * px_per_mm
    ring = round(RING_OUT_MM * px_per_mm)
    rings = boxes[circled] + np.array([-ring, -ring, ring, ring])
    # What the bounding boxes and pixel counts alone rule out, for every piece of ink at
    # once: a dot touches a printed line, holds ``least`` of ink, leaves
    # ``least_off_line`` of drawn ink off the line, and lies where no circle runs.
    xs0, ys0, widths, heights = stats[:, 0], stats[:, 1], stats[:, 2], stats[:, 3]
    areas = stats[:, 4]
    maybe = (xs0 > 0) & (ys0 > 0) & (xs0 + widths < w) & (ys0 + heights < h)
    maybe &= np.maximum(widths, heights) <= largest
    maybe &= is_compact(widths, heights, areas) & (areas >= least)
    maybe[0] = False  # the background
    if not maybe.any():
        return ()
    # A piece's pixels are its drawn ink and its pixels on a line (none drawn: ``drawn`` is
    # off the printed lines), so its drawn ink is its area less those, counted once.
    on_line_px = np.bincount(labels[on_line], minlength=n)
    maybe &= on_line_px > 0  # off every line: in a box, or none
    maybe &= areas - on_line_px >= least_off_line
    if len(rings):
        maybe &= ~_overlaps_any(rings, xs0, ys0, xs0 + widths, ys0 + heights)
    apart: np.ndarray | None = None  # ``without_dust`` in the band's crop, once asked
    for c in np.flatnonzero(maybe).tolist():
        x, y, bw, bh, area = (int(v) for v in stats[c])
        blob = labels[y : y + bh, x : x + bw] == c
        if area - int(on_line_px[c]) < least and not _across_an_edge(
            blob & drawn[y : y + bh, x : x + bw], x, y, boxes
        ):
            continue  # little ink off the lines, all on one side: a stroke's end
        if float(depth_in_ink(blob).max()) < wide:
            continue
        own = (int(x), int(y), int(x + bw), int(y + bh))  # (ints already: for mypy)
        if not stands_alone(drawn, own, reach):
            if without_dust is None:
                continue
            if apart is None:  # made once, where a dot first has ink beside it
                apart = without_dust()[y0:y1, x0:x1]
            if not stands_alone(apart, own, reach):
                continue
        near_box = _overlaps(boxes + np.array([-near, -near, near, near]), x, y, x + bw, y + bh)
        ys, xs = np.nonzero(blob)
        at = (x + x0, y + y0, x + bw + x0, y + bh + y0)  # in the band, not its crop
        shares = _nearest_shares(xs + x, ys + y, boxes)
        centre, inside = _centre_from_edges(x + bw / 2, y + bh / 2, boxes)
        found.append(
            EdgeDot(
                tuple(near_box.tolist()),
                shares,
                at,
                tuple((centre / px_per_mm).tolist()),
                tuple(inside.tolist()),
            )
        )
    return tuple(found)


def joined_across_lines(
    solid: np.ndarray, drawn: np.ndarray, printed: np.ndarray, line_px: float
) -> tuple[np.ndarray, np.ndarray]:
    """``drawn`` ink with the solid pixels of the printed lines that drawn ink lies beside
    across the line (not along it, which would lengthen every speck by the line), and
    those pixels alone: a dot the mask of the lines cut in two is one piece again.
    ``line_px``: how wide that mask is."""
    k = 2 * max(1, round(line_px)) + 1
    ink = drawn.astype(np.uint8)
    # (0 or 1 after the dilations and their union: their bytes are the mask's booleans)
    across = cv2.bitwise_or(
        cv2.dilate(ink, np.ones((1, k), np.uint8)), cv2.dilate(ink, np.ones((k, 1), np.uint8))
    ).view(bool)
    on_line = solid & printed & across
    return drawn | on_line, on_line


def on_line_blobs(
    solid: np.ndarray, drawn: np.ndarray, printed: np.ndarray, line_px: float, least_px: float
) -> np.ndarray:
    """The pieces of ``drawn`` ink joined across the printed lines
    (``joined_across_lines``) that lie on a line and are ``least_px`` pixels or larger,
    line and all: where a pen dot put on a box's edge or corner is, whether or not
    ``dots_on_edges`` takes it for a dot (its slivers either side of the line are as
    small as specks). A mask like ``drawn``."""
    joined, on_line = joined_across_lines(solid, drawn, printed, line_px)
    if not on_line.any():
        return np.zeros_like(drawn, dtype=bool)
    n, labels, stats = pieces(joined.view(np.uint8))
    online = np.bincount(labels[on_line], minlength=n) > 0
    online[0] = False  # the background
    keep = online & (stats[:, cv2.CC_STAT_AREA] >= least_px)
    return np.asarray(keep[labels])


def _across_an_edge(drawn: np.ndarray, x: int, y: int, boxes: np.ndarray) -> bool:
    """Does the drawn ink of a blob (``drawn``, its bounding box's crop at (``x``, ``y``))
    lie on both sides of a printed edge: some of it inside a box ((n, 4) x0, y0, x1, y1)
    and some outside every box? A pen put on the line spreads across it; a stroke that
    ends on the line (from the row below, a circle's arc down the gap) lies on one side."""
    ys, xs = np.nonzero(drawn)
    cx, cy = xs[:, None] + (x + 0.5), ys[:, None] + (y + 0.5)  # pixel centres
    inside = (boxes[:, 0] <= cx) & (cx <= boxes[:, 2]) & (boxes[:, 1] <= cy) & (cy <= boxes[:, 3])
    within = inside.any(axis=1)
    return bool(within.any() and not within.all())


def _nearest_shares(xs: np.ndarray, ys: np.ndarray, boxes: np.ndarray) -> tuple[float, ...]:
    """Per box ((n, 4) x0, y0, x1, y1), the share of the pixels (``xs``, ``ys``) nearer it
    than any other box (0 inside it); a pixel as near several is shared among them."""
    px, py = xs[:, None] + 0.5, ys[:, None] + 0.5  # pixel centres
    dx = np.maximum(np.maximum(boxes[:, 0] - px, px - boxes[:, 2]), 0)
    dy = np.maximum(np.maximum(boxes[:, 1] - py, py - boxes[:, 3]), 0)
    d = np.hypot(dx, dy)
    nearest = d <= d.min(axis=1, keepdims=True)
    weight = nearest / nearest.sum(axis=1, keepdims=True)
    return tuple((weight.sum(axis=0) / len(xs)).tolist())


def _centre_from_edges(cx: float, cy: float, boxes: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per box ((n, 4) x0, y0, x1, y1), how far the point (``cx``, ``cy``) lies from its
    rectangle's edges (px): outside it, to the rectangle; inside it, to its nearest edge;
    and whether it lies inside (its edges counted)."""
    x0, y0, x1, y1 = boxes[:, 0], boxes[:, 1], boxes[:, 2], boxes[:, 3]
    dx = np.maximum(np.maximum(x0 - cx, cx - x1), 0)
    dy = np.maximum(np.maximum(y0 - cy, cy - y1), 0)
    within = np.minimum(np.minimum(cx - x0, x1 - cx), np.minimum(cy - y0, y1 - cy))
    inside = (dx == 0) & (dy == 0)
    return np.where(inside, within, np.hypot(dx, dy)), inside


def _overlaps_any(
    rects: np.ndarray, x0: np.ndarray, y0: np.ndarray, x1: np.ndarray, y1: np.ndarray
) -> np.ndarray:
    """Per box (x0, y0)-(x1, y1) given as arrays, whether it overlaps any rectangle of
    ``rects`` ((m, 4) x0, y0, x1, y1): ``_overlaps`` for many boxes at once."""
    r = rects[:, :, None]
    hit = (r[:, 0] < x1) & (r[:, 2] > x0) & (r[:, 1] < y1) & (r[:, 3] > y0)
    return np.asarray(hit.any(axis=0))


def _overlaps(rects: np.ndarray, x0: int, y0: int, x1: int, y1: int) -> np.ndarray:
    """Per rectangle ((n, 4) x0, y0, x1, y1), whether it overlaps (x0, y0)-(x1, y1)."""
    return (rects[:, 0] < x1) & (rects[:, 2] > x0) & (rects[:, 1] < y1) & (rects[:, 3] > y0)


def circled_boxes(read: list[MarkReading]) -> np.ndarray:
    """Per box, read (or unsure) on a circle round it: a blob on an edge where such a
    circle runs is a piece of its stroke, not a dot (``dots_on_edges``'s ``circled``)."""
    return np.array([r.how == "circle" and r.state is not MarkState.EMPTY for r in read])


def dotted_boxes(
    dots: tuple[EdgeDot, ...],
    boxes: int,
    t: MarkSettings,
    owners: Sequence[int | None] | None = None,
) -> np.ndarray:
    """Per box of the row, whether a dot on an edge belongs to it: the box that holds
    ``t.edge_dot_own_share`` of the dot or more, or on whose edge its centre lies
    (``EdgeDot.owner``; each dot's ``owners`` where given: ocr/dots_between_lines.py),
    else every box the dot is near."""
    dotted = np.zeros(boxes, bool)
    for k, d in enumerate(dots):
        owner = d.owner(t.edge_dot_own_share, t.edge_dot_centre_mm) if owners is None else owners[k]
        if owner is None:
            dotted |= np.array(d.near)
        else:
            dotted[owner] = True
    return dotted


def unsure_by_edge_dot(r: MarkReading) -> bool:
    """Is box reading ``r`` unsure by a dot on or by its printed edge, as
    ``unsure_where_dotted`` reads it (rules ``dust_clumps``, ``dot_beside_circle``)?"""
    return r.state is MarkState.UNSURE and r.how == "dot" and r.dot_mm2 == EDGE_UNSURE_MM2


def unsure_where_dotted(
    read: list[MarkReading],
    dots: tuple[EdgeDot, ...],
    t: MarkSettings,
    owners: Sequence[int | None] | None = None,
) -> list[MarkReading]:
    """The row's readings (one per box) with every box read empty that a dot on an edge
    makes unsure read so, as a dot of the unsure band's middle (``ocr.dots.EDGE_UNSURE_MM2``)
    inside it would be: the box the dot belongs to (``dotted_boxes``, ``owners``), else
    every box the dot is near."""
    unsure = dotted_boxes(dots, len(read), t, owners)
    return [
        mark_reading(r.option, r.fill, r.ring, EDGE_UNSURE_MM2)
        if dotted and r.state is MarkState.EMPTY
        else r
        for r, dotted in zip(read, unsure.tolist(), strict=True)
    ]


def dots_on_row_edges(
    row: RowInk,
    circled: np.ndarray,
    without_dust: Callable[[], np.ndarray] | None = None,
    off_line_mm2: float = EDGE_DOT_LEAST_MM2,
) -> tuple[EdgeDot, ...]:
    """``dots_on_edges`` on one row's ink (``ocr.row_ink.RowInk``: the row's own, or the
    row without the page's specks), its boxes where the printed form lies on the row."""
    dy, dx = row.shift  # the boxes where the printed form lies on this row
    outer = row.geometry.outer + np.array([dx, dy, dx, dy])
    return dots_on_edges(
        row.solid,
        row.drawn,
        row.printed,
        outer,
        circled,
        row.s,
        row.widths[2],
        without_dust,
        off_line_mm2,
    )
