"""Mark boxes: is a box marked, empty, or unsure, and by what kind of mark?

Proven mark-sense readers measure how much of a box's inside is dark and use two
thresholds with an "unsure" band between them, so a faint tick, a half-erased cross or
a smudge is shown to a person instead of being guessed (issue 5, item 2). People also
mark a box in ways that leave its inside almost white (issue 13): they draw a circle
around it, or put a firm dot in it. Each box is therefore read three ways, on the
flattened page (ocr/illumination.py: shadows and stains taken out):

- **fill**: the box is cropped 0.7 mm inside its printed border; each pixel's darkness
  relative to the row's paper tone becomes a soft ink value, 0 below 20% darkness
  (dropout captions, erasure residue) and 1 above 50% (pen, pencil); the fill is the mean
  ink value. Crosses, ticks, slashes, blobs and filled boxes are read this way.
- **circle**: strokes drawn round the box (marks inside other boxes left out), seen three
  ways that fail differently (ocr/circle_reading.py, ``circled``): in strips beside its
  four sides, along rays from its centre (ocr/circles.py), and by the widest gap the rays
  leave.
- **dot**: the largest solid blob inside the box, in mm^2. A pen dot is a solid blob of
  0.4 mm^2 or more; dust and scanner specks are smaller and greyer.

Each kind has an "empty" and a "marked" threshold with an unsure band between them; the
box's evidence is the strongest of the three, scaled so that 0 is the empty threshold and
1 the marked one. ``p_marked`` is a logistic in that evidence, 2% at 0 and 98% at 1, that
the joint decoder (ocr/decode.py) combines with the other fields of the row. The
thresholds were chosen on TRAINING-side pages only (ocr/mark_settings.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache

import cv2
import numpy as np

from ocr.digits import quantile
from ocr.mark_settings import MARK_SETTINGS

__all__ = [
    "DUST_DOT",
    "DOT_BESIDE_INK",
    "DOT_IN_GAP",
    "DUST_DOT_ALONE",
    "THICK_BY_EDGE",
    "EMPTY_BELOW",
    "MARKED_ABOVE",
    "RING_EMPTY_BELOW",
    "RING_MARKED_ABOVE",
    "RING_UNSURE",
    "DOT_EMPTY_BELOW_MM2",
    "DOT_MARKED_ABOVE_MM2",
    "BOX_INSET_MM",
    "MarkState",
    "MarkReading",
    "ink_fill",
    "ink_values",
    "plain_reading",
    "ramp_bounds",
    "p_marked",
    "p_of_evidence",
    "EMPTY_P",
    "MARKED_P",
    "dot_evidence",
    "fill_evidence",
    "ring_evidence",
    "classify_fill",
    "read_mark",
    "paper_tone",
    "mark_reading",
    "made_unsure",
]

# The thresholds, with why each is what it is and the pages it was chosen on, are in
# ocr/mark_settings.py; these names are what the measuring code reads.
EMPTY_BELOW = MARK_SETTINGS.empty_below
MARKED_ABOVE = MARK_SETTINGS.marked_above
RING_EMPTY_BELOW = MARK_SETTINGS.ring_empty_below
RING_MARKED_ABOVE = MARK_SETTINGS.ring_marked_above
RING_UNSURE = (RING_EMPTY_BELOW + RING_MARKED_ABOVE) / 2
"""The middle of the unsure band: the reading of strokes round a box that may be its
circle and may not (``circled``, ocr/mark_rules.py)."""
DOT_EMPTY_BELOW_MM2 = MARK_SETTINGS.dot_empty_below_mm2
DOT_MARKED_ABOVE_MM2 = MARK_SETTINGS.dot_marked_above_mm2
BOX_INSET_MM = MARK_SETTINGS.box_inset_mm
_INK_LOW = MARK_SETTINGS.ink_low
_INK_HIGH = MARK_SETTINGS.ink_high


DUST_DOT = "dust dot"
"""``MarkReading.how`` of a box read empty because its dot alone marked it and the page's
blank margins hold specks as large (rule ``dusty_page``): the page cannot tell that dot
from its dust."""

DUST_DOT_ALONE = "dust dot alone"
"""``MarkReading.how`` of a ``DUST_DOT`` box alone in a field a played result marks one box
of (rule ``dust_dot_alone``, ocr/dust_dots.py): weighed as its dot reads (in a level,
strain or declarer on a scale to 0.60 mm^2, ``weighed_p``), and a reading
that needs it marked is no guess where the written score checks its field
(ocr/used_marks.py, ``missing_marks``)."""

THICK_BY_EDGE = "thick ink by its edge"
"""``MarkReading.how`` of a box read unsure, as a dot on its edge is, because it is the one
box of a field read empty with solid ink a pen dot's thickness by it (rule
``empty_field_dot``, ocr/empty_fields.py): its own ink as a dot is, but never its field's
only ink (``ocr.unchecked_marks._only_ink``): every reading of the field missed the
player's mark, and thick ink is a circle's stroke along a printed line too."""

DOT_IN_GAP = "dot in the gap"
"""``MarkReading.how`` of a box left unsure by its own dot on its printed edge where that
dot lies in the gap towards another box of its field (``ocr.clean_rivals.in_the_gap``;
rules ``clean_rivals``, ``edge_dot_rivals``): a dot covering the two printed edges that
face each other across the gap cannot say which box the player meant, so it is never
its field's only ink (``ocr.unchecked_marks._only_ink``) and the written score decides."""

DOT_BESIDE_INK = "dot, ink by another box"
"""``MarkReading.how`` of a box left unsure by its own dot on its printed edge, the only box
of its field not read empty, where that dot's centre lies off the box, more than
``edge_dot_centre_mm`` outside it (not in the gap towards another box of the field:
``DOT_IN_GAP``), and another box of the field holds drawn ink by it that is not the dot's
(``ocr.clean_rivals.holds_no_ink_by``; rule ``edge_dot_rivals``): the rule declined to
read the dot as the field's mark because the player's may lie by that other box, so it is
never its field's only ink (``ocr.unchecked_marks._only_ink``), which would make it as
certain as the mark the rule declined to read, and the written score decides."""


class MarkState(StrEnum):
    """The two-threshold decision on one box."""

    EMPTY = "empty"
    MARKED = "marked"
    UNSURE = "unsure"


@dataclass(frozen=True)
class MarkReading:
    """One mark box read: its option label, measured fill, decision and confidence.

    ``how`` says which reading decided: "fill", "circle", "dot", or "" for an empty box;
    an unsure box that would be marked by its fill says why it is not: "edge" (its ink may
    be a neighbour's stroke reaching in) or "beside a circle" (ocr/row_marks.py), which
    also names a box unsure on the strokes round it beside a box of its field circled
    for certain (they may be that circle's);
    an empty box that holds a dot the page's dust is as large as says so: ``DUST_DOT``
    (rule ``dusty_page``), ``DUST_DOT_ALONE`` where it is weighed (rule ``dust_dot_alone``);
    ``ring`` is how surely strokes round the box circle it (0..1, ``circled``),
    ``dot_mm2`` the largest solid blob inside it, and ``neighbour`` (field, option), for an
    "edge" or "beside a circle" box, the box whose stroke its ink may be; for an empty box,
    the box its ink was given to (rule ``without_spill``); for a box marked by a thin fill,
    the box of its field whose wide circle its ink may be the arc of (rule
    ``unread_circles``); for a ``DOT_IN_GAP`` or ``THICK_BY_EDGE`` box, the box of its field
    its dot or thick ink lies towards (``ocr.clean_rivals.in_the_gap_reading``,
    ``ocr.empty_fields.unsure_where_thick``), where one says which.
    """

    option: str
    fill: float
    state: MarkState
    p_marked: float
    how: str = ""
    ring: float = 0.0
    dot_mm2: float = 0.0
    neighbour: tuple[str, str] | None = None

    @property
    def confidence(self) -> float:
        """Confidence in the decision itself (0.5 = a coin toss)."""
        return max(self.p_marked, 1.0 - self.p_marked)


def paper_tone(region: np.ndarray) -> float:
    """The paper's grey level in a region (its 90th percentile, never below 1)."""
    return max(quantile(region, 0.90), 1.0)


def ramp_bounds(strength: float = 1.0) -> tuple[float, float]:
    """The darkness where the ink ramp starts and where it is full, for a pen of
    ``strength`` (1 = firm)."""
    return _INK_LOW * strength, _INK_HIGH * strength


def ink_values(crop: np.ndarray, paper: float, strength: float = 1.0) -> np.ndarray:
    """Soft ink value (0..1) of every pixel of a greyscale crop against the paper tone.

    ``strength`` (0..1) scales the ramp for a faint pen: a row written with a thin, pale
    ballpoint or a hard pencil has its own darkest strokes at 40% darkness, not 80%.
    """
    low, high = ramp_bounds(strength)
    if crop.dtype == np.uint8 and crop.size > 256:
        # The same arithmetic on the 256 grey levels once, then looked up: identical values,
        # a fraction of the time on a row's band.
        return cv2.LUT(crop, _ramp_table(paper, low, high))
    return _ink_ramp(crop.astype(np.float32), paper, low, high)


@lru_cache(maxsize=1024, typed=True)
def _ramp_table(paper: float, low: float, high: float) -> np.ndarray:
    """``_ink_ramp`` of the 256 grey levels (read-only), kept per paper tone and ramp: a
    paper tone is a grey level (``paper_tone``) and most rows' pens are firm, so a
    page's fifteen rows, its dust and its digit boxes ask for a few tables again and
    again (five numpy calls a table). Typed: a numpy scalar's paper makes a float64 ramp
    and a Python float's a float32 one (numpy's promotion), so they are kept apart."""
    table = _ink_ramp(np.arange(256, dtype=np.float32), paper, low, high)
    table.flags.writeable = False
    return table


def _ink_ramp(grey: np.ndarray, paper: float, low: float, high: float) -> np.ndarray:
    rel = (paper - grey) / paper
    return np.clip((rel - low) / (high - low), 0.0, 1.0)


def ink_fill(crop: np.ndarray, paper: float) -> float:
    """Mean soft ink value (0..1) of a greyscale box crop against the paper tone."""
    if crop.size == 0:
        return 0.0
    return float(ink_values(crop, paper).mean())


_LOGISTIC_K = 2 * math.log(49.0)
"""``p_of_evidence``'s slope: 2% at 0 and 98% at 1 (worked out once, not once a box)."""


def p_of_evidence(evidence: float) -> float:
    """Probability that a box was meant as marked, from its evidence (0 = the empty
    threshold, 1 = the marked threshold): a logistic reaching 2% at 0 and 98% at 1."""
    z = max(-60.0, min(60.0, _LOGISTIC_K * (evidence - 0.5)))
    return 1.0 / (1.0 + math.exp(-z))


EMPTY_P = p_of_evidence(0.0)
"""``p_marked`` of a box at the empty threshold of its fill, circle or dot (0.02): under it
a box holds no ink the reader weighs; a box a rule reads away as dust is given it
(``ocr.dust_rules.read_empty``), and weighed so (``ocr.unchecked_marks._only_ink``)."""

MARKED_P = p_of_evidence(1.0)
"""``p_marked`` of a box read as marked on its own evidence (0.98, at the marked threshold
of its fill, circle or dot), and of a box a rule reads marked (``ocr.clean_rivals``)."""


def p_marked(fill: float) -> float:
    """Probability that a box with this fill (and nothing around it) was meant as marked."""
    return p_of_evidence(fill_evidence(fill))


def classify_fill(fill: float) -> MarkState:
    """Empty below ``EMPTY_BELOW``, marked above ``MARKED_ABOVE``, unsure between."""
    if fill < EMPTY_BELOW:
        return MarkState.EMPTY
    if fill > MARKED_ABOVE:
        return MarkState.MARKED
    return MarkState.UNSURE


def read_mark(crop: np.ndarray, option: str, paper: float | None = None) -> MarkReading:
    """Read one box crop (greyscale, already inside the printed border) by its fill."""
    tone = paper if paper is not None else paper_tone(crop)
    fill = ink_fill(crop, tone)
    state = classify_fill(fill)
    return MarkReading(option, fill, state, p_marked(fill), "fill" if state != "empty" else "")


def _state(evidence: float) -> MarkState:
    if evidence < 0.0:
        return MarkState.EMPTY
    if evidence > 1.0:
        return MarkState.MARKED
    return MarkState.UNSURE


def fill_evidence(fill: float, low: float = EMPTY_BELOW, high: float = MARKED_ABOVE) -> float:
    """A box's fill on the one scale of evidence: 0 at ``low`` (the empty threshold), 1 at
    ``high`` (the marked one), ``p_of_evidence`` between."""
    return (fill - low) / (high - low)


def ring_evidence(
    ring: float, low: float = RING_EMPTY_BELOW, high: float = RING_MARKED_ABOVE
) -> float:
    """A circle round a box on the one scale of evidence, as ``fill_evidence``."""
    return (ring - low) / (high - low)


def dot_evidence(
    dot_mm2: float, low: float = DOT_EMPTY_BELOW_MM2, high: float = DOT_MARKED_ABOVE_MM2
) -> float:
    """A dot's size (mm^2) on the scale of a dot's evidence: 0 at ``low`` (smaller is
    dust), 1 at ``high`` (a pen dot for certain), ``p_of_evidence`` between."""
    return (dot_mm2 - low) / (high - low)


def mark_reading(option: str, fill: float, ring: float, dot: float) -> MarkReading:
    """The decision on one box from its three readings: the strongest evidence wins."""
    e_fill = fill_evidence(fill)
    e_ring = -1.0
    if ring:
        e_ring = ring_evidence(ring)
    e_dot = -1.0
    if dot:
        e_dot = dot_evidence(dot)
    evidence, how = max((e_fill, "fill"), (e_ring, "circle"), (e_dot, "dot"))
    state = _state(evidence)
    how = "" if state is MarkState.EMPTY else how
    return _new_reading(option, fill, state, p_of_evidence(evidence), how, ring, dot)


_PLAIN: dict[tuple[str, float], MarkReading] = {}
_PLAIN_MOST = 4096  # readings kept (some 300 bytes each)


def made_unsure(r: MarkReading) -> MarkReading:
    """``r`` read unsure by a rule that doubts it, at even odds at most: its measures and
    how it was read kept, for the score or a person to settle."""
    return replace(r, state=MarkState.UNSURE, p_marked=min(r.p_marked, 0.5))


def plain_reading(option: str, fill: float) -> MarkReading:
    """``mark_reading(option, fill, 0.0, 0.0)``: a box read by its fill alone, no circle
    nor dot looked for (``RowMarks.evidence``: 95% of a page's boxes, 45% with no ink at
    all), kept per option and fill and shared, as a frozen reading may be: a look-up, not
    the decision's Python, for the same reading."""
    kept = _PLAIN.get((option, fill))
    if kept is None:
        if len(_PLAIN) >= _PLAIN_MOST:
            _PLAIN.clear()
        kept = _PLAIN[(option, fill)] = mark_reading(option, fill, 0.0, 0.0)
    return kept


def _new_reading(
    option: str, fill: float, state: MarkState, p: float, how: str, ring: float, dot: float
) -> MarkReading:
    """``MarkReading(option, fill, state, p, how, ring, dot)``, its fields set as its own
    ``__init__`` sets them (in order, ``neighbour`` None) but in one step: a frozen
    dataclass sets each field through ``object.__setattr__``, half of ``mark_reading``'s
    time on the forty boxes of every row."""
    reading = object.__new__(MarkReading)
    reading.__dict__.update(
        option=option, fill=fill, state=state, p_marked=p, how=how, ring=ring, dot_mm2=dot,
        neighbour=None,
    )  # fmt: skip
    return reading
