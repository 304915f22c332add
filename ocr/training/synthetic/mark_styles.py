"""How players mark a box, as ink masks: one set of styles per side of the split.

TRAINING styles are drawn with geometric primitives (OpenCV polylines, ellipses, filled
polygons): crosses, ticks, slashes, filled boxes, scribbles, partial fills, an
elliptical ring around the box (tight enough to cut its corners or big enough to run into
the neighbours, one in four off centre, closed, open or run on past its start), a round
dot (one in four on the box's edge or corner) and a fine dot, a pen barely touched to the
paper (``fine-dot``: drawn only on the ``training-fine-dots`` pages, sources.py). TEST
styles come from a separate hand model: every line is a pen stroke (a spline through
wobbling control points, with pressure), and the shapes are the ones the issue lists from
real slips: crosses, ticks with a long arm that may run out of the box, blobs, hand-drawn circles
around the box (open or overlapping, cutting the corners or running into the neighbours),
pen dots, and (the ``scribble`` condition) a hurried scribble that zigzags over the box,
often past its edges, and a single slash corner to corner that may overshoot. No TEST
style is ever drawn on a TRAINING page, so the mark thresholds are chosen on styles the
benchmark never shows.

A mark is drawn into a patch that holds the box (``w`` x ``h`` px) at offset (``pad``,
``pad``); ``pad`` leaves room for marks that leave the box.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import cv2
import numpy as np

from .strokes import catmull_rom

__all__ = ["TRAINING_STYLES", "TEST_STYLES", "PAD_MM", "mark_alpha"]

TRAINING_STYLES = ("cross", "tick", "slash", "fill", "scribble", "partial", "ring", "dot",
                   "fine-dot")  # fmt: skip
TEST_STYLES = ("pen-cross", "check", "blob", "circle", "pen-dot", "pen-scribble", "pen-slash")
PAD_MM = 2.6
"""Room around the box in a mark's patch (a circle around a 4.5 mm box reaches ~2 mm out)."""


def _poly(canvas: np.ndarray, pts: Sequence[tuple[float, float]], thick: int) -> None:
    p = np.array([[round(x * 16), round(y * 16)] for x, y in pts], np.int32)
    cv2.polylines(canvas, [p], False, 255, thick, cv2.LINE_AA, shift=4)


def _pen_stroke(
    canvas: np.ndarray,
    pts: Sequence[tuple[float, float]],
    thick: float,
    rng: np.random.Generator,
    pressure: float = 0.3,
) -> None:
    """A hand-drawn line through ``pts``: a spline, thinner where the pen lands and lifts."""
    path = catmull_rom(np.array(pts, np.float64), 10)
    n = len(path)
    along = np.linspace(0.0, 1.0, max(2, n - 1))
    widths = thick * (1.0 - pressure * np.abs(along - 0.5) ** 1.5 * 2)
    for i in range(n - 1):
        a = (round(path[i][0] * 16), round(path[i][1] * 16))
        b = (round(path[i + 1][0] * 16), round(path[i + 1][1] * 16))
        cv2.line(canvas, a, b, 255, max(1, round(widths[i])), cv2.LINE_AA, 4)


def mark_alpha(
    style: str, w: float, h: float, pad: float, thick: int, rng: np.random.Generator
) -> np.ndarray:
    """Ink mask (0..1) of one mark for a w x h px box placed at (pad, pad) in the patch."""
    size = (round(h + 2 * pad), round(w + 2 * pad))
    c = np.zeros(size, np.uint8)
    side = min(w, h)

    def j(s: float = 0.08) -> float:
        return float(rng.normal(0, s * side))

    x0, y0 = pad, pad

    def pt(fx: float, fy: float, s: float = 0.08) -> tuple[float, float]:
        """A point at (fx, fy) of the box, wobbled by the hand."""
        return (x0 + fx * w + j(s), y0 + fy * h + j(s))

    # ---- TRAINING styles: geometric primitives --------------------------------------
    if style == "cross":
        o = float(rng.uniform(-0.1, 0.15))  # overshoot past the corners (or short of them)
        _poly(c, [pt(-o, -o), pt(0.5, 0.5), pt(1 + o, 1 + o)], thick)
        _poly(c, [pt(1 + o, -o), pt(-o, 1 + o)], thick)
    elif style == "tick":
        _poly(c, [pt(0.1, 0.5), pt(0.4, 0.9), pt(1.1, -0.15)], thick)
    elif style == "slash":
        _poly(c, [pt(0.05, 0.95), pt(0.95, 0.05)], thick)
    elif style == "fill":
        i = float(rng.uniform(0.0, 0.12))
        quad = np.array(
            [pt(i, i, 0.04), pt(1 - i, i, 0.04), pt(1 - i, 1 - i, 0.04), pt(i, 1 - i, 0.04)]
        )
        cv2.fillPoly(c, [np.round(quad * 16).astype(np.int32)], 255, cv2.LINE_AA, shift=4)
    elif style == "scribble":
        n = int(rng.integers(5, 9))
        pts = []
        for i in range(n):
            y = y0 + (i + 0.5) * h / n + j(0.03)
            pts.append((x0 + (0.05 if i % 2 else 0.0) * w + j(0.05), y))
            pts.append((x0 + w - (0.0 if i % 2 else 0.05) * w + j(0.05), y + h / (2 * n)))
        _poly(c, pts, thick + 1)
    elif style == "partial":
        share = float(rng.uniform(0.35, 0.6))
        _ellipse(c, x0 + w / 2 + j(0.1), y0 + h / 2 + j(0.1), w * np.sqrt(share) / 1.7,
                 h * np.sqrt(share) / 1.7, float(rng.uniform(0, 180)), -1)  # fmt: skip
    elif style == "ring":
        # An ellipse round the box: small enough to cut its corners or its top and bottom
        # edges, or big enough to run into the neighbours; closed, left open by up to 40
        # degrees, or run on past its start by up to 40 degrees a little wider.
        r = float(rng.uniform(0.6, 0.9))
        ry = r * h * float(rng.uniform(0.75, 1.2))
        start = float(rng.uniform(0, 360))
        sweep = 360.0 if rng.random() < 0.6 else float(rng.uniform(320, 400))
        cx, cy, tilt = x0 + w / 2 + j(0.07), y0 + h / 2 + j(0.07), float(rng.uniform(-15, 15))
        if rng.random() < 0.25:
            # A hurried hand puts one in four off centre, towards any side, as far as the
            # ring still goes round most of the box: a wide one then runs deep into the
            # neighbour, and its arc there is all that box holds.
            off = float(rng.uniform(0.1, max(0.1, min(0.3, r - 0.45)))) * side
            towards = float(rng.uniform(0, 2 * math.pi))
            cx, cy = cx + off * math.cos(towards), cy + off * math.sin(towards)
        _ellipse(c, cx, cy, r * w, ry, tilt, thick, start, start + min(sweep, 360.0))
        if sweep > 360.0:
            _ellipse(c, cx, cy, 1.06 * r * w, 1.06 * ry, tilt, thick, start, start + sweep - 360)
    elif style == "dot":
        r = float(rng.uniform(0.1, 0.22)) * side
        cx, cy = x0 + w / 2 + j(0.06), y0 + h / 2 + j(0.06)
        # A hurried hand puts one dot in four on the box's printed edge or a corner, where
        # the mask of the form's lines takes most of it (seed 25 phone p282's X). Its own
        # draws come from a child generator, so every other mark on the page is as before.
        (hand,) = rng.spawn(1)
        if hand.random() < 0.25:
            cx, cy = _on_edge(x0, y0, w, h, float(hand.uniform(0, 2 * math.pi)))
            cx, cy = _outward(cx, cy, x0, y0, w, h, float(hand.uniform(-0.6, 0.5)) * r)
        _ellipse(c, cx, cy, r, r, 0.0, -1)
    elif style == "fine-dot":
        # A pen barely touched to the paper: a small ellipse, a little flattened by the
        # pen's slant, its long half-axis 0.3-0.55 mm on a 4.5 mm box (0.35-1.1 mm^2 of ink,
        # where the page's larger dust clumps lie; ``dot`` draws 0.75 mm^2 and more). One in
        # five sits on the box's edge or corner. Its own draws come from a child generator.
        (hand,) = rng.spawn(1)
        r = float(hand.uniform(0.07, 0.12)) * side
        flat = float(hand.uniform(0.75, 1.0))
        cx, cy = (
            x0 + w / 2 + float(hand.normal(0, 0.12 * side)),
            y0 + h / 2 + float(hand.normal(0, 0.12 * side)),
        )
        if hand.random() < 0.2:
            cx, cy = _on_edge(x0, y0, w, h, float(hand.uniform(0, 2 * math.pi)))
            cx, cy = _outward(cx, cy, x0, y0, w, h, float(hand.uniform(-0.8, 0.3)) * r)
        _ellipse(c, cx, cy, r, r * flat, float(hand.uniform(0, 180)), -1)
    # ---- TEST styles: a pen in a hand --------------------------------------------------
    elif style == "pen-cross":
        a, b = float(rng.uniform(-0.15, 0.2)), float(rng.uniform(-0.15, 0.2))
        bend = float(rng.normal(0, 0.08))
        _pen_stroke(c, [pt(a, a, 0.05), pt(0.5 + bend, 0.5 - bend, 0.04), pt(1 - a, 1 - a, 0.05)],
                    thick, rng)  # fmt: skip
        _pen_stroke(c, [pt(1 - b, b, 0.05), pt(0.5 - bend, 0.5 - bend, 0.04), pt(b, 1 - b, 0.05)],
                    thick, rng)  # fmt: skip
    elif style == "check":
        reach = float(rng.uniform(0.9, 1.3))
        rise = float(rng.uniform(-0.45, 0.05))
        _pen_stroke(c, [pt(0.05, 0.5, 0.06), pt(0.25, 0.75, 0.03), pt(0.42, 0.95, 0.04),
                        pt(0.7, 0.45, 0.05), pt(reach, rise, 0.05)], thick, rng, 0.5)  # fmt: skip
    elif style == "blob":
        n = 14
        cover = float(rng.uniform(0.3, 0.62))
        ang = np.linspace(0, 2 * math.pi, n, endpoint=False)
        radius = cover * side * (1 + 0.25 * np.cumsum(rng.normal(0, 0.3, n)) / np.sqrt(n))
        radius = np.clip(radius, 0.2 * side, 0.75 * side)
        cx, cy = x0 + w / 2 + j(0.08), y0 + h / 2 + j(0.08)
        ring = np.stack([cx + radius * np.cos(ang), cy + radius * np.sin(ang)], axis=1)
        smooth = catmull_rom(np.vstack([ring, ring[:1]]), 4)
        cv2.fillPoly(c, [np.round(smooth * 16).astype(np.int32)], 255, cv2.LINE_AA, shift=4)
    elif style == "circle":
        rx = float(rng.uniform(0.62, 0.85)) * w
        ry = rx * float(rng.uniform(0.75, 1.15)) * h / w
        cx, cy = x0 + w / 2 + j(0.07), y0 + h / 2 + j(0.07)
        start = float(rng.uniform(0, 2 * math.pi))
        turn = float(rng.uniform(1.8, 2.3)) * math.pi * (1 if rng.random() < 0.6 else -1)
        k = 14
        pts = [
            (cx + rx * (1 + 0.04 * t) * math.cos(start + turn * t),
             cy + ry * (1 + 0.04 * t) * math.sin(start + turn * t))
            for t in np.linspace(0, 1, k)
        ]  # fmt: skip
        pts = [(x + j(0.025), y + j(0.025)) for x, y in pts]
        _pen_stroke(c, pts, thick, rng, 0.4)
    elif style == "pen-dot":
        r = float(rng.uniform(0.08, 0.2)) * side
        cx, cy = x0 + w / 2 + j(0.1), y0 + h / 2 + j(0.1)
        n = 8
        ang = np.linspace(0, 2 * math.pi, n, endpoint=False)
        rad = r * rng.uniform(0.75, 1.25, n)
        pts = np.stack([cx + rad * np.cos(ang), cy + rad * np.sin(ang)], axis=1)
        smooth = catmull_rom(np.vstack([pts, pts[:1]]), 4)
        cv2.fillPoly(c, [np.round(smooth * 16).astype(np.int32)], 255, cv2.LINE_AA, shift=4)
    elif style == "pen-scribble":
        # A hurried zigzag, mostly across, sometimes up and down: 3-7 turns, the ends
        # and turns past the box's edges by up to a fifth of it.
        turns = int(rng.integers(3, 8))
        over = float(rng.uniform(0.0, 0.2))
        across = rng.random() < 0.75
        pts = []
        for i in range(turns + 1):
            a = (i + float(rng.uniform(0.1, 0.4))) / (turns + 0.5)
            b = -over if i % 2 == 0 else 1 + over
            pts.append(pt(b, a, 0.06) if across else pt(a, b, 0.06))
        _pen_stroke(c, pts, thick, rng, 0.35)
    elif style == "pen-slash":
        # One stroke from corner to corner, either way, short of the corners or past them.
        o = float(rng.uniform(-0.15, 0.25))
        rising = rng.random() < 0.7
        ends = [pt(-o, 1 + o, 0.05), pt(1 + o, -o, 0.05)]
        if not rising:
            ends = [pt(-o, -o, 0.05), pt(1 + o, 1 + o, 0.05)]
        mid = ((ends[0][0] + ends[1][0]) / 2 + j(0.05), (ends[0][1] + ends[1][1]) / 2 + j(0.05))
        _pen_stroke(c, [ends[0], mid, ends[1]], thick, rng, 0.5)
    else:
        raise ValueError(f"unknown mark style {style!r}")
    return c.astype(np.float32) / 255.0


def _on_edge(x0: float, y0: float, w: float, h: float, towards: float) -> tuple[float, float]:
    """Where a line from the box's centre in direction ``towards`` (radians) meets its edge."""
    dx, dy = math.cos(towards), math.sin(towards)
    reach = min(w / 2 / abs(dx) if dx else math.inf, h / 2 / abs(dy) if dy else math.inf)
    return x0 + w / 2 + reach * dx, y0 + h / 2 + reach * dy


def _outward(
    x: float, y: float, x0: float, y0: float, w: float, h: float, by: float
) -> tuple[float, float]:
    """Point (x, y) on the box's edge moved ``by`` px out of the box (in if negative),
    across the edge it lies on (both ways at a corner)."""
    if abs(x - x0) < 1e-6 or abs(x - x0 - w) < 1e-6:
        x += by if x > x0 + w / 2 else -by
    if abs(y - y0) < 1e-6 or abs(y - y0 - h) < 1e-6:
        y += by if y > y0 + h / 2 else -by
    return x, y


def _ellipse(
    c: np.ndarray,
    cx: float,
    cy: float,
    rx: float,
    ry: float,
    angle: float,
    thick: int,
    start: float = 0.0,
    end: float = 360.0,
) -> None:
    centre = (round(cx * 16), round(cy * 16))
    axes = (max(1, round(rx * 16)), max(1, round(ry * 16)))
    cv2.ellipse(c, centre, axes, angle, start, end, 255, thick, cv2.LINE_AA, shift=4)
