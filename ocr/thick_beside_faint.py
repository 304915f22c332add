"""Rule ``thick_beside_faint``: on a dusty page, a field's mark read from a faint fill alone
beside a box with a pen dot's thickness of ink by it.

``empty_field_dot`` reads a pen dot hidden on a box's printed edge or corner by its
thickness (solid ink ``clean_rival_thick_mm``, 0.85 mm, within ``clean_rival_mm`` of the box:
``ocr.rival_ink.holds_thick_ink_by``) where its field reads empty. On a dusty page the field
is not always empty: a clump of the glass's grey dust, too pale for a dot and thinner than
a pen's, can fill another box of it over ``marked_above``, and that box is then the field's
mark. A fresh TRAINING set (fine-dots dirty glass, seed 97445, ``page_0012.jpg`` row 2)
read 1NT by West = as 1NT by South = (+90 for -90): West's fine dot lay on its top right
corner, its ink by W 0.85 mm thick and more; South held a clump of 0.122 by its fill; the
written 90 carries no side, and the score side's dot was read as the page's dust.

So, on a dusty page, in a field a played result marks one box of (``ONE_BOX_FIELDS``)
whose only box not empty is marked by its fill alone at ``grey_clump_fill`` (0.15) or
less with no ink that thick by it, exactly one other box with ink that thick by it is read
unsure as a dot on its edge is (``THICK_BY_EDGE``, as ``empty_field_dot`` reads it): the
written score settles the two where it can, or a person looks. No threshold of its own.
"""

from __future__ import annotations

from ocr.dust_dots import ONE_BOX_FIELDS
from ocr.empty_fields import unsure_where_thick
from ocr.mark_settings import MarkSettings
from ocr.marks import MarkReading, MarkState
from ocr.rival_ink import holds_thick_ink_by
from ocr.row_evidence import RowEvidence

__all__ = ["faint_field_on_dusty_page", "thick_beside_faint"]

Readings = list[MarkReading]


def _faint_fields(ev: RowEvidence, read: Readings, t: MarkSettings) -> list[tuple[int, list[int]]]:
    """Per field of ``ONE_BOX_FIELDS`` whose only box not empty is marked by a fill alone of
    ``grey_clump_fill`` or less: that box, and the field's other boxes."""
    out = []
    for field in ONE_BOX_FIELDS:
        boxes = [i for i, (f, _, _) in enumerate(ev.geometry.boxes) if f == field]
        inked = [i for i in boxes if read[i].state is not MarkState.EMPTY]
        if len(inked) != 1:
            continue
        r = read[inked[0]]
        if r.state is MarkState.MARKED and r.how == "fill" and r.fill <= t.grey_clump_fill:
            out.append((inked[0], [i for i in boxes if i != inked[0]]))
    return out


def faint_field_on_dusty_page(ev: RowEvidence, read: Readings) -> bool:
    """Does rule ``thick_beside_faint`` look at this row: a dusty page, a box marked by its
    fill alone?"""
    return (
        ev.any_ink
        and ev.dust.dusty()
        and any(r.state is MarkState.MARKED and r.how == "fill" for r in read)
    )


def thick_beside_faint(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """In each field whose mark is a faint fill alone with no thick ink by it, the one other
    box with a pen dot's thickness of ink by it read unsure, ``THICK_BY_EDGE``, as
    ``empty_field_dot`` reads one (``ocr.empty_fields.unsure_where_thick``; see the module
    docstring)."""
    fields = [
        others for faint, others in _faint_fields(ev, read, t)
        if not holds_thick_ink_by(ev, faint, t)
    ]  # fmt: skip
    return unsure_where_thick(ev, read, t, fields)
