"""TRAINING's dirty scanner: dust settled on the glass, in clumps, sized as settled dust is.

The grains' sizes follow the surface particle cleanliness classes of ISO 14644-9:2012
(cleanrooms, part 9: any solid surface, walls, tools and equipment): the number of
particles a square metre of ``D`` micrometres or larger is ``k 10^N / D``, a count that
falls as one over the size, over the standard's range of sizes up to 500 micrometres (the
formula as the standard's class definition is commonly quoted; its text was not at hand,
its scope and range of sizes were, from the ISO and IEST catalogue pages). So
a grain drawn between ``GRAIN_UM`` (under a pixel at 200 dpi: the scanner shows only a
paler pixel) and ``LARGEST_UM`` is larger than ``x`` with odds ``(1/x - 1/500) / (1/100 -
1/500)``: half the grains are under 170 micrometres, one in six over 300. (The product
cleanliness levels of MIL-STD-1246 / IEST-STD-CC1246D, a log-log^2 law, describe
precision-cleaned parts, from which large particles are removed first; a scanner's glass
is not cleaned so.)

Dust settles together: grains stick to each other and to a smear on the glass, so they are
placed as a cluster process (a Neyman-Scott process: clump centres at random, each with a
geometric number of grains spread round it). Grains are ragged polygons, not ellipses; a
clump may be as large as a pen dot. This is TRAINING's model only and unlike TEST's
(``scan.py``, ``dust-and-hairs``: 1-5 elliptical grains a clump, of uniform sizes, and
hairs), so the reader's dust rules are chosen on noise they are not tested on.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

__all__ = ["GRAIN_UM", "LARGEST_UM", "grain_sizes_um", "settled_dust"]

GRAIN_UM = 100.0
"""The smallest grain drawn (micrometres, longest dimension)."""

LARGEST_UM = 500.0
"""The largest grain drawn: the top of ISO 14644-9's range of sizes (micrometres)."""

CLUMP_SHARE = 0.25
"""Clump centres for every speck a square centimetre the scanner is drawn with."""

MEAN_GRAINS = 3.0
"""Grains in a clump, on average (geometric: one grain alone is the commonest clump)."""

SPREAD_MM = 0.12
"""How far a clump's grains lie from its centre (standard deviation, mm)."""


def grain_sizes_um(rng: np.random.Generator, n: int) -> np.ndarray:
    """``n`` grain sizes (micrometres) between ``GRAIN_UM`` and ``LARGEST_UM`` from the
    one-over-size law: the inverse of ``P(>x) = (1/x - 1/L) / (1/x0 - 1/L)``."""
    u = rng.uniform(0.0, 1.0, n)
    return np.asarray(1.0 / (1.0 / GRAIN_UM - u * (1.0 / GRAIN_UM - 1.0 / LARGEST_UM)))


def settled_dust(
    img: np.ndarray, per_cm2: float, px_per_mm: float, rng: np.random.Generator
) -> None:
    """Draw clumps of settled dust over the scan: ``CLUMP_SHARE * per_cm2`` clumps a
    square centimetre, each a geometric number of ragged grains round its centre."""
    h, w = img.shape[:2]
    clumps = int(CLUMP_SHARE * per_cm2 * w * h / (10 * px_per_mm) ** 2)
    for _ in range(clumps):
        cx, cy = float(rng.uniform(0, w)), float(rng.uniform(0, h))
        grains = int(rng.geometric(1.0 / MEAN_GRAINS))
        shade = float(rng.uniform(40, 160))
        for size in grain_sizes_um(rng, grains):
            x = cx + float(rng.normal(0, SPREAD_MM)) * px_per_mm
            y = cy + float(rng.normal(0, SPREAD_MM)) * px_per_mm
            tone = float(np.clip(shade + rng.normal(0, 15), 20, 200))
            _grain(img, (x, y), size / 1000 * px_per_mm / 2, tone, rng)


def _grain(
    img: np.ndarray, at: tuple[float, float], radius_px: float, tone: float,
    rng: np.random.Generator,
) -> None:  # fmt: skip
    """One ragged grain: a polygon of 5-9 corners at uneven distances round ``at``; one
    under a pixel and a half across darkens its pixel by the share of it that it covers."""
    if radius_px < 0.75:
        x, y = round(at[0]), round(at[1])
        if 0 <= y < img.shape[0] and 0 <= x < img.shape[1]:
            cover = min(1.0, math.pi * radius_px**2)
            paper = img[y, x].astype(np.float64)
            img[y, x] = np.minimum(paper, paper - cover * (paper - tone)).round()
        return
    corners = int(rng.integers(5, 10))
    angles = np.sort(rng.uniform(0, 2 * np.pi, corners))
    reach = radius_px * rng.uniform(0.45, 1.0, corners)
    pts = np.stack([at[0] + reach * np.cos(angles), at[1] + reach * np.sin(angles)], axis=1)
    cv2.fillPoly(img, [np.round(pts * 16).astype(np.int32)], (tone,) * 3, cv2.LINE_AA, 4)
