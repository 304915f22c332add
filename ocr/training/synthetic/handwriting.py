"""Handwritten digits for synthetic travellers, from one side of the source split.

A ``Writer`` is one player: a digit source (real MNIST digits from opencv-doc's
digits.png, real scikit-learn digits, or a handwriting font), a slant, a stroke width
and a size. ``DigitBank`` holds the split's real digit images and fonts and makes
writers. Glyphs are float32 ink masks (0 = paper, 1 = full ink) cropped to the ink.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from .sources import OPENCV_DIGITS_PNG, Split

__all__ = ["DigitBank", "Writer", "SourceError"]


class SourceError(RuntimeError):
    """A split has no usable handwriting source on this machine."""


@functools.lru_cache(maxsize=2)
def _opencv_cells(path: str) -> np.ndarray:
    img = cv2.imread(path, cv2.IMREAD_GRAYSCALE)
    if img is None:
        raise SourceError(f"{path} is missing: install it with `apt-get install opencv-doc`")
    # (50 rows, 100 cols, 20, 20), five rows per digit
    return img.reshape(50, 20, 100, 20).transpose(0, 2, 1, 3).copy()


@functools.lru_cache(maxsize=1)
def _sklearn_images() -> tuple[np.ndarray, np.ndarray]:
    from sklearn.datasets import load_digits

    d = load_digits()
    return d.images.astype(np.float32) / 16.0, d.target.astype(np.int64)


@functools.lru_cache(maxsize=64)
def _font_glyph(font: str, digit: int, px: int) -> np.ndarray:
    from PIL import Image, ImageDraw, ImageFont

    f = ImageFont.truetype(font, px)
    canvas = Image.new("L", (px * 2, px * 2), 0)
    ImageDraw.Draw(canvas).text((px // 2, px // 4), str(digit), fill=255, font=f)
    return _crop(np.asarray(canvas, np.float32) / 255.0)


def _crop(mask: np.ndarray, thresh: float = 0.08) -> np.ndarray:
    ys, xs = np.nonzero(mask > thresh)
    if len(xs) == 0:
        return mask
    return mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]


@dataclass(frozen=True)
class Writer:
    """One player's hand: where the digit shapes come from and how they are drawn."""

    source: str  # "opencv", "sklearn" or "font:<path>"
    slant: float  # horizontal shear (x += slant * (height - y)), about -0.3..0.35
    stroke: int  # -1 thinner, 0 as is, 1..2 bolder (morphology at 48 px)
    height_share: float  # digit height as a share of the box height
    ink_darkness: float  # 0..1

    def glyph(
        self, bank: DigitBank, digit: int, height_px: int, rng: np.random.Generator
    ) -> tuple[np.ndarray, str]:
        """An ink mask about ``height_px`` tall for ``digit`` and its source tag."""
        base, tag = bank.shape(self.source, digit, rng)
        # work at 48 px height: stroke changes and shear behave the same for every source
        h, w = base.shape
        scale = 48.0 / max(h, 1)
        g = cv2.resize(base, (max(1, round(w * scale)), 48), interpolation=cv2.INTER_CUBIC)
        g = np.clip(g, 0, 1)
        g = np.pad(g, 8)
        if self.stroke > 0:
            k = np.ones((2 * self.stroke + 1, 2 * self.stroke + 1), np.uint8)
            g = cv2.dilate(g, k)
        elif self.stroke < 0:
            g = cv2.erode(g, np.ones((2, 2), np.uint8))
        slant = self.slant + float(rng.normal(0, 0.04))
        gh, gw = g.shape
        shift = abs(slant) * gh
        m = np.array([[1, -slant, shift if slant > 0 else 0], [0, 1, 0]], np.float32)
        g = cv2.warpAffine(g, m, (int(gw + shift) + 1, gh), flags=cv2.INTER_LINEAR)
        g = _crop(g)
        h, w = g.shape
        target_h = max(4, height_px)
        target_w = max(2, round(w * target_h / h))
        out = cv2.resize(g, (target_w, target_h), interpolation=cv2.INTER_AREA)
        # soft threshold: real ink is near solid inside the stroke
        out = np.clip((out - 0.15) * 1.6, 0, 1).astype(np.float32)
        return out, tag


class DigitBank:
    """The real digit images and fonts of one split, and writers drawn from them."""

    def __init__(self, split: Split) -> None:
        self.split = split
        self.fonts = split.available_fonts()
        c0, c1 = split.opencv_columns
        self._opencv = None
        if c1 > c0 and Path(OPENCV_DIGITS_PNG).exists():
            self._opencv = _opencv_cells(str(OPENCV_DIGITS_PNG))[:, c0:c1]
        self._columns = (c0, c1)
        sources = []
        if self._opencv is not None:
            sources.append("opencv")
        if split.sklearn_digits:
            sources.append("sklearn")
        sources += [f"font:{f}" for f in self.fonts]
        if not sources:
            raise SourceError(
                f"split {split.name!r}: no handwriting source installed (apt-get install "
                "opencv-doc fonts-dkg-handwriting fonts-humor-sans fonts-breip fonts-bwht "
                "fonts-klee)"
            )
        self.sources = tuple(sources)

    def writer(self, rng: np.random.Generator) -> Writer:
        """A random player: real digits half the time, a handwriting font otherwise."""
        real = [s for s in self.sources if not s.startswith("font:")]
        fonts = [s for s in self.sources if s.startswith("font:")]
        pool = real if (real and (not fonts or rng.random() < 0.5)) else fonts
        return Writer(
            source=str(rng.choice(pool)),
            slant=float(rng.uniform(-0.25, 0.35)),
            stroke=int(rng.choice((-1, 0, 0, 1, 1, 2))),
            height_share=float(rng.uniform(0.6, 0.85)),
            ink_darkness=float(rng.uniform(0.75, 0.95)),
        )

    def shape(self, source: str, digit: int, rng: np.random.Generator) -> tuple[np.ndarray, str]:
        """A raw ink mask of ``digit`` from ``source`` (cropped, any size) and its tag."""
        if not 0 <= digit <= 9:
            raise ValueError(f"digit {digit} is not 0-9")
        if source == "opencv" and self._opencv is not None:
            rowblock = self._opencv[digit * 5 : digit * 5 + 5]
            r = int(rng.integers(5))
            c = int(rng.integers(rowblock.shape[1]))
            col = self._columns[0] + c
            cell = rowblock[r, c].astype(np.float32) / 255.0
            return _crop(cell), f"opencv:{digit * 5 + r}:{col}"
        if source == "sklearn" and self.split.sklearn_digits:
            images, labels = _sklearn_images()
            idx = np.flatnonzero(labels == digit)
            i = int(rng.choice(idx))
            big = cv2.resize(images[i], (32, 32), interpolation=cv2.INTER_CUBIC)
            return _crop(np.clip(big, 0, 1)), f"sklearn:{i}"
        if source.startswith("font:"):
            path = source[5:]
            if Path(path) not in self.fonts:
                raise SourceError(f"font {path} is not a {self.split.name} source here")
            return _font_glyph(path, digit, 64), f"font:{Path(path).name}"
        raise SourceError(f"source {source!r} is not available in split {self.split.name!r}")
