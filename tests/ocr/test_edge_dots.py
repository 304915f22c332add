"""ocr/edge_dots.py: a pen dot on a box's printed edge leaves the box unsure (the box the
dot lies in, or every box it is near where it lies between them)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ocr.edge_dots import EdgeDot, dots_on_edges, on_line_blobs, unsure_where_dotted
from ocr.layout import DECLARER, DOUBLING, LEVEL, STRAIN, load_layout
from ocr.mark_rules import rules_off
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import MarkState, mark_reading
from ocr.page_dust import NO_DUST
from tests.ocr.bands import band_marks
from tests.ocr.test_dust_rules import DUSTY, _read_row
from tests.ocr.test_marks import _fresh

S = 150 / 25.4  # px per mm at the working resolution
# Two 4.5 mm boxes (27 px) 1 mm (6 px) apart, and a third 4 mm further on.
BOXES = np.array([(40, 40, 67, 67), (73, 40, 100, 67), (124, 40, 151, 67)])
NOT_CIRCLED = np.zeros(3, bool)
OWN, CENTRE = MARK_SETTINGS.edge_dot_own_share, MARK_SETTINGS.edge_dot_centre_mm


def _dots_with(
    draw,
    circled: np.ndarray = NOT_CIRCLED,
    dust=None,
    off_line_mm2: float = MARK_SETTINGS.edge_dot_least_mm2,
) -> tuple[EdgeDot, ...]:
    """The dots on edges a drawing (``draw(ink)``, 1 for ink) on the printed form makes:
    the edges print 2 px across, the mask of the lines is 4 px. ``dust``: a drawing of
    the pieces the page's dust would take (``dust(mask)``), drawn on the page too.
    ``off_line_mm2``: the drawn ink off the lines a dot across an edge leaves at least."""
    lines = np.zeros((110, 200), np.uint8)
    for x0, y0, x1, y1 in BOXES.tolist():
        cv2.rectangle(lines, (x0, y0), (x1 - 1, y1 - 1), 1, 1)
        cv2.rectangle(lines, (x0 + 1, y0 + 1), (x1 - 2, y1 - 2), 1, 1)
    ink = lines.copy()
    draw(ink)
    specks = np.zeros_like(ink)
    if dust is not None:
        dust(specks)
        ink |= specks
    printed = cv2.dilate(lines, np.ones((3, 3), np.uint8)) > 0
    solid = ink > 0
    drawn = solid & ~printed
    without_dust = None if dust is None else (lambda: drawn & ~(specks > 0))
    return dots_on_edges(solid, drawn, printed, BOXES, circled, S, 4.0, without_dust, off_line_mm2)


def _edges_with(draw, circled: np.ndarray = NOT_CIRCLED) -> list[bool]:
    """Which of the three empty boxes the rule reads unsure for a drawing."""
    empty = [mark_reading(str(i), 0.0, 0.0, 0.0) for i in range(len(BOXES))]
    read = unsure_where_dotted(empty, _dots_with(draw, circled), MARK_SETTINGS)
    return [r.state is MarkState.UNSURE for r in read]


def test_a_dot_on_a_box_s_right_edge_is_that_box_s_and_not_the_next_one_s():
    """A dot 1.5 mm across centred on the first box's right edge: the mask takes its
    middle and leaves slivers either side, which joined across the line are a dot. The
    next box is 1 mm away, the dot 0.2 mm from it, within 0.5 mm: near it, but the dot
    lies in the first box and the gap's half by it. The third box is far."""
    (dot,) = _dots_with(lambda ink: cv2.circle(ink, (66, 50), 4, 1, -1))
    assert dot.near == (True, True, False)
    assert dot.owner(OWN, CENTRE) == 0
    assert _edges_with(lambda ink: cv2.circle(ink, (66, 50), 4, 1, -1)) == [True, False, False]


def test_a_dot_s_ink_is_shared_among_the_boxes_it_lies_nearest():
    """A square dot 8 px across (x 63-70, y 46-53) over the first box's right edge (its
    printed rectangle ends at x 67; the second box starts at 73, the gap 6 px). By pixel
    centre: x 63-66 lie inside the first box; 67, 68 and 69 are 0.5, 1.5 and 2.5 px from
    it and 5.5, 4.5 and 3.5 from the second; 70 is 3.5 from the first, 2.5 from the second.
    Seven columns of eight are the first box's: 0.875, the second's 0.125. Its centre (x
    67, the middle of 63-71) lies on the first box's edge (0 mm) and 6 px (1.016 mm) from
    the second box: by its centre it is the first box's at any share."""
    (dot,) = _dots_with(lambda ink: cv2.rectangle(ink, (63, 46), (70, 53), 1, -1))
    assert dot.share == pytest.approx((0.875, 0.125, 0.0))
    assert dot.centre_mm[:2] == pytest.approx((0.0, 6 / S))
    assert dot.inside == (True, False, False)  # (on the edge: the rectangle's own)
    by_share = EdgeDot(dot.near, dot.share, dot.px)  # no centres: the shares alone
    assert by_share.owner(0.875, CENTRE) == 0 and by_share.owner(0.876, CENTRE) is None
    assert dot.owner(0.876, CENTRE) == 0


def test_a_large_dot_centred_on_a_box_s_edge_is_that_box_s_though_it_spills_over_the_gap():
    """A dot 12 px wide (x 61-72, y 46-53) over the first box's right edge and across the
    gap up to the second box's edge: joined across the second box's line (x 73, 74) it is
    14 columns, x 61-74. Columns 61-66 lie inside the first box, 67-69 nearer it (9 of 14,
    0.643, under ``edge_dot_own_share``), 70-72 nearer the second, 73-74 inside it (0.357).
    By shares alone nobody could say whose it is and both boxes were unsure. Its centre (x
    68, the middle of 61-75) lies 1 px (0.169 mm) outside the first box's printed rectangle
    (x 40-67), within ``edge_dot_centre_mm``, and 5 px (0.847 mm) from the second's: a pen
    put on the first box's edge, large enough to spill over the middle of the gap
    (TRAINING noisy seed 13 page_0007.jpg row 1, level 2: 0.62 of its ink by 2, its centre
    0.17 mm from 2's edge). Only the first box is unsure."""

    def draw(ink):
        cv2.rectangle(ink, (61, 46), (72, 53), 1, -1)

    (dot,) = _dots_with(draw)
    assert dot.px == (61, 46, 75, 54)
    assert dot.share == pytest.approx((9 / 14, 5 / 14, 0.0))
    assert dot.centre_mm[:2] == pytest.approx((1 / S, 5 / S))
    assert dot.inside == (False, False, False)  # (in the gap)
    assert dot.owner(OWN, CENTRE) == 0
    assert _edges_with(draw) == [True, False, False]


def test_a_dot_on_the_gap_between_two_boxes_is_either_s():
    """The same square moved to the middle of the gap (x 66-73): x 66 lies in the first
    box, 67-69 nearer it; 70-72 nearer the second, 73 in it. Half each: nobody can tell
    whose dot it is, and both boxes are unsure; its centre lies 0.508 mm from both edges."""
    (dot,) = _dots_with(lambda ink: cv2.rectangle(ink, (66, 46), (73, 53), 1, -1))
    assert dot.share == pytest.approx((0.5, 0.5, 0.0))
    assert dot.centre_mm[:2] == pytest.approx((3 / S, 3 / S))  # (x 70: 0.508 mm from each)
    assert dot.owner(OWN, CENTRE) is None
    assert _edges_with(lambda ink: cv2.rectangle(ink, (66, 46), (73, 53), 1, -1)) == [
        True,
        True,
        False,
    ]


def test_a_dot_on_a_box_s_corner_is_that_box_s():
    assert _edges_with(lambda ink: cv2.circle(ink, (125, 66), 4, 1, -1)) == [False, False, True]


def test_nothing_but_the_printed_form_is_no_dot():
    assert _edges_with(lambda ink: None) == [False, False, False]


@pytest.mark.parametrize(
    "draw",
    [
        # A pen stroke across the first box's right edge, as a neighbour's cross runs out.
        lambda ink: cv2.line(ink, (55, 30), (85, 75), 1, 2),
        # A stroke along the third box's top edge, half on it: a circle's arc.
        lambda ink: cv2.line(ink, (118, 39), (157, 38), 1, 2),
        # A dot 0.5 mm across on an edge: no wider than a stroke over a line.
        lambda ink: cv2.circle(ink, (66, 50), 1, 1, -1),
        # A dot 1.5 mm across 0.8 mm inside the first box's edge: the box's own (ocr.dots).
        lambda ink: cv2.circle(ink, (55, 53), 4, 1, -1),
        # A cross's arm run down along the first box's right edge, on the line, and on
        # 1 mm past its lower corner (TEST ordinary scans): the piece past the corner.
        lambda ink: cv2.line(ink, (66, 50), (67, 72), 1, 2),
        # A scribble 3 mm across run out of the first box over its right edge.
        lambda ink: cv2.rectangle(ink, (52, 45), (69, 62), 1, -1),
        # A dot on the edge beside a stroke 1 mm away: a piece of a stroke the mask
        # broke, whose rest is beside it.
        lambda ink: (cv2.circle(ink, (66, 50), 4, 1, -1), cv2.line(ink, (76, 45), (76, 62), 1, 2)),
    ],
    ids=[
        "stroke-across",
        "arc-along",
        "speck",
        "inside",
        "past-a-corner",
        "scribble",
        "beside-a-stroke",
    ],
)
def test_strokes_and_specks_on_edges_are_no_dot(draw):
    assert _edges_with(draw) == [False, False, False]


def _dot_on_the_right_edge(ink: np.ndarray) -> None:
    """A dot 1.5 mm across (x 62-70, y 46-54) centred on the first box's right edge."""
    cv2.circle(ink, (66, 50), 4, 1, -1)


def _speck_below_it(ink: np.ndarray) -> None:
    """A speck of 2 x 2 px (0.11 mm^2) inside the first box at x 57-58, y 57-58: 3 px
    left of the dot's bounding box and 2 px below it, within the 6 px (1 mm) a dot stands
    alone by."""
    ink[57:59, 57:59] = 1


def test_a_dot_with_a_speck_beside_it_is_no_dot_on_a_clean_page():
    """Without the page's dust to ask, the speck is ink within 1 mm: the dot does not
    stand alone (a piece of a stroke the mask broke has the rest beside it)."""
    assert _dots_with(lambda ink: (_dot_on_the_right_edge(ink), _speck_below_it(ink))) == ()


def test_a_dot_with_only_the_page_s_specks_beside_it_stands_alone_on_a_dusty_page():
    """On a dusty page the speck is one of the pieces the page's dust takes: without it
    nothing lies within 1 mm of the dot, which is the first box's (issue 43, dirty43:
    TRAINING's dirty glass, page_0007 row 8, a dot on the "+" box's corner so)."""
    (dot,) = _dots_with(_dot_on_the_right_edge, dust=_speck_below_it)
    assert dot.owner(OWN, CENTRE) == 0


def test_a_dot_beside_a_stroke_is_no_dot_on_a_dusty_page_either():
    """A stroke 1 mm away is no speck (the page's dust leaves it): the dot beside it is
    still a piece of a stroke."""

    def stroke_and_dot(ink: np.ndarray) -> None:
        _dot_on_the_right_edge(ink)
        cv2.line(ink, (76, 45), (76, 62), 1, 2)

    assert _dots_with(stroke_and_dot, dust=lambda specks: None) == ()


def test_a_blob_where_a_circle_round_a_box_runs_is_a_piece_of_its_stroke():
    """The same dot as above, with the second box read on a circle round it: a pale
    circle broken where it crosses the printed lines leaves such blobs, and where a
    circle was read they are its stroke."""
    circled = np.array([False, True, False])
    assert _edges_with(lambda ink: cv2.circle(ink, (66, 50), 4, 1, -1), circled) == [False] * 3


def test_a_dot_on_an_edge_of_x_with_no_score_written_is_not_read_empty():
    """Phone photo (thirteenth TEST set, seed 25, phone/page_0282.jpg row 2, 2HX by S +1
    with no score written): a red gel dot sits on the right edge of X. The mask of the
    form's lines takes its middle; 0.012 of fill is left, X read empty for certain, and
    2H by S +1 was accepted. Joined across the line, the slivers are a dot 2.0 px
    (0.68 mm) thick standing alone: X is unsure and a person looks."""
    marks = band_marks("row_band_dot_on_edge_phone.png", 2, DOUBLING)
    assert (marks["X"].state, marks["X"].how) == (MarkState.UNSURE, "dot")
    assert marks["XX"].state is MarkState.EMPTY


def test_a_dot_on_the_corner_of_x_is_not_read_empty():
    """TRAINING damaged page_0005.jpg row 10: the dot for X put on its lower right corner,
    most of it outside the box (fill 0.000); 0.935 of it lies nearer X than any other box
    (0.065 nearer the result box below): X is unsure, XX as read."""
    marks = band_marks("row_band_dot_on_corner.png", 10, DOUBLING)
    assert (marks["X"].state, marks["X"].how) == (MarkState.UNSURE, "dot")
    assert marks["XX"].state is MarkState.EMPTY


def test_a_dot_in_one_box_leaves_the_next_box_as_it_was_read():
    """TRAINING clean page_0003.jpg row 3: the dot for level 4 on 4's right edge, 0.2 mm
    from level 5 (0.896 of it nearer 4): 4 is unsure by it, 5 is empty (it was unsure,
    with 4, before the dot was given to the box it lies in). Read without rule
    ``edge_dot_rivals``, which reads 4 marked where the other levels hold no ink
    (tests/ocr/test_edge_dot_rivals.py)."""
    with rules_off("edge_dot_rivals"):
        marks = band_marks("row_band_dot_on_edge_owned.png", 3, LEVEL)
    assert (marks["4"].state, marks["4"].how) == (MarkState.UNSURE, "dot")
    assert marks["5"].state is MarkState.EMPTY and marks["3"].state is MarkState.EMPTY


def test_a_dot_between_two_boxes_leaves_both_unsure():
    """TRAINING clean page_0002.jpg row 9: the dot for declarer S put in the gap between S
    and W, 0.53 of it nearer S, 0.47 nearer W: whose dot it is is for a person."""
    marks = band_marks("row_band_dot_between_boxes.png", 9, DECLARER)
    assert (marks["S"].state, marks["S"].how) == (MarkState.UNSURE, "dot")
    assert (marks["W"].state, marks["W"].how) == (MarkState.UNSURE, "dot")


def test_a_box_with_ink_of_its_own_keeps_its_reading_under_a_dot_on_its_edge():
    """A box unsure by its own fill (0.07, a faint tick) is read by that ink, not by the
    dot on its edge; an empty box the dot lies in is unsure by it (0.275 mm^2, the middle
    of a dot's unsure band), the one it is only near stays empty."""
    faint = mark_reading("0", 0.07, 0.0, 0.0)
    assert faint.state is MarkState.UNSURE and faint.how == "fill"
    dot = EdgeDot((True, True, False), (0.875, 0.125, 0.0))
    empty = [mark_reading(str(i), 0.0, 0.0, 0.0) for i in range(3)]
    assert unsure_where_dotted([faint, *empty[1:]], (dot,), MARK_SETTINGS)[0] == faint
    read = unsure_where_dotted(empty, (dot,), MARK_SETTINGS)
    assert [(r.state, r.dot_mm2) for r in read] == [
        (MarkState.UNSURE, 0.275),
        (MarkState.EMPTY, 0.0),
        (MarkState.EMPTY, 0.0),
    ]


def _dot_on_level_3_s_edge(speck: bool, radius_px: int = 6, inside_px: int = 1) -> np.ndarray:
    """Row 1 of the form with heart marked by a fill (the row holds a mark) and a pen dot
    2.2 mm across (a disc of radius ``radius_px``, 6 px at 150 dpi) centred ``inside_px``
    (1) inside level 3's right edge: 0.73 of its ink lies nearest level 3, and joined
    across the line its middle lies on the edge itself. With ``speck``, a speck of 2 x 2 px
    (0.11 mm^2) inside level 3, 3 px left of the dot's bounding box and 2 px below it:
    within the 1 mm (6 px) a dot stands alone by."""
    page = _fresh()
    layout = load_layout()
    box = layout.box(1, LEVEL, "3")
    ex, my = round((box.x + box.width) * S), round((box.y + box.height / 2) * S)
    cv2.circle(page, (ex - inside_px, my), radius_px, 0.05, -1)
    if speck:
        page[my + 9 : my + 11, ex - 11 : ex - 9] = 0.05
    heart = layout.box(1, "strain", "H")
    x0, y0 = round(heart.x * S) + 4, round(heart.y * S) + 4
    page[y0 : y0 + 18, x0 : x0 + 18] = 0.05
    return page


def test_a_dot_on_an_edge_with_a_speck_beside_it_is_read_unsure_on_a_dusty_page():
    """Issue 43, dirty43 (TRAINING's dirty glass: page_0007 row 8, a dot on the "+" box's
    corner with the page's specks within 1 mm, read empty). On a page whose dust was not
    measured the speck may be the rest of a stroke, and level 3 reads empty; on a dusty
    page (margins holding specks of 0.35 mm^2: the speck is the page's dust) the dot
    stands alone, level 3 is unsure by it, and ``dusty_edges`` keeps it (the dot is no
    speck). Without the speck, the dot is found either way. (Read without the last rule,
    ``clean_rivals``: the dot is the level's only ink, and on a dusty page that rule then
    reads it marked, ``tests/ocr/test_clean_rivals.py``; nor ``edge_dot_rivals``, which
    does so on a page that is not dusty, ``tests/ocr/test_edge_dot_rivals.py``.)"""
    with_speck = _dot_on_level_3_s_edge(speck=True)
    with rules_off("clean_rivals", "edge_dot_rivals"):
        clean, dusty = _read_row(with_speck, NO_DUST), _read_row(with_speck, DUSTY)
        alone = _dot_on_level_3_s_edge(speck=False)
        alone_read = [_read_row(alone, dust) for dust in (NO_DUST, DUSTY)]
    assert clean[LEVEL, "3"].state is MarkState.EMPTY
    assert (dusty[LEVEL, "3"].state, dusty[LEVEL, "3"].how) == (MarkState.UNSURE, "dot")
    assert dusty[LEVEL, "4"].state is MarkState.EMPTY
    for read in alone_read:
        assert read[LEVEL, "3"].state is MarkState.UNSURE


def _blob_across_a_line() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A 12 x 12 band whose printed line's mask is rows 4 and 5, and a blob of solid ink
    rows 3-6, columns 2-4, across it: drawn ink (off the mask) rows 3 and 6, 6 px; on the
    line, beside that ink across it, rows 4-5, 6 px. A speck of 2 px off the line, row 9."""
    printed = np.zeros((12, 12), bool)
    printed[4:6] = True
    solid = np.zeros((12, 12), bool)
    solid[4:6] = True  # the printed line itself
    solid[3:7, 2:5] = True
    solid[9, 8:10] = True
    return solid, solid & ~printed, printed


@pytest.mark.parametrize(("least_px", "kept"), [(12, 12), (13, 0)])
def test_a_blob_on_a_line_is_its_drawn_ink_and_the_line_beside_it(least_px, kept):
    """The blob joined across the line is 12 px (6 drawn, 6 on the line; the line's other
    pixels have no drawn ink beside them across it, only along it): kept from 12 px, not
    from 13; the speck off the line never."""
    solid, drawn, printed = _blob_across_a_line()
    found = on_line_blobs(solid, drawn, printed, 1.0, least_px)
    assert int(found.sum()) == kept
    assert not found[9].any()
    if kept:
        assert found[3:7, 2:5].all()


def test_a_dot_says_where_it_lies():
    """The square dot 8 px across over the first box's right edge (x 63-70, y 46-53): its
    slivers joined across the line are those eight columns of those eight rows, so it lies
    at (63, 46)-(71, 54) (ends excluded), where rule ``clean_rivals`` takes it for the
    owner's ink."""
    (dot,) = _dots_with(lambda ink: cv2.rectangle(ink, (63, 46), (70, 53), 1, -1))
    assert dot.px == (63, 46, 71, 54)


@pytest.mark.parametrize(
    ("x0", "across"),
    [(63, True), (64, False)],
    ids=["across-the-edge", "one-side"],
)
def test_a_dot_with_little_ink_off_the_line_is_one_only_across_an_edge(x0, across):
    """A blob 6 x 4 px (1.0 x 0.68 mm) over the first box's right edge, whose mask is
    columns 64-67: from x 63, one column of it lies inside the box (4 px) and one in the
    gap (4 px), 8 px (0.23 mm^2) off the lines across the edge, as a pen put on the line
    leaves; from x 64, both columns lie in the gap, as a stroke ending on the line. Under
    ``edge_dot_least_mm2`` (0.25) neither is a dot; at ``edge_dot_off_line_mm2`` (0.10)
    only the one across the edge is, the first box's."""
    assert MARK_SETTINGS.edge_dot_off_line_mm2 < 8 / S**2 < MARK_SETTINGS.edge_dot_least_mm2

    def draw(ink):
        cv2.rectangle(ink, (x0, 48), (x0 + 5, 51), 1, -1)

    assert _dots_with(draw) == ()
    found = _dots_with(draw, off_line_mm2=MARK_SETTINGS.edge_dot_off_line_mm2)
    assert [dot.owner(OWN, CENTRE) for dot in found] == ([0] if across else [])


def _blob_on_level_3_s_right_edge(left_px: int, right_px: int) -> np.ndarray:
    """Row 1 of the form with heart marked by a fill (the row holds a mark) and a blob of
    ink 4 px tall from ``left_px`` left of level 3's right edge to ``right_px`` right of it
    (that edge's pixel column at 150 dpi)."""
    page = _fresh()
    layout = load_layout()
    box = layout.box(1, LEVEL, "3")
    ex, my = round((box.x + box.width) * S), round((box.y + box.height / 2) * S)
    page[my - 2 : my + 2, ex - left_px : ex + right_px] = 0.05
    heart = layout.box(1, STRAIN, "H")
    x0, y0 = round(heart.x * S) + 4, round(heart.y * S) + 4
    page[y0 : y0 + 18, x0 : x0 + 18] = 0.05
    return page


def test_a_pen_put_on_an_edge_is_found_where_the_page_is_not_dusty():
    """Issue 43: a dot 7 x 4 px (1.2 x 0.68 mm) centred on level 3's right edge; joined
    across the line it is 28 px, 20 of them under the mask of the lines, 8 (0.23 mm^2) off
    it on both sides. On a page that is not dusty it is a dot, and level 3 is unsure by
    it; on a dusty page, whose specks settle on the lines, it asks 0.25 mm^2 as before,
    and level 3 reads empty. The same ink 1 px left to 5 px right of the edge leaves 4 px
    (0.11 mm^2) off the lines, all in the gap: a stroke's end, no dot either way. (Read
    without ``clean_rivals`` and ``edge_dot_rivals``, which weigh a lone unsure box
    further.)"""
    across = _blob_on_level_3_s_right_edge(3, 4)
    one_side = _blob_on_level_3_s_right_edge(-1, 5)
    with rules_off("clean_rivals", "edge_dot_rivals"):
        clean, dusty = _read_row(across, NO_DUST), _read_row(across, DUSTY)
        stroke_end = _read_row(one_side, NO_DUST)
    assert (clean[LEVEL, "3"].state, clean[LEVEL, "3"].how) == (MarkState.UNSURE, "dot")
    assert clean[LEVEL, "4"].state is MarkState.EMPTY
    assert dusty[LEVEL, "3"].state is MarkState.EMPTY
    assert stroke_end[LEVEL, "3"].state is MarkState.EMPTY
    assert stroke_end[LEVEL, "4"].state is MarkState.EMPTY
