"""ocr/circles.py: strokes round a box, looked for along rays (worked on drawn arrays)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.align import WORK_DPI
from ocr.circles import (
    _AFTER,
    _BEFORE,
    _CENTRE_PLAY_MM,
    _SECTOR_MATRIX,
    _SECTOR_RAYS,
    THICKER_PX,
    _offsets,
    _printed_px,
    _samples,
    _widest_gap,
    printed_across,
    rays,
)
from ocr.layout import DECLARER, LEVEL, RESULT_COUNT, RESULT_SIGN, STRAIN, load_layout
from ocr.mark_geometry import EDGE, HAIRLINE, row_geometry
from ocr.mark_rules import rules_off
from ocr.marks import DOT_MARKED_ABOVE_MM2, MarkReading, MarkState
from ocr.spill_rules import stroke_length
from ocr.used_marks import unexplained_unsure
from tests.hypothesis_profiles import draws
from tests.ocr.bands import band_marks, read_band, stored_band

S = 150 / 25.4  # px per mm at the working resolution
BOX = (60, 40, 87, 67)  # a 4.5 mm box (27 px) in a 110 x 160 px band
WIDTHS = (2.0, 0.0, 2.0)  # printed edges 2 px across, as the mask gives them


def _band() -> tuple[np.ndarray, np.ndarray]:
    ink = np.zeros((110, 160), np.uint8)
    lines = np.zeros((110, 160), np.uint8)
    x0, y0, x1, y1 = BOX
    cv2.rectangle(lines, (x0, y0), (x1 - 1, y1 - 1), EDGE, 2)
    cv2.rectangle(ink, (x0, y0), (x1 - 1, y1 - 1), 1, 2)  # the printed edge is ink too
    return ink, lines


def _cover(ink: np.ndarray, lines: np.ndarray) -> float:
    return rays(ink.astype(bool), lines, BOX, S, WIDTHS).sectors


def test_the_printed_box_alone_is_no_circle():
    assert _cover(*_band()) == 0.0


@pytest.mark.parametrize("off_mm", [(0.0, 0.0), (0.8, 0.0), (0.0, -0.8), (0.6, 0.6)])
def test_a_circle_round_the_box_covers_every_sector_even_drawn_off_centre(off_mm):
    """A closed ellipse with radii 3.6 x 3.3 mm (1.35 / 1.05 mm outside the box's edges),
    centred on the box or up to 0.8 mm off it: from the best of the nine centres the rays
    of every sector meet it, except where the stroke crosses a ray on the printed edge
    itself (there it cannot be told from the edge), so at least half of each sector is
    covered: above the 0.45 at which the reader doubts a stroke beside the box."""
    ink, lines = _band()
    cx = (BOX[0] + BOX[2]) / 2 + off_mm[0] * S
    cy = (BOX[1] + BOX[3]) / 2 + off_mm[1] * S
    cv2.ellipse(ink, (round(cx), round(cy)), (round(3.6 * S), round(3.3 * S)), 0, 0, 360, 1, 2)
    assert _cover(ink, lines) >= 0.5


def test_a_circle_that_cuts_through_the_box_corner_still_surrounds_it():
    """Squashed to 1.6 mm high (the box is 2.25 mm from its centre to the top and
    bottom edges): the stroke runs inside the box at top and bottom and crosses the edges
    near the corners. The rays start half-way out, so they meet it inside the box."""
    ink, lines = _band()
    cx, cy = (BOX[0] + BOX[2]) / 2, (BOX[1] + BOX[3]) / 2
    cv2.ellipse(ink, (round(cx), round(cy)), (round(3.3 * S), round(1.6 * S)), 0, 0, 360, 1, 2)
    assert _cover(ink, lines) >= 0.5


@pytest.mark.parametrize(
    ("uncovered", "gap"),
    [((), 0), ((5, 6, 7), 30), ((34, 35, 0, 1), 40), ((3, 4, 20, 21, 22), 30), (range(36), 360)],
)
def test_the_widest_gap_is_the_longest_run_of_uncovered_rays_round_the_circle(uncovered, gap):
    """Rays every 10 degrees: three uncovered in a row are 30 degrees, four across ray 0
    (350, 0, 10 and 20 ... counted round the end) 40; of two runs the longer counts."""
    covered = np.ones(36, bool)
    covered[list(uncovered)] = False
    assert _widest_gap(covered) == gap


def test_a_circle_left_open_leaves_one_gap_the_width_of_its_opening():
    """An ellipse 3.6 x 3.3 mm round the box, drawn from 0 to 310 degrees: an opening of
    50 degrees, less the two rays next to it that the stroke's width (2 px) and the
    bridging of single gaps still cover: 30 or 40 degrees are left, never more than the
    opening; closed, no gap at all."""
    ink, lines = _band()
    centre = (round((BOX[0] + BOX[2]) / 2), round((BOX[1] + BOX[3]) / 2))
    axes = (round(3.6 * S), round(3.3 * S))
    closed = ink.copy()
    cv2.ellipse(closed, centre, axes, 0, 0, 360, 1, 2)
    assert rays(closed.astype(bool), lines, BOX, S, WIDTHS).gap == 0
    cv2.ellipse(ink, centre, axes, 0, 0, 310, 1, 2)
    assert 30 <= rays(ink.astype(bool), lines, BOX, S, WIDTHS).gap <= 50


def test_a_stroke_down_one_side_covers_one_sector_only():
    """A neighbour's circle or cross reaches the side facing it: the other three sectors
    stay empty, so the least covered one is empty."""
    ink, lines = _band()
    x = BOX[2] + round(1.0 * S)
    cv2.line(ink, (x, BOX[1] - 15), (x, BOX[3] + 15), 1, 2)
    assert _cover(ink, lines) == 0.0


def _band_and_box(
    band: str, number: int, field: str, option: str
) -> tuple[np.ndarray, tuple[int, int, int, int]]:
    """A stored flattened row band, and the inside (x0, y0, x1, y1, band pixels) of one
    of its boxes, for drawing a mark of the box's own into it."""
    layout = load_layout()
    row = next(r for r in layout.rows if r.number == number)
    g = row_geometry(layout, row, WORK_DPI)
    i = next(k for k, (f, o, _) in enumerate(g.boxes) if (f, o) == (field, option))
    x0, y0, x1, y1 = (int(v) for v in g.inner[i])
    return stored_band(band), (x0, y0, x1, y1)


@pytest.mark.parametrize(
    ("band", "number", "field", "circled", "beside", "fill_at_most", "circled_read"),
    [
        # Damaged paper (TEST damaged/page_0203.jpg row 9): a circle round the 4 drawn
        # over its printed edges, which the strips do not see and the rays see only in
        # part (a quarter of every sector, no gap over 50 degrees); its arc fills the 5 to
        # 0.117. Read as a mark, the 5 made 5S E -1 of a circled 4S E -1 (both +50). An
        # ellipse round the 4 centred within 1.6 mm of its centre is followed all round:
        # rule ``circled_off_centre`` reads the 4 circled (unsure without it), which
        # explains the 5's ink.
        ("row_band_circle_over_edges.png", 9, LEVEL, "4", "5", 0.2, MarkState.MARKED),
        # A phone photo at 150 dpi (fourth TEST set, phone/page_0426.jpg row 6): a circle
        # round the 2 drawn off centre to the right over printed edges 3 px and more
        # across, so drawn ink is seen beside one of the 2's sides only; its arc fills the
        # 3 to 0.161, 94.9% of it in the half facing the 2. Read as a mark, the 3 made 3C
        # by S -3 of a circled 2C by S -3 (both -300), accepted.
        ("row_band_circle_phone_edges.png", 6, LEVEL, "2", "3", 0.2, MarkState.EMPTY),
    ],
)
def test_a_thin_fill_beside_a_circled_box_is_unsure(
    band, number, field, circled, beside, fill_at_most, circled_read
):
    """Rows of benchmark pages, flattened, where the strips did not see a circle that the
    rays do (every sector round the circled box covered 45% or more, or for a fill of 0.2
    or less a quarter with no gap over 50 degrees): the box beside it is not marked on
    what may be the circle's stroke, but unsure, naming the circled box, and a person
    looks (the reader's rule: never mark a box on another's stroke)."""
    marks = band_marks(band, number, field)
    reading = marks[beside]
    assert reading.state is MarkState.UNSURE
    assert reading.how == "beside a circle"
    assert reading.neighbour == (field, circled)
    assert reading.fill <= fill_at_most
    assert marks[circled].state is circled_read
    with rules_off("circled_off_centre"):
        assert band_marks(band, number, field)[circled].state is not MarkState.MARKED


def test_a_thin_tick_leaning_away_from_a_circle_over_printed_edges_stays_its_boxs_mark():
    """The phone row above with a tick of the 1's own drawn in its half away from the
    circled 2 (a fill of 0.16): strokes go round the 2 as far as the rays see, but drawn
    ink lies beside one of its sides only and the 1's ink leans away from it, so it is
    no arc of that circle: the 1 stays marked (the 3, holding the arc, stays unsure)."""
    strip, (x0, y0, x1, y1) = _band_and_box("row_band_circle_phone_edges.png", 6, LEVEL, "1")
    w, h = x1 - x0, y1 - y0
    tick = [(x0 + 2, y0 + h // 2 + 2), (x0 + w // 4, y1 - 2), ((x0 + x1) // 2 + 1, y0 + 3)]
    cv2.polylines(strip, [np.array(tick)], False, 40, 2)
    marks = read_band(strip, 6, LEVEL)
    assert (marks["1"].state, marks["1"].how) == (MarkState.MARKED, "fill")
    assert marks["1"].fill <= 0.2
    assert marks["3"].state is MarkState.UNSURE


def test_a_circle_whose_arc_fills_the_next_box_like_a_mark_leaves_the_field_to_a_person():
    """Damaged paper: a circle round the 6 whose arc fills the 7 to 0.35, as much as a
    cross. The 7 holds a mark of its own as far as its fill says, so the circle is looked
    for without the ink inside it; the ellipse round the 6 (ocr/outline.py) is not
    contradicted there, only not seen, and the rest of it is drawn: the 6 is circled for
    certain. The 7 stays marked by its fill (its ink runs deeper than the strip facing the
    6): two boxes of the level are marked, which no reading explains, and the row goes to
    a person (until the ninth round the 6 read unsure and the 7 unsure beside it, with the
    same outcome for the row)."""
    marks = band_marks("row_band_circle_damaged.png", 2, LEVEL)
    assert marks["6"].state is MarkState.MARKED
    assert marks["6"].how == "circle"
    assert marks["7"].state is MarkState.MARKED
    assert marks["7"].fill <= 0.35
    others = [o for o, m in marks.items() if o not in ("6", "7")]
    assert all(marks[o].state is MarkState.EMPTY for o in others)


def test_a_wide_circle_whose_stroke_runs_down_the_next_box_is_read_round_its_box():
    """A phone photo (TEST split): a circle round the H drawn wide to the right, its stroke
    down the S. The printed edges of this row are 2 or 3 px across (2.7 on average). Taken
    as 3 px across, the edges hid the circle's stroke where it runs along them: the strips
    saw nothing and the rays 83% of the least covered sector with a gap of 30 degrees, the
    H was not circled, and the S (a fill of 0.17) was held unsure beside a circle. Taken at
    their interquartile mean the circle is seen by strips and rays alike and the H is
    circled. The stroke runs down the S over its caption, where a pale stroke counts only
    as far as it is darker than the row's captions (ocr/captions.py): the S's fill falls
    to 0.05 and it reads empty, so the strain is H, as drawn."""
    marks = band_marks("row_band_circle_phone.png", 2, STRAIN)
    assert (marks["H"].state, marks["H"].how) == (MarkState.MARKED, "circle")
    assert marks["S"].state is MarkState.EMPTY and marks["S"].fill < 0.05
    assert all(marks[o].state is MarkState.EMPTY for o in ("C", "D", "NT"))


def _off_centre_band_marks(draw_in_s: bool) -> dict[str, MarkReading]:
    """The strain boxes of row 8 of a second-set TEST page (damaged/page_0490.jpg, seed
    14), flattened: a circle round the H drawn wide and off centre to the right. Most of
    it runs over printed edges, so the H reads empty; its arc runs down the left half of
    the S, deeper than the strip the spill rule takes off, and fills the S to 0.225. With
    ``draw_in_s``, a cross of the S's own is drawn corner to corner over it."""
    if not draw_in_s:
        return band_marks("row_band_circle_off_centre.png", 8, STRAIN)
    strip, (x0, y0, x1, y1) = _band_and_box("row_band_circle_off_centre.png", 8, STRAIN, "S")
    cv2.line(strip, (x0 + 1, y0 + 1), (x1 - 2, y1 - 2), 40, 2)
    cv2.line(strip, (x1 - 2, y0 + 1), (x0 + 1, y1 - 2), 40, 2)
    return read_band(strip, 8, STRAIN)


def test_the_arc_of_an_off_centre_circle_round_the_next_box_is_no_certain_mark():
    """All the S's ink lies in its half facing the H, a stroke comes in from the H's side,
    and an ellipse round the H is followed over a fifth of its least covered quarter: the
    S may hold only the H's circle. It is unsure, naming the H. Read as marked, it made 4S
    by E +1 of a circled 4H by E +1 (both +650 for EW), and the row was accepted wrong.
    The H itself is the player's circle, drawn off centre: an ellipse round it centred
    within 1.6 mm of its centre is followed all round, and rule ``circled_off_centre``
    reads it circled (the S unsure only as its stroke); without that rule the H reads
    empty, the strain is not certain, and the row goes to a person."""
    marks = _off_centre_band_marks(draw_in_s=False)
    s = marks["S"]
    assert (s.state, s.how, s.neighbour) == (MarkState.UNSURE, "beside a circle", (STRAIN, "H"))
    assert 0.2 < s.fill <= 0.35
    assert (marks["H"].state, marks["H"].how) == (MarkState.MARKED, "circle")
    with rules_off("circled_off_centre"):
        assert _off_centre_band_marks(draw_in_s=False)["H"].state is not MarkState.MARKED


def test_a_cross_of_the_boxs_own_over_the_arc_stays_its_mark():
    """The same row with a cross drawn over the S from corner to corner: its ink reaches
    the S's far half, so it is the S's own mark, whatever runs round the H."""
    s = _off_centre_band_marks(draw_in_s=True)["S"]
    assert s.state is MarkState.MARKED


def _felt_circle_marks(erase_top: bool) -> dict[str, MarkReading]:
    """The strain boxes of row 7 of a sixth-set TEST page (phone/page_0416.jpg, seed 18),
    flattened: a black felt tip's circle round NT drawn off centre to the left, its side
    down the S (a fill of 0.367, over the 0.35 above which no neighbour rule looks). With
    ``erase_top``, the third of the circle above the row is painted out."""
    strip = stored_band("row_band_circle_off_centre_felt.png")
    if erase_top:
        strip[5:22, 655:705] = 255
    return read_band(strip, 7, STRAIN)


def test_strokes_round_every_side_of_a_box_that_the_circle_views_read_empty_leave_it_unsure():
    """The strips see nothing round NT (the circle is off centre), the rays see half of
    every sector with a gap of 40 degrees and an ellipse is followed over 0.667: read
    empty, NT let the S's 0.367 make 3S by S -1 of 3NT by S -1 (both -50), accepted. NT
    is unsure now, so the strain is not certain and the row goes to a person."""
    marks = _felt_circle_marks(erase_top=False)
    assert (marks["NT"].state, marks["NT"].how) == (MarkState.UNSURE, "circle")
    assert marks["S"].state is MarkState.MARKED


def test_a_circle_broken_over_a_third_of_the_way_round_leaves_the_box_empty():
    """The same row with the circle's top third painted out: the rays leave a gap far
    over 50 degrees, and NT reads empty, as a box with strokes on some sides only does."""
    assert _felt_circle_marks(erase_top=True)["NT"].state is MarkState.EMPTY


def test_a_piece_of_a_circle_skipping_inside_the_next_box_is_no_dot():
    """Damaged paper (seventh TEST set, damaged/page_0436.jpg row 8): a pale ballpoint
    circle round S drawn wide to the lower right skips just inside NT's left edge. The
    piece there, 0.52 mm^2 (0.5 by 1.4 mm), stood free inside the 0.7 mm edge band and
    was read as a certain dot: 1NT by E -1 accepted for 1S by E -1 (both +100). The rest
    of the arc lies 0.34 mm from it, so it is no dot, and NT is not marked."""
    marks = band_marks("row_band_circle_skipping_into_next_box.png", 8, STRAIN)
    assert marks["NT"].dot_mm2 < DOT_MARKED_ABOVE_MM2
    assert marks["NT"].state is not MarkState.MARKED


def test_a_felt_tip_arc_round_the_next_box_is_no_mark_of_a_box_it_crosses():
    """Clean scan (ninth TEST set, clean/page_0404.jpg row 5, no score written): a black
    felt tip's circle round the 1 of the result, drawn off centre to the upper left, runs
    down the left of the 2 and fills it to 0.311, over the 0.2 of a TRAINING pen's arc.
    The 1's circle is seen in part (rays 0.286 of every sector, a gap of 50 degrees, an
    ellipse followed over 0.667) and read empty, and the 2 marked for certain made 3NT+2
    of 3NT+1. The 2's ink is one stroke no longer than its side, coming in from the 1's
    side: it may be the 1's circle, so the 2 is unsure and a person looks."""
    marks = band_marks("row_band_circle_off_centre_felt_into_next_box.png", 5, RESULT_COUNT)
    assert (marks["2"].state, marks["2"].how) == (MarkState.UNSURE, "beside a circle")


def test_a_tight_circle_over_a_box_s_edges_beside_an_unsure_box_is_not_read_empty():
    """Clean scan (twelfth TEST set, seed 24, clean/page_0156.jpg row 10, 4SX by E -2
    with 300 written): a light gel circle round the 2 of the result runs over the 2's
    printed edges, bulging into the gap on its left only, so drawn ink lies beside one of
    its sides and no circle was looked for: the 2 read empty for certain. The bulge lies
    beside the 1 too, which read unsure on a circle (0.433), and 4SX-1 (+100) was accepted
    for 4SX-2 (+300). The rays round the 2 see strokes in 29% of every sector with no gap
    over 40 degrees: the strokes may be its circle, so it is unsure too, and a person
    says whose circle it is."""
    marks = band_marks("row_band_circle_tight_over_edges.png", 10, RESULT_COUNT)
    assert (marks["1"].state, marks["1"].how) == (MarkState.UNSURE, "circle")
    assert (marks["2"].state, marks["2"].how) == (MarkState.UNSURE, "circle")
    assert marks["3"].state is MarkState.EMPTY


def test_a_pale_circle_alone_in_its_field_that_follows_its_ellipse_is_certain():
    """TRAINING ordinary page_0020.jpg row 4: a pale pen (measured at 0.61 of a firm
    pen) circles NT. The strips and rays see it in bits (unsure, 0.489), the ellipse
    round NT is followed over 0.833 of every quarter, and no other box of the strain
    holds anything: nothing else can have drawn those strokes, and NT is circled for
    certain. Left unsure, it sent the row to a person wherever the score could not tell
    NT from another strain."""
    marks = band_marks("row_band_circle_pale_alone.png", 4, STRAIN)
    assert (marks["NT"].state, marks["NT"].how) == (MarkState.MARKED, "circle")
    assert all(marks[o].state is MarkState.EMPTY for o in ("C", "D", "H", "S"))


def test_a_pale_circle_beside_another_mark_of_its_field_stays_unsure():
    """The same row with a tick in C: the strain holds another mark, whose strokes (or a
    circle round it) may be what the ellipse round NT follows, so NT stays unsure and a
    person says which strain was bid."""
    strip, (x0, y0, x1, y1) = _band_and_box("row_band_circle_pale_alone.png", 4, STRAIN, "C")
    w, h = x1 - x0, y1 - y0
    tick = [(x0 + 2, y0 + h // 2 + 2), (x0 + w // 4, y1 - 2), ((x0 + x1) // 2 + 1, y0 + 3)]
    cv2.polylines(strip, [np.array(tick)], False, 40, 2)
    marks = read_band(strip, 4, STRAIN)
    assert marks["C"].state is MarkState.MARKED
    assert (marks["NT"].state, marks["NT"].how) == (MarkState.UNSURE, "circle")


def test_strokes_round_a_box_beside_its_field_s_circled_box_are_named_as_that_circle_s():
    """TRAINING ordinary page_0113.jpg row 7: + is circled for certain, and the circles
    round + and round the box left of = leave strokes on both sides of =, which the
    strips and rays read unsure (0.433). A field has one mark: the strokes may be the
    circle round +'s, so = stays unsure and names + as the box whose stroke its ink may
    be; a reading that uses + explains it (``unexplained_unsure``)."""
    marks = band_marks("row_band_circle_beside_field_circle.png", 7, RESULT_SIGN)
    assert (marks["+"].state, marks["+"].how) == (MarkState.MARKED, "circle")
    eq = marks["="]
    assert (eq.state, eq.how, eq.neighbour) == (
        MarkState.UNSURE,
        "beside a circle",
        (RESULT_SIGN, "+"),
    )
    assert unexplained_unsure({RESULT_SIGN: list(marks.values())}, {RESULT_SIGN: "+"}) == []


def test_a_box_the_strips_alone_circle_beside_its_field_s_circle_is_named_as_that_circle_s():
    """TRAINING dirty glass 24680, page_0001.jpg row 7 (2S by W +1, 140 written): W is
    circled (0.767), and the ring round EW in the row's lower line lies under S. S holds
    no ink; its strips see W's arc on one side and EW's ring on the other, two bins of
    six on two opposite sides, and read alone circle it (0.517), where the three views
    read 0.28 and no ellipse round S is followed over 0.70. A circle leaves the box it
    rings clean, so S was the field's only fill and kept that ring, and the row went to
    a person ("declarer S marked, which the reading does not use"). Beside W, circled
    for certain, S is unsure and names W (rule ``strips_alone_beside_circle``): the
    reading by W explains it."""
    marks = band_marks("row_band_strips_alone_beside_circle.png", 7, DECLARER)
    assert (marks["W"].state, marks["W"].how) == (MarkState.MARKED, "circle")
    s = marks["S"]
    assert (s.state, s.how, s.neighbour) == (MarkState.UNSURE, "beside a circle", (DECLARER, "W"))
    assert unexplained_unsure({DECLARER: list(marks.values())}, {DECLARER: "W"}) == []
    with rules_off("strips_alone_beside_circle"):
        before = band_marks("row_band_strips_alone_beside_circle.png", 7, DECLARER)
    assert (before["S"].state, before["S"].how) == (MarkState.MARKED, "circle")


def test_a_count_the_strips_alone_circle_beside_a_contract_made_exactly_is_unsure():
    """TRAINING seed 13 damaged, page_0004.jpg row 9 (1D by East =, 70 written): "=" is
    filled (0.48), "+" and "-" are empty, and count 5 holds a thin fill (0.073) with
    strokes by two opposite sides that the strips read alone circle (0.517), no ellipse
    round it. A contract made exactly marks no count, so the ring is no field's only mark:
    5 is unsure on it, for the written score to settle, where it stood marked and sent the
    row to a person ("result_count 5 marked, which the reading does not use")."""
    band = "row_band_count_ring_strips_alone_made.png"
    sign = band_marks(band, 9, RESULT_SIGN)
    assert [o for o, m in sign.items() if m.state is not MarkState.EMPTY] == ["="]
    five = band_marks(band, 9, RESULT_COUNT)["5"]
    assert (five.state, five.how, five.neighbour) == (MarkState.UNSURE, "circle", None)
    with rules_off("strips_alone_beside_circle"):
        before = band_marks(band, 9, RESULT_COUNT)["5"]
    assert (before.state, before.how) == (MarkState.MARKED, "circle")


def test_strips_sure_only_just_round_a_box_no_ellipse_follows_leave_it_unsure():
    """Ordinary scan (fourteenth TEST set, seed 26, ordinary/page_0372.jpg row 2, 3D by N
    -1 with 100 written): a pale cross in the 3 fills it to 0.097 (unsure). The 4 beside
    it has drawn ink beside every side that is not its own: the 3's cross on its left,
    the crosses of the row's lower line under it, the row above's circles over its top.
    The strips read it 0.5, sure only just, and until the nineteenth round that made it
    circled for certain with no other view asked; the spill rule took the 3's cross for
    the 4's stroke and emptied it, and 4D by N -1 (also -100) was accepted. No ellipse
    round the 4 is followed over a third of every quarter: it is unsure, no box of the
    level is marked for certain, and a person says which level was bid."""
    marks = band_marks("row_band_strips_between_neighbours_marks.png", 2, LEVEL)
    assert (marks["4"].state, marks["4"].how) == (MarkState.UNSURE, "circle")
    assert not any(m.state is MarkState.MARKED for m in marks.values())


def test_a_ring_sure_only_just_and_doubted_is_still_a_ring_to_its_neighbours():
    """Damaged paper (eleventh TEST set, seed 23, damaged/page_0459.jpg row 11, 5S by W -1
    with 50 written): a tick in the 5; the 4 beside it reads circled (the row above's
    ticks over its top, the tick on its right, the rings of the line below under it).
    The 1 of the result is ringed, and its strips read 0.5 with the ellipse followed
    under 0.70: it is unsure. Asked before the neighbour rules, that doubt made the 1 a
    neighbour "not marked", whose circle's stroke the 5's tick might be: the 5 read
    unsure, named the 1, a reading using the 1 explained it, and 4S by W -1 (also +50)
    was accepted. The neighbour rules see the 1 as its strips read it, so the 5 keeps
    its tick, two boxes of the level are marked, and a person looks."""
    level = band_marks("row_band_strips_ring_under_a_tick.png", 11, LEVEL)
    assert (level["5"].state, level["5"].how) == (MarkState.MARKED, "fill")
    assert level["4"].state is MarkState.MARKED
    count = band_marks("row_band_strips_ring_under_a_tick.png", 11, RESULT_COUNT)
    assert (count["1"].state, count["1"].how) == (MarkState.UNSURE, "circle")


def test_strips_sure_only_just_round_a_box_between_circles_read_without_them():
    """TRAINING ordinary page_0118.jpg row 5, 5C by W =: S has W's circle on its right,
    EW's circle under it and the row above's over its top; its strips read 0.5, sure only
    just, but no ellipse round S is followed at all (0.0). W is circled for certain, so
    the strokes round S are its neighbours' and S is read empty (it read circled for
    certain, and the row went to a person with two declarers)."""
    marks = band_marks("row_band_strips_between_circles.png", 5, DECLARER)
    assert (marks["W"].state, marks["W"].how) == (MarkState.MARKED, "circle")
    assert all(marks[o].state is MarkState.EMPTY for o in ("N", "E", "S"))


def test_a_circle_the_strips_see_only_just_stays_certain_where_its_ellipse_is_followed():
    """TRAINING ordinary page_0005.jpg row 1: the 2 of the level is circled, and the
    strips see the circle over half the bins of its least covered side only (0.5); the
    ellipse round it is followed all round (1.0), so it is circled for certain."""
    marks = band_marks("row_band_strips_circle_only_just.png", 1, LEVEL)
    assert (marks["2"].state, marks["2"].how) == (MarkState.MARKED, "circle")
    assert all(marks[o].state is MarkState.EMPTY for o in ("1", "3", "4", "5", "6", "7"))


@pytest.mark.parametrize(("width", "length"), [(3, 15.521), (5, 15.0), (7, 14.0)])
def test_a_stroke_s_length_does_not_grow_with_its_width(width, length):
    """A stroke 18 px long, 3, 5 or 7 px wide: its contour (through the edge pixels'
    centres) is 2 x ((18 - 1) + (w - 1)) = 38, 42, 46 px round and it covers 54, 90, 126
    px. Half the perimeter (19, 21, 23) grows with the pen; the long side of the
    rectangle with that area and perimeter, (h + sqrt(h^2 - 4A)) / 2 with h half the
    perimeter, is (19 + sqrt(145)) / 2 = 15.521, (21 + 9) / 2 = 15 and (23 + 5) / 2 = 14:
    about the same whatever the pen."""
    mask = np.zeros((30, 30), bool)
    mask[5 : 5 + 18, 10 : 10 + width] = True
    assert stroke_length(mask) == pytest.approx(length, abs=1e-3)


def test_the_printed_pixels_from_counts_of_edge_and_hairline_samples():
    # Edges 3 px across and hairlines 1 px, the mask 2 px wide: an edge sample stands for
    # 1.5 solid pixels, a hairline sample for 0.5. Two edge samples: 3.0; three hairline
    # samples: 1.5; one of each: 2.0.
    got = _printed_px(np.array([2, 0, 1]), np.array([0, 3, 1]), (3.0, 1.0, 2.0))
    assert got.tolist() == [3.0, 1.5, 2.0]
    lines = np.array([[EDGE, 0, HAIRLINE], [EDGE, HAIRLINE, HAIRLINE]], np.uint8)
    assert printed_across(lines, (3.0, 1.0, 2.0), axis=1).tolist() == [2.0, 2.5]


def _rays_centre_by_centre(ink, lines, box, widths):
    """What ``rays`` sees, each of the nine centres' samples worked out whole and the
    printed pixels counted by ``printed_across`` (the reader's arithmetic before the
    centres were read as three rows of three)."""
    x0, y0, x1, y1 = box
    ys, xs, valid = _samples((x1 - x0) / 2, (y1 - y0) / 2, S)
    h, w = ink.shape
    offsets = _offsets(round(_CENTRE_PLAY_MM * S))
    cy = np.rint(ys[None] + ((y0 + y1) / 2 + offsets[:, 0])[:, None, None]).astype(np.intp)
    cx = np.rint(xs[None] + ((x0 + x1) / 2 + offsets[:, 1])[:, None, None]).astype(np.intp)
    at = np.clip(cy, 0, h - 1) * w + np.clip(cx, 0, w - 1)
    printed = np.where(valid, lines.ravel().take(at), 0)
    extra = (ink.ravel().take(at) & valid).sum(axis=2) - printed_across(printed, widths, axis=2)
    hit = extra >= THICKER_PX
    bridged = hit | (hit[:, _BEFORE] & hit[:, _AFTER])
    cover = (bridged.astype(np.float64) @ _SECTOR_MATRIX) / _SECTOR_RAYS
    return float(cover.min(axis=1).max()), _widest_gap(bridged)


@settings(max_examples=draws(40), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    dx=st.integers(-20, 150),
    dy=st.integers(-20, 100),
    share=st.floats(0.0, 0.4),
    wide=st.booleans(),
)
def test_the_rays_read_the_centres_as_three_rows_of_three_as_one_by_one(seed, dx, dy, share, wide):
    """Wherever the box lies (its rays running off the band too) and whatever ink and
    printed edges and hairlines lie round it, the rays see what the nine centres worked
    out one by one see; so too with the form's lines in a wider type (counted apart), and
    with lines that never change, whose printed samples are counted once."""
    from ocr.mark_geometry import _KEPT

    rng = np.random.default_rng(seed)
    ink = rng.random((110, 160)) < share
    lines = rng.choice(np.array([0, EDGE, HAIRLINE], np.uint8), size=(110, 160), p=[0.8, 0.1, 0.1])
    box = (dx, dy, dx + 27, dy + 27)
    widths = (2.0, 1.0, 2.0)
    want = _rays_centre_by_centre(ink, lines, box, widths)
    assert tuple(rays(ink, lines, box, S, widths).__dict__.values()) == want
    if wide:
        got = rays(ink, lines.astype(np.int32), box, S, widths)
        assert tuple(got.__dict__.values()) == want
    # Read-only lines (a row's, as ``printed_at`` keeps them): the box's printed samples
    # counted once and kept, read with this ink and then another page's.
    lines.flags.writeable = False
    for page_ink in (ink, rng.random((110, 160)) < share):
        want = _rays_centre_by_centre(page_ink, lines, box, widths)
        assert tuple(rays(page_ink, lines, box, S, widths).__dict__.values()) == want
    assert _KEPT[(id(lines), ("rays", box, S))][0] is lines


def _cover_strip_by_strip(outside, lines, widths, px):
    """``ring_cover`` as the reader worked it before the printed pixels were kept: each
    strip's ink less ``printed_across`` of its lines (``extra_ink``), strip by strip."""
    from ocr.row_circles import SIDE_BINS, extra_ink, side_strips

    worst = 1.0
    for k, strip in enumerate(side_strips(px, outside.shape, S)):
        hit = extra_ink(outside, lines, widths, strip, k) >= THICKER_PX
        bins = np.maximum.reduceat(hit, (np.arange(SIDE_BINS) * len(hit)) // SIDE_BINS)
        bridged = bins.copy()
        bridged[1:-1] |= bins[:-2] & bins[2:]
        worst = min(worst, int(bridged.sum()) / len(bridged))
    return worst


@settings(max_examples=draws(40), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dx=st.integers(0, 130), dy=st.integers(0, 80))
def test_the_strips_over_lines_that_never_change_read_as_strip_by_strip(seed, dx, dy):
    """``ring_cover`` counts the printed pixels across a box's strips once for read-only
    lines and keeps them: the same cover as each strip's ink less ``printed_across``,
    page after page (two inks on the same lines), and as for writeable lines."""
    from ocr.mark_geometry import _KEPT
    from ocr.row_circles import ring_cover

    rng = np.random.default_rng(seed)
    lines = rng.choice(np.array([0, EDGE, HAIRLINE], np.uint8), size=(110, 160), p=[0.8, 0.1, 0.1])
    kept = lines.copy()
    kept.flags.writeable = False
    px = (dx, dy, dx + 27, dy + 27)
    for share in (0.2, 0.5):
        ink = rng.random((110, 160)) < share
        want = _cover_strip_by_strip(ink, lines, WIDTHS, px)
        assert ring_cover(ink, kept, WIDTHS, px, S) == want
        assert ring_cover(ink, lines, WIDTHS, px, S) == want
    assert _KEPT[(id(kept), ("ring", px, S))][0] is kept
    # A box past the band's right edge: its right strip holds no pixel across, and the
    # strips are read as their slices take them (as on ink and lines of two shapes).
    past = (dx + 20, dy, 175, dy + 27)
    ink = rng.random((110, 160)) < 0.3
    want = _cover_strip_by_strip(ink, lines, WIDTHS, past)
    assert ring_cover(ink, kept, WIDTHS, past, S) == want
    assert _KEPT[(id(kept), ("ring", past, S))][1] is None
    narrower = ink[:, :-1]
    assert ring_cover(narrower, kept, WIDTHS, px, S) == _cover_strip_by_strip(
        narrower, lines, WIDTHS, px
    )
