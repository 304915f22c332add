"""The printed glyphs of a number's box: where each digit's ink lies in the crop.

Both matchers of ``ocr.printed`` (the renderer's sharp digits, ``match_numbers``, and the
same digits blurred as the crop is, ``ocr.printed_blur``) read the glyphs found here, and
``ocr.reader`` asks where they lie to tell a streak through a number from one through its
box's blank margin (``glyph_span``).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from ocr.components import pieces

__all__ = ["Glyph", "PlacedGlyphs", "find_glyphs", "glyph_span", "aspect", "binary_feature"]


@dataclass(frozen=True)
class Glyph:
    """One printed digit's ink: its top-left corner in the crop, its mask (bool), and the
    piece of ink it came from: two glyphs of one piece were cut apart where blur or JPEG
    joined them (``_split_wide``)."""

    x: int
    y: int
    mask: np.ndarray
    piece: int


@dataclass(frozen=True)
class PlacedGlyphs:
    """A crop's glyphs, left to right; how many ink pixels inside the crop were left out
    of them (pieces too short to be a glyph, of 6 pixels or more, so not dust, such as the
    parts of a glyph a scanner streak has split); how far the glyphs' middle lies from the
    crop's, in glyph heights (0 where there are none); and the columns they span."""

    glyphs: tuple[Glyph, ...]
    left_out: int
    off_centre: float
    span: tuple[int, int]


_NONE = PlacedGlyphs((), 0, 0.0, (0, 0))


def aspect(mask: np.ndarray) -> float:
    """Width over height ("1" is narrow)."""
    return mask.shape[1] / max(1, mask.shape[0])


def binary_feature(mask: np.ndarray) -> np.ndarray:
    """A binary glyph -> zero-mean, unit-norm 16x24 float image (stretched to fill)."""
    g = cv2.resize(mask.astype(np.float32), (16, 24), interpolation=cv2.INTER_AREA)
    g -= g.mean()
    return g / max(float(np.linalg.norm(g)), 1e-6)


def _split_wide(x: int, y: int, mask: np.ndarray) -> list[tuple[int, int, np.ndarray]]:
    """Two printed digits that touch (blur, JPEG): cut at the thinnest column mid-glyph."""
    h, w = mask.shape
    if w <= 1.05 * h:
        return [(x, y, mask)]
    cols = mask.sum(axis=0)
    lo, hi = int(0.3 * w), int(0.7 * w)
    cut = lo + int(np.argmin(cols[lo:hi]))
    parts = []
    for left, part in ((0, mask[:, :cut]), (cut, mask[:, cut:])):
        xs = np.nonzero(part.any(axis=0))[0]
        ys = np.nonzero(part.any(axis=1))[0]
        if len(xs) and len(ys):
            box = part[ys[0] : ys[-1] + 1, xs[0] : xs[-1] + 1]
            parts.append((x + left + int(xs[0]), y + int(ys[0]), box))
    return parts


def find_glyphs(crop: np.ndarray) -> PlacedGlyphs:
    """The printed glyphs of a crop, left to right: Otsu's ink, lines into the crop's edge
    and specks removed, pieces under 0.6 of the tallest left out."""
    grey = crop if crop.ndim == 2 else cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    if grey.size == 0 or float(grey.max()) - float(grey.min()) < 60:
        return _NONE
    _, ink = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)
    h, w = ink.shape
    count, labels, stats = pieces(ink)
    parts, left_out = [], 0
    for i in range(1, count):
        x, y, bw, bh, area = (int(v) for v in stats[i])
        if x == 0 or y == 0 or x + bw == w or y + bh == h or area < 6:
            continue
        if bh < 0.25 * h:
            left_out += area
            continue
        parts.append((x, y, labels[y : y + bh, x : x + bw] == i))
    if not parts:
        return PlacedGlyphs((), left_out, 0.0, (0, 0))
    tallest = max(m.shape[0] for _, _, m in parts)
    kept, x0, x1 = [], w, 0
    for x, y, m in sorted(parts, key=lambda p: p[0]):
        if m.shape[0] >= 0.6 * tallest:
            kept.append((x, y, m))
            x0, x1 = min(x0, x), max(x1, x + m.shape[1])
        else:
            left_out += int(m.sum())
    off = abs((x0 + x1) / 2 - w / 2) / tallest
    glyphs = tuple(
        Glyph(gx, gy, g, piece)
        for piece, (x, y, m) in enumerate(kept)
        for gx, gy, g in _split_wide(x, y, m)
    )
    return PlacedGlyphs(glyphs, left_out, off, (x0, x1))


def glyph_span(crop: np.ndarray) -> tuple[int, int] | None:
    """The columns of a crop its printed glyphs span (x0, x1), None where it holds none."""
    placed = find_glyphs(crop)
    return placed.span if placed.glyphs else None
