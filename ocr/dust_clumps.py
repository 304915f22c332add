"""A box unsure by a blob on or by its edge, told a dust clump or a pen's dot by its ink
(issue 43, item 4; rule ``dust_clumps``, ocr/mark_rules.py).

A blob by a box's printed edge of 0.40-0.5 mm^2, or a dot on the edge that the mask of
the printed lines cuts, leaves the box unsure (``ocr.dots.EDGE_UNSURE_MM2``): a player
touched the edge with the pen, or the scanner's dust settled there. Its size cannot tell
them apart, and ``dusty_edges`` reads the box again without its specks only where every
piece is small and alone. What is left on a dusty page is a clump: grains stuck together,
or lying on the printed line, whose ink after the mask is a few pieces round the line.

The ink's thickness tells them apart. A pen dot is a disc the pen's tip drew: solid ink all
through, so its thickest point (the largest disc of solid ink at it, the printed line's
pixels counted as ink where the dot covers them) is the dot's own radius: 0.47 mm and more
for the 55 players' dots that leave a box unsure on the 80 TRAINING noisy pages (seed 13). A
clump is grains of 0.1-0.3 mm, each thin, on a line of 2-3 pixels: its thickest point is a
grain's or the line's. ``ocr.edge_dots`` asks a dot on an edge to be 0.65 mm across
somewhere; on a dusty page this asks its middle to be ``clump_core_mm`` from paper, as the
middle of a solid disc 1.0 mm across is wherever it lies on the reader's 150 dpi grid, from
a scan of any resolution (the distance steps there are 2.2 and 2.8 px: a disc 0.84-0.94 mm
across is either, by where its middle falls; a disc 0.70 mm across is 2.2 at most;
tests/ocr/test_dust_clumps.py, scans of 150-600 dpi). A clump is also compact: every piece
of drawn ink by the box is no more than ``clump_across_mm`` across, where a pen's stroke
that enters the box and leaves it runs on for millimetres (a tick's end on an edge is such a
line: it stays unsure). Neither the ink's tone nor the page's pen tells them apart on
TRAINING: the darkest pixels of every such blob but one, a player's or dust's, are full ink
(1.0) on those pages.

So on a dusty page (``PageDust.dusty``: its margins hold many specks) a box unsure by a
blob on or by its edge, whose ink there is compact and thinner at its thickest than
``clump_core_mm``, where the page's margins hold specks like its largest piece
(``PageDust.holds_alike``, as ``dusty_page`` asks of a dot), is read without the blob (by
its circle and its fill, the clump's ink taken out). Where it is a pen's dot or stroke,
the rules that exist decide.

The wrong row this could let through needs two faults at once: the player's dot drawn
thinner than any pen dot on the TRAINING pages (its middle under 0.47 mm from paper: a disc
under 1.0 mm across, by where it falls on the pixel grid) and read away, and the same
field's mark read in another box by other ink (dust read as a certain mark, or a neighbour's
stroke), with a written score that fits that box or none. The first alone leaves the field
with no mark: a reading needs one, and the row goes to a person ("reads empty, but the
reading needs it marked"); the second alone is the rules' as before
(tests/ocr/test_dust_clumps.py builds both).
"""

from __future__ import annotations

import cv2
import numpy as np

from ocr.components import pieces
from ocr.dust_rules import by_fill, doubling_doubt, less_marked, marked_by_stroke
from ocr.edge_dots import unsure_by_edge_dot
from ocr.mark_settings import MarkSettings
from ocr.marks import MarkReading, mark_reading
from ocr.page_dust import PageDust
from ocr.row_evidence import Px, RowEvidence

__all__ = ["clump_by_edge", "clump_fills", "dust_clumps", "unsure_dot_on_dusty_page"]

Readings = list[MarkReading]

_SQUARE = np.ones((3, 3), np.uint8)


def clump_by_edge(
    ink: np.ndarray, drawn: np.ndarray, box: Px, s: float, dust: PageDust, t: MarkSettings
) -> np.ndarray | None:
    """The pixels of a dust clump on and by box ``box`` (the band's pixels), or None where
    its ink there is a pen's dot or stroke, or nothing. ``ink``: the band's soft ink values
    (solid from ``t.solid``), ``drawn``: its solid ink off the printed lines, ``s`` pixels a
    mm. The drawn ink looked at is every piece with a pixel within ``edge_dot_near_mm`` of
    the box (as far as a dot on an edge makes it unsure, ``ocr.edge_dots``) and a pixel. It
    is a clump where no piece is over ``clump_across_mm`` across and the thickest point of
    solid ink at them (the distance transform's largest value, the printed line's pixels
    counted as ink where the clump covers them) is under ``clump_core_mm``, and the page's
    blank paper holds specks like its largest piece (``PageDust.holds_alike``: a page whose
    dust is smaller makes it no clump). The pixels: those pieces and the pixel round them
    (their paler edge), a mask like ``drawn``.
    """
    h, w = drawn.shape
    x0, y0, x1, y1 = box
    reach = round(t.edge_dot_near_mm * s) + 1
    # The pieces are labelled on a wider crop so that a stroke that goes on is measured
    # beyond the reach (a piece the crop cuts is wider than ``clump_across_mm``).
    wide = reach + round(t.clump_across_mm * s) + 1
    cx0, cy0, cx1, cy1 = max(0, x0 - wide), max(0, y0 - wide), min(w, x1 + wide), min(h, y1 + wide)
    crop = drawn[cy0:cy1, cx0:cx1].astype(np.uint8)
    near = np.zeros_like(crop, dtype=bool)
    near[
        max(0, y0 - reach - cy0) : y1 + reach - cy0, max(0, x0 - reach - cx0) : x1 + reach - cx0
    ] = True
    count, labels, stats = pieces(crop)
    # the pieces with ink near the box, in order (np.unique of their labels would import
    # numpy.ma on a process's first dusty row, some 11 ms of a cold ``scan read``)
    touching = np.flatnonzero(np.bincount(labels[near & (crop > 0)], minlength=count)[1:]) + 1
    if not len(touching):
        return None
    across = np.maximum(stats[touching, cv2.CC_STAT_WIDTH], stats[touching, cv2.CC_STAT_HEIGHT])
    if int(across.max()) > t.clump_across_mm * s:
        return None
    if not dust.holds_alike(int(stats[touching, cv2.CC_STAT_AREA].max()) / (s * s), t):
        return None
    around = cv2.dilate(np.isin(labels, touching).astype(np.uint8), _SQUARE) > 0
    solid = (ink[cy0:cy1, cx0:cx1] >= t.solid).astype(np.uint8)
    thickness = cv2.distanceTransform(solid, cv2.DIST_L2, 5)
    if float(thickness[around].max()) >= t.clump_core_mm * s:
        return None
    found = np.zeros_like(drawn, dtype=bool)
    found[cy0:cy1, cx0:cx1] = around
    return found


def unsure_dot_on_dusty_page(ev: RowEvidence, read: Readings) -> bool:
    """Does rule ``dust_clumps`` look at this row: a dusty page, a box unsure by a blob on
    or by its edge?"""
    return ev.any_ink and ev.dust.dusty() and any(unsure_by_edge_dot(r) for r in read)


def dust_clumps(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """Each box unsure by a blob on or by its edge whose ink is a clump (``clump_by_edge``)
    read without it: by its circle and its fill with the clump's ink taken out (a clump
    inside the box is a few per cent of its inside, as much as a faint tick)."""
    out = list(read)
    for i, r in enumerate(read):
        if not unsure_by_edge_dot(r):
            continue
        fill = _fill_without_clump(ev, i, r.fill, t)
        if fill is not None:
            out[i] = mark_reading(r.option, fill, r.ring, 0.0)
    return out


def _fill_without_clump(ev: RowEvidence, i: int, fill: float, t: MarkSettings) -> float | None:
    """Box ``i``'s ``fill`` less the ink of the dust clump on and by it
    (``clump_by_edge``), or None where its ink there is no clump."""
    views = ev.views
    box = views.px(ev.geometry.boxes[i][2])
    clump = clump_by_edge(views.ink, views.drawn, box, views.s, ev.dust, t)
    if clump is None:
        return None
    x0, y0, x1, y1 = ev.geometry.inner[i]
    inside = max(1, (x1 - x0) * (y1 - y0))
    ink = views.ink[y0:y1, x0:x1]
    return max(0.0, fill - float(ink[clump[y0:y1, x0:x1]].sum()) / float(inside))


def clump_fills(ev: RowEvidence, read: Readings, t: MarkSettings) -> Readings:
    """Each box read unsure or marked by its fill, on a dusty page, in a field where another
    box is marked for certain by a circle or a fill at least twice as full
    (``clump_beside_share``), read without its ink where that ink is a dust clump
    (``clump_by_edge``: every piece 1.2 mm across or less, thinner than a pen dot, the
    largest of a size the page's margins hold alike).

    Grains of dust settled together in a box fill it as a faint tick does (TEST noisy seed
    13, ``page_0001.png`` row 3: five grains in count 13, 0.11, beside the player's cross
    in 1, 0.69), and ``dusty_fills`` takes out only specks that lie alone. A tick runs on
    past a clump's size, and a pen dot is thicker. Read so, the box is empty, or unsure
    where ink is left. Where no other box of its field is so marked the box is left as
    read: a clump alone in a field may hide the player's own faint mark, and a person
    looks. The rule runs last of the table, after every rule that weighs a field's marks
    (before ``dusty_second_box`` it read the same rows).

    The wrong row this could let through needs two faults: the player's mark drawn as
    grains (a pale tick broken into pieces under 1.2 mm, none as thick as a pen dot) and
    read away, and another box of the field marked for certain by a stroke twice as full
    that is not the player's; a written score that is not that box's result still sends
    the row to a person. A doubling box read empty keeps the empty threshold's doubt
    (``doubling_doubt``)."""
    fields = [f for f, _, _ in ev.geometry.boxes]
    out = list(read)
    for i, r in enumerate(read):
        if not by_fill(r) or not _fuller_stroke_beside(read, fields, i, t):
            continue
        fill = _fill_without_clump(ev, i, r.fill, t)
        if fill is None:
            continue
        again = doubling_doubt(ev, i, mark_reading(r.option, fill, r.ring, 0.0))
        if less_marked(again, r):
            out[i] = again
    return out


def _fuller_stroke_beside(read: Readings, fields: list[str], i: int, t: MarkSettings) -> bool:
    """Is another box of box ``i``'s field marked for certain by a circle, or by a fill
    box ``i``'s is ``clump_beside_share`` of or less?"""
    return any(
        j != i
        and fields[j] == fields[i]
        and marked_by_stroke(q)
        and (q.how == "circle" or read[i].fill <= t.clump_beside_share * q.fill)
        for j, q in enumerate(read)
    )
