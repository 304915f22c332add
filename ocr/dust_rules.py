"""The mark rules for specks round a box, in it and on its edge on a dusty page (issue 43).

A dirty scanner's specks and clumps of dust lie all over a scan, round the boxes and on
their printed edges too. The circle views (ocr/marks.py ``circled``: the strips beside a
box's sides, the rays from its middle, the ellipse round it, ocr/circles.py and
ocr/outline.py) take drawn ink beside a box for a circle's strokes where enough of it lies
round every side, and a blob on a box's printed edge, or by it inside the box, reads as a
pen touched to the edge (ocr/edge_dots.py, ocr/dots.py). On 40 TRAINING noisy pages (seed
13) read again with the same pages drawn without their dust (the same random stream, the
specks drawn on a copy), 38 rows went to a person only because of the dust: 22 boxes no
player marked read unsure or marked by a circle the specks made, 4 by a dot on or by an
edge, 4 by a clump read as a dot, 3 by the fill. On 80 pages of the widened dust
(ocr/training/synthetic/settled_dust.py: some glass very dirty) a dot on or by an edge
was the commonest (87 boxes no player marked), then circles.

A pen's circle is a stroke that runs on for millimetres, and a pen dot on an edge is what
it is whatever the page; a speck is a blob no larger than the page's own specks on its
blank margins (ocr/page_dust.py). So on a dusty page a box read unsure or marked by a
circle (``dusty_circles``) or by its fill (``dusty_fills``), or unsure by a dot on or by
its edge (``dusty_edges``), is read again without the pieces of drawn ink that may be dust
(``ocr.page_dust.specks_of``: no more than ``speck_most_mm`` across, no other drawn ink
within ``speck_alone_mm``, of a size the page's blank paper holds alike); where it then
reads less marked, that reading stands. A pen dot on an edge of a page whose margins
hold clumps as large is read so too: the page cannot tell them apart, and its row goes
to a person when the reading needs it.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from ocr.circle_reading import OUTLINE_MOST
from ocr.dots import EDGE_UNSURE_MM2
from ocr.edge_dots import circled_boxes
from ocr.layout import DOUBLING, RESULT_COUNT, Rect
from ocr.mark_geometry import side_by_side
from ocr.mark_settings import MarkSettings
from ocr.marks import EMPTY_P, MarkReading, MarkState, made_unsure
from ocr.result_sign import made_exactly
from ocr.row_evidence import RowEvidence
from ocr.spill_rules import facing_share, thin_fill_mark

__all__ = [
    "dusty_circles",
    "circled_on_dusty_page",
    "dusty_fills",
    "filled_on_dusty_page",
    "by_fill",
    "less_marked",
    "dusty_edges",
    "edge_dot_on_dusty_page",
    "dusty_count",
    "count_unsure_on_dusty_page",
    "dusty_second_box",
    "second_box_on_dusty_page",
    "next_to",
    "dots_read_unsure",
    "doubling_doubt",
    "read_empty",
    "unsure_in",
    "marked_boxes",
    "marked_by_stroke",
]

Readings = list[MarkReading]

_LESS = {MarkState.EMPTY: 0, MarkState.UNSURE: 1, MarkState.MARKED: 2}


def less_marked(again: MarkReading, r: MarkReading) -> bool:
    """Does ``again`` read a box less marked than ``r`` (marked, unsure, empty)? A dust rule
    keeps a box's reading again without the dust only where it is less marked."""
    return _LESS[again.state] < _LESS[r.state]


def _by_circle(r: MarkReading) -> bool:
    return r.state is not MarkState.EMPTY and r.how == "circle"


def circled_on_dusty_page(ev: RowEvidence, read: Readings) -> bool:
    """Does the rule have anything to look at: a box read on a circle, on a dusty page?"""
    return ev.any_ink and ev.dust.dusty() and any(_by_circle(r) for r in read)


def dusty_circles(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """A box read unsure or marked by strokes round it, on a dusty page, read again on the
    row's ink without the pieces that may be the page's dust (specks and clumps no more
    than ``speck_most_mm`` across, of a size the page's blank paper holds alike): where
    that reads it less marked, the strokes were specks (see the module docstring for the
    TRAINING pages that showed it). A circle a pen drew keeps its strokes, which run on
    past a speck's size, and reads as before; where it runs over printed lines, the mask of
    the lines cuts it into arcs, and those between two close lines (a box's top edge and
    the hairline above it) are as short as specks: a piece whose ink goes on across a
    printed line is kept (``speck_across_mm``; on 80 TRAINING noisy pages, seed 13, the
    rule read 23 boxes a player circled less marked before it). A pale pen's circle skips
    into pieces a speck's size all round; the best ellipse round the box (ocr/outline.py)
    follows them as it follows any circle, and a box it follows over
    ``dusty_circle_outline`` of every quarter keeps its reading (on the same pages the rule
    read 63 boxes less marked without it, 9 of them a player's circle followed so, none of
    the 45 no player marked). The wrong row that could let through needs specks spread
    round an empty box over 0.95 of each of its four quarters, where dust falls at random,
    and a written score that fits that box, or the row goes to a person."""
    out = list(read)
    for i, r in enumerate(read):
        if not _by_circle(r):
            continue
        support = ev.views.outline_support(ev.geometry.boxes[i][2])
        if support is not None and support >= t.dusty_circle_outline:
            continue  # the ellipse follows its strokes all round: a circle a pen drew
        again = _read_without_specks(ev, i, r.fill, t, off_lines=True)
        if less_marked(again, r) and not _ellipse_without_specks(ev, i, r, again, t):
            out[i] = _unsure_beside_field_fill(ev, read, i, t) or again
    return out


def _ellipse_without_specks(
    ev: RowEvidence, i: int, r: MarkReading, again: MarkReading, t: MarkSettings
) -> bool:
    """Is box ``i``, first read unsure on its circle and circled by an ellipse since
    (``circled_alone``: ``r``'s ring is ``OUTLINE_MOST``), still unsure on a circle
    without the page's specks (``again``), its ellipse followed over ``outline_unsure`` of
    every quarter by the strokes without them too? Then that is what ``circled_alone``
    asked, and the specks made none of it: the box keeps its circle. Read again without
    the specks as the first reading reads a box, it lost the ellipse's verdict, not its
    strokes (fresh TRAINING noisy seed 58213, ``page_0078.png`` row 7: a tall ring round
    H through S's left side, 0.43 by the strips and rays, its ellipse followed all round;
    unsure again, 4H= by East went to a person)."""
    return (
        ev.first[i].state is MarkState.UNSURE
        and ev.first[i].how == "circle"
        and r.ring >= OUTLINE_MOST
        and again.state is MarkState.UNSURE
        and again.how == "circle"
        and (ev.views.outline_without_specks(i, t, off_lines=True) or 0.0) >= t.outline_unsure
    )


def _unsure_beside_field_fill(
    ev: RowEvidence, read: Readings, i: int, t: MarkSettings
) -> MarkReading | None:
    """Box ``i``, a circle ``dusty_circles`` would read less marked, read unsure on its
    circle where a neighbour of its own field is marked by a fill thin enough to be a
    stroke (``spill_max_fill``) whose ink lies in its half facing box ``i``
    (``facing_half``, as an arc from box ``i`` does: ``ocr.spill_rules.facing_share``),
    else None. A circle drawn large or off its box runs through the next box and fills
    it (TEST noisy seed 444, page_0022.jpg row 11: a fill of 0.245, a certain mark): that
    fill may be the circle's own stroke, and read empty beside it, the circle leaves the
    neighbour as the field's only mark, a level or a suit the written score cannot tell
    from the player's (2S and 3S down 2, both -100). Unsure, the circle is a mark the
    reading must explain (``dusty_second_box`` leaves it so beside that fill): the row
    goes to a person. A fill across the neighbour (the player's tick, cross or
    scribble, whose strokes run out into the gap) is the neighbour's own: asked of every
    fill beside such a circle, or of every fill a stroke comes into from box ``i``'s side
    (``views.crossed``), 8 and 7 more TRAINING noisy rows of 504 went to a person
    (fills of 0.20-1.0 across the box, specks round the box beside it read as a circle).
    Built by hand in tests/ocr/test_rules_read_away.py."""
    rects = [rect for _, _, rect in ev.geometry.boxes]
    field = ev.geometry.boxes[i][0]
    if not any(
        j != i
        and f == field
        and thin_fill_mark(q, t)
        and next_to(rects[i], rects[j])
        and facing_share(ev, j, i) >= t.facing_half
        for j, ((f, _, _), q) in enumerate(zip(ev.geometry.boxes, read, strict=True))
    ):
        return None
    r = read[i]
    return made_unsure(r)


def by_fill(r: MarkReading) -> bool:
    """Read unsure or marked by its fill."""
    return r.state is not MarkState.EMPTY and r.how == "fill"


def filled_on_dusty_page(ev: RowEvidence, read: Readings) -> bool:
    """Does the rule have anything to look at: a box read on its fill, on a dusty page?"""
    return ev.any_ink and ev.dust.dusty() and any(by_fill(r) for r in read)


def dusty_fills(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """A box read unsure or marked by its fill, on a dusty page, read again with the ink of
    the pieces that may be the page's dust taken out of its fill (specks no more than
    ``speck_most_mm`` across, alone, alike the page's own): a few specks in a box fill it
    to the unsure band (0.05-0.10) as a faint tick does. A pen's stroke runs on past a
    speck's size and keeps its ink."""
    out = list(read)
    for i, r in enumerate(read):
        if not by_fill(r):
            continue
        fill = ev.views.fill_without_specks(i, t)
        if fill >= r.fill:
            continue
        again = _read_without_specks(ev, i, fill, t)
        if less_marked(again, r):
            out[i] = again
    return out


def _by_edge_dot(r: MarkReading) -> bool:
    """Read unsure by a dot on its printed edge or a blob by it (``EDGE_UNSURE_MM2``)."""
    return r.state is not MarkState.EMPTY and r.how == "dot" and r.dot_mm2 == EDGE_UNSURE_MM2


def edge_dot_on_dusty_page(ev: RowEvidence, read: Readings) -> bool:
    """Does the rule have anything to look at: a box unsure by a dot on or by its edge, on
    a dusty page?"""
    return ev.any_ink and ev.dust.dusty() and any(_by_edge_dot(r) for r in read)


def dusty_edges(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """A box unsure by a dot on its printed edge or a blob by it (``edge_dots``,
    ``ocr.dots``), on a dusty page, read again without the pieces of ink that may be the
    page's dust: where no dot on an edge is left near it and it then reads less marked,
    the dot was a speck or a clump that settled on the line. What is left of a dot either
    side of the line (the mask of the form's lines takes its middle) is judged as every
    speck is (``ocr.page_dust.specks_of``).

    A box of the same field marked by its dot alone is then read unsure (0.5,
    ``dots_read_unsure``): the dot read away may have been the player's, and on a dusty page a
    dot alone is what a clump is too, so which of the two boxes is the mark is the score's
    to check or a person's to see. Left certain on a fresh TEST set (old `BSC2` forms read
    alone, noisy, seed 15594, page_0029.jpg row 13, no score written) the player's dot on
    the edge of count box 1 was read away and a clump of 0.69 mm^2 kept box 3 marked:
    3D by North +1 was accepted as +3."""
    circled = circled_boxes(read)
    dotted: np.ndarray | None = None
    out = list(read)
    read_away: set[str] = set()
    for i, r in enumerate(read):
        if not _by_edge_dot(r):
            continue
        if dotted is None:
            dotted = ev.views.edge_dots_without_specks(circled, t)
        if dotted[i]:
            continue
        again = _read_without_specks(ev, i, r.fill, t)
        if less_marked(again, r):
            out[i] = again
            read_away.add(ev.geometry.boxes[i][0])
    return dots_read_unsure(ev, out, dict.fromkeys(read_away, math.inf), 1.0) if read_away else out


def dots_read_unsure(
    ev: RowEvidence, read: Readings, beside: dict[str, float], share: float
) -> Readings:
    """Each box of a field in ``beside`` marked for certain by its dot alone, read unsure
    (0.5), where ``share`` of its dot is no more than the field's figure there (the size
    of the dot a rule read as dust beside it; ``math.inf``: any dot): a dot alone is what
    a clump is too, so beside ink read as dust it is the score's to check or a person's
    to see (``dusty_edges``; ``ocr.dust_dots.fills_beside_dust_dots``)."""
    return [
        made_unsure(r)
        if f in beside
        and r.state is MarkState.MARKED
        and r.how == "dot"
        and share * r.dot_mm2 <= beside[f]
        else r
        for (f, _, _), r in zip(ev.geometry.boxes, read, strict=True)
    ]


def _read_without_specks(
    ev: RowEvidence, i: int, fill: float, t: MarkSettings, off_lines: bool = False
) -> MarkReading:
    """Box ``i`` read again on the row's ink without the page's specks (with ``fill`` for
    its fill; ``off_lines``: only the specks clear of the printed lines), a doubling box so
    read empty keeping the empty threshold's doubt (``doubling_doubt``)."""
    return doubling_doubt(ev, i, ev.views.without_specks(i, fill, t, off_lines=off_lines))


def doubling_doubt(ev: RowEvidence, i: int, r: MarkReading) -> MarkReading:
    """Box ``i`` as a dust rule read it (``r``); a doubling box read empty is given the
    empty threshold's doubt (``EMPTY_P``), not the odds its ink without the dust gives (a
    clean box's, 1e-5 or less). Asked by every rule that reads a box's ink away as the
    page's dust (``dusty_circles``, ``dusty_fills``, ``dusty_edges`` through
    ``_read_without_specks``; ``dusty_page``, ocr/dusty_dot_rule.py).

    The specks are told from a pen's strokes by their size alone, and a pale pen's circle
    that runs along the printed lines leaves pieces a speck's size where it comes out from
    under them; a pen dot is as large as the clumps of a dirty glass. The doubling is the
    one field a played result may leave with no box marked (Law 77 scores an undoubled
    contract), so a player's X read away leaves a reading no other mark contradicts, and
    only a certain box rules the doubling out where the score cannot (no score written;
    ``ocr.unchecked_marks``). Not asked by ``speckled_doubling``, which reads away only a
    speck in a box read empty already, with no ink a player's mark leaves by it
    (ocr/speckled_doubling.py). On TRAINING noisy (fresh seed 32587, ``page_0012.jpg`` row 3)
    the player's wide, pale circle round X, found unsure by the rays all round, was read
    away by ``dusty_circles`` as certain as a clean box, and with no score written 5NTX by
    North -1 was accepted as 5NT -1; on the fine-dots dirty glass (fresh seed 24680,
    ``page_0005.jpg`` row 7) the player's dot in X (0.77 mm^2, the margins holding clumps
    as large) was read away by ``dusty_page``, and 2HX by North = was accepted as 2H =. At
    0.02 such rows go to a person. Its price: 2 rows more to a person in 14,874 of TRAINING
    13, its fine dots and the dirty glass, 4 in 30,148 of the fresh sets hunted besides
    that row (each undoubled, with no score written and ink by X read away as specks).
    Asked of every field, rows whose strain, declarer or result the score cannot tell went
    to a person too beside a mark read only just certain (10 more in the 14,874); the other
    fields' marks are never left empty by a played result (docs/reader-history.md)."""
    if r.state is MarkState.EMPTY and ev.geometry.boxes[i][0] == DOUBLING:
        return replace(r, p_marked=max(r.p_marked, EMPTY_P))
    return r


def read_empty(r: MarkReading) -> MarkReading:
    """Box reading ``r`` as a box with no mark: what a rule makes of ink it finds is dust."""
    return replace(r, state=MarkState.EMPTY, p_marked=EMPTY_P, how="")


def unsure_in(ev: RowEvidence, read: Readings, field: str) -> list[int]:
    """The boxes of ``field`` read unsure, whatever made them so."""
    return [
        i
        for i, ((f, _, _), r) in enumerate(zip(ev.geometry.boxes, read, strict=True))
        if f == field and r.state is MarkState.UNSURE
    ]


def marked_boxes(ev: RowEvidence, read: Readings) -> list[tuple[str, MarkReading]]:
    """The row's boxes marked for certain: each one's field and reading."""
    return [(f, r) for (f, _, _), r in zip(ev.geometry.boxes, read, strict=True)
            if r.state is MarkState.MARKED]  # fmt: skip


def count_unsure_on_dusty_page(ev: RowEvidence, read: Readings) -> bool:
    """Does the rule have anything to look at: an unsure count box, on a dusty page?"""
    return (
        ev.any_ink
        and ev.dust.dusty()
        and bool(unsure_in(ev, read, RESULT_COUNT) or _count_dots(ev, read))
    )


def dusty_count(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """On a dusty page, where the result sign reads made exactly ("=" marked, "+" and "-"
    empty), a box of result_count read unsure (by its dot, its fill, ink along an edge or
    round it) is read empty: a contract made exactly marks no count of tricks, and the
    count's 13 boxes, a third of a row's 38, catch a third of the specks a row's boxes
    catch. What the earlier dust rules leave there is ink no speck test takes away (a
    clump of a size the page's margins do not hold twice, a hair's piece longer than a
    speck), and before this rule it sent the row to a person ("unsure mark in
    result_count"): on 80 TRAINING noisy pages (seed 13, 978 written rows) 18 rows had
    that reason, and this rule takes 4 of them out of review (181 -> 177 rows, 0 wrong
    rows; read with its dot and fill only, 3); the others' count boxes stand beside a
    sign "+" or "-", or the page is not dusty. A box marked by its dot alone is read
    unsure (0.5), not empty: a clump larger than any speck the margins hold is a pen
    dot's size, and the written score settles it (TRAINING dirty glass 13,
    ``page_0075.png`` row 14: 0.516 mm^2 in count 10 beside 4H= by North, 420 written,
    sent to a person as "result_count 10 marked, which the reading does not use"). A box
    marked by a stroke is left as it is, and so is every count where the sign is "+" or
    "-", unsure, or two signs hold ink. The wrong row this could let through needs three
    faults at once: the player's "-" or "+" read empty, dust read as a marked "=", and
    the player's count read only unsure; a written score that is not the made
    contract's then still sends the row to a person."""
    if not made_exactly(ev, read):
        return read
    out = list(read)
    for i in unsure_in(ev, read, RESULT_COUNT):
        out[i] = read_empty(read[i])
    for i in _count_dots(ev, read):
        out[i] = made_unsure(read[i])
    return out


def _count_dots(ev: RowEvidence, read: Readings) -> list[int]:
    """The boxes of result_count marked by their dot alone (``dusty_count``)."""
    return [
        i
        for i, ((f, _, _), r) in enumerate(zip(ev.geometry.boxes, read, strict=True))
        if f == RESULT_COUNT and r.state is MarkState.MARKED and r.how == "dot"
    ]


def _first_circled(ev: RowEvidence, i: int) -> bool:
    """Was box ``i`` first read marked by a circle round it (``RowEvidence.first``)? A ring
    the strips followed all round is no leftover of specks: beside a thin fill anywhere in
    its field (dust and a neighbour's arc can fill a box so) either may be the field's
    mark. TEST noisy, fresh seed 18017, ``page_0017.jpg`` row 6: the player's circle round
    N drawn wide, up and to the left, first read marked, made unsure; S filled 0.179 by two
    clumps and the arc of the circle round NS below it; N read empty here, and 4NT+1 by
    North was accepted by South (460 both)."""
    first = ev.first[i]
    return first.state is MarkState.MARKED and first.how == "circle"


def marked_by_stroke(r: MarkReading) -> bool:
    """Marked for certain by a stroke (its fill or a circle round it), not by a blob that
    a clump of dust can be."""
    return r.state is MarkState.MARKED and r.how in ("fill", "circle")


def second_box_on_dusty_page(ev: RowEvidence, read: Readings) -> bool:
    """Does the rule have anything to look at: an unsure box, and a box marked by a stroke,
    on a dusty page?"""
    return (
        ev.any_ink
        and ev.dust.dusty()
        and any(r.state is MarkState.UNSURE for r in read)
        and any(marked_by_stroke(r) for r in read)
    )


def dusty_second_box(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """On a dusty page, a box read unsure (by its fill, a circle or ink along an edge; not
    by a dot, which the decoder already weighs beside a marked box, ``unexplained_unsure``)
    in a field where another box is marked for certain by a stroke (its fill or a circle)
    is read empty: a field holds one mark, the stroke is it, and what the earlier dust
    rules leave in the other box is specks too many or too close together to be taken one
    by one (a fill of 0.05-0.07, ink along an edge). A blob marked by its dot alone may be
    a clump of dust itself, so beside it the unsure box stays unsure. On 80 TRAINING noisy
    pages (seed 13, 978 written rows; after ``dusty_count``) 177 -> 163 rows to review,
    0 wrong rows: 14 rows whose only reasons were an unsure mark in level (5), declarer
    (3), result_count (3), strain (2), result_sign (1) and score_side (1). The wrong row
    this could let through: a player's own faint mark beside a stroke of dust marked for
    certain; dust that marks a box by its fill (0.10 of its inside) is a smear, not
    specks, and a written score that is not that stroke's result still sends the row to a
    person. An unsure circle beside a box of its field marked by a fill of
    ``spill_max_fill`` or less, ``facing_half`` (0.95) of whose ink lies in its half
    facing the circle, stays unsure (``next_to``: that fill may be the circle's own
    run-through, which lies there as any arc from a neighbour's ring does,
    ``ocr.spill_rules.facing_share``). Beside a fuller fill it does not, since no circle's
    run-through fills a box so (no neighbour rule looks at such a box): TRAINING's dirty
    glass seed 13, ``page_0003.jpg`` row 7, "-" read unsure as a circle (0.43) by the arms
    of the crosses in "+" (0.56) and in count 1 on either side of it. Nor beside a thin
    fill spread over the box: a tick or cross of the neighbour's own, whose arms and the
    page's specks make the ring (TRAINING's price set, 3 rows fewer to a person, none
    wrong: dirty glass 24680 ``page_0078.jpg`` row 5, 31415 ``page_0058.jpg`` row 5 and
    fine dots 13 ``page_0015.jpg`` row 4, the neighbour's fill 0.23-0.34 with 0.45-0.65
    of it in the half facing the circle). A box first read marked by
    a stroke (``RowEvidence.first``) that a neighbour rule made unsure stays unsure beside
    such a thin fill too: a circle drawn wide and off its box's centre leaves a fill in its
    own box and in the next one and a ring in neither, and neither fill is dust (TRAINING
    dirty glass seed 90191, ``page_0018.jpg`` row 8: a circle round level 6 ran through
    7, filling 6 0.103 and 7 0.143; ``without_spill`` made 6 unsure, and reading it empty
    beside 7 accepted 7H by N -1 for 6H by N -1, both -100)."""
    fields = [f for f, _, _ in ev.geometry.boxes]
    rects = [rect for _, _, rect in ev.geometry.boxes]
    stroked = {f for f, r in zip(fields, read, strict=True) if marked_by_stroke(r)}
    filled = [j for j, r in enumerate(read) if thin_fill_mark(r, t)]
    out = list(read)
    for i, (f, r) in enumerate(zip(fields, read, strict=True)):
        if f in stroked and r.state is MarkState.UNSURE and r.how != "dot":
            beside = [j for j in filled if fields[j] == f and next_to(rects[i], rects[j])]
            if beside and (
                marked_by_stroke(ev.first[i])
                or (
                    r.how == "circle"
                    and any(facing_share(ev, j, i) >= t.facing_half for j in beside)
                )
            ):
                continue  # the fill beside it may be this box's own circle: a person looks
            if _first_circled(ev, i) and any(fields[j] == f for j in filled):
                continue  # a ring first read marked, a thin fill elsewhere: a person looks
            if _stroke_across(ev, i, r) and any(fields[j] == f for j in filled):
                continue  # its stroke or the thin fill is the field's mark: a person looks
            out[i] = read_empty(r)
    return out


def _stroke_across(ev: RowEvidence, i: int, r: MarkReading) -> bool:
    """Is box ``i`` (read ``r``) unsure only because its stroke, first read as its mark, may
    be a neighbour's of another field ('edge', ``ocr.spill_rules.without_spill``)? Its ink
    is a stroke, no specks: beside a thin fill of its own field (``_thin_rival_across``)
    either may be the field's mark, and ``dusty_second_box`` leaves it unsure (fresh TEST
    noisy seed 71363, ``page_0021.jpg`` row 5: three specks in declarer N, 0.108, and the
    player's tick in S crossed by the score side's; S read empty accepted the row by N)."""
    field = ev.geometry.boxes[i][0]
    return (
        r.how == "edge"
        and r.neighbour is not None
        and r.neighbour[0] != field
        and marked_by_stroke(ev.first[i])
    )


def next_to(a: Rect, b: Rect) -> bool:
    """Are boxes ``a`` and ``b`` neighbours in a row of boxes, with no box between them
    (the gap between them narrower than a box)? A circle drawn round ``a`` large or off its
    centre runs through ``b`` and gives it a fill of its own: on TEST noisy seed 444
    (page_0022.jpg row 11) a circle round level 1 ran down the left third of box 2, whose
    fill read 0.245, a certain mark, while the circle read unsure (0.43); reading the
    circle empty beside that "mark" accepted 2NT for 1NT (both -100). So
    ``dusty_second_box`` leaves an unsure circle unsure beside a neighbour marked by its
    fill: the row goes to a person."""
    return side_by_side(a, b) and max(b.x - a.x1, a.x - b.x1) < min(a.width, b.width)
