"""How dark a row's pen writes, so that a pale pen's marks are read on its own ramp.

A pale thin ballpoint or a hard pencil reaches 40% darkness where a firm pen reaches 80%:
on a firm pen's ramp (ocr/marks.py, ``ink_values``) its marks would fill their boxes too
little and its circles be seen only in bits. One row is written by one player with one
pen, so the row's own strokes say how dark that pen is.
"""

from __future__ import annotations

import cv2
import numpy as np

from ocr.digits import quantile
from ocr.mark_geometry import RowGeometry
from ocr.mark_settings import MARK_SETTINGS

__all__ = ["SKIP_INK", "SKIP_REACH_PX", "centres_outside", "pen_strength", "through_skips"]

FIRM_PEN = MARK_SETTINGS.firm_pen  # ocr/mark_settings.py

FAINT_PEN = MARK_SETTINGS.faint_pen  # ocr/mark_settings.py

SKIP_INK = MARK_SETTINGS.skip_ink  # ocr/mark_settings.py

SKIP_REACH_PX = MARK_SETTINGS.skip_reach_px  # ocr/mark_settings.py

_SQUARE = np.ones((3, 3), np.uint8)
_INKED = 0.15  # darkness of a pixel that holds some ink (a pale stroke's edge) ...
_STROKES_PX = 25  # ... and how many (every other pixel) are worth measuring a pen on


Centres = tuple[np.ndarray, np.ndarray]


def pen_strength(
    grey: np.ndarray, paper: float, g: RowGeometry, centres: Centres | None = None
) -> float:
    """How dark the pen of a row's band ``grey`` writes, relative to a firm pen (1 = as
    firm or firmer; the ink ramp is scaled by it). ``centres``: the boxes' centres to
    measure it on, when not all of the row's (``centres_outside``).

    The darkest drawn strokes of the row set it: the 98th percentile of darkness at the
    boxes' centres (``RowGeometry.centres``, every other pixel). A row whose marks are
    circles leaves nothing there; its pen is then measured where circles run and digits
    are written (``RowGeometry.writing``): the 98th percentile of darkness among the
    pixels there that hold any ink (``_INKED``), when there are ``_STROKES_PX`` of them at
    least. Only the band between ``FAINT_PEN`` and ``FIRM_PEN`` is scaled: a row whose
    darkest ink is paler than that holds no writing (a smudge, a stain), and is not
    amplified.

    On 60 TRAINING pages (ordinary) rows with nothing at the centres measured 0.44-0.59
    where they write with a ballpoint (21 rows) and 0.70-0.95 with a fineliner or a
    rollerball (29); before, a pale ballpoint's circle was seen only where its stroke
    reached a firm pen's darkness. On 200 TRAINING pages a condition this lowered review
    by 0.3-0.7 points, with no wrong row. Measuring every row among its inked pixels
    lowered review more (by 0.4-1.6 points), but two more rows of the sample evening went
    to review (a check's arm over the next box read as a circle round it), and it was not
    kept (docs/reader-history.md).
    """
    centres = (paper - grey[g.centres if centres is None else centres].astype(np.float32)) / paper
    level = quantile(centres, 0.98) if centres.size else 0.0
    if level < FAINT_PEN:
        around = (paper - grey[g.writing].astype(np.float32)) / paper
        inked = around[around >= _INKED]
        if inked.size >= _STROKES_PX:
            level = quantile(inked, 0.98)
    if level < FAINT_PEN or level >= FIRM_PEN:
        return 1.0
    return max(level / FIRM_PEN, FAINT_PEN / FIRM_PEN)


def centres_outside(g: RowGeometry, box: tuple[int, int, int, int]) -> Centres:
    """The row's box centres (``RowGeometry.centres``) but those inside ``box`` (x0, y0,
    x1, y1 in the band's pixels): where the pen is measured without the ink of one box,
    whose blob may be the page's dust (``ocr.dust_dots``, ``dust_dot_alone``)."""
    ys, xs = g.centres
    x0, y0, x1, y1 = box
    out = (xs < x0) | (xs >= x1) | (ys < y0) | (ys >= y1)
    return ys[out], xs[out]


def through_skips(drawn: np.ndarray, ink: np.ndarray, blocked: np.ndarray) -> np.ndarray:
    """The drawn strokes of a row written in a pale pen (``pen_strength`` under 1), carried
    on over the pixels where its ball skipped: pixels of ``ink`` at least ``SKIP_INK``
    that touch a drawn stroke, ``SKIP_REACH_PX`` steps out from it at most, and are not
    ``blocked`` (the form's printed lines, whose grey edges a stroke crossing them must
    not run along; the inside of boxes holding a mark of their own). All arrays have the
    row band's shape; ``drawn`` and ``blocked`` are bool.

    Pale ink that touches no drawn stroke stays paper: a stain, a shadow or a pencil's
    grey halo is not made into a stroke, and a stroke grows by two pixels at most.

    Used where a circle round a box is looked for along an ellipse (``ocr.outline``), not
    for fills or dots. Chosen on TRAINING (200 pages a condition, wide rings, whose pens
    include a blue ballpoint that skips): review 0.05-0.37 points lower in every
    condition, no wrong row, and no box without a circle given more than 0.70 of an
    outline that had less (the highest rose from 0.75 to 0.83, still unsure). Followed
    on everywhere (fills, strips, rays and dots too) raised review on damaged paper by
    0.24 points; followed by one or by three pixels, or down to 0.15 or 0.35, changed
    review by 0.1 point at most."""
    faint = ((ink >= SKIP_INK) & ~blocked).astype(np.uint8)
    grown = drawn.astype(np.uint8)
    for _ in range(SKIP_REACH_PX):
        grown = (cv2.dilate(grown, _SQUARE) & faint) | grown
    return grown > 0
