"""A stroke-based handwriting model: digits drawn as pen strokes, one style per writer.

Fonts give every writer the same "3" every time; real digit sets give only the writers
who happen to be in them. This model draws each digit as the strokes a hand makes
(spline through control points, sharp corners where a pen turns), from one of the shapes
people actually use for it (an allograph: a "1" as a stick, with a flag, with a long
continental flag or with a base; an open or a closed "4"; a "7" with or without a bar),
and gives every writer a style of their own that stays with them:

- which allograph they use for each digit (and now and then another one);
- slant, width, size, a rotation, how far their shapes sit from the model shape (a
  deformation drawn once per writer and digit) and how much one instance differs from
  the next;
- tremor, loops left open, pen pressure that varies along the stroke.

There are two independently drawn sets of model shapes: ``SKELETONS_A`` (TRAINING) and
``SKELETONS_B`` (TEST). They cover the same allographs (a model must have seen a long-flag
"1" to read one) but every control point, stroke order and proportion was drawn anew,
and writers are drawn from disjoint id ranges (ocr/training/synthetic/sources.py), so a
TEST writer shares neither shapes nor style with any TRAINING writer.

Coordinates are in a unit box, x to the right, y down; a third value 1 marks a corner
(the spline stops and starts again there).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import cv2
import numpy as np

__all__ = ["SKELETONS_A", "SKELETONS_B", "StrokeStyle", "stroke_style", "draw_digit"]

Point = tuple[float, ...]
Stroke = tuple[Point, ...]
Allograph = tuple[Stroke, ...]


def _ellipse(cx: float, cy: float, rx: float, ry: float, start: float, turn: float,
             n: int = 9) -> Stroke:  # fmt: skip
    """Points along an ellipse from angle ``start`` (radians, 0 = right, y down) through
    ``turn`` radians (positive = clockwise on the page)."""
    angles = [start + turn * k / (n - 1) for k in range(n)]
    return tuple((cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles)


_UP = -math.pi / 2

# TRAINING shapes. Weights: how common each allograph is among writers.
SKELETONS_A: Mapping[str, tuple[tuple[float, Allograph], ...]] = {
    "0": (
        (0.6, (_ellipse(0.5, 0.5, 0.45, 0.5, _UP, -2.1 * math.pi, 11),)),
        (0.4, (_ellipse(0.5, 0.5, 0.42, 0.5, _UP - 0.3, 2.05 * math.pi, 11),)),
    ),
    "1": (
        (0.3, (((0.5, 0.0), (0.5, 1.0)),)),
        (0.35, (((0.2, 0.28), (0.55, 0.0, 1), (0.55, 1.0)),)),
        (0.2, (((0.0, 0.42), (0.62, 0.0, 1), (0.62, 1.0)),)),
        (0.15, (((0.22, 0.25), (0.55, 0.0, 1), (0.55, 1.0)), ((0.2, 1.0), (0.9, 1.0)))),
    ),
    "2": (
        (
            0.7,
            (
                (
                    (0.08, 0.28),
                    (0.3, 0.03),
                    (0.65, 0.0),
                    (0.9, 0.25),
                    (0.75, 0.55),
                    (0.05, 1.0, 1),
                    (0.95, 0.98),
                ),
            ),
        ),  # fmt: skip
        (
            0.3,
            (
                (
                    (0.1, 0.25),
                    (0.45, 0.0),
                    (0.85, 0.2),
                    (0.7, 0.55),
                    (0.15, 0.93),
                    (0.12, 0.8),
                    (0.3, 0.82),
                    (0.5, 0.98),
                    (0.95, 0.96),
                ),
            ),
        ),  # fmt: skip
    ),
    "3": (
        (
            0.7,
            (
                (
                    (0.1, 0.12),
                    (0.45, 0.0),
                    (0.85, 0.15),
                    (0.8, 0.38),
                    (0.4, 0.48, 1),
                    (0.85, 0.6),
                    (0.9, 0.85),
                    (0.5, 1.0),
                    (0.08, 0.88),
                ),
            ),
        ),  # fmt: skip
        (
            0.3,
            (
                (
                    (0.1, 0.02),
                    (0.85, 0.02, 1),
                    (0.4, 0.42, 1),
                    (0.8, 0.55),
                    (0.9, 0.8),
                    (0.55, 1.0),
                    (0.1, 0.9),
                ),
            ),
        ),  # fmt: skip
    ),
    "4": (
        (0.45, (((0.6, 0.0), (0.05, 0.68, 1), (0.95, 0.68)), ((0.72, 0.3), (0.72, 1.0)))),
        (0.3, (((0.72, 1.0), (0.72, 0.0, 1), (0.05, 0.68, 1), (0.97, 0.68)),)),
        (0.25, (((0.15, 0.0), (0.08, 0.62, 1), (0.92, 0.62)), ((0.72, 0.05), (0.72, 1.0)))),
    ),
    "5": (
        (
            0.6,
            (
                (
                    (0.15, 0.02),
                    (0.12, 0.45, 1),
                    (0.5, 0.38),
                    (0.88, 0.6),
                    (0.8, 0.9),
                    (0.45, 1.0),
                    (0.08, 0.88),
                ),
                ((0.15, 0.02), (0.9, 0.0)),
            ),
        ),  # fmt: skip
        (
            0.4,
            (
                (
                    (0.9, 0.0),
                    (0.18, 0.02, 1),
                    (0.12, 0.45, 1),
                    (0.55, 0.38),
                    (0.9, 0.62),
                    (0.75, 0.92),
                    (0.4, 1.0),
                    (0.08, 0.85),
                ),
            ),
        ),  # fmt: skip
    ),
    "6": (
        (
            0.7,
            (
                (
                    (0.78, 0.02),
                    (0.35, 0.25),
                    (0.1, 0.65),
                    (0.3, 0.98),
                    (0.75, 0.95),
                    (0.88, 0.7),
                    (0.6, 0.5),
                    (0.25, 0.58),
                    (0.12, 0.72),
                ),
            ),
        ),  # fmt: skip
        (
            0.3,
            (
                (
                    (0.6, 0.0),
                    (0.3, 0.35),
                    (0.15, 0.7),
                    (0.45, 1.0),
                    (0.85, 0.8),
                    (0.6, 0.55),
                    (0.2, 0.7),
                ),
            ),
        ),  # fmt: skip
    ),
    "7": (
        (0.55, (((0.05, 0.02), (0.95, 0.02, 1), (0.35, 1.0)),)),
        (0.25, (((0.05, 0.02), (0.95, 0.02, 1), (0.4, 1.0)), ((0.3, 0.52), (0.85, 0.5)))),
        (0.2, (((0.05, 0.2), (0.05, 0.02, 1), (0.95, 0.02, 1), (0.55, 0.5), (0.42, 1.0)),)),
    ),
    "8": (
        (
            0.6,
            (
                (
                    (0.85, 0.12),
                    (0.5, 0.0),
                    (0.15, 0.15),
                    (0.2, 0.38),
                    (0.5, 0.5),
                    (0.85, 0.68),
                    (0.8, 0.95),
                    (0.5, 1.0),
                    (0.15, 0.9),
                    (0.15, 0.68),
                    (0.5, 0.5),
                    (0.8, 0.35),
                    (0.85, 0.12),
                ),
            ),
        ),  # fmt: skip
        (
            0.4,
            (
                _ellipse(0.5, 0.25, 0.3, 0.25, _UP, -2.05 * math.pi),
                _ellipse(0.5, 0.73, 0.4, 0.27, _UP, 2.05 * math.pi),
            ),
        ),  # fmt: skip
    ),
    "9": (
        (
            0.6,
            (
                (
                    (0.88, 0.22),
                    (0.55, 0.02),
                    (0.15, 0.15),
                    (0.15, 0.4),
                    (0.5, 0.52),
                    (0.88, 0.3),
                    (0.86, 0.2, 1),
                    (0.85, 0.6),
                    (0.8, 1.0),
                ),
            ),
        ),  # fmt: skip
        (
            0.4,
            (
                (
                    (0.85, 0.25),
                    (0.5, 0.02),
                    (0.12, 0.2),
                    (0.2, 0.48),
                    (0.6, 0.48),
                    (0.85, 0.28, 1),
                    (0.82, 0.75),
                    (0.55, 1.0),
                    (0.2, 0.9),
                ),
            ),
        ),  # fmt: skip
    ),
}

# TEST shapes: the same allographs, drawn again from scratch (other proportions, start
# points, directions and stroke orders).
SKELETONS_B: Mapping[str, tuple[tuple[float, Allograph], ...]] = {
    "0": (
        (0.5, (_ellipse(0.48, 0.52, 0.4, 0.48, -1.2, -2.0 * math.pi, 12),)),
        (
            0.5,
            (
                (
                    (0.6, 0.05),
                    (0.25, 0.05),
                    (0.05, 0.45),
                    (0.15, 0.88),
                    (0.5, 1.0),
                    (0.85, 0.85),
                    (0.95, 0.45),
                    (0.78, 0.1),
                    (0.5, 0.0),
                ),
            ),
        ),  # fmt: skip
    ),
    "1": (
        (0.25, (((0.55, 0.02), (0.48, 0.5), (0.45, 1.0)),)),
        (0.35, (((0.15, 0.32), (0.4, 0.15), (0.6, 0.0, 1), (0.6, 1.0)),)),
        (0.25, (((0.05, 0.5), (0.35, 0.28), (0.7, 0.0, 1), (0.65, 1.0)),)),
        (0.15, (((0.3, 0.2), (0.6, 0.0, 1), (0.6, 1.0)), ((0.25, 0.98), (0.95, 1.0)))),
    ),
    "2": (
        (
            0.65,
            (
                (
                    (0.12, 0.2),
                    (0.45, 0.0),
                    (0.85, 0.12),
                    (0.85, 0.4),
                    (0.5, 0.7),
                    (0.08, 0.98, 1),
                    (0.92, 1.0),
                ),
            ),
        ),  # fmt: skip
        (
            0.35,
            (
                (
                    (0.05, 0.3),
                    (0.25, 0.05),
                    (0.7, 0.02),
                    (0.88, 0.3),
                    (0.55, 0.62),
                    (0.2, 0.9),
                    (0.2, 0.75),
                    (0.38, 0.85),
                    (0.6, 1.0),
                    (0.98, 0.95),
                ),
            ),
        ),  # fmt: skip
    ),
    "3": (
        (
            0.65,
            (
                (
                    (0.05, 0.2),
                    (0.3, 0.02),
                    (0.75, 0.05),
                    (0.85, 0.3),
                    (0.5, 0.45, 1),
                    (0.9, 0.62),
                    (0.85, 0.92),
                    (0.45, 1.0),
                    (0.05, 0.82),
                ),
            ),
        ),  # fmt: skip
        (
            0.35,
            (
                (
                    (0.15, 0.0),
                    (0.9, 0.05, 1),
                    (0.45, 0.4, 1),
                    (0.85, 0.5),
                    (0.95, 0.78),
                    (0.6, 1.0),
                    (0.15, 0.95),
                ),
            ),
        ),  # fmt: skip
    ),
    "4": (
        (0.4, (((0.55, 0.02), (0.1, 0.62, 1), (0.98, 0.62)), ((0.7, 0.12), (0.68, 1.0)))),
        (0.35, (((0.65, 1.0), (0.68, 0.02, 1), (0.02, 0.7, 1), (0.95, 0.7)),)),
        (0.25, (((0.1, 0.02), (0.12, 0.58, 1), (0.95, 0.58)), ((0.78, 0.0), (0.75, 1.0)))),
    ),
    "5": (
        (
            0.55,
            (
                (
                    (0.2, 0.05),
                    (0.1, 0.5, 1),
                    (0.45, 0.4),
                    (0.85, 0.52),
                    (0.92, 0.8),
                    (0.55, 1.0),
                    (0.12, 0.92),
                ),
                ((0.2, 0.05), (0.85, 0.02)),
            ),
        ),  # fmt: skip
        (
            0.45,
            (
                (
                    (0.85, 0.05),
                    (0.22, 0.0, 1),
                    (0.15, 0.4, 1),
                    (0.6, 0.42),
                    (0.88, 0.7),
                    (0.6, 0.98),
                    (0.1, 0.9),
                ),
            ),
        ),  # fmt: skip
    ),
    "6": (
        (
            0.6,
            (
                (
                    (0.85, 0.08),
                    (0.45, 0.1),
                    (0.15, 0.5),
                    (0.2, 0.9),
                    (0.6, 1.0),
                    (0.9, 0.78),
                    (0.72, 0.55),
                    (0.35, 0.55),
                    (0.15, 0.7),
                ),
            ),
        ),  # fmt: skip
        (
            0.4,
            (
                (
                    (0.7, 0.0),
                    (0.35, 0.25),
                    (0.1, 0.75),
                    (0.35, 1.0),
                    (0.8, 0.92),
                    (0.78, 0.6),
                    (0.3, 0.6),
                ),
            ),
        ),  # fmt: skip
    ),
    "7": (
        (0.5, (((0.02, 0.08), (0.92, 0.0, 1), (0.55, 0.45), (0.4, 1.0)),)),
        (0.3, (((0.05, 0.0), (0.98, 0.05, 1), (0.3, 1.0)), ((0.25, 0.48), (0.8, 0.45)))),
        (0.2, (((0.0, 0.15), (0.08, 0.0, 1), (0.95, 0.05, 1), (0.45, 1.0)),)),
    ),
    "8": (
        (
            0.55,
            (
                (
                    (0.5, 0.48),
                    (0.15, 0.3),
                    (0.25, 0.05),
                    (0.6, 0.0),
                    (0.85, 0.2),
                    (0.5, 0.5),
                    (0.1, 0.75),
                    (0.35, 1.0),
                    (0.8, 0.95),
                    (0.9, 0.72),
                    (0.5, 0.48),
                ),
            ),
        ),  # fmt: skip
        (
            0.45,
            (
                _ellipse(0.52, 0.24, 0.32, 0.24, 0.5 * math.pi, 2.05 * math.pi),
                _ellipse(0.48, 0.72, 0.38, 0.28, _UP, -2.05 * math.pi),
            ),
        ),  # fmt: skip
    ),
    "9": (
        (
            0.55,
            (
                (
                    (0.9, 0.3),
                    (0.7, 0.05),
                    (0.3, 0.02),
                    (0.08, 0.3),
                    (0.35, 0.55),
                    (0.8, 0.4),
                    (0.9, 0.15, 1),
                    (0.75, 0.6),
                    (0.6, 1.0),
                ),
            ),
        ),  # fmt: skip
        (
            0.45,
            (
                (
                    (0.8, 0.15),
                    (0.45, 0.0),
                    (0.1, 0.22),
                    (0.25, 0.5),
                    (0.7, 0.45),
                    (0.88, 0.2, 1),
                    (0.88, 0.7),
                    (0.6, 1.0),
                    (0.25, 0.95),
                ),
            ),
        ),  # fmt: skip
    ),
}


@dataclass(frozen=True)
class StrokeStyle:
    """One writer's hand (drawn once from the writer's id, kept for every digit)."""

    writer: int
    skeletons: str  # "A" or "B"
    allograph: tuple[int, ...]  # preferred allograph per digit 0-9
    other_allograph: float  # chance of using another allograph now and then
    slant: float  # x += slant * (1 - y)
    width: float  # width / height of the digit body
    rotation_deg: float
    deform: float  # writer's own distance from the model shape (unit box)
    jitter: float  # one instance to the next
    tremor: float
    loop_gap: float  # loops left open by up to this share of the stroke
    pressure: float  # thickness variation along a stroke (0 = none)
    seed: int  # for the writer's persistent deformation

    def deformation(self, digit: int, allograph: int, shape: tuple[int, ...]) -> np.ndarray:
        """The writer's fixed offsets of this allograph's control points."""
        rng = np.random.default_rng((self.seed, digit, allograph))
        return rng.normal(0.0, self.deform, shape)


def _skeletons(name: str) -> Mapping[str, tuple[tuple[float, Allograph], ...]]:
    if name == "A":
        return SKELETONS_A
    if name == "B":
        return SKELETONS_B
    raise ValueError(f"unknown skeleton set {name!r}: 'A' (TRAINING) or 'B' (TEST)")


@functools.lru_cache(maxsize=4096)
def stroke_style(writer: int, skeletons: str) -> StrokeStyle:
    """The style of writer ``writer`` drawing with the ``skeletons`` set (deterministic)."""
    shapes = _skeletons(skeletons)
    rng = np.random.default_rng((writer, ord(skeletons)))
    allograph = []
    for d in range(10):
        weights = np.array([w for w, _ in shapes[str(d)]])
        allograph.append(int(rng.choice(len(weights), p=weights / weights.sum())))
    return StrokeStyle(
        writer=writer,
        skeletons=skeletons,
        allograph=tuple(allograph),
        other_allograph=float(rng.uniform(0.0, 0.12)),
        slant=float(np.clip(rng.normal(0.12, 0.15), -0.3, 0.5)),
        width=float(rng.uniform(0.45, 0.85)),
        rotation_deg=float(rng.normal(0.0, 3.0)),
        deform=float(rng.uniform(0.02, 0.07)),
        jitter=float(rng.uniform(0.01, 0.035)),
        tremor=float(rng.choice([0.0, 0.0, rng.uniform(0.002, 0.012)])),
        loop_gap=float(rng.uniform(0.0, 0.12)),
        pressure=float(rng.uniform(0.0, 0.35)),
        seed=int(rng.integers(2**31)),
    )


def _catmull_rom(points: np.ndarray, per_segment: int = 8) -> np.ndarray:
    """A smooth curve through ``points`` (n, 2): centripetal-free uniform Catmull-Rom."""
    if len(points) < 3:
        t = np.linspace(0.0, 1.0, per_segment + 1)[:, None]
        return points[0] + t * (points[-1] - points[0]) if len(points) == 2 else points
    p = np.vstack([2 * points[0] - points[1], points, 2 * points[-1] - points[-2]])
    out = [points[:1]]
    t = np.linspace(0.0, 1.0, per_segment + 1)[1:, None]
    for i in range(1, len(p) - 2):
        p0, p1, p2, p3 = p[i - 1], p[i], p[i + 1], p[i + 2]
        seg = 0.5 * (
            2 * p1
            + (-p0 + p2) * t
            + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t**2
            + (-p0 + 3 * p1 - 3 * p2 + p3) * t**3
        )
        out.append(seg)
    return np.vstack(out)


def _stroke_path(stroke: Stroke, offsets: np.ndarray) -> np.ndarray:
    """Dense polyline of one stroke, splines between corners."""
    pts = np.array([p[:2] for p in stroke], np.float64) + offsets
    corners = [0] + [i for i, p in enumerate(stroke) if len(p) > 2 and p[2]] + [len(stroke) - 1]
    pieces = []
    for a, b in zip(corners[:-1], corners[1:], strict=True):
        if b > a:
            pieces.append(_catmull_rom(pts[a : b + 1]))
    return np.vstack(pieces) if pieces else pts


def _smooth_noise(n: int, scale: float, rng: np.random.Generator) -> np.ndarray:
    raw = rng.normal(0.0, 1.0, (n + 8, 2))
    kernel = np.hanning(9)
    kernel /= kernel.sum()
    sm = np.stack([np.convolve(raw[:, k], kernel, "same") for k in range(2)], axis=1)
    return sm[4 : 4 + n] * scale


def draw_digit(
    style: StrokeStyle,
    digit: int,
    height_px: float,
    pen_px: float,
    rng: np.random.Generator,
) -> np.ndarray:
    """An ink mask (0..1, float32, cropped to the ink) of ``digit`` in ``style``, about
    ``height_px`` tall, drawn with a pen ``pen_px`` wide."""
    if not 0 <= digit <= 9:
        raise ValueError(f"digit {digit} is not 0-9")
    shapes = _skeletons(style.skeletons)[str(digit)]
    k = style.allograph[digit]
    if rng.random() < style.other_allograph and len(shapes) > 1:
        k = int(rng.choice([i for i in range(len(shapes)) if i != k]))
    strokes = shapes[k][1]
    sizes = [len(s) for s in strokes]
    fixed = style.deformation(digit, k, (sum(sizes), 2))
    inst = rng.normal(0.0, style.jitter, (sum(sizes), 2))
    paths = []
    start = 0
    for stroke, n in zip(strokes, sizes, strict=True):
        path = _stroke_path(stroke, fixed[start : start + n] + inst[start : start + n])
        start += n
        closed = np.linalg.norm(path[0] - path[-1]) < 0.12 and len(path) > 20
        if closed and style.loop_gap > 0:  # a loop left a little open
            cut = int(len(path) * rng.uniform(0.0, style.loop_gap))
            path = path[: len(path) - cut]
        if style.tremor > 0:
            path = path + _smooth_noise(len(path), style.tremor, rng)
        paths.append(path)
    # Writer geometry: width, slant, rotation; then pixels (4x oversampled).
    width = style.width * float(rng.uniform(0.93, 1.07))
    slant = style.slant + float(rng.normal(0.0, 0.03))
    angle = math.radians(style.rotation_deg + float(rng.normal(0.0, 1.5)))
    ca, sa = math.cos(angle), math.sin(angle)
    over = 4.0
    h = height_px * over
    pen = max(1.0, pen_px * over)
    placed = []
    for path in paths:
        x = (path[:, 0] - 0.5) * width + slant * (0.5 - path[:, 1])
        y = path[:, 1] - 0.5
        xr, yr = ca * x - sa * y, sa * x + ca * y
        placed.append(np.stack([xr * h, yr * h], axis=1))
    allpts = np.vstack(placed)
    lo = allpts.min(axis=0) - pen * 1.5
    hi = allpts.max(axis=0) + pen * 1.5
    size = np.ceil(hi - lo).astype(int) + 1
    canvas = np.zeros((size[1], size[0]), np.uint8)
    for path in placed:
        pts = path - lo
        n = len(pts)
        if style.pressure > 0 and n > 2:
            # Pressure: thicker in the middle of a stroke, lighter at its ends.
            along = np.linspace(0.0, 1.0, n - 1)
            w = pen * (1.0 - style.pressure * (np.abs(along - 0.5) * 2) ** 2)
            w = w * (1.0 + 0.15 * style.pressure * rng.normal(0, 1, n - 1))
            for i in range(n - 1):
                a = np.round(pts[i] * 8).astype(np.int32)
                b = np.round(pts[i + 1] * 8).astype(np.int32)
                cv2.line(canvas, tuple(a), tuple(b), 255, max(1, round(w[i])), cv2.LINE_AA, 3)
        else:
            poly = np.round(pts * 8).astype(np.int32).reshape(-1, 1, 2)
            cv2.polylines(canvas, [poly], False, 255, max(1, round(pen)), cv2.LINE_AA, 3)
    out_size = (max(1, round(size[0] / over)), max(1, round(size[1] / over)))
    small = cv2.resize(canvas, out_size, interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
    ys, xs = np.nonzero(small > 0.08)
    if len(xs) == 0:
        return small
    return small[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]


def strokes_of(style: StrokeStyle, digit: int) -> Sequence[Stroke]:
    """The model strokes of the writer's usual allograph (for tests and pictures)."""
    return _skeletons(style.skeletons)[str(digit)][style.allograph[digit]][1]
