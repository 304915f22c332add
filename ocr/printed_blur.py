"""Printed digits matched as blurred as the crop is (issue 43: a blurred printed pair
number must never be read as another number).

The sharp matcher (``ocr.printed.match_numbers``) binarises a glyph and compares it with
the renderer's sharp digits. A phone's focus or a dirty glass blurs a 16 until Otsu's
threshold closes the 6's loop, and the closed blob is nearer a sharp 4 than a sharp 6: a
16 blurred by a Gaussian of 1.8 px at 150 dpi read 14 at full confidence
(``tests/ocr/test_printed_blur.py``). The grey crop still shows the 6 plainly. Here the
glyph's grey ink is compared with each of the renderer's digits blurred as much as the
crop, so a blurred 6 meets a blurred 6:

- the crop's blur is measured from its own ink edges (``edge_blur``: the ink's contrast
  over its steepest grey ramp, which a Gaussian of sigma makes ``sqrt(2 pi) sigma`` px
  wide), as a share of the glyphs' height, and the digits' blur levels are measured the
  same way on the digits blurred, so no constant ties the two;
- a digit is read when it beats every other digit by the full margin at the crop's level
  and at the levels on either side (the measure is not exact: the numbers 1-30 blurred
  by 1.8 px measure 0.06-0.095 of their height, box by box);
- two digits that blur joined into one piece of ink are not cut apart and read one by
  one (a cut column is a guess: "30" cut inside its 0 read as a sure 10), but matched
  whole against every two-digit number as the renderer sets it (Helvetica-Bold's digits
  all advance 0.556 em), blurred the same.

``ocr.printed.match_numbers`` takes this reading, checked against the sharp digits.
Chosen on TRAINING's old forms (seed 13, 224 pages read off the type, 8,250 printed
boxes) and the renderer's numbers blurred by hand (``tests/ocr/test_printed_blur.py``);
docs/reader-history.md, "Printed numbers matched as blurred as the crop is".
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import NamedTuple

import cv2
import numpy as np

from ocr.digit_cells import quantile
from ocr.printed_glyphs import Glyph, find_glyphs

__all__ = ["BlurredReading", "edge_blur", "read_blurred"]

_LEVELS = np.arange(0.0, 0.2001, 0.0125)
"""The digits' blur levels: a Gaussian's sigma as a share of the digit's height (0.2: a
pair number's 18 px blurred by 3.6 px, past what any TRAINING page shows, 0.085)."""

_NEIGHBOURS = 1
"""Levels on either side of the crop's at which the read digit must win too."""

_STRIP_PT = 2.0
"""Pixels a point in the digit strip (36 pt digits at 144 dpi, ``ocr.form_pixels``)."""

_STRIP_ORIGIN_PT, _STRIP_PITCH_PT, _ADVANCE_PT = 10.0, 38.0, 20.016
"""Where the strip draws its first digit, how far apart, and Helvetica-Bold's advance
of a digit at 36 pt (0.556 em): where the renderer sets a number's second digit."""

_PAD = 20  # px of white round the strip, so a blurred digit's ink stays inside
_DIGIT_FEATURE = (16, 24)  # width x height of a digit's feature, as the sharp matcher's
_NUMBER_FEATURE = (32, 24)  # and of two digits'


class BlurredReading(NamedTuple):
    """The digits read; the weakest margin of a read digit (or two-digit number) over its
    best rival, across the crop's level and those beside it; and the weakest similarity
    of one at the crop's level."""

    text: str
    margin: float
    weakest: float


def edge_blur(grey: np.ndarray) -> float | None:
    """A Gaussian's sigma, in px, that blurs the crop's ink edges as they are: the ink's
    contrast (paper at the 90th percentile, ink at the 2nd) over ``sqrt(2 pi)`` times the
    steep grey ramps (the upper quartile of the gradient where the grey lies mid-way
    between ink and paper). None where there is too little ink to measure."""
    g = grey.astype(np.float32)
    ink, paper = quantile(g, 0.02), quantile(g, 0.90)
    contrast = float(paper - ink)
    if contrast < 40:
        return None
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3) / 8
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3) / 8
    mid = (g > ink + 0.25 * contrast) & (g < paper - 0.25 * contrast)
    if int(mid.sum()) < 10:
        return None
    ramp = quantile(np.hypot(gx, gy)[mid], 0.75)
    return contrast / (np.sqrt(2 * np.pi) * max(ramp, 1e-6))


def _grey_feature(
    grey: np.ndarray, x: int, y: int, w: int, h: int, size: tuple[int, int]
) -> np.ndarray:
    """The ink (255 - grey) of a box, scaled to ``size``, zero-mean and unit-norm."""
    ink = 255.0 - grey[y : y + h, x : x + w].astype(np.float32)
    f = cv2.resize(ink, size, interpolation=cv2.INTER_AREA)
    f -= f.mean()
    return (f / max(float(np.linalg.norm(f)), 1e-6)).ravel()


def _blurred(img: np.ndarray, level: float, height: int) -> np.ndarray:
    return cv2.GaussianBlur(img, (0, 0), level * height) if level > 0 else img


@lru_cache(maxsize=1)
def _strip() -> tuple[np.ndarray, int]:
    """The renderer's digit strip padded with white, and its digits' height in px."""
    from ocr.form_pixels import digit_strip_grey

    img = cv2.copyMakeBorder(
        digit_strip_grey(), _PAD, _PAD, _PAD, _PAD, cv2.BORDER_CONSTANT, value=255
    )
    return img, max(g.mask.shape[0] for g in find_glyphs(img).glyphs)


@lru_cache(maxsize=1)
def _digit_bank() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """For each level: the ten digits' grey features (levels x 10 x 384), their aspects
    (levels x 10), and the level's blur as ``edge_blur`` measures it over the digits'
    height (levels)."""
    img, height = _strip()
    features, aspects, measured = [], [], []
    for level in _LEVELS:
        blurred = _blurred(img, float(level), height)
        glyphs = find_glyphs(blurred).glyphs
        if len(glyphs) != 10:  # pragma: no cover - depends only on the shipped raster
            raise RuntimeError(f"expected 10 blurred template digits, found {len(glyphs)}")
        features.append(np.stack([_glyph_feature(blurred, g) for g in glyphs]))
        aspects.append(np.array([g.mask.shape[1] / g.mask.shape[0] for g in glyphs]))
        blur = edge_blur(blurred)
        assert blur is not None
        measured.append(blur / max(g.mask.shape[0] for g in glyphs))
    return np.stack(features), np.stack(aspects), np.array(measured)


def _glyph_feature(grey: np.ndarray, g: Glyph) -> np.ndarray:
    return _grey_feature(grey, *_box([g]), _DIGIT_FEATURE)


def _two_digits(first: int, second: int) -> np.ndarray:
    """The number ``first second`` as the renderer sets it, from the strip's digits."""
    img, _ = _strip()
    cell = round(_STRIP_PITCH_PT * _STRIP_PT)
    advance = round(_ADVANCE_PT * _STRIP_PT)
    out = np.full((img.shape[0], cell + advance + 2 * _PAD), 255, np.uint8)
    for d, at in ((first, _PAD), (second, _PAD + advance)):
        x = _PAD + round((_STRIP_ORIGIN_PT + _STRIP_PITCH_PT * d) * _STRIP_PT)
        out[:, at : at + cell] = np.minimum(out[:, at : at + cell], img[:, x : x + cell])
    return out


_NUMBERS = [(a, b) for a in range(1, 10) for b in range(10)]
"""Every two-digit number (none is printed with a leading 0)."""


@cache
def _number_bank(level: int) -> tuple[np.ndarray, np.ndarray]:
    """Every two-digit number blurred to ``level``: grey features (90 x 768) and aspects,
    each framed by its Otsu ink as a crop's piece is. Built when a level is first asked
    for: joined digits are few."""
    _, height = _strip()
    features, aspects = [], []
    for a, b in _NUMBERS:
        blurred = _blurred(_two_digits(a, b), float(_LEVELS[level]), height)
        x, y, w, h = _ink_box(blurred)
        features.append(_grey_feature(blurred, x, y, w, h, _NUMBER_FEATURE))
        aspects.append(w / h)
    return np.stack(features), np.array(aspects)


def _ink_box(grey: np.ndarray) -> tuple[int, int, int, int]:
    _, ink = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)
    ys, xs = np.nonzero(ink)
    return int(xs.min()), int(ys.min()), int(xs.max() - xs.min() + 1), int(ys.max() - ys.min() + 1)


def _crop_level(grey: np.ndarray, glyphs: tuple[Glyph, ...]) -> int:
    """The digits' level nearest the crop's blur (its sharpest where it cannot be told)."""
    blur = edge_blur(grey)
    if blur is None:
        return 0
    measured = _digit_bank()[2]
    return int(np.argmin(np.abs(measured - blur / max(g.mask.shape[0] for g in glyphs))))


def _decide(sims: np.ndarray, at: int) -> tuple[int, float, float]:
    """The candidate best at level ``at`` of ``sims`` (levels x candidates), its weakest
    margin over the others across all the levels given, and its similarity at ``at``."""
    best = int(np.argmax(sims[at]))
    rivals = np.delete(sims, best, axis=1).max(axis=1)
    return best, float((sims[:, best] - rivals).min()), float(sims[at, best])


def _box(glyphs: list[Glyph]) -> tuple[int, int, int, int]:
    """x, y, width, height of the glyphs' ink together."""
    x0, y0 = min(g.x for g in glyphs), min(g.y for g in glyphs)
    x1 = max(g.x + g.mask.shape[1] for g in glyphs)
    y1 = max(g.y + g.mask.shape[0] for g in glyphs)
    return x0, y0, x1 - x0, y1 - y0


def read_blurred(grey: np.ndarray, glyphs: tuple[Glyph, ...]) -> BlurredReading:
    """Read a number's glyphs (``find_glyphs(grey).glyphs``, one or more) against the
    digits blurred as the crop is. Similarities are correlations less 1.5 times the
    difference of aspect, as the sharp matcher's."""
    level = _crop_level(grey, glyphs)
    levels = range(max(0, level - _NEIGHBOURS), min(len(_LEVELS), level + _NEIGHBOURS + 1))
    at = level - levels.start
    features, aspects, _ = _digit_bank()
    text, margin, weakest = "", np.inf, np.inf
    for piece in sorted({g.piece for g in glyphs}):
        own = [g for g in glyphs if g.piece == piece]
        x, y, w, h = _box(own)
        if len(own) == 1:
            feature = _grey_feature(grey, x, y, w, h, _DIGIT_FEATURE)
            sims = features[levels.start : levels.stop] @ feature
            sims -= 1.5 * np.abs(aspects[levels.start : levels.stop] - w / h)
            digit, m, s = _decide(sims, at)
            text += str(digit)
        else:  # two digits blur joined: the whole piece against every two-digit number
            feature = _grey_feature(grey, x, y, w, h, _NUMBER_FEATURE)
            banks = [_number_bank(k) for k in levels]
            sims = np.stack([bank @ feature - 1.5 * np.abs(shape - w / h) for bank, shape in banks])
            number, m, s = _decide(sims, at)
            text += "".join(str(d) for d in _NUMBERS[number])
        margin, weakest = min(margin, m), min(weakest, s)
    return BlurredReading(text, margin, weakest)
