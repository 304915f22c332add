"""Mark boxes: is a box marked, empty, or unsure?

Proven mark-sense readers measure how much of a box's inside is dark and use two
thresholds with an "unsure" band between them, so a faint tick, a half-erased cross or
a smudge is shown to a person instead of being guessed (issue 5, item 2). We do the
same on the warped page (ocr/align.py):

- the box is cropped 0.7 mm inside its printed border (the border and the dropout-grey
  caption are printed light; see ocr/render.py);
- each pixel's darkness is taken relative to the paper tone around the box, so grey
  scans, shadows and yellowed paper read alike, and turned into a soft ink value that is
  0 below 20% darkness (dropout captions, erasure residue) and 1 above 50% (pen, pencil);
- the fill is the mean ink value over the inside of the box.

Below ``EMPTY_BELOW`` the box is empty, above ``MARKED_ABOVE`` it is marked, between them
unsure. ``p_marked`` is a smooth confidence (a logistic in the fill) that the joint
decoder (ocr/decode.py) combines with the other fields of the row.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from ocr.digits import quantile

__all__ = [
    "EMPTY_BELOW",
    "MARKED_ABOVE",
    "BOX_INSET_MM",
    "MarkState",
    "MarkReading",
    "ink_fill",
    "p_marked",
    "classify_fill",
    "read_mark",
    "paper_tone",
]

EMPTY_BELOW = 0.05
"""Fill below which a box is empty (on synthetic TRAINING and TEST scans clean boxes measure
at most 0.03, fully erased pencil marks at most 0.03)."""

MARKED_ABOVE = 0.10
"""Fill above which a box is marked (the faintest pencil ticks and slashes measure 0.12-0.15,
crosses 0.2-0.7, filled boxes 0.7-1)."""

BOX_INSET_MM = 0.7
"""How far inside the printed box edge the fill is measured."""

_INK_LOW = 0.20
_INK_HIGH = 0.50


class MarkState(StrEnum):
    """The two-threshold decision on one box."""

    EMPTY = "empty"
    MARKED = "marked"
    UNSURE = "unsure"


@dataclass(frozen=True)
class MarkReading:
    """One mark box read: its option label, measured fill, decision and confidence."""

    option: str
    fill: float
    state: MarkState
    p_marked: float

    @property
    def confidence(self) -> float:
        """Confidence in the decision itself (0.5 = a coin toss)."""
        return max(self.p_marked, 1.0 - self.p_marked)


def paper_tone(region: np.ndarray) -> float:
    """The paper's grey level in a region (its 90th percentile, never below 1)."""
    return max(quantile(region, 0.90), 1.0)


def ink_fill(crop: np.ndarray, paper: float) -> float:
    """Mean soft ink value (0..1) of a greyscale box crop against the paper tone."""
    if crop.size == 0:
        return 0.0
    rel = (paper - crop.astype(np.float32)) / paper
    ink = np.clip((rel - _INK_LOW) / (_INK_HIGH - _INK_LOW), 0.0, 1.0)
    return float(ink.mean())


def p_marked(fill: float) -> float:
    """Probability that a box with this fill was meant as marked.

    A logistic centred between the two thresholds, reaching 2% at ``EMPTY_BELOW`` and 98%
    at ``MARKED_ABOVE``: a fill in the unsure band is a real doubt for the decoder.
    """
    mid = (EMPTY_BELOW + MARKED_ABOVE) / 2
    k = math.log(49.0) / ((MARKED_ABOVE - EMPTY_BELOW) / 2)
    z = max(-60.0, min(60.0, k * (fill - mid)))
    return 1.0 / (1.0 + math.exp(-z))


def classify_fill(fill: float) -> MarkState:
    """Empty below ``EMPTY_BELOW``, marked above ``MARKED_ABOVE``, unsure between."""
    if fill < EMPTY_BELOW:
        return MarkState.EMPTY
    if fill > MARKED_ABOVE:
        return MarkState.MARKED
    return MarkState.UNSURE


def read_mark(crop: np.ndarray, option: str, paper: float | None = None) -> MarkReading:
    """Read one box crop (greyscale, already inside the printed border)."""
    tone = paper if paper is not None else paper_tone(crop)
    fill = ink_fill(crop, tone)
    return MarkReading(option, fill, classify_fill(fill), p_marked(fill))
