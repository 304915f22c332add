"""Every mark box of one row read from the flattened page: by fill, by a circle round it, by a dot.

The three readings are described in ocr/marks.py, which also holds the decision on one
box, and their thresholds in ocr/mark_settings.py. This module measures them on a row, on
the row's ink and paper (ocr/row_ink.py: its band of the page, the form's printed lines
where they really lie on it, the pen's strength), into the row's evidence
(ocr/row_evidence.py), and gives the evidence to the rules (ocr/mark_rules.py), which
decide what the row's boxes hold.
"""

from __future__ import annotations

import copy
import weakref
from collections.abc import Sequence
from functools import partial
from types import MappingProxyType

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
from ocr.dot_specks import dot_among_specks
from ocr.dots import dot_mm2
from ocr.edge_dots import EdgeDot, dots_on_edges, dotted_boxes
from ocr.layout import Layout, Rect, Row
from ocr.mark_geometry import BORDER_CORE_MM, SPILL_MM, printed_at, side_by_side, side_corners
from ocr.mark_rules import apply_rules
from ocr.mark_settings import MARK_SETTINGS, MarkSettings
from ocr.marks import (
    BOX_INSET_MM,
    EMPTY_BELOW,
    MARKED_ABOVE,
    RING_EMPTY_BELOW,
    RING_MARKED_ABOVE,
    RING_UNSURE,
    MarkReading,
    MarkState,
    mark_reading,
    plain_reading,
)
from ocr.outline import Outlines
from ocr.page_dust import NO_DUST, PageDust
from ocr.rival_ink import rival_ink, thicker_than
from ocr.row_circles import outlines_of, ring_cover, round_all_over
from ocr.row_evidence import RowEvidence
from ocr.row_ink import RowInk, mean_over
from ocr.row_shade import RowShade
from ocr.row_specks import Despecked, RowSpecks

__all__ = ["RowMarks"]

# The thresholds are in ocr/mark_settings.py, with why each is what it is.
_DOT_MIN_FILL = MARK_SETTINGS.dot_min_fill
_OWN_MARK_FILL = MARK_SETTINGS.own_mark_fill
_STRIP_MM = BOX_INSET_MM + SPILL_MM  # a neighbour's stroke reaches this far in from a box's edge
_ENTRY_MM = MARK_SETTINGS.entry_mm
_RING_SIDE_MIN_PX = MARK_SETTINGS.ring_side_min_px


class RowMarks(RowInk):
    """Every mark box of one row, read from the flattened page (see the module docstring):
    on the row's ink (``RowInk``) it measures the row's evidence (``RowEvidence``) and
    gives the rules the views of it they ask for on demand (``ocr.row_evidence.RowViews``)."""

    def __init__(
        self, page: np.ndarray, layout: Layout, row: Row, dpi: float, dust: PageDust = NO_DUST
    ) -> None:
        super().__init__(page, layout, row, dpi)
        self.dust = dust
        # The evidence holds this row as its views: kept here weakly, so that the two are
        # no cycle and a row's arrays are freed as its reading ends (``evidence``).
        self._evidence: weakref.ref[RowEvidence] | None = None
        self._shade: RowShade | None = None  # the paper beside the boxes (fill_in_shade)
        self._no_ellipse: dict[Rect, float] = {}  # boxes the outline cleared, their ring
        self._only_just: set[Rect] = set()  # boxes the strips read circled, only just sure
        self._fills: list[float] | None = None  # per box, its fill (evidence)
        self._sides_inked: np.ndarray | None = None  # per box, sides with drawn ink beside
        self._around: list[bool] = []  # per box, a circle looked for (read_fields)
        self._facing: list[bool] = []  # ... and drawn ink beside two opposite sides
        self._own_marked: np.ndarray | None = None  # per box, its fill is its own mark
        # ... without the page's specks (all of them, or those clear of the printed lines)
        # (by the settings' identity: hashing their eighty fields cost more than a look-up)
        self._without_specks: dict[tuple[int, bool], tuple[MarkSettings, RowMarks]] = {}
        self._specks: RowSpecks | None = None  # ... and of those, only the ink (dusty_fills)
        self._rival_ink: tuple[MarkSettings, np.ndarray] | None = None  # ... clean_rivals' ink
        self._thick_ink: tuple[MarkSettings, np.ndarray] | None = None  # empty_field_dot's
        if not self.any_solid:
            return
        # All solid ink until read_fields knows which boxes hold their own mark.
        self.outside = self.solid
        self._rays: dict[Rect, Rays] = {}
        self._outline: Outlines | None = None
        self.own_marks: np.ndarray | None = None  # inside boxes holding a mark of their own

    def _set_outside(self, marked: np.ndarray | None) -> None:
        """The solid ink a circle may be made of: all of it, or (``marked``, per box of the
        row, True for boxes whose own fill marks them) without the inside of those boxes:
        a filled box above or a cross below is that box's mark, never part of a circle
        round this one. A circle's stroke through a neighbour leaves it a thin fill only."""
        outside = self.solid
        self.own_marks = None
        if marked is not None and marked.any():
            g = self.geometry
            dy, dx = self.shift
            h, w = self.solid.shape
            own = g.inner[marked] + np.array([dx, dy, dx, dy])
            if own.min() < 0 or own[:, 2].max() > w or own[:, 3].max() > h:
                own = None  # a box would wrap round the band's edge: moved as np.roll does
            mask = np.zeros_like(self.solid)
            outside = self.solid.copy()
            # (each box's corners as Python ints: slicing by numpy's scalars costs more)
            for x0, y0, x1, y1 in (g.inner[marked] if own is None else own).tolist():
                mask[y0:y1, x0:x1] = True
                outside[y0:y1, x0:x1] = False
            if own is None:
                mask = np.roll(mask, self.shift, axis=(0, 1))
                outside = self.solid & ~mask
            self.own_marks = mask
        self.outside = outside
        self._rays = {}
        self._outline = None
        self.drawn_outside = self.drawn & outside
        # (a fresh bool array: its bytes, 0 or 1, are the integral's input, no copy)
        self.drawn_sum = cv2.integral(self.drawn_outside.view(np.uint8))

    def dot_mm2(self, box: Rect) -> float:
        """Area of the dot in box ``box`` (mm^2), ``ocr.dots.dot_mm2``."""
        inner = self.px(box.inset(BOX_INSET_MM))
        return dot_mm2(self.solid, self.drawn, inner, self.px(box), self.s)

    def dot_among_specks(self, i: int, t: MarkSettings = MARK_SETTINGS) -> float:
        """Box ``i``'s dot where only the page's specks lie beside it (rule
        ``dusty_dot_specks``, ``ocr.dot_specks.dot_among_specks``)."""
        box = self.geometry.boxes[i][2]
        inner = self.px(box.inset(BOX_INSET_MM))
        return dot_among_specks(
            self.solid, self.drawn, self.printed, inner, self.px(box), self.dust, self.s, t
        )

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
        return ring_cover(self.outside, self.lines, self.widths, self.px(r), self.s)

    def read_fields(self, names: Sequence[str]) -> dict[str, list[MarkReading]]:
        """Every box of the named mark fields of this row, as the rules decide it
        (ocr/mark_rules.py) on the row's evidence."""
        g = self.geometry
        out: dict[str, list[MarkReading]] = {n: [] for n in names}
        for (field, _, _), reading in zip(g.boxes, apply_rules(self.evidence()), strict=True):
            if field in out:
                out[field].append(reading)
        return out

    def evidence(self) -> RowEvidence:
        """The row's evidence, measured once: the fills of all boxes at once, a circle
        looked for only where drawn ink (outside the boxes that hold their own mark) lies
        beside two sides of a box at least, a dot only where a box holds ink.

        Kept as long as someone holds it (the rules, while they decide the row): the
        evidence refers to this row (``views``), and a row that kept its evidence too
        made each row a cycle of references that only Python's cyclic collector frees.
        Its arrays (the band's ink, grey, integrals, lines: some 3 MB a row) then waited
        for a collection, so a page's rows were alive together: 27 TEST noisy pages
        read 52,600 -> 30,100 page faults, peak RSS 302 -> 214 MB."""
        kept = self._evidence() if self._evidence is not None else None
        if kept is not None:
            return kept
        g = self.geometry
        x0, y0, x1, y1 = g.inner.T
        area = np.maximum(1, (x1 - x0) * (y1 - y0))
        fills = (self.sum[y1, x1] - self.sum[y0, x1] - self.sum[y1, x0] + self.sum[y0, x0]) / area
        if self.any_ink:
            self._own_marked = fills > _OWN_MARK_FILL
            self._set_outside(self._own_marked)
            self._sides_beside()
        else:
            self._around = self._facing = [False] * len(fills)
        # A box is looked at (``_decide``) only where a dot or a circle may be read in it:
        # the rest, most of a row, are read by their fill alone (``plain_reading``).
        looked = (
            (fills < 2 * MARKED_ABOVE) & ((fills > _DOT_MIN_FILL) | (self._sides_inked >= 2))
            if self.any_ink
            else np.zeros(len(fills), bool)
        )
        self._fills = fills.tolist()
        read = tuple(
            self._decide(rect, option, f, a, o) if look else plain_reading(option, f)
            for (_, option, rect), f, a, o, look in zip(
                g.boxes, fills.tolist(), self._around, self._facing, looked.tolist(), strict=True
            )  # fmt: skip
        )
        sides = self._sides_inked.tolist() if self._sides_inked is not None else [0] * len(read)
        evidence = RowEvidence(
            geometry=g,
            any_ink=self.any_ink,
            first=read,
            sides_inked=tuple(sides),
            around=tuple(self._around),
            no_ellipse=MappingProxyType(dict(self._no_ellipse)),
            views=self,
            dust=self.dust,
        )
        self._evidence = weakref.ref(evidence)
        return evidence

    def _sides_beside(self) -> None:
        """Per box, the sides with drawn ink beside them (outside the boxes that hold their
        own mark), and whether a circle is looked for round it."""
        g = self.geometry
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
        self._sides_inked = near.sum(axis=0)
        self._around = (self._sides_inked >= 2).tolist()
        self._facing = ((near[0] & near[1]) | (near[2] & near[3])).tolist()

    def without_specks(
        self, i: int, fill: float, t: MarkSettings = MARK_SETTINGS, off_lines: bool = False
    ) -> MarkReading:
        """Box ``i`` read as every box is, with ``fill`` for its fill, on this row's ink
        without the pieces that may be the page's dust (``ocr.page_dust.specks_of``; rule
        ``dusty_circles``): the strokes round it, its dot and what the circle views see.
        ``off_lines``: only the pieces clear of the printed lines are taken out."""
        return self._despecked(t, off_lines).decide(i, fill)

    def edge_dots_without_specks(
        self, circled: np.ndarray, t: MarkSettings = MARK_SETTINGS
    ) -> np.ndarray:
        """``dots_on_edges`` on this row's ink without the pieces that may be the page's
        dust (rule ``dusty_edges``): per box, whether such a dot belongs to it
        (``ocr.edge_dots.dotted_boxes``)."""
        dots = self._despecked(t).dots_on_edges(circled)
        return dotted_boxes(dots, len(circled), t.edge_dot_own_share)

    def ink_by_rivals(self, t: MarkSettings = MARK_SETTINGS, on_lines: bool = True) -> np.ndarray:
        """The ink a player's mark read empty would leave by its box, on a dusty page
        (rule ``clean_rivals``, ``ocr.rival_ink.rival_ink``). Made once a row. Without
        ``on_lines``, the blobs on printed lines are let go: the drawn ink without the
        page's specks and the thick solid ink only (made on each call: asked for a few
        fields a page)."""
        if not on_lines:
            return np.asarray(self._drawn_without_specks(t) | self.thick_ink(t))
        if self._rival_ink is None or self._rival_ink[0] is not t:
            despecked, thick = self._drawn_without_specks(t), self.thick_ink(t)
            ink = rival_ink(
                self.solid, self.drawn, despecked, thick, self.printed, self.widths[2], self.s, t
            )  # fmt: skip
            self._rival_ink = (t, ink)
        return self._rival_ink[1]

    def thick_ink(self, t: MarkSettings = MARK_SETTINGS) -> np.ndarray:
        """The row's solid ink ``clean_rival_thick_mm`` thick or thicker (rule
        ``empty_field_dot``, ``ocr.rival_ink.thicker_than``). Made once a row."""
        if self._thick_ink is None or self._thick_ink[0] is not t:
            self._thick_ink = (t, thicker_than(self.solid, t.clean_rival_thick_mm * self.s))
        return self._thick_ink[1]

    def fill_without_specks(self, i: int, t: MarkSettings = MARK_SETTINGS) -> float:
        """Box ``i``'s fill without the ink of the pieces that may be the page's dust
        (rule ``dusty_fills``)."""
        x0, y0, x1, y1 = self.geometry.inner[i]
        return mean_over(self._ink_without_specks(t).sum, (int(x0), int(y0), int(x1), int(y1)))

    def _drawn_without_specks(self, t: MarkSettings) -> np.ndarray:
        """The row's drawn ink without the pieces that may be the page's dust."""
        return np.asarray(self.drawn & ~self._ink_without_specks(t).specks)

    def _ink_without_specks(self, t: MarkSettings, off_lines: bool = False) -> Despecked:
        """The row's specks and its ink without them (``ocr.row_specks.RowSpecks``)."""
        if self._specks is None:
            self._specks = RowSpecks(
                self.drawn, self.ink, self.sum, self.printed, self.dust, self.s
            )  # fmt: skip
        return self._specks.without(t, off_lines)

    def _despecked(self, t: MarkSettings, off_lines: bool = False) -> RowMarks:
        """This row with the pieces of drawn ink that may be the page's dust taken out of
        its solid ink (only those clear of the printed lines, ``off_lines``; made once per
        row, settings and kind)."""
        kept = self._without_specks.get((id(t), off_lines))
        clone = kept[1] if kept is not None and kept[0] is t else None
        if clone is None:
            specks, ink, ink_sum = self._ink_without_specks(t, off_lines)
            clone = copy.copy(self)
            clone.solid = self.solid & ~specks
            clone.drawn = self.drawn & ~specks
            clone.ink, clone.sum = ink, ink_sum
            clone._specks, clone._rival_ink, clone._thick_ink = None, None, None
            clone._no_ellipse, clone._only_just = {}, set()
            clone._evidence, clone._without_specks = None, {}
            clone._set_outside(self._own_marked)
            clone._sides_beside()
            self._without_specks[(id(t), off_lines)] = (t, clone)
        return clone

    def decide(self, i: int, fill: float) -> MarkReading:
        """Box ``i`` read as every box is (``_decide``), with ``fill`` for its fill."""
        g = self.geometry
        _, option, rect = g.boxes[i]
        return self._decide(rect, option, fill, self._around[i], self._facing[i])

    def fill_in_shade(
        self,
        i: int,
        reach_mm: float,
        band_mm: float,
        margin: float,
        darkest: float,
        keeps: MarkState | None = None,
    ) -> float:
        """Box ``i``'s fill against the paper beside it in line with each pixel, the form's
        lines and anything ``darkest`` or more darker than the row's paper left out of it;
        its plain fill where that cannot change, or where it ``keeps`` its class
        (``ocr.row_shade.RowShade.fill``, rule ``shaded_band``)."""
        g = self.geometry
        inner, outer = tuple(g.inner[i]), tuple(g.outer[i])
        return self.shade.fill(
            self.ink, self.mean_ink(inner), inner, outer, reach_mm, band_mm, margin, darkest, keeps
        )

    @property
    def shade(self) -> RowShade:
        """The paper beside the row's boxes (``ocr.row_shade.RowShade``), made once: for
        the mark boxes' fill in a fold's shade and the digit boxes' (ocr/digit_shade.py)."""
        if self._shade is None:  # (the printed mask is the row's own where it has ink)
            printed = printed_at(self.geometry, self.shift)[1]
            self._shade = RowShade(self._grey, self.paper, self._strength, printed, self.s)
        return self._shade

    def _field_inked(self, r: Rect) -> bool:
        """Does another box of box ``r``'s field hold ink (a fill of ``EMPTY_BELOW`` or
        more)? Then strokes that only the strips read alone see as a circle round ``r``
        may be that ink's (circle_reading.only_the_strips); alone in its field, such a circle may be
        the field's only mark, drawn over the printed edges, and stands as the strips read
        it (tests/ocr/test_dust_rules.py). Asked of a few boxes a page, never on the
        common path."""
        g = self.geometry
        field = next(f for f, _, rect in g.boxes if rect == r)
        fills = self._fills or [1.0] * len(g.boxes)
        return any(
            f >= EMPTY_BELOW and rect != r
            for (other, _, rect), f in zip(g.boxes, fills, strict=True)
            if other == field
        )

    def only_just(self, r: Rect) -> bool:
        """Did the strips read box ``r`` circled for certain but only just (from
        ``STRIPS_SURE`` to ``STRIPS_CERTAIN``), in any decision on it so far?"""
        return r in self._only_just

    def outline_support(self, r: Rect) -> float | None:
        """How well drawn strokes follow the best ellipse round box ``r`` (ocr/outline.py)."""
        return self._outlines().support(self.px(r))

    def outline_ellipse(self, r: Rect) -> np.ndarray | None:
        """The points of the best ellipse round box ``r``, in the band's pixels."""
        return self._outlines().ellipse(self.px(r))

    def dots_on_edges(
        self, circled: np.ndarray, t: MarkSettings | None = None
    ) -> tuple[EdgeDot, ...]:
        """The pen dots on the printed edges near the row's boxes (ocr/edge_dots.py).
        ``circled`` names the boxes read on a circle (their edges are that circle's).
        With ``t``, on a dusty page, a dot whose only drawn ink beside it is the page's
        specks (``ocr.page_dust.specks_of``) stands alone."""
        g = self.geometry
        dy, dx = self.shift  # the boxes where the printed form lies on this row
        outer = g.outer + np.array([dx, dy, dx, dy])
        without_dust = None
        if t is not None and self.dust.dusty(t):
            without_dust = partial(self._drawn_without_specks, t)
        return dots_on_edges(
            self.solid, self.drawn, self.printed, outer, circled, self.s, self.widths[2],
            without_dust,
        )  # fmt: skip

    def _outlines(self) -> Outlines:
        """The ellipses round this row's boxes (ocr/outline.py), prepared once per row."""
        if self._outline is None:
            self._outline = outlines_of(
                self.drawn_outside, self.printed, self.own_marks, self.lines, self.widths,
                (self.ink, self._grey, self.paper, self._strength), self.s,
            )  # fmt: skip
        return self._outline

    def rays_round(self, r: Rect) -> Rays:
        """What rays round box ``r`` see (ocr/circles.py), looked at once per box."""
        seen = self._rays.get(r)
        if seen is None:
            seen = rays(self.outside, self.lines, self.px(r), self.s, self.widths)
            self._rays[r] = seen
        return seen

    def crossed(self, a: Rect, b: Rect) -> bool:
        """Does drawn ink (off the printed lines) lie just outside box ``a`` near its side
        facing box ``b``: beside that side or round its two corners? A stroke reaching into
        ``a`` from a neighbour's mark (across the gap, or round a corner as a circle does)
        leaves ink there; a mark that stays in its box leaves none."""
        reach = _ENTRY_MM
        if side_by_side(a, b):
            x = a.x1 - _STRIP_MM if b.x > a.x else a.x - reach
            zone = Rect(x, a.y - reach, _STRIP_MM + reach, a.height + 2 * reach)
        else:  # one above the other
            y = a.y1 - _STRIP_MM if b.y > a.y else a.y - reach
            zone = Rect(a.x - reach, y, a.width + 2 * reach, _STRIP_MM + reach)
        zx0, zy0, zx1, zy1 = self.px(zone)
        inside = np.zeros((zy1 - zy0, zx1 - zx0), bool)
        bx0, by0, bx1, by1 = self.px(a.inset(-BORDER_CORE_MM))
        inside[max(0, by0 - zy0) : max(0, by1 - zy0), max(0, bx0 - zx0) : max(0, bx1 - zx0)] = True
        return bool((self.drawn[zy0:zy1, zx0:zx1] & ~inside).any())

    def _decide(
        self, box_rect: Rect, option: str, fill: float, around: bool, facing: bool
    ) -> MarkReading:
        """One box from its fill, the circle round it (looked for when drawn ink lies
        beside two of its sides, ``around``; the strips read alone too when two opposite
        ones, ``facing``) and the dot in it."""
        ring, dot = 0.0, 0.0
        if self.any_ink and fill < 2 * MARKED_ABOVE:
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
                    if facing and ring >= RING_MARKED_ABOVE and self._field_inked(box_rect):
                        views = circled(strips, seen.sectors, seen.gap)
                    alone = views is not None and only_the_strips(ring, views)
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
                        support = self._outlines().support(self.px(box_rect))
                        seen_ring, ring = ring, confirmed(ring, support, views)
                        if seen_ring and not ring:  # no ellipse round it (rule alone_in_field)
                            self._no_ellipse[box_rect] = seen_ring
                        elif ring < RING_EMPTY_BELOW and round_all_over(seen, support):
                            ring = RING_UNSURE
        return mark_reading(option, fill, ring, dot)
