"""Is a box ringed: the strips beside its four sides, and the ellipses round a row's boxes.

A circle round a box covers every side of it; a neighbour's circle or mark covers the
side facing it only. ``ring_cover`` cuts the middle 70% of each side into bins and counts,
across the side from just inside the printed edge to ``RING_SIDE_MM`` (left, right) or
``RING_OUT_MM`` (above, below) outside it, the solid ink beyond what the form prints there
(its lines at the row's measured edge width, ``ocr.circles.printed_across``). The box's
ring is the coverage of its least covered side. ``RowMarks`` (ocr/row_marks.py) asks it
where drawn ink lies beside two sides of a box at least; the rays (ocr/circles.py) and the
ellipse (ocr/outline.py) look more loosely where the strips see a circle only in part.
``outlines_of`` prepares the ellipses' search on a row: which ink a circle may be made of
and which pixels are not known (printed, or inside a box holding its own mark).
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from ocr.circle_reading import OUTLINE_NONE
from ocr.circles import ALL_ROUND, ROUND_GAP_DEG, THICKER_PX, Rays, _printed_px, printed_across
from ocr.line_widths import strokes_over_hairlines
from ocr.mark_geometry import BORDER_INNER_MM, EDGE, HAIRLINE, RING_OUT_MM, RING_SIDE_MM, kept_for
from ocr.mark_settings import MARK_SETTINGS
from ocr.outline import Outlines
from ocr.pen import through_skips

__all__ = [
    "SIDE_BINS",
    "extra_ink",
    "outlines_of",
    "ring_cover",
    "round_all_over",
    "side_strips",
]

SIDE_BINS = 6
"""Each side's strip is cut into this many bins along the side (``ring_cover``)."""

Px = tuple[int, int, int, int]
Strip = tuple[slice, slice]
_Plan = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]

_SQUARE = np.ones((3, 3), np.uint8)
# The thresholds are in ocr/mark_settings.py, with why each is what it is.
_ALONG_HAIRLINE_MM = MARK_SETTINGS.along_hairline_mm
_SOLID = MARK_SETTINGS.solid


@lru_cache(maxsize=64)
def _bin_starts(n: int) -> np.ndarray:
    return (np.arange(SIDE_BINS) * n) // SIDE_BINS


def side_strips(px: Px, shape: tuple[int, ...], s: float) -> tuple[Strip, ...]:
    """Strips across the four sides (above, below, left, right) of the box at pixels
    ``px`` (x0, y0, x1, y1) of a row band of ``shape`` at ``s`` pixels a millimetre: the
    middle 70% of the side, from just inside the edge to the reach outside it."""
    x0, y0, x1, y1 = px
    h, w = shape[:2]
    inner = round(BORDER_INNER_MM * s)
    side_reach = round(RING_SIDE_MM * s)
    reach = round(RING_OUT_MM * s)
    my0, my1 = y0 + round(0.15 * (y1 - y0)), y0 + round(0.85 * (y1 - y0))
    mx0, mx1 = x0 + round(0.15 * (x1 - x0)), x0 + round(0.85 * (x1 - x0))
    return (
        np.s_[max(0, y0 - reach) : y0 + inner, mx0:mx1],
        np.s_[y1 - inner : min(h, y1 + reach), mx0:mx1],
        np.s_[my0:my1, max(0, x0 - side_reach) : x0 + inner],
        np.s_[my0:my1, x1 - inner : min(w, x1 + side_reach)],
    )


def extra_ink(
    outside: np.ndarray,
    lines: np.ndarray,
    widths: tuple[float, float, float],
    strip: Strip,
    side: int,
) -> np.ndarray:
    """Solid ink (``outside``: the ink a circle may be made of) across a strip beside a
    box edge, one value per position along the edge, less what the form prints there
    (``lines``, at the row's edge and hairline ``widths``, ``RowInk.widths``)."""
    axis = 0 if side < 2 else 1
    ink = outside[strip].sum(axis=axis)
    return ink - printed_across(lines[strip], widths, axis)


def _strips_plan(lines: np.ndarray, px: Px, s: float) -> _Plan | float | None:
    """What ``ring_cover`` needs of a box's strips (``side_strips``) on a row's lines, worked
    out once (the same on every page for lines that never change): the flat index of
    every pixel of the four strips, position after position along the sides (each
    position's pixels across its strip together), where each position starts among them,
    each position's pixels on a printed edge and on a hairline (``printed_across``'s
    counts), and where each side's bins start (``SIDE_BINS`` a side, ``_bin_starts``).
    0.0 where a side is shorter than its bins (no circle read), None where a strip holds
    no pixel across (``ring_cover`` reads it slice by slice)."""
    h, w = lines.shape
    # the rows and columns each strip's slices take (as ranges: no array yet)
    spans = [(range(h)[r], range(w)[c]) for r, c in side_strips(px, lines.shape, s)]
    along = [len(c) if k < 2 else len(r) for k, (r, c) in enumerate(spans)]
    across = [len(r) if k < 2 else len(c) for k, (r, c) in enumerate(spans)]
    if min(along) < SIDE_BINS:
        return 0.0
    if min(across) == 0:
        return None
    at, positions, bins, pixel = [], [], [], 0
    for k, (r, c) in enumerate(spans):
        rows, cols = np.arange(r.start, r.stop) * w, np.arange(c.start, c.stop)
        # positions along the side: columns above and below it, rows left and right
        at.append((cols[:, None] + rows if k < 2 else rows[:, None] + cols).ravel())
        positions.append(pixel + across[k] * np.arange(along[k]))
        bins.append(_bin_starts(along[k]) + sum(along[:k]))
        pixel += along[k] * across[k]
    flat, starts = np.concatenate(at), np.concatenate(positions)
    printed = lines.ravel().take(flat)
    plan = (
        flat, starts,
        np.add.reduceat(printed == EDGE, starts, dtype=np.intp),
        np.add.reduceat(printed == HAIRLINE, starts, dtype=np.intp),
        np.concatenate(bins),
    )  # fmt: skip
    for kept in plan:
        kept.flags.writeable = False
    return plan


def ring_cover(
    outside: np.ndarray,
    lines: np.ndarray,
    widths: tuple[float, float, float],
    px: Px,
    s: float,
) -> float:
    """How well strokes around the box at ``px`` surround it: the coverage of its least
    covered side (0..1). A bin is covered when ink is left over across it, whether the
    circle runs in the gap or over a printed edge; a bin between two covered ones counts
    as covered (a pen's skip). Left and right of a box lie only boxes of its own group,
    so marks in two other boxes of the group (an error the decoder sees anyway) are needed
    to fake a circle. The four sides are read as one line of positions, side after side,
    their bins kept apart (each side's bins as ``np.maximum.reduceat`` gives them
    side by side): each position's ink summed off the strips' pixels by flat index
    (``_strips_plan``, kept per box for a row's lines that never change,
    ``ocr.mark_geometry.kept_for``), in a third fewer calls than a sum a strip."""
    plan = None  # (ink and lines of two shapes: read as their slices take them)
    if outside.shape == lines.shape:
        plan = kept_for(lines, ("ring", px, s), lambda: _strips_plan(lines, px, s))
    if isinstance(plan, float):
        return plan
    if plan is None:  # or a strip with no pixel across (a box past the band's edge)
        extra = [
            extra_ink(outside, lines, widths, st, k)
            for k, st in enumerate(side_strips(px, outside.shape, s))
        ]
        hit = np.concatenate(extra) >= THICKER_PX
        starts = np.concatenate(
            [_bin_starts(len(side)) + sum(map(len, extra[:k])) for k, side in enumerate(extra)]
        )
    else:
        at, positions, edges, hairlines, starts = plan
        ink = np.add.reduceat(outside.ravel().take(at), positions, dtype=np.intp)
        hit = ink - _printed_px(edges, hairlines, widths) >= THICKER_PX
    bins = np.maximum.reduceat(hit, starts).reshape(4, SIDE_BINS)
    bridged = bins.copy()
    bridged[:, 1:-1] |= bins[:, :-2] & bins[:, 2:]
    return min(1.0, int(bridged.sum(axis=1).min()) / SIDE_BINS)


def round_all_over(seen: Rays, support: float | None) -> bool:
    """Do strokes go round a box on every side though the circle views read it empty?
    The rays see 45% of every sector with no gap over 50 degrees, as round a circled
    neighbour (ocr/spill_rules.py), and an ellipse round it is followed over
    ``OUTLINE_NONE``, which the outline does not clear. A circle drawn off centre leaves
    the strips nothing, and its ellipse is followed only in part (sixth TEST set, seed
    18, phone/page_0416.jpg row 7: a felt tip's circle round NT, rays 0.5 with a gap of
    40 degrees, outline 0.667, read empty, while its side filled the S to 0.367 and made
    3S of 3NT, both -50). Such a box is not read empty for certain: it is unsure, and a
    person looks. On 1,500 TRAINING pages, of the boxes so seen with an outline of 0.4
    or more, 8 were ringed and 2 held nothing; on 600 pages a condition it sends 8 rows
    more of 33,000 to a person."""
    if support is None or support < OUTLINE_NONE:
        return False
    return seen.sectors >= ALL_ROUND and seen.gap <= ROUND_GAP_DEG


def outlines_of(
    drawn_outside: np.ndarray,
    printed: np.ndarray,
    own_marks: np.ndarray | None,
    lines: np.ndarray,
    widths: tuple[float, float, float],
    row_ink: tuple[np.ndarray, np.ndarray, float, float],
    s: float,
) -> Outlines:
    """The ellipses round a row's boxes (ocr/outline.py) on its drawn ink outside the boxes
    holding their own mark (``drawn_outside``; ``own_marks``, those boxes' insides, or
    None), its ``printed`` lines a pixel wider and as drawn (``lines``), its edge and
    hairline ``widths`` (``RowInk.widths``) and ``row_ink``: its ink values, grey band,
    paper tone and pen strength (ocr/pen.py)."""
    ink, grey, paper, strength = row_ink
    # A circle through a box that holds a mark of its own (a big circle through its
    # neighbour, which the neighbour's own mark fills) is not seen there, and not
    # contradicted: that ink is not known to be the circle's, nor paper.
    hidden = printed if own_marks is None else printed | own_marks
    drawn = drawn_outside
    if strength < 1.0:
        # A pale pen's ball skips: its strokes are followed on over its fainter pixels
        # (ocr/pen.py).
        drawn = through_skips(drawn, ink, hidden)
    # Where the hairlines scan as no solid ink, a circle's top running along the one above
    # the row is found by its tone, and followed there.
    if widths[1] == 0:
        edges = cv2.dilate((lines == EDGE).astype(np.uint8), _SQUARE) > 0
        band = printed & ~edges
        run = round(_ALONG_HAIRLINE_MM * s)
        over = strokes_over_hairlines(grey, paper, strength, band, _SOLID, run)
        drawn = drawn | (over if own_marks is None else over & ~own_marks)
    return Outlines(drawn, hidden, s)
