"""Even out the light on a warped page: shadows, folds and stains become paper again.

A phone photo has a hand's or the phone's shadow over part of the page, a scan of a
folded slip has a shaded slope beside each fold, a stained slip a tinted blotch. Ink is
read by how much darker it is than the paper around it, so the paper's own brightness
must be taken out first: the paper is estimated as the page with everything small and
dark removed (a grey-level closing on a quarter-size copy, 8 mm across: wider than any
mark or digit, narrower than a shadow's or a fold's slope), smoothed, and every pixel is
divided by it (flat-field correction, as microscopes and scanners do for uneven light).
Large dark printed parts (corner markers, the QR code) are not paper; they come out light
and are read from the page before this correction.

A sheet feeder with dirt on its glass draws a thin line down the whole scan, through every
row; read as ink it would be a "1" in a digit box and a stroke in every mark box it
crosses. Such streaks are taken out of the scan first (``remove_streaks``).
"""

from __future__ import annotations

import cv2
import numpy as np

__all__ = ["PAPER_WINDOW_MM", "paper_background", "flatten", "remove_streaks"]

PAPER_WINDOW_MM = 8.0
"""Width of the closing that removes ink from the background estimate."""


def paper_background(page: np.ndarray, dpi: float) -> np.ndarray:
    """The paper's brightness under every pixel (uint8, same shape as ``page``)."""
    h, w = page.shape[:2]
    f = 0.25
    small = cv2.resize(page, (max(1, round(w * f)), max(1, round(h * f))),
                       interpolation=cv2.INTER_AREA)  # fmt: skip
    k = max(3, int(round(PAPER_WINDOW_MM * dpi * f / 25.4)) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    bg = cv2.morphologyEx(small, cv2.MORPH_CLOSE, kernel)
    bg = cv2.GaussianBlur(bg, (0, 0), k / 3)
    return cv2.resize(bg, (w, h), interpolation=cv2.INTER_LINEAR)


def flatten(page: np.ndarray, dpi: float) -> np.ndarray:
    """``page`` (greyscale uint8) with the paper brought to white everywhere."""
    bg = paper_background(page, dpi)
    return cv2.divide(page, cv2.max(bg, 1), scale=255.0)


_STREAK_CONTRAST = 12  # grey levels a streak is darker than the columns beside it
_STREAK_SHARE = 0.6  # of the scan's height a column must be such a line to be a streak


def remove_streaks(grey: np.ndarray) -> np.ndarray:
    """``grey`` with the scanner's streaks (thin lines along the whole height, exactly
    upright in the image) lightened to the columns beside them.

    A column is a streak when, in most of the scan's rows, it is darker than the pixels two
    to three columns to its left and to its right; the form's own upright lines run only
    through the boxes (a third of the height at most, and tilted with the page). Ink that
    crosses the streak is dark beside it too, and stays.
    """
    h, w = grey.shape[:2]
    if w < 16 or h < 16:
        return grey
    rows = np.ascontiguousarray(grey[:: max(1, h // 400)])
    left = cv2.max(rows[:, :-6], rows[:, 1:-5])
    right = cv2.max(rows[:, 5:-1], rows[:, 6:])
    # In uint8 the difference stops at 0 where it would go below: no pixel is darker than that.
    floor = cv2.subtract(cv2.min(left, right), _STREAK_CONTRAST)
    darker = (rows[:, 3:-3] < floor).mean(axis=0)
    columns = np.flatnonzero(darker >= _STREAK_SHARE) + 3
    if len(columns) == 0:
        return grey
    out = grey.copy()
    for x in columns:
        beside = np.minimum(grey[:, max(0, x - 3)], grey[:, min(w - 1, x + 3)])
        out[:, x] = np.maximum(grey[:, x], beside)
    return out
