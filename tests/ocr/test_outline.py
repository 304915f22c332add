"""ocr/outline.py: the ellipse round a box that the drawn strokes follow (worked on drawn
arrays at the working resolution, 150 dpi)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.circle_reading import (
    OUTLINE_NONE,
    OUTLINE_SURE,
    OUTLINE_UNSURE,
    VIEWS_UNDER_STRIPS,
    confirmed,
    outlined,
)
from ocr.marks import RING_EMPTY_BELOW, RING_MARKED_ABOVE, MarkState, mark_reading
from ocr.outline import _QUARTERS, Outlines, _ellipses, _flat_ellipses
from ocr.unchecked_marks import CERTAIN
from tests.hypothesis_profiles import draws

S = 150 / 25.4  # px per mm
# Three 4.5 mm boxes (27 px) side by side, 1 mm (6 px) apart, in a 110 x 200 px band.
BOXES = [(40, 40, 67, 67), (73, 40, 100, 67), (106, 40, 133, 67)]
MIDDLE = BOXES[1]


def _printed() -> np.ndarray:
    """The boxes' printed edges, as the reader's mask has them (2 px, widened by 1 px)."""
    lines = np.zeros((110, 200), np.uint8)
    for x0, y0, x1, y1 in BOXES:
        cv2.rectangle(lines, (x0, y0), (x1 - 1, y1 - 1), 1, 2)
    return cv2.dilate(lines, np.ones((3, 3), np.uint8)) > 0


def _stroke(drawn: np.ndarray, printed: np.ndarray) -> np.ndarray:
    """What the reader has of a stroke: drawn ink off the printed lines."""
    return drawn.astype(bool) & ~printed


def _ellipse(rx_mm: float, ry_mm: float, off_mm=(0.0, 0.0), sweep=(0, 360)) -> np.ndarray:
    ink = np.zeros((110, 200), np.uint8)
    cx = (MIDDLE[0] + MIDDLE[2]) / 2 + off_mm[0] * S
    cy = (MIDDLE[1] + MIDDLE[3]) / 2 + off_mm[1] * S
    axes = (round(rx_mm * S), round(ry_mm * S))
    cv2.ellipse(ink, (round(cx), round(cy)), axes, 0, sweep[0], sweep[1], 1, 2)
    return ink


def outline(drawn: np.ndarray, printed: np.ndarray, box, s: float) -> float:
    return Outlines(drawn, printed, s).support(box)


def test_paper_and_the_printed_boxes_alone_have_no_outline():
    printed = _printed()
    assert outline(np.zeros_like(printed), printed, MIDDLE, S) == 0.0


@pytest.mark.parametrize(
    ("rx_mm", "ry_mm", "off_mm"),
    [
        (3.2, 3.2, (0.0, 0.0)),  # round, 1 mm outside the edges: over the neighbours' edges
        (3.8, 3.0, (0.4, -0.4)),  # wide and off centre: through the neighbours' boxes
        (2.9, 2.1, (0.0, 0.0)),  # squashed: along the box's own top and bottom edges
    ],
)
def test_a_circle_round_the_box_is_followed_all_round(rx_mm, ry_mm, off_mm):
    """A closed ellipse round the middle box, wherever it runs over printed edges (where
    the reader cannot see it): every sample of the ellipse tried on it that is not on a
    printed line is on the stroke, so its support is 1, over ``OUTLINE_SURE``."""
    printed = _printed()
    drawn = _stroke(_ellipse(rx_mm, ry_mm, off_mm), printed)
    assert outline(drawn, printed, MIDDLE, S) == pytest.approx(1.0)


def test_a_circle_left_open_by_forty_degrees_is_still_followed():
    """Open from 0 to 40 degrees (lower right, in image rows): the right-hand quarter,
    samples -45..45 degrees, has 40 of its 90 degrees on paper, about 9 of its 19
    samples; the best ellipse still sees the other quarters whole and the right one half
    covered: support under 1 but over 0.5."""
    printed = _printed()
    drawn = _stroke(_ellipse(3.2, 3.2, sweep=(40, 360)), printed)
    support = outline(drawn, printed, MIDDLE, S)
    assert 0.5 < support < 1.0


def test_a_circle_round_a_neighbour_is_not_an_outline_round_this_box():
    """A circle round the left box, 1 mm outside its edges, reaches into the gap beside
    the middle box and no further: it covers the middle box's left quarter at most; the
    other quarters of every ellipse round the middle box are on paper (support 0 in the
    least covered one)."""
    printed = _printed()
    ink = np.zeros((110, 200), np.uint8)
    left = BOXES[0]
    centre = (round((left[0] + left[2]) / 2), round((left[1] + left[3]) / 2))
    cv2.ellipse(ink, centre, (round(3.2 * S), round(3.2 * S)), 0, 0, 360, 1, 2)
    drawn = _stroke(ink, printed)
    assert outline(drawn, printed, MIDDLE, S) < OUTLINE_UNSURE
    assert outline(drawn, printed, left, S) == pytest.approx(1.0)


def test_crosses_in_both_neighbours_are_no_outline():
    """Crosses in the left and right boxes, overshooting their corners by 1 mm: their arms
    reach the left and right quarters of an ellipse round the middle box, never its top
    and bottom."""
    printed = _printed()
    ink = np.zeros((110, 200), np.uint8)
    for x0, y0, x1, y1 in (BOXES[0], BOXES[2]):
        o = round(1.0 * S)
        cv2.line(ink, (x0 - o, y0 - o), (x1 + o, y1 + o), 1, 2)
        cv2.line(ink, (x1 + o, y0 - o), (x0 - o, y1 + o), 1, 2)
    drawn = _stroke(ink, printed)
    assert outline(drawn, printed, MIDDLE, S) < OUTLINE_UNSURE


@pytest.mark.parametrize(
    ("support", "ring", "state"),
    [
        (2 / 3, RING_EMPTY_BELOW - 1 / 45, MarkState.EMPTY),  # two of three quarters
        (OUTLINE_UNSURE, RING_EMPTY_BELOW, MarkState.UNSURE),  # evidence 0: the band's foot
        ((OUTLINE_UNSURE + OUTLINE_SURE) / 2, 0.45, MarkState.UNSURE),
        (OUTLINE_SURE, RING_MARKED_ABOVE, MarkState.UNSURE),  # evidence 1: the band's top
        (1.0, 0.6, MarkState.MARKED),  # 0.40 + (0.30 / 0.15) x 0.10
    ],
)
def test_an_outline_is_put_on_the_circle_scale(support, ring, state):
    """0.70 maps to the circle's empty threshold (0.40), 0.85 to its marked one (0.50),
    linearly: a full outline (1.0) is 0.40 + 2 x 0.10 = 0.60, circled for certain; 2/3
    (the most any box without a mark of its own measured on TRAINING pages) is
    0.40 - (0.70 - 2/3) / 0.15 x 0.10 = 0.40 - 1/45, empty."""
    assert outlined(support) == pytest.approx(ring)
    assert mark_reading("4", 0.0, outlined(support), 0.0).state is state


@pytest.mark.parametrize(
    ("ring", "support", "confirmed_ring"),
    [
        # Strips read alone on two bins a side (0.517, p 0.9945, marked but not certain)
        # and an ellipse followed over 0.70 of every quarter: two views agree, as sure as
        # a full outline (0.60).
        (0.517, OUTLINE_UNSURE, 0.6),
        (RING_MARKED_ABOVE, 0.9, 0.6),
        # Under 0.70 the outline adds only what it reads itself: 0.69 maps to
        # 0.40 - 0.01 / 0.15 x 0.10 = 0.3933, under the strips' 0.517.
        (0.517, 0.69, 0.517),
        # The other views unsure (0.45): no agreement, the outline's own reading,
        # 0.40 + 0.10 / 0.15 x 0.10 = 0.4667 for 0.80.
        (0.45, 0.80, 0.40 + 0.1 / 0.15 * 0.1),
        # Nothing seen by the other views, a full ellipse: the outline's 0.60.
        (0.0, 1.0, 0.6),
    ],
)
def test_the_outline_confirms_a_circle_read_but_not_for_certain(ring, support, confirmed_ring):
    assert confirmed(ring, support) == pytest.approx(confirmed_ring)
    if confirmed_ring == pytest.approx(0.6):
        assert mark_reading("S", 0.0, confirmed(ring, support), 0.0).p_marked >= CERTAIN


@pytest.mark.parametrize(
    ("ring", "support", "confirmed_ring"),
    [
        # Unsure by the other views (0.433: strips 1 bin a side, sectors 2 of 7, a 50
        # degree gap) and no ellipse followed over a fifth of its least covered quarter:
        # no circle reading at all.
        (0.433, 0.0, 0.0),
        (0.433, OUTLINE_NONE - 0.01, 0.0),
        (RING_EMPTY_BELOW, 0.1, 0.0),
        # From OUTLINE_NONE on the ellipse may be a circle's that the views see in part:
        # the reading stands (the outline's own, under 0, adds nothing).
        (0.433, OUTLINE_NONE, 0.433),
        # Read circled (0.5 and more) or empty (under 0.4) by the other views: not
        # touched by the outline's lack.
        (RING_MARKED_ABOVE, 0.0, RING_MARKED_ABOVE),
        (0.35, 0.0, 0.35),
        # No ellipse can be judged round the box (too much of it hidden): nothing is
        # said either way.
        (0.433, None, 0.433),
        (0.517, None, 0.517),
    ],
)
def test_an_unsure_circle_no_ellipse_follows_is_no_circle(ring, support, confirmed_ring):
    assert confirmed(ring, support) == pytest.approx(confirmed_ring)


@pytest.mark.parametrize(
    ("ring", "support", "views", "confirmed_ring"),
    [
        # Circled by the strips read alone on two bins a side (0.517), the three views'
        # mean under views_under_strips, no ellipse followed over 0.70 (or none judged):
        # the middle of the unsure band, (0.40 + 0.50) / 2 = 0.45.
        (0.517, 0.615, 0.310, 0.45),
        (0.517, 0.0, 0.159, 0.45),
        (0.517, None, 0.222, 0.45),
        (0.517, OUTLINE_UNSURE - 0.01, VIEWS_UNDER_STRIPS - 0.01, 0.45),
        # The ellipse agrees: as sure as a full outline (0.60), as without the views.
        (0.517, OUTLINE_UNSURE, 0.222, 0.6),
        # The views see a circle too (a TRAINING ring: 0.468, an outline of 0.588): the
        # strips' reading stands, as without them.
        (0.517, 0.588, 0.468, 0.517),
        (0.517, 0.5, VIEWS_UNDER_STRIPS, 0.517),
        # Not circled to begin with, or circled for certain: not this case.
        (0.45, 0.5, 0.2, 0.45),
        (0.6, 0.5, 0.2, 0.6),
    ],
)
def test_a_circle_only_the_strips_read_alone_see_is_unsure_without_an_ellipse(
    ring, support, views, confirmed_ring
):
    assert confirmed(ring, support, views) == pytest.approx(confirmed_ring)


def test_neighbours_strokes_round_a_box_leave_a_quarter_of_every_ellipse_on_paper():
    """A cross in the right-hand box whose long arm runs out past its lower left corner
    into the gap below the middle box, the bottom of a circle round the box above and the
    top of one round the box below: strokes beside three sides of the middle box, which
    the strips see in part. No ellipse round it is followed on its right (the cross's box
    side is only reached at a corner): support under ``OUTLINE_NONE``."""
    printed = _printed()
    ink = np.zeros((110, 200), np.uint8)
    x0, y0, x1, y1 = BOXES[2]
    cv2.line(ink, (x1 - 3, y0 + 3), (x0 - 8, y1 + 8), 1, 2)  # the long arm, past the corner
    cv2.line(ink, (x0 + 3, y1 - 3), (x1 - 3, y0 + 3), 1, 2)
    cx = round((MIDDLE[0] + MIDDLE[2]) / 2)
    axes = (round(3.2 * S), round(3.2 * S))
    cv2.ellipse(ink, (cx, MIDDLE[1] - round(6 * S)), axes, 0, 30, 150, 1, 2)  # above
    cv2.ellipse(ink, (cx, MIDDLE[3] + round(6 * S)), axes, 0, 210, 330, 1, 2)  # below
    drawn = _stroke(ink, printed)
    support = outline(drawn, printed, MIDDLE, S)
    assert support is not None and support < OUTLINE_NONE


def test_a_box_whose_every_ellipse_is_hidden_cannot_be_judged():
    """Every sample of every ellipse tried round the middle box lies where nothing can be
    seen (the whole band hidden, as under a box's own mark): no ellipse counts, None."""
    hidden = np.ones((110, 200), bool)
    assert Outlines(np.zeros_like(hidden), hidden, S).support(MIDDLE) is None


def test_a_circle_through_a_box_holding_its_own_mark_is_not_contradicted_there():
    """A wide circle round the middle box (4.2 x 3.0 mm, 1.95 mm beyond its left and right
    edges) runs through the inside of both neighbours. Where a neighbour holds a mark of
    its own, the reader takes that box's ink out of what a circle may be made of; the
    circle's stroke there is then not seen. Counted as paper, those samples leave the left
    and right quarters covered only where the stroke crosses the 1 mm gaps, under
    ``OUTLINE_SURE``; counted as not known, the rest of the ellipse decides (support 1)."""
    printed = _printed()
    drawn = _stroke(_ellipse(4.2, 3.0), printed)
    inside = np.zeros_like(printed)
    for x0, y0, x1, y1 in (BOXES[0], BOXES[2]):
        inside[y0 + 4 : y1 - 4, x0 + 4 : x1 - 4] = True  # 0.7 mm in, as the reader crops
    drawn &= ~inside
    assert Outlines(drawn, printed, S).support(MIDDLE) < OUTLINE_SURE
    assert Outlines(drawn, printed | inside, S).support(MIDDLE) == pytest.approx(1.0)


@settings(max_examples=draws(60), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), share=st.floats(0.0, 0.2), extra=st.floats(0.0, 0.1))
def test_more_drawn_ink_never_lowers_the_outline(seed, share, extra):
    """Ink drawn anywhere can only cover more of an ellipse's samples: a paper sample
    becomes covered (its quarter's share rises), a sample not known becomes covered and
    known (the share c/k becomes (c+1)/(k+1), never less), and an ellipse that counted
    still counts. So the outline of a box never falls when ink is added, whatever was
    there (random specks over the printed boxes, then more)."""
    rng = np.random.default_rng(seed)
    printed = _printed()
    drawn = _stroke(rng.random(printed.shape) < share, printed)
    more = drawn | _stroke(rng.random(printed.shape) < extra, printed)
    before = Outlines(drawn, printed, S).support(MIDDLE)
    assert Outlines(more, printed, S).support(MIDDLE) >= before


def test_the_ellipse_followed_is_given_where_the_stroke_runs():
    """The ellipse round the middle box that a wide, off-centre circle (3.8 x 3.0 mm, 0.4
    mm right and up) follows: every one of its 72 points lies within a pixel and a half of
    the stroke (the fit tries centres 0.4 mm apart and radii 4% of the box apart); a box
    with nothing round it has none."""
    printed = _printed()
    drawn = _ellipse(3.8, 3.0, (0.4, -0.4))
    points = Outlines(_stroke(drawn, printed), printed, S).ellipse(MIDDLE)
    assert points is not None and points.shape == (72, 2)
    distance = cv2.distanceTransform((drawn == 0).astype(np.uint8), cv2.DIST_L2, 3)
    assert distance[points[:, 1], points[:, 0]].max() <= 1.5
    assert Outlines(np.zeros_like(printed), printed, S).ellipse(MIDDLE) is None


def test_the_ellipses_as_offsets_into_a_band_read_flat():
    """Round a 27 x 27 px box at 150 dpi: the first ellipse tried (centre 0.8 mm, 4.72 px,
    left of and above the box's, half-width 0.58 x 27 = 15.66 px, height 0.7 of it) has
    its first sample (0 degrees) at 15.66 - 4.72 = 10.94 -> 11 px right and -4.72 -> -5 px
    down, -5 x 200 + 11 = -989 into a band 200 px wide read flat. The widest (0.94 x 27 =
    25.38 px, 1.3 times as high: 32.99 px) with its centre 4.72 px off reaches 30.10 -> 30
    px and 37.72 -> 38 px from the box's centre either way. The offsets are counted from
    the least: that ellipse's sample at 265 degrees, -4.72 - 25.38 x 0.0872 = -6.93 -> -7
    px right and -4.72 - 32.99 x 0.9962 = -37.59 -> -38 px down, -38 x 200 - 7 = -7,607."""
    flat, least, bounds = _flat_ellipses(27, 27, round(S, 3), False, False, 0.8, 200)
    assert flat.shape == (5 * 5 * 10 * 7, 72)
    assert flat[0, 0] + least == -989
    assert bounds == (-30, -38, 30, 38)
    assert (least, flat.min()) == (-7607, 0)


def _support_in_two_dimensions(drawn, hidden, box, s, play_mm):
    """The outline of ``Outlines.support`` looked up sample by sample in the band's rows
    and columns (a sample beyond the band not known): what the flat look-up must give."""
    size = 3
    near = cv2.dilate(drawn.astype(np.uint8), np.ones((size, size), np.uint8)) > 0
    unknown = hidden & ~near
    x0, y0, x1, y1 = box
    odd = (bool((x0 + x1) % 2), bool((y0 + y1) % 2))
    xs, ys = _ellipses(x1 - x0, y1 - y0, round(s, 3), *odd, play_mm)
    px, py = xs + (x0 + x1) // 2, ys + (y0 + y1) // 2
    rows, cols = near.shape
    off = (px < 0) | (px >= cols) | (py < 0) | (py >= rows)
    cy, cx = np.clip(py, 0, rows - 1), np.clip(px, 0, cols - 1)
    covered, not_known = near[cy, cx] & ~off, unknown[cy, cx] | off
    quarters = _QUARTERS.T.astype(np.float32)
    known_q = (~not_known).astype(np.float32) @ quarters
    covered_q = covered.astype(np.float32) @ quarters
    enough = (known_q >= 0.3 * _QUARTERS.sum(axis=1)).all(axis=1)
    if not enough.any():
        return None
    return float((covered_q[enough] / np.maximum(known_q[enough], 1)).min(axis=1).max())


@settings(max_examples=draws(40), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    dx=st.integers(-60, 190),
    dy=st.integers(-40, 100),
    share=st.floats(0.0, 0.3),
    play_mm=st.sampled_from([0.8, 1.6]),
)
def test_the_flat_look_up_reads_every_sample_as_the_band_has_it(seed, dx, dy, share, play_mm):
    """Wherever the box lies, in the band or over its edges, whatever ink is round it and
    however far off the box's centre the ellipses are tried, the outline is what the
    samples read one by one in the band's rows and columns give."""
    rng = np.random.default_rng(seed)
    drawn = rng.random((110, 200)) < share
    hidden = _printed()
    box = (dx, dy, dx + 27, dy + 27)
    assert Outlines(drawn, hidden, S).support(box, play_mm) == _support_in_two_dimensions(
        drawn, hidden, box, S, play_mm
    )
