"""A training digit put into a box crop that looks scanned, and empty boxes of dusty pages.

``on_paper`` takes an ink image (ocr/training/digit_ink.py) into a digit box as the reader
cuts it at 150-300 dpi: paper and ink tone, pen texture, a digit not always centred,
printed box edges leaking in, with ``dust`` a dirty scanner's specks and clumps (TRAINING's,
``dust_in_box``), blur, noise and JPEG. ``no_digit_boxes`` gives the empty dusty boxes the
blank decision takes for ink, normalised, for the class ``NO_DIGIT``. Each crop then goes
through exactly the normalisation the reader uses (``ocr.digits.normalise_cell``).
"""

from __future__ import annotations

from collections.abc import Iterable

import cv2
import numpy as np

from ocr.digits import normalise_cell
from ocr.training.synthetic.settled_dust import dust_in_box

__all__ = ["no_digit_boxes", "on_paper"]


def _texture(ink: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Ink as pens leave it: graphite grain, a ballpoint's skips, a felt tip's bleed."""
    u = rng.random()
    if u < 0.25:
        return ink * rng.uniform(0.5, 1.0, ink.shape).astype(np.float32)
    if u < 0.4:
        skips = cv2.GaussianBlur(rng.random(ink.shape).astype(np.float32), (0, 0), 1.2)
        return ink * np.clip(0.55 + 2.0 * (skips - 0.4), 0.45, 1.0)
    if u < 0.5:
        return np.maximum(ink, cv2.GaussianBlur(ink, (0, 0), 0.9) * 0.9)
    return ink


def _box_size(rng: np.random.Generator) -> tuple[int, int, float]:
    """A digit box's crop as the reader cuts it at 150-300 dpi: (height, width, pixels a
    mm). Score boxes are tall (7 x 11 mm, 5.8 x 9.8 inside the reader's 0.6 mm inset),
    pair boxes about square (5.5 x 5 mm, 4.3 x 3.8 inside)."""
    height = int(rng.integers(26, 70))
    tall = rng.random() < 0.7
    width = int(height * (rng.uniform(0.55, 0.7) if tall else rng.uniform(1, 1.2)))
    return height, width, height / (9.8 if tall else 3.8)


def on_paper(ink: np.ndarray, rng: np.random.Generator, dust: bool = False) -> np.ndarray:
    """Put an ink image into a scanned-looking box crop (150-300 dpi score or pair boxes):
    paper and ink tone, texture, a digit not always centred, printed box edges leaking in
    (whole edges, or a piece of one), with ``dust`` a dirty scanner's specks and clumps
    (TRAINING's, ``dust_in_box``), blur, noise and JPEG."""
    ys, xs = np.nonzero(ink > 0.2)
    if len(ys):
        ink = ink[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    height, width, px_per_mm = _box_size(rng)
    target = height * rng.uniform(0.55, 0.9)
    s = min(target / ink.shape[0], rng.uniform(0.8, 0.97) * width / ink.shape[1])
    ink = cv2.resize(
        ink,
        (max(1, round(ink.shape[1] * s)), max(1, round(ink.shape[0] * s))),
        interpolation=cv2.INTER_AREA,
    )
    ink = _texture(ink, rng)
    crop = np.zeros((height, width), np.float32)
    gh, gw = ink.shape
    spread = 0.05 if rng.random() < 0.7 else 0.12
    oy = (height - gh) // 2 + int(rng.normal(0, spread * height))
    ox = (width - gw) // 2 + int(rng.normal(0, spread * width))
    oy, ox = min(max(0, oy), max(0, height - gh)), min(max(0, ox), max(0, width - gw))
    crop[oy : oy + gh, ox : ox + gw] = ink[: height - oy, : width - ox]
    paper = rng.uniform(180, 250)
    dark = rng.uniform(0.4, 0.95)
    return _scanned(paper * (1 - dark * crop), paper, px_per_mm, rng, dust)


def _empty_box(rng: np.random.Generator) -> np.ndarray:
    """An empty digit box's crop on a dusty page: paper, printed edges leaking in, the
    dirty scanner's dust (``dust_in_box``), blur, noise and JPEG."""
    height, width, px_per_mm = _box_size(rng)
    paper = rng.uniform(180, 250)
    return _scanned(np.full((height, width), paper), paper, px_per_mm, rng, dust=True)


def _scanned(
    grey: np.ndarray, paper: float, px_per_mm: float, rng: np.random.Generator, dust: bool
) -> np.ndarray:
    """A box's grey crop as scanned: printed box edges leaking in, dust, blur, noise, JPEG."""
    grey = grey.astype(np.float32)
    height, width = grey.shape
    u = rng.random()
    if u < 0.3:  # a printed box edge leaking into the crop
        edge = int(rng.integers(0, 4))
        t = int(rng.integers(1, 3))
        sl = [np.s_[:t, :], np.s_[-t:, :], np.s_[:, :t], np.s_[:, -t:]][edge]
        grey[sl] = np.minimum(grey[sl], paper * rng.uniform(0.2, 0.5))
    elif u < 0.45:  # a piece of an edge (a corner of the box, or a tilted edge)
        edge = int(rng.integers(0, 4))
        n = height if edge >= 2 else width
        length = int(n * rng.uniform(0.15, 0.6))
        start = 0 if rng.random() < 0.5 else n - length
        d = int(rng.integers(0, 3))
        run = slice(start, start + length)
        seg = [np.s_[d, run], np.s_[-1 - d, run], np.s_[run, d], np.s_[run, -1 - d]][edge]
        grey[seg] = np.minimum(grey[seg], paper * rng.uniform(0.2, 0.5))
    if dust:
        dust_in_box(grey, px_per_mm, rng)
    if rng.random() < 0.5:
        grey = cv2.GaussianBlur(grey, (3, 3), rng.uniform(0.3, 1.0))
    grey = grey + rng.normal(0, rng.uniform(1, 8), grey.shape)
    out = np.clip(grey, 0, 255).astype(np.uint8)
    if rng.random() < 0.6:
        quality = int(rng.integers(50, 96))
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
        if ok:
            out = cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE)
    return out


def no_digit_boxes(count: int, rng: np.random.Generator) -> Iterable[np.ndarray]:
    """``count`` empty boxes on dusty pages whose dust the blank decision takes for ink
    (``normalise_cell`` reads them), normalised: the class ``NO_DIGIT``. Drawn until
    ``count`` are found, or 300 times as many boxes were tried."""
    found = 0
    for _ in range(300 * count):
        if found == count:
            return
        norm = normalise_cell(_empty_box(rng))
        if norm is not None:
            found += 1
            yield norm
