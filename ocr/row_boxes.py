"""Every mark box of one row read on its own: by its fill, the circle round it, the dot in it.

One box's decision on its three readings is ``ocr.marks.mark_reading`` (the readings are
described in ocr/marks.py and ocr/circle_reading.py); this module measures them on a row's
ink (``ocr.row_ink.RowInk``): the row's own, or the row without the pieces of ink that may
be the page's dust (ocr/row_without_specks.py), which reads its boxes again the same way.
``RowMarks`` (ocr/row_marks.py) makes the row's evidence of these readings; the circle
views a rule asks for later (the rays, the ellipse round a box, whether the strips read it
circled only just) are kept here, measured once per box, so a rule sees what the first
reading saw.

Apart from ``RowMarks`` because a row is read so more than once: on its ink, and on that
ink without the page's specks, each with the same boxes, settings and caches of its own.
"""

from __future__ import annotations

import cv2
import numpy as np

from ocr.circle_reading import (
    CLOSED_WITHIN_DEG,
    OUTLINE_MOST,
    STRIPS_CERTAIN,
    STRIPS_SURE,
    circled,
    confirmed,
    only_the_strips,
    strips_alone,
)
from ocr.circles import PART_ROUND, Rays, rays
from ocr.dots import dot_mm2
from ocr.layout import Rect
from ocr.mark_geometry import side_corners
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import (
    BOX_INSET_MM,
    EMPTY_BELOW,
    MARKED_ABOVE,
    RING_EMPTY_BELOW,
    RING_MARKED_ABOVE,
    RING_UNSURE,
    MarkReading,
    mark_reading,
)
from ocr.outline import CENTRE_PLAY_MM, Outlines
from ocr.row_circles import outlines_of, ring_cover, round_all_over
from ocr.row_ink import RowInk

__all__ = ["RowBoxes"]

# The thresholds are in ocr/mark_settings.py, with why each is what it is.
_DOT_MIN_FILL = MARK_SETTINGS.dot_min_fill
_RING_SIDE_MIN_PX = MARK_SETTINGS.ring_side_min_px


class RowBoxes:
    """Every box of one row read on its own, on the row's ink ``ink`` (see the module
    docstring). ``own_marked``: per box, whether its fill is its own mark (its inside is
    then no part of a circle round another box), None where the row has no drawn ink;
    ``fills``: per box, its fill as the row's evidence measured it."""

    def __init__(self, ink: RowInk, own_marked: np.ndarray | None, fills: list[float]) -> None:
        self.row_ink = ink
        self.own_marked = own_marked
        self.fills = fills
        self.no_ellipse: dict[Rect, float] = {}  # boxes the outline cleared, their ring
        self._only_just: set[Rect] = set()  # boxes the strips read circled, only just sure
        self._strips_alone: set[Rect] = set()  # ... circled by the strips read alone only
        self.sides_inked: np.ndarray | None = None  # per box, sides with drawn ink beside
        self.around: list[bool] = []  # per box, a circle looked for
        self.facing: list[bool] = []  # ... and drawn ink beside two opposite sides
        self._rays: dict[Rect, Rays] = {}
        self._outline: Outlines | None = None
        self.own_marks: np.ndarray | None = None  # inside boxes holding a mark of their own
        if ink.any_solid:  # all solid ink until the boxes holding their own mark are known
            self.outside = ink.solid
        if ink.any_ink:
            self._set_outside(own_marked)
            self._sides_beside()
        else:
            self.around = self.facing = [False] * len(fills)

    def _set_outside(self, marked: np.ndarray | None) -> None:
        """The solid ink a circle may be made of: all of it, or (``marked``, per box of the
        row, True for boxes whose own fill marks them) without the inside of those boxes:
        a filled box above or a cross below is that box's mark, never part of a circle
        round this one. A circle's stroke through a neighbour leaves it a thin fill only."""
        row = self.row_ink
        outside = row.solid
        self.own_marks = None
        if marked is not None and marked.any():
            g = row.geometry
            dy, dx = row.shift
            h, w = row.solid.shape
            own = g.inner[marked] + np.array([dx, dy, dx, dy])
            if own.min() < 0 or own[:, 2].max() > w or own[:, 3].max() > h:
                own = None  # a box would wrap round the band's edge: moved as np.roll does
            mask = np.zeros_like(row.solid)
            outside = row.solid.copy()
            # (each box's corners as Python ints: slicing by numpy's scalars costs more)
            for x0, y0, x1, y1 in (g.inner[marked] if own is None else own).tolist():
                mask[y0:y1, x0:x1] = True
                outside[y0:y1, x0:x1] = False
            if own is None:
                mask = np.roll(mask, row.shift, axis=(0, 1))
                outside = row.solid & ~mask
            self.own_marks = mask
        self.outside = outside
        self._rays = {}
        self._outline = None
        self.drawn_outside = row.drawn & outside
        # (a fresh bool array: its bytes, 0 or 1, are the integral's input, no copy)
        self.drawn_sum = cv2.integral(self.drawn_outside.view(np.uint8))

    def _sides_beside(self) -> None:
        """Per box, the sides with drawn ink beside them (outside the boxes that hold their
        own mark), and whether a circle is looked for round it."""
        g = self.row_ink.geometry
        # Every side's corners in the integral at once, by flat indices kept per row
        # geometry (sixteen look-ups by row and column, one for each corner of each side,
        # cost twice as much).
        at = self.drawn_sum.ravel().take(side_corners(g, self.drawn_sum.shape[1]))
        beside = at[0] - at[1] - at[2] + at[3]  # each (side, box)
        # A circle runs beside every side, though where it runs over a printed edge it
        # is masked out (tight beside the neighbours, left and right, or over the
        # hairline above): look for one where drawn ink lies beside two sides at least.
        # Where it lies beside two opposite sides, the strips are also read alone, as
        # they were before the rays (ocr.circle_reading.circled).
        near = beside >= _RING_SIDE_MIN_PX
        self.sides_inked = near.sum(axis=0)
        self.around = (self.sides_inked >= 2).tolist()
        self.facing = ((near[0] & near[1]) | (near[2] & near[3])).tolist()

    def dot_mm2(self, box: Rect) -> float:
        """Area of the dot in box ``box`` (mm^2), ``ocr.dots.dot_mm2``."""
        row = self.row_ink
        inner = row.px(box.inset(BOX_INSET_MM))
        return dot_mm2(row.solid, row.drawn, inner, row.px(box), row.s)

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
        row = self.row_ink
        return ring_cover(self.outside, row.lines, row.widths, row.px(r), row.s)

    def _field_inked(self, r: Rect) -> bool:
        """Does another box of box ``r``'s field hold ink (a fill of ``EMPTY_BELOW`` or
        more)? Then strokes that only the strips read alone see as a circle round ``r``
        may be that ink's (circle_reading.only_the_strips); alone in its field, such a circle may be
        the field's only mark, drawn over the printed edges, and stands as the strips read
        it (tests/ocr/test_dust_rules.py). Asked of a few boxes a page, never on the
        common path."""
        g = self.row_ink.geometry
        field = next(f for f, _, rect in g.boxes if rect == r)
        fills = self.fills or [1.0] * len(g.boxes)
        return any(
            f >= EMPTY_BELOW and rect != r
            for (other, _, rect), f in zip(g.boxes, fills, strict=True)
            if other == field
        )

    def only_just(self, r: Rect) -> bool:
        """Did the strips read box ``r`` circled for certain but only just (from
        ``STRIPS_SURE`` to ``STRIPS_CERTAIN``), in any decision on it so far?"""
        return r in self._only_just

    def strips_alone(self, r: Rect) -> bool:
        """Did the strips read alone circle box ``r`` where the three views did not
        (``ocr.circle_reading.only_the_strips``), with no other box of its field holding a
        fill, in any decision on it so far? Such a ring stands (it may be the field's only
        mark, tight over the printed edges) until a box of its field is read circled for
        certain beside it (rule ``strips_alone_beside_circle``)."""
        return r in self._strips_alone

    def outline_support(self, r: Rect, play_mm: float = CENTRE_PLAY_MM) -> float | None:
        """How well drawn strokes follow the best ellipse round box ``r``, its centre up to
        ``play_mm`` off the box's (ocr/outline.py)."""
        return self._outlines().support(self.row_ink.px(r), play_mm)

    def outline_ellipse(self, r: Rect) -> np.ndarray | None:
        """The points of the best ellipse round box ``r``, in the band's pixels."""
        return self._outlines().ellipse(self.row_ink.px(r))

    def _outlines(self) -> Outlines:
        """The ellipses round this row's boxes (ocr/outline.py), prepared once per row."""
        if self._outline is None:
            row = self.row_ink
            self._outline = outlines_of(
                self.drawn_outside, row.printed, self.own_marks, row.lines, row.widths,
                (row.ink, row.grey, row.paper, row.strength), row.s,
            )  # fmt: skip
        return self._outline

    def rays_round(self, r: Rect) -> Rays:
        """What rays round box ``r`` see (ocr/circles.py), looked at once per box."""
        seen = self._rays.get(r)
        if seen is None:
            row = self.row_ink
            seen = rays(self.outside, row.lines, row.px(r), row.s, row.widths)
            self._rays[r] = seen
        return seen

    def decide(self, i: int, fill: float) -> MarkReading:
        """Box ``i`` read as every box is (``_decide``), with ``fill`` for its fill."""
        g = self.row_ink.geometry
        _, option, rect = g.boxes[i]
        return self._decide(rect, option, fill, self.around[i], self.facing[i])

    def _decide(
        self, box_rect: Rect, option: str, fill: float, around: bool, facing: bool
    ) -> MarkReading:
        """One box from its fill, the circle round it (looked for when drawn ink lies
        beside two of its sides, ``around``; the strips read alone too when two opposite
        ones, ``facing``) and the dot in it."""
        ring, dot = 0.0, 0.0
        if self.row_ink.any_ink and fill < 2 * MARKED_ABOVE:
            if fill > _DOT_MIN_FILL:
                dot = self.dot_mm2(box_rect)
            if around:
                strips = self.ring(box_rect)
                if facing and strips >= STRIPS_SURE:
                    ring = strips_alone(strips)  # certain on the strips: no rays needed,
                    if strips < STRIPS_CERTAIN:  # ... but only just: the ellipse must agree
                        self._only_just.add(box_rect)  # (rule strips_checked)
                else:
                    seen = self.rays_round(box_rect)
                    ring = circled(strips, seen.sectors, seen.gap, facing)
                    wide = seen.gap > CLOSED_WITHIN_DEG
                    unsure = RING_EMPTY_BELOW <= ring < RING_MARKED_ABOVE
                    views = None  # the three views without the strips read alone
                    if facing and ring >= RING_MARKED_ABOVE:
                        views = circled(strips, seen.sectors, seen.gap)
                        if not only_the_strips(ring, views):
                            views = None
                        elif not self._field_inked(box_rect):
                            views = None  # the field's only ink: the ring stands (below)
                            self._strips_alone.add(box_rect)
                    alone = views is not None
                    if ring < OUTLINE_MOST and (
                        not wide or seen.sectors >= PART_ROUND or unsure or alone
                    ):
                        # Strokes round the box that the views above see only in part, or
                        # read circled but not for certain (the strips read alone on two
                        # bins a side, 0.517): is there an ellipse they follow
                        # (ocr/outline.py)? Asked too where the rays leave a wide gap but
                        # see strokes in every sector (a circle over printed edges leaves
                        # them gaps of 70 degrees and more), wherever the box would read
                        # unsure, and where only the strips read alone circle it beside
                        # ink in its field (circle_reading.only_the_strips): an ellipse round it
                        # decides, either way.
                        support = self._outlines().support(self.row_ink.px(box_rect))
                        seen_ring, ring = ring, confirmed(ring, support, views)
                        if seen_ring and not ring:  # no ellipse round it (rule alone_in_field)
                            self.no_ellipse[box_rect] = seen_ring
                        elif ring < RING_EMPTY_BELOW and round_all_over(seen, support):
                            ring = RING_UNSURE
        return mark_reading(option, fill, ring, dot)
