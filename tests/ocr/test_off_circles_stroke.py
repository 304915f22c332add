"""A circle's own stroke, followed through the next box (rule ``off_circles``,
ocr/off_circles.py and ocr/circle_strokes.py; issue 43, item 4).

Where a hand-drawn circle runs wide through the next box, the next box's ink may lie well
off the ellipse fitted all round (more than ``hand_ellipse_mm``), and the box read marked
beside the circled one. The stroke itself, joined again through the printed lines it
crosses, runs on round the circled box (``strokes_round``: seen in 0.6 or more of 24
directions from its centre). The next box is read without it where 0.9 of its ink lies
within 0.5 mm of that stroke and the stroke's part in it is an arc: one stroke no longer
than the box's side (``arc_sides``), or, in the circled box's own field, keeping to the
box's edges (``run_through_depth``). A tick against the circle is joined to it too, but
it is longer than the side and, in another field, keeps its box marked. Nor is a stroke
that runs round the box itself (two circles that touch are one stroke): it may be that
box's own circle. On a dusty page, the specks beside the stroke are asked for once it is
set aside (``_without_specks_beside``).

The stored bands are rows of TRAINING's price set, flattened as the reader reads them.
"""

from __future__ import annotations

import numpy as np
import pytest

from ocr.circle_strokes import strokes_round
from ocr.layout import DECLARER, LEVEL, RESULT_SIGN
from ocr.marks import MarkState
from ocr.page_dust import NO_DUST
from ocr.spill_rules import stroke_length
from tests.ocr.bands import band_marks, band_row, stored_dust

THROUGH_LEVEL = "row_band_circle_through_level_beside_circle_above.png"
THROUGH_PLUS = "row_band_circle_wide_round_made_through_plus.png"
TICK = "row_band_tick_on_declarer_against_side_circle.png"
BESIDE_SPECKS = "row_band_circle_through_plus_beside_specks.png"
TOUCHING = "row_band_circles_touching_declarer_and_side.png"


def test_a_circle_round_level_3_joined_to_the_row_above_s_leaves_level_2_empty():
    """Dirty glass seed 13, ``page_0017.jpg`` row 8 (3D by East, 130 written): the
    circle round level 3 touches, above level 2, the circle of the row above, whose
    foot dips into level 2 (fill 0.120). No ellipse explains level 2's ink; the joined
    stroke runs round level 3 and holds all of it, one arc 0.87 of the side long. Read
    before as levels 2 and 3 marked (to a person); now level 2 is empty."""
    level = band_row(THROUGH_LEVEL, 8, stored_dust(THROUGH_LEVEL))[LEVEL]
    read = {m.option: m for m in level}
    assert (read["3"].state, read["3"].how) == (MarkState.MARKED, "circle")
    assert [o for o, m in read.items() if m.state is not MarkState.EMPTY] == ["3"]


@pytest.mark.parametrize(("dusty", "plus"), [(True, MarkState.EMPTY), (False, MarkState.MARKED)])
def test_specks_beside_the_stroke_are_the_page_s_dust(dusty, plus):
    """Dirty glass seed 31415, ``page_0044.jpg`` row 2 (made exactly): the circle round
    '=' runs through '+' (fill 0.231), and two specks of 0.12 and 0.23 mm^2 lie beside
    its arc there, too near it for the page's dust (``speck_alone_mm``): 0.83 of '+''s
    ink lies along the stroke. With the stroke set aside the specks stand alone, of a
    size the page's blank paper holds: read without them, '+' is the circle's stroke and
    empty. On a page whose dust was not measured they are no dust, and '+' stays marked."""
    dust = stored_dust(BESIDE_SPECKS) if dusty else NO_DUST
    marks = {m.option: m for m in band_row(BESIDE_SPECKS, 2, dust)[RESULT_SIGN]}
    assert (marks["="].state, marks["="].how) == (MarkState.MARKED, "circle")
    assert marks["+"].state is plus


def test_a_circle_run_wide_along_two_sides_of_plus_leaves_plus_empty():
    """TRAINING pdf150 seed 13, ``page_0005.pdf`` row 5: the circle round '=' runs
    through '+' (fill 0.153) along its top and left sides, 1.37 of the side long, as long
    as a tick; but it keeps to the box's edges (0.11 of the side deep at most), in the
    circled box's own field. Read before as '=' and '+' marked; now '+' is empty."""
    marks = band_marks(THROUGH_PLUS, 5, RESULT_SIGN)
    assert (marks["="].state, marks["="].how) == (MarkState.MARKED, "circle")
    assert marks["+"].state is MarkState.EMPTY
    assert marks["-"].state is MarkState.EMPTY


def test_a_tick_against_the_circle_round_the_score_s_side_keeps_its_box():
    """TRAINING clean seed 13, ``page_0025.png`` row 1: the player's tick in declarer S
    touches the circle round NS below it and is joined to it. It is 1.33 of the side
    long, and S is of another field than NS: S stays marked."""
    row = band_row(TICK, 1)
    assert next(m for m in row[DECLARER] if m.option == "S").state is MarkState.MARKED


def test_a_box_s_own_circle_touching_the_neighbour_s_keeps_its_box():
    """Fresh TRAINING fine-dots dirty glass seed 90417, ``page_0026.png`` row 5 (4S by
    West made, 620 written): the circle round declarer W, drawn off centre and read as a
    thin fill (0.211), touches the circle round EW below it. The two are one stroke, short
    in W, and it runs round EW; but it runs round W too, and may be W's own circle: W
    stays marked. Read without it, the declarer went to a person (E or W)."""
    dust = stored_dust(TOUCHING)
    row = band_row(TOUCHING, 5, dust)
    assert [m.option for m in row[DECLARER] if m.state is not MarkState.EMPTY] == ["W"]
    assert next(m for m in row["score_side"] if m.option == "EW").how == "circle"


def _band(radius: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(solid, drawn, printed): boxes A (columns 10-29) and B (columns 36-55), rows
    20-39, printed lines 2 px wide; a ring 2 px thick of ``radius`` round B's centre
    (46, 30). At 20 its left arc runs down A's right part (columns 26-28); at 14 it
    passes in the gap, outside A."""
    printed = np.zeros((60, 80), bool)
    for x0, x1 in ((10, 30), (36, 56)):
        printed[20:40, x0 : x0 + 2] = printed[20:40, x1 - 2 : x1] = True
        printed[20:22, x0:x1] = printed[38:40, x0:x1] = True
    gy, gx = np.mgrid[0:60, 0:80]
    ring = np.abs(np.hypot(gx + 0.5 - 46, gy + 0.5 - 30) - radius) <= 1.0
    solid = printed | ring
    return solid, solid & ~printed, printed


A, B = (12, 22, 28, 38), (36, 20, 56, 40)
A_PRINTED = (10, 20, 30, 40)


def test_strokes_round_keeps_a_ring_round_the_box_and_not_a_mark_beside_it():
    solid, drawn, printed = _band(20.0)
    solid[24:26, 14:20] = drawn[24:26, 14:20] = True  # a short dash in A, apart from the ring
    found = strokes_round(solid, drawn, printed, 2.0, B, 0.6)
    assert found[30, 26] and found[30, 65] and found[10, 46]  # the ring all round B
    assert not found[24:26, 14:20].any()
    assert not (found & ~drawn).any()  # drawn ink only, never the printed lines


def test_the_ring_s_arc_through_a_is_one_short_stroke():
    solid, drawn, printed = _band(20.0)
    ring = strokes_round(solid, drawn, printed, 2.0, B, 0.6)
    part = ring[A[1] : A[3], A[0] : A[2]]
    assert part.any()
    assert stroke_length(part) <= A[3] - A[1]


def test_a_tick_joined_to_the_ring_is_found_with_it_and_is_longer_than_the_side():
    """The ring passes in the gap, outside A; a tick in A (an arm down column 14-15 and
    one along rows 29-30) runs on to it and is joined to it: it is the ring's piece,
    but one stroke longer than A's side inside A."""
    solid, _, printed = _band(14.0)
    solid[23:37, 14:16] = True
    solid[29:31, 14:34] = True
    drawn = solid & ~printed
    ring = strokes_round(solid, drawn, printed, 2.0, B, 0.6)
    assert ring[30, 20] and ring[25, 14]  # joined to the ring
    assert stroke_length(ring[A[1] : A[3], A[0] : A[2]]) > A[3] - A[1]
