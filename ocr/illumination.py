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
"""

from __future__ import annotations

import cv2
import numpy as np

__all__ = ["PAPER_WINDOW_MM", "paper_background", "flatten"]

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
    return cv2.divide(page, np.maximum(bg, 1), scale=255.0)
