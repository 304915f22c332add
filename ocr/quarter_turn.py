"""A scan fed sideways turned upright before it is warped (``ocr.align.warp_region``).

The warp reads the scan along the lines it writes: along the scan's rows for a page fed
upright or upside down, down its columns for a page fed sideways, where every pixel read
lies in another cache line. Turning such a scan a quarter first (``cv2.rotate``, an
exact copy of its pixels in another order) costs about one pass over the image, and the
warp then reads along rows; the warp's own arithmetic is unchanged, so the page it gives
is the same, pixel for pixel. Only a warp that writes a large part of the scan is worth
the turn (the page, not a QR code's corner).
"""

from __future__ import annotations

import cv2
import numpy as np

__all__ = ["turned_upright"]

_WORTH_TURNING = 0.25
"""A warp that writes at least this share of the scan's pixels is done on the turned
scan: the turn is one pass over every pixel of the scan, the column reads it saves one
slow read per pixel written."""


def turned_upright(
    grey: np.ndarray, m: np.ndarray, size: tuple[int, int]
) -> tuple[np.ndarray, np.ndarray]:
    """``grey`` and ``m`` (its pixels to the output's, a homography) for a warp of
    ``size`` (width, height): where the output's rows run down the scan's columns and the
    output is worth it, the scan turned a quarter so that they run along its rows, and
    ``m`` for the turned scan; else both as they are."""
    if size[0] * size[1] < _WORTH_TURNING * grey.shape[0] * grey.shape[1]:
        return grey, m
    # Where the output's rows run in the scan: the step one output pixel along a row at
    # the output's centre takes there.
    cx, cy = size[0] / 2, size[1] / 2
    ends = np.linalg.inv(m) @ np.array([[cx, cx + 1.0], [cy, cy], [1.0, 1.0]])
    across, down = (ends[:2, 1] / ends[2, 1]) - (ends[:2, 0] / ends[2, 0])
    if abs(down) <= abs(across):
        return grey, m
    h, w = grey.shape[:2]
    if down > 0:  # the output's rows run down the scan: turned anticlockwise, they run along
        turned = cv2.rotate(grey, cv2.ROTATE_90_COUNTERCLOCKWISE)
        back = np.array([[0, -1, w - 1], [1, 0, 0], [0, 0, 1]], np.float64)
    else:  # the output's rows run up the scan: turned clockwise
        turned = cv2.rotate(grey, cv2.ROTATE_90_CLOCKWISE)
        back = np.array([[0, 1, 0], [-1, 0, h - 1], [0, 0, 1]], np.float64)
    return turned, m @ back
