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

How much dust a glass holds depends on when it was last cleaned. Dust deposits on a surface
at a steady rate (the particle deposition rate of ISO 14644-17:2021, particles a square
metre an hour: the load grows in proportion to the time the surface stood uncleaned; the
standard's title and measure, not its text, were at hand). A scan comes at a random moment
between two cleanings; where cleanings come at random (a Poisson process), the time since
the last one is exponential with the office's mean interval, and offices' intervals
differ (one wipes the glass every week, another never): ``dust_load`` draws the interval
from an exponential too. The glass's load against the average is then a product of two
unit exponentials: most scans nearly clean, one in twelve three times the average and
more, one in thirty five times. The dust settles on the smears the glass holds
(fingerprints, residue from the feeder's rollers), fixed spots that gather it: a dirtier
glass has as many clumps, each of more grains (``MEAN_GRAINS`` times the load), so its
clumps grow into pieces larger than a pen dot (on a white A4 page at 150 dpi and 4 specks
a cm^2, pieces of 0.4 mm^2 or more: none at a tenth of the average load, about 10 at the
average, 120 at three times it, 300 at eight).

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

__all__ = [
    "GRAIN_UM",
    "LARGEST_UM",
    "MOST_LOAD",
    "SPECKS_PER_CM2",
    "dust_in_box",
    "dust_load",
    "grain_sizes_um",
    "settled_dust",
]

GRAIN_UM = 100.0
"""The smallest grain drawn (micrometres, longest dimension)."""

LARGEST_UM = 500.0
"""The largest grain drawn: the top of ISO 14644-9's range of sizes (micrometres)."""

CLUMP_SHARE = 0.25
"""Clump centres for every speck a square centimetre the scanner is drawn with."""

MEAN_GRAINS = 3.0
"""Grains in a clump on a glass of average load (geometric: one grain alone is the
commonest clump)."""

MOST_LOAD = 10.0
"""The dirtiest glass drawn, in average loads (``dust_load`` draws more than 10 on about
one scan in 170)."""

SPREAD_MM = 0.12
"""How far a clump's grains lie from its centre (standard deviation, mm)."""

SPECKS_PER_CM2 = (1.0, 6.0)
"""TRAINING's dirty scanner: toner specks a square centimetre (``speckle_density`` of its
noisy scanner, ocr/training/synthetic/sources.py)."""

TONER_MM = (0.03, 0.2)
"""A toner speck's radius (mm), as the TRAINING scanner draws them (scan.py)."""


def dust_load(rng: np.random.Generator) -> float:
    """How dirty the glass is at this scan, against the average (see the module
    docstring): the time since it was last cleaned, exponential in the office's own
    cleaning interval, which is itself exponential across offices; a product of two unit
    exponentials (mean 1, median 0.4; over 3 on 8% of scans, over 5 on 3%), capped at
    ``MOST_LOAD``."""
    return float(min(MOST_LOAD, rng.exponential(1.0) * rng.exponential(1.0)))


def grain_sizes_um(rng: np.random.Generator, n: int) -> np.ndarray:
    """``n`` grain sizes (micrometres) between ``GRAIN_UM`` and ``LARGEST_UM`` from the
    one-over-size law: the inverse of ``P(>x) = (1/x - 1/L) / (1/x0 - 1/L)``."""
    u = rng.uniform(0.0, 1.0, n)
    return np.asarray(1.0 / (1.0 / GRAIN_UM - u * (1.0 / GRAIN_UM - 1.0 / LARGEST_UM)))


def settled_dust(
    img: np.ndarray,
    per_cm2: float,
    px_per_mm: float,
    rng: np.random.Generator,
    load: float | None = None,
) -> None:
    """Draw clumps of settled dust over the scan: ``CLUMP_SHARE * per_cm2`` clumps a
    square centimetre, each a geometric number of ragged grains round its centre, on
    average ``MEAN_GRAINS`` times the glass's ``load`` (drawn by ``dust_load`` unless
    given)."""
    h, w = img.shape[:2]
    if load is None:
        load = dust_load(rng)
    mean_grains = max(1.0, MEAN_GRAINS * load)
    clumps = int(CLUMP_SHARE * per_cm2 * w * h / (10 * px_per_mm) ** 2)
    for _ in range(clumps):
        cx, cy = float(rng.uniform(0, w)), float(rng.uniform(0, h))
        _clump(img, (cx, cy), mean_grains, px_per_mm, rng)


def dust_in_box(
    img: np.ndarray,
    px_per_mm: float,
    rng: np.random.Generator,
    per_cm2: float | None = None,
    load: float | None = None,
    beside_mm: float = 0.5,
) -> None:
    """Draw the dirty scanner's dust over a digit box's crop (grey, in place) for the
    digit model's training: toner specks one by one and clumps of settled dust, at the
    TRAINING scanner's density (``per_cm2``, drawn from ``SPECKS_PER_CM2`` unless given)
    and a glass's ``load`` (``dust_load`` unless given), centred anywhere over the crop or
    up to ``beside_mm`` beside it (a clump beside the crop reaches into it). A box is
    under a square centimetre, so the counts are Poisson with the page's means, not the
    page's whole numbers (most boxes of a dusty page hold no clump)."""
    h, w = img.shape[:2]
    if per_cm2 is None:
        per_cm2 = float(rng.uniform(*SPECKS_PER_CM2))
    if load is None:
        load = dust_load(rng)
    reach = beside_mm * px_per_mm
    area_cm2 = (w + 2 * reach) * (h + 2 * reach) / (10 * px_per_mm) ** 2

    def anywhere() -> tuple[float, float]:
        return float(rng.uniform(-reach, w + reach)), float(rng.uniform(-reach, h + reach))

    for _ in range(int(rng.poisson(per_cm2 * area_cm2))):
        radius = float(rng.uniform(*TONER_MM)) * px_per_mm
        _grain(img, anywhere(), radius, float(rng.uniform(30, 150)), rng)
    mean_grains = max(1.0, MEAN_GRAINS * load)
    for _ in range(int(rng.poisson(CLUMP_SHARE * per_cm2 * area_cm2))):
        _clump(img, anywhere(), mean_grains, px_per_mm, rng)


def _clump(
    img: np.ndarray, at: tuple[float, float], mean_grains: float, px_per_mm: float,
    rng: np.random.Generator,
) -> None:  # fmt: skip
    """One clump: a geometric number of grains (mean ``mean_grains``) round ``at``."""
    grains = int(rng.geometric(1.0 / mean_grains))
    shade = float(rng.uniform(40, 160))
    for size in grain_sizes_um(rng, grains):
        x = at[0] + float(rng.normal(0, SPREAD_MM)) * px_per_mm
        y = at[1] + float(rng.normal(0, SPREAD_MM)) * px_per_mm
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
