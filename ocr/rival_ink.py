"""What a player's mark read empty leaves by its box on a dusty page (rule ``clean_rivals``,
ocr/clean_rivals.py; issue 43, item 4).

``clean_rivals`` reads a field's one unsure box marked only where every other box of the
field holds no ink a player's mark would leave. On a dusty page the glass's specks lie by
most boxes, and a speck is no player's mark; but a player's pen dot on a box's printed
edge or corner that ``ocr.edge_dots.dots_on_edges`` does not take for a dot leaves, off
the printed lines, only slivers as small as specks, or nothing at all where the mask of
the lines covers it whole. So the ink that counts is:

- the row's drawn ink (solid, off the printed lines) without the pieces
  ``ocr.page_dust.specks_of`` takes for the page's dust;
- every blob on a printed line (drawn ink joined across the line,
  ``ocr.edge_dots.on_line_blobs``) of ``clean_rival_line_mm2`` or more, line and all;
- solid ink thicker than ``clean_rival_thick_mm`` anywhere (the form's printed lines,
  blurred by the scan, are thinner: a dot on a line is as thick as the dot).

Chosen on TRAINING only: the 80 noisy pages of seed 13 and TRAINING's dirty glass
(``benchmarks/dirty_glass.py --load-from 3``, 80 pages); the figures are in
ocr/mark_settings.py and docs/reader-history.md (noisy43).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import cv2
import numpy as np

from ocr.components import depth_in_ink, pieces
from ocr.dots import is_compact
from ocr.edge_dots import on_line_blobs
from ocr.mark_settings import MarkSettings

if TYPE_CHECKING:
    from ocr.row_evidence import RowEvidence

__all__ = [
    "core_across",
    "depth_around",
    "holds_thick_ink_by",
    "joined_through_lines",
    "own_strokes",
    "rival_ink",
    "thick_ink_side",
    "thicker_than",
]


def thicker_than(solid: np.ndarray, thick_px: float) -> np.ndarray:
    """The pixels of ``solid`` ink whose largest disc of solid ink round them is
    ``thick_px`` across or more (twice the distance to the nearest pixel that is not
    ink; the band's edge counts as paper): the cores of blobs that thick."""
    if not solid.any():
        return np.zeros_like(solid, dtype=bool)
    return np.asarray(depth_in_ink(solid) * 2 >= thick_px)


def core_across(ink: np.ndarray, solid: float, at: tuple[int, int, int, int], most: float) -> float:
    """The widest disc of solid ink (``ink`` values ``solid`` or more, the printed lines'
    pixels counted) whose centre lies in ``at`` (x0, y0, x1, y1 in ``ink``'s pixels), in
    pixels across, looked for up to ``most`` across (``depth_around``). A pen dot is solid
    all through, as wide here as itself; a speck or clump on a line is as wide as a grain
    and the line."""
    depth = depth_around(ink, solid, at, most)
    return 2.0 * float(depth.max()) if depth.size else 0.0


def depth_around(
    ink: np.ndarray, solid: float, at: tuple[int, int, int, int], most: float
) -> np.ndarray:
    """Each pixel's depth in solid ink (``ocr.components.depth_in_ink``: ``ink`` values
    ``solid`` or more, the printed lines' pixels counted, the band's edge as paper) over
    ``at`` (x0, y0, x1, y1 in ``ink``'s pixels, clipped to it), measured on ``at`` alone
    and round it: the crop round ``at`` is half ``most`` and a pixel wider each way, framed
    by paper, so no disc up to ``most`` across is cut by it and each depth up to half
    ``most`` is the whole band's. Zeros where ``at`` holds no solid ink."""
    h, w = ink.shape
    x0, y0, x1, y1 = at
    grow = int(np.ceil(most / 2)) + 1
    cx0, cy0 = max(0, x0 - grow), max(0, y0 - grow)
    crop = ink[cy0 : min(h, y1 + grow), cx0 : min(w, x1 + grow)] >= solid
    inside = (slice(max(0, y0 - cy0), max(0, y1 - cy0)), slice(max(0, x0 - cx0), max(0, x1 - cx0)))
    if not crop[inside].any():
        return np.zeros(crop[inside].shape, dtype=np.float32)
    return np.asarray(depth_in_ink(crop)[inside])


def rival_ink(
    solid: np.ndarray,
    drawn: np.ndarray,
    despecked: np.ndarray,
    thick: np.ndarray,
    printed: np.ndarray,
    line_px: float,
    px_per_mm: float,
    t: MarkSettings,
) -> np.ndarray:
    """The ink by a box that a player's mark read empty would leave (see the module
    docstring), as a mask like ``drawn``: ``solid``, the row band's solid ink;
    ``drawn``, that off the printed lines (``printed``, ``line_px`` wide);
    ``despecked``, ``drawn`` without the page's specks; ``thick``, ``solid`` thicker
    than ``clean_rival_thick_mm`` (``thicker_than``: the row makes it once, for rule
    ``empty_field_dot`` too)."""
    least = t.clean_rival_line_mm2 * px_per_mm * px_per_mm
    on_lines = on_line_blobs(solid, drawn, printed, line_px, least)
    return np.asarray(despecked | on_lines | thick)


def holds_thick_ink_by(ev: RowEvidence, i: int, t: MarkSettings, off_corners: bool = False) -> bool:
    """Is there solid ink ``clean_rival_thick_mm`` thick or thicker (the printed lines
    counted, the band's edge as paper) inside box ``i`` or within ``clean_rival_mm`` of its
    printed edges? ``off_corners``: none counted within
    ``clean_rival_mm`` of the box's printed corners, where two printed lines meet and a
    blurred print is that thick.

    Measured on the box's surroundings alone, not the whole row (``doubling_dot`` asks it
    of nearly every played row): ``depth_around``, whose crop cuts no disc that thick,
    gives the whole row's answer."""
    return bool(_thick_by(ev, i, t, off_corners)[0].any())


def thick_ink_side(ev: RowEvidence, i: int, t: MarkSettings, off_corners: bool = False) -> int:
    """Where the thick ink by box ``i`` (``holds_thick_ink_by``) lies: -1 all of it by the
    box's left printed edge (within ``clean_rival_mm`` of it, on either side), 1 all by its
    right edge, else 0 (inside it, by its top or bottom, by both sides, or none)."""
    near, (nx0, _), (x0, x1), reach = _thick_by(ev, i, t, off_corners)
    xs = np.flatnonzero(near.any(axis=0)) + nx0
    if not xs.size:
        return 0
    if xs.max() <= x0 + reach:
        return -1
    return 1 if xs.min() >= x1 - 1 - reach else 0


def _thick_by(
    ev: RowEvidence, i: int, t: MarkSettings, off_corners: bool
) -> tuple[np.ndarray, tuple[int, int], tuple[int, int], int]:
    """The pixels round box ``i`` (its printed rectangle grown by ``clean_rival_mm``,
    clipped to the band) at the centre of solid ink ``clean_rival_thick_mm`` across or more,
    with the mask's origin (x, y), the box's left and right columns and the reach (px)."""
    views = ev.views
    x0, y0, x1, y1 = views.px(ev.geometry.boxes[i][2])
    reach = round(t.clean_rival_mm * views.s)
    thick = t.clean_rival_thick_mm * views.s
    at = (x0 - reach, y0 - reach, x1 + reach, y1 + reach)
    near = depth_around(views.ink, t.solid, at, thick) * 2 >= thick
    nx0, ny0 = max(0, at[0]), max(0, at[1])
    if off_corners and near.any():
        for x, y in ((x0, y0), (x1 - 1, y0), (x0, y1 - 1), (x1 - 1, y1 - 1)):
            cx, cy = x - nx0, y - ny0
            near[max(0, cy - reach) : cy + reach + 1, max(0, cx - reach) : cx + reach + 1] = False
    return near, (nx0, ny0), (x0, x1), reach


def own_strokes(
    solid: np.ndarray,
    drawn: np.ndarray,
    printed: np.ndarray,
    line_px: float,
    boxes: np.ndarray,
    owners: frozenset[int],
    least_share: float,
    reach_px: float,
) -> np.ndarray:
    """The strokes of the marks in the boxes ``owners`` that run out of their box (rule
    ``clean_rivals``): each piece of ``drawn`` ink joined through the printed lines, every
    way (``joined_through_lines``: the solid line pixels within a line's width of it
    counted), that holds ``least_share`` of its drawn ink or more inside one box of
    ``owners`` (``boxes``: (n, 4) x0, y0, x1, y1 printed rectangles in the band's pixels),
    none inside another box, and none farther than ``reach_px`` from its own box's
    rectangle, and is no dot (the joined piece not compact, ``ocr.dots.is_compact``: a dot
    in the gap is ``dots_on_edges``' question, which box it is). A mask like ``drawn``.

    A tick's arm or a cross's that a hurried hand runs out through the box's edge ends in
    the 1 mm gap, within ``clean_rival_mm`` of the next box; asked plainly, that box holds
    ink. The arm is joined through the line to the mark's ink inside its own box, so it is
    no mark of the next box's, which would have left ink inside that box too. A circle round
    the next box runs on along that box's sides, beyond the reach."""
    joined = joined_through_lines(solid, drawn, printed, line_px)
    n, labels, stats = pieces(joined.view(np.uint8))
    keep = np.zeros(n, bool)
    h, w = drawn.shape
    for k in sorted(owners):
        x0, y0, x1, y1 = (int(v) for v in boxes[k])
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
        inside = labels[y0:y1, x0:x1][drawn[y0:y1, x0:x1]]
        found = np.unique(inside)
        for c in found[found > 0].tolist():
            bx, by, bw, bh, area = (int(v) for v in stats[c])
            if keep[c] or bool(is_compact(bw, bh, area)):
                continue
            ink = (labels[by : by + bh, bx : bx + bw] == c) & drawn[by : by + bh, bx : bx + bw]
            ys, xs = np.nonzero(ink)
            if int((inside == c).sum()) < least_share * len(xs):
                continue
            xs, ys = xs + bx, ys + by  # in the band
            keep[c] = not _in_another_box(xs, ys, boxes, k) and (
                _farthest_outside(xs, ys, boxes[k]) <= reach_px
            )
    return np.asarray(keep[labels])


def _farthest_outside(xs: np.ndarray, ys: np.ndarray, box: np.ndarray) -> float:
    """How far the farthest of the pixels (``xs``, ``ys``; the band's) lies outside
    ``box``'s rectangle (x0, y0, x1, y1), in pixels (0 where all lie inside)."""
    px, py = xs + 0.5, ys + 0.5  # pixel centres
    dx = np.maximum(np.maximum(box[0] - px, px - box[2]), 0)
    dy = np.maximum(np.maximum(box[1] - py, py - box[3]), 0)
    return float(np.hypot(dx, dy).max())


def joined_through_lines(
    solid: np.ndarray, drawn: np.ndarray, printed: np.ndarray, line_px: float
) -> np.ndarray:
    """``drawn`` ink with the solid pixels of the printed lines within a line's width of
    it, every way: a stroke that runs along a line or through a box's corner, under the
    mask of the lines there, is one piece with its ends either side."""
    k = 2 * max(1, round(line_px)) + 1
    near = cv2.dilate(drawn.astype(np.uint8), np.ones((k, k), np.uint8)).view(bool)
    return np.asarray(drawn | (solid & printed & near))


def _in_another_box(xs: np.ndarray, ys: np.ndarray, boxes: np.ndarray, i: int) -> bool:
    """Does any of the pixels (``xs``, ``ys``; the band's) lie inside a box of ``boxes``
    other than ``i`` (x0 <= x < x1, y0 <= y < y1, as ``holds_no_ink_by`` slices a box; the
    pixels are drawn ink, off the printed lines, so a box's edges hold none)?"""
    px, py = xs[:, None], ys[:, None]
    within = (boxes[:, 0] <= px) & (px < boxes[:, 2]) & (boxes[:, 1] <= py) & (py < boxes[:, 3])
    within[:, i] = False
    return bool(within.any())
