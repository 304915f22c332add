"""Rules ``shaded_band`` and ``faint_in_band``: a box read by its fill is read again
against the paper beside it.

The paper in line with a box's pixels is measured in ocr/shading.py and ocr/row_shade.py
(``RowShade``, a view of the row, ``RowEvidence.views.fill_in_shade``); these are the
rules of the row's mark decision that read it, ``shaded_band`` first in the ordered table
of ocr/mark_rules.py (``RULES``) and ``faint_in_band`` last, apart from that table so the
table reads top to bottom and each rule's reason stays beside its code.
"""

from __future__ import annotations

from ocr.mark_settings import MarkSettings
from ocr.marks import MarkReading, MarkState, classify_fill, made_unsure
from ocr.row_evidence import RowEvidence

__all__ = ["faint_in_band", "marked_by_fill", "read_by_fill", "shaded_band"]

Readings = list[MarkReading]


def read_by_fill(ev: RowEvidence, read: Readings) -> bool:
    """Does any box read by its fill alone (rule ``shaded_band`` has something to look at)?"""
    return any(r.how == "fill" for r in read)


def shaded_band(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """A box unsure or marked by its fill alone, read again against the paper beside it
    in line with each of its pixels (ocr/shading.py): a fold's crease leaves, after the
    flat-field step, a long straight band 5-25% darker than the paper across every box it
    runs through, and out of each box on both sides; ink is dark and thin and stays in
    its box. Where the paper beside it is ``shade_margin`` darker than the row's, the
    box's fill is its darkness against that paper. Runs first: the neighbour rules then
    see a shaded box as the paper it is."""
    out = list(read)
    for i, r in enumerate(read):
        if r.how != "fill":
            continue
        fill = ev.views.fill_in_shade(
            i, t.shade_reach_mm, t.shade_band_mm, t.shade_margin, t.shade_darkest,
            keeps=classify_fill(r.fill),
        )  # fmt: skip
        if classify_fill(fill) != classify_fill(r.fill):  # else the reading stands as it is
            out[i] = ev.views.decide(i, fill)
    return out


def marked_by_fill(ev: RowEvidence, read: Readings) -> bool:
    """Does any box still read marked by its fill alone (``faint_in_band`` has one to weigh)?"""
    return any(r.how == "fill" and r.state is MarkState.MARKED for r in read)


def faint_in_band(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """A box marked by its fill alone that reads ``shade_fill_drop`` fainter against the
    paper beside it than on its own, ``shade_sure_fill`` or less, is unsure (less than
    that is two measures of the same paper). A fold's crease can run down the box itself:
    the band is then darker inside the box than in the paper beside it, and
    ``shaded_band`` keeps the plain fill wherever the band leaves the box in its class (a
    ``keeps`` reading). A player's stroke is dark however the paper beside it is read; a
    box only just over ``marked_above`` in a band may be the band alone, and a person
    sees it. Runs last: no later rule then reads the unsure box as a rival's mark.
    (TRAINING damaged, seed 55629, ``page_0008.jpg`` row 1: XX 0.159 by its fill down a
    crease, 0.107 against it, accepted as 3NTXX -1 before this rule.)"""
    out = list(read)
    for i, r in enumerate(read):
        if r.how != "fill" or r.state is not MarkState.MARKED:
            continue
        fill = ev.views.fill_in_shade(
            i, t.shade_reach_mm, t.shade_band_mm, t.shade_margin, t.shade_darkest,
            above=t.shade_sure_fill,
        )  # fmt: skip
        if fill <= min(t.shade_sure_fill, ev.first[i].fill - t.shade_fill_drop):
            out[i] = made_unsure(r)
    return out
