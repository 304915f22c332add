"""Pens and pencils: ink colour, stroke width and how the line looks on paper.

Each pen belongs to one side of the split (ocr/training/synthetic/sources.py): TRAINING
pages are written with ``TRAINING_PENS`` / ``TRAINING_PENCILS``, TEST pages only with
``TEST_PENS`` / ``TEST_PENCILS``, so the benchmark measures pens the reader was never tuned
on. What differs between pens is what a scanner sees: colour (a red gel pen scans lighter
in grey than a black fineliner), width, how solid the line is (a ballpoint skips, graphite
has grain, a felt tip bleeds) and how hard the writer presses.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

__all__ = [
    "Pen",
    "TRAINING_PENS",
    "TRAINING_PENCILS",
    "TEST_PENS",
    "TEST_PENCILS",
    "pen_named",
    "composite",
]


@dataclass(frozen=True)
class Pen:
    """One writing instrument."""

    name: str
    colour: tuple[float, float, float]  # RGB 0..1 of a full-strength stroke
    width_mm: tuple[float, float]
    darkness: tuple[float, float]  # how much of the colour reaches the paper
    texture: str  # "solid", "ballpoint", "graphite", "felt", "smudged-graphite"
    pencil: bool = False

    def line_width(self, rng: np.random.Generator) -> float:
        return float(rng.uniform(*self.width_mm))


TRAINING_PENS = (
    Pen("fineliner-black", (0.06, 0.06, 0.08), (0.25, 0.5), (0.85, 1.0), "solid"),
    Pen("ballpoint-blue", (0.1, 0.18, 0.62), (0.25, 0.45), (0.7, 0.95), "ballpoint"),
    Pen("rollerball-black", (0.1, 0.1, 0.12), (0.35, 0.6), (0.8, 0.97), "solid"),
)
TRAINING_PENCILS = (
    Pen("pencil-hb", (0.3, 0.3, 0.33), (0.3, 0.5), (0.7, 0.95), "graphite", pencil=True),
)
TEST_PENS = (
    Pen("felt-tip-black", (0.05, 0.05, 0.05), (0.55, 0.9), (0.85, 1.0), "felt"),
    Pen("ballpoint-black", (0.16, 0.16, 0.2), (0.2, 0.4), (0.6, 0.9), "ballpoint"),
    Pen("gel-red", (0.78, 0.1, 0.12), (0.3, 0.5), (0.8, 1.0), "solid"),
    Pen("gel-blue-light", (0.2, 0.35, 0.85), (0.3, 0.55), (0.75, 0.95), "solid"),
)
TEST_PENCILS = (
    Pen(
        "pencil-2b-soft",
        (0.22, 0.22, 0.25),
        (0.4, 0.7),
        (0.65, 0.95),
        "smudged-graphite",
        pencil=True,
    ),  # fmt: skip
    Pen("pencil-worn-light", (0.4, 0.4, 0.43), (0.3, 0.55), (0.7, 1.0), "graphite", pencil=True),
)

_ALL = {p.name: p for p in (*TRAINING_PENS, *TRAINING_PENCILS, *TEST_PENS, *TEST_PENCILS)}


def pen_named(name: str) -> Pen:
    """A pen by name (as written in a ground-truth file)."""
    try:
        return _ALL[name]
    except KeyError:
        raise ValueError(f"unknown pen {name!r}: one of {', '.join(_ALL)}") from None


def _texture(alpha: np.ndarray, texture: str, rng: np.random.Generator) -> np.ndarray:
    if texture == "ballpoint":  # the ball skips now and then: short light gaps
        skips = rng.random(alpha.shape).astype(np.float32)
        skips = cv2.GaussianBlur(skips, (0, 0), 1.2)
        return alpha * np.clip(0.55 + 2.0 * (skips - 0.4), 0.45, 1.0)
    if texture == "graphite":  # grain of the paper shows through
        return alpha * rng.uniform(0.55, 1.0, alpha.shape).astype(np.float32)
    if texture == "smudged-graphite":  # soft lead: grain, and a grey halo rubbed around
        grain = alpha * rng.uniform(0.5, 1.0, alpha.shape).astype(np.float32)
        halo = cv2.GaussianBlur(alpha, (0, 0), 1.8) * 0.35
        return np.maximum(grain, halo)
    if texture == "felt":  # ink bleeds a little into the paper
        return np.maximum(alpha, cv2.GaussianBlur(alpha, (0, 0), 0.9) * 0.9)
    return alpha


def composite(
    page: np.ndarray,
    alpha: np.ndarray,
    x: int,
    y: int,
    pen: Pen,
    darkness: float,
    rng: np.random.Generator,
) -> None:
    """Subtractive ink on an RGB float page (0..1): page *= 1 - a * (1 - colour)."""
    h, w = alpha.shape
    H, W = page.shape[:2]
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, W), min(y + h, H)
    if x0 >= x1 or y0 >= y1:
        return
    a = _texture(alpha, pen.texture, rng)[y0 - y : y1 - y, x0 - x : x1 - x] * darkness
    colour = np.array(pen.colour, np.float32)
    page[y0:y1, x0:x1] *= 1.0 - np.clip(a, 0, 1)[..., None] * (1.0 - colour)
