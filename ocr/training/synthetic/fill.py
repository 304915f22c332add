"""Fill a rasterised traveller like players do: marks in boxes and handwritten digits.

Marks come in the styles people use on mark-sense forms: crosses, ticks, single slashes,
filled boxes, scribbles and partial fills, in pen, ballpoint or pencil, a little off
centre and sometimes over the box edge; now and then a pencil mark is erased (left as a
faint smudge, not meant). Digits are right-aligned in the comb (sometimes left-aligned,
as people do), in the row's writer's hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from ocr.layout import (
    DECLARER,
    DOUBLING,
    EW_PAIR_WRITTEN,
    LEVEL,
    NS_PAIR_WRITTEN,
    PAIRS_CHANGED,
    PASSED_OUT,
    RESULT_COUNT,
    RESULT_SIGN,
    SCORE,
    SCORE_SIDE,
    STRAIN,
    Layout,
    Rect,
)
from scoring.contract import Doubling

from .handwriting import DigitBank, Writer
from .truth import DigitTruth, MarkTruth, RowTruth

__all__ = ["MARK_STYLES", "INKS", "intended_marks", "fill_page"]

MARK_STYLES = ("cross", "tick", "slash", "fill", "scribble", "partial")
_STYLE_W = (0.36, 0.2, 0.08, 0.18, 0.1, 0.08)
# ink colour (RGB 0..1) of a full-strength stroke
INKS = {"pen": (0.08, 0.08, 0.1), "ballpoint": (0.1, 0.18, 0.62), "pencil": (0.3, 0.3, 0.33)}
_INK_W = (0.45, 0.4, 0.15)


@dataclass(frozen=True)
class _Hand:
    ink: str
    style: str  # this player's usual mark
    pen_mm: float
    writer: Writer


def intended_marks(truth: RowTruth, blank_form: bool) -> list[tuple[str, str]]:
    """(field, option) of every box the players mean to mark on this row."""
    marks: list[tuple[str, str]] = []
    if truth.pairs_changed and not blank_form:
        marks.append((PAIRS_CHANGED, "CHANGED"))
    if truth.contract is None:
        marks.append((PASSED_OUT, "PASS"))
        return marks
    c = truth.contract
    marks += [(LEVEL, str(c.level)), (STRAIN, str(c.strain))]
    if c.doubling is not Doubling.UNDOUBLED:
        marks.append((DOUBLING, str(c.doubling)))
    if truth.declarer is not None:
        marks.append((DECLARER, str(truth.declarer)))
    if truth.tricks is not None:
        delta = truth.tricks - c.tricks_needed
        if delta == 0:
            marks.append((RESULT_SIGN, "="))
        else:
            marks += [(RESULT_SIGN, "+" if delta > 0 else "-"), (RESULT_COUNT, str(abs(delta)))]
    if truth.score_side is not None and truth.written_score:
        marks.append((SCORE_SIDE, str(truth.score_side)))
    return marks


def _stroke_canvas(shape: tuple[int, int]) -> np.ndarray:
    return np.zeros(shape, np.uint8)


def _poly(canvas: np.ndarray, pts: Sequence[tuple[float, float]], thick: int) -> None:
    p = np.array([[round(x * 16), round(y * 16)] for x, y in pts], np.int32)
    cv2.polylines(canvas, [p], False, 255, thick, cv2.LINE_AA, shift=4)


def _mark_alpha(
    style: str, w: float, h: float, pad: float, thick: int, rng: np.random.Generator
) -> np.ndarray:
    """Ink mask (0..1) of one mark for a w x h px box placed at (pad, pad) in the patch."""
    size = (round(h + 2 * pad), round(w + 2 * pad))
    c = _stroke_canvas(size)

    def j(s: float = 0.08) -> float:
        return float(rng.normal(0, s * min(w, h)))

    x0, y0, x1, y1 = pad, pad, pad + w, pad + h

    def pt(fx: float, fy: float, s: float = 0.08) -> tuple[float, float]:
        """A point at (fx, fy) of the box, wobbled by the hand."""
        return (x0 + fx * w + j(s), y0 + fy * h + j(s))

    if style == "cross":
        o = float(rng.uniform(-0.1, 0.15))  # overshoot past the corners (or short of them)
        _poly(c, [pt(-o, -o), pt(0.5, 0.5), pt(1 + o, 1 + o)], thick)
        _poly(c, [pt(1 + o, -o), pt(-o, 1 + o)], thick)
    elif style == "tick":
        _poly(c, [pt(0.1, 0.5), pt(0.4, 0.9), pt(1.1, -0.15)], thick)
    elif style == "slash":
        _poly(c, [pt(0.05, 0.95), pt(0.95, 0.05)], thick)
    elif style == "fill":
        i = float(rng.uniform(0.0, 0.12))
        quad = np.array(
            [pt(i, i, 0.04), pt(1 - i, i, 0.04), pt(1 - i, 1 - i, 0.04), pt(i, 1 - i, 0.04)]
        )
        cv2.fillPoly(c, [np.round(quad * 16).astype(np.int32)], 255, cv2.LINE_AA, shift=4)
    elif style == "scribble":
        n = int(rng.integers(5, 9))
        pts = []
        for i in range(n):
            y = y0 + (i + 0.5) * h / n + j(0.03)
            pts.append((x0 + (0.05 if i % 2 else 0.0) * w + j(0.05), y))
            pts.append((x1 - (0.0 if i % 2 else 0.05) * w + j(0.05), y + h / (2 * n)))
        _poly(c, pts, thick + 1)
    elif style == "partial":
        share = float(rng.uniform(0.35, 0.6))
        rx, ry = w * np.sqrt(share) / 1.7, h * np.sqrt(share) / 1.7
        cx, cy = (x0 + x1) / 2 + j(0.1), (y0 + y1) / 2 + j(0.1)
        cv2.ellipse(
            c,
            (round(cx * 16), round(cy * 16)),
            (round(rx * 16), round(ry * 16)),
            float(rng.uniform(0, 180)),
            0,
            360,
            255,
            -1,
            cv2.LINE_AA,
            shift=4,
        )
    else:
        raise ValueError(f"unknown mark style {style!r}")
    return c.astype(np.float32) / 255.0


def _composite(
    page: np.ndarray,
    alpha: np.ndarray,
    x: int,
    y: int,
    ink: str,
    darkness: float,
    rng: np.random.Generator,
) -> None:
    """Subtractive ink: page *= 1 - a * (1 - colour), clipped to the page."""
    h, w = alpha.shape
    H, W = page.shape[:2]
    x0, y0, x1, y1 = max(x, 0), max(y, 0), min(x + w, W), min(y + h, H)
    if x0 >= x1 or y0 >= y1:
        return
    a = alpha[y0 - y : y1 - y, x0 - x : x1 - x] * darkness
    if ink == "pencil":  # graphite grain
        a = a * rng.uniform(0.55, 1.0, a.shape).astype(np.float32)
    colour = np.array(INKS[ink], np.float32)
    page[y0:y1, x0:x1] *= 1.0 - a[..., None] * (1.0 - colour)


def _draw_mark(
    page: np.ndarray,
    rect: Rect,
    dpi: float,
    style: str,
    hand: _Hand,
    rng: np.random.Generator,
    *,
    erased: bool = False,
) -> None:
    s = dpi / 25.4
    w, h = rect.width * s, rect.height * s
    pad = 1.2 * s
    thick = max(1, round(hand.pen_mm * s))
    alpha = _mark_alpha(style, w, h, pad, thick, rng)
    darkness = float(rng.uniform(0.75, 1.0))
    ink = hand.ink
    if erased:  # rubbed out: a faint smudge is left
        alpha = cv2.GaussianBlur(alpha, (0, 0), 0.8 * s) * float(rng.uniform(0.15, 0.3))
        ink = "pencil"
    dx, dy = rng.normal(0, 0.25 * s, 2)
    _composite(
        page, alpha, round(rect.x * s - pad + dx), round(rect.y * s - pad + dy), ink, darkness, rng
    )


def _write_digits(
    page: np.ndarray,
    boxes: Sequence[Rect],
    text: str,
    dpi: float,
    hand: _Hand,
    bank: DigitBank,
    rng: np.random.Generator,
    *,
    left_align: bool,
) -> list[tuple[int, int, str]]:
    """Write ``text`` into the comb; returns (position, digit, source tag)."""
    n = len(boxes)
    if len(text) > n:
        raise ValueError(f"{text!r} does not fit {n} boxes")
    start = 0 if left_align else n - len(text)
    s = dpi / 25.4
    out = []
    for k, ch in enumerate(text):
        pos = start + k
        r = boxes[pos]
        bh, bw = r.height * s, r.width * s
        glyph, tag = hand.writer.glyph(bank, int(ch), round(bh * hand.writer.height_share), rng)
        gh, gw = glyph.shape
        if gw > 0.92 * bw:  # a wide digit is written narrower, not over the box
            f = 0.92 * bw / gw
            glyph = cv2.resize(glyph, (max(1, round(gw * f)), max(1, round(gh * f))))
            gh, gw = glyph.shape
        cx = r.x * s + bw / 2 + rng.normal(0, 0.05 * bw)
        cy = r.y * s + bh / 2 + rng.normal(0, 0.05 * bh)
        _composite(
            page,
            glyph,
            round(cx - gw / 2),
            round(cy - gh / 2),
            hand.ink,
            hand.writer.ink_darkness,
            rng,
        )
        out.append((pos, int(ch), tag))
    return out


def fill_page(
    page: np.ndarray,
    layout: Layout,
    dpi: float,
    rows: Sequence[RowTruth],
    bank: DigitBank,
    rng: np.random.Generator,
    *,
    blank_form: bool = False,
    erasure_rate: float = 0.05,
    left_align_rate: float = 0.05,
) -> tuple[np.ndarray, tuple[MarkTruth, ...], tuple[DigitTruth, ...]]:
    """Fill ``rows`` into an upright page raster (H, W, 3 uint8 RGB at ``dpi``).

    Returns the filled page and exactly what was put on it.
    """
    want_w, want_h = layout.page_px(dpi)
    if abs(page.shape[1] - want_w) > 1 or abs(page.shape[0] - want_h) > 1:  # renderers round
        raise ValueError(
            f"page raster {page.shape[1]}x{page.shape[0]} px is not {layout.paper} at {dpi} dpi"
        )
    canvas = page.astype(np.float32) / 255.0
    marks: list[MarkTruth] = []
    digits: list[DigitTruth] = []
    for t in rows:
        hand = _Hand(
            ink=str(rng.choice(list(INKS), p=_INK_W)),
            style=str(rng.choice(MARK_STYLES, p=_STYLE_W)),
            pen_mm=float(rng.uniform(0.25, 0.6)),
            writer=bank.writer(rng),
        )
        wanted = intended_marks(t, blank_form)
        if rng.random() < erasure_rate and t.contract is not None:
            # a first thought rubbed out: another option of the level, strain or declarer
            field = str(rng.choice([LEVEL, STRAIN, DECLARER]))
            meant = dict(wanted)[field]
            other = [o for o in layout.field(t.row, field).options if o != meant]
            opt = str(rng.choice(other))
            _draw_mark(canvas, layout.box(t.row, field, opt), dpi, "fill", hand, rng, erased=True)
            marks.append(MarkTruth(t.row, field, opt, "erased", "pencil", intended=False))
        for field, opt in wanted:
            # a player sticks to one style, with the odd exception
            style = hand.style if rng.random() < 0.85 else str(rng.choice(MARK_STYLES))
            _draw_mark(canvas, layout.box(t.row, field, opt), dpi, style, hand, rng)
            marks.append(MarkTruth(t.row, field, opt, style, hand.ink))
        written: list[tuple[str, str]] = []
        if blank_form or t.pairs_changed:
            written += [(NS_PAIR_WRITTEN, str(t.ns_pair)), (EW_PAIR_WRITTEN, str(t.ew_pair))]
        if t.written_score is not None:
            written.append((SCORE, str(t.written_score)))
        for field, text in written:
            boxes = [b.rect for b in layout.field(t.row, field).boxes]
            left = field == SCORE and rng.random() < left_align_rate
            for pos, d, tag in _write_digits(
                canvas, boxes, text, dpi, hand, bank, rng, left_align=left
            ):
                digits.append(DigitTruth(t.row, field, pos, d, tag))
    out = np.clip(canvas * 255.0 + 0.5, 0, 255).astype(np.uint8)
    return out, tuple(marks), tuple(digits)
