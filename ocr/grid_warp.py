"""The page's warp from a coarse grid of the fit (``ocr.align.warp_region``).

``cv2.warpPerspective`` works out where every output pixel lies in the scan with a
division of its own, a third or more of the warp's CPU. Across 16 output pixels a page's
homography bends by far less than the 1/32 pixel the warp rounds positions to, so the
positions are worked out exactly on a grid 16 pixels apart, filled in between linearly
(``cv2.resize``) and the scan read there (``cv2.remap``, the same bilinear interpolation
in the same fixed point), a band of rows at a time, which keeps the band's positions in
the processor's cache. A pixel differs from ``cv2.warpPerspective``'s only where its
position lies within a hair of a 1/32 step and the two round it to neighbouring steps.

The positions are filled in for two bands at once (``_FILLED``): each fill reads a grid
row above and below its rows and fills 32 rows of positions it throws away, which for
one band of 32 rows doubled the fill's work (for two, half as much again; for more, the
positions no longer stay in the cache). Each output row's positions come from the same
two grid rows by the same weights whatever the fill's extent (``cv2.resize`` works out
each row alone), so the page is the same, pixel for pixel.
"""

from __future__ import annotations

import cv2
import numpy as np

from ocr.quarter_turn import turned_upright

__all__ = ["grid_warp", "warp_scan"]

_PAGE_PX = 500_000
"""An output this large or larger is a page (an A4 page at 150 dpi is 2.2 million
pixels) and is warped from the grid; a smaller one (a QR code's region at 300 dpi, 0.17
million) by ``cv2.warpPerspective`` itself."""

_CELL = 16
"""Output pixels between two of the grid's exact positions."""

_BAND = 32
"""Output rows read from the scan at a time."""

_FILLED = 2 * _BAND
"""Output rows whose positions are filled in at a time (a whole number of ``_BAND``s)."""


def grid_warp(grey: np.ndarray, m: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """``cv2.warpPerspective(grey, m, size)`` (bilinear, white beyond the scan), each
    output pixel's position in ``grey`` interpolated between exact ones ``_CELL`` pixels
    apart."""
    width, height = size
    # Grid point k lies at output coordinate (k - 1) * CELL + (CELL - 1) / 2: resized by
    # CELL (pixel centres kept), grid row k's output row is exactly output row y + CELL,
    # and a point beyond each end leaves no output pixel to be extrapolated.
    cols, rows = -(-width // _CELL) + 2, -(-height // _CELL) + 2
    at = (np.arange(max(cols, rows)) - 1) * _CELL + (_CELL - 1) / 2
    xs, ys = np.meshgrid(at[:cols], at[:rows])
    src = np.linalg.inv(m) @ np.stack([xs.ravel(), ys.ravel(), np.ones(xs.size)])
    grid = (src[:2] / src[2]).T.reshape(rows, cols, 2).astype(np.float32)
    out = np.empty((height, width, *grey.shape[2:]), np.uint8)  # (a colour scan's channels)
    white = _white(grey)
    for f0 in range(0, height, _FILLED):
        f1 = min(height, f0 + _FILLED)
        r0, r1 = f0 // _CELL, min(rows, (f1 - 1) // _CELL + 3)
        filled = cv2.resize(
            grid[r0:r1], (cols * _CELL, (r1 - r0) * _CELL), interpolation=cv2.INTER_LINEAR
        )
        top = f0 - (r0 - 1) * _CELL  # output row f0's row of ``filled``
        for y0 in range(f0, f1, _BAND):
            y1 = min(f1, y0 + _BAND)
            where = filled[top + y0 - f0 : top + y1 - f0, _CELL : _CELL + width]
            cv2.remap(grey, where, None, cv2.INTER_LINEAR, out[y0:y1], cv2.BORDER_CONSTANT, white)
    return out


def warp_scan(grey: np.ndarray, m: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """``grey`` warped by ``m`` (its pixels to the output's) to ``size`` (width, height),
    bilinear and white beyond the scan: a page turned upright first where it was fed
    sideways (``turned_upright``) and warped from the grid (``grid_warp``), a smaller
    region as ``cv2.warpPerspective`` warps it."""
    grey, m = turned_upright(grey, m, size)
    if size[0] * size[1] >= _PAGE_PX:
        return grid_warp(grey, m, size)
    return cv2.warpPerspective(
        grey, m, size, None, cv2.INTER_LINEAR, cv2.BORDER_CONSTANT, _white(grey)
    )


def _white(image: np.ndarray) -> int | tuple[int, ...]:
    """White beyond the scan, in each of its channels (a colour scan's three)."""
    return 255 if image.ndim == 2 else (255,) * image.shape[2]
