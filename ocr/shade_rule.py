"""Rule ``shaded_band``: a box read by its fill is read again against the paper beside it.

The paper in line with a box's pixels is measured in ocr/shading.py and ocr/row_shade.py
(``RowShade``, a view of the row, ``RowEvidence.views.fill_in_shade``); this is the rule of
the row's mark decision that reads it, first in the ordered table of ocr/mark_rules.py
(``RULES``), apart from that table so the table reads top to bottom and each rule's
reason stays beside its code.
"""

from __future__ import annotations

from ocr.mark_settings import MarkSettings
from ocr.marks import MarkReading, classify_fill
from ocr.row_evidence import RowEvidence

__all__ = ["read_by_fill", "shaded_band"]

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
