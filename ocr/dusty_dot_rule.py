"""Rule ``dusty_page``: a dot alone on a dusty page read against the page's own dust.

The page's dust (the specks on its blank margins, ``PageDust.holds_alike``) is measured in
ocr/page_dust.py; this is the rule of the row's mark decision that reads a box marked or
unsure by its dot alone against it, in the ordered table of ocr/mark_rules.py (``RULES``).
A box it reads empty is a ``DUST_DOT``, which rule ``dust_dot_alone`` (ocr/dust_dots.py)
weighs again once the other rules have run. Apart from the table so the table reads top to
bottom and each rule's reason stays beside its code.
"""

from __future__ import annotations

from dataclasses import replace

from ocr.dots import EDGE_UNSURE_MM2
from ocr.dust_dots import fills_beside_dust_dots
from ocr.dust_rules import doubling_doubt
from ocr.mark_settings import MARK_SETTINGS, MarkSettings
from ocr.marks import DUST_DOT, MarkReading, MarkState, mark_reading
from ocr.row_evidence import RowEvidence

__all__ = ["dot_alone_on_dusty_page", "dust_held_dots", "dusty_page"]

Readings = list[MarkReading]


def dot_alone_on_dusty_page(ev: RowEvidence, read: Readings) -> bool:
    """On a dusty page, is any box marked or unsure by its dot alone (rule ``dusty_page``)?"""
    return ev.any_ink and ev.dust.dusty() and any(_dot_alone(r) for r in read)


def _dot_alone(r: MarkReading) -> bool:
    return r.state is not MarkState.EMPTY and r.how == "dot"


def dusty_page(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """A box marked or unsure by its dot alone, on a dusty page, is read against the page's
    own dust (ocr/page_dust.py): where the page's blank paper holds a few specks nearly as
    large (``PageDust.holds_alike``: ``dust_alike_per_cm2`` of them a square centimetre,
    at least ``dust_alike_share`` of the dot's size) the dot may be one of its specks or
    clumps, and the box is read by its fill and circle alone (its dot kept in
    ``dot_mm2``). A speck of 0.17-0.32 mm^2 lies between a dot's dust and mark thresholds
    (0.15 and 0.40 mm^2), and dust settles in clumps as large as a pen dot, read as a mark
    (issue 43's dirty scans). On 40 TRAINING noisy pages of settled dust in clumps
    (ocr/training/synthetic/settled_dust.py, seed 13) 267 boxes no player marked held a
    dot of 0.15 mm^2 or more inside them, and 102 intended dots were read by theirs; the
    rule's earlier form (an unsure dot against nine in ten of the page's specks) left 21
    of the 267 unsure or marked, this one 7, and reads 2 intended dots (0.17 and 0.20
    mm^2) without them. Neither the dot's shape nor its place tells dust from a pen on
    those pages: the clumps' solidity (median 0.92) and darkness (0.91) are a pen dot's
    (0.95, 0.95), and pen dots lie anywhere in their box. A blob by a box's edge of
    0.40-0.5 mm^2 and a dot on a printed edge are read as the unsure band's middle
    (``ocr.dots.EDGE_UNSURE_MM2``), which this rule leaves alone: a pen touched to an edge
    is as likely (rule ``dusty_edges`` reads them against the ink they are made of). Runs
    after the rules that read a box again (its dot with it), before ``edge_dots``, which
    looks only at a row that holds a mark. A fill beside a dot so read, no surer a mark
    than the dot, is read unsure (``ocr.dust_dots.fills_beside_dust_dots``)."""
    out = [
        _without_dot(ev, i, r)
        if _dot_alone(r) and not _by_an_edge(r) and ev.dust.holds_alike(r.dot_mm2, t)
        else r
        for i, r in enumerate(read)
    ]
    return fills_beside_dust_dots(ev, out, t)


def _without_dot(ev: RowEvidence, i: int, r: MarkReading) -> MarkReading:
    """Box ``i`` read by its fill and circle without its dot: the dot's solid pixels taken
    out of the fill too (a clump of 0.6 mm^2 is 3-5% of a box's inside, as much as a faint
    tick), its size kept in ``dot_mm2``. Where that reads it empty, the box is a
    ``DUST_DOT`` (weighed as before): the dot may be the page's dust or the player's pen,
    which rule ``dust_dot_alone`` looks at once the other rules have run; a doubling box
    keeps the empty threshold's doubt (``ocr.dust_rules.doubling_doubt``)."""
    x0, y0, x1, y1 = ev.geometry.inner[i]
    inside_mm2 = max(1, (x1 - x0) * (y1 - y0)) / ev.views.s**2
    fill = max(0.0, r.fill - r.dot_mm2 / float(inside_mm2))
    again = replace(mark_reading(r.option, fill, r.ring, 0.0), dot_mm2=r.dot_mm2)
    if again.state is not MarkState.EMPTY:
        return again
    return doubling_doubt(ev, i, replace(again, how=DUST_DOT))


def _by_an_edge(r: MarkReading) -> bool:
    """Was the box's dot read as a blob by its edge or a dot on a printed edge? Both are
    given exactly ``EDGE_UNSURE_MM2`` (ocr/dots.py, ocr/edge_dots.py); a blob inside the box
    is a whole number of pixels, never that."""
    return r.dot_mm2 == EDGE_UNSURE_MM2


def dust_held_dots(
    ev: RowEvidence, read: Readings, t: MarkSettings = MARK_SETTINGS
) -> frozenset[int]:
    """The boxes ``read`` (the readings after every rule) leaves unsure by a dot whose own
    dot, as first read (``RowEvidence.first``), the page's dust holds alike: ``dusty_page``
    read that dot as the page's dust, and a later rule read the box unsure by a dot again
    (``edge_dots``: a blob on its printed edge, which on such a page may be a clump too).
    Such a box is never its field's only ink (``ocr.unchecked_marks._only_ink``), as a
    ``DUST_DOT_ALONE`` is not: only the written score decides it. It rules out a clump read
    as the mark while the player's dot lies unseen on another box's corner (fresh TRAINING
    fine dots on dirty glass, seed 65642, ``page_0008.jpg`` row 3: a clump of 0.66 mm^2 in
    North with a blob on its edge, South's dot on its box's corner under the mask of the
    lines, 3S by South = accepted as by North, both +140)."""
    if not ev.dust.dusty(t):
        return frozenset()  # no dust to hold a dot alike: most rows, asked once a row
    return frozenset(
        i
        for i, (first, now) in enumerate(zip(ev.first, read, strict=True))
        if now.state is MarkState.UNSURE
        and now.how == "dot"
        and _dot_alone(first)
        and not _by_an_edge(first)
        and ev.dust.holds_alike(first.dot_mm2, t)
    )
