"""How wide the form's own printed lines scan on one row, so that a circle's stroke is
told from them.

A stroke that runs in a strip beside a box, or along a ray from its centre, is drawn ink
beyond what the form prints there (``ocr.circles.printed_across``). What the form prints
is known from the layout as a mask of its lines; how many solid pixels each of them is
across on this scan is measured here, once per row: the box edges at each box's left
edge, the grey hairlines between rows where they lie. Where the hairlines scan as no solid
ink, a stroke that runs along one is found by its tone (``strokes_over_hairlines``).
"""

from __future__ import annotations

from functools import partial

import cv2
import numpy as np

from ocr.components import pieces
from ocr.digits import quantile
from ocr.mark_geometry import BORDER_CORE_MM, BORDER_INNER_MM, HAIRLINE, kept_for
from ocr.marks import ink_values

__all__ = ["border_width", "hairline_width", "strokes_over_hairlines"]


def hairline_width(solid: np.ndarray, lines: np.ndarray, hairline_rows: np.ndarray) -> float:
    """How many solid pixels the grey hairlines between rows are across (they print
    lighter than box edges and may scan thinner or vanish). ``solid``: the row band's
    solid ink; ``lines``: the printed lines where they lie on it; ``hairline_rows``: which
    of its pixel rows a hairline crosses, as they lie."""
    rows = np.flatnonzero(hairline_rows)
    if len(rows) == 0:
        return 0.0
    widths = []
    for y in (int(rows[0]), int(rows[-1])):
        # The hairline's columns are the row's lines' alone (kept where they never change).
        cols = kept_for(lines, ("hairline", y), partial(_hairline_columns, lines, y))
        y0, y1 = max(0, y - 3), y + 4
        across = cv2.reduce(solid[y0:y1].view(np.uint8), 0, cv2.REDUCE_SUM, dtype=cv2.CV_32S)
        widths.append(_median(across[0, cols]))
    return float(np.mean(widths))


def _hairline_columns(lines: np.ndarray, y: int) -> np.ndarray:
    """The columns where the hairline of band row ``y`` prints (``lines``)."""
    return np.flatnonzero(lines[y] == HAIRLINE)


def _median(counts: np.ndarray) -> float:
    """``float(np.median(counts))`` of integer counts, without its overhead: the middle
    count, or the two middle ones' mean (their sum and half of it exact in float64)."""
    n = len(counts)
    if n == 0:
        return float(np.median(counts))  # nan, as numpy says
    half = n // 2
    if n % 2:
        return float(np.partition(counts, half)[half])
    middle = np.partition(counts, (half - 1, half))
    return (float(middle[half - 1]) + float(middle[half])) / 2


def border_width(
    solid: np.ndarray, lines: np.ndarray, outer: np.ndarray, px_per_mm: float
) -> tuple[float, float]:
    """How many solid pixels a printed box edge of this row is across, and how many the
    mask of printed lines gives it (across each box's left edge at its middle; ``outer``:
    the boxes' printed rectangles in the band, (n, 4) x0, y0, x1, y1).

    An edge 0.3 mm wide lands on 2 pixels or on 3 as it falls on the pixel grid, so the
    row's edges are a mix of both. Their width is the interquartile mean of the counts (a
    mark crossing an edge at its middle, or an edge broken there, is left out), not the
    median: a median of 2s and 3s is 2 or 3 as the pen's ramp or the noise tips it, and
    an edge taken 2 px across where it prints 3 leaves a pixel over along its whole
    length, two where a strip crosses two edges, as many as a circle's stroke
    (``ocr.circles.THICKER_PX``): an empty box between two such edges looked circled (the
    sample evening's board 9 row 3, S beside a slash in W)."""
    if not len(outer):
        return 2.0, 2.0
    w = solid.shape[1]
    key = ("border", outer.tobytes(), outer.shape, w, px_per_mm)
    at, within, mask = kept_for(lines, key, lambda: _across_edges(lines, outer, w, px_per_mm))
    ink = (solid[at] & within).sum(axis=1)
    counts = np.sort(ink)
    quarter = len(counts) // 4
    return float(counts[quarter : len(counts) - quarter].mean()), mask


def _across_edges(
    lines: np.ndarray, outer: np.ndarray, w: int, px_per_mm: float
) -> tuple[tuple[np.ndarray, np.ndarray], np.ndarray, float]:
    """The pixels across each box's left edge at its middle (``border_width``: their rows
    and columns, and which of them lie within the band) and the pixels the mask of printed
    ``lines`` gives an edge there (their median, 1 at least): the row's lines' alone."""
    core = round(BORDER_CORE_MM * px_per_mm)
    inner = round(BORDER_INNER_MM * px_per_mm)
    ys = (outer[:, 1] + outer[:, 3]) // 2
    a = np.minimum(np.maximum(0, outer[:, 0] - core), w)
    b = np.minimum(outer[:, 0] + inner, w)
    # The few pixels from a to b of each box's middle row, counted where they lie.
    at = a[:, None] + np.arange(core + inner)
    within = at < b[:, None]
    at = (ys[:, None], np.minimum(at, w - 1))
    mask = ((lines[at] > 0) & within).sum(axis=1)
    for kept in (*at, within):
        kept.flags.writeable = False
    return at, within, max(1.0, float(np.median(mask)))


def strokes_over_hairlines(
    grey: np.ndarray,
    paper: float,
    strength: float,
    hairline_band: np.ndarray,
    solid_at: float,
    min_run: int,
) -> np.ndarray:
    """Strokes that run along the grey hairlines of a row (``hairline_band``: the pixels
    the mask of printed lines gives them, without the box edges): the top of a circle
    that follows the line above the row, which that mask hides. Meant for rows whose
    hairlines scan as no solid ink (``hairline_width`` 0).

    Ink on paper multiplies the light that comes back, so a stroke over a hairline is
    what is left of a pixel's tone once the hairline's own is divided out. The line's
    tone at each of its pixel rows is its median along the row (strokes cross it at few
    places); the rest is read on the row's ink ramp (``strength``, ``ocr.pen``) like any
    stroke, solid from ``solid_at``. A patch where the scan merely darkens the line keeps
    little once divided. Only pieces ``min_run`` px long or more along the line are
    kept: a stroke that crosses it (the arm of a cross in the next row reaching up) is
    seen beside the line already, and adds nothing of a circle that follows it."""
    out = np.zeros(hairline_band.shape, bool)
    rows = np.flatnonzero(hairline_band.any(axis=1))
    for y in rows:
        cols = np.flatnonzero(hairline_band[y])
        tone = grey[y, cols].astype(np.float32)
        line = max(quantile(tone[::3], 0.5) / paper, 0.05)  # every third pixel is enough
        out[y, cols] = ink_values(tone / line, paper, strength) >= solid_at
    if not out.any():
        return out
    # Each hairline's rows alone (the rows between two hairlines hold nothing, so no piece
    # runs from one to the other): labelling the band from the top hairline to the bottom
    # one cost eight times as much.
    apart = np.flatnonzero(np.diff(rows) > 1) + 1
    for run in np.split(rows, apart):
        y0, y1 = run[0], run[-1] + 1
        _, labels, stats = pieces(out[y0:y1].view(np.uint8))
        long = stats[:, cv2.CC_STAT_WIDTH] >= min_run
        long[0] = False
        out[y0:y1] = long[labels]
    return out
