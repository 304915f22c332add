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
  ways that fail differently (``circled``): in strips beside its four sides, along rays
  from its centre (ocr/circles.py), and by the widest gap the rays leave.
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
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

import cv2
import numpy as np

from ocr.digits import quantile
from ocr.mark_settings import MARK_SETTINGS

__all__ = [
    "DUST_DOT",
    "DUST_DOT_ALONE",
    "EMPTY_BELOW",
    "MARKED_ABOVE",
    "RING_EMPTY_BELOW",
    "RING_MARKED_ABOVE",
    "RING_UNSURE",
    "CLOSED_WITHIN_DEG",
    "NARROW_GAP_DEG",
    "STRIPS_EMPTY_BELOW",
    "STRIPS_MARKED_ABOVE",
    "STRIPS_SURE",
    "STRIPS_CERTAIN",
    "OUTLINE_NONE",
    "OUTLINE_SURE",
    "OUTLINE_UNSURE",
    "VIEWS_UNDER_STRIPS",
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
    "circled",
    "confirmed",
    "only_the_strips",
    "dot_evidence",
    "fill_evidence",
    "ring_evidence",
    "strips_alone",
    "outlined",
    "OUTLINE_MOST",
    "classify_fill",
    "read_mark",
    "paper_tone",
    "mark_reading",
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
STRIPS_EMPTY_BELOW = MARK_SETTINGS.strips_empty_below
STRIPS_MARKED_ABOVE = MARK_SETTINGS.strips_marked_above
STRIPS_SURE = MARK_SETTINGS.strips_sure
STRIPS_CERTAIN = MARK_SETTINGS.strips_certain
NARROW_GAP_DEG = MARK_SETTINGS.narrow_gap_deg
CLOSED_WITHIN_DEG = MARK_SETTINGS.closed_within_deg
OUTLINE_SURE = MARK_SETTINGS.outline_sure
OUTLINE_UNSURE = MARK_SETTINGS.outline_unsure
OUTLINE_NONE = MARK_SETTINGS.outline_none
VIEWS_UNDER_STRIPS = MARK_SETTINGS.views_under_strips
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
of (rule ``dust_dot_alone``, ocr/dust_dots.py): weighed as its dot reads, and a reading
that needs it marked is no guess where the written score checks its field
(ocr/used_marks.py, ``missing_marks``)."""


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
    ``unread_circles``).
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


def circled(strips: float, sectors: float, gap: int, facing: bool = False) -> float:
    """How surely a circle is drawn round a box (0..1): the mean of three views of the
    strokes round it that fail in different ways.

    - ``strips``: the coverage of its least covered side by strokes in strips beside the
      sides (``ocr.row_circles.ring_cover``). A hand-drawn circle off the box's centre or
      squashed cuts through the box, and the strip on that side sees a bin or two of it.
    - ``sectors``: the coverage of its least covered sector by strokes along rays from its
      centre (``ocr.circles.Rays``); the rays start half-way to the edge and see such a
      circle all round.
    - the closure: one less the widest gap between covered rays, as a share of
      ``CLOSED_WITHIN_DEG``. Marks in the neighbouring boxes (a cross's overshoot to the
      left, a circle round the box below, the row above's circle reaching down) cover the
      strips of one side each, and together can cover half of every side's bins and of
      every sector; between them they leave gaps of 50 degrees or more. A circle leaves
      one gap at most, where it was left open.

    On 600 TRAINING pages (ordinary, damaged, pencil), of 10,080 boxes without a mark but
    with drawn ink beside two of their sides, the strips alone read 17 as circled for
    certain (0.5 or more), 53 as circled but not certain (0.33) and 118 as unsure (0.17);
    the mean reads none above 0.50 and 9 as unsure. It reads 92.4% of 3,522 rings for
    certain, where the strips alone read 93.3%.

    A box round which neither the strips nor the rays see anything is not circled (0).
    Strokes with no gap wider than ``NARROW_GAP_DEG`` are read in the unsure band at least
    (7 of the 10,080 boxes had such strokes round them, 17 of the 54 rings the strips did
    not see at all).

    Where drawn ink lies beside two opposite sides (``facing``), the strips are also read
    alone, on their own thresholds (``STRIPS_EMPTY_BELOW``, ``STRIPS_MARKED_ABOVE``), as
    the reader did before the rays, and the box is never less surely circled than they say;
    where they alone make it certain (``STRIPS_SURE``), that is the reading.
    The mean alone was tried first: on TRAINING it sent fewer rows to review, but the TEST
    benchmark then accepted three wrong rows, each with a big or squashed TEST circle the
    strips saw as unsure or circled (0.17-0.5) and the mean as empty (0.28-0.37): a box
    the strips doubt stays in doubt."""
    if not strips and not sectors:
        return 0.0  # nothing seen round the box
    if facing and strips >= STRIPS_SURE:
        return strips_alone(strips)
    closure = max(0.0, 1.0 - gap / CLOSED_WITHIN_DEG)
    sure = (strips + sectors + closure) / 3
    if gap <= NARROW_GAP_DEG:
        sure = max(sure, RING_UNSURE)
    if facing:
        sure = max(sure, strips_alone(strips))
    return sure


def strips_alone(strips: float) -> float:
    """The strips read alone, on their own thresholds, put on the scale of ``circled``."""
    alone = (strips - STRIPS_EMPTY_BELOW) / (STRIPS_MARKED_ABOVE - STRIPS_EMPTY_BELOW)
    return RING_EMPTY_BELOW + alone * (RING_MARKED_ABOVE - RING_EMPTY_BELOW)


def confirmed(ring: float, support: float | None, views: float | None = None) -> float:
    """A box's circle reading (``circled``) once the ellipse round it is known (its
    ``support``, ``ocr.outline.Outlines``; None where no ellipse round the box can be
    judged): the higher of the two on this scale, and as sure as an ellipse followed all
    round (``outlined(1.0)``) where the other views read the box circled
    (``RING_MARKED_ABOVE``) but not for certain and an ellipse round it is followed over
    ``OUTLINE_UNSURE`` of every quarter: two views that fail in different ways agree.

    Chosen on TRAINING (1,000 pages, the five conditions, wide rings): of the boxes read
    circled but not for certain, 102 of 137 with a circle round them had an outline of
    0.70 or more and none of the 25 without (0.333 at most: the strips of a box between
    two marked neighbours see their strokes on both sides and read it circled, 0.517).

    The other way round, a box the other views read unsure (from ``RING_EMPTY_BELOW`` to
    ``RING_MARKED_ABOVE``) round which no ellipse is followed over ``OUTLINE_NONE`` of its
    least covered quarter has no circle reading (0): the strokes the strips and rays see
    round it are its neighbours' (a cross's long arm past its corner, circles round the
    boxes above and below), which leave a quarter of every ellipse round it on paper. A
    box they read circled is not cleared so, and a row keeps the reading this clears
    where no other box of the box's field is marked (rule ``alone_in_field``, ocr/mark_rules.py: the
    field's only mark may be a circle tight over the printed edges). On TRAINING (1,000
    pages, the five conditions, wide rings), of 107 boxes read unsure by their circle,
    49 had a ring round them, with an outline of 0.286 or more; 21 of the 57 with no
    mark at all had less than 0.2, and 12 of those now read empty (the outline is not
    asked at a wide gap the rays see little round, and a fill in its unsure band stays
    unsure). Review 0-0.23 points lower in every condition, no wrong row.

    A box circled by the strips read alone only (``only_the_strips``: ``views`` is the
    three views' reading without them) is unsure (``RING_UNSURE``), not circled, unless an
    ellipse round it is followed over ``OUTLINE_UNSURE`` (where none can be judged, it is
    unsure too): the strokes of its neighbours' marks (the arc of a circle round the box
    above, a cross's arm beside it) cover two bins of every side as a circle does, where
    the rays see little of one. The TRAINING boxes it was chosen on are counted in
    ``views_under_strips`` (ocr/mark_settings.py). ``RowMarks._decide`` gives ``views``
    only where another box of the box's field holds ink (asking the ellipse there even at
    a wide gap): alone in its field, such a circle may be the field's only mark, drawn
    over the printed edges, and stands. Issue 43, fresh TEST seeds 82722 pencil
    page_0024.jpg row 1 (count 1, read so: the views 0.222, an outline of 0.538, kept its
    mark and took count 2's cross for its stroke) and 61702 noisy page_0026.jpg row 10
    (count 1: the views 0.167, an outline of 0.46, never asked; count 2's circle read
    away beside it as a second box)."""
    if views is not None and only_the_strips(ring, views):
        if support is None or support < OUTLINE_UNSURE:
            return RING_UNSURE  # no ellipse agrees with the strips read alone
    if support is None:
        return ring
    if RING_EMPTY_BELOW <= ring < RING_MARKED_ABOVE and support < OUTLINE_NONE:
        return 0.0
    if RING_MARKED_ABOVE <= ring and support >= OUTLINE_UNSURE:
        return max(ring, outlined(1.0))
    return max(ring, outlined(support))


def only_the_strips(ring: float, views: float) -> bool:
    """Is a box read circled but not for certain (``ring``, ``circled``) only because its
    strips, read alone, see strokes on two of six bins of every side (0.517), while the
    three views together (``views``: ``circled`` without the strips read alone) read under
    ``VIEWS_UNDER_STRIPS``? Then the ellipse round it decides (``confirmed``)."""
    return RING_MARKED_ABOVE <= ring < OUTLINE_MOST and views < VIEWS_UNDER_STRIPS


def outlined(support: float) -> float:
    """An ellipse's support round a box (``ocr.outline.Outlines``) put on the scale of
    ``circled``: ``OUTLINE_UNSURE`` there is ``RING_EMPTY_BELOW``, ``OUTLINE_SURE`` is
    ``RING_MARKED_ABOVE``."""
    share = (support - OUTLINE_UNSURE) / (OUTLINE_SURE - OUTLINE_UNSURE)
    return RING_EMPTY_BELOW + share * (RING_MARKED_ABOVE - RING_EMPTY_BELOW)


OUTLINE_MOST = outlined(1.0)
"""The most an ellipse round a box can make of its circle (``outlined`` of a full outline):
as sure as a circle certain on its own."""


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
