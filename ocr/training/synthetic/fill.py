"""Fill a rasterised traveller like players do: marks in boxes and handwritten digits.

Each row is written by one player with the split's pens, mark styles and handwriting
(ocr/training/synthetic/sources.py): marks a little off centre and sometimes over the box
edge, now and then a pencil mark erased (left as a faint smudge, not meant); digits
right-aligned in the comb (sometimes left-aligned, as people do). The paper has its tone
and texture first, and may be folded or stained after the table wrote on it. Printed
rows nobody played stay blank, or carry stray ink (struck through, a smudge, dust).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

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
from .mark_styles import PAD_MM, mark_alpha
from .paper import apply_damage, apply_paper
from .pens import Pen, composite
from .truth import DigitTruth, MarkTruth, RowTruth

__all__ = ["STRAYS", "Hand", "intended_marks", "fill_page"]

STRAYS = ("strike", "smudge", "dust")
"""What may be left on a row nobody played: a line struck through it, an erased mark, dust."""


@dataclass(frozen=True)
class Hand:
    """The player writing a row: pen, usual mark style, digit writer."""

    pen: Pen
    style: str  # this player's usual mark
    pen_mm: float
    writer: Writer


def _eraser(hand: Hand, split_pencils: Sequence[Pen]) -> Hand:
    """The hand with a pencil: only pencil can be rubbed out (the split's own pencil)."""
    if hand.pen.pencil or not split_pencils:
        return hand
    return replace(hand, pen=split_pencils[0])


def hand_for(bank: DigitBank, rng: np.random.Generator) -> Hand:
    """A random player of the bank's split: pen or pencil, mark style, handwriting."""
    split = bank.split
    pencil = bool(split.pencils) and rng.random() < split.pencil_share
    pens = split.pencils if pencil else split.pens
    pen = pens[int(rng.integers(len(pens)))]
    names = [n for n, _ in split.mark_styles]
    weights = np.array([w for _, w in split.mark_styles])
    return Hand(
        pen=pen,
        style=str(rng.choice(names, p=weights / weights.sum())),
        pen_mm=pen.line_width(rng),
        writer=bank.writer(rng),
    )


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


def _draw_mark(
    page: np.ndarray,
    rect: Rect,
    dpi: float,
    style: str,
    hand: Hand,
    rng: np.random.Generator,
    *,
    erased: bool = False,
) -> None:
    s = dpi / 25.4
    w, h = rect.width * s, rect.height * s
    pad = PAD_MM * s
    thick = max(1, round(hand.pen_mm * s))
    alpha = mark_alpha(style, w, h, pad, thick, rng)
    darkness = float(rng.uniform(*hand.pen.darkness))
    pen = hand.pen
    if erased:  # rubbed out: a faint smudge is left
        alpha = cv2.GaussianBlur(alpha, (0, 0), 0.8 * s) * float(rng.uniform(0.15, 0.3))
    dx, dy = rng.normal(0, 0.25 * s, 2)
    composite(
        page, alpha, round(rect.x * s - pad + dx), round(rect.y * s - pad + dy), pen, darkness, rng
    )


def _write_digits(
    page: np.ndarray,
    boxes: Sequence[Rect],
    text: str,
    dpi: float,
    hand: Hand,
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
    darkness = hand.writer.ink_darkness * float(np.mean(hand.pen.darkness))
    for k, ch in enumerate(text):
        pos = start + k
        r = boxes[pos]
        bh, bw = r.height * s, r.width * s
        glyph, tag = hand.writer.glyph(
            bank, int(ch), round(bh * hand.writer.height_share), rng, pen_px=hand.pen_mm * s
        )
        gh, gw = glyph.shape
        if gw > 0.92 * bw:  # a wide digit is written narrower, not over the box
            f = 0.92 * bw / gw
            glyph = cv2.resize(glyph, (max(1, round(gw * f)), max(1, round(gh * f))))
            gh, gw = glyph.shape
        cx = r.x * s + bw / 2 + rng.normal(0, 0.05 * bw)
        cy = r.y * s + bh / 2 + rng.normal(0, 0.05 * bh)
        composite(page, glyph, round(cx - gw / 2), round(cy - gh / 2), hand.pen, darkness, rng)
        out.append((pos, int(ch), tag))
    return out


def _stray(
    page: np.ndarray, layout: Layout, row: int, dpi: float, hand: Hand, kind: str,
    rng: np.random.Generator, bank_pencils: Sequence[Pen],
) -> list[MarkTruth]:  # fmt: skip
    """Ink left on a row nobody played (never a result): see ``STRAYS``."""
    s = dpi / 25.4
    band = layout.rows[row - 1].rect
    if kind == "strike":  # the director struck the unused row through
        y = (band.y + band.height * rng.uniform(0.3, 0.7)) * s
        x0 = (band.x + band.width * rng.uniform(0.0, 0.3)) * s
        x1 = (band.x + band.width * rng.uniform(0.6, 1.0)) * s
        canvas = np.zeros((round(band.height * s * 2), round(x1 - x0) + 8), np.uint8)
        ys = canvas.shape[0] / 2 + rng.normal(0, 0.15 * band.height * s, 3)
        pts = [(4.0, ys[0]), ((x1 - x0) / 2, ys[1]), (x1 - x0, ys[2])]
        _pen_line(canvas, pts, max(1, round(hand.pen_mm * s)))
        alpha = canvas.astype(np.float32) / 255.0
        composite(page, alpha, round(x0 - 4), round(y - canvas.shape[0] / 2), hand.pen,
                  float(rng.uniform(*hand.pen.darkness)), rng)  # fmt: skip
        return [MarkTruth(row, "", "", "strike", hand.pen.name, intended=False)]
    if kind == "smudge":  # a rubbed-out first thought in some box
        field = str(rng.choice([LEVEL, STRAIN, DECLARER, PASSED_OUT, RESULT_SIGN]))
        opt = str(rng.choice(layout.field(row, field).options))
        eraser = _eraser(hand, bank_pencils)
        _draw_mark(page, layout.box(row, field, opt), dpi, "fill", eraser, rng, erased=True)
        return [MarkTruth(row, field, opt, "erased", eraser.pen.name, intended=False)]
    if kind == "dust":
        for _ in range(int(rng.integers(2, 6))):
            x = round((band.x + band.width * rng.uniform(0.2, 0.8)) * s)
            y = round((band.y + band.height * rng.uniform(0.05, 0.95)) * s)
            cv2.circle(page, (x, y), max(1, round(rng.uniform(0.05, 0.2) * s)),
                       (float(rng.uniform(0.2, 0.6)),) * 3, -1)  # fmt: skip
        return [MarkTruth(row, "", "", "dust", "", intended=False)]
    raise ValueError(f"unknown stray ink {kind!r}: one of {STRAYS}")


def _pen_line(canvas: np.ndarray, pts: Sequence[tuple[float, float]], thick: int) -> None:
    p = np.array([[round(x * 16), round(y * 16)] for x, y in pts], np.int32)
    cv2.polylines(canvas, [p], False, 255, thick, cv2.LINE_AA, shift=4)


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
    unused_rows: Sequence[int] = (),
    stray_rate: float = 0.6,
) -> tuple[np.ndarray, tuple[MarkTruth, ...], tuple[DigitTruth, ...]]:
    """Fill ``rows`` into an upright page raster (H, W, 3 uint8 RGB at ``dpi``).

    ``unused_rows`` are printed rows nobody played; with ``stray_rate`` each gets some
    stray ink (``STRAYS``), which is never a result. Returns the filled page and exactly
    what was put on it.
    """
    want_w, want_h = layout.page_px(dpi)
    if abs(page.shape[1] - want_w) > 1 or abs(page.shape[0] - want_h) > 1:  # renderers round
        raise ValueError(
            f"page raster {page.shape[1]}x{page.shape[0]} px is not {layout.paper} at {dpi} dpi"
        )
    canvas = page.astype(np.float32)
    canvas *= 1.0 / 255.0
    split = bank.split
    apply_paper(canvas, str(rng.choice(split.papers)), dpi, rng)
    marks: list[MarkTruth] = []
    digits: list[DigitTruth] = []
    for t in rows:
        hand = hand_for(bank, rng)
        wanted = intended_marks(t, blank_form)
        if rng.random() < erasure_rate and t.contract is not None:
            # a first thought rubbed out: another option of the level, strain or declarer
            field = str(rng.choice([LEVEL, STRAIN, DECLARER]))
            meant = dict(wanted)[field]
            other = [o for o in layout.field(t.row, field).options if o != meant]
            opt = str(rng.choice(other))
            eraser = _eraser(hand, split.pencils)
            box = layout.box(t.row, field, opt)
            _draw_mark(canvas, box, dpi, "fill", eraser, rng, erased=True)
            marks.append(MarkTruth(t.row, field, opt, "erased", eraser.pen.name, intended=False))
        styles = [n for n, _ in split.mark_styles]
        for field, opt in wanted:
            # a player sticks to one style, with the odd exception
            style = hand.style if rng.random() < 0.85 else str(rng.choice(styles))
            _draw_mark(canvas, layout.box(t.row, field, opt), dpi, style, hand, rng)
            marks.append(MarkTruth(t.row, field, opt, style, hand.pen.name))
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
    for row in unused_rows:
        if rng.random() < stray_rate:
            kind = str(rng.choice(STRAYS))
            marks.extend(
                _stray(canvas, layout, row, dpi, hand_for(bank, rng), kind, rng, split.pencils)
            )
    if split.damages and rng.random() < split.damage_share:
        apply_damage(canvas, str(rng.choice(split.damages)), dpi, rng)
    out = cv2.convertScaleAbs(canvas, alpha=255.0)  # saturating, rounded: 0..255
    return out, tuple(marks), tuple(digits)
