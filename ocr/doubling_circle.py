"""Rule ``doubling_circle``: a circle round X or XX that the strips and rays did not see.

A doubling left empty is a result of its own (the contract undoubled), so a circle round
X missed by the reader is no field missed: where no score is written, or the score cannot
tell the two apart, the row is accepted undoubled. A circle is looked for round a box only
where drawn ink lies beside two of its sides (``RowBoxes._sides_beside``); a pale circle
drawn tight over the box's printed edges and the hairline above leaves its drawn ink (off
the printed lines) beside one side only, and the strips and rays, which count its ink on
the lines too, see a third of it (0.37, under ``ring_empty_below``).

What such a circle keeps is its shape: the drawn ink beside the box lies along an
ellipse round it (ocr/outline.py, ``RowViews.outline_support``), as ``circled_alone``
asks of an unsure circle. So, on a page that is not dusty, in a played row whose
doubling reads empty (``ocr.empty_fields.empty_doubling``), a box of it with drawn ink
beside it that an ellipse round it follows over ``outline_unsure`` (0.70) of every
quarter is read unsure on its circle: the written score settles it, or a person looks.

Found by a hunt (fresh TEST pdf150, seed 58928, ``page_0021.pdf`` row 2): 3CX by South -3,
no score written, accepted as 3C -3; the pencil circle round X ran over its top and right
edges, drawn ink beside its left side only, the strips 0.33, the rays 0.43, the ellipse
0.75. Chosen on TRAINING only (the 18,404 readings of docs/reader.md "What each rule is
worth"): of 2,595 doubling boxes with drawn ink beside them in played rows whose doubling
read empty, none had an ellipse followed over 0.30 (the four a player marked there, pen
dots on dusty pages, 0.0): the rule reads no box there. No threshold of its own.

Not on a dusty page, as ``doubling_dot``: there a ring of the page's specks round X is
read away by ``dusty_circles`` (at the empty threshold's doubt, ``read_empty``), and an
ellipse follows specks as well as a pen (tests/ocr/test_dust_rules.py).
"""

from __future__ import annotations

from ocr.empty_fields import empty_doubling
from ocr.mark_settings import MarkSettings
from ocr.marks import RING_UNSURE, MarkReading, mark_reading
from ocr.row_evidence import RowEvidence

__all__ = ["doubling_circle", "doubling_inked"]

Readings = list[MarkReading]


def doubling_inked(ev: RowEvidence, read: Readings) -> bool:
    """Does rule ``doubling_circle`` look at this row: on a page that is not dusty, a played
    row's doubling read empty with drawn ink beside one of its boxes?"""
    return (
        ev.any_ink
        and not ev.dust.dusty()
        and any(ev.sides_inked[i] for i in empty_doubling(ev, read))
    )


def doubling_circle(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """Each box of a played row's empty doubling with drawn ink beside it that an ellipse
    round it follows over ``outline_unsure`` of every quarter, read unsure on its circle
    (see the module docstring)."""
    out = list(read)
    for i in empty_doubling(ev, read):
        if not ev.sides_inked[i]:
            continue
        support = ev.views.outline_support(ev.geometry.boxes[i][2])
        if support is not None and support >= t.outline_unsure:
            r = read[i]
            out[i] = mark_reading(r.option, r.fill, RING_UNSURE, r.dot_mm2)
    return out
