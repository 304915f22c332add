"""Mark boxes: fill ratio against the paper tone, two thresholds, a confidence per mark."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from ocr.dots import EDGE_UNSURE_MM2
from ocr.layout import FieldKind
from ocr.mark_rules import rules_off
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import (
    DOT_MARKED_ABOVE_MM2,
    EMPTY_BELOW,
    MARKED_ABOVE,
    RING_MARKED_ABOVE,
    MarkReading,
    MarkState,
    classify_fill,
    ink_fill,
    mark_reading,
    p_marked,
    read_mark,
)

PAPER = 240.0


def box(dark_share: float, ink: float = 20.0, size: int = 100) -> np.ndarray:
    """A size x size crop on paper with the left ``dark_share`` of columns in ``ink``."""
    crop = np.full((size, size), PAPER, np.float32)
    crop[:, : round(dark_share * size)] = ink
    return crop.astype(np.uint8)


@pytest.mark.parametrize(
    ("crop", "fill", "state"),
    [
        (box(0.0), 0.0, MarkState.EMPTY),
        (box(1.0), 1.0, MarkState.MARKED),
        (box(0.5), 0.5, MarkState.MARKED),
        # 9 of 100 columns inked: inside the unsure band (0.05 .. 0.10)
        (box(0.09), 0.09, MarkState.UNSURE),
        (box(0.05), 0.05, MarkState.UNSURE),
        (box(0.04), 0.04, MarkState.EMPTY),
        (box(0.11), 0.11, MarkState.MARKED),
        # dropout-grey caption over 30% of the box (grey 187 on 240 paper: 22.1% darker):
        # ink ramp (0.221 - 0.2) / 0.3 = 0.069, times 0.3 of the area = 0.021 -> empty
        (box(0.3, ink=187), 0.3 * ((240 - 187) / 240 - 0.2) / 0.3, MarkState.EMPTY),
        # pencil at 50% darkness counts fully (the soft ramp ends at 50%)
        (box(0.5, ink=120), 0.5, MarkState.MARKED),
        # erasure residue, 25% darker than paper over the whole box: (0.25 - 0.2) / 0.3
        (box(1.0, ink=180), (0.25 - 0.2) / 0.3, MarkState.MARKED),
        # ... over a third of the box: 0.1667 / 3 = 0.056 -> unsure, a person looks
        (box(1 / 3, ink=180), (0.25 - 0.2) / 0.3 * 0.33, MarkState.UNSURE),
    ],
)
def test_fill_and_decision(crop: np.ndarray, fill: float, state: MarkState):
    r = read_mark(crop, "X", PAPER)
    assert r.fill == pytest.approx(fill, abs=0.01)
    assert r.state is state
    assert r.option == "X"


def test_thresholds_bound_the_unsure_band():
    assert classify_fill(EMPTY_BELOW - 1e-6) is MarkState.EMPTY
    assert classify_fill(EMPTY_BELOW) is MarkState.UNSURE
    assert classify_fill(MARKED_ABOVE) is MarkState.UNSURE
    assert classify_fill(MARKED_ABOVE + 1e-6) is MarkState.MARKED


def test_confidence_is_two_percent_and_ninety_eight_at_the_thresholds():
    assert p_marked(EMPTY_BELOW) == pytest.approx(0.02, abs=1e-9)
    assert p_marked(MARKED_ABOVE) == pytest.approx(0.98, abs=1e-9)
    assert p_marked((EMPTY_BELOW + MARKED_ABOVE) / 2) == pytest.approx(0.5)


@given(st.floats(0, 1), st.floats(0, 1))
def test_confidence_grows_with_the_fill(a: float, b: float):
    lo, hi = sorted((a, b))
    assert 0.0 <= p_marked(lo) <= p_marked(hi) <= 1.0


@given(st.floats(100, 255), st.integers(0, 20))
def test_fill_does_not_depend_on_the_paper_tone(paper: float, columns: int):
    """A grey scan or a shadow darkens paper and ink together: same fill."""
    crop = np.full((20, 20), paper, np.float32)
    crop[:, :columns] = 0.1 * paper
    assert ink_fill(crop, paper) == pytest.approx(columns / 20, abs=1e-6)


@pytest.mark.parametrize(
    ("fill", "ring", "how"),
    [(MARKED_ABOVE, 0.0, "fill"), (EMPTY_BELOW, RING_MARKED_ABOVE, "circle")],
)
def test_a_box_s_reading_is_the_one_its_dataclass_makes(fill: float, ring: float, how: str):
    """``mark_reading`` sets its reading's fields in one step (``ocr.marks._new_reading``):
    each as ``MarkReading``'s own ``__init__`` sets it, in order, a field added later too.
    Evidence 1 (the fill at ``MARKED_ABOVE``, or a ring at ``RING_MARKED_ABOVE``) is unsure
    with p = 1 / (1 + e^-ln 49) = 0.98."""
    read = mark_reading("X", fill, ring, 0.0)
    made = MarkReading("X", fill, MarkState.UNSURE, read.p_marked, how, ring)
    assert read.p_marked == pytest.approx(0.98)
    assert read == made and hash(read) == hash(made) and repr(read) == repr(made)
    assert list(vars(read).items()) == list(vars(made).items())
    assert list(vars(read)) == [f.name for f in dataclasses.fields(MarkReading)]


def test_empty_crop_has_no_fill():
    assert ink_fill(np.zeros((0, 0), np.uint8), PAPER) == 0.0


# ---- marks on a printed form: fill, circle, dot (issue 13) ------------------------------

DPI = 150


@pytest.fixture(scope="module")
def blank_form() -> np.ndarray:
    """A printed traveller (board 1, one pre-printed row) as an RGB float raster at 150 dpi."""
    from ocr.render import render_pdf
    from ocr.sheets import PrintedRow, TravellerSheet
    from ocr.training.synthetic.generate import _rasterise

    sheet = TravellerSheet(1, (PrintedRow(1, 1, 9),), "club", "1", "A")
    (raster,) = _rasterise(render_pdf([sheet]), DPI)
    return raster.astype(np.float32) / 255.0


_FORM: list[np.ndarray] = []


def _fresh() -> np.ndarray:
    """A copy of the printed form, rendered once for the tests that draw on it by hand."""
    if not _FORM:
        from ocr.render import render_pdf
        from ocr.sheets import PrintedRow, TravellerSheet
        from ocr.training.synthetic.generate import _rasterise

        sheet = TravellerSheet(1, (PrintedRow(1, 1, 9),), "club", "1", "A")
        (raster,) = _rasterise(render_pdf([sheet]), DPI)
        _FORM.append(raster.astype(np.float32) / 255.0)
    return _FORM[0].copy()


def _draw(page: np.ndarray, field: str, option: str, style: str, seed: int = 0) -> None:
    from ocr.layout import load_layout
    from ocr.training.synthetic.mark_styles import PAD_MM, mark_alpha
    from ocr.training.synthetic.pens import TRAINING_PENS, composite

    rect = load_layout().box(1, field, option)
    s = DPI / 25.4
    pad = PAD_MM * s
    alpha = mark_alpha(style, rect.width * s, rect.height * s, pad, 2, np.random.default_rng(seed))
    x, y = round(rect.x * s - pad), round(rect.y * s - pad)
    composite(page, alpha, x, y, TRAINING_PENS[0], 0.95, np.random.default_rng(seed))


def _read(page: np.ndarray) -> dict[tuple[str, str], MarkReading]:
    from ocr.illumination import flatten
    from ocr.layout import load_layout
    from ocr.row_marks import RowMarks

    grey = cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY)
    lay = load_layout()
    fields = [f.name for f in lay.row(1).fields if f.kind is FieldKind.MARKS]
    read = RowMarks(flatten(grey, DPI), lay, lay.row(1), DPI).read_fields(fields)
    return {(name, m.option): m for name, ms in read.items() for m in ms}


def _marked(read: dict[tuple[str, str], MarkReading]) -> dict[tuple[str, str], str]:
    return {k: m.how for k, m in read.items() if m.state is MarkState.MARKED}


def test_a_clean_row_has_no_mark(blank_form):
    read = _read(blank_form.copy())
    assert all(m.state is MarkState.EMPTY for m in read.values())


@pytest.mark.parametrize(("seed", "other"), [(0, 10), (1, 14), (2, 15), (3, 16)])
def test_a_circle_around_a_box_marks_that_box_and_no_neighbour(blank_form, seed, other):
    """Circles around level 4 and around the "-" below its neighbour: each marks its own
    box; level 3 and 5 and the other result boxes, whose sides the circles touch, stay
    empty (a circle covers every side of its box, a neighbour's circle one side). The
    rings round the "-" are drawn round its centre; those round the 4 with seeds 2 and 3
    off it (the TRAINING generator draws one ring in four off centre, and one far off
    centre is not always read circled: its row goes to a person)."""
    page = blank_form.copy()
    _draw(page, "level", "4", "ring", seed)
    _draw(page, "result_sign", "-", "ring", other)
    assert _marked(_read(page)) == {("level", "4"): "circle", ("result_sign", "-"): "circle"}


@pytest.mark.parametrize(
    ("strips", "sectors", "gap", "expected", "state"),
    [
        (1.0, 1.0, 0, 1.0, MarkState.MARKED),  # closed round every side
        (0.5, 0.5, 40, (0.5 + 0.5 + 1 / 3) / 3, MarkState.UNSURE),  # left open by 40 degrees
        (0.5, 5 / 6, 50, (0.5 + 5 / 6 + 1 / 6) / 3, MarkState.UNSURE),  # neighbours: 0.50
        (0.5, 0.5, 60, 1 / 3, MarkState.EMPTY),  # no closure at all
        (1 / 6, 2 / 3, 20, (1 / 6 + 2 / 3 + 2 / 3) / 3, MarkState.UNSURE),  # off centre
        (0.0, 1 / 6, 30, 0.45, MarkState.UNSURE),  # a broken stroke: narrow gap, mean 0.22
    ],
)
def test_a_circle_is_the_mean_of_strips_sectors_and_closure(strips, sectors, gap, expected, state):
    from ocr.circle_reading import circled
    from ocr.marks import mark_reading

    assert circled(strips, sectors, gap) == pytest.approx(expected)
    assert mark_reading("4", 0.0, circled(strips, sectors, gap), 0.0).state is state


@pytest.mark.parametrize(
    ("strips", "sectors", "gap", "expected", "state"),
    [
        # Seed 1's ring round level 4 above, left open by about 40 degrees at its lower
        # right: the mean is 0.5, but the strips alone (2 of 6 bins: evidence
        # (0.5 - 0.1) / 0.2 = 2) put it at 0.40 + 2 x 0.10 = 0.60: circled, as before.
        (0.5, 0.5, 30, 0.6, MarkState.MARKED),
        # A big TEST circle round X (ordinary/page_0249.jpg row 14): the mean is
        # (0.5 + 2/7 + 1/3) / 3 = 0.373, empty; the strips alone keep it circled (0.60).
        (0.5, 2 / 7, 40, 0.6, MarkState.MARKED),
        # Strips that see a bin of every side (1/6: evidence 1/3) keep a box unsure,
        # 0.40 + 0.10 / 3 = 0.433, where the mean (0.31) would read it empty.
        (1 / 6, 3 / 7, 40, 0.4 + 0.1 / 3, MarkState.UNSURE),
    ],
)
def test_where_ink_faces_opposite_sides_a_box_is_never_less_circled_than_its_strips_say(
    strips, sectors, gap, expected, state
):
    from ocr.circle_reading import circled
    from ocr.marks import mark_reading

    assert circled(strips, sectors, gap, facing=True) == pytest.approx(expected)
    assert mark_reading("X", 0.0, circled(strips, sectors, gap, facing=True), 0.0).state is state


def test_a_firm_dot_is_a_mark_and_a_speck_of_dust_is_not(blank_form):
    page = blank_form.copy()
    _draw(page, "strain", "H", "dot", 3)
    from ocr.layout import load_layout

    lay_rect = load_layout().box(1, "strain", "S")
    s = DPI / 25.4
    cx, cy = (round(v * s) for v in lay_rect.center)
    cv2.circle(page, (cx, cy), 1, (0.3, 0.3, 0.3), -1)  # a speck of about 0.2 mm
    read = _read(page)
    assert read[("strain", "H")].state is MarkState.MARKED
    assert read[("strain", "H")].dot_mm2 >= DOT_MARKED_ABOVE_MM2
    assert read[("strain", "S")].state is MarkState.EMPTY


@pytest.mark.parametrize("style", ["cross", "tick", "slash", "fill"])
def test_marks_inside_a_box_are_read_by_their_fill(blank_form, style):
    page = blank_form.copy()
    _draw(page, "declarer", "E", style, 5)
    assert _marked(_read(page)) == {("declarer", "E"): "fill"}


def _line_mm(page: np.ndarray, a: tuple[float, float], b: tuple[float, float], grey: float,
             px: int = 1) -> None:  # fmt: skip
    s = DPI / 25.4
    pa, pb = (round(a[0] * s), round(a[1] * s)), (round(b[0] * s), round(b[1] * s))
    cv2.line(page, pa, pb, (grey, grey, grey), px, cv2.LINE_8)


def test_the_arm_of_a_mark_reaching_into_the_next_box_does_not_mark_it():
    """A firm cross in level 4 whose arm runs on 1.2 mm into level 5 (the boxes are 1 mm
    apart): 4 is marked, 5 stays empty."""
    from ocr.layout import load_layout

    page = _fresh()
    r = load_layout().box(1, "level", "4")
    _line_mm(page, (r.x + 0.6, r.y + 0.6), (r.x1 - 0.6, r.y1 - 0.6), 0.1, 2)
    _line_mm(page, (r.x + 0.6, r.y1 - 0.6), (r.x1 + 2.2, r.y + 1.2), 0.1, 2)
    assert _marked(_read(page)) == {("level", "4"): "fill"}


def _circle_off_centre(
    page: np.ndarray,
    field: str,
    option: str,
    right_mm: float,
    radii_mm: tuple[float, float],
    down_mm: float = 0.0,
) -> None:
    """A closed dark ellipse (2 px) with ``radii_mm`` round a box of row 1, drawn
    ``right_mm`` to the right of the box's centre and ``down_mm`` below it (above, where
    negative)."""
    from ocr.layout import load_layout

    box = load_layout().box(1, field, option)
    s = DPI / 25.4
    centre = (
        round((box.x + box.width / 2 + right_mm) * s),
        round((box.y + box.height / 2 + down_mm) * s),
    )
    axes = (round(radii_mm[0] * s), round(radii_mm[1] * s))
    cv2.ellipse(page, centre, axes, 0, 0, 360, (0.1, 0.1, 0.1), 2)


def test_a_circle_drawn_wide_of_its_box_into_the_next_is_never_a_certain_mark():
    """A circle round H (3.4 x 3.2 mm radii) drawn 1.5 mm to the right of H's centre: its
    right arc runs through the left strip of S, and S fills to 0.18, above the marked
    threshold. The strips and the centred ellipses do not see H circled (its left side is
    not covered), so on them alone nobody can say whose stroke that is: S is unsure and no
    strain is marked. An ellipse centred 1.5 mm right of H's centre (within the 1.6 mm of
    ``arc_centre_play_mm``) is followed all round: rule ``circled_off_centre`` reads H
    circled, and S stays unsure as H's stroke (naming H), which a reading with H
    explains. S is never a certain mark."""
    page = _fresh()
    _circle_off_centre(page, "strain", "H", 1.5, (3.4, 3.2))
    read = _read(page)
    s = read[("strain", "S")]
    assert (s.state, s.neighbour) == (MarkState.UNSURE, ("strain", "H")) and s.fill > 0.1
    assert _marked(read) == {("strain", "H"): "circle"}
    with rules_off("circled_off_centre"):
        without = _read(page)
    assert without[("strain", "S")].state is MarkState.UNSURE
    assert _marked(without) == {}


def test_a_pen_dot_near_the_edge_facing_an_empty_neighbour_is_the_box_own_mark():
    """A firm dot of 1.4 mm across whose centre is 1.1 mm inside the right edge of level 3
    (fill about 0.2, all of it in the 1.7 mm strip that faces level 4): no ink lies in
    the 1 mm gap or round the corners, so nothing reached in from level 4, and level 3 is
    marked, not unsure."""
    from ocr.layout import load_layout

    page = _fresh()
    r = load_layout().box(1, "level", "3")
    s = DPI / 25.4
    centre = (round((r.x1 - 1.1) * s), round((r.y + r.height / 2) * s))
    cv2.circle(page, centre, round(0.7 * s), (0.1, 0.1, 0.1), -1)
    read = _read(page)
    assert read[("level", "3")].state is MarkState.MARKED
    assert _marked(read) == {("level", "3"): read[("level", "3")].how}


def test_a_small_pen_dot_put_by_the_edge_is_a_mark():
    """A dot of 1 mm across (about 0.8 mm^2) whose right side comes within 0.25 mm of
    level 3's right edge: it lies mostly in the 0.7 mm band along the edge where the fill
    and the free-standing dot are not measured, so its fill says little. Up to the printed
    edge it is a compact blob with no other ink within 1 mm, over 0.5 mm^2: a pen dot,
    marked."""
    from ocr.layout import load_layout

    page = _fresh()
    r = load_layout().box(1, "level", "3")
    s = DPI / 25.4
    centre = (round((r.x1 - 0.75) * s), round((r.y + r.height * 0.7) * s))
    cv2.circle(page, centre, round(0.5 * s), (0.1, 0.1, 0.1), -1)
    read = _read(page)
    assert read[("level", "3")].dot_mm2 >= 0.5
    assert _marked(read) == {("level", "3"): "dot"}


@pytest.mark.parametrize(("width_px", "state"), [(3, MarkState.EMPTY), (4, MarkState.UNSURE),
                                                 (5, MarkState.MARKED)])  # fmt: skip
def test_a_dot_by_the_edge_between_a_speck_and_a_pen_dot_leaves_the_box_unsure(width_px, state):
    """Blobs 4 px high and 3, 4 or 5 px wide (150 dpi: 0.344, 0.459 and 0.573 mm^2) whose
    right side is 0.3 mm inside level 3's right edge. Specks by the printed lines measure
    up to 0.37 mm^2 on TRAINING pages and a pen dot there is read from 0.5: the first is
    nothing, the last a dot, and the middle one, as large as a certain dot inside the box
    (0.40) but under 0.5, is unsure (issue 13: a pen touched to X's corner, 0.46 mm^2,
    was read as nothing and 1S accepted for 1SX)."""
    from ocr.layout import load_layout

    page = _fresh()
    r = load_layout().box(1, "level", "3")
    s = DPI / 25.4
    x1, y0 = round((r.x1 - 0.3) * s), round((r.y + r.height * 0.6) * s)
    page[y0 : y0 + 4, x1 - width_px : x1] = 0.1
    read = _read(page)[("level", "3")]
    assert read.state is state
    if state is MarkState.UNSURE:
        assert (read.how, read.dot_mm2) == ("dot", EDGE_UNSURE_MM2)


def test_the_tip_of_a_neighbour_s_stroke_by_the_edge_is_no_dot():
    """The same blob by the end of a stroke that comes from level 4 across the gap and
    stops at the printed edge (its tip beyond the edge, the edge between them): it is not
    alone (the stroke lies within 1 mm of it, outside the box), so it is no dot, and
    level 3 is not marked for certain."""
    from ocr.layout import load_layout

    page = _fresh()
    r = load_layout().box(1, "level", "3")
    s = DPI / 25.4
    y = r.y + r.height * 0.7
    cv2.circle(page, (round((r.x1 - 0.75) * s), round(y * s)), round(0.5 * s), (0.1,) * 3, -1)
    _line_mm(page, (r.x1 + 0.45, y), (r.x1 + 2.5, y - 1.5), 0.1, 2)
    read = _read(page)
    assert read[("level", "3")].dot_mm2 < 0.5
    assert ("level", "3") not in _marked(read)


def _arc_piece(page: np.ndarray, with_rest: bool) -> None:
    """A piece of a pen stroke 0.5 by 1.4 mm well inside level 3 (free of the edge band),
    and with ``with_rest`` the stroke it broke from: coming in across level 3's top edge
    and stopping 0.5 mm above the piece (a pale ballpoint that skipped)."""
    from ocr.layout import load_layout

    r = load_layout().box(1, "level", "3")
    s = DPI / 25.4
    mid = r.y + r.height / 2
    x0, y0 = round((r.x + 1.3) * s), round((mid - 0.7) * s)
    cv2.rectangle(page, (x0, y0), (x0 + round(0.5 * s) - 1, y0 + round(1.4 * s) - 1),
                  (0.1, 0.1, 0.1), -1)  # fmt: skip
    if with_rest:
        _line_mm(page, (r.x - 1.0, r.y - 1.0), (r.x + 1.55, mid - 1.2), 0.1, 2)


def test_a_piece_of_a_stroke_inside_a_box_is_no_dot_where_the_rest_of_it_lies_beside():
    """Alone, the piece is a pen dot (0.7 mm^2 standing free inside the 0.7 mm edge band):
    marked. With the rest of its stroke 0.5 mm away it is no dot: issue 13 found a circle
    round the next box whose pale ballpoint skipped just inside this box's edge, its piece
    read as a certain dot (1NT accepted for a circled 1S, both +100)."""
    alone = _fresh()
    _arc_piece(alone, with_rest=False)
    read = _read(alone)
    assert read[("level", "3")].dot_mm2 >= DOT_MARKED_ABOVE_MM2
    assert _marked(read) == {("level", "3"): "dot"}
    broken = _fresh()
    _arc_piece(broken, with_rest=True)
    read = _read(broken)
    assert read[("level", "3")].dot_mm2 < DOT_MARKED_ABOVE_MM2
    assert ("level", "3") not in _marked(read)


def test_the_same_ink_reaching_in_from_the_gap_is_still_nobody_s_for_certain():
    """The same strip of level 3 inked by a stroke that comes in across the gap from level
    4 (level 4 itself unmarked): whose stroke it is cannot be told, so level 3 is unsure."""
    from ocr.layout import load_layout

    page = _fresh()
    r = load_layout().box(1, "level", "3")
    y = r.y + r.height / 2
    _line_mm(page, (r.x1 - 1.6, y - 0.8), (r.x1 + 1.0, y - 0.8), 0.1, 3)
    _line_mm(page, (r.x1 - 1.6, y + 0.8), (r.x1 + 1.0, y + 0.8), 0.1, 3)
    read = _read(page)
    assert read[("level", "3")].state is not MarkState.MARKED


def test_a_stroke_through_a_box_from_a_circle_round_its_neighbour_is_never_a_certain_mark():
    """A circle round level 6 drawn 1 mm right of its centre (radii 3.7 x 3.0 mm): its
    right arc runs down level 7, 0.8 mm left of 7's centre, and 7 fills as much as a thin
    tick. Level 6 is not seen as circled by its side strips (the arc is 2.45 mm beyond its
    right edge, the strips reach 2 mm), so 7's stroke may be nobody's mark but 6's
    circle: 7 is never marked (issue 13: 7H read for a circled 6H on damaged paper).
    Here the arc lies within the 1.7 mm of 7 facing 6 and comes in round 7's corners, so
    the spill rule decides; a thin fill deeper in, beside a neighbour whose rays are
    covered, is the circle guard's (ocr/circles.py, tests/ocr/test_circles.py).

    The ellipse the stroke follows (ocr/outline.py) now circles level 6 for certain, so
    the spill rule reads 7 without the strip facing 6: its stroke is 6's mark, and 7,
    under 0.05 without it, is empty. It says whose stroke its ink was taken for (6), so a
    reading the score cannot tell from 7's goes to a person (ocr/score_ties.py)."""
    page = _fresh()
    _circle_off_centre(page, "level", "6", 1.0, (3.7, 3.0))
    read = _read(page)
    assert read[("level", "6")].state is MarkState.MARKED
    assert read[("level", "6")].how == "circle"
    assert read[("level", "7")].state is MarkState.EMPTY
    assert read[("level", "7")].neighbour == ("level", "6")


def _circle_3px(page: np.ndarray, field: str, option: str, edge: float, core: float) -> None:
    """A circle round a box of row 1 (radii 3.4 x 3.2 mm): a stroke 3 px across whose
    edges are ``edge`` dark and whose 1 px core ``core`` dark (0..1)."""
    from ocr.layout import load_layout

    box = load_layout().box(1, field, option)
    s = DPI / 25.4
    centre = (round((box.x + box.width / 2) * s), round((box.y + box.height / 2) * s))
    axes = (round(3.4 * s), round(3.2 * s))
    for grey, px in ((1 - edge, 3), (1 - core, 1)):
        cv2.ellipse(page, centre, axes, 0, 0, 360, (grey, grey, grey), px, cv2.LINE_8)


def test_a_circle_in_a_pale_thin_pen_is_read_on_that_pen_s_own_darkness():
    """A row whose only mark is a circle leaves nothing at the boxes' centres, where the
    pen's darkness is measured (the pale captions there reach 22%); it is measured where
    circles run and digits are written (ocr/pen.py). The circle round level 4: its 1 px
    core is 45% dark, its edges 30%. On a firm pen's ramp (solid from 35% darkness) the
    stroke is 1 px solid, thinner than a printed edge is thickened by (1.5 px), and no
    side is covered. Measured on this pen (98th percentile of the inked pixels: 0.45, so
    the ramp is scaled by 0.45 / 0.62 and solid from 25% darkness) the stroke is 3 px
    solid, and level 4 is circled; no other box is marked. The same circle in a firm pen
    (90% dark across) reads the same."""
    for edge, core in ((0.30, 0.45), (0.9, 0.9)):
        page = _fresh()
        _circle_3px(page, "level", "4", edge, core)
        assert _marked(_read(page)) == {("level", "4"): "circle"}, (edge, core)


def _thicker_edges(page: np.ndarray, boxes: list[tuple[str, str]]) -> None:
    """Print the edges of ``boxes`` of row 1 a pixel wider (the darker of each 2 x 2
    pixels over a band along each edge): 2 px across become 3, as where an edge lands
    across pixels."""
    from ocr.layout import load_layout

    s = DPI / 25.4
    for field, option in boxes:
        r = load_layout().box(1, field, option)
        x0, y0 = round(r.x * s) - 2, round(r.y * s) - 2
        x1, y1 = round(r.x1 * s) + 2, round(r.y1 * s) + 2
        band = page[y0:y1, x0:x1]  # the boxes are 6 px apart: the bands do not overlap
        edges = np.ones(band.shape[:2], bool)
        edges[5:-5, 5:-5] = False
        band[edges] = cv2.erode(band, np.ones((2, 2), np.uint8))[edges]


def test_printed_edges_2_or_3_px_wide_leave_no_stroke_beside_any_box():
    """A box's printed edge (0.3 mm) scans 2 px or 3 px wide at 150 dpi as it falls on the
    pixel grid. Here 17 of the row's 38 mark boxes (declarer E, S and W among them) print
    3 px, the rest 2. The strips beside a box take off what the form prints at the row's
    edge width: taken as the median (2 px), two 3 px edges left 2 px over all along the
    strip between S and E, a circle's stroke (``THICKER_PX``, 1.5), and S looked circled
    on the sample evening's board 9 row 3. Taken as the interquartile mean (2.3 px), they
    leave 1.4 px at most: no box's left or right side is covered."""
    from ocr.circles import THICKER_PX
    from ocr.illumination import flatten
    from ocr.layout import load_layout
    from ocr.row_circles import extra_ink, side_strips
    from ocr.row_marks import RowMarks

    lay = load_layout()
    boxes = [(f.name, o) for f in lay.row(1).fields if f.kind is FieldKind.MARKS for o in f.options]
    wide = {b for k, b in enumerate(boxes) if k % 2 and k > 5} - {("declarer", "N")}
    page = _fresh()
    _thicker_edges(page, sorted(wide | {("declarer", "E"), ("declarer", "S"), ("declarer", "W")}))
    grey = cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY)
    marks = RowMarks(flatten(grey, DPI), lay, lay.row(1), DPI)
    row, outside = marks.row_ink, marks.boxes().outside
    assert 2.0 < row.widths[0] < 3.0
    for field, option in boxes:
        px = marks.px(lay.box(1, field, option))
        left, right = side_strips(px, row.solid.shape, marks.s)[2:]
        for side, strip in ((2, left), (3, right)):
            over = extra_ink(outside, row.lines, row.widths, strip, side).max()
            assert over < THICKER_PX, (field, option, side, over)


def _dark_scan(page: np.ndarray, factor: float) -> np.ndarray:
    """The page as a dark scan prints it: every pixel's darkness times ``factor``."""
    return 1.0 - np.clip((1.0 - page) * factor, 0.0, 1.0)


def test_a_dark_scan_s_captions_are_not_read_as_marks_beside_a_pale_pen():
    """The captions print 22% dark. On a scan 1.6 times darker they reach 35%, and a row
    whose only mark is a pale cross (40% dark) is read on that pen's ramp, which starts at
    13%: every caption read as ink, and on the reader before ocr/captions.py every box of
    the row but two was marked (fills 0.06-0.19). Over the captions the ramp starts above
    the row's own captions: only level 4 is marked, and no empty box has a fill over 0.02."""
    from ocr.layout import load_layout

    page = _dark_scan(_fresh(), 1.6)
    r = load_layout().box(1, "level", "4")
    _line_mm(page, (r.x + 0.6, r.y + 0.6), (r.x1 - 0.6, r.y1 - 0.6), 0.6, 2)
    _line_mm(page, (r.x + 0.6, r.y1 - 0.6), (r.x1 - 0.6, r.y + 0.6), 0.6, 2)
    read = _read(page)
    assert _marked(read) == {("level", "4"): "fill"}
    assert max(m.fill for key, m in read.items() if key != ("level", "4")) < 0.02


def test_a_pen_dot_over_a_caption_is_still_a_mark():
    """A pen dot (0.9 mm across, 85% dark) put on the caption of declarer E of the same
    dark scan: the captions' allowance is 5 points over their own darkness, far under a
    pen's, and the dot is read as the box's mark."""
    from ocr.layout import load_layout

    page = _dark_scan(_fresh(), 1.6)
    e = load_layout().box(1, "declarer", "E")
    s = DPI / 25.4
    centre = (round((e.x + e.width / 2) * s), round((e.y + e.height / 2) * s))
    cv2.circle(page, centre, round(0.45 * s), (0.15, 0.15, 0.15), -1)
    assert _marked(_read(page)) == {("declarer", "E"): "dot"}


def test_a_circle_running_through_its_neighbour_is_the_circle_s_not_the_neighbour_s_mark():
    """A circle round level 3 drawn 0.8 mm right of its centre (radii 4.5 x 3.6 mm, the
    boxes 4.5 mm wide and 1 mm apart): its right arc runs 1.6-2.6 mm into level 4, deeper
    than the strip the spill rule takes out, and 4 fills to 0.18, a mark by its fill.
    Level 3 is circled (the ellipse round it is followed all round), and 4's ink lies
    along that ellipse: it is the circle's, and 4 is empty."""
    page = _fresh()
    _circle_off_centre(page, "level", "3", 0.8, (4.5, 3.6))
    read = _read(page)
    assert _marked(read) == {("level", "3"): "circle"}
    assert read[("level", "4")].state is MarkState.EMPTY


def test_a_cross_in_the_neighbour_of_a_circled_box_stays_its_own_mark():
    """The same circle, and a cross in level 4: the cross lies across the ellipse, not
    along it, and 4 stays marked (two levels: the row goes to a person)."""
    from ocr.layout import load_layout

    page = _fresh()
    _circle_off_centre(page, "level", "3", 0.8, (4.5, 3.6))
    r = load_layout().box(1, "level", "4")
    _line_mm(page, (r.x + 0.9, r.y + 0.9), (r.x1 - 0.9, r.y1 - 0.9), 0.1, 2)
    _line_mm(page, (r.x + 0.9, r.y1 - 0.9), (r.x1 - 0.9, r.y + 0.9), 0.1, 2)
    assert _marked(_read(page)) == {("level", "3"): "circle", ("level", "4"): "fill"}


def test_a_box_emptied_by_the_spill_rule_is_read_again_for_a_circle_of_its_own():
    """A box filled well over the marked threshold is not looked at for a circle; when the
    spill rule takes a neighbour's stroke out of its fill, it is read again with what is
    left, circle and all (``ocr.spill_rules._again``). Level 4 has a circle round it (3.2
    mm, over its printed edges): read again with a fill of 0.01, it is circled for
    certain. Level 6 has nothing round it: read again, it is empty, as the fill says."""
    from ocr.illumination import flatten
    from ocr.layout import load_layout
    from ocr.mark_geometry import row_geometry
    from ocr.row_marks import RowMarks
    from ocr.spill_rules import _again

    page = _fresh()
    _circle_off_centre(page, "level", "4", 0.0, (3.2, 3.2))
    grey = cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY)
    lay = load_layout()
    marks = RowMarks(flatten(grey, DPI), lay, lay.row(1), DPI)
    g = row_geometry(lay, lay.row(1), DPI)
    index = {(field, option): i for i, (field, option, _) in enumerate(g.boxes)}
    for option, how, state in (("4", "circle", MarkState.MARKED), ("6", "", MarkState.EMPTY)):
        filled = MarkReading(option, 0.25, MarkState.MARKED, 1.0, "fill", 0.0, 0.0)
        again = _again(marks.evidence(), index[("level", option)], filled, 0.01, MARK_SETTINGS)
        assert (again.how, again.state) == (how, state)
        assert again.fill == 0.01


def test_a_box_read_by_its_fill_alone_is_one_shared_reading():
    """``plain_reading``: ``mark_reading`` with no circle nor dot, kept per option and fill
    (a frozen reading, shared by every box so read): 0.07 is unsure, 0.0 empty."""
    from ocr.marks import mark_reading, plain_reading

    for fill, state in ((0.07, MarkState.UNSURE), (0.0, MarkState.EMPTY)):
        first = plain_reading("3", fill)
        assert first == mark_reading("3", fill, 0.0, 0.0)
        assert first.state is state
        assert plain_reading("3", fill) is first
    assert plain_reading("4", 0.0).option == "4"


def test_a_band_s_ink_is_its_pixels_on_the_ramp_one_table_a_paper_and_pen():
    """A uint8 band's ink is looked up in the ramp of its 256 grey levels: the same floats
    as the ramp of each pixel (paper 200, a firm pen: grey 40 is (200 - 40) / 200 = 0.8
    dark, full ink). Two bands on the same paper and pen share the table, read-only; a
    numpy scalar's paper makes numpy's float64 ramp, kept apart from the float32 one."""
    from ocr.marks import _ink_ramp, _ramp_table, ink_values, ramp_bounds

    rng = np.random.default_rng(5)
    band = rng.integers(0, 256, (40, 300), dtype=np.uint8)
    low, high = ramp_bounds(0.7)
    ink = ink_values(band, 200.0, 0.7)
    assert ink.dtype == np.float32
    assert np.array_equal(ink, _ink_ramp(band.astype(np.float32), 200.0, low, high))
    assert ink_values(np.full((20, 20), 40, np.uint8), 200.0)[0, 0] == 1.0
    table = _ramp_table(200.0, low, high)
    assert _ramp_table(200.0, low, high) is table and not table.flags.writeable
    assert _ramp_table(np.float64(200.0), low, high).dtype == np.float64
    assert _ramp_table(200.0, low, high).dtype == np.float32


def test_the_boxes_that_held_ink_before_any_rule_are_kept(blank_form):
    """``FieldMarks.inked_at_first`` (``RowMarks.read_marks``): the boxes whose own fill,
    circle or dot read them other than empty before any rule (ocr/unchecked_marks.py
    ``_only_ink`` asks it). A cross in
    declarer E is one; the clean boxes beside it, and every box of a field not read, are
    none; a clean row holds none."""
    from ocr.illumination import flatten
    from ocr.layout import load_layout
    from ocr.row_marks import RowMarks

    def inked(page: np.ndarray, fields: list[str]) -> frozenset[tuple[str, str]]:
        grey = cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY)
        lay = load_layout()
        row = RowMarks(flatten(grey, DPI), lay, lay.row(1), DPI)
        return row.read_marks(fields).inked_at_first

    assert inked(blank_form.copy(), ["declarer", "level"]) == frozenset()
    page = blank_form.copy()
    _draw(page, "declarer", "E", "cross", 5)
    assert inked(page, ["declarer", "level"]) == frozenset({("declarer", "E")})
    assert inked(page, ["level"]) == frozenset()


def test_a_wide_ring_round_a_box_unseen_is_ink_there(blank_form):
    """A player's ring round level 6 drawn wide, its centre 1.5 mm right of the box's and
    1.5 mm above (radius 4.2 mm): its arc crosses 7, which reads marked by that fill, and
    6 reads empty, the strokes round it a ring of 0.35 (under the 0.40 of a circle). 6 held
    ink all the same (``MarkSettings.ring_ink_min``): no clean box beside 7 as its field's
    only ink (ocr/unchecked_marks.py ``_only_ink``; TRAINING clean seed 42456,
    ``page_0023.jpg`` row 7, 6S by W -2 was accepted as 7S, both +200 vulnerable)."""
    from ocr.illumination import flatten
    from ocr.layout import load_layout
    from ocr.row_marks import RowMarks

    lay = load_layout()
    s = DPI / 25.4
    box = lay.box(1, "level", "6")
    centre = ((box.x + box.width / 2 + 1.5) * s, (box.y + box.height / 2 - 1.5) * s)
    page = blank_form.copy()
    cv2.circle(page, (round(centre[0]), round(centre[1])), round(4.2 * s), (0.1, 0.1, 0.1), 2,
               cv2.LINE_AA)  # fmt: skip
    grey = cv2.cvtColor(np.clip(page * 255, 0, 255).astype(np.uint8), cv2.COLOR_RGB2GRAY)
    read = RowMarks(flatten(grey, DPI), lay, lay.row(1), DPI).read_marks(["level"])
    level = {m.option: m for m in read.readings["level"]}
    assert level["6"].state is MarkState.EMPTY
    assert MARK_SETTINGS.ring_ink_min <= level["6"].ring < MARK_SETTINGS.ring_empty_below
    assert level["7"].state is MarkState.MARKED
    assert read.inked_at_first == frozenset({("level", "6"), ("level", "7")})
