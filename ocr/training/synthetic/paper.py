"""Paper: its tone and texture, and what happens to it at the table (folds, stains).

Papers and damages are named and belong to one side of the split
(ocr/training/synthetic/sources.py). TRAINING: white and cream office paper; worn paper
(``worn``: folds seen by a scanner's lamp, crumples, tide lines, tea and coffee rings and
drops, drawn from published descriptions in worn_paper.py). TEST: grey recycled paper
with fibre specks and a pale yellow card; paper folded in two or three (a crease with a
shaded slope beside it) and water or tea stains (an irregular tinted blotch with a darker
tide line), which lie over the ink.

All functions work on an upright RGB float page (0..1) at ``dpi`` and change it in place.
"""

from __future__ import annotations

import cv2
import numpy as np

from .worn_paper import WORN, wear

__all__ = ["PAPERS", "DAMAGES", "apply_paper", "apply_damage"]

PAPERS = ("white", "cream", "recycled", "yellow-card")
DAMAGES = (WORN, "folds", "water-stain")


def _smooth_field(shape: tuple[int, int], cells: int, rng: np.random.Generator) -> np.ndarray:
    """A smooth random field in [-1, 1] (bicubic interpolation of a coarse grid)."""
    h, w = shape
    gh, gw = cells, max(2, round(cells * w / h))
    coarse = rng.uniform(-1, 1, (gh, gw)).astype(np.float32)
    return cv2.resize(coarse, (w, h), interpolation=cv2.INTER_CUBIC)


def apply_paper(page: np.ndarray, paper: str, dpi: float, rng: np.random.Generator) -> None:
    """Give the printed page the paper's colour and texture."""
    h, w = page.shape[:2]
    if paper == "white":
        tone = np.full(3, rng.uniform(0.96, 1.0), np.float32)
    elif paper == "cream":
        tone = np.array([1.0, 0.97, 0.9], np.float32) * rng.uniform(0.95, 0.99)
    elif paper == "recycled":
        tone = np.array([0.93, 0.92, 0.9], np.float32) * rng.uniform(0.92, 0.98)
    elif paper == "yellow-card":
        tone = np.array([1.0, 0.96, 0.76], np.float32) * rng.uniform(0.95, 1.0)
    else:
        raise ValueError(f"unknown paper {paper!r}: one of {', '.join(PAPERS)}")
    if paper == "recycled":  # fibres and specks of the recycled pulp
        grain = 1.0 + 0.03 * _smooth_field((h, w), 120, rng)
        page *= grain[..., None] * tone
    else:
        page *= tone
        for _ in range(int(rng.integers(80, 250))):
            x, y = int(rng.integers(w)), int(rng.integers(h))
            r = max(1, round(rng.uniform(0.05, 0.15) * dpi / 25.4))
            cv2.circle(page, (x, y), r, tuple(float(v) for v in tone * rng.uniform(0.5, 0.8)), -1)


def _fold_line(page: np.ndarray, pos: float, vertical: bool, dpi: float,
               rng: np.random.Generator, crease: float, slope_mm: float,
               slope_dark: float) -> None:  # fmt: skip
    """A fold across the page at ``pos`` (0..1): a thin crease, a shaded slope on one side
    and a lit slope on the other."""
    h, w = page.shape[:2]
    n = w if vertical else h
    at = pos * n
    coord = np.arange(n, dtype=np.float32)
    d = (coord - at) / (slope_mm * dpi / 25.4)
    light = np.ones(n, np.float32)
    light -= slope_dark * np.clip(1 - np.abs(d), 0, 1) ** 2 * (d > 0)
    light += 0.5 * slope_dark * np.clip(1 - np.abs(d), 0, 1) ** 2 * (d <= 0)
    light -= crease * np.exp(-(((coord - at) / max(1.0, 0.15 * dpi / 25.4)) ** 2))
    page *= light[None, :, None] if vertical else light[:, None, None]


def apply_damage(page: np.ndarray, damage: str, dpi: float, rng: np.random.Generator) -> None:
    """Fold or stain the page (after it was written on: stains lie over the ink)."""
    h, w = page.shape[:2]
    s = dpi / 25.4
    if damage == WORN:
        wear(page, dpi, rng)
    elif damage == "folds":
        parts = int(rng.choice([2, 3]))
        vertical = rng.random() < 0.35
        for k in range(1, parts):
            _fold_line(page, k / parts + float(rng.normal(0, 0.02)), vertical, dpi, rng,
                       crease=float(rng.uniform(0.15, 0.4)),
                       slope_mm=float(rng.uniform(6, 18)),
                       slope_dark=float(rng.uniform(0.08, 0.22)))  # fmt: skip
        crumple = 1.0 + float(rng.uniform(0.02, 0.06)) * _smooth_field((h, w), 14, rng)
        page *= crumple[..., None]
    elif damage == "water-stain":
        for _ in range(int(rng.integers(1, 3))):
            size = float(rng.uniform(25, 70)) * s
            cx, cy = float(rng.uniform(0.1, 0.9) * w), float(rng.uniform(0.15, 0.85) * h)
            y0, y1 = max(0, int(cy - size)), min(h, int(cy + size))
            x0, x1 = max(0, int(cx - size)), min(w, int(cx + size))
            if y1 - y0 < 4 or x1 - x0 < 4:
                continue
            yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
            dist = np.hypot((xx - cx) / size, (yy - cy) / size)
            edge = 0.75 + 0.25 * _smooth_field((y1 - y0, x1 - x0), 6, rng)
            inside = np.clip((edge - dist) * 12, 0, 1)
            tide = np.exp(-(((dist - edge) / 0.03) ** 2))
            strength = float(rng.uniform(0.08, 0.25))
            alpha = strength * inside + strength * 1.6 * tide
            tint = np.array([0.75, 0.62, 0.4], np.float32)
            page[y0:y1, x0:x1] *= 1.0 - np.clip(alpha, 0, 0.6)[..., None] * (1.0 - tint)
    else:
        raise ValueError(f"unknown paper damage {damage!r}: one of {', '.join(DAMAGES)}")
