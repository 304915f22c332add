"""Variety for the digit model's training images that no one source gives (issue 13).

A writer the model never saw differs from every training writer in two ways an affine map
cannot make: the strokes bend where theirs do not (a "7" with a curved stem, a "4" whose
arms meet off the corner, a loop pressed flat), and their pen is thinner or thicker. Two
distortions of an ink image (0..1, any size, ink bright on black) add them:

- an elastic distortion (Simard, Steinkraus and Platt, "Best practices for convolutional
  neural networks applied to visual document analysis", ICDAR 2003): every pixel moves by
  a random field smoothed with a Gaussian, so neighbouring pixels move together and the
  strokes bend rather than break. Size and smoothness are given relative to the digit, so
  an 8-pixel optdigit and a 60-pixel font render bend alike;
- a stroke thickness change: grey dilation (a felt tip) or erosion (a fine ballpoint),
  by a share of the digit's height; an erosion that would take away most of the ink (a
  thin stroke already) is not made.

Used on training images only: ``ocr.training.digit_dataset.validation_set`` keeps the
distortions it always had, so validation figures stay comparable between models.
"""

from __future__ import annotations

import cv2
import numpy as np

__all__ = ["elastic", "stroke_thickness", "vary"]


def elastic(
    ink: np.ndarray, rng: np.random.Generator, strength: float, smooth: float
) -> np.ndarray:
    """Bend the strokes: each pixel displaced by a smooth random field.

    ``strength`` is the displacement's standard deviation and ``smooth`` the Gaussian's
    sigma, both as a share of the digit's larger side (Simard et al. used sigma 4 px on
    28 px digits, about 0.14, and a displacement of about 5% of the side).
    """
    h, w = ink.shape
    pad = max(2, round(0.1 * max(h, w)))
    ink = cv2.copyMakeBorder(ink, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    h, w = ink.shape
    side = float(max(h, w) - 2 * pad)
    sigma = max(0.8, smooth * side)
    fields = []
    for _ in range(2):
        field = cv2.GaussianBlur(rng.uniform(-1.0, 1.0, (h, w)).astype(np.float32), (0, 0), sigma)
        spread = float(field.std())
        fields.append(field * (strength * side / spread if spread > 1e-9 else 0.0))
    gx, gy = np.meshgrid(np.arange(w, dtype=np.float32), np.arange(h, dtype=np.float32))
    return cv2.remap(
        ink.astype(np.float32),
        gx + fields[0],
        gy + fields[1],
        interpolation=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=0,
    )


def _ink_height(ink: np.ndarray) -> int:
    rows = np.nonzero((ink > 0.2).any(axis=1))[0]
    return int(rows[-1] - rows[0] + 1) if len(rows) else 0


def stroke_thickness(ink: np.ndarray, rng: np.random.Generator, change: float) -> np.ndarray:
    """Thicken (``change`` > 0) or thin (< 0) the strokes by ``|change|`` of the digit's
    height; a thinning that would leave less than 55% of the ink is skipped."""
    px = round(abs(change) * _ink_height(ink))
    if px < 1:
        return ink
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (px + 1, px + 1))
    if change > 0:
        return cv2.dilate(ink, kernel)
    thinner = cv2.erode(ink, kernel)
    before = float((ink > 0.5).sum())
    return thinner if before and float((thinner > 0.5).sum()) >= 0.55 * before else ink


def vary(
    ink: np.ndarray, rng: np.random.Generator, bend: float = 0.7, max_bend: float = 0.05
) -> np.ndarray:
    """An elastic distortion (with chance ``bend``, displacement up to ``max_bend`` of the
    side) and, half the time, a stroke thickness change of up to 6% of the height."""
    if rng.random() < bend:
        ink = elastic(ink, rng, rng.uniform(0.01, max_bend), rng.uniform(0.1, 0.16))
    if rng.random() < 0.5:
        ink = stroke_thickness(ink, rng, rng.uniform(-0.05, 0.06))
    return ink
