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

A pen is a round tip unless ``draw_digit`` is given ``upstroke``: a pointed (or
fountain) pen, pressed on the downstrokes and lifted on the way up, draws a stroke moving
down the page full width and one moving up or across as a hairline, which a 150 dpi scan
turns into a faint trace or nothing (the right side of a "0" drawn from its top
anticlockwise, the loop of a "6" or "9").

There are two independently drawn sets of model shapes: ``SKELETONS_A`` (TRAINING,
skeletons_a.py) and ``SKELETONS_B`` (TEST, skeletons_b.py). They cover the same
allographs (a model must have seen a long-flag "1" to read one) but every control point,
stroke order and proportion was drawn anew, and writers are drawn from disjoint id ranges
(ocr/training/synthetic/sources.py), so a TEST writer shares neither shapes nor style with
any TRAINING writer.

This module is the hand: a writer's style and the drawing of one digit in it. The shapes
it draws are data kept apart (the two sets, and their vocabulary in stroke_shapes.py:
coordinates in a unit box, x to the right, y down, a third value 1 marking a corner where
the spline stops and starts again).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from .skeletons_a import SKELETONS_A
from .skeletons_b import SKELETONS_B
from .stroke_shapes import SkeletonSet, Stroke

__all__ = ["StrokeStyle", "stroke_style", "draw_digit", "strokes_of", "catmull_rom"]


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


def _skeletons(name: str) -> SkeletonSet:
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


def catmull_rom(points: np.ndarray, per_segment: int = 8) -> np.ndarray:
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
            pieces.append(catmull_rom(pts[a : b + 1]))
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
    upstroke: float | None = None,
) -> np.ndarray:
    """An ink mask (0..1, float32, cropped to the ink) of ``digit`` in ``style``, about
    ``height_px`` tall, drawn with a pen ``pen_px`` wide; with ``upstroke``, a pointed pen
    whose strokes moving up or across are that share of its width (module docstring)."""
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
        if (style.pressure > 0 or upstroke is not None) and n > 2:
            w = np.full(n - 1, pen)
            if style.pressure > 0:
                # Pressure: thicker in the middle of a stroke, lighter at its ends.
                along = np.linspace(0.0, 1.0, n - 1)
                w = w * (1.0 - style.pressure * (np.abs(along - 0.5) * 2) ** 2)
                w = w * (1.0 + 0.15 * style.pressure * rng.normal(0, 1, n - 1))
            if upstroke is not None:
                step = np.diff(pts, axis=0)
                down = np.clip(step[:, 1] / np.maximum(np.hypot(*step.T), 1e-9), 0.0, 1.0)
                w = w * (upstroke + (1.0 - upstroke) * down)
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
