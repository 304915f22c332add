"""One pen dot between two fields' boxes is the mark of one field at most (issue 43).

A dot on a printed edge whose ink no box holds the most of, and whose centre lies on no
one box's edge, makes every box it is near unsure (rule ``edge_dots``, ocr/edge_dots.py).
Near two boxes of one field, the score or a person tells which the player meant. Near two
boxes of different fields, one above the other across the 1.5 mm between the form's lines
of boxes (a level above a result sign), it leaves each of them its field's only ink, and
an unsure box that is its field's only ink is certain against the field's other boxes
(``ocr.unchecked_marks._only_ink``). So one dot was read as two marks: the player's dot on
the top edge of the result sign "-", just under level 3, made 3 the level and "-" the sign,
while the player's own level dot, on 2's corner, went unseen; 2C by South -1 was accepted
as 3C by South -1, both -50 not vulnerable (fresh TRAINING phone, seed 5533,
``page_0022.png`` row 13).

Such boxes are never their field's only ink (``RowEvidence.never_only_ink``): each field
is then weighed against no mark at all, and where the written score cannot tell the
readings apart the row goes to a person ("marks not certain in level, which the score
cannot check"). Where the score tells them apart, it settles the row as before.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from ocr.edge_dots import unsure_by_edge_dot
from ocr.layout import Rect, Row
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import MarkReading

__all__ = ["SHARED_DOT_GAP_MM", "dots_between_fields"]

SHARED_DOT_GAP_MM = 2 * MARK_SETTINGS.edge_dot_near_mm + 1.0
"""How far apart two boxes' printed edges may lie for one pen dot to be near both (within
``edge_dot_near_mm``, 0.5 mm, of each: a dot 1 mm across spans the rest): 2.0 mm. The
form's lines of boxes lie 1.5 mm apart, their diagonal neighbours 1.58-1.8 mm (2.12 mm and
more apart, no dot of a pen is near both)."""


def dots_between_fields(
    row: Row, marks: Mapping[str, Sequence[MarkReading]]
) -> frozenset[tuple[str, str]]:
    """The (field, option) of each box read unsure by a dot on its edge
    (``unsure_by_edge_dot``) that faces such a box of another field within
    ``SHARED_DOT_GAP_MM``: one dot may have made both unsure."""
    dotted = [
        (name, m.option, row.field(name).box(m.option).rect)
        for name, readings in marks.items()
        for m in readings
        if unsure_by_edge_dot(m)
    ]
    shared: set[tuple[str, str]] = set()
    for k, (name, option, rect) in enumerate(dotted):
        for other, other_option, other_rect in dotted[k + 1 :]:
            if other != name and _apart_mm(rect, other_rect) <= SHARED_DOT_GAP_MM:
                shared |= {(name, option), (other, other_option)}
    return frozenset(shared)


def _apart_mm(a: Rect, b: Rect) -> float:
    """How far apart two rectangles are (mm; 0 where they touch or overlap)."""
    dx = max(0.0, max(a.x, b.x) - min(a.x1, b.x1))
    dy = max(0.0, max(a.y, b.y) - min(a.y1, b.y1))
    return math.hypot(dx, dy)
