"""How dark a row's pen writes, so that a pale pen's marks are read on its own ramp.

A pale thin ballpoint or a hard pencil reaches 40% darkness where a firm pen reaches 80%:
on a firm pen's ramp (ocr/marks.py, ``ink_values``) its marks would fill their boxes too
little and its circles be seen only in bits. One row is written by one player with one
pen, so the row's own strokes say how dark that pen is.
"""

from __future__ import annotations

import numpy as np

from ocr.digits import quantile
from ocr.mark_geometry import RowGeometry

__all__ = ["pen_strength"]

FIRM_PEN = 0.62
"""Darkness a firm pen's strokes reach (the ramp is used as it is)."""

FAINT_PEN = 0.35
"""The palest ink still taken as writing when it is all a row has."""

_INKED = 0.15  # darkness of a pixel that holds some ink (a pale stroke's edge) ...
_STROKES_PX = 25  # ... and how many (every other pixel) are worth measuring a pen on


def pen_strength(grey: np.ndarray, paper: float, g: RowGeometry) -> float:
    """How dark the pen of a row's band ``grey`` writes, relative to a firm pen (1 = as
    firm or firmer; the ink ramp is scaled by it).

    The pen's darkest strokes set it: the 98th percentile of darkness among the pixels
    that hold any ink (``_INKED``) where the row's pen writes, the middle of the mark
    boxes, the strips beside them where a circle runs and the digit boxes
    (``RowGeometry.writing``), when there are ``_STROKES_PX`` of them at least (every
    other pixel); else the 98th percentile of all the boxes' centres. The pale dropout
    captions inside the boxes (about 20% dark) are among those pixels; they set the
    percentile only on a row with next to no writing, where it stays under
    ``FAINT_PEN``. Only the band between ``FAINT_PEN`` and ``FIRM_PEN`` is scaled: a row
    whose darkest ink is paler than that holds no writing (a smudge, a stain), and is not
    amplified.

    The pen was first measured on all the pixels at the boxes' centres. A row whose marks
    are circles leaves nothing there, and a thin check little, so the percentile fell on
    the paper or on a stroke's pale edge: on 60 TRAINING pages ballpoint rows with
    circles measured 0.18 there and 0.44-0.59 among the inked pixels where the circles
    run. On 200 TRAINING pages a condition this lowered review by 0.4-1.6 points
    (docs/reader.md), with no wrong row.
    """
    centres = (paper - grey[g.centres].astype(np.float32)) / paper
    around = (paper - grey[g.writing].astype(np.float32)) / paper
    inked = np.concatenate([around[around >= _INKED], centres[centres >= _INKED]])
    if inked.size >= _STROKES_PX:
        level = quantile(inked, 0.98)
    else:
        level = quantile(centres, 0.98) if centres.size else 0.0
    if level < FAINT_PEN or level >= FIRM_PEN:
        return 1.0
    return max(level / FIRM_PEN, FAINT_PEN / FIRM_PEN)
