"""Is a circle drawn round a box: the ellipse round it that the drawn strokes best follow.

The strips and the rays (``ocr/row_marks.py``, ``ocr/circles.py``) count ink beyond what
the form prints, so a circle is invisible wherever it runs over a printed line. A circle
drawn tight round its box, or big enough to run through its neighbours' edges, or
squashed so that it runs along its own box's top and bottom, then leaves gaps the rays
take for a circle left open, and the box reads unsure or even empty although nobody
would doubt it (on 800 TRAINING pages with rings of every size, 383 of 4,895 rings).

``Outlines.support`` asks the question the other way round: is there an ellipse round
the box along which the strokes run? It tries ellipses of every size a circle round a box
is drawn at (radii 0.58-0.94 of the box's width, height 0.7-1.3 times the width, centres
up to 0.8 mm off the box's), and samples each one every 5 degrees. A sample on drawn ink
(within a pixel) is covered; a sample on a printed line, or inside a box that holds a
mark of its own, with no drawn ink by it is not known (the stroke may run under the
line, or through that mark); any other sample is paper. An ellipse counts only where
each quarter round it (right, below, left, above) is known for 30% of its samples at
least; its support is the share of known samples covered in its least covered quarter,
and the box's outline is the best support of any ellipse (none, when no ellipse counts:
then nothing can be said either way).

A circle follows one ellipse all round. Ink in the neighbouring boxes (a cross's arm, a
neighbour's circle, a tick's long stroke) covers one or two quarters of any ellipse round
this box and leaves the others on paper. On those 800 TRAINING pages (ordinary, pencil,
damaged, clean), none of 13,837 boxes with drawn ink beside two sides but no mark of
their own had an outline over 0.75 (one over 0.70); 86% of the 4,895 rings had 0.85 or
more (``ocr.marks.OUTLINE_SURE``), and so did 199 of the 383 the other views left unsure
or empty (measured before a filled box's inside was counted as not known, when no
unmarked box had over 0.67).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

import cv2
import numpy as np

__all__ = ["CENTRE_PLAY_MM", "Outlines", "ink_along"]

_SAMPLES = 72  # every 5 degrees round the ellipse
_ANGLES = np.arange(_SAMPLES) * (2 * np.pi / _SAMPLES)
_QUARTERS = np.stack(
    [np.abs((np.rad2deg(_ANGLES) - middle + 180) % 360 - 180) <= 45 for middle in (0, 90, 180, 270)]
)  # quarters x samples
_QUARTERS_T = _QUARTERS.T.astype(np.float32)
_QUARTER_SAMPLES = _QUARTERS.sum(axis=1)
# A pixel as a sample reads it (``Outlines.seen``), as a code whose sum over a quarter's
# samples counts both at once: the samples known in its low five bits (a quarter has 19),
# those covered above them.
_NOT_KNOWN, _PAPER, _COVERED = 0, 1, 1 + (1 << 5)
_KNOWN_BITS = (1 << 5) - 1

_BEYOND = 64
"""Pixels of frame round the band, every one not known: more than an ellipse round the
form's largest mark box reaches beyond it (its radius up to 0.94 of the box's width,
1.22 of its height, its centre 0.8 mm off), so that its samples beyond the band need no
test of their own. Ellipses tried further off (a wide arc's question, 1.6 mm) may reach
beyond the frame: they are read the slow way, each sample tested."""
_KNOWN_MIN = 0.3  # a quarter known for less than this share of its samples says nothing
# ... as a count of known samples per quarter: an integer count reaches ``_KNOWN_MIN`` of
# a quarter's samples (5.7 of 19) exactly when it reaches that share's ceiling (6)
_KNOWN_LEAST = np.ceil(_KNOWN_MIN * _QUARTER_SAMPLES).astype(np.int32)
CENTRE_PLAY_MM = 0.8
"""How far off the box's centre (mm, each way) the ellipses are tried by default: a circle
drawn up to ~1 mm off the box's centre still goes round it. A rule that asks whether a
neighbour's ink may be the arc of a circle drawn wide round the box asks with more play
(``MarkSettings.arc_centre_play_mm``)."""
_CENTRE_STEP_MM = 0.4
_RADII = np.arange(0.58, 0.95, 0.04)  # half-widths, as a share of the box's width
_ASPECTS = (0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3)  # height / width of the ellipse, box-relative
_TOLERANCE_PX = 1  # a stroke within this of a sample covers it


@lru_cache(maxsize=32)
def _ellipses(
    w: int, h: int, px_per_mm: float, half_x: bool, half_y: bool, play_mm: float
) -> tuple[np.ndarray, ...]:
    """Every ellipse tried round a ``w`` x ``h`` px box, their centres up to ``play_mm``
    off its own, as pixel offsets from the box's centre rounded down (its centre lies
    half a pixel further when ``half_x`` or ``half_y``): (ellipses x samples) of column
    and of row."""
    play = np.arange(-play_mm, play_mm + 1e-9, _CENTRE_STEP_MM) * px_per_mm
    dx, dy, rx, aspect = np.meshgrid(play, play, _RADII * w, np.array(_ASPECTS), indexing="ij")
    dx, dy, rx, aspect = (v.ravel() for v in (dx, dy, rx, aspect))
    ry = rx * aspect * h / w
    xs = dx[:, None] + rx[:, None] * np.cos(_ANGLES)[None, :] + (0.5 if half_x else 0.0)
    ys = dy[:, None] + ry[:, None] * np.sin(_ANGLES)[None, :] + (0.5 if half_y else 0.0)
    return np.rint(xs).astype(np.intp), np.rint(ys).astype(np.intp)


@lru_cache(maxsize=32)
def _flat_ellipses(
    w: int, h: int, px_per_mm: float, half_x: bool, half_y: bool, play_mm: float, cols: int
) -> tuple[np.ndarray, int, tuple[int, int, int, int]]:
    """``_ellipses`` as offsets into a row band ``cols`` pixels wide read flat (row times
    ``cols`` plus column), counted from the least of them (``least``, returned with the
    least and greatest column and row offset): a box's samples are then a look-up into
    the band from its centre's flat index plus ``least``, and whether any lies beyond
    the band four comparisons."""
    xs, ys = _ellipses(w, h, px_per_mm, half_x, half_y, play_mm)
    bounds = (int(xs.min()), int(ys.min()), int(xs.max()), int(ys.max()))
    flat = ys * cols + xs
    least = int(flat.min())
    return flat - least, least, bounds


class _Fit(NamedTuple):
    """The ellipses tried round one box."""

    centre: tuple[int, int]  # the box's centre (px, rounded down)
    xs: np.ndarray  # the samples' column offsets from it (``_ellipses``)
    ys: np.ndarray  # ... and row offsets
    support: np.ndarray  # the support of the ellipses that count
    which: np.ndarray  # ... and their indices


class Outlines:
    """The ellipses round a row's boxes (see the module docstring): the row's masks are
    prepared once, each box looked at on demand.

    ``drawn``: drawn ink off the printed lines, without the inside of boxes that hold a
    mark of their own (bool); ``hidden``: where a stroke cannot be seen (bool, same
    shape): the form's printed lines, widened by the fit's play, and the inside of those
    boxes."""

    def __init__(self, drawn: np.ndarray, hidden: np.ndarray, px_per_mm: float) -> None:
        size = 2 * _TOLERANCE_PX + 1
        near = cv2.dilate(drawn.astype(np.uint8), np.ones((size, size), np.uint8)) > 0
        self.shape = near.shape
        # What each pixel is to a sample, in one array so that one look-up a box reads
        # both: ``_COVERED`` (drawn ink near), ``_NOT_KNOWN`` (hidden, no ink near) or
        # ``_PAPER``; in a frame of ``_BEYOND`` pixels not known, as the samples beyond
        # the band are.
        rows, cols = near.shape
        seen = np.full((rows + 2 * _BEYOND, cols + 2 * _BEYOND), _NOT_KNOWN, np.uint8)
        inner = seen[_BEYOND:-_BEYOND, _BEYOND:-_BEYOND]
        known = ~hidden | near
        np.bitwise_or(known.view(np.uint8), near.view(np.uint8) << 5, out=inner)
        self.seen = seen.ravel()
        self.px_per_mm = round(px_per_mm, 3)
        self._fits: dict[tuple[int, int, int, int, float], _Fit | None] = {}

    def support(
        self, box: tuple[int, int, int, int], play_mm: float = CENTRE_PLAY_MM
    ) -> float | None:
        """How well the drawn strokes follow an ellipse round ``box`` (pixels x0, y0, x1,
        y1 of its printed rectangle), its centre up to ``play_mm`` off the box's: the
        best ellipse's support, 0..1; None when no ellipse round it counts (too much of
        it hidden), so nothing can be said."""
        fit = self._fit(box, play_mm)
        return None if fit is None else float(fit.support.max())

    def ellipse(self, box: tuple[int, int, int, int]) -> np.ndarray | None:
        """The ellipse round ``box`` the strokes follow best, as its (samples, 2) pixel
        points (x, y) round it; None when no ellipse counts (``support`` is 0)."""
        fit = self._fit(box)
        if fit is None:
            return None
        (cx, cy), xs, ys, support, which = fit
        if support.max() <= 0.0:
            return None
        k = which[int(support.argmax())]
        return np.stack([xs[k] + cx, ys[k] + cy], axis=1)

    def _fit(self, box: tuple[int, int, int, int], play_mm: float = CENTRE_PLAY_MM) -> _Fit | None:
        """Every ellipse tried round ``box`` (the box's centre and the samples' offsets
        from it), their centres up to ``play_mm`` off its own, the support of those that
        count and their indices; None when none counts. Fitted once a box and play: a
        box's support and its ellipse are asked by different rules."""
        key = (*box, play_mm)
        if key not in self._fits:
            self._fits[key] = self._fitted(box, play_mm)
        return self._fits[key]

    def _fitted(self, box: tuple[int, int, int, int], play_mm: float) -> _Fit | None:
        x0, y0, x1, y1 = box
        w, h = x1 - x0, y1 - y0
        if w <= 0 or h <= 0:
            return None
        rows, cols = self.shape
        shape = (w, h, self.px_per_mm, bool((x0 + x1) % 2), bool((y0 + y1) % 2), play_mm)
        xs, ys = _ellipses(*shape)
        wide = cols + 2 * _BEYOND  # the band read with its frame
        flat, least, (left, top, right, bottom) = _flat_ellipses(*shape, wide)
        cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
        # the samples' rows times the framed band's columns plus their columns
        first = (cy + _BEYOND) * wide + cx + _BEYOND + least
        if (
            min(cx + left, cy + top) >= -_BEYOND
            and cx + right < cols + _BEYOND
            and cy + bottom < rows + _BEYOND
        ):  # every sample in the framed band: read from the first on, no index added
            seen = self.seen[first:].take(flat)
        else:  # beyond the frame too (no box of the form is so large)
            seen = self.seen.take(flat + first, mode="clip")
            px, py = xs + cx, ys + cy
            off = (px < 0) | (px >= cols) | (py < 0) | (py >= rows)  # beyond the band
            seen[off] = _NOT_KNOWN
        # Each quarter's codes summed (ellipses x quarters; exact in float32, as one
        # product for both counts): known samples in the low bits, covered ones above.
        quarters = (seen.astype(np.float32) @ _QUARTERS_T).astype(np.int32)
        # (integer counts against an integer least: no float comparison of 1,750 x 4)
        enough = ((quarters & _KNOWN_BITS) >= _KNOWN_LEAST).all(axis=1)
        if not enough.any():
            return None
        # The ellipses that count picked out once, their counts split after (as float32
        # counts: the support's floats are the same as ever).
        which = np.flatnonzero(enough)
        counted = quarters[which]
        known = np.maximum(counted & _KNOWN_BITS, 1).astype(np.float32)
        support = ((counted >> 5).astype(np.float32) / known).min(axis=1)
        return _Fit((cx, cy), xs, ys, support, which)


def ink_along(ink: np.ndarray, curve: np.ndarray, reach_px: int) -> float:
    """The ink (values 0..1 of a crop) within ``reach_px`` of the closed curve through
    ``curve``'s (x, y) points, given in the crop's pixels: how much of it a stroke that
    follows the curve explains."""
    band = np.zeros(ink.shape, np.uint8)
    points = np.rint(curve).astype(np.int32).reshape(-1, 1, 2)
    cv2.polylines(band, [points], True, 1, 2 * reach_px + 1)
    return float((ink * band).sum())
