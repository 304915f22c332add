"""A field's one unsure box whose other boxes hold no ink: its mark (issue 43, item 4;
rule ``clean_rivals``, ocr/mark_rules.py).

On a dusty page the dust rules read specks away, and what they leave in a field is often a
player's mark read only unsure (a small dot, a pale circle, a stroke by the edge) beside
boxes read empty. The decoder weighs that box at 0.5 against "no box at all", and where
another box of the field gives the same score (the declarer across the table, a suit of
the same kind, a level down as many tricks) the written score cannot check it: the row
goes to a person ("marks not certain in declarer, which the score cannot check"), the
largest class of TRAINING's noisy rows to review (docs/reader-history.md, noisy11 and
noisy14).

Accepting that box wrongly needs two faults in one field. First, the player's mark in
another box read empty; second, ink no player put (a neighbour's dot or stroke, a hair, a
clump the dust rules left) read unsure in this one. The second is not rare, and no test of
the box's own ink tells it from a player's (noisy14: 49 of the 50 boxes no player marked
that stay unsure on the dusty TRAINING pages are pen ink or pass as it). The first is where
the row can tell: a player's mark read empty still leaves ink by its box, the strokes of
a circle or a tick round it, a dot on its edge, a piece of its stroke in the gap. So the
box is taken as the field's mark only where every other box of its field was first read
empty and holds no such ink within ``clean_rival_mm`` of it: the first fault then needs
a player's mark that left no ink at all by its box.

On a dusty page the specks of its dust lie by most boxes, and a speck is no ink of a
player's mark: the ink asked about is the row's drawn ink (solid, off the printed lines)
without the pieces ``ocr.page_dust.specks_of`` takes for the page's dust
(``RowRivals.ink_by_rivals``). A pen dot on a box's edge or corner that ``dots_on_edges``
does not take for a dot leaves slivers either side of the line as small as specks, so
every blob on a printed line (drawn ink joined across it, ``ocr.edge_dots.on_line_blobs``)
of ``clean_rival_line_mm2`` (0.25 mm^2) or more, line and all, counts as ink too. A box
first read unsure or marked (a player's dot a dust rule read as the page's dust, a
circle read away) is no clean box however it was read after. On TRAINING's dirty glass
(``benchmarks/dirty_glass.py --load-from 3``, 80 noisy pages, seed 13; noisy43) 40
players' boxes of these fields read empty from the first reading on dusty rows: 1 holds
no drawn ink within 0.6 mm (the same box as before the specks were let go), and none
more that holds only specks and blobs on lines under 0.25 mm^2 (their blobs on a line
are 0.34 mm^2 and more).

A player's pen dot on its box's printed edge (rule ``edge_dots``: the box nearest 0.65 of
the dot or more, ``edge_dot_own_share``) often runs into the 1 mm gap by the next box, and
its ink lies within ``clean_rival_mm`` of that box too: asked plainly, the neighbour holds
ink and the box stays unsure though the dot is the field's only ink. Where the box is
unsure by such a dot, the ink inside the dot (its joined blob's bounding box, grown by a
pixel) is the box's own and not asked about for the other boxes (``owned_edge_dots``): the
dot stands alone (no other drawn ink within 1 mm but the page's specks), so what lies there
is the dot. Ink by the neighbour anywhere else still counts. On TRAINING noisy (80 pages,
seed 13) and its dirty glass (``dirty_glass --load-from 3``, 80 pages; noisy43c) 8 and 9
boxes were read marked so, every one the player's. Of the dots a box owns there (180 and
242), 0 and 8 lie in a field whose player's box reads empty (clumps on a line), and the
change reads none of those 8 marked: the player's box holds other ink, or the field
another inked box (dirty glass page_0003 row 3: the dot owned by level 5, the player's 6
first read unsure).

A pen dot's rivals may hold blobs on their lines (``_pen_core``, noisy43d). Where the box's
own dot on its edge holds a disc of solid ink ``edge_dot_core_mm`` (1.05 mm) across
centred in it, the printed line counted (``ocr.rival_ink.core_across``: a pen dot is
solid all through), the other boxes are asked only for drawn ink without the page's
specks and solid ink ``clean_rival_thick_mm`` thick: a blob of the glass's dust on another
box's printed line is let go. The two faults it needs: the player's mark leaving by its
box no drawn ink but specks and no thick ink, only a thin blob on a line (on the 80
TRAINING noisy pages, seed 13, and the dirty glass: 1 of 12 and 0 of 21 players' boxes of
these fields read empty from their first reading on dusty rows); and ink no player put
read unsure by a dot on its edge as thick as a pen's core and standing alone (0 of 7 and
0 of 30 boxes no player marked unsure by their own dot on an edge there, of 37,069 and
40,094 boxes no player marked on those rows). Boxes it reads marked: on the dirty glass 7,
every one the player's; on the 80 noisy pages none.

A box's own dot whose centre lies in the gap between the box and another box of its field
(``in_the_gap``: outside the box's printed rectangle, or on its printed edge itself, its ink
within ``edge_dot_near_mm`` of the other box; rule ``edge_dot_rivals``' test, edgedot43)
covers the two printed edges that
face each other across the gap and cannot say which of the two the player meant: the box
stays unsure, however its rivals were asked (gapdust43). On TRAINING noisy (seeds 13,
79846, 31337, 777; blank forms 5834, 2417, 6151, 4242; the dirty glass; 430 pages) the rule
read 302 boxes marked, 44 of them by such a dot, and the one box not the player's was one of
those: seed 777 page_0013 row 1, the player's dot for '+' read '=' marked (0.57 of the dot
nearest '=', 0.43 nearest '+'; the players' dots in the gap leave the other box 0.20-0.41).
The price there: 17 rows more of 4,946 to review.

A mark's stroke that runs out of its box ends in the gap, within ``clean_rival_mm`` of the
box beside it: a tick's long arm out through the box's edge, a cross's arm out of its
corner. Where the box asked about holds no other ink, that ink is no rival's mark if it is
joined (through the printed lines, every way: ``ocr.rival_ink.own_strokes``) to the ink
inside the unsure box itself or inside a box of another field marked for certain, holds
``own_stroke_share`` of its drawn ink there, none inside another box and none farther than
``own_stroke_reach_mm`` (the gap and ``clean_rival_mm``) out of that box, and is no dot (a
dot in the gap stays unsure, above). Then the box is read marked, and a neighbour it named
as read unsure as that box's stroke ("edge") is let go: the ink by that neighbour is this
box's own, and no circle round the neighbour left any; a neighbour named otherwise (an arc
of a circle round it) stays named. On fresh TRAINING noisy 58213 (80
pages; strokes103): the tick in C whose arm reaches D's corner (``page_0015.png`` row 14,
5C= and 5D= both 600), the cross in "-" whose arm reaches level 2's corner beside the dot
under 3 (``page_0003.png`` row 7, 3C-1 and 2C-1 both 50), and two more rows.

Only in the fields a played result marks exactly one box of (level, strain, declarer,
result sign: ``ocr.dust_dots.ONE_BOX_FIELDS``; not the count, whose 12 other boxes would
be asked to be clean and which the score checks), where that box is the field's only box
not read empty, in a played row (another of those fields holds a box marked for certain:
a clump alone on an unplayed row stays unsure) whose PASS box holds no mark (a passed-out
board marks none of these fields), and only on a dusty page (the faults were counted
there; elsewhere a pale pencil's mark may leave no solid ink). The box is read marked at
the marked threshold's confidence (``MARKED_P``, 0.98); its ``how`` stays as
read. Runs after ``empty_field_dot`` (rule 27 of ``ocr.mark_rules.RULES``): a box that rule
reads unsure by a dot's core on its edge is a lone unsure box like any other. Its thresholds:
``clean_rival_mm``, ``clean_rival_line_mm2``, ``edge_dot_core_mm``.

The wrong row this could let through needs the player's mark to leave no drawn ink but
specks, small blobs on the lines and another box's own dot on an edge within 0.6 mm of its
box (1 of 40 players' boxes read empty on TRAINING's dirty glass, the one that leaves no
ink at all), ink no player put
read unsure in another box of that field with nothing else read there, and a written
score that cannot tell the two (or one written wrong to match); a score that fits
neither sends the row to a person.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import numpy as np

from ocr.dots_between_lines import owners
from ocr.dust_dots import ONE_BOX_FIELDS
from ocr.edge_dots import EdgeDot, circled_boxes
from ocr.layout import PASSED_OUT
from ocr.mark_settings import MarkSettings
from ocr.marks import DOT_BESIDE_INK, DOT_IN_GAP, MARKED_P, THICK_BY_EDGE, MarkReading, MarkState
from ocr.rival_ink import core_across
from ocr.row_evidence import RowEvidence

__all__ = [
    "clean_beside_thick_ink",
    "clean_rivals",
    "grown",
    "holds_no_ink_by",
    "in_the_gap",
    "dots_in_the_gap",
    "in_the_gap_reading",
    "lone_unsure_boxes",
    "owned_edge_dots",
    "read_as_mark",
    "unsure_on_dusty_page",
]

Readings = list[MarkReading]
Px = tuple[int, int, int, int]  # x0, y0, x1, y1 in the row band's pixels


def unsure_on_dusty_page(ev: RowEvidence, read: Readings) -> bool:
    """Does rule ``clean_rivals`` look at this row: a dusty page, a box read unsure?"""
    return ev.any_ink and ev.dust.dusty() and any(r.state is MarkState.UNSURE for r in read)


def holds_no_ink_by(
    ev: RowEvidence,
    i: int,
    t: MarkSettings,
    apart: tuple[Px, ...] = (),
    on_lines: bool = True,
    strokes: np.ndarray | None = None,
) -> bool:
    """Was box ``i`` first read empty, under a fill of ``clean_rival_fill`` (a pale fine dot
    fills its box so with no solid ink), and does it hold no ink a player's mark would
    leave (``RowViews.ink_by_rivals``: drawn ink without the page's specks, blobs on its
    printed lines, solid ink as thick as a pen dot's core) inside it or within
    ``clean_rival_mm`` of its printed edges? The ink inside ``apart`` (another box's own
    dot on an edge, ``owned_edge_dots``) is not asked about; without ``on_lines``, nor are
    the blobs on the printed lines (``_pen_core``)."""
    first = ev.first[i]
    if first.state is not MarkState.EMPTY or first.fill >= t.clean_rival_fill:
        return False
    views = ev.views
    x0, y0, x1, y1 = views.px(ev.geometry.boxes[i][2])
    reach = round(t.clean_rival_mm * views.s)
    ink = views.ink_by_rivals(t, on_lines)
    h, w = ink.shape
    x0, y0, x1, y1 = max(0, x0 - reach), max(0, y0 - reach), min(w, x1 + reach), min(h, y1 + reach)
    near = ink[y0:y1, x0:x1]
    if strokes is not None:
        near = near & ~strokes[y0:y1, x0:x1]
    if apart and near.any():
        near = near.copy()
        for ax0, ay0, ax1, ay1 in apart:  # (slices past the window's edges are clipped)
            near[max(0, ay0 - y0) : max(0, ay1 - y0), max(0, ax0 - x0) : max(0, ax1 - x0)] = False
    return not bool(near.any())


def clean_beside_thick_ink(
    ev: RowEvidence, read: Readings, t: MarkSettings
) -> frozenset[tuple[str, str]]:
    """On a dusty page, the boxes (field, option) that hold no ink a player's mark would
    leave (``holds_no_ink_by``), in each field with a box left unsure by the thick ink by
    its edge (``THICK_BY_EDGE``): what ``ocr.unchecked_marks.marks_in_the_gap`` asks of the
    field's other boxes before it counts that ink as a mark in the gap on such a page."""
    if not ev.dust.dusty():
        return frozenset()
    boxes = ev.geometry.boxes
    fields = {
        boxes[i][0]
        for i, r in enumerate(read)
        if r.how == THICK_BY_EDGE and r.state is MarkState.UNSURE
    }
    return frozenset(
        (field, str(option))
        for i, (field, option, _) in enumerate(boxes)
        if field in fields and read[i].how != THICK_BY_EDGE and holds_no_ink_by(ev, i, t)
    )


def owned_edge_dots(
    ev: RowEvidence, read: Readings, i: int, t: MarkSettings
) -> tuple[EdgeDot, ...]:
    """The dots on a printed edge that box ``i`` holds (rule ``edge_dots``,
    ``EdgeDot.owner``: the box nearest ``edge_dot_own_share`` of the dot or more, else the
    one whose edge its centre lies on), where ``i`` is read unsure: by such a dot
    (``EDGE_UNSURE_MM2``), or by its fill or a neighbour's stroke (rule ``without_spill``).
    A dot on the edge a neighbour faces runs out into the gap, where ``without_spill``
    takes it for the neighbour's stroke, and ``edge_dots`` leaves a box already unsure as
    it is; the dot found on its edge is its own all the same (TRAINING pencil seed 13,
    ``page_0034.jpg`` row 5: the player's pencil dot on W's left edge, W unsure by its fill,
    0.077). Asked of such boxes too (and ``edge_dot_rivals`` looking at every row with an
    unsure box), 14 rows fewer of 7,437 went to a person on TRAINING 13, its fine dots and
    the dirty glass, and 31 of 15,074 on the fresh sets hunted (docs/reader-history.md),
    none read wrong (tests/ocr/test_edge_dot_rivals.py)."""
    if read[i].state is not MarkState.UNSURE:
        return ()
    dots = ev.views.dots_on_edges(circled_boxes(read), t)
    return tuple(d for d, box in zip(dots, owners(ev, read, dots, t), strict=True) if box == i)


def in_the_gap(dot: EdgeDot, i: int, rivals: list[int], edge_too: bool = False) -> bool:
    """Does ``dot``, box ``i``'s own, lie in the gap between ``i`` and another box of its
    field (``rivals``): its centre outside ``i``'s printed rectangle, its ink within
    ``edge_dot_near_mm`` of a rival (``EdgeDot.near``)? Such a dot covers the two printed
    edges that face each other across the gap, and cannot say which of the two boxes the
    player meant (rules ``clean_rivals`` and ``edge_dot_rivals``; ocr/edge_dot_rivals.py's
    docstring).

    ``edge_too`` (a dusty page, rule ``clean_rivals``): a centre on ``i``'s printed edge
    itself (``centre_mm`` 0: the rectangle counts its edges as inside) is no centre inside
    it. A clump joined across the line to the player's dot in the gap pulls the joined
    dot's centre onto the box's edge: TRAINING dirty glass seed 42456, ``page_0026.png`` row
    2, the player's dot for level 3 in the gap beside 4 joined to a clump just inside 4,
    its centre on 4's left edge, 0.72 of it nearest 4; 4 was read marked and 3NT by West
    down 1 accepted as 4NT down 1 (+100 both). On TRAINING's price set (``benchmarks.
    reader_sets``) such dots reaching a rival, centred on their box's edge, on dusty pages:
    21 the player's, this one not (on other pages 14, all the player's, where the rule does
    not run); 1,657 -> 1,663 readings to a person, 0 wrong rows."""
    outside = not dot.inside[i] or (edge_too and dot.centre_mm[i] == 0.0)
    return outside and any(dot.near[j] for j in rivals)


def dots_in_the_gap(dots: Sequence[EdgeDot], i: int, rivals: list[int]) -> tuple[EdgeDot, ...]:
    """Of box ``i``'s own dots, those in the gap towards a box of ``rivals`` (``in_the_gap``,
    a centre on the box's edge counted: ``edge_too``), as rules ``clean_rivals`` and
    ``edge_dot_rivals`` ask."""
    return tuple(d for d in dots if in_the_gap(d, i, rivals, edge_too=True))


def in_the_gap_reading(
    ev: RowEvidence, r: MarkReading, gap: Sequence[EdgeDot], rivals: list[int]
) -> MarkReading:
    """Box ``r``, left unsure by its own dots in the gap towards another box of its field
    (``gap``, ``dots_in_the_gap``), named so (``DOT_IN_GAP``): never its field's only ink
    (``ocr.unchecked_marks._only_ink``), which would make it as certain as the mark the
    rule declined to read. TRAINING seeds 56264 (pencil ``page_0018.jpg`` row 15, pdf150
    ``page_0012.pdf`` row 3) and 7489 (noisy ``page_0014.jpg`` row 11): the player's dot
    in the gap given to the box beside the player's, left unsure here, was then certain
    as its field's only ink, and 7S, 4H and 5C were accepted as 7NT, 4S and 4C, the score
    alike. Where every such dot lies towards one box (of ``rivals``), that box is named
    (``MarkReading.neighbour``): the mark is this box's or that one's
    (``ocr.unchecked_marks.marks_in_the_gap``), not the box beside it on its other side."""
    towards = {j for d in gap for j in rivals if d.near[j]}
    named = ev.geometry.boxes[towards.pop()][:2] if len(towards) == 1 else None
    return replace(r, how=DOT_IN_GAP, neighbour=named)


def beside_ink_reading(r: MarkReading) -> MarkReading:
    """Box ``r``, left unsure by its own dot on its printed edge, centred off the box (more
    than ``edge_dot_centre_mm`` outside it), because another box of its field holds ink by
    it (``holds_no_ink_by``), named so (``DOT_BESIDE_INK``): never its field's only ink
    (``ocr.unchecked_marks._only_ink``). Fresh TRAINING pencil seed 13006,
    ``page_0022.jpg`` row 13: the foot of a circle from the row above, cut off by the masks
    of two printed lines, read as a dot on level 3's top edge, centred 0.51 mm above it; the
    player's dot on level 4's top edge, beside that circle, stood alone nowhere and was not
    seen, and ``edge_dot_rivals`` left 3 unsure for the ink by 4. Then 3 was certain as its
    field's only ink, and 4S by West = (no score written) was accepted as 3S =. A dot
    centred inside its box, or on its printed edge where a player puts the pen, is that
    box's own ink and keeps its weight: named so too, right rows went to a person for
    nothing (four of TRAINING's price set, centred 0.17-0.59 mm inside; three of the two
    fresh seeds' sets, centred 0.17 mm outside)."""
    return replace(r, how=DOT_BESIDE_INK)


def grown(own: tuple[Px, ...]) -> tuple[Px, ...]:
    """Each dot's place grown by a pixel: the thick core of the dot
    (``ocr.rival_ink.thicker_than``) reaches the joined blob's edge."""
    return tuple((x0 - 1, y0 - 1, x1 + 1, y1 + 1) for x0, y0, x1, y1 in own)


def _pen_core(ev: RowEvidence, own: tuple[Px, ...], t: MarkSettings) -> bool:
    """Does one of a box's own dots on an edge (``own``) hold a disc of solid ink
    ``edge_dot_core_mm`` across centred in it, the printed line counted
    (``ocr.rival_ink.core_across``)? A pen dot is solid all through, a clump is not."""
    views = ev.views
    core = t.edge_dot_core_mm * views.s
    return any(core_across(views.ink, t.solid, px, core) >= core for px in own)


def lone_unsure_boxes(ev: RowEvidence, read: Readings) -> list[tuple[int, list[int]]]:
    """Each field of ``ONE_BOX_FIELDS`` whose only box not read empty is unsure, in a played
    row (another of those fields holds a box marked for certain) whose PASS box holds no
    mark: that box and the field's other boxes (rules ``clean_rivals``,
    ``edge_dot_rivals``)."""
    fields = [f for f, _, _ in ev.geometry.boxes]
    states = {(f, r.state) for f, r in zip(fields, read, strict=True)}
    if (PASSED_OUT, MarkState.MARKED) in states or (PASSED_OUT, MarkState.UNSURE) in states:
        return []
    played = {f for f, state in states if f in ONE_BOX_FIELDS and state is MarkState.MARKED}
    lone = []
    for field in ONE_BOX_FIELDS:
        boxes = [i for i, f in enumerate(fields) if f == field]
        inked = [i for i in boxes if read[i].state is not MarkState.EMPTY]
        if len(inked) != 1 or read[inked[0]].state is not MarkState.UNSURE or not played - {field}:
            continue
        lone.append((inked[0], [j for j in boxes if j != inked[0]]))
    return lone


def read_as_mark(r: MarkReading) -> MarkReading:
    """Box reading ``r`` read marked at the marked threshold's confidence (0.98), its
    ``how`` as read. The box beside thick ink by its edge (``THICK_BY_EDGE``,
    ``MarkReading.neighbour``) is let go: the ink is this box's mark now, and a marked box
    naming a neighbour says its ink may be that box's circle (``ocr.score_ties``)."""
    named = None if r.how == THICK_BY_EDGE else r.neighbour
    return replace(r, state=MarkState.MARKED, p_marked=max(r.p_marked, MARKED_P), neighbour=named)


def clean_rivals(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """The one unsure box of each field of ``ONE_BOX_FIELDS`` whose other boxes are read
    empty and hold no drawn ink by them (``holds_no_ink_by``) read marked (see the module
    docstring). Only in a played row (another of those fields holds a box marked for
    certain); nothing in a row whose PASS box holds a mark (``lone_unsure_boxes``). Where
    the box is unsure by a dot on its printed edge, that dot's ink by a neighbour is the
    box's own, not the neighbour's (``owned_edge_dots``), unless the dot lies in the gap
    towards another box of the field, or is centred on the box's edge itself and reaches
    another box (``in_the_gap``, ``edge_too``): then the box stays unsure, named so
    (``in_the_gap_reading``)."""
    out = list(read)
    for i, rivals in lone_unsure_boxes(ev, read):
        dots = owned_edge_dots(ev, read, i, t)
        gap = dots_in_the_gap(dots, i, rivals)
        if gap:
            out[i] = in_the_gap_reading(ev, read[i], gap, rivals)
            continue
        if not all(holds_no_ink_by(ev, j, t) for j in rivals):
            own = tuple(d.px for d in dots)
            if own:
                on_lines = not _pen_core(ev, own, t)
                if not all(holds_no_ink_by(ev, j, t, grown(own), on_lines) for j in rivals):
                    continue
            else:
                strokes = ev.views.own_strokes(_stroke_owners(ev, read, i), t)
                if not strokes.any():
                    continue
                if not all(holds_no_ink_by(ev, j, t, strokes=strokes) for j in rivals):
                    continue
                out[i] = _read_as_own_stroke(read[i])
                continue
        out[i] = read_as_mark(read[i])
    return out


def _read_as_own_stroke(r: MarkReading) -> MarkReading:
    """Box ``r`` read marked (``read_as_mark``) where its rivals hold no ink but marks'
    own strokes. Read unsure as a neighbour's stroke ("edge"), it lets that neighbour go:
    the ink by the neighbour is this box's own stroke, and a circle round the neighbour
    would have left ink along its other sides. A neighbour named otherwise (an arc of a
    circle round it, "beside a circle") stays named, for ``ocr.score_ties`` to weigh."""
    marked = read_as_mark(r)
    return replace(marked, neighbour=None) if r.how == "edge" else marked


def _stroke_owners(ev: RowEvidence, read: Readings, i: int) -> frozenset[int]:
    """Box ``i`` and every box of another field read marked for certain: the boxes whose
    strokes running out of them are no ink of a rival's mark (``RowViews.own_strokes``)."""
    field = ev.geometry.boxes[i][0]
    return frozenset(
        k
        for k, (f, _, _) in enumerate(ev.geometry.boxes)
        if k == i or (f != field and read[k].state is MarkState.MARKED)
    )
