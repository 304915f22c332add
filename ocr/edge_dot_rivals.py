"""A pen dot on its box's printed edge, the only ink of its field: its mark, on a page that
is not dusty (issue 43, item 4; rule ``edge_dot_rivals``, ocr/mark_rules.py).

A pen dot put on a box's printed edge is mostly hidden by the mask that keeps the form's
lines out of the drawn ink, so rule ``edge_dots`` reads the box that holds
``edge_dot_own_share`` of it (0.65), or else the one on whose printed edge its centre lies
(``edge_dot_centre_mm``), unsure, as a dot of the unsure band's middle
(``ocr.dots.EDGE_UNSURE_MM2``). Where the written score checks the field, the score
settles it; where it cannot (the declarer across the table, a suit of the same kind, a
level down as many tricks, no score written) the row goes to a person: "marks not certain
in strain, which the score cannot check". On TRAINING (seed 13, 40 pages a condition) that
is the largest class of rows to review without a player's error on pencil, damaged, pdf150
and phone pages (``benchmarks.review_causes --by-rule``: "a player's box unsure by its
dot, the only inked box of its field, by edge_dots", in 20, 13, 13 and 20 rows).

Accepting such a box wrongly needs two faults in one field (the second alone where the dot
is the player's, meant for the box beside it). First, the player's mark in another box of
the field read empty: a player's mark read empty leaves ink by its box (a circle's or a
tick's strokes, a dot on its edge), so every other box of the field must have been first
read empty and hold no such ink within ``clean_rival_mm`` of it
(``ocr.clean_rivals.holds_no_ink_by``: drawn ink, a blob on a printed line of
``clean_rival_line_mm2``, solid ink ``clean_rival_thick_mm`` thick), the dot's own ink
(its joined blob grown by a pixel, ``owned_edge_dots``) aside: a dot on an edge runs into
the 1 mm gap by the next box. Second, a dot that is no player's mark of this box standing
alone on its edge: a player's dot meant for the box beside it, or a touch of the pen. The
two tests are ``clean_rivals``' own (ocr/clean_rivals.py), asked here without the page's
specks: on a page that is not dusty there are none (``ocr.page_dust.specks_of``), so every
piece of drawn ink counts.

A dot whose centre lies in the gap between its box and another box of the field (outside
the box's printed rectangle, its ink within ``edge_dot_near_mm`` of the other box:
``in_the_gap``) covers the two printed edges that face each other there, and cannot say
which of the two the player meant: the box stays unsure. TRAINING ordinary seed 5834 (30
pages, blank forms; edgedot43): page_0030 row 3, the player's dot for level 2, joined
across the lines from 2's right edge to 4 px inside 3, 0.63 of it nearest 3, its centre
0.17 mm outside 3's edge (3's by ``edge_dot_centre_mm``, noisy43e), was read 3 marked and
2NTX-4 accepted as 3NTX-4 (800 either way, not vulnerable); page_0006 row 11, the
player's dot for declarer N, 0.66 of it nearest E, its centre 0.17 mm outside E, read E
marked (the row went to a person: the reading the score fits does not use E). Of the
players' dots in the gap the rule read marked, the other box held 0.03-0.45 of the dot; of
these two, 0.37 and 0.34: no share tells them apart. A dot centred on its box's printed
edge itself is in the gap too (``edge_too``, as ``clean_rivals`` asks on a dusty page): a
hand that puts its dot on the edge and past it leaves the next box's dot there (fresh
TRAINING phone seed 48171, ``page_0023.jpg`` row 3: the player's dot for level 2, pushed
past 2's right edge, centred on 3's left edge, 0.25 of it nearest 2, read 3 marked, 2S by
East -1 accepted as 3S -1, +100 either way, vulnerable). A dot centred inside its box,
running into the gap as far, keeps its reading.

On a dusty page ``clean_rivals`` asks the same with the glass's specks let go, the gap
too (gapdust43), and this rule does not run. Only the fields of ``ONE_BOX_FIELDS`` (level,
strain, declarer, result sign), in a played row whose PASS box holds no mark
(``lone_unsure_boxes``). The box is read marked at the marked threshold's confidence
(0.98); its ``how`` stays "dot". No threshold of its own.

Chosen on TRAINING only (docs/reader-history.md, review43g and edgedot43). On 40 TRAINING
pages each of pencil, damaged, pdf150 and phone, seeds 13 and 79846, it reads 142 boxes
marked, every one the player's (174 before the gap was asked, 32 of them in it, every one
the player's; review43g's 165 were counted before ``edge_dot_centre_mm``); of the 109
players' boxes of these fields read empty (review43g), 1 held no ink within 0.6 mm (seed
13 phone page_0018 row 8: a pale tick in C, fill 0.024, no solid ink), and none of the 62
boxes no player marked left unsure by a dot on an edge was its field's only ink. Rows to
review without a player's error on TRAINING seed 13, with and without the event alike
(``benchmarks.bench_ocr --split training --pages 40 --no-event all``): clean 30 of 479,
ordinary 26 of 396, phone 46 of 437, damaged 36 of 421, pencil 26 of 447, pdf150 40 of
477 (the gap test: 3, 1, 2, 1, 2, 1 rows more), 0 wrong rows.

A box left unsure because another box of the field holds ink by it, where its dot is
centred off it (neither inside it nor on its printed edge within ``edge_dot_centre_mm``,
where a player puts the pen: ``_off_its_box``), is named so (``DOT_BESIDE_INK``,
``beside_ink_reading``): never its field's only ink (``ocr.unchecked_marks._only_ink``),
which would make it as certain as the mark declined here. Fresh TRAINING pencil seed
13006, ``page_0022.jpg`` row 13: the foot of a circle from the row above, cut off by the
masks of the line between the rows and of level 3's top edge, read as a dot centred 0.51
mm above 3; the player's dot on 4's top edge, beside that circle, was no dot standing
alone; 4S by West = (no score written) was accepted as 3S =. A dot centred inside its box
or on its edge keeps its weight (named so too, four right rows of TRAINING's price set and
three of the two fresh seeds' sets went to a person for nothing, each both ways; one dot
centred 0.34 mm off its box's top edge still does: TRAINING noisy 13006 ``page_0002.png``
row 1).

The wrong row this could let through needs the player's mark in another box of the field
to leave no ink by its box (1 in 109 such lost marks on those pages) and a dot no player
put standing alone on this box's edge, or the player's dot for the next box centred
inside this box; and a written score that cannot tell the two.
"""

from __future__ import annotations

from ocr.clean_rivals import (
    beside_ink_reading,
    dots_in_the_gap,
    grown,
    holds_no_ink_by,
    in_the_gap_reading,
    lone_unsure_boxes,
    owned_edge_dots,
    read_as_mark,
)
from ocr.edge_dots import EdgeDot
from ocr.mark_settings import MarkSettings
from ocr.marks import MarkReading, MarkState
from ocr.row_evidence import RowEvidence

__all__ = ["edge_dot_on_clean_page", "edge_dot_rivals"]

Readings = list[MarkReading]


def edge_dot_on_clean_page(ev: RowEvidence, read: Readings) -> bool:
    """Does rule ``edge_dot_rivals`` look at this row: a page that is not dusty, a box read
    unsure (by a dot on its printed edge, or by ink a dot on its edge may hold too:
    ``owned_edge_dots``)?"""
    return ev.any_ink and any(r.state is MarkState.UNSURE for r in read) and not ev.dust.dusty()


def edge_dot_rivals(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """The one unsure box of each field of ``ONE_BOX_FIELDS`` (``lone_unsure_boxes``), unsure
    by its own dot on its printed edge (``owned_edge_dots``), no such dot in the gap towards
    another box of the field (``in_the_gap``), read marked where every other box of the
    field was first read empty and holds no ink by it but that dot's (``holds_no_ink_by``;
    see the module docstring). A box whose dot lies in the gap stays unsure, named so
    (``in_the_gap_reading``); so does one whose dots are centred off it beside another
    box's ink (``_off_its_box``, ``beside_ink_reading``)."""
    out = list(read)
    for i, rivals in lone_unsure_boxes(ev, read):
        dots = owned_edge_dots(ev, read, i, t)
        if not dots:
            continue
        gap = dots_in_the_gap(dots, i, rivals)
        if gap:
            out[i] = in_the_gap_reading(ev, read[i], gap, rivals)
            continue
        own = grown(tuple(d.px for d in dots))
        if all(holds_no_ink_by(ev, j, t, own) for j in rivals):
            out[i] = read_as_mark(read[i])
        elif all(_off_its_box(d, i, t) for d in dots):
            out[i] = beside_ink_reading(read[i])
    return out


def _off_its_box(dot: EdgeDot, i: int, t: MarkSettings) -> bool:
    """Does ``dot`` lie centred off box ``i``: neither inside its printed rectangle nor
    within ``edge_dot_centre_mm`` of its printed edge, where a player puts the pen
    (``EdgeDot.owner``)? Such a dot is ink in the paper round the box, no more the box's
    than the rival's ink by it is the rival's."""
    return not dot.inside[i] and dot.centre_mm[i] > t.edge_dot_centre_mm
