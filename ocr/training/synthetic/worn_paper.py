"""TRAINING's worn paper: folded, crumpled and stained slips, as a scanner's lamp sees them.

A slip carried in a pocket is folded in two or three, often crumpled, and at the table it
meets water and tea or coffee. This model draws each from a published description of
the damage, and is TRAINING's only (TEST's folds and water stains, paper.py, are drawn
another way and were not looked at for it):

- **Folds seen by a flatbed scanner.** Paper lifted off the glass is lit by a lamp close
  to it and at an angle, so its brightness falls with its height over the glass (the
  inverse square of the distance to a proximal lamp) and follows its tilt towards the
  lamp (Lambert's cosine): the shading model of T. Wada, H. Ukida and T. Matsuyama,
  "Shape from shading with interreflections under a proximal light source:
  distortion-free copying of an unfolded book" (IJCV 24, 1997), used again for curved
  documents by F. Courteille, A. Crouzil, J.-D. Durou and P. Gurdjos, "Shape from
  shading for the digitization of curved documents" (Machine Vision and Applications
  18, 2007). An unfolded crease keeps a V: lying on it (the crease on the glass) the
  sheet rises on both sides and comes down again where the lid presses it; lying the
  other way the crease is lifted, highest at the fold. So one slope faces the lamp and
  is lit, the other is shaded, and a crease on the glass is a bright ridge between
  them (in focus and nearest the lamp). The fold's broken fibres leave a thin groove
  whose side away from the lamp is in shadow. A fold lying along the lamp's direction
  shows no tilt, only its height.
- **Crumpled paper.** A crumpled sheet pressed flat is a network of straight ridges
  between vertices, each a small fold (K. E. Blair and A. Kudrolli, "Geometry of
  crumpled paper", Phys. Rev. Lett. 94, 2005): the height is drawn as a sum of shallow
  random creases across the sheet, smoothed by the lid, and shaded as the folds are.
- **Water tide lines.** A wetted area dries leaving a brown boundary of varying intensity
  and width, the wetted area itself often lighter than the line (J. K. Hutchins,
  "Water-stained cellulosics: a literature review", JAIC 22(2), 1983); the front
  wicks unevenly along the fibres, so its outline is irregular (a random Fourier series
  in the angle, each harmonic smaller than the last).
- **Tea and coffee rings and drops.** A drying drop whose edge stays pinned carries its
  solids to the edge: a dense ring along the perimeter, the inside faint (R. D. Deegan
  et al., "Capillary flow as the cause of ring stains from dried liquid drops", Nature
  389, 1997). A cup put down wet leaves such a ring of its base, often only part of it
  (the cup tilted); drips leave small drops, a few near each other.

The numbers (heights, widths, tones) are this model's own choices within what those
descriptions allow; they are named below. ``wear`` works on an upright RGB float page
(0..1) at ``dpi`` after it was written on (stains lie over the ink, folds shade both)
and changes it in place.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np

__all__ = [
    "WORN",
    "wear",
    "fold_shading",
    "lamp_shading",
    "tide_line",
    "drink_stain",
    "drop_stain",
]

WORN = "worn"
"""The damage's name in the TRAINING split (sources.py)."""

LAMP_ANGLE_DEG = 45.0
"""A flatbed scanner's lamp lights the line it reads from one side, about 45 degrees off
the glass's normal (the reflective light path of a CCD scanner)."""

LAMP_DISTANCE_MM = (12.0, 20.0)
"""How far the lamp is from the paper on the glass: the proximal light whose inverse
square darkens paper lifted off the glass."""

FOLD_TILT_DEG = (3.0, 15.0)
"""How steeply the sheet leaves the crease under the scanner's lid: an unfolded crease
keeps a shallow V, the lid pressing the rest of the sheet onto the glass."""

FOLD_REACH_MM = (5.0, 16.0)
"""How far from the crease the lid has pressed the sheet back onto the glass."""


def lamp_shading(
    height_mm: np.ndarray, slope: np.ndarray, lamp: float, distance_mm: float
) -> np.ndarray:
    """Brightness of paper at ``height_mm`` over the glass whose slope towards the lamp is
    ``slope`` (dz/dx along the lamp's direction; ``lamp`` the share of the lamp's sideways
    light along that direction, -1..1), relative to paper flat on the glass: Lambert's
    cosine between the surface's normal and the lamp, times the inverse square of the
    lamp's distance (Wada et al.)."""
    theta = math.radians(LAMP_ANGLE_DEG)
    cosine = (math.cos(theta) + lamp * math.sin(theta) * slope) / np.sqrt(1.0 + slope**2)
    falloff = (distance_mm / (distance_mm + height_mm)) ** 2
    return np.clip(cosine / math.cos(theta), 0.0, None) * falloff


def fold_shading(
    across_mm: np.ndarray, height_mm: float, reach_mm: float, crease_down: bool, lamp: float,
    distance_mm: float,
) -> np.ndarray:  # fmt: skip
    """Brightness across one fold (``across_mm``: signed distance from the crease): the
    crease on the glass (``crease_down``, the sheet rising on both sides and pressed down
    again at ``reach_mm``) or lifted (highest at the crease, landing smoothly)."""
    u = np.clip(np.abs(across_mm) / reach_mm, 0.0, 1.0)
    side = np.sign(across_mm)
    if crease_down:
        z = 4.0 * height_mm * u * (1.0 - u)
        dz = 4.0 * height_mm * (1.0 - 2.0 * u) / reach_mm * side
    else:
        z = height_mm * (1.0 - u) ** 2
        dz = -2.0 * height_mm * (1.0 - u) / reach_mm * side
    dz = np.where(np.abs(across_mm) < reach_mm, dz, 0.0)
    return lamp_shading(z, dz, lamp, distance_mm)


def _folds(page: np.ndarray, dpi: float, rng: np.random.Generator, lamp_axis: int,
           lamp_sign: float, distance_mm: float) -> None:  # fmt: skip
    """Fold the page in two or three across its length or width, each crease a little off
    the page's middle or thirds and a little askew (folded by hand), and shade it."""
    h, w = page.shape[:2]
    s = dpi / 25.4
    parts = int(rng.choice([2, 3]))
    upright = rng.random() < 0.4  # creases running down the page (folded across its width)
    n, along = (w, h) if upright else (h, w)
    crease_axis = 1 if upright else 0  # the image axis the crease's position is along
    lamp = lamp_sign if crease_axis == lamp_axis else 0.0
    light = np.ones((h, w), np.float32)
    for k in range(1, parts):
        at = (k / parts + float(rng.uniform(-0.015, 0.015))) * n
        tilt = math.tan(math.radians(float(rng.uniform(-1.0, 1.0))))
        t = np.arange(along, dtype=np.float32)
        pos = np.arange(n, dtype=np.float32)
        # signed distance (mm) from the crease, per (along, across) pixel
        across = (pos[None, :] - (at + tilt * (t[:, None] - along / 2))) / s
        reach = float(rng.uniform(*FOLD_REACH_MM))
        steep = math.tan(math.radians(float(rng.uniform(*FOLD_TILT_DEG))))
        down = bool(rng.random() < 0.5)
        # the slope beside the crease is 4 H / reach on the glass, 2 H / reach lifted
        height = steep * reach / (4.0 if down else 2.0)
        shade = fold_shading(across, height, reach, down, lamp, distance_mm)
        # the crease's groove: a thin line of broken fibres, its far side from the lamp shaded
        groove_mm = float(rng.uniform(0.15, 0.35))
        away = across * (-lamp if lamp else 1.0)
        groove = np.exp(-(((away - groove_mm / 2) / groove_mm) ** 2))
        shade *= 1.0 - float(rng.uniform(0.05, 0.25)) * groove
        shade = shade.astype(np.float32)
        light *= shade if upright else shade.T
    page *= light[..., None]


def _crumple(page: np.ndarray, dpi: float, rng: np.random.Generator, lamp_axis: int,
             lamp_sign: float, distance_mm: float) -> None:  # fmt: skip
    """Shade the page as a crumpled sheet pressed flat: a network of shallow straight
    creases (Blair and Kudrolli), on a 1 mm grid, smoothed by the lid."""
    h, w = page.shape[:2]
    s = dpi / 25.4
    gh, gw = max(2, round(h / s)), max(2, round(w / s))
    yy, xx = np.mgrid[0:gh, 0:gw].astype(np.float32)
    z = np.zeros((gh, gw), np.float32)
    for _ in range(int(rng.integers(5, 13))):
        angle = float(rng.uniform(0, math.pi))
        cx, cy = float(rng.uniform(0, gw)), float(rng.uniform(0, gh))
        d = (xx - cx) * math.sin(angle) - (yy - cy) * math.cos(angle)
        reach = float(rng.uniform(6.0, 25.0))
        z += float(rng.uniform(-0.4, 0.4)) * np.clip(1.0 - np.abs(d) / reach, 0.0, 1.0)
    z = cv2.GaussianBlur(z, (0, 0), 3.0)
    z -= z.min()
    dz = np.gradient(z, axis=1 if lamp_axis == 1 else 0).astype(np.float32)
    shade = lamp_shading(z, dz, lamp_sign, distance_mm).astype(np.float32)
    page *= cv2.resize(shade, (w, h), interpolation=cv2.INTER_LINEAR)[..., None]


def _outline(
    rng: np.random.Generator, radius: float, roughness: float, n: int = 12
) -> Callable[[np.ndarray], np.ndarray]:
    """A closed front round a centre: radius as a function of the angle, a random Fourier
    series whose k-th harmonic has ``roughness / k**1.5`` of the radius."""
    ks = np.arange(2, n + 1)
    amp = rng.normal(0.0, 1.0, len(ks)) * roughness / ks**1.5
    phase = rng.uniform(0, 2 * math.pi, len(ks))

    def r(angle: np.ndarray) -> np.ndarray:
        wave = np.zeros_like(angle)
        for k, a, p in zip(ks, amp, phase, strict=True):
            wave += a * np.cos(k * angle + p)
        return radius * (1.0 + wave)

    return r


Patch = tuple[tuple[slice, slice], np.ndarray, np.ndarray]


def _patch(page: np.ndarray, cx: float, cy: float, reach: float) -> Patch | None:
    """The pixels within ``reach`` of (cx, cy) on the page: where, distance, angle."""
    h, w = page.shape[:2]
    x0, x1 = max(0, int(cx - reach)), min(w, int(cx + reach) + 1)
    y0, y1 = max(0, int(cy - reach)), min(h, int(cy + reach) + 1)
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    return (slice(y0, y1), slice(x0, x1)), np.hypot(xx - cx, yy - cy), np.arctan2(yy - cy, xx - cx)


def _stain(
    page: np.ndarray, where: tuple[slice, slice], alpha: np.ndarray, tint: np.ndarray
) -> None:
    page[where] *= 1.0 - np.clip(alpha, 0.0, 0.8)[..., None] * (1.0 - tint)


def tide_line(page: np.ndarray, dpi: float, rng: np.random.Generator) -> None:
    """A dried water stain (Hutchins): an irregular wetted area, faintly tinted or none,
    bounded by a brown line of varying width and intensity, sharp on its dry side; a
    second front inside the first where the paper was wetted twice."""
    h, w = page.shape[:2]
    s = dpi / 25.4
    cx, cy = float(rng.uniform(0, w)), float(rng.uniform(0, h))
    radius = float(rng.uniform(12, 50)) * s
    fronts = [1.0] + ([float(rng.uniform(0.75, 0.92))] if rng.random() < 0.35 else [])
    got = _patch(page, cx, cy, radius * 2.0)
    if got is None:
        return
    where, r, angle = got
    edge = _outline(rng, radius, float(rng.uniform(0.06, 0.2)))(angle)
    alpha = float(rng.uniform(0.0, 0.05)) * (r < edge)
    for front in fronts:
        width = float(rng.uniform(0.4, 1.6)) * s
        strength = float(rng.uniform(0.15, 0.5)) * (0.6 + 0.4 * np.cos(
            3 * angle + float(rng.uniform(0, 2 * math.pi))))  # fmt: skip
        inside = front * edge - r  # > 0 inside the front
        wet, dry = np.maximum(inside, 0.0), np.minimum(inside, 0.0)
        line = np.where(inside >= 0, np.exp(-wet / width), np.exp(-((dry / (0.15 * s)) ** 2)))
        alpha = alpha + strength * line
    _stain(page, where, alpha, np.array([0.82, 0.66, 0.45], np.float32))


def drink_stain(page: np.ndarray, dpi: float, rng: np.random.Generator) -> None:
    """Tea or coffee (Deegan et al.): the ring of a cup's wet base, often only part of it,
    or a few drips near each other, each a dense ring along its perimeter, faint inside."""
    h, w = page.shape[:2]
    s = dpi / 25.4
    tint = np.array([0.62, 0.44, 0.26], np.float32) * float(rng.uniform(0.85, 1.05))
    cx, cy = float(rng.uniform(0, w)), float(rng.uniform(0, h))
    if rng.random() < 0.5:  # a cup's base: a thin ring, perhaps an arc of it
        drops = [(cx, cy, float(rng.uniform(28, 45)) * s, float(rng.uniform(0.05, 0.1)))]
        span = float(rng.uniform(math.pi, 2 * math.pi))
    else:
        n = int(rng.integers(1, 6))
        spread = 15 * s
        drops = [
            (cx + float(rng.normal(0, spread)), cy + float(rng.normal(0, spread)),
             float(rng.uniform(1.5, 7.0)) * s, float(rng.uniform(0.1, 0.25)))
            for _ in range(n)
        ]  # fmt: skip
        span = 2 * math.pi
    start = float(rng.uniform(0, 2 * math.pi))
    for x, y, radius, rim in drops:
        strength = float(rng.uniform(0.15, 0.45))
        faint = float(rng.uniform(0.02, 0.1)) if radius < 10 * s else 0.0
        drop_stain(page, (x, y), radius, rim, strength, faint, tint, rng, arc=(start, span))


def drop_stain(
    page: np.ndarray, centre: tuple[float, float], radius: float, rim: float, strength: float,
    faint: float, tint: np.ndarray, rng: np.random.Generator, roughness: float = 0.03,
    arc: tuple[float, float] = (0.0, 2 * math.pi),
) -> None:  # fmt: skip
    """One dried drop (Deegan et al.) of ``radius`` px: its solids at the pinned edge, a
    ring of opacity ``strength`` falling inwards as exp(-d / (rim * radius)), sharp outside
    (a pixel's spread), ``faint`` over its inside; the ring drawn over the angles ``arc``
    (start, span) only. ``roughness``: the edge's wander (the fibres pin it unevenly)."""
    got = _patch(page, centre[0], centre[1], radius * 1.3)
    if got is None:
        return
    where, r, angle = got
    inside = _outline(rng, radius, roughness)(angle) - r
    width = max(1.0, rim * radius)
    wet, dry = np.maximum(inside, 0.0), np.minimum(inside, 0.0)
    ring = np.where(inside >= 0, np.exp(-wet / width), np.exp(-(dry**2)))
    shown = ((angle - arc[0]) % (2 * math.pi)) <= arc[1]
    _stain(page, where, strength * ring * shown + faint * (inside >= 0), tint)


def wear(page: np.ndarray, dpi: float, rng: np.random.Generator) -> None:
    """A worn slip: folded in two or three (seven slips in ten), crumpled (one in three),
    and a water or drink stain (three in five), at least one of them; the folds and
    crumples lit by one scanner lamp lying along one of the page's axes."""
    lamp_axis = int(rng.integers(2))
    lamp_sign = float(rng.choice([-1.0, 1.0]))
    distance = float(rng.uniform(*LAMP_DISTANCE_MM))
    folded = rng.random() < 0.7
    crumpled = rng.random() < 0.35
    stained = rng.random() < 0.6 or not (folded or crumpled)
    if crumpled:
        _crumple(page, dpi, rng, lamp_axis, lamp_sign, distance)
    if folded:
        _folds(page, dpi, rng, lamp_axis, lamp_sign, distance)
    if stained:
        (tide_line if rng.random() < 0.5 else drink_stain)(page, dpi, rng)
