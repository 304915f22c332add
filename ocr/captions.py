"""Where the form prints its captions inside the mark boxes (and anything at all).

Every mark box carries its option's caption ("N", "XX", "10") printed pale
(``ocr.render.DROPOUT_GREY``, 22% dark) so that players see what they mark. A sharp scan
shows a caption under the ink ramp's start; a blurred, dark or stained scan shows it at
30-40%, and a row read on a pale pen's ramp (``ocr/pen.py``) takes it for ink: an empty
box then holds a fill of 0.05-0.09 and is unsure. The reader knows where the captions
are, because it printed them: the blank form as ``bridgescan forms print`` renders it
(shipped drawn, ``ocr.form_pixels``) gives its caption pixels, kept once a process, and
``ocr.row_marks`` reads ink over them against the captions' own darkness on the row.
"""

from __future__ import annotations

import cv2
import numpy as np

from ocr.form_pixels import blank_form_grey
from ocr.layout import FieldKind, Layout
from ocr.marks import BOX_INSET_MM, ramp_bounds
from ocr.quantiles import linear_quantile_of_levels

__all__ = ["caption_pixels", "ink_over_captions", "printed_pixels"]

_CAPTION_DARK = 0.05
"""A rendered pixel this much darker than the paper, inside a mark box, is caption."""

_PLAY_PX = 1
"""The caption mask is widened by this many pixels: the page's fit and a scan's blur move
a caption a pixel or so."""

_QUANTILE = 0.75
"""How dark a row's captions print: the 75th percentile of their pixels' darkness (most
boxes of a row are empty, and a mark over a caption is far darker than it)."""

_ABOVE = 0.05
"""How much darker than that ink over a caption must be to start counting."""

_CAPTIONS: dict[tuple[str, int, str, float], np.ndarray] = {}


def caption_pixels(layout: Layout, dpi: float) -> np.ndarray:
    """A page-sized mask (bool, at ``dpi``) of the caption pixels inside the mark boxes
    (where the fill is measured: 0.7 mm inside the printed edge), rendered once per
    layout and resolution."""
    key = (*layout.cache_key, dpi)
    if key not in _CAPTIONS:
        # The page as the reader warps it (pypdfium2 may render a pixel more or less).
        width, height = layout.page_px(dpi)
        rendered = _rendered_grey(layout, dpi)[:height, :width]
        dark = np.zeros((height, width), bool)
        dark[: rendered.shape[0], : rendered.shape[1]] = cv2.LUT(
            rendered, _darker_than(_CAPTION_DARK)
        )
        inside = np.zeros_like(dark)
        for row in layout.rows:
            for field in row.fields:
                if field.kind is not FieldKind.MARKS:
                    continue
                for box in field.boxes:
                    x0, y0, x1, y1 = box.rect.inset(BOX_INSET_MM).to_px(dpi)
                    inside[y0:y1, x0:x1] = True
        side = 2 * _PLAY_PX + 1
        grown = cv2.dilate((dark & inside).astype(np.uint8), np.ones((side, side), np.uint8))
        _CAPTIONS[key] = (grown > 0) & inside
    return _CAPTIONS[key]


_PRINTED: dict[tuple[str, int, str, float], np.ndarray] = {}
_PRINTED_DARK = 0.15
"""A rendered pixel this much darker than the paper is printed (captions included)."""
_PRINTED_PLAY_PX = 2
"""... give or take this many pixels: a page's fit may be that far off on a row."""


def printed_pixels(layout: Layout, dpi: float) -> np.ndarray:
    """A page-sized mask (bool, at ``dpi``) of every pixel the blank form prints, its lines,
    captions and text, give or take 2 px, rendered once per layout and resolution."""
    key = (*layout.cache_key, dpi)
    if key not in _PRINTED:
        width, height = layout.page_px(dpi)
        rendered = _rendered_grey(layout, dpi)[:height, :width]
        dark = np.zeros((height, width), np.uint8)
        dark[: rendered.shape[0], : rendered.shape[1]] = cv2.LUT(
            rendered, _darker_than(_PRINTED_DARK)
        )
        side = 2 * _PRINTED_PLAY_PX + 1
        _PRINTED[key] = cv2.dilate(dark, np.ones((side, side), np.uint8)) > 0
    return _PRINTED[key]


_RENDERED: dict[tuple[str, int, str, float], np.ndarray] = {}


def _rendered_grey(layout: Layout, dpi: float) -> np.ndarray:
    """Grey levels (uint8) of a blank traveller of ``layout`` rendered at ``dpi``
    (pypdfium2, as the reader renders a PDF scan: ``ocr.form_pixels``, shipped for the
    shipped forms at the working resolution), once."""
    key = (*layout.cache_key, dpi)
    if key not in _RENDERED:
        _RENDERED[key] = blank_form_grey(layout, dpi)
    return _RENDERED[key]


def _darker_than(darkness: float) -> np.ndarray:
    """For each grey level, 1 where a rendered pixel of that level is more than
    ``darkness`` (0..1) darker than the paper, else 0 (uint8, for ``cv2.LUT``): its
    darkness ``(255 - level) / 255`` worked out in float32 once a level, so that a page's
    mask is one look-up of its levels, the same as the float32 darkness of every pixel
    (which cost a process's first page some 15 ms of CPU and 9 MB)."""
    return ((255.0 - np.arange(256, dtype=np.float32)) / 255.0 > darkness).astype(np.uint8)


def ink_over_captions(
    ink: np.ndarray, grey: np.ndarray, paper: float, at: np.ndarray, strength: float
) -> None:
    """The row band's ``ink`` (``ocr.marks.ink_values`` of ``grey`` against ``paper`` for
    a pen of ``strength``), in place, with the pixels of the captions (``at``, their flat
    indices into the band: a few thousand pixels of a band of 80,000) read against the
    captions' own darkness: the ramp starts ``_ABOVE`` over what the row's captions reach
    and rises as steeply as elsewhere, and a pixel is never read darker than the row's ramp
    reads it. ``ink`` and ``grey`` (uint8) are C-contiguous, of one shape.

    A caption pixel's darkness, and what it reads over the captions, depend on its grey
    level alone: the captions' quantile is read off their levels' histogram
    (``linear_quantile_of_levels``) and each level's reading worked out once, the same
    floats as pixel by pixel.

    Chosen on TRAINING pages (200 a condition): rows to review 7.38 / 6.63 / 7.64 / 9.65 /
    10.38% to 7.51 / 6.48 / 7.64 / 8.82 / 8.93% (clean, ordinary, phone, damaged, pencil),
    no wrong row; the sample evening reads as before."""
    if not (ink.flags.c_contiguous and grey.flags.c_contiguous):
        raise ValueError("ink_over_captions: the band's ink and grey must be C-contiguous")
    levels = np.take(grey.reshape(-1), at)
    darkness = (paper - _LEVELS) / paper
    low, high = ramp_bounds(strength)
    quantile = linear_quantile_of_levels(np.bincount(levels, minlength=256), darkness, _QUANTILE)
    start = max(low, float(quantile) + _ABOVE)
    over = np.clip((darkness - start) / (high - low), 0.0, 1.0)
    flat = ink.reshape(-1)
    flat[at] = np.minimum(np.take(flat, at), np.take(over, levels))


_LEVELS = np.arange(256, dtype=np.float32)
