"""The mark rules for a neighbour's stroke in a box (their order: ocr/mark_rules.py).

A circle drawn round a box often runs into or through the next box, and the arm of a
tick or cross runs on across the gap: the neighbour then holds ink that is not its own
mark. These rules read such a box as the reader's principle says (a box is never marked
on a stroke that may be another box's mark): the stroke of a marked neighbour is that
neighbour's, a stroke nobody can place leaves the box unsure, and a box's own mark (ink
across it, a dot, a circle round it for certain) stays its own.

Each rule is a function of the row's evidence (ocr/row_evidence.py: what ``RowMarks``
measured, and the views it measures on demand), the readings so far, and the thresholds
(ocr/mark_settings.py); it returns the row's readings. The rules that ask whether strokes
round a box are its own circle are in ocr/circle_rules.py; rule ``off_circles``, which follows
a circled neighbour's stroke, in ocr/off_circles.py.
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np

from ocr.circle_reading import OUTLINE_MOST
from ocr.dots_between_lines import field_settled
from ocr.mark_geometry import side_by_side
from ocr.mark_groups import ONE_BOX_FIELDS
from ocr.mark_settings import MarkSettings
from ocr.marks import MarkReading, MarkState, mark_reading
from ocr.row_evidence import RowEvidence

__all__ = [
    "beside_circles",
    "facing_share",
    "stroke_length",
    "thin_fill_mark",
    "thin_fill_marks",
    "without_spill",
]


def stroke_length(mask: np.ndarray) -> float:
    """The length (px) of the ink of ``mask`` taken as one stroke: the long side of the
    rectangle with its area and perimeter (a stroke of width w and length l has area wl
    and perimeter 2(w + l), so l is the larger root of x^2 - (P/2)x + A). Half the
    perimeter alone would count a wide pen's two cut ends into the length."""
    m = mask.astype(np.uint8)
    contours, _ = cv2.findContours(m, cv2.RETR_LIST, cv2.CHAIN_APPROX_NONE)
    half = sum(cv2.arcLength(c, True) for c in contours) / 2
    return (half + math.sqrt(max(0.0, half * half - 4.0 * float(m.sum())))) / 2


def thin_fill_mark(r: MarkReading, t: MarkSettings) -> bool:
    """Is box reading ``r`` marked by a fill thin enough to be a neighbour's stroke, a
    circle's run-through or its arc (``spill_max_fill``)? No neighbour rule looks at a box
    filled more."""
    return r.how == "fill" and r.state is MarkState.MARKED and r.fill <= t.spill_max_fill


def thin_fill_marks(read: list[MarkReading], t: MarkSettings) -> list[tuple[int, MarkReading]]:
    """The boxes of a row marked by a thin fill (``thin_fill_mark``), with their indices."""
    return [(i, r) for i, r in enumerate(read) if thin_fill_mark(r, t)]


def without_spill(ev: RowEvidence, read: list[MarkReading], t: MarkSettings) -> list[MarkReading]:
    """A circle drawn round a box, or the arm of a tick or cross, often reaches into the
    next box across their common edge. A box whose ink would be read as a mark only
    because of the strip facing a neighbour is read without that strip: a mark of its
    own crosses the box, a neighbour's stroke stays at its edge. When that neighbour is
    marked, the stroke is its mark's and the box is empty; when it is not (a circle
    drawn wide of its box is not always seen as one), nobody can say whose mark it is
    and the box is unsure: a person looks. Only a stroke that comes in from outside the
    box near that side (across the gap, or round a corner as a circle does) can be the
    neighbour's: ink that stays inside the box (a pen dot put near its edge) is the
    box's own, whatever the neighbour holds.

    Every box is weighed on the row's readings as they came to this rule, and the row's
    readings change at once: the order the boxes are visited in decides nothing. Two
    neighbours cannot each explain their ink away by the other: a box emptied because
    its neighbour was marked, where that neighbour itself loses its mark here (read
    without its strip facing the box, it is marked no longer), is unsure, not empty
    (issue 43: fresh TEST seed 82722 pencil page_0024.jpg row 1, count 2's cross given
    to count 1, whose mark was that cross's arm and a circle's arc). Nor is a box that a
    neighbour of another field would empty, where that leaves its field to thin fills
    alone: either may be the field's mark, and the box is unsure (``_thin_rival_across``)."""
    g = ev.geometry
    spilled: dict[int, tuple[MarkReading, int]] = {}
    for i, r in enumerate(read):
        if r.how == "fill" and r.fill <= t.spill_max_fill:
            placed = _spill(ev, i, r, read, t)
            if placed is not None:
                spilled[i] = placed
    out = list(read)
    for i, (again, j) in spilled.items():
        out[i] = again
        lost = j in spilled and spilled[j][0].state is not MarkState.MARKED
        if again.state is MarkState.EMPTY and read[j].state is MarkState.MARKED and lost:
            out[i] = _edge(read[i], again.ring, g.boxes[j][:2])
    return out


def _edge(r: MarkReading, ring: float, neighbour: tuple[str, str]) -> MarkReading:
    """Box reading ``r`` made unsure ('edge'): its ink may be ``neighbour``'s stroke and
    nobody can say whose mark it is (``ring``: its circle read without that stroke)."""
    return MarkReading(r.option, r.fill, MarkState.UNSURE, 0.5, "edge", ring, r.dot_mm2, neighbour)


def _spill(
    ev: RowEvidence, i: int, r: MarkReading, read: list[MarkReading], t: MarkSettings
) -> tuple[MarkReading, int] | None:
    """Box ``i`` (read ``r`` by a thin fill) read without the strip facing the first
    neighbour whose stroke may be all its ink, with that neighbour's index; None where
    the box's ink is its own (no such neighbour, or nothing crosses from it)."""
    g = ev.geometry
    for j, kept in g.neighbours[i]:
        if read[j].how == "dot" or _settled_elsewhere(ev, read, i, j):
            continue
        x0, y0, x1, y1 = (int(c) for c in kept)
        fill = ev.views.mean_ink((x0, y0, x1, y1))
        if fill >= t.empty_below:
            continue
        if not ev.views.crossed(g.boxes[i][2], g.boxes[j][2]):
            return None  # nothing crosses from the neighbour: the ink is this box's own
        again = _again(ev, i, r, fill, t)
        if again.state is MarkState.EMPTY and _thin_rival_across(ev, read, i, j, t):
            return _edge(r, again.ring, g.boxes[j][:2]), j
        if (again.state is MarkState.EMPTY and read[j].state is MarkState.MARKED
                and r.fill > t.marked_above):  # fmt: skip
            # ink that marks the box by its fill is taken for the neighbour's stroke:
            # say whose, as a reading the score cannot tell from the neighbour's needs
            # it (ocr/score_ties.py)
            return replace(again, neighbour=g.boxes[j][:2]), j
        if read[j].state is MarkState.MARKED or again.state is MarkState.MARKED:
            return again, j
        return _edge(r, again.ring, g.boxes[j][:2]), j
    return None


def _settled_elsewhere(ev: RowEvidence, read: list[MarkReading], i: int, j: int) -> bool:
    """Is neighbour ``j``, unmarked and of another field than box ``i``, in a field settled
    without it (``ocr.dots_between_lines.field_settled``: another box of the field marked,
    or, for a count of tricks, "=" marked)? A field holds one mark, and a contract made
    exactly marks no count, so ``j`` holds no mark of the player's whose stroke could reach
    ``i``: the ink that comes out of ``i`` towards ``j`` is ``i``'s own mark running on (a
    tick's arm or vertex out through the edge, a dot by it) or dust, and ``i`` keeps its
    reading (tests/ocr/test_spill_other_field.py). Rule ``beside_circles`` asks it too: no
    circle of the player's goes round such a ``j``.

    TRAINING noisy seed 13, ``page_0019.jpg`` row 3: the player's count 2, marked by its
    fill (0.125), was unsure as level 5's stroke, above it, though level 2 was marked. On
    TRAINING 13, its fine dots and the dirty glass, 28 rows fewer of 7,437 went to a person,
    and 52 of 15,074 on the fresh sets hunted (docs/reader-history.md), none read wrong.
    The "=" it settles a count by: TRAINING dirty glass, fresh seeds 15517 and 71111, the
    player's tick in H with its vertex out through H's bottom edge above count 7, unsure
    as 7's stroke beside a crossed "=" (4H=, the row to a person: "unsure mark in strain").

    The wrong row it could let through needs the player's circle round ``j`` read empty,
    another box of ``j``'s field (or "=") read marked for certain, and the circle's stroke
    then read as ``i``'s mark in a field whose player's mark is read empty too, or one the
    score cannot check."""
    fields = [f for f, _, _ in ev.geometry.boxes]
    if fields[j] == fields[i] or read[j].state is MarkState.MARKED:
        return False
    return field_settled(fields, read, j)


def _thin_rival_across(
    ev: RowEvidence, read: list[MarkReading], i: int, j: int, t: MarkSettings
) -> bool:
    """Would box ``i``, filled as a mark (over ``marked_above``) and read empty as neighbour
    ``j``'s stroke, leave its field to boxes marked by no more than a thin fill
    (``thin_fill_mark``), or to none where the field is one a played result always marks
    (``ONE_BOX_FIELDS``), where ``j`` is of another field? Then which box holds the
    field's mark is not known: ``j``'s stroke may be ``i``'s own mark running on into ``j``
    (a tick whose vertex sits by their common edge), and the thin fill elsewhere may be
    specks or another stroke, or the field's mark was not seen at all. ``i`` is unsure
    ('edge'), not empty, and the score or a person decides (the reader's rule: no mark on
    a stroke that may be another box's, and no box emptied to crown one that may be dust,
    or to leave a field a result needs with no mark; TRAINING's dirty glass 13,
    ``page_0045.png`` row 14: level 2 filled by a tick whose arm crosses the row's line
    into "+" below it, read empty as "+"'s stroke, and 2S+1 by West written -140 went to a
    person, "level 2 reads empty, but the reading needs it marked").

    Issue 43, fresh TEST noisy seed 71363, ``page_0021.jpg`` row 5: the player's tick in
    declarer S (fill 0.188), its vertex on S's lower edge, crossed by the long arm of the
    score side's tick in NS below it; read without its strip facing NS, S held 0.045 and
    was read empty, and three specks in N (0.108, p 0.994) stood alone: 5DX= by South was
    accepted by North (+750 either way). tests/ocr/test_spill_thin_rival.py. Priced on
    TRAINING's price set (docs/reader.md, "What each rule is worth")."""
    boxes = ev.geometry.boxes
    field = boxes[i][0]
    if boxes[j][0] == field or read[i].fill <= t.marked_above:
        return False
    rivals = [
        r
        for k, ((f, _, _), r) in enumerate(zip(boxes, read, strict=True))
        if k != i and f == field and r.state is MarkState.MARKED
    ]
    if not rivals:
        return field in ONE_BOX_FIELDS
    return all(thin_fill_mark(r, t) for r in rivals)


def _again(ev: RowEvidence, i: int, r: MarkReading, fill: float, t: MarkSettings) -> MarkReading:
    """Box ``i`` read again with ``fill``, its ink less a neighbour's stroke. A box
    filled well over the marked threshold was not looked at for a circle (its fill
    said enough); read with the smaller fill, it is, as ``_decide`` does: a circle
    drawn over its own box fills it too, and where it is circled for certain (as sure
    as an ellipse followed all round), that stays its mark. Circled but not for
    certain (the strips read alone, 0.517) is what a box between two marked
    neighbours reads: on 1,000 TRAINING pages, 2 such boxes had no mark of their own,
    and the 5 read at 0.6 or more all had one."""
    v = ev.views
    first = mark_reading(r.option, fill, r.ring, r.dot_mm2)
    if r.ring or r.fill < 2 * t.marked_above:
        return first
    looked = v.decide(i, fill)
    return looked if looked.how == "circle" and looked.ring >= OUTLINE_MOST else first


def beside_circles(ev: RowEvidence, read: list[MarkReading], t: MarkSettings) -> list[MarkReading]:
    """A box read as marked by a thin fill, next to an unmarked box that strokes may go
    round, may hold only the stroke of a circle drawn round that neighbour, off centre
    or wider than the strips see: its mark is not certain, and a person looks (the
    reader's rule: a box is never marked on a stroke that may be another box's mark).
    ``_round_neighbour`` says when."""
    g = ev.geometry
    out = list(read)
    for i, r in thin_fill_marks(read, t):
        for j, _ in g.neighbours[i]:
            if (read[j].state is MarkState.MARKED or _settled_elsewhere(ev, read, i, j)
                    or not _round_neighbour(ev, i, j, r, t)):  # fmt: skip
                continue
            out[i] = MarkReading(r.option, r.fill, MarkState.UNSURE, 0.5,
                                 "beside a circle", r.ring, r.dot_mm2,
                                 g.boxes[j][:2])  # fmt: skip
            break
    return out


def _round_neighbour(ev: RowEvidence, i: int, j: int, r: MarkReading, t: MarkSettings) -> bool:
    """May the ink of box ``i`` (read marked by its thin fill) be the stroke of a circle
    round its unmarked neighbour ``j``? Yes when strokes seem to go round ``j``
    (ocr/circles.py): they cover 45% of every sector round it, or, for a fill of 0.2 or
    less (an arc, not a cross), a quarter of every sector with no gap over 50 degrees
    (a circle drawn over the neighbour's printed edges, which the rays see only where
    it leaves them: TEST damaged/page_0203.jpg row 9, docs/reader-history.md). The first needs
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
    g = ev.geometry
    v = ev.views
    b = g.boxes[j][2]
    share = facing_share(ev, i, j)
    beside_two, arc_here = ev.sides_inked[j] >= 2, share >= t.facing_half
    thin = r.fill <= t.arc_fill or _one_arc(ev, i, j, t)
    # A circle round the neighbour, even off its centre, runs beside two of its sides
    # at least, unless over printed edges, where its arc in this box leans towards
    # the neighbour: no need to look along rays round a box with neither.
    if not (beside_two or arc_here or (thin and share > t.leans)):
        return False
    seen = v.rays_round(b)
    if thin and seen.gap <= t.round_gap_deg and seen.sectors >= t.part_round:
        return True
    if seen.sectors >= t.all_round and (beside_two or arc_here):
        return True
    if not arc_here or seen.sectors == 0.0 or not v.crossed(g.boxes[i][2], b):
        return False
    if seen.sectors >= t.part_round:
        return True
    support = v.outline_support(b)
    return support is not None and support >= t.outline_none


def _one_arc(ev: RowEvidence, i: int, j: int, t: MarkSettings) -> bool:
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
    g = ev.geometry
    v = ev.views
    x0, y0, x1, y1 = (int(c) for c in g.inner[i])
    a, b = g.boxes[i][2], g.boxes[j][2]
    side = (y1 - y0) if side_by_side(a, b) else (x1 - x0)
    if stroke_length(v.drawn[y0:y1, x0:x1]) > t.arc_sides * side:
        return False
    return v.crossed(a, b)


def facing_share(ev: RowEvidence, i: int, j: int) -> float:
    """The share of box ``i``'s ink that lies in its half facing box ``j``."""
    g = ev.geometry
    v = ev.views
    x0, y0, x1, y1 = (int(c) for c in g.inner[i])
    a, b = g.boxes[i][2], g.boxes[j][2]
    if side_by_side(a, b):
        mid = (x0 + x1) // 2
        near = (x0, y0, mid, y1) if b.x < a.x else (mid, y0, x1, y1)
    else:
        mid = (y0 + y1) // 2
        near = (x0, y0, x1, mid) if b.y < a.y else (x0, mid, x1, y1)
    total = v.mean_ink((x0, y0, x1, y1)) * (x1 - x0) * (y1 - y0)
    if total <= 0.0:
        return 0.0
    nx0, ny0, nx1, ny1 = near
    return v.mean_ink(near) * (nx1 - nx0) * (ny1 - ny0) / total
