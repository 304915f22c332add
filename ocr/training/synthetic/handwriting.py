"""Handwritten digits for synthetic travellers, from one side of the source split.

A ``Writer`` is one player: a digit source (a real digit set, a handwriting font, or a
stroke writer with a style of their own), a slant, a stroke width and a size.
``DigitBank`` holds the split's real digit images, fonts and stroke writers and makes
writers. Glyphs are float32 ink masks (0 = paper, 1 = full ink) cropped to the ink.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from .sources import Split
from .strokes import draw_digit, stroke_style
from .writers import OPENCV_DIGITS_PNG, pyclustering_digits_dir, real_digits_dir

__all__ = ["DigitBank", "Writer", "SourceError", "INSTALL_HINT"]

INSTALL_HINT = (
    "apt-get install opencv-doc fonts-dkg-handwriting fonts-humor-sans fonts-breip fonts-bwht "
    "fonts-klee ...; pip install 'bridgescan[train]' (scikit-learn, pyclustering)"
)


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


@functools.lru_cache(maxsize=1)
def _pyclustering_images() -> tuple[tuple[np.ndarray, ...], ...]:
    """pyclustering's digits (one writer, 25 per digit) as ink masks, by digit."""
    folder = pyclustering_digits_dir()
    if folder is None:
        raise SourceError("pyclustering is not installed: pip install 'bridgescan[train]'")
    out = []
    for d in range(10):
        masks = []
        for png in sorted(folder.glob(f"Digit_{d}_Sample*.png")):
            grey = cv2.imread(str(png), cv2.IMREAD_GRAYSCALE)
            if grey is not None:
                masks.append(_crop(1.0 - grey.astype(np.float32) / 255.0))
        out.append(tuple(masks))
    return tuple(out)


@functools.lru_cache(maxsize=1)
def _real_held_out(folder: str) -> tuple[tuple[tuple[str, np.ndarray], ...], ...]:
    """The held-out tenth of the real handwriting sets (``HELD_OUT_REAL``), by digit, each
    tagged by its set and its place in ``real_digits``: the digits the model's training
    skips, drawn as its validation draws them."""
    from ocr.training.real_digits import (
        HELD_OUT_EVERY,
        VALIDATION_SEED,
        RealDigitsMissing,
        check_archives,
        real_digits,
    )

    try:
        check_archives(Path(folder))
    except RealDigitsMissing as missing:
        raise SourceError(str(missing)) from None
    by_digit: list[list[tuple[str, np.ndarray]]] = [[] for _ in range(10)]
    drawn = real_digits(Path(folder), np.random.default_rng(VALIDATION_SEED))
    for i, (name, ink, label) in enumerate(drawn):
        if i % HELD_OUT_EVERY == 0:
            by_digit[label].append((f"{name}-held-out:{i}", _crop(ink)))
    return tuple(tuple(d) for d in by_digit)


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

    source: str  # "mnist", "optdigits", "pyclustering", "real-held-out:<player>",
    # "font:<path>" or "strokes:<set>:<id>"
    slant: float  # horizontal shear (x += slant * (height - y)), about -0.3..0.35
    stroke: int  # -1 thinner, 0 as is, 1..2 bolder (morphology at 48 px)
    height_share: float  # digit height as a share of the box height
    ink_darkness: float  # 0..1

    def glyph(
        self,
        bank: DigitBank,
        digit: int,
        height_px: int,
        rng: np.random.Generator,
        pen_px: float = 2.0,
    ) -> tuple[np.ndarray, str]:
        """An ink mask about ``height_px`` tall for ``digit`` and its source tag.

        A stroke writer draws with the pen (``pen_px`` wide) at the final size; the other
        sources are images, shaped by this writer's slant and stroke width.
        """
        if self.source.startswith("strokes:"):
            _, skeletons, writer = self.source.split(":")
            style = stroke_style(int(writer), skeletons)
            bank.check_writer(int(writer), skeletons)
            g = draw_digit(style, digit, height_px, pen_px, rng)
            if g.shape[0] != height_px and g.shape[0] > 0:  # strokes add their width
                w = max(2, round(g.shape[1] * height_px / g.shape[0]))
                g = cv2.resize(g, (w, max(4, height_px)), interpolation=cv2.INTER_AREA)
            return np.clip(g, 0, 1).astype(np.float32), f"strokes:{skeletons}:{writer}"
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
    """The real digit images, fonts and stroke writers of one split, and writers drawn
    from them."""

    def __init__(self, split: Split) -> None:
        self.split = split
        self.fonts = split.available_fonts()
        real = []
        for name in split.real_digits:
            if name == "mnist" and Path(OPENCV_DIGITS_PNG).exists():
                real.append(name)
            elif name == "optdigits" and _have("sklearn"):
                real.append(name)
            elif name == "pyclustering" and pyclustering_digits_dir() is not None:
                real.append(name)
            elif name == "real-held-out":  # refused loudly: its figures need these hands
                _real_held_out(str(real_digits_dir()))
                real.append(name)
        self.real = tuple(real)
        self.font_sources = tuple(f"font:{f}" for f in self.fonts)
        strokes = (f"strokes:{split.skeletons}",) if split.skeletons else ()
        self.sources = (*self.real, *self.font_sources, *strokes)
        if not self.sources:
            raise SourceError(
                f"split {split.name!r}: no handwriting source installed ({INSTALL_HINT})"
            )

    def check_writer(self, writer: int, skeletons: str) -> None:
        lo, hi = self.split.writer_ids
        if skeletons != self.split.skeletons or not lo <= writer < hi:
            raise SourceError(
                f"stroke writer {skeletons}:{writer} is not a {self.split.name} source here"
            )

    def writer(self, rng: np.random.Generator) -> Writer:
        """A random player: a real digit set, a font or a stroke writer (split weights)."""
        pools = [list(self.real), list(self.font_sources), []]
        if self.split.skeletons:
            lo, hi = self.split.writer_ids
            pools[2] = [f"strokes:{self.split.skeletons}:{int(rng.integers(lo, hi))}"]
        weights = np.array([w if p else 0.0 for w, p in zip(self.split.source_weights, pools,
                                                              strict=True)])  # fmt: skip
        pool = pools[int(rng.choice(3, p=weights / weights.sum()))]
        source = str(rng.choice(pool))
        if source == "real-held-out":  # a player of their own: one sample of each digit
            source = f"real-held-out:{int(rng.integers(2**31))}"
        return Writer(
            source=source,
            slant=float(rng.uniform(-0.25, 0.35)),
            stroke=int(rng.choice((-1, 0, 0, 1, 1, 2))),
            height_share=float(rng.uniform(0.6, 0.85)),
            ink_darkness=float(rng.uniform(0.75, 0.95)),
        )

    def shape(self, source: str, digit: int, rng: np.random.Generator) -> tuple[np.ndarray, str]:
        """A raw ink mask of ``digit`` from an image ``source`` (cropped, any size) and its
        tag."""
        if not 0 <= digit <= 9:
            raise ValueError(f"digit {digit} is not 0-9")
        if source == "mnist" and source in self.real:
            cells = _opencv_cells(str(OPENCV_DIGITS_PNG))
            r, c = digit * 5 + int(rng.integers(5)), int(rng.integers(100))
            return _crop(cells[r, c].astype(np.float32) / 255.0), f"mnist:{r}:{c}"
        if source == "optdigits" and source in self.real:
            images, labels = _sklearn_images()
            i = int(rng.choice(np.flatnonzero(labels == digit)))
            big = cv2.resize(images[i], (32, 32), interpolation=cv2.INTER_CUBIC)
            return _crop(np.clip(big, 0, 1)), f"optdigits:{i}"
        if source.startswith("real-held-out:") and "real-held-out" in self.real:
            # A player writes a digit the one way (as a font or a stroke writer does): the
            # same held-out sample every time, chosen by the player and the digit.
            held = _real_held_out(str(real_digits_dir()))[digit]
            player = int(source.partition(":")[2])
            tag, ink = held[int(np.random.default_rng((player, digit)).integers(len(held)))]
            return ink, tag
        if source == "pyclustering" and source in self.real:
            masks = _pyclustering_images()[digit]
            i = int(rng.integers(len(masks)))
            return masks[i], f"pyclustering:{digit}:{i}"
        if source.startswith("font:"):
            path = source[5:]
            if Path(path) not in self.fonts:
                raise SourceError(f"font {path} is not a {self.split.name} source here")
            return _font_glyph(path, digit, 64), f"font:{Path(path).name}"
        raise SourceError(f"source {source!r} is not available in split {self.split.name!r}")


def _have(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None
