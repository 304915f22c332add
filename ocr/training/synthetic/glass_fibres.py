"""TRAINING's dirty scanner: hairs and fibres on the glass, sized and drawn as they are.

A glass that gathers dust gathers threads too: hairs, lint from clothes and the paper's own
fibres rubbed off the sheets. Their sizes, from published descriptions:

- human hair is 15-110 micrometres across (Kaswell, *Textile Fibers, Yarns and Fabrics*,
  1953, p. 52) or 40-120 (Randebrook, J. Soc. Cosmet. Chem. 15, 1964), both as quoted by
  Robbins, *Chemical and Physical Behavior of Human Hair*, 2nd ed. 2002, p. 1; scalp hair
  60-80 (Wolfram, J. Am. Acad. Dermatol. 48(6 Suppl), 2003, S106): ``HAIR_UM`` is
  50-120. A hair is stiff and long; on a glass it lies as a gentle curve, centimetres of
  it over a page (``HAIR_MM``);
- the fibres of paper are 1-1.5 mm long (hardwood) or 2-3.5 mm (softwood) (the fibre
  furnish analysis of ISO 9184 / BS 7463 as Smithers describe it) and 20-40 micrometres
  across (wood fibre, 0.02-0.04 mm); cotton and other textile lint is finer (12-20
  micrometres): ``FIBRE_UM`` 10-40 across, ``FIBRE_MM`` 0.5-5 long. A fibre is supple and
  curls: its direction wanders over a millimetre or two (``FIBRE_BEND_MM``), a hair's
  over centimetres (``HAIR_BEND_MM``). A thread's direction is a random walk along it
  (a worm-like chain: the angle between two points ``s`` apart varies as ``s`` over the
  thread's persistence length).

How a scanner draws them: a scan line is in focus at the glass's top face, where the paper
lies. A thread between the glass and the paper lies in that plane and is drawn sharp (as
the page's own ink is); one on the glass's underside, a few millimetres below (a contact
image sensor's depth of field is a few millimetres at most, and far less for detail this
fine: a ruler lifted off a CIS scanner's glass blurs at once, Carl McMillan's depth of
field demonstration; a CCD scanner's is larger), or a fibre standing off the paper where
the lid does not press it flat, is drawn out of focus: spread over a few pixels, paler
(``OUT_OF_FOCUS_SHARE``, ``BLUR_PX``). A thread under a pixel across darkens each pixel
it crosses by the share of it that it covers (at 150 dpi a pixel is 170 micrometres: a
hair covers a third to two thirds of it, a fibre a tenth to a quarter), so it is drawn
four times finer and averaged down.

How often: no published count of threads on office scanners' glass was found; a thread
settles from the air as dust does, so the count a page follows the glass's dust load
(``settled_dust.dust_load``: most glass nearly clean, some very dirty), ``THREADS_A_PAGE``
on an A4 page at the average load, one in ``HAIR_SHARE`` a hair. This is TRAINING's model
only, written from the descriptions above and not from TEST's dirty scanner (``scan.py``,
``dust-and-hairs``), so a reader rule about a thin line of dust is chosen on threads it is
not tested on.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

__all__ = [
    "FIBRE_MM",
    "FIBRE_UM",
    "HAIR_MM",
    "HAIR_UM",
    "THREADS_A_PAGE",
    "glass_threads",
    "thread_path_mm",
]

HAIR_UM = (50.0, 120.0)
"""A human hair's width (micrometres): Kaswell 15-110, Randebrook 40-120, scalp hair 60-80."""

FIBRE_UM = (10.0, 40.0)
"""A paper or textile fibre's width (micrometres): wood fibre 20-40, cotton lint 12-20."""

HAIR_MM = (5.0, 40.0)
"""The length of a hair over the page (mm, log-uniform): a shed hair is longer than a page,
the part over the page's paper is centimetres."""

FIBRE_MM = (0.5, 5.0)
"""A fibre's length (mm, log-uniform): hardwood fibres 1-1.5 mm, softwood 2-3.5, pieces of
them shorter."""

HAIR_BEND_MM = 20.0
"""A hair's persistence length (mm): the distance over which its direction wanders by a
radian (it lies as a gentle curve)."""

FIBRE_BEND_MM = 2.0
"""A fibre's persistence length (mm): a fibre curls within its own length."""

THREADS_A_PAGE = 1.0
"""Threads (hairs and fibres) on an A4 page's area of glass at the average dust load."""

HAIR_SHARE = 0.25
"""The share of threads that are hairs; the rest are fibres (paper dust, lint)."""

OUT_OF_FOCUS_SHARE = 0.3
"""The share of threads drawn out of focus (under the glass, or standing off the paper)."""

BLUR_PX = (1.0, 2.5)
"""An out-of-focus thread's blur (Gaussian sigma, pixels)."""

A4_MM2 = 210.0 * 297.0
STEP_MM = 0.1
"""The length of one step of a thread's path (mm)."""

FINE = 4
"""A thread is drawn this many times finer than the scan and averaged down."""


def thread_path_mm(
    rng: np.random.Generator, length_mm: float, bend_mm: float, at: tuple[float, float]
) -> np.ndarray:
    """Points (mm, x and y) along a thread of ``length_mm`` starting at ``at`` in a random
    direction, ``STEP_MM`` apart: a worm-like chain, its direction turning by a normal angle
    of variance ``STEP_MM / bend_mm`` at each step."""
    steps = max(2, math.ceil(length_mm / STEP_MM))
    turns = rng.normal(0.0, math.sqrt(STEP_MM / bend_mm), steps)
    heading = float(rng.uniform(0, 2 * math.pi)) + np.cumsum(turns)
    xs = at[0] + np.concatenate([[0.0], np.cumsum(STEP_MM * np.cos(heading))])
    ys = at[1] + np.concatenate([[0.0], np.cumsum(STEP_MM * np.sin(heading))])
    return np.stack([xs, ys], axis=1)


def glass_threads(img: np.ndarray, px_per_mm: float, load: float, rng: np.random.Generator) -> int:
    """Draw the hairs and fibres of a glass of dust ``load`` over the scan (in place): a
    Poisson count, ``THREADS_A_PAGE`` times the load on an A4 page's area. Returns how
    many were drawn."""
    h, w = img.shape[:2]
    area_mm2 = w * h / px_per_mm**2
    count = int(rng.poisson(THREADS_A_PAGE * load * area_mm2 / A4_MM2))
    for _ in range(count):
        hair = rng.random() < HAIR_SHARE
        lengths, widths = (HAIR_MM, HAIR_UM) if hair else (FIBRE_MM, FIBRE_UM)
        length = math.exp(float(rng.uniform(math.log(lengths[0]), math.log(lengths[1]))))
        width_um = float(rng.uniform(*widths))
        at = (float(rng.uniform(0, w)) / px_per_mm, float(rng.uniform(0, h)) / px_per_mm)
        path = thread_path_mm(rng, length, HAIR_BEND_MM if hair else FIBRE_BEND_MM, at)
        # A hair is dark (pigmented); a fibre may be as pale as grey lint or dark as a
        # dyed thread.
        tone = float(rng.uniform(20, 90)) if hair else float(rng.uniform(40, 170))
        blur = float(rng.uniform(*BLUR_PX)) if rng.random() < OUT_OF_FOCUS_SHARE else 0.0
        draw_thread(img, path * px_per_mm, width_um / 1000 * px_per_mm, tone, blur)
    return count


def draw_thread(
    img: np.ndarray, path_px: np.ndarray, width_px: float, tone: float, blur_px: float = 0.0
) -> None:
    """Darken ``img`` (in place) along ``path_px`` (pixels) by a thread ``width_px`` across
    of ``tone``: each pixel by the share of it the thread covers (drawn ``FINE`` times finer
    and averaged down), spread by a Gaussian of ``blur_px`` when out of focus."""
    h, w = img.shape[:2]
    pad = math.ceil(3 * blur_px) + 2
    x0 = max(0, math.floor(path_px[:, 0].min()) - pad)
    y0 = max(0, math.floor(path_px[:, 1].min()) - pad)
    x1 = min(w, math.ceil(path_px[:, 0].max()) + pad + 1)
    y1 = min(h, math.ceil(path_px[:, 1].max()) + pad + 1)
    if x1 <= x0 or y1 <= y0:
        return
    fine = np.zeros(((y1 - y0) * FINE, (x1 - x0) * FINE), np.uint8)
    pts = np.round((path_px - (x0, y0)) * FINE * 16).astype(np.int32)
    # The thread's middle, a fine pixel wide, averaged down: a pixel it crosses straight
    # holds 1 / FINE of it; scaled by the thread's width in fine pixels, the share of the
    # pixel the thread covers (a thread wider than a pixel, 0.1 mm at 300 dpi and more,
    # darkens its pixels fully and is drawn no wider).
    cv2.polylines(fine, [pts], False, 255, 1, cv2.LINE_8, 4)
    share = cv2.resize(fine, (x1 - x0, y1 - y0), interpolation=cv2.INTER_AREA) / 255.0
    cover = np.minimum(1.0, share * width_px * FINE)
    if blur_px > 0:
        cover = cv2.GaussianBlur(cover, (0, 0), blur_px)
    patch = img[y0:y1, x0:x1].astype(np.float64)
    if patch.ndim == 3:
        cover = cover[..., None]
    img[y0:y1, x0:x1] = np.minimum(patch, patch - cover * (patch - tone)).round()
