"""Mark boxes: is a box marked, empty, or unsure, and by what kind of mark?

Proven mark-sense readers measure how much of a box's inside is dark and use two
thresholds with an "unsure" band between them, so a faint tick, a half-erased cross or
a smudge is shown to a person instead of being guessed (issue 5, item 2). People also
mark a box in ways that leave its inside almost white (issue 13): they draw a circle
around it, or put a firm dot in it. Each box is therefore read three ways, on the
flattened page (ocr/illumination.py: shadows and stains taken out):

- **fill**: the box is cropped 0.7 mm inside its printed border; each pixel's darkness
  relative to the row's paper tone becomes a soft ink value, 0 below 20% darkness
  (dropout captions, erasure residue) and 1 above 50% (pen, pencil); the fill is the mean
  ink value. Crosses, ticks, slashes, blobs and filled boxes are read this way.
- **circle**: strokes drawn between the boxes (the form's printed lines masked out, where
  they really lie on the row; marks inside boxes left out) that pass just outside the
  box on all four sides. A neighbour's circle or an overshooting cross covers one side.
- **dot**: the largest solid blob inside the box, in mm^2. A pen dot is a solid blob of
  0.4 mm^2 or more; dust and scanner specks are smaller and greyer.

Each kind has an "empty" and a "marked" threshold with an unsure band between them; the
box's evidence is the strongest of the three, scaled so that 0 is the empty threshold and
1 the marked one. ``p_marked`` is a logistic in that evidence, 2% at 0 and 98% at 1, that
the joint decoder (ocr/decode.py) combines with the other fields of the row. The
thresholds were chosen on TRAINING-side pages only (docs/reader.md).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

import cv2
import numpy as np

from ocr.digits import quantile
from ocr.layout import FieldKind, Layout, Rect, Row, mm_to_px

__all__ = [
    "EMPTY_BELOW",
    "MARKED_ABOVE",
    "RING_EMPTY_BELOW",
    "RING_MARKED_ABOVE",
    "DOT_EMPTY_BELOW_MM2",
    "DOT_MARKED_ABOVE_MM2",
    "BOX_INSET_MM",
    "MarkState",
    "MarkReading",
    "ink_fill",
    "ink_values",
    "p_marked",
    "p_of_evidence",
    "classify_fill",
    "read_mark",
    "paper_tone",
    "RowMarks",
]

EMPTY_BELOW = 0.05
"""Fill below which a box is empty (clean boxes, erased pencil)."""

MARKED_ABOVE = 0.10
"""Fill above which a box is marked (the faintest pencil ticks and slashes measure 0.12-0.15,
crosses 0.2-0.7, filled boxes 0.7-1)."""

RING_EMPTY_BELOW = 0.1
"""Strokes around a box that leave one of its sides uncovered do not circle it (a
neighbour's circle or mark covers the side facing it only)."""

RING_MARKED_ABOVE = 0.3
"""A box whose every side is covered over two of its six bins at least is circled (a
circle left open by 40 degrees still covers two bins of the side with the gap)."""

DOT_EMPTY_BELOW_MM2 = 0.15
"""A solid blob smaller than this inside a box is dust or a scanner speck."""

DOT_MARKED_ABOVE_MM2 = 0.40
"""A solid blob at least this large (a dot of about 0.7 mm) is a mark."""

BOX_INSET_MM = 0.7
"""How far inside the printed box edge the fill is measured."""

_INK_LOW = 0.20
_INK_HIGH = 0.50
_FIRM_PEN = 0.62  # darkness a firm pen's strokes reach in a box (the ramp as is) ...
_FAINT_PEN = 0.35  # ... and the palest ink still taken as writing when it is all a row has
_SOLID = 0.5  # ink value of a pixel that belongs to a stroke or a dot
_RING_OUT_MM = 2.2  # a circle around a box stays within this distance of its edge ...
_RING_SIDE_MM = 2.0  # ... and of its left and right edges (the next box is 1 mm away)
_BORDER_CORE_MM = 0.35  # the printed edge (and the fit's play) reaches this far out ...
_BORDER_INNER_MM = 0.5  # ... and this far in
_THICKER_PX = (
    1.5  # across an edge, this many solid pixels more than the form prints: a circle on it
)
_SIDE_BINS = 6
_DOT_MIN_FILL = 0.008  # a box this clean holds no dot worth measuring
_NEIGHBOUR_MM = 2.0  # boxes this close share an edge a stroke may cross
_SPILL_MM = 1.0  # how far a neighbour's stroke reaches into a box across their edge
_SPILL_MAX_FILL = 0.35  # a box filled more than this is marked whatever its neighbours
_OWN_MARK_FILL = 0.2  # a box filled more than this holds its own mark, not a circle's stroke
_RING_MIN_PX = 12  # fewer solid pixels than this off the printed lines: no circle around
_RING_SIDE_MIN_PX = 2  # ... and fewer than this beside any one side
_EDGE, _HAIRLINE = 1, 2  # printed-line mask values


class MarkState(StrEnum):
    """The two-threshold decision on one box."""

    EMPTY = "empty"
    MARKED = "marked"
    UNSURE = "unsure"


@dataclass(frozen=True)
class MarkReading:
    """One mark box read: its option label, measured fill, decision and confidence.

    ``how`` says which reading decided: "fill", "circle", "dot", or "" for an empty box;
    ``ring`` is how well strokes outside the box surround it (0..1, ``RowMarks.ring``) and
    ``dot_mm2`` the largest solid blob inside it.
    """

    option: str
    fill: float
    state: MarkState
    p_marked: float
    how: str = ""
    ring: float = 0.0
    dot_mm2: float = 0.0

    @property
    def confidence(self) -> float:
        """Confidence in the decision itself (0.5 = a coin toss)."""
        return max(self.p_marked, 1.0 - self.p_marked)


def paper_tone(region: np.ndarray) -> float:
    """The paper's grey level in a region (its 90th percentile, never below 1)."""
    return max(quantile(region, 0.90), 1.0)


def ink_values(crop: np.ndarray, paper: float, strength: float = 1.0) -> np.ndarray:
    """Soft ink value (0..1) of every pixel of a greyscale crop against the paper tone.

    ``strength`` (0..1) scales the ramp for a faint pen: a row written with a thin, pale
    ballpoint or a hard pencil has its own darkest strokes at 40% darkness, not 80%.
    """
    low, high = _INK_LOW * strength, _INK_HIGH * strength
    if crop.dtype == np.uint8 and crop.size > 256:
        # The same arithmetic on the 256 grey levels once, then looked up: identical values,
        # a fraction of the time on a row's band.
        return _ink_ramp(np.arange(256, dtype=np.float32), paper, low, high)[crop]
    return _ink_ramp(crop.astype(np.float32), paper, low, high)


def _ink_ramp(grey: np.ndarray, paper: float, low: float, high: float) -> np.ndarray:
    rel = (paper - grey) / paper
    return np.clip((rel - low) / (high - low), 0.0, 1.0)


def ink_fill(crop: np.ndarray, paper: float) -> float:
    """Mean soft ink value (0..1) of a greyscale box crop against the paper tone."""
    if crop.size == 0:
        return 0.0
    return float(ink_values(crop, paper).mean())


def p_of_evidence(evidence: float) -> float:
    """Probability that a box was meant as marked, from its evidence (0 = the empty
    threshold, 1 = the marked threshold): a logistic reaching 2% at 0 and 98% at 1."""
    k = 2 * math.log(49.0)
    z = max(-60.0, min(60.0, k * (evidence - 0.5)))
    return 1.0 / (1.0 + math.exp(-z))


def p_marked(fill: float) -> float:
    """Probability that a box with this fill (and nothing around it) was meant as marked."""
    return p_of_evidence((fill - EMPTY_BELOW) / (MARKED_ABOVE - EMPTY_BELOW))


def classify_fill(fill: float) -> MarkState:
    """Empty below ``EMPTY_BELOW``, marked above ``MARKED_ABOVE``, unsure between."""
    if fill < EMPTY_BELOW:
        return MarkState.EMPTY
    if fill > MARKED_ABOVE:
        return MarkState.MARKED
    return MarkState.UNSURE


def read_mark(crop: np.ndarray, option: str, paper: float | None = None) -> MarkReading:
    """Read one box crop (greyscale, already inside the printed border) by its fill."""
    tone = paper if paper is not None else paper_tone(crop)
    fill = ink_fill(crop, tone)
    state = classify_fill(fill)
    return MarkReading(option, fill, state, p_marked(fill), "fill" if state != "empty" else "")


def _state(evidence: float) -> MarkState:
    if evidence < 0.0:
        return MarkState.EMPTY
    if evidence > 1.0:
        return MarkState.MARKED
    return MarkState.UNSURE


_PRINTED: dict[tuple[str, int, float], np.ndarray] = {}


def _printed_lines(layout: Layout, dpi: float) -> np.ndarray:
    """Where the form itself prints dark lines at ``dpi``: ``_EDGE`` for box edges and
    timing marks, ``_HAIRLINE`` for the grey lines between rows, 0 elsewhere."""
    key = (layout.paper, layout.version, dpi)
    if key not in _PRINTED:
        _PRINTED[key] = _draw_printed_lines(layout, dpi)
    return _PRINTED[key]


def _draw_printed_lines(layout: Layout, dpi: float) -> np.ndarray:
    w, h = layout.page_px(dpi)
    mask = np.zeros((h, w), np.uint8)
    for box in layout.boxes():
        if box.field and layout.field(box.row, box.field).kind is not FieldKind.PRINTED:
            x0, y0, x1, y1 = box.rect.to_px(dpi)
            cv2.rectangle(mask, (x0, y0), (x1, y1), _EDGE, 2)
    for i, row in enumerate(layout.rows):
        x0, y0, x1, y1 = row.timing_mark.to_px(dpi)
        cv2.rectangle(mask, (x0, y0), (x1, y1), _EDGE, -1)
        nxt = layout.rows[i + 1].rect.y if i + 1 < len(layout.rows) else row.rect.y1 + 0.6
        y = round(mm_to_px((row.rect.y1 + nxt) / 2, dpi))
        cv2.line(mask, (round(mm_to_px(row.rect.x + 5, dpi)), y),
                 (round(mm_to_px(row.rect.x1, dpi)), y), _HAIRLINE, 2)  # fmt: skip
    return mask


@dataclass(frozen=True)
class _RowGeometry:
    """Pixels of a row's mark boxes, relative to its band and clipped to it: per box the
    inside (x0, y0, x1, y1) and the strips beside its four sides where a circle would run,
    and which field and option each box is."""

    band: tuple[int, int, int, int]
    inner: np.ndarray  # (n, 4)
    sides: np.ndarray  # (4, n, 4)
    sides_t: tuple[np.ndarray, ...]  # per side, the (4, n) coordinates (x0, y0, x1, y1)
    boxes: tuple[tuple[str, str, Rect], ...]
    lines: np.ndarray  # the printed lines in the band (``_printed_lines``)
    columns: np.ndarray  # how many printed-line pixels each column of the band has ...
    rows: np.ndarray  # ... and each row
    centres: tuple[np.ndarray, np.ndarray]  # band pixels near the mark boxes' centres
    neighbours: tuple[tuple[tuple[int, np.ndarray], ...], ...]
    """Per box: each box next to it (within 2 mm) and the box's inside without the strip
    that faces that neighbour (where a stroke of the neighbour's mark may reach in)."""


_GEOMETRY: dict[tuple[str, int, float, int], _RowGeometry] = {}


def _band(row: Row, dpi: float, page_w: int, page_h: int) -> tuple[int, int, int, int]:
    margin = _RING_OUT_MM + 0.5
    band = Rect(row.rect.x, row.rect.y - margin, row.rect.width, row.rect.height + 2 * margin)
    x0, y0, x1, y1 = band.to_px(dpi)
    return max(0, x0), max(0, y0), min(page_w, x1), min(page_h, y1)


def _geometry(layout: Layout, row: Row, dpi: float) -> _RowGeometry:
    key = (layout.paper, layout.version, dpi, row.number)
    if key not in _GEOMETRY:
        s = dpi / 25.4
        page_w, page_h = layout.page_px(dpi)
        bx0, by0, bx1, by1 = _band(row, dpi, page_w, page_h)
        core, reach, side = (round(v * s) for v in (_BORDER_CORE_MM, _RING_OUT_MM, _RING_SIDE_MM))
        inner, sides, boxes = [], [], []
        for f in row.fields:
            if f.kind is not FieldKind.MARKS:
                continue
            for b in f.boxes:
                inner.append(b.rect.inset(BOX_INSET_MM).to_px(dpi))
                x0, y0, x1, y1 = b.rect.to_px(dpi)
                mx0, mx1 = x0 + round(0.15 * (x1 - x0)), x0 + round(0.85 * (x1 - x0))
                my0, my1 = y0 + round(0.15 * (y1 - y0)), y0 + round(0.85 * (y1 - y0))
                sides.append([
                    (mx0, y0 - reach, mx1, y0 - core), (mx0, y1 + core, mx1, y1 + reach),
                    (x0 - side, my0, x0 - core, my1), (x1 + core, my0, x1 + side, my1),
                ])  # fmt: skip
                boxes.append((f.name, b.option, b.rect))
        w, h = bx1 - bx0, by1 - by0

        def local(px: np.ndarray) -> np.ndarray:
            out = px - np.array([bx0, by0, bx0, by0])
            out[..., 0::2] = np.clip(out[..., 0::2], 0, w)
            out[..., 1::2] = np.clip(out[..., 1::2], 0, h)
            return out

        neighbours = []
        for i, (_, _, a) in enumerate(boxes):
            near = []
            for j, (_, _, b) in enumerate(boxes):
                gap_x = max(b.x - a.x1, a.x - b.x1)
                gap_y = max(b.y - a.y1, a.y - b.y1)
                if i == j or max(gap_x, gap_y) > _NEIGHBOUR_MM or min(gap_x, gap_y) > 0:
                    continue
                c = a.inset(BOX_INSET_MM)
                cut = _SPILL_MM
                if gap_x > gap_y:  # beside: cut the strip facing it
                    x = c.x + cut if b.x < a.x else c.x
                    kept = Rect(x, c.y, c.width - cut, c.height)
                else:  # above or below
                    y = c.y + cut if b.y < a.y else c.y
                    kept = Rect(c.x, y, c.width, c.height - cut)
                near.append((j, local(np.array(kept.to_px(dpi)))))
            neighbours.append(tuple(near))
        lines = _printed_lines(layout, dpi)[by0:by1, bx0:bx1]
        present = (lines > 0).astype(np.float32)
        _GEOMETRY[key] = _RowGeometry(
            (bx0, by0, bx1, by1),
            local(np.array(inner)),
            local(np.array(sides)).transpose(1, 0, 2).copy(),
            tuple(local(np.array(sides))[:, k].T.copy() for k in range(4)),
            tuple(boxes),
            lines,
            present.sum(axis=0),
            present.sum(axis=1),
            _centre_pixels(local(np.array(inner))),
            tuple(neighbours),
        )
    return _GEOMETRY[key]


def _centre_pixels(inner: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Row and column indices of the middle half of each box inside (every other pixel)."""
    ys, xs = [], []
    for x0, y0, x1, y1 in inner:
        qx, qy = (x1 - x0) // 4, (y1 - y0) // 4
        yy, xx = np.mgrid[y0 + qy : y1 - qy : 2, x0 + qx : x1 - qx : 2]
        ys.append(yy.ravel())
        xs.append(xx.ravel())
    return np.concatenate(ys), np.concatenate(xs)


def _best_shift(observed: np.ndarray, expected: np.ndarray, reach: int = 3) -> int:
    """The shift (px) of ``expected`` that best matches ``observed`` (1-D profiles)."""
    best, where = -1.0, 0
    n = len(observed)
    for d in range(-reach, reach + 1):
        a = observed[max(0, d) : n + min(0, d)]
        b = expected[max(0, -d) : n - max(0, d)]
        score = float(np.dot(a, b))
        if score > best:
            best, where = score, d
    return where


def _reading(option: str, fill: float, ring: float, dot: float) -> MarkReading:
    """The decision on one box from its three readings: the strongest evidence wins."""
    e_fill = (fill - EMPTY_BELOW) / (MARKED_ABOVE - EMPTY_BELOW)
    e_ring = -1.0
    if ring:
        e_ring = (ring - RING_EMPTY_BELOW) / (RING_MARKED_ABOVE - RING_EMPTY_BELOW)
    e_dot = -1.0
    if dot:
        e_dot = (dot - DOT_EMPTY_BELOW_MM2) / (DOT_MARKED_ABOVE_MM2 - DOT_EMPTY_BELOW_MM2)
    evidence, how = max((e_fill, "fill"), (e_ring, "circle"), (e_dot, "dot"))
    state = _state(evidence)
    how = "" if state is MarkState.EMPTY else how
    return MarkReading(option, fill, state, p_of_evidence(evidence), how, ring, dot)


@lru_cache(maxsize=64)
def _bin_starts(n: int) -> np.ndarray:
    return (np.arange(_SIDE_BINS) * n) // _SIDE_BINS


class RowMarks:
    """Every mark box of one row, read from the flattened page (see the module docstring)."""

    def __init__(self, page: np.ndarray, layout: Layout, row: Row, dpi: float) -> None:
        self.dpi = dpi
        self.s = dpi / 25.4
        g = _geometry(layout, row, dpi)
        x0, y0, x1, y1 = g.band
        self.origin = (x0, y0)
        grey = page[y0:y1, x0:x1]
        self.paper = paper_tone(grey[::2, ::2])
        self.ink = ink_values(grey, self.paper, self._pen_strength(grey, g))
        self.sum = cv2.integral(self.ink)
        self.row = row
        self.layout = layout
        self._px_cache: dict[Rect, tuple[int, int, int, int]] = {}
        self._widths: tuple[float, float, float] | None = None
        self.any_ink = bool((self.ink >= _SOLID).any())
        if not self.any_ink:
            return
        # The printed lines where they really are on this row (the page's fit may be a
        # pixel or two off here): shift the form's lines to match the row's ink profiles.
        dx = _best_shift(self.ink.sum(axis=0), g.columns)
        dy = _best_shift(self.ink.sum(axis=1), g.rows)
        self.lines = np.roll(g.lines, (dy, dx), axis=(0, 1))
        printed = cv2.dilate((self.lines > 0).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
        self.solid = self.ink >= _SOLID
        self.shift = (dy, dx)
        self.drawn = self.solid & ~printed
        self.any_ink = bool(self.drawn.any())
        self._set_outside(None)

    def _set_outside(self, marked: np.ndarray | None) -> None:
        """The solid ink a circle may be made of: all of it, or (``marked``, per box of the
        row, True for boxes whose own fill marks them) without the inside of those boxes:
        a filled box above or a cross below is that box's mark, never part of a circle
        round this one. A circle's stroke through a neighbour leaves it a thin fill only."""
        outside = self.solid
        if marked is not None and marked.any():
            g = _geometry(self.layout, self.row, self.dpi)
            mask = np.zeros_like(self.solid)
            for x0, y0, x1, y1 in g.inner[marked]:
                mask[y0:y1, x0:x1] = True
            outside = self.solid & ~np.roll(mask, self.shift, axis=(0, 1))
        self.outside = outside
        self.drawn_sum = cv2.integral((self.drawn & outside).astype(np.uint8))

    def _pen_strength(self, grey: np.ndarray, g: _RowGeometry) -> float:
        """How dark this row's pen writes, relative to a firm pen (1 = as firm or firmer).

        The darkest drawn strokes of the row (98th percentile of darkness off the printed
        lines, at boxes' centres) set it: a pale thin ballpoint or a hard pencil reaches 40%
        darkness where a firm pen reaches 80%, and its marks would fill their boxes too
        little. Only the band between ``_FAINT_PEN`` and a firm pen is scaled: a row whose
        darkest ink is paler than that holds no writing (a smudge, a stain), and is not
        amplified.
        """
        rel = (self.paper - grey[g.centres].astype(np.float32)) / self.paper
        level = quantile(rel, 0.98) if rel.size else 0.0
        if level < _FAINT_PEN or level >= _FIRM_PEN:
            return 1.0
        return max(level / _FIRM_PEN, _FAINT_PEN / _FIRM_PEN)

    @property
    def widths(self) -> tuple[float, float, float]:
        """Solid pixels across a printed box edge and across a hairline of this row, and
        the pixels the mask gives a line (measured once, when a circle is looked for)."""
        if self._widths is None:
            border, mask = self._border_width(self.row)
            self._widths = (border, self._hairline_width(), mask)
        return self._widths

    def _hairline_width(self) -> float:
        """How many solid pixels the grey hairlines between rows are across (they print
        lighter than box edges and may scan thinner or vanish)."""
        rows = np.flatnonzero((self.lines == _HAIRLINE).any(axis=1))
        if len(rows) == 0:
            return 0.0
        widths = []
        for y in (rows[0], rows[-1]):
            cols = np.flatnonzero(self.lines[y] == _HAIRLINE)
            y0, y1 = max(0, y - 3), y + 4
            widths.append(float(np.median(self.solid[y0:y1, cols].sum(axis=0))))
        return float(np.mean(widths))

    def _border_width(self, row: Row) -> tuple[float, float]:
        """How many solid pixels a printed box edge of this row is across, and how many
        the mask of printed lines gives it (medians over the row's boxes)."""
        core = round(_BORDER_CORE_MM * self.s)
        inner = round(_BORDER_INNER_MM * self.s)
        ink, mask = [], []
        for f in row.fields:
            if f.kind is FieldKind.MARKS:
                for b in f.boxes:
                    x0, y0, x1, y1 = self._px(b.rect)
                    y = (y0 + y1) // 2
                    ink.append(int(self.solid[y, max(0, x0 - core) : x0 + inner].sum()))
                    mask.append(int((self.lines[y, max(0, x0 - core) : x0 + inner] > 0).sum()))
        if not ink:
            return 2.0, 2.0
        return float(np.median(ink)), max(1.0, float(np.median(mask)))

    def _px(self, r: Rect) -> tuple[int, int, int, int]:
        hit = self._px_cache.get(r)
        if hit is None:
            x0, y0, x1, y1 = r.to_px(self.dpi)
            ox, oy = self.origin
            h, w = self.ink.shape
            hit = (min(max(0, x0 - ox), w), min(max(0, y0 - oy), h),
                   min(max(0, x1 - ox), w), min(max(0, y1 - oy), h))  # fmt: skip
            self._px_cache[r] = hit
        return hit

    def fill(self, r: Rect) -> float:
        x0, y0, x1, y1 = self._px(r)
        area = (x1 - x0) * (y1 - y0)
        if area <= 0:
            return 0.0
        s = self.sum
        return float(s[y1, x1] - s[y0, x1] - s[y1, x0] + s[y0, x0]) / area

    def dot_mm2(self, r: Rect) -> float:
        """Area of the largest solid blob inside ``r`` (mm^2) that stands free in it: a
        line entering from outside (a neighbour's overshoot) touches the edge, a dot
        does not."""
        x0, y0, x1, y1 = self._px(r)
        solid = (self.ink[y0:y1, x0:x1] >= _SOLID).astype(np.uint8)
        if not solid.any():
            return 0.0
        h, w = solid.shape
        _, _, stats, _ = cv2.connectedComponentsWithStats(solid, connectivity=8)
        best = 0
        for x, y, bw, bh, area in stats[1:]:
            if x > 0 and y > 0 and x + bw < w and y + bh < h:
                best = max(best, int(area))
        return best / (self.s * self.s)

    def _extra_ink(self, strip: tuple[slice, slice], side: int) -> np.ndarray:
        """Solid ink across a strip beside a box edge (one value per position along the
        edge), less what the form prints there: its lines at the row's measured edge
        width, and for strips above and below the row's typical rest (hairlines)."""
        axis = 0 if side < 2 else 1
        ink = self.outside[strip].sum(axis=axis)
        lines = self.lines[strip]
        border_px, hairline_px, mask_px = self.widths
        edges = (lines == _EDGE).sum(axis=axis) * (border_px / mask_px)
        hairlines = (lines == _HAIRLINE).sum(axis=axis) * (hairline_px / mask_px)
        return ink - edges - hairlines

    def _side_strips(self, r: Rect) -> tuple[tuple[slice, slice], ...]:
        """Strips across the four sides of box ``r`` (above, below, left, right): the
        middle 70% of the side, from just inside the edge to the reach outside it."""
        x0, y0, x1, y1 = self._px(r)
        h, w = self.solid.shape
        inner = round(_BORDER_INNER_MM * self.s)
        side_reach = round(_RING_SIDE_MM * self.s)
        reach = round(_RING_OUT_MM * self.s)
        my0, my1 = y0 + round(0.15 * (y1 - y0)), y0 + round(0.85 * (y1 - y0))
        mx0, mx1 = x0 + round(0.15 * (x1 - x0)), x0 + round(0.85 * (x1 - x0))
        return (
            np.s_[max(0, y0 - reach) : y0 + inner, mx0:mx1],
            np.s_[y1 - inner : min(h, y1 + reach), mx0:mx1],
            np.s_[my0:my1, max(0, x0 - side_reach) : x0 + inner],
            np.s_[my0:my1, x1 - inner : min(w, x1 + side_reach)],
        )

    def _drawn_around(self, r: Rect) -> int:
        """Solid pixels off the printed lines in a frame around box ``r`` (a quick test
        before looking for a circle)."""
        s = self.drawn_sum
        out = _RING_OUT_MM
        x0, y0, x1, y1 = self._px(Rect(r.x - out, r.y - out, r.width + 2 * out, r.height + 2 * out))
        outer = s[y1, x1] - s[y0, x1] - s[y1, x0] + s[y0, x0]
        x0, y0, x1, y1 = self._px(r.inset(BOX_INSET_MM))
        inner = s[y1, x1] - s[y0, x1] - s[y1, x0] + s[y0, x0]
        return int(outer - inner)

    def ring(self, r: Rect) -> float:
        """How well strokes around box ``r`` surround it: the coverage of its least covered
        side (0..1).

        Each side's middle 70% is cut into bins. Across the side, from just inside the
        printed edge to 1.6 mm (left, right) or 2.2 mm (above, below) outside it, the
        solid ink is counted and the ink the form prints there (edges, hairlines) is
        taken off; a bin is covered when ink is left over, whether the circle runs in the
        gap or over a printed edge. A circle around the box covers every side. A
        neighbour's circle or mark covers the side facing it only; left and right of a
        box lie only boxes of its own group, so marks in two other boxes of the group (an
        error the decoder sees anyway) are needed to fake a circle.
        """
        strips = self._side_strips(r)
        worst = 1.0
        for k, strip in enumerate(strips):
            hit = self._extra_ink(strip, k) >= _THICKER_PX
            if len(hit) < _SIDE_BINS:
                return 0.0
            bins = np.maximum.reduceat(hit, _bin_starts(len(hit)))
            bridged = bins.copy()
            bridged[1:-1] |= bins[:-2] & bins[2:]
            worst = min(worst, float(bridged.mean()))
            if worst == 0.0:
                break
        return worst

    def read_fields(self, names: Sequence[str]) -> dict[str, list[MarkReading]]:
        """Every box of the named mark fields of this row, read as ``read`` does: the fills
        of all boxes at once, a circle looked for only where drawn ink (outside the boxes
        that hold their own mark) lies beside two opposite sides of a box, a dot only where
        a box holds some ink."""
        g = _geometry(self.layout, self.row, self.dpi)
        x0, y0, x1, y1 = g.inner.T
        area = np.maximum(1, (x1 - x0) * (y1 - y0))
        fills = (self.sum[y1, x1] - self.sum[y0, x1] - self.sum[y1, x0] + self.sum[y0, x0]) / area
        if self.any_ink:
            self._set_outside(fills > _OWN_MARK_FILL)
            t = self.drawn_sum
            beside = np.stack(
                [t[y1, x1] - t[y0, x1] - t[y1, x0] + t[y0, x0] for x0, y0, x1, y1 in g.sides_t]
            )
            # A circle runs beside every side, though where it runs over a printed edge it
            # is masked out (tight beside the neighbours, both left and right): look for
            # one where drawn ink lies beside two opposite sides. A neighbour's cross
            # reaching round a corner lies beside two adjacent sides only.
            near = beside >= _RING_SIDE_MIN_PX
            around = (near[0] & near[1]) | (near[2] & near[3])
        else:
            around = np.zeros(len(fills), bool)
        read = [
            self._decide(rect, option, f, a)
            for (_, option, rect), f, a in zip(
                g.boxes, fills.tolist(), around.tolist(), strict=True
            )  # fmt: skip
        ]
        if self.any_ink:
            read = self._without_spill(g, read)
        out: dict[str, list[MarkReading]] = {n: [] for n in names}
        for (field, _, _), reading in zip(g.boxes, read, strict=True):
            if field in out:
                out[field].append(reading)
        return out

    def _without_spill(self, g: _RowGeometry, read: list[MarkReading]) -> list[MarkReading]:
        """A circle drawn round a box, or the arm of a tick or cross, often reaches into the
        next box across their common edge. A box whose ink would be read as a mark only
        because of the strip facing a neighbour is read without that strip: a mark of its
        own crosses the box, a neighbour's stroke stays at its edge. When that neighbour is
        marked, the stroke is its mark's and the box is empty; when it is not (a circle
        drawn wide of its box is not always seen as one), nobody can say whose mark it is
        and the box is unsure: a person looks."""
        out = list(read)
        for i, r in enumerate(read):
            if r.how != "fill" or r.fill > _SPILL_MAX_FILL:
                continue
            for j, kept in g.neighbours[i]:
                if read[j].how == "dot":
                    continue
                x0, y0, x1, y1 = (int(v) for v in kept)
                area = max(1, (x1 - x0) * (y1 - y0))
                s = self.sum
                fill = float(s[y1, x1] - s[y0, x1] - s[y1, x0] + s[y0, x0]) / area
                if fill >= EMPTY_BELOW:
                    continue
                if read[j].state is MarkState.MARKED:
                    out[i] = _reading(r.option, fill, r.ring, r.dot_mm2)
                else:
                    out[i] = MarkReading(r.option, r.fill, MarkState.UNSURE, 0.5, "edge",
                                         r.ring, r.dot_mm2)  # fmt: skip
                break
        return out

    def read(self, box_rect: Rect, option: str) -> MarkReading:
        """Read one box of this row."""
        fill = self.fill(box_rect.inset(BOX_INSET_MM))
        around = self.any_ink and self._drawn_around(box_rect) >= _RING_MIN_PX
        return self._decide(box_rect, option, fill, around)

    def _decide(self, box_rect: Rect, option: str, fill: float, around: bool) -> MarkReading:
        ring, dot = 0.0, 0.0
        if self.any_ink and fill < 2 * MARKED_ABOVE:
            if fill > _DOT_MIN_FILL:
                dot = self.dot_mm2(box_rect.inset(BOX_INSET_MM))
            if around:
                ring = self.ring(box_rect)
        return _reading(option, fill, ring, dot)
