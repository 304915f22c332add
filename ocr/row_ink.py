"""One row's ink and paper, measured on the flattened page before any box is read.

A row is read in its band of the page: its paper's tone, the pen's strength, the ink value
of every pixel (the captions' print taken out of it), the form's printed lines where they
really lie on this row (the page's fit may be a pixel or two off here) and the ink drawn
off them. The boxes' readings (ocr/row_boxes.py) are made of these measures; they live
apart because they are the row's, whatever box is asked about.
"""

from __future__ import annotations

import copy

import cv2
import numpy as np

from ocr.captions import ink_over_captions
from ocr.layout import Layout, Rect, Row
from ocr.line_widths import border_width, hairline_width
from ocr.mark_geometry import RowGeometry, printed_at, row_geometry
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import ink_values, paper_tone
from ocr.pen import pen_strength

__all__ = ["RowInk", "mean_over"]

# The threshold is in ocr/mark_settings.py, with why it is what it is.
_SOLID = MARK_SETTINGS.solid


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


def mean_over(total: np.ndarray, px: tuple[int, int, int, int]) -> float:
    """Mean ink value over pixels ``px`` (x0, y0, x1, y1 of the row band) from the
    integral ``total`` of the ink: a fill."""
    x0, y0, x1, y1 = px
    area = (x1 - x0) * (y1 - y0)
    if area <= 0:
        return 0.0
    # (the corners as Python floats: the same double arithmetic as numpy's scalars, for less)
    at = total.item
    return float(at(y1, x1) - at(y0, x1) - at(y1, x0) + at(y0, x0)) / area


Px = tuple[int, int, int, int]
_PX: dict[tuple[int, int, int], tuple[RowGeometry, dict[Rect, Px]]] = {}
_PX_ROWS = 256  # rows' geometries and band shapes kept
_PX_MOST = 4096  # rectangles kept a row (a form's boxes, their insides and strips: some 300)


def _px_of(g: RowGeometry, shape: tuple[int, ...]) -> dict[Rect, Px]:
    """The rectangles in page millimetres already put in the band's pixels (``RowInk.px``)
    for a row of geometry ``g`` and band ``shape``: the same pixels on every page, so kept
    for the row's every page, not made again a row (some 120 a page, 5 us each)."""
    key = (id(g), shape[0], shape[1])
    kept = _PX.get(key)
    if kept is None or kept[0] is not g:
        if len(_PX) >= _PX_ROWS:
            _PX.clear()
        kept = _PX[key] = (g, {})
    return kept[1]


class RowInk:
    """One row's ink and paper (see the module docstring): the measures every reading of
    its boxes is made of. Where the row holds solid ink, also where the form's lines lie
    (``lines``, ``printed``), the solid ink (``solid``) and the ink drawn off the printed
    lines (``drawn``); ``any_ink`` says whether any was drawn."""

    def __init__(self, page: np.ndarray, layout: Layout, row: Row, dpi: float) -> None:
        self.dpi = dpi
        self.s = dpi / 25.4
        # (held for the row's every look at its boxes: one look-up, not one a box)
        self.geometry = g = row_geometry(layout, row, dpi)
        x0, y0, x1, y1 = g.band
        self.origin = (x0, y0)
        grey = np.ascontiguousarray(page[y0:y1, x0:x1])  # its pixels read by flat index
        self.paper = paper_tone(grey[::2, ::2])
        strength = pen_strength(grey, self.paper, g)
        self.grey, self.strength = grey, strength  # (the paper beside the boxes, RowShade)
        self.ink = ink_values(grey, self.paper, strength)
        # The printed form where it really lies on this row (the page's fit may be a pixel
        # or two off here): the form's lines matched to the row's ink profiles.
        self.shift = (_best_shift(self.ink.sum(axis=1), g.rows),
                      _best_shift(self.ink.sum(axis=0), g.columns))  # fmt: skip
        self._over_captions(self.ink, strength)
        self.row = row
        self.layout = layout
        self._px_cache = _px_of(g, self.ink.shape)
        self._measure_solid()

    def _over_captions(self, ink: np.ndarray, strength: float) -> None:
        """``ink`` (the row's ramp for a pen of ``strength``), in place, read over the
        boxes' printed captions against their own darkness (``ink_over_captions``)."""
        g = self.geometry
        if not len(g.captions[0]):
            return
        # The caption pixels moved as np.roll moves the form's lines: by one offset where
        # none of them wraps round the band's edge (row-major order is lost where they
        # wrap, which neither a quantile nor an assignment minds).
        h, w = ink.shape
        dy, dx = self.shift
        x0, y0, x1, y1 = g.band
        if max(abs(dy), abs(dx)) <= g.captions_clear and w == x1 - x0 and h == y1 - y0:
            at = g.captions_at + (dy * w + dx)
        else:
            at = ((g.captions[0] + dy) % h) * w + (g.captions[1] + dx) % w
        ink_over_captions(ink, self.grey, self.paper, at, strength)  # in place

    def _measure_solid(self) -> None:
        """The integral of the ink, its solid pixels and, where there are any, the form's
        lines where they lie on this row and the ink drawn off them."""
        self.sum = cv2.integral(self.ink)
        self._widths: tuple[float, float, float] | None = None
        solid = self.ink >= _SOLID
        self.any_solid = self.any_ink = bool(solid.any())
        if not self.any_ink:
            return
        self.lines, self.printed = printed_at(self.geometry, self.shift)  # read-only
        self.solid = solid
        self.drawn = self.solid & ~self.printed
        self.any_ink = bool(self.drawn.any())

    def at_strength(self, strength: float) -> RowInk:
        """This row's ink read for a pen of ``strength`` instead of the one measured
        (``pen_strength``): the same band, paper and printed lines where they lie, the ink
        ramp, its solid pixels and the ink drawn off the lines made again. A copy; this
        row's own ink is left as it is."""
        other = copy.copy(self)
        other.strength = strength
        other.ink = ink_values(self.grey, self.paper, strength)
        other._over_captions(other.ink, strength)
        other._measure_solid()
        return other

    @property
    def widths(self) -> tuple[float, float, float]:
        """Solid pixels across a printed box edge and across a hairline of this row, and
        the pixels the mask gives a line (measured once, when a circle is looked for)."""
        if self._widths is None:
            g = self.geometry
            border, mask = border_width(self.solid, self.lines, g.outer, self.s)
            dy = self.shift[0]  # the lines as shifted (np.roll's copy only where they move)
            hairlines = np.roll(g.hairline_rows, dy) if dy else g.hairline_rows
            self._widths = (border, hairline_width(self.solid, self.lines, hairlines), mask)
        return self._widths

    def px(self, r: Rect) -> tuple[int, int, int, int]:
        """Rectangle ``r`` (page millimetres) in the band's pixels, clipped to the band."""
        hit = self._px_cache.get(r)
        if hit is None:
            x0, y0, x1, y1 = r.to_px(self.dpi)
            ox, oy = self.origin
            h, w = self.ink.shape
            hit = (min(max(0, x0 - ox), w), min(max(0, y0 - oy), h),
                   min(max(0, x1 - ox), w), min(max(0, y1 - oy), h))  # fmt: skip
            if len(self._px_cache) >= _PX_MOST:
                self._px_cache.clear()
            self._px_cache[r] = hit
        return hit

    def fill(self, r: Rect) -> float:
        """Mean ink value over rectangle ``r``: its fill."""
        return self.mean_ink(self.px(r))

    def mean_ink(self, px: tuple[int, int, int, int]) -> float:
        """Mean ink value over pixels ``px`` (x0, y0, x1, y1 of the row band): a fill."""
        return mean_over(self.sum, px)
