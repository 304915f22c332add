"""A circle's own stroke, followed round its box (rule ``off_circles``).

A hand-drawn circle round a box is no ellipse. Where it runs wide through the next box, its
stroke there may lie a millimetre or more off the ellipse fitted all round, and asking
whether the next box's ink lies along that ellipse (``ocr.outline``) leaves the box
marked. The stroke itself is one line: joined again through the printed lines it crosses
(``ocr.rival_ink.joined_through_lines``), the piece that holds the next box's ink runs on
round the circled box. ``strokes_round`` finds such pieces: those whose ink is seen in
most directions from the circled box's centre, as a stroke round it is. A mark of the next
box's own may touch that stroke and be joined to it (a tick in the declarer's box against
the circle round the score's side below it): rule ``off_circles`` asks the part in the
next box to be one stroke no longer than the box's side, as a circle's run-through is and
a tick or a cross is not.
"""

from __future__ import annotations

import numpy as np

from ocr.components import pieces
from ocr.rival_ink import joined_through_lines

__all__ = ["STROKE_DIRECTIONS", "strokes_round"]

STROKE_DIRECTIONS = 24
"""The directions round a box's centre in which a stroke's ink is looked for (15 degrees
each): a stroke round the box is seen in a share of them (``strokes_round``)."""


def strokes_round(
    solid: np.ndarray,
    drawn: np.ndarray,
    printed: np.ndarray,
    line_px: float,
    box: tuple[int, int, int, int],
    least_share: float,
) -> np.ndarray:
    """The pieces of ``drawn`` ink, joined through the printed lines (``solid`` and
    ``printed`` masks of the band, lines ``line_px`` wide), that run round ``box`` (x0,
    y0, x1, y1 in the band's pixels): each seen in ``least_share`` or more of
    ``STROKE_DIRECTIONS`` from the box's centre, counting only its ink at least a quarter
    of the box's shorter side from the centre (the box's own caption and anything drawn
    on it say nothing of a stroke round it). Only pieces whose bounding rectangle holds
    the centre can run round it. Their drawn ink, a mask like ``drawn``."""
    joined = joined_through_lines(solid, drawn, printed, line_px)
    n, labels, stats = pieces(joined.view(np.uint8))
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    near = (min(x1 - x0, y1 - y0) / 4) ** 2
    keep = np.zeros(n, bool)
    for c in range(1, n):
        bx, by, bw, bh = (int(v) for v in stats[c][:4])
        if not (bx <= cx < bx + bw and by <= cy < by + bh):
            continue
        ys, xs = np.nonzero(labels[by : by + bh, bx : bx + bw] == c)
        dx, dy = xs + bx + 0.5 - cx, ys + by + 0.5 - cy
        far = dx * dx + dy * dy >= near
        angles = np.arctan2(dy[far], dx[far])
        bins = ((angles + np.pi) * STROKE_DIRECTIONS / (2 * np.pi)).astype(int) % STROKE_DIRECTIONS
        seen = np.unique(bins)
        keep[c] = len(seen) >= least_share * STROKE_DIRECTIONS
    return np.asarray(keep[labels] & drawn)
