"""Printed numbers: the board number when the QR code is damaged, and the pre-printed
round and pair numbers when no event file is given.

Tesseract reads printed digits well once they are prepared (issue 5 feasibility: 98-100%
after binarising, removing box lines, cropping, padding and scaling to about 30 px), but
pytesseract starts a process per call (~100 ms). So every number of a page is pasted into
ONE strip image, one number per line, and read in a single call with
``OMP_THREAD_LIMIT=1`` (measured 1.35 s -> 0.21 s per slip on this machine). Each line's
words are mapped back to the crop they came from by their vertical position.

Measured on synthetic TEST scans, Tesseract misreads small isolated printed numbers
(a bold "1" as "4": 30 of 120 pair cells wrong or missing). Since we print the numbers
ourselves in a known font, ``match_numbers`` reads them by template matching against
the renderer's own Helvetica-Bold digits instead (no process, about 0.1 ms a digit).
The board number fallback asks both, and takes the number only when they agree.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from ocr.components import pieces

__all__ = [
    "PrintedNumber",
    "TesseractMissing",
    "prepare",
    "read_numbers",
    "match_numbers",
    "read_board_number",
]

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
    count, labels, stats = pieces(ink)
    keep = np.zeros(count, bool)
    for i in range(1, count):
        x, y, bw, bh, area = (int(v) for v in stats[i])
        # Printed glyphs stand free inside the crop; box and row lines run into its edges.
        touches = x == 0 or y == 0 or x + bw == w or y + bh == h
        if area >= 6 and bh >= 0.25 * h and not touches:
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


_GLYPH = 24  # side of a normalised printed glyph


def _glyph(mask: np.ndarray) -> np.ndarray:
    """A binary glyph -> zero-mean, unit-norm 16x24 float image (stretched to fill)."""
    g = cv2.resize(mask.astype(np.float32), (16, _GLYPH), interpolation=cv2.INTER_AREA)
    g -= g.mean()
    return g / max(float(np.linalg.norm(g)), 1e-6)


def _aspect(mask: np.ndarray) -> float:
    return mask.shape[1] / max(1, mask.shape[0])


def _split_wide(mask: np.ndarray) -> list[np.ndarray]:
    """Two printed digits that touch (blur, JPEG): cut at the thinnest column mid-glyph."""
    h, w = mask.shape
    if w <= 1.05 * h:
        return [mask]
    cols = mask.sum(axis=0)
    lo, hi = int(0.3 * w), int(0.7 * w)
    cut = lo + int(np.argmin(cols[lo:hi]))
    parts = []
    for part in (mask[:, :cut], mask[:, cut:]):
        xs = np.nonzero(part.any(axis=0))[0]
        ys = np.nonzero(part.any(axis=1))[0]
        if len(xs) and len(ys):
            parts.append(part[ys[0] : ys[-1] + 1, xs[0] : xs[-1] + 1])
    return parts


def _glyph_masks(crop: np.ndarray) -> list[np.ndarray]:
    """The printed glyphs of a crop, left to right (lines into the crop edge removed)."""
    return _glyphs_placed(crop)[0]


def glyph_span(crop: np.ndarray) -> tuple[int, int] | None:
    """The columns of a crop its printed glyphs span (x0, x1), None where it holds none."""
    glyphs, _, _, span = _glyphs_placed(crop)
    return span if glyphs else None


def _glyphs_placed(
    crop: np.ndarray,
) -> tuple[list[np.ndarray], int, float, tuple[int, int]]:
    """The printed glyphs of a crop, left to right; how many ink pixels inside the crop
    were left out of them (pieces too short to be a glyph, of 6 pixels or more, so not
    dust, such as the parts of a glyph a scanner streak has split); how far the glyphs'
    middle lies from the crop's, in glyph heights (0 where there are none); and the
    columns they span."""
    grey = crop if crop.ndim == 2 else cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    if grey.size == 0 or float(grey.max()) - float(grey.min()) < 60:
        return [], 0, 0.0, (0, 0)
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
        parts.append((x, labels[y : y + bh, x : x + bw] == i))
    if not parts:
        return [], left_out, 0.0, (0, 0)
    tallest = max(m.shape[0] for _, m in parts)
    glyphs, x0, x1 = [], w, 0
    for x, m in sorted(parts, key=lambda p: p[0]):
        if m.shape[0] >= 0.6 * tallest:
            glyphs.append(m)
            x0, x1 = min(x0, x), max(x1, x + m.shape[1])
        else:
            left_out += int(m.sum())
    off = abs((x0 + x1) / 2 - w / 2) / tallest
    return [g for m in glyphs for g in _split_wide(m)], left_out, off, (x0, x1)


@lru_cache(maxsize=1)
def _templates() -> tuple[np.ndarray, np.ndarray]:
    """The renderer's digits 0-9 (Helvetica-Bold, as ocr/render.py prints them), rasterised
    (``ocr.form_pixels``: shipped)."""
    from ocr.form_pixels import digit_strip_grey

    img = digit_strip_grey()
    glyphs = _glyph_masks(cv2.copyMakeBorder(img, 4, 4, 4, 4, cv2.BORDER_CONSTANT, value=255))
    if len(glyphs) != 10:  # pragma: no cover - depends only on reportlab and pdfium
        raise RuntimeError(f"expected 10 template digits, found {len(glyphs)}")
    return np.stack([_glyph(g).ravel() for g in glyphs]), np.array([_aspect(g) for g in glyphs])


_LEFT_OUT_SHARE = 0.25
"""Ink left out of a number's glyphs, as a share of its smallest glyph, that makes it
unreadable (a glyph may have been broken into pieces)."""


_OFF_CENTRE = 0.2
"""Glyphs whose middle lies this far off their box's, in glyph heights, are not all there:
a Helvetica digit's advance is 0.77 of its height, so a lost leading or trailing digit
moves the rest by 0.39 of it."""


def match_numbers(crops: list[np.ndarray]) -> list[PrintedNumber]:
    """Read printed numbers by matching each glyph against the renderer's digits.

    Confidence is the weakest glyph's similarity margin over the second-best digit,
    scaled to 0..1 (a margin of 0.05 or more is full confidence; on 1,400 synthetic TEST
    glyphs every correct match had a margin of at least 0.039 and none was wrong); a glyph
    matching no digit well (score below 0.35) makes the number unreadable (None), and so
    does a leading 0: no board, round or pair number is printed with one, so a glyph before
    it was lost (TEST ordinary/page_0398.jpg row 7: a scanner streak split the 2 of EW
    pair 20 into pieces too short to be glyphs, and 0 was read and accepted). So does ink
    left out of the glyphs (pieces too short to be one, not dust) amounting to a quarter of
    the smallest glyph or more: "17" whose 1 a streak broke would read "7". So do glyphs
    whose middle lies off the crop's by more than ``_OFF_CENTRE`` of their height: every
    number is printed centred in its box, and "19" whose 1 a streak hid reads as a 9 off
    to the right by 0.42-0.44 of its height (TEST ordinary pages read without an event,
    seed 15), where numbers read right lie within 0.09 (54 on those pages; on TRAINING
    pages, see docs/reader-history.md).
    """
    templates, aspects = _templates()
    out = []
    for crop in crops:
        glyphs, left_out, off_centre, _ = _glyphs_placed(crop)
        if not glyphs or len(glyphs) > 3:
            out.append(PrintedNumber(None, 0.0, ""))
            continue
        if left_out >= _LEFT_OUT_SHARE * min(int(g.sum()) for g in glyphs):
            out.append(PrintedNumber(None, 0.0, "?"))  # a glyph broken into pieces
            continue
        if off_centre > _OFF_CENTRE:
            out.append(PrintedNumber(None, 0.0, "?"))  # a glyph lost beside them
            continue
        digits, conf = [], 1.0
        for g in glyphs:
            # Shape correlation, minus a penalty for the wrong width ("1" is narrow).
            sim = templates @ _glyph(g).ravel() - 1.5 * np.abs(aspects - _aspect(g))
            order = np.argsort(-sim)
            best, second = float(sim[order[0]]), float(sim[order[1]])
            if best < 0.35:
                conf = 0.0
            conf = min(conf, max(0.0, min(1.0, (best - second) / 0.05)))
            digits.append(str(int(order[0])))
        text = "".join(digits)
        if text.startswith("0"):
            conf = 0.0
        out.append(PrintedNumber(int(text) if conf > 0 else None, conf, text))
    return out


def read_board_number(crop: np.ndarray) -> PrintedNumber:
    """The large printed board number: Tesseract and template matching must agree."""
    (matched,) = match_numbers([crop])
    try:
        (tess,) = read_numbers([crop])
    except TesseractMissing:
        return PrintedNumber(None, 0.0, matched.text)
    if matched.value is None or tess.value != matched.value:
        return PrintedNumber(None, 0.0, f"{tess.text}/{matched.text}")
    return PrintedNumber(matched.value, min(matched.confidence, tess.confidence), tess.text)
