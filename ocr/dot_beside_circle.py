"""Rule ``dot_beside_circle``: a dot on a box's edge that may be the arc of a circle round
the box beside it.

A pale circle drawn tight round a box, over its printed edges, is cut by the mask of the
form's lines into the pieces that lie off them; where none of those read as a ring (the
strips and rays count solid ink, and a pale ballpoint on a 150 dpi scan leaves little),
the circled box reads empty. The circle's arc across the 1 mm gap to the next box then
lies by that box's printed edge as a blob does, and ``edge_dots`` reads the next box
unsure by a dot on its edge: the field's only ink, and where the score cannot tell the two
contracts apart the row was accepted with the wrong box (fresh TEST pdf150, seed 96152,
``page_0004.pdf`` row 8: a circle round S, its left arc on H's right edge, 4S E +3
accepted as 4H E +3 at -710 both).

The circled box keeps what a circle leaves that is not a ring: drawn ink beside its sides
(``RowEvidence.sides_inked``), the side facing the dot holding the arc that made it and
the circle's run round the box two more (three of S's four in the hunt's row). So, on a
page that is not dusty, where a box is unsure by a dot on its edge (``EDGE_UNSURE_MM2``)
in a field with no box marked, an empty box of the same field beside it with drawn ink
beside ``circle_by_dot_sides`` (3) of its sides or more is unsure on its circle too: the
written score tells them apart, or a person looks. Ink beside two sides is the arc and one
stroke of the row above or below, as often as not: on TRAINING's price set nine rows more
went to a person at two sides (eight with ink beside exactly two), one at three (0 wrong
rows either way). Not that on a dusty page: there specks lie beside every box's sides. On
any page, the box's strokes round it read as a ring of ``circle_by_dot_ring`` (0.22) or
more, though under ``ring_empty_below``, show a circle's part as well: a light blue gel
circle round 6 on a dusty greyscale scan read 0.297, ink beside two sides, its arc on 5's
edge a dot, and 6H S -1 was accepted as 5H S -1 (fresh TEST noisy, seed 76811,
``page_0003.jpg`` row 5). On TRAINING's dusty pages no box a player left empty beside such
a dot reads a ring over 0.10.
"""

from __future__ import annotations

from ocr.edge_dots import unsure_by_edge_dot
from ocr.mark_settings import MarkSettings
from ocr.marks import RING_UNSURE, MarkReading, MarkState, mark_reading
from ocr.row_evidence import RowEvidence

__all__ = ["dot_beside_circle", "edge_dot_on_clean_row"]

Readings = list[MarkReading]


def edge_dot_on_clean_row(ev: RowEvidence, read: Readings) -> bool:
    """Does rule ``dot_beside_circle`` look at this row: a box unsure by a dot on its edge?"""
    return ev.any_ink and any(unsure_by_edge_dot(r) for r in read)


def _circled_in_part(ev: RowEvidence, r: MarkReading, j: int, t: MarkSettings) -> bool:
    """Does box ``j`` (read ``r``) show a circle round it in part: a ring of
    ``circle_by_dot_ring`` or more, or, on a page that is not dusty, drawn ink beside
    ``circle_by_dot_sides`` of its sides?"""
    if r.ring >= t.circle_by_dot_ring:
        return True
    return not ev.dust.dusty() and ev.sides_inked[j] >= t.circle_by_dot_sides


def dot_beside_circle(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """Each empty box beside a box unsure by a dot on its edge, in the same field, that
    field holding no mark, that shows a circle round it in part (``_circled_in_part``),
    read unsure on its circle (see the module docstring)."""
    out = list(read)
    boxes = ev.geometry.boxes
    for i, r in enumerate(read):
        if not unsure_by_edge_dot(r):
            continue
        field = boxes[i][0]
        if any(read[j].state is MarkState.MARKED for j, b in enumerate(boxes) if b[0] == field):
            continue
        for j in (i - 1, i + 1):
            if 0 <= j < len(read) and boxes[j][0] == field:
                if read[j].state is MarkState.EMPTY and _circled_in_part(ev, read[j], j, t):
                    n = read[j]
                    out[j] = mark_reading(n.option, n.fill, RING_UNSURE, n.dot_mm2)
    return out
