"""A row's boxes read in a fold's shade: the paper beside each box, measured once a row.

``ocr/shading.py`` measures one box's fill against the paper beside it; this module keeps
what a row's boxes share for it (which of the row's pixels may be paper, and where a band
could lie) and settles a box without reading the paper beside it where the answer cannot
change. Rule ``shaded_band`` (ocr/shade_rule.py) asks it through ``RowMarks.fill_in_shade``.
"""

from __future__ import annotations

import cv2
import numpy as np

from ocr.grey_masks import above, below
from ocr.marks import MARKED_ABOVE, MarkState, classify_fill
from ocr.shading import (
    any_shade_levels,
    fill_in_shade,
    least_fill_in_any_shade,
    least_fill_in_shade,
    paper_in_line,
)

__all__ = ["NOT_AT_THE_TOP", "RowShade", "band_beside", "kept_in_shade"]

Px = tuple[int, int, int, int]


NOT_AT_THE_TOP = 1e-5
"""How far below ``MARKED_ABOVE`` an unsure plain fill must be for its class to hold in a
fold's shade without reading it (``RowShade.fill``): the shade's fill is never above the
plain one, but the two are summed in different orders (float rounding, about 1e-7)."""


def kept_in_shade(plain: float, keeps: MarkState | None) -> bool:
    """May a box whose plain fill is ``plain`` keep its class ``keeps`` in a fold's shade,
    as far as the top of that class goes (``RowShade.fill``)?"""
    if keeps is MarkState.MARKED:
        return classify_fill(plain) is keeps
    if keeps is MarkState.UNSURE:
        return classify_fill(plain) is keeps and plain <= MARKED_ABOVE - NOT_AT_THE_TOP
    return False


def band_beside(
    total: np.ndarray, inner: tuple[int, ...], outer: tuple[int, ...], reach: int, band: int
) -> bool:
    """Could ``ocr.shading.fill_in_shade`` find a band beside box ``outer``? Only where the
    strips ``reach`` deep above and below it (left and right of it), in line with
    ``inner``, count ``band`` shaded pixels (``total``, an integral image) or more between
    them: a band's run of dark medians is ``band`` columns (rows) wide, each with one at
    least on one side (the other side may have no paper to read, by the row's edge)."""
    x0, y0, x1, y1 = inner
    ox0, oy0, ox1, oy1 = outer
    h, w = total.shape[0] - 1, total.shape[1] - 1

    def count(d: int, a: int, c: int, b: int) -> int:
        if c <= d or b <= a:
            return 0
        return int(total[b, c] - total[a, c] - total[b, d] + total[a, d])

    above, below = count(x0, max(0, oy0 - reach), x1, oy0), count(x0, oy1, x1, min(h, oy1 + reach))
    left, right = count(max(0, ox0 - reach), y0, ox0, y1), count(ox1, y0, min(w, ox1 + reach), y1)
    return above + below >= band or left + right >= band


class RowShade:
    """The paper beside a row's boxes (``grey``, the row band; ``paper``, its tone;
    ``strength``, its pen, ocr/pen.py; ``printed``, the form's lines on it a pixel wider;
    ``s``, pixels a millimetre), for the fill of its boxes in a fold's shade."""

    def __init__(
        self, grey: np.ndarray, paper: float, strength: float, printed: np.ndarray, s: float
    ) -> None:
        self.grey, self.paper, self.strength, self.printed, self.s = (
            grey, paper, strength, printed, s,
        )  # fmt: skip
        # ((darkest, margin), paper pixels, integral of the shaded ones)
        self._beside: tuple[tuple[float, float], np.ndarray, np.ndarray] | None = None
        # ((darkest, margin), each grey level's ink against the least paper any shade gives)
        self._levels: tuple[tuple[float, float], np.ndarray] | None = None

    def fill(
        self,
        ink: np.ndarray,
        plain: float,
        inner: Px,
        outer: Px,
        reach_mm: float,
        band_mm: float,
        margin: float,
        darkest: float,
        keeps: MarkState | None = None,
        above: float | None = None,
    ) -> float:
        """The fill of the box ``inner`` (printed box ``outer``) against the paper beside it
        in line with each pixel (``ocr.shading.fill_in_shade``; ``ink``, the row's ink
        values; ``plain``, the box's fill against the row's paper): the form's lines and
        anything ``darkest`` or more darker than the row's paper (ink, whatever the row's
        pen) left out of it. Where the paper beside the box cannot hold a band
        (``band_beside``), that is ``plain``; so too where the caller asks only whether the
        box ``keeps`` its class (its plain fill's, at least ``NOT_AT_THE_TOP`` below the
        class's top) and the least the shade can give (``ocr.shading.least_fill_in_shade``)
        is already in that class: the fill in shade is never above the plain fill, nor
        below that bound. So too where the caller asks only whether the fill in shade falls
        to ``above`` or under (rule ``faint_in_band``) and that bound is over it."""
        grey, paper, strength = self.grey, self.paper, self.strength
        if kept_in_shade(plain, keeps) or above is not None:
            levels = self._any_shade_levels(darkest, margin)
            least = least_fill_in_any_shade(
                grey, ink, inner, paper, strength, darkest, margin, levels
            )
            if classify_fill(least) is keeps or (above is not None and least > above):
                return plain  # settled before the paper beside the box is read
        beside = self._band_beside(inner, outer, reach_mm, band_mm, margin, darkest)
        if beside is None:
            return plain
        paper_px, reach, band = beside
        if (
            kept_in_shade(plain, keeps)
            and classify_fill(
                least_fill_in_shade(
                    grey, ink, paper_px, inner, outer, paper, strength, reach, margin
                )  # fmt: skip
            )
            is keeps
        ):
            return plain
        return fill_in_shade(
            grey, ink, paper_px, inner, outer, paper, strength, reach, band, margin
        )  # fmt: skip

    def lifted(
        self, inner: Px, outer: Px, reach_mm: float, band_mm: float, margin: float, darkest: float
    ) -> np.ndarray | None:
        """The grey of box ``inner`` (printed box ``outer``) with a fold's band lifted to the
        row's paper: each pixel brightened by the row's paper over the paper in line with it
        (``ocr.shading.paper_in_line``, read as ``fill`` reads it, ``margin`` and
        ``darkest`` alike; uint8). None where the paper beside the box holds no band
        (``band_beside``), or the box is empty: there is nothing to lift."""
        x0, y0, x1, y1 = inner
        if x1 <= x0 or y1 <= y0:
            return None
        beside = self._band_beside(inner, outer, reach_mm, band_mm, margin, darkest)
        if beside is None:
            return None
        paper_px, reach, band = beside
        local = paper_in_line(self.grey, paper_px, inner, outer, self.paper, reach, band)
        paper = np.float32(self.paper)
        local = np.where(local > paper * np.float32(1.0 - margin), paper, local)
        box = self.grey[y0:y1, x0:x1].astype(np.float32) * (paper / np.maximum(local, 1.0))
        lifted: np.ndarray = np.minimum(np.rint(box), 255.0).astype(np.uint8)
        return lifted

    def _band_beside(
        self, inner: Px, outer: Px, reach_mm: float, band_mm: float, margin: float, darkest: float
    ) -> tuple[np.ndarray, int, int] | None:
        """The row's paper pixels and the reach and band in pixels where the paper beside
        box ``inner`` (printed box ``outer``) holds a fold's band (``band_beside``), else
        None: what ``fill`` and ``lifted`` read the box against."""
        paper_px, shaded_sum = self._paper_beside(darkest, margin)
        reach, band = round(reach_mm * self.s), round(band_mm * self.s)
        if not band_beside(shaded_sum, inner, outer, reach, band | 1):
            return None
        return paper_px, reach, band

    def _any_shade_levels(self, darkest: float, margin: float) -> np.ndarray:
        """``ocr.shading.any_shade_levels`` of this row: once per row."""
        key = (darkest, margin)
        if self._levels is None or self._levels[0] != key:
            self._levels = (key, any_shade_levels(self.paper, self.strength, darkest, margin))
        return self._levels[1]

    def _paper_beside(self, darkest: float, margin: float) -> tuple[np.ndarray, np.ndarray]:
        """The row's pixels that may be paper (not printed, less than ``darkest`` darker
        than its paper) and the integral of those ``margin`` darker: once per row."""
        key = (darkest, margin)
        if self._beside is None or self._beside[0] != key:
            # (compared in the grey image's own bytes, ``ocr.grey_masks``: the same masks)
            lighter = above(self.grey, self.paper * (1.0 - darkest)).view(bool)
            paper_px = ~self.printed & lighter
            darker = below(self.grey, self.paper * (1.0 - margin))
            self._beside = (key, paper_px, cv2.integral(paper_px.view(np.uint8) & darker))
        return self._beside[1], self._beside[2]
