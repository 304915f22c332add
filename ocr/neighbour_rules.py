"""What a box holds where its neighbour's mark reaches into it (ocr/row_marks.py).

A circle drawn round a box often runs into or through the next box, and the arm of a
tick or cross runs on across the gap: the neighbour then holds ink that is not its own
mark. These rules read such a box as the reader's principle says (a box is never marked
on a stroke that may be another box's mark): the stroke of a marked neighbour is that
neighbour's, a stroke nobody can place leaves the box unsure, and a box's own mark (ink
across it, a dot, a circle round it for certain) stays its own. Two more ask whether
strokes round a box, which its neighbours' marks may have left, are its circle: the
ellipse round it decides, beside the other boxes of its field (``_alone_in_field``,
``_strips_checked``). ``NeighbourRules`` is mixed into ``RowMarks``, whose measurements
(fills, rays, the ellipses round boxes) they use.
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np

from ocr.circles import ALL_ROUND, PART_ROUND, ROUND_GAP_DEG
from ocr.mark_geometry import RowGeometry, side_by_side
from ocr.marks import (
    EMPTY_BELOW,
    MARKED_ABOVE,
    OUTLINE_MOST,
    OUTLINE_NONE,
    OUTLINE_UNSURE,
    RING_UNSURE,
    MarkReading,
    MarkState,
    mark_reading,
)
from ocr.outline import ink_along

__all__ = ["NeighbourRules", "field_others"]

_SPILL_MAX_FILL = 0.35  # a box filled more than this is marked whatever its neighbours
_ARC_FILL = 0.2  # a fill this thin may be the arc of a circle round a neighbour ...
_FACING_HALF = 0.95  # a box with this much of its ink in the half facing a neighbour holds an arc
_LEANS = 0.5  # a box with more than this in that half may hold an arc among its own ink
_ON_ELLIPSE_MM = 0.5  # a circle's stroke lies this close to the ellipse it follows ...
_ON_ELLIPSE_SHARE = 0.9  # ... and a neighbour's ink this much along it is the circle's
_ARC_SIDES = 1.0  # one stroke no longer than the side facing the neighbour may be its arc


def stroke_length(mask: np.ndarray) -> float:
    """The length (px) of the ink of ``mask`` taken as one stroke: the long side of the
    rectangle with its area and perimeter (a stroke of width w and length l has area wl
    and perimeter 2(w + l), so l is the larger root of x^2 - (P/2)x + A). Half the
    perimeter alone would count a wide pen's two cut ends into the length."""
    m = mask.astype(np.uint8)
    contours, _ = cv2.findContours(m, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    half = sum(cv2.arcLength(c, True) for c in contours) / 2
    return (half + math.sqrt(max(0.0, half * half - 4.0 * float(m.sum())))) / 2


def field_others(g: RowGeometry, i: int, read: list[MarkReading]) -> list[MarkReading]:
    """The readings of the other boxes of box ``i``'s field (a field holds one mark)."""
    field = g.boxes[i][0]
    return [read[j] for j, (f, _, _) in enumerate(g.boxes) if f == field and j != i]


def _unsure_circles(read: list[MarkReading]) -> list[tuple[int, MarkReading]]:
    """The boxes of a row read unsure on the strokes round them, with their indices."""
    return [(i, r) for i, r in enumerate(read) if r.how == "circle" and r.state is MarkState.UNSURE]


class NeighbourRules:
    """The neighbour rules of ``RowMarks`` (see the module docstring). They read what
    ``RowMarks`` measures (``mean_ink``, ``ink``, ``drawn``, ``s``, ``_sides_inked``, ``_around``,
    ``_facing``, and the boxes ``_decide`` left to the ellipse: ``_no_ellipse``,
    ``_only_just``) and look through its views (``_decide``, ``_crossed``, ``_rays_round``,
    ``_outlines``, ``_px``); this module imports nothing of it, so the two make no
    import circle."""

    def _without_spill(self, g: RowGeometry, read: list[MarkReading]) -> list[MarkReading]:
        """A circle drawn round a box, or the arm of a tick or cross, often reaches into the
        next box across their common edge. A box whose ink would be read as a mark only
        because of the strip facing a neighbour is read without that strip: a mark of its
        own crosses the box, a neighbour's stroke stays at its edge. When that neighbour is
        marked, the stroke is its mark's and the box is empty; when it is not (a circle
        drawn wide of its box is not always seen as one), nobody can say whose mark it is
        and the box is unsure: a person looks. Only a stroke that comes in from outside the
        box near that side (across the gap, or round a corner as a circle does) can be the
        neighbour's: ink that stays inside the box (a pen dot put near its edge) is the
        box's own, whatever the neighbour holds."""
        out = list(read)
        for i, r in enumerate(read):
            if r.how != "fill" or r.fill > _SPILL_MAX_FILL:
                continue
            for j, kept in g.neighbours[i]:
                if read[j].how == "dot":
                    continue
                x0, y0, x1, y1 = (int(v) for v in kept)
                fill = self.mean_ink((x0, y0, x1, y1))
                if fill >= EMPTY_BELOW:
                    continue
                if not self._crossed(g.boxes[i][2], g.boxes[j][2]):
                    break  # nothing crosses from the neighbour: the ink is this box's own
                again = self._again(g, i, r, fill)
                if (again.state is MarkState.EMPTY and read[j].state is MarkState.MARKED
                        and r.fill > MARKED_ABOVE):  # fmt: skip
                    # ink that marks the box by its fill is taken for the neighbour's
                    # stroke: say whose, as a reading the score cannot tell from the
                    # neighbour's needs it (ocr/score_ties.py)
                    out[i] = replace(again, neighbour=g.boxes[j][:2])
                elif read[j].state is MarkState.MARKED or again.state is MarkState.MARKED:
                    out[i] = again
                else:
                    out[i] = MarkReading(r.option, r.fill, MarkState.UNSURE, 0.5, "edge",
                                         again.ring, r.dot_mm2, g.boxes[j][:2])  # fmt: skip
                break
        return self._beside_circles(g, out) if self._sides_inked is not None else out

    def _again(self, g: RowGeometry, i: int, r: MarkReading, fill: float) -> MarkReading:
        """Box ``i`` read again with ``fill``, its ink less a neighbour's stroke. A box
        filled well over the marked threshold was not looked at for a circle (its fill
        said enough); read with the smaller fill, it is, as ``_decide`` does: a circle
        drawn over its own box fills it too, and where it is circled for certain (as sure
        as an ellipse followed all round), that stays its mark. Circled but not for
        certain (the strips read alone, 0.517) is what a box between two marked
        neighbours reads: on 1,000 TRAINING pages, 2 such boxes had no mark of their own,
        and the 5 read at 0.6 or more all had one."""
        first = mark_reading(r.option, fill, r.ring, r.dot_mm2)
        if r.ring or r.fill < 2 * MARKED_ABOVE:
            return first
        looked = self._decide(g.boxes[i][2], r.option, fill, self._around[i], self._facing[i])
        return looked if looked.how == "circle" and looked.ring >= OUTLINE_MOST else first

    def _beside_circles(self, g: RowGeometry, read: list[MarkReading]) -> list[MarkReading]:
        """A box read as marked by a thin fill, next to an unmarked box that strokes may go
        round, may hold only the stroke of a circle drawn round that neighbour, off centre
        or wider than the strips see: its mark is not certain, and a person looks (the
        reader's rule: a box is never marked on a stroke that may be another box's mark).
        ``_round_neighbour`` says when."""
        out = list(read)
        for i, r in enumerate(read):
            if r.how != "fill" or r.state is not MarkState.MARKED or r.fill > _SPILL_MAX_FILL:
                continue
            for j, _ in g.neighbours[i]:
                if read[j].state is MarkState.MARKED or not self._round_neighbour(g, i, j, r):
                    continue
                out[i] = MarkReading(r.option, r.fill, MarkState.UNSURE, 0.5,
                                     "beside a circle", r.ring, r.dot_mm2,
                                     g.boxes[j][:2])  # fmt: skip
                break
        return out

    def _round_neighbour(self, g: RowGeometry, i: int, j: int, r: MarkReading) -> bool:
        """May the ink of box ``i`` (read marked by its thin fill) be the stroke of a circle
        round its unmarked neighbour ``j``? Yes when strokes seem to go round ``j``
        (ocr/circles.py): they cover 45% of every sector round it, or, for a fill of 0.2 or
        less (an arc, not a cross), a quarter of every sector with no gap over 50 degrees
        (a circle drawn over the neighbour's printed edges, which the rays see only where
        it leaves them: TEST damaged/page_0203.jpg row 9, docs/reader.md). The first needs
        drawn ink beside two of ``j``'s sides; the second needs it, or the box's ink
        leaning towards ``j`` (more than half in its facing half), as an arc's does: over
        a phone photo's thick printed edges the rest of a circle lies beside one side at
        most (fourth TEST set phone/page_0426.jpg row 6, 3C read for a circled 2C, both
        -300). Looked at so, 3 more boxes with a tick of their own were unsure on 3,600
        TRAINING pages, and no arc more (TRAINING draws no ring over edges that thick).

        Yes too when the box holds an arc from ``j``: all its ink (95%) lies in its half
        facing ``j``, a stroke comes in from ``j``'s side (``_crossed``), strokes lie in
        every sector round ``j``, and a circle round it is not ruled out: the rays see a
        quarter of every sector, or an ellipse round it is followed over ``OUTLINE_NONE``
        of its least covered quarter. A circle drawn wide and off centre runs that deep
        into the next box while the rest of it lies over printed edges, and its box reads
        empty (TRAINING rings drawn off centre; second TEST pages damaged/page_0490.jpg
        row 8, 4H read as 4S, both +650). The box's own mark (a cross, a slash, a dot)
        reaches its other half, and a tick or a dot beside a box leaves a sector round it
        bare: on 3,000 TRAINING pages, the 50 boxes holding only a ring's arc that met
        the rest of this met it too, and 1 of 8 boxes with a mark of their own (a tick on
        a phone photo)."""
        b = g.boxes[j][2]
        share = self._facing_share(g, i, j)
        beside_two, arc_here = self._sides_inked[j] >= 2, share >= _FACING_HALF
        thin = r.fill <= _ARC_FILL or self._one_arc(g, i, j)
        # A circle round the neighbour, even off its centre, runs beside two of its sides
        # at least, unless over printed edges, where its arc in this box leans towards
        # the neighbour: no need to look along rays round a box with neither.
        if not (beside_two or arc_here or (thin and share > _LEANS)):
            return False
        seen = self._rays_round(b)
        if thin and seen.gap <= ROUND_GAP_DEG and seen.sectors >= PART_ROUND:
            return True
        if seen.sectors >= ALL_ROUND and (beside_two or arc_here):
            return True
        if not arc_here or seen.sectors == 0.0 or not self._crossed(g.boxes[i][2], b):
            return False
        if seen.sectors >= PART_ROUND:
            return True
        support = self._outlines().support(self._px(b))
        return support is not None and support >= OUTLINE_NONE

    def _one_arc(self, g: RowGeometry, i: int, j: int) -> bool:
        """Is the ink of box ``i`` one stroke no longer than its side facing box ``j``
        (``_ARC_SIDES``), as the arc of a circle round ``j`` is, whatever the pen? A fill
        of ``_ARC_FILL`` is what an arc of the pens TRAINING writes with leaves (up to
        0.6 mm); a felt tip's (0.9 mm and more) fills a box to 0.31 with the same arc
        (issue 13, ninth TEST set clean/page_0404.jpg row 5: a circle drawn off centre
        round the 1 read as a mark in the 2, making 3NT+2 of 3NT+1, with no score written
        to check it). The arc's length does not depend on the pen. On 600 TRAINING pages,
        the arcs of ringed neighbours that fill a box to 0.2-0.35 measure 0.79-1.0 of the
        side in three of four cases; the box's own slashes 0.99-1.27 (5-95%), ticks
        1.19-1.75 and crosses 1.68-2.44, and a dot is no stroke (its rectangle is no
        longer than 0.52 of the side in 98 of 100). An arc comes in from the neighbour's
        side (``_crossed``); a dot stays inside its box."""
        x0, y0, x1, y1 = (int(v) for v in g.inner[i])
        a, b = g.boxes[i][2], g.boxes[j][2]
        side = (y1 - y0) if side_by_side(a, b) else (x1 - x0)
        if stroke_length(self.drawn[y0:y1, x0:x1]) > _ARC_SIDES * side:
            return False
        return self._crossed(a, b)

    def _facing_share(self, g: RowGeometry, i: int, j: int) -> float:
        """The share of box ``i``'s ink that lies in its half facing box ``j``."""
        x0, y0, x1, y1 = (int(v) for v in g.inner[i])
        a, b = g.boxes[i][2], g.boxes[j][2]
        if side_by_side(a, b):
            mid = (x0 + x1) // 2
            near = (x0, y0, mid, y1) if b.x < a.x else (mid, y0, x1, y1)
        else:
            mid = (y0 + y1) // 2
            near = (x0, y0, x1, mid) if b.y < a.y else (x0, mid, x1, y1)
        total = self.mean_ink((x0, y0, x1, y1)) * (x1 - x0) * (y1 - y0)
        if total <= 0.0:
            return 0.0
        nx0, ny0, nx1, ny1 = near
        return self.mean_ink(near) * (nx1 - nx0) * (ny1 - ny0) / total

    def _over_edges(self, g: RowGeometry, read: list[MarkReading]) -> list[MarkReading]:
        """A circle drawn tight round a box runs over its printed edges, and the mask that
        keeps the form's lines out of the drawn ink takes most of it away: beside one side
        at most is drawn ink left (where it bulges into the gap), no circle is looked for,
        and the box reads empty for certain. The ink it leaves in the gap lies beside the
        next box too, and may make that box unsure on a circle of its own. Where a box is
        read so, a neighbour no circle was looked for round, with drawn ink beside its
        side, is unsure too when the rays round it see strokes round it in part
        (``PART_ROUND`` of every sector, no gap over ``ROUND_GAP_DEG``, the view that
        finds a circle over a neighbour's printed edges in ``_round_neighbour``): whose
        circle the strokes are, a person says (issue 13, twelfth TEST set, seed 24,
        clean/page_0156.jpg row 10: a light gel circle over the 2's edges, the 1 read
        unsure beside it and the 2 empty, 4SX-2 accepted as 4SX-1)."""
        out = list(read)
        for i, _ in _unsure_circles(read):
            for j, _ in g.neighbours[i]:
                q = out[j]
                if q.state is not MarkState.EMPTY or self._around[j] or not self._sides_inked[j]:
                    continue
                seen = self._rays_round(g.boxes[j][2])
                if seen.sectors >= PART_ROUND and seen.gap <= ROUND_GAP_DEG:
                    out[j] = MarkReading(q.option, q.fill, MarkState.UNSURE, 0.5, "circle",
                                         q.ring, q.dot_mm2)  # fmt: skip
        return out

    def _circled_alone(self, g: RowGeometry, read: list[MarkReading]) -> list[MarkReading]:
        """A box read unsure on the strokes round it is circled for certain when an ellipse
        round it is followed over ``OUTLINE_UNSURE`` of every quarter and nothing else can
        have drawn those strokes: no other box of its field is marked or unsure, but for
        one unsure only because its ink may be this box's stroke (``_without_spill``,
        ``_beside_circles``: a circle's arc in the next box); a neighbour's mark in the
        field, its circle or a cross's arm, is what leaves strokes round a box that holds
        nothing. Nor is a neighbouring box of another field read on a circle (circles
        round the boxes above and below). A pale thin ballpoint's circle is seen by the
        strips and rays only in bits (unsure, 0.40-0.50) though it follows its ellipse
        all round, and where the score cannot tell two readings apart (4H+1 and 4S+1) an
        unsure box sends its row to a person.

        Chosen on TRAINING (600 pages a condition, five conditions): of 500 boxes read
        unsure on a circle, 189 were alone in their field and 188 of those ringed; the
        one that was not (its field's own ring missed) had an outline of 0.364. Of the 173
        whose field's other boxes were unsure only as their stroke, 170 were ringed, and
        the 3 others had outlines under 0.6. The rule as it stands reads 118 boxes
        circled on those 3,000 pages: 117 ringed, 1 ticked, none without a mark; review
        8-11 rows a condition lower, no wrong row. Of the boxes beside a mark of their
        field's own, 6 of 85 with an outline of 0.70 or more held nothing: there the rule
        does not look. ``OUTLINE_UNSURE`` is the outline's own line; 0.6 and 0.667 were
        counted too (more boxes, none without a mark) and not taken."""
        out = list(read)
        for i, r in _unsure_circles(read):
            own = g.boxes[i][:2]
            if any(q.state is not MarkState.EMPTY
                   and not (q.state is MarkState.UNSURE and q.neighbour == own)
                   for q in field_others(g, i, read)):  # fmt: skip
                continue
            if any(read[j].how == "circle" and read[j].state is not MarkState.EMPTY
                   for j, _ in g.neighbours[i]):  # fmt: skip
                continue
            support = self._outlines().support(self._px(g.boxes[i][2]))
            if support is not None and support >= OUTLINE_UNSURE:
                out[i] = mark_reading(r.option, r.fill, OUTLINE_MOST, r.dot_mm2)
        return out

    def _beside_field_circle(self, g: RowGeometry, read: list[MarkReading]) -> list[MarkReading]:
        """A box read unsure on the strokes round it, beside a box of its own field
        circled for certain: a circle round one box runs beside the next, and a field has
        one mark, so the strokes may be that circle's. The box stays unsure, naming the
        circled box as the one whose stroke its ink may be (``MarkReading.neighbour``),
        as a box a neighbour's stroke reaches into does: a reading that uses the circled
        box explains it (``ocr.row_reader.unexplained_unsure``), and its own circle, if
        it had one, still weighs in the decoding at its ``p_marked``. On TRAINING (600
        pages a condition, five conditions), 64 boxes were read unsure so, and none of
        them was ringed: each sent its row to a person."""
        out = list(read)
        for i, r in _unsure_circles(read):
            for j, _ in g.neighbours[i]:
                q, same_field = read[j], g.boxes[j][0] == g.boxes[i][0]
                if same_field and q.how == "circle" and q.state is MarkState.MARKED:
                    out[i] = MarkReading(r.option, r.fill, r.state, r.p_marked,
                                         "beside a circle", r.ring, r.dot_mm2,
                                         g.boxes[j][:2])  # fmt: skip
                    break
        return out

    def _off_circles(self, g: RowGeometry, read: list[MarkReading]) -> list[MarkReading]:
        """A circle drawn round a box often runs through its neighbour, and a neighbour it
        crosses with enough of its stroke reads as marked by a thin fill. Where a box read
        so lies beside a box read circled, and its ink lies along the ellipse that circle
        follows (``Outlines.ellipse``: 90% of it within 0.5 mm), the ink is the circle's:
        the box is read without it. A mark of the box's own (a cross, a tick, a dot) lies
        across the ellipse, not along it, and keeps the box marked."""
        out = list(read)
        for i, r in enumerate(read):
            if r.how != "fill" or r.state is not MarkState.MARKED or r.fill > _SPILL_MAX_FILL:
                continue
            for j, _ in g.neighbours[i]:
                if read[j].how != "circle" or read[j].state is not MarkState.MARKED:
                    continue
                curve = self._outlines().ellipse(self._px(g.boxes[j][2]))
                if curve is None:
                    continue
                x0, y0, x1, y1 = (int(v) for v in g.inner[i])
                ink = self.ink[y0:y1, x0:x1]
                along = ink_along(ink, curve - (x0, y0), round(_ON_ELLIPSE_MM * self.s))
                total = float(ink.sum())
                if along >= _ON_ELLIPSE_SHARE * total > 0.0:
                    off = (total - along) / max(1, ink.size)
                    out[i] = mark_reading(r.option, off, r.ring, r.dot_mm2)
                    break
        return out

    def _alone_in_field(self, g: RowGeometry, read: list[MarkReading]) -> list[MarkReading]:
        """A box whose unsure circle no ellipse follows (``ocr.marks.confirmed``) is read
        without it only where another box of its field is marked: the strokes round it are
        then that mark's arm or the neighbouring rows' circles. Alone in its field it may be
        the field's only mark, a circle so tight over the printed edges that no ellipse
        round the box can be judged along it (a worn pencil circle round PASS: read without
        it, a passed-out board's row would read blank), and it stays as the other views
        read it, unsure."""
        out = list(read)
        for i, ((_, option, rect), r) in enumerate(zip(g.boxes, read, strict=True)):
            seen_ring = self._no_ellipse.get(rect)
            if seen_ring is None:
                continue
            if not any(q.state is MarkState.MARKED for q in field_others(g, i, read)):
                out[i] = mark_reading(option, r.fill, seen_ring, r.dot_mm2)
        return out

    def _strips_checked(self, g: RowGeometry, read: list[MarkReading]) -> list[MarkReading]:
        """The boxes the strips read circled for certain, but only just (``STRIPS_CERTAIN``),
        once the ellipse round each is known. The marks of its neighbours can surround an
        empty box so (seed 26's ordinary scan page_0372.jpg row 2: a cross in 3 on its left,
        the crosses of the row's lower line under it, the row above's circles over its top:
        the 4 read circled). Where no ellipse is followed over ``OUTLINE_UNSURE`` of every
        quarter the box is unsure; where none is followed over ``OUTLINE_NONE`` it is read
        without a circle when another box of its field is marked for certain, as the
        strokes round a box the other views read unsure are its neighbours' then
        (``_alone_in_field``). Where no ellipse can be judged, the strips' reading stands.

        Asked after the neighbour rules, which see the box as the strips read it: a box
        made unsure here is not a neighbour "not marked" whose circle's stroke another
        box's thin fill may be (``_beside_circles``). Asked before them, a ringed result
        count so doubted made a tick in the 5 above it look like its circle's stroke, and
        a 4 read circled beside the 5 was accepted (seed 23's damaged page_0459.jpg row 11,
        4S by W -1 for 5S by W -1, both +50)."""
        doubted: dict[int, float] = {}
        for i, (_, _, rect) in enumerate(g.boxes):
            r = read[i]
            if rect not in self._only_just or r.how != "circle" or r.state is not MarkState.MARKED:
                continue
            support = self._outlines().support(self._px(rect))
            if support is not None and support < OUTLINE_UNSURE:
                doubted[i] = support
        fields = [f for f, _, _ in g.boxes]
        out = list(read)
        for i, support in doubted.items():
            others_sure = any(
                read[k].state is MarkState.MARKED
                for k, f in enumerate(fields)
                if f == fields[i] and k not in doubted
            )
            cleared = support < OUTLINE_NONE and others_sure
            r = read[i]
            out[i] = mark_reading(r.option, r.fill, 0.0 if cleared else RING_UNSURE, r.dot_mm2)
        return out
