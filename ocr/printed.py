"""Printed numbers read with Tesseract: the board number when the QR code is damaged, and
the pre-printed round and pair numbers when no event file is given.

Tesseract reads printed digits well once they are prepared (issue 5 feasibility: 98-100%
after binarising, removing box lines, cropping, padding and scaling to about 30 px), but
pytesseract starts a process per call (~100 ms). So every number of a page is pasted into
ONE strip image, one number per line, and read in a single call with
``OMP_THREAD_LIMIT=1`` (measured 1.35 s -> 0.21 s per slip on this machine). Each line's
words are mapped back to the crop they came from by their vertical position.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import cv2
import numpy as np

__all__ = ["PrintedNumber", "TesseractMissing", "prepare", "read_numbers"]

_LINE_HEIGHT = 30  # px of a digit line in the strip
_GAP = 24  # px of white between lines


class TesseractMissing(RuntimeError):
    """Tesseract is not installed (apt-get install tesseract-ocr)."""


@dataclass(frozen=True)
class PrintedNumber:
    """A printed number as read: the value (None if unreadable) and Tesseract's confidence
    (0..1)."""

    value: int | None
    confidence: float
    text: str


def prepare(crop: np.ndarray) -> np.ndarray | None:
    """Binarise, drop border lines, crop to the ink and scale to a 30 px high line.

    Returns None for a crop with no printed ink.
    """
    grey = crop if crop.ndim == 2 else cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    _, ink = cv2.threshold(grey, 0, 255, cv2.THRESH_BINARY_INV | cv2.THRESH_OTSU)
    if float(grey.max()) - float(grey.min()) < 60:
        return None
    h, w = ink.shape
    # Box and row lines: rows/columns that are mostly ink.
    ink[ink.mean(axis=1) > 0.6 * 255, :] = 0
    ink[:, ink.mean(axis=0) > 0.6 * 255] = 0
    count, labels, stats, _ = cv2.connectedComponentsWithStats(ink, connectivity=8)
    keep = np.zeros(count, bool)
    for i in range(1, count):
        # Glyphs are tall; specks and leftover line stubs are not.
        if stats[i, cv2.CC_STAT_AREA] >= 6 and stats[i, cv2.CC_STAT_HEIGHT] >= 0.25 * h:
            keep[i] = True
    mask = keep[labels]
    if not mask.any():
        return None
    ys, xs = np.nonzero(mask)
    glyphs = np.where(mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1], 0, 255)
    glyphs = glyphs.astype(np.uint8)
    scale = _LINE_HEIGHT / glyphs.shape[0]
    size = (max(1, round(glyphs.shape[1] * scale)), _LINE_HEIGHT)
    return cv2.resize(glyphs, size, interpolation=cv2.INTER_AREA)


def read_numbers(crops: list[np.ndarray]) -> list[PrintedNumber]:
    """Read one printed number per crop, all in a single Tesseract call."""
    try:
        import pytesseract
    except ImportError as exc:  # pragma: no cover - a declared dependency
        raise TesseractMissing("pytesseract is not installed") from exc
    lines = [prepare(c) for c in crops]
    present = [i for i, ln in enumerate(lines) if ln is not None]
    out = [PrintedNumber(None, 0.0, "") for _ in crops]
    if not present:
        return out
    width = max(lines[i].shape[1] for i in present) + 2 * _GAP  # type: ignore[union-attr]
    height = _GAP + len(present) * (_LINE_HEIGHT + _GAP)
    strip = np.full((height, width), 255, np.uint8)
    tops = []
    for k, i in enumerate(present):
        line = lines[i]
        assert line is not None
        y = _GAP + k * (_LINE_HEIGHT + _GAP)
        strip[y : y + _LINE_HEIGHT, _GAP : _GAP + line.shape[1]] = line
        tops.append(y)
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    try:
        data = pytesseract.image_to_data(
            strip,
            config="--psm 6 -c tessedit_char_whitelist=0123456789",
            output_type=pytesseract.Output.DICT,
        )
    except pytesseract.TesseractNotFoundError as exc:
        raise TesseractMissing(
            "tesseract is not installed (apt-get install tesseract-ocr)"
        ) from exc
    words: dict[int, list[tuple[int, str, float]]] = {}
    for text, top, h, left, conf in zip(
        data["text"], data["top"], data["height"], data["left"], data["conf"], strict=True
    ):
        text = str(text).strip()
        if not text:
            continue
        centre = int(top) + int(h) / 2
        k = int((centre - _GAP) // (_LINE_HEIGHT + _GAP))
        if 0 <= k < len(present):
            words.setdefault(k, []).append((int(left), text, float(conf)))
    for k, i in enumerate(present):
        found = sorted(words.get(k, []))
        text = "".join(t for _, t, _ in found)
        if text.isdigit():
            conf = min(c for _, _, c in found) / 100.0
            out[i] = PrintedNumber(int(text), max(0.0, conf), text)
        else:
            out[i] = PrintedNumber(None, 0.0, text)
    return out
