"""A box's fill measured against the paper beside it: what a fold's shaded slope leaves.

The flat-field step (ocr/illumination.py) takes out light that changes slowly over the
page, but a fold's crease is sharp: on one side of it the slope facing away from the
scanner's lamp is shaded, on the other it is lit, and the paper estimate, smoothed over
a few millimetres, cannot follow the step. What is left is a long straight band a few
millimetres wide, 5-25% darker than the paper, across every box it runs through. A
box's fill is its pixels' darkness against the row's paper (ocr/marks.py), so a box in
such a band reads a thin fill, unsure or even marked (a pale pen's row lowers the ramp,
ocr/pen.py). Ink is different: dark and thin, inside the box only.

A band runs through the box and out of it on both sides: an upright one above and
below the box, a level one left and right of it. So the paper under each pixel of the
box is taken from the surround in line with it: per column, the lighter of the paper
just above and just below the box; per row, the lighter of the paper just left and right
of it; the darker of those two (whichever explains a band), never lighter than the row's
paper, and only where it is darker than the row's paper by ``margin`` (noise is not a
band). A band's lit edge is a sharp step that may run a pixel aslant across the box, so
each line is read against the darkest of that paper within a pixel of it. The
surround's printed lines and drawn ink (solid, off the form's lines) are left out, so a
mark beside the box, or a stroke crossing the surround on one side only, does not darken
the paper estimate; a neighbour's thin fill would have to lie on both sides to do so.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from ocr.marks import ramp_bounds

__all__ = [
    "any_shade_levels",
    "fill_in_shade",
    "least_fill_in_any_shade",
    "least_fill_in_shade",
    "paper_in_line",
]

Px = tuple[int, int, int, int]

_GREY_LEVELS = np.arange(256, dtype=np.uint8)[None, :]
"""Every grey level once, as an image one pixel high (``any_shade_levels``)."""


def fill_in_shade(
    grey: np.ndarray,
    ink: np.ndarray,
    paper_px: np.ndarray,
    inner: Px,
    outer: Px,
    paper: float,
    strength: float,
    reach_px: int,
    band_px: int,
    margin: float,
) -> float:
    """The fill of ``inner`` (x0, y0, x1, y1 in ``grey``'s pixels) against the paper in
    line with each of its pixels beside the printed box ``outer``, ``reach_px`` deep
    (``paper_px``: the pixels of ``grey`` that may be paper: not printed, not drawn ink).
    Darker paper narrower than ``band_px`` is a stroke crossing the surround, not a band.
    ``paper`` is the row's paper tone, ``strength`` the row's pen (ocr/pen.py), ``ink``
    the row's ink values against its paper (ocr/marks.py, the printed captions allowed
    for): no pixel reads more ink than there."""
    if inner[2] <= inner[0] or inner[3] <= inner[1]:
        return 0.0
    local = paper_in_line(grey, paper_px, inner, outer, paper, reach_px, band_px)
    rows, cols = slice(inner[1], inner[3]), slice(inner[0], inner[2])
    return _against(local, grey[rows, cols], ink[rows, cols], paper, strength, margin)


def paper_in_line(
    grey: np.ndarray,
    paper_px: np.ndarray,
    inner: Px,
    outer: Px,
    paper: float,
    reach_px: int,
    band_px: int,
) -> np.ndarray:
    """The paper under each pixel of a non-empty ``inner`` (float32, its shape), read
    beside the printed box ``outer`` in line with it (``fill_in_shade``'s arguments): per
    column the lighter of the paper above and below, per row the lighter of the paper left
    and right, the darker of the two, never lighter than ``paper``, the darkest within
    ``_STEP_PLAY_PX`` of the line. A fold's band through the box darkens both sides of it;
    darker paper narrower than ``band_px`` is a stroke crossing one strip, and the row's
    paper stands there."""
    rows, cols, up, down, before, after = _beside(inner, outer, reach_px, grey.shape)
    above, below = _medians(grey[up, cols], paper_px[up, cols], grey[down, cols],
                            paper_px[down, cols], 0)  # fmt: skip
    left, right = _medians(grey[rows, before], paper_px[rows, before], grey[rows, after],
                           paper_px[rows, after], 1)  # fmt: skip
    column_paper = _step_play(_wide(np.fmax(above, below), paper, band_px))
    row_paper = _step_play(_wide(np.fmax(left, right), paper, band_px))
    local: np.ndarray = np.minimum(column_paper[None, :], row_paper[:, None])
    return local


def least_fill_in_shade(
    grey: np.ndarray,
    ink: np.ndarray,
    paper_px: np.ndarray,
    inner: Px,
    outer: Px,
    paper: float,
    strength: float,
    reach_px: int,
    margin: float,
) -> float:
    """The least ``fill_in_shade`` (same arguments, but the band's width, which only
    lightens the paper it reads) can give: the box read against the darkest paper pixel
    beside it, everywhere. Each pixel's paper there is a median of paper pixels beside the
    box (or the row's paper) and never darker than the darkest of them, and a pixel reads
    less ink against lighter paper, so where this bound already reads the box's fill in
    the class its plain fill has, the shade cannot move it (rule ``shaded_band``): a tick
    or a cross is ink against any paper the band may leave."""
    if inner[2] <= inner[0] or inner[3] <= inner[1]:
        return 0.0
    rows, cols, up, down, before, after = _beside(inner, outer, reach_px, grey.shape)
    darkest = np.float32(paper)  # the paper a line without paper pixels is read against
    for strip in ((up, cols), (down, cols), (rows, before), (rows, after)):
        seen = grey[strip][paper_px[strip]]
        if seen.size:
            darkest = min(darkest, np.float32(seen.min()))
    local = np.full((1, 1), darkest, np.float32)
    return _against(local, grey[rows, cols], ink[rows, cols], paper, strength, margin)


def least_fill_in_any_shade(
    grey: np.ndarray,
    ink: np.ndarray,
    inner: Px,
    paper: float,
    strength: float,
    darkest: float,
    margin: float,
    levels: np.ndarray | None = None,
) -> float:
    """The least ``fill_in_shade`` can give whatever lies beside the box, without looking
    there: its paper pixels are grey levels (whole numbers) above ``darkest`` darker than
    the row's ``paper``, so none is darker than the first level above that, and the box
    read against that level everywhere is ``least_fill_in_shade``'s bound for any
    surround (rule ``shaded_band``: a dark tick or cross is settled before the paper
    beside its box is read at all). ``levels``: ``any_shade_levels`` of the same
    ``paper``, ``strength``, ``darkest`` and ``margin``, made once for a row's boxes."""
    if inner[2] <= inner[0] or inner[3] <= inner[1]:
        return 0.0
    rows, cols = slice(inner[1], inner[3]), slice(inner[0], inner[2])
    if grey.dtype != np.uint8:  # not whole grey levels: worked out on the pixels
        local = _least_paper(paper, darkest)
        return _against(local, grey[rows, cols], ink[rows, cols], paper, strength, margin)
    if levels is None:
        levels = any_shade_levels(paper, strength, darkest, margin)
    # (the box's levels looked up by OpenCV: the same floats as ``levels[grey]``)
    return _mean(np.minimum(cv2.LUT(grey[rows, cols], levels), ink[rows, cols]))


def any_shade_levels(paper: float, strength: float, darkest: float, margin: float) -> np.ndarray:
    """Per grey level (0-255), the ink a pixel of that level reads against the paper
    ``least_fill_in_any_shade`` bounds a box with (float32): ``_against``'s arithmetic on
    the 256 levels once, for a row's boxes to look their pixels up in, each the same
    float as worked out on the pixel itself (rule ``shaded_band`` asks it of some five
    boxes a pencil row)."""
    local = _least_paper(paper, darkest)
    shaded: np.ndarray = _shaded(local, _GREY_LEVELS, paper, strength, margin)[0]
    return shaded


def _least_paper(paper: float, darkest: float) -> np.ndarray:
    """The darkest paper any shade leaves (``least_fill_in_any_shade``), as one pixel: the
    first whole grey level above ``darkest`` darker than ``paper``, or ``paper``."""
    level = math.floor(paper * (1.0 - darkest)) + 1
    return np.full((1, 1), min(np.float32(paper), np.float32(level)), np.float32)


def _beside(inner: Px, outer: Px, reach_px: int, shape: tuple[int, ...]) -> tuple[slice, ...]:
    """The box's rows and columns (``inner``), and the strips ``reach_px`` deep above,
    below, left and right of the printed box ``outer``, within the band (``shape``)."""
    x0, y0, x1, y1 = inner
    ox0, oy0, ox1, oy1 = outer
    h, w = shape[:2]
    return (
        slice(y0, y1), slice(x0, x1),
        slice(max(0, oy0 - reach_px), oy0), slice(oy1, min(h, oy1 + reach_px)),
        slice(max(0, ox0 - reach_px), ox0), slice(ox1, min(w, ox1 + reach_px)),
    )  # fmt: skip


def _against(
    local: np.ndarray,
    grey: np.ndarray,
    ink: np.ndarray,
    paper: float,
    strength: float,
    margin: float,
) -> float:
    """The box's fill (``grey``, its ``ink`` values) against ``local`` paper (one value per
    pixel, or one for all): paper less than ``margin`` darker than the row's is the row's."""
    return _mean(np.minimum(_shaded(local, grey, paper, strength, margin), ink))


def _mean(values: np.ndarray) -> float:
    """``float(values.mean())`` of a non-empty float array, as numpy works it (the sum in
    the array's own type, divided as a double by the count, rounded back to that type)
    without the Python-level steps of ``np.mean``: a third of a small box's fill in shade."""
    total = np.add.reduce(values, axis=None)
    return float(total.dtype.type(float(total) / values.size))


def _shaded(
    local: np.ndarray, grey: np.ndarray, paper: float, strength: float, margin: float
) -> np.ndarray:
    """Each pixel of ``grey`` read as ink (0..1, float32) against ``local`` paper
    (``_against``, before the pixel's ink against the row's paper caps it)."""
    local = np.where(local > paper * (1.0 - margin), paper, local)
    low, high = ramp_bounds(strength)
    rel = (local - grey.astype(np.float32)) / np.maximum(local, 1.0)
    shaded: np.ndarray = np.clip((rel - low) / (high - low), 0.0, 1.0)
    return shaded


_LEAST_PAPER = 3
"""Paper pixels a line of a strip must hold to be read: the 1 mm gap between two boxes
keeps a pixel or two off their printed edges, which a blurred photo darkens alike all
along the row (TRAINING phone pages: pale ticks read thinner, the gaps' paper taken for
a band)."""


def _wide(profile: np.ndarray, paper: float, band_px: int) -> np.ndarray:
    """``profile`` (the paper along one side; NaN where none was seen: the row's paper)
    without its dark runs narrower than ``band_px``: a grey-level closing along it."""
    line = np.where(np.isnan(profile), paper, profile).astype(np.float32)[None, :]
    if band_px > 1:
        kernel = np.ones((1, band_px | 1), np.uint8)  # odd: centred, the runs kept in place
        line = cv2.erode(cv2.dilate(line, kernel), kernel)
    return np.minimum(line[0], paper)


_STEP_PLAY_PX = 1
"""Pixels either side of each line whose paper it may be read against, the darkest taken:
a fold's lit edge is a sharp step, and the crease runs a little aslant, so that above the
box the step lies a pixel or two off where it lies below it; the lighter of the two then
puts lit paper over the box's shaded pixels along the step, a thin dark line read as ink
(TRAINING damaged 86020 ``page_0016.jpg``: result_count 11 on four rows, 0.072 against
the paper beside it, unsure; 0.043 with a pixel's play, empty)."""


def _step_play(line: np.ndarray) -> np.ndarray:
    """The darkest paper within ``_STEP_PLAY_PX`` of each place along ``line``."""
    kernel = np.ones((1, 2 * _STEP_PLAY_PX + 1), np.uint8)
    played: np.ndarray = cv2.erode(line[None, :], kernel)[0]
    return played


def _median(values: np.ndarray, keep: np.ndarray, axis: int) -> np.ndarray:
    """The median (the lower of the middle two) of ``values`` along ``axis`` over the
    pixels ``keep`` says are paper; NaN where fewer than ``_LEAST_PAPER`` are."""
    n = values.shape[1 - axis]
    if values.shape[axis] == 0:
        return np.full(n, np.nan, np.float32)
    ordered = np.sort(np.where(keep, values.astype(np.float32), np.inf), axis=axis)
    counts = keep.sum(axis=axis, dtype=np.intp)  # np.count_nonzero of a bool mask, less its steps
    middle = np.maximum(counts - 1, 0) // 2
    across = np.arange(n)
    median = ordered[middle, across] if axis == 0 else ordered[across, middle]
    return np.where(counts >= _LEAST_PAPER, median, np.nan).astype(np.float32)


def _medians(
    a: np.ndarray, a_keep: np.ndarray, b: np.ndarray, b_keep: np.ndarray, axis: int
) -> tuple[np.ndarray, np.ndarray]:
    """``_median`` of two strips along ``axis`` (above and below a box, or left and right
    of it), in one sort where they are as deep (all but at the band's edge): each line's
    median is its own, whichever array it lies in."""
    if a.shape != b.shape or a.shape[axis] == 0:
        return _median(a, a_keep, axis), _median(b, b_keep, axis)
    other = 1 - axis
    both = _median(np.concatenate([a, b], other), np.concatenate([a_keep, b_keep], other), axis)
    n = a.shape[other]
    return both[:n], both[n:]
