"""Rule ``edge_dots``: a pen dot on a box's printed edge makes the box it lies in unsure.

The dot itself is found in ocr/edge_dots.py (slivers joined again across the line the mask
of the form's lines cut them by); this is the rule of the row's mark decision that reads
it, in the ordered table of ocr/mark_rules.py (``RULES``), apart from that table so the
table reads top to bottom and each rule's reason stays beside its code.
"""

from __future__ import annotations

from ocr.dots_between_lines import owners
from ocr.edge_dots import circled_boxes, unsure_where_dotted
from ocr.mark_settings import MarkSettings
from ocr.marks import MarkReading
from ocr.row_evidence import RowEvidence

__all__ = ["edge_dots"]

Readings = list[MarkReading]


def edge_dots(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """A pen dot put on a box's printed edge: the mask that keeps the form's lines out of
    the drawn ink takes its middle, and what is left beside the line makes the box it lies
    in unsure (ocr/edge_dots.py): the box nearest ``edge_dot_own_share`` of its ink or more;
    where no box holds so much, the one near box on whose printed edge the dot's centre lies
    (``edge_dot_centre_mm``); else (a dot in the gap between two boxes) every box it is
    near. Looked for only in a row that holds a mark: alone on a blank row such a blob is a
    speck of the paper, as large as a small pen dot. Issue 13, seed 25 phone page_0282.jpg
    row 2: a gel dot on the right edge of X read empty, 2HX by S +1 accepted as 2H by S +1.
    Before the dot was given to the box it lies in (issue 43), it made every box within 0.5
    mm unsure, its neighbour across the 1 mm gap too: on 40 TRAINING pages each of clean,
    ordinary, pencil, pdf150 and phone (seed 13) 61 boxes more unsure, 12 rows more to
    review. The wrong row this could let through: a dot whose lesser part lies in the box
    the player meant, which keeps its own reading (empty); its owner is unsure, so a reading
    that uses it is certain only where the score checks it. On a dusty page a speck within 1
    mm of a player's dot would make it no dot (a dot stands alone): there it stands alone
    with only the page's specks beside it (issue 43, dirty43: on TRAINING's dirty glass, 7
    players' dots on edges read empty so)."""
    dots = ev.views.dots_on_edges(circled_boxes(read), t)
    return unsure_where_dotted(read, dots, t, owners(ev, read, dots, t))
