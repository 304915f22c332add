"""A played row's field read empty whose one box has a pen dot's thickness of ink by it
(rules ``empty_field_dot`` and ``doubling_dot``, ocr/empty_fields.py; issue 43, item 4).

The numbers, by hand (as tests/ocr/test_clean_rivals.py works them): at 150 dpi a pixel
is 0.169 mm (5.906 px a mm). A blob 5 px tall over a box's top printed edge lies wholly in
the mask of the printed lines (5 px deep): no drawn ink at all, the box reads empty. 5 px
wide, its middle pixel is 3 px from the paper: 6 px thick, 1.016 mm, over
``clean_rival_thick_mm`` (0.85): a pen dot's core. 4 px wide, 2.197 px from the paper
(OpenCV's 5 x 5 distance mask): 4.39 px, 0.744 mm, as thick as a scan's printed line.
"""

from __future__ import annotations

import numpy as np
import pytest

from ocr.dots import EDGE_UNSURE_MM2
from ocr.empty_fields import (
    a_doubling_left,
    a_field_missed,
    doubling_dot,
    empty_field_dot,
    holds_thick_ink_by,
)
from ocr.layout import DECLARER, DOUBLING, LEVEL, PASSED_OUT, RESULT_SIGN, load_layout
from ocr.mark_rules import RULE_NAMES, rules_off
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import DUST_DOT, THICK_BY_EDGE, MarkReading, MarkState
from ocr.page_dust import NO_DUST
from tests.ocr.marked_rows import box_index, box_reading
from tests.ocr.test_clean_rivals import (
    PLAYED,
    _crossed,
    _evidence,
    _speck_above,
)
from tests.ocr.test_dust_dots import _row_with
from tests.ocr.test_dust_rules import DUSTY, S, _read_row
from tests.ocr.test_marks import _draw, _fresh


def _blob_on_top_edge(page: np.ndarray, field: str, option: str, wide: int) -> None:
    """A blob 5 px tall, ``wide`` px wide, centred on the box's top printed edge."""
    box = load_layout().box(1, field, option)
    x, y = round((box.x + box.width / 2) * S), round(box.y * S)
    page[y - 2 : y + 3, x : x + wide] = 0.05


def _dotted(*options: str, wide: int = 5, dust=DUSTY, field: str = DECLARER):
    page = _fresh()
    for option in options:
        _blob_on_top_edge(page, field, option, wide)
    return _evidence(page, dust)


@pytest.mark.parametrize(("wide", "thick"), [(5, True), (4, False)])
def test_a_dot_the_mask_covers_is_thick_ink_where_it_is_thicker_than_a_line(wide, thick):
    ev = _dotted("E", wide=wide)
    i = box_index(ev, DECLARER, "E")
    x0, y0, x1, y1 = ev.views.px(ev.geometry.boxes[i][2])
    assert not ev.views.drawn[y0 - 4 : y1 + 4, x0 - 4 : x1 + 4].any()  # no drawn ink
    assert ev.first[i].state is MarkState.EMPTY
    assert holds_thick_ink_by(ev, i, MARK_SETTINGS) is thick
    assert not any(
        holds_thick_ink_by(ev, j, MARK_SETTINGS)
        for j, (f, o, _) in enumerate(ev.geometry.boxes)
        if f == DECLARER and o != "E"
    )


@pytest.mark.parametrize(("wide", "unsure"), [(5, True), (4, False)])
def test_the_declarer_read_empty_is_unsure_where_one_box_holds_a_dot_s_core(wide, unsure):
    """The declarer read empty in a played row ('=' crossed): E, by its dot's core, is read
    unsure as a dot on an edge is (0.275 mm^2), named ``THICK_BY_EDGE`` (never its field's
    only ink: tests/ocr/test_decode.py); with the 4 px blob, no box is, and the row is as
    read."""
    ev = _dotted("E", wide=wide)
    read = _row_with(ev, PLAYED)
    assert a_field_missed(ev, read)
    _only_unsure_there(ev, read, empty_field_dot(ev, read, MARK_SETTINGS), DECLARER, "E", unsure)


def _only_unsure_there(ev, read, out, field: str, option: str, unsure: bool) -> None:  # type: ignore[no-untyped-def]
    """``out`` is ``read`` with box ``option`` of ``field`` read unsure as a dot on its
    edge, named ``THICK_BY_EDGE`` (where ``unsure``), or ``read`` as it is."""
    if not unsure:
        assert out == read
        return
    box = box_reading(ev, out, field, option)
    assert (box.state, box.how, box.dot_mm2) == (MarkState.UNSURE, THICK_BY_EDGE, EDGE_UNSURE_MM2)
    changed = [i for i, (a, b) in enumerate(zip(read, out, strict=True)) if a != b]
    assert changed == [box_index(ev, field, option)]


def test_two_boxes_with_a_dot_s_core_leave_the_field_as_read():
    ev = _dotted("E", "W")
    read = _row_with(ev, PLAYED)
    assert empty_field_dot(ev, read, MARK_SETTINGS) == read


@pytest.mark.parametrize(
    "boxes",
    [
        {},  # an unplayed row
        {(RESULT_SIGN, "="): MarkReading("=", 0.07, MarkState.UNSURE, 0.5, "fill")},
        {**PLAYED, (PASSED_OUT, "PASS"): _crossed("PASS")},  # a passed-out board
        {**PLAYED, (PASSED_OUT, "PASS"): MarkReading("PASS", 0.07, MarkState.UNSURE, 0.5, "fill")},
        # a box read as a dot the page's dust may be: weighed already (dust_dot_alone)
        {**PLAYED, (DECLARER, "N"): MarkReading("N", 0.02, MarkState.EMPTY, 0.0001, DUST_DOT)},
        # the field holds a mark
        {**PLAYED, (DECLARER, "N"): MarkReading("N", 0.07, MarkState.UNSURE, 0.5, "fill")},
    ],
)
def test_no_change_where_the_field_is_no_mark_missed(boxes):
    ev = _dotted("E")
    read = _row_with(ev, boxes)
    assert empty_field_dot(ev, read, MARK_SETTINGS) == read


def test_on_a_page_that_is_not_dusty_too():
    """The same dot's core on a page with no dust: E is read unsure as on a dusty page (a
    pen dot on an edge is missed so on any scan; noisy43e)."""
    ev = _dotted("E", dust=NO_DUST)
    read = _row_with(ev, PLAYED)
    assert a_field_missed(ev, read)
    e = box_reading(ev, empty_field_dot(ev, read, MARK_SETTINGS), DECLARER, "E")
    assert (e.state, e.how, e.dot_mm2) == (MarkState.UNSURE, THICK_BY_EDGE, EDGE_UNSURE_MM2)


@pytest.mark.parametrize(
    ("rule", "field", "option"),
    [("empty_field_dot", DECLARER, "E"), ("doubling_dot", DOUBLING, "X")],
)
def test_read_so_on_a_page_that_is_not_dusty(rule, field, option):
    """Level 3 crossed, E (or X) dotted on its top edge under the mask, no dust on the page:
    the box is read empty without the rule, unsure with it (``clean_rivals`` runs on dusty
    pages only)."""
    page = _fresh()
    _draw(page, LEVEL, "3", "cross")
    _blob_on_top_edge(page, field, option, 5)
    with rules_off(rule):
        assert _read_row(page, NO_DUST)[field, option].state is MarkState.EMPTY
    box = _read_row(page, NO_DUST)[field, option]
    assert (box.state, box.how) == (MarkState.UNSURE, THICK_BY_EDGE)


@pytest.mark.parametrize("stroke_by_s", [False, True])
def test_read_so_on_a_dusty_page_before_clean_rivals(stroke_by_s):
    """Level 3 crossed, E dotted on its top edge under the mask: read empty without the
    rule, unsure with it; ``clean_rivals``, after it, reads it marked where N, S and W hold
    no ink a player's mark leaves (``tests/ocr/test_clean_rivals.py``), and leaves it unsure
    beside a piece of stroke (8 px wide, 1.35 mm: no speck) 1 px above S."""
    page = _fresh()
    _draw(page, LEVEL, "3", "cross")
    _blob_on_top_edge(page, DECLARER, "E", 5)
    if stroke_by_s:
        _speck_above(page, DECLARER, "S", 1, wide=8)
    with rules_off("empty_field_dot"):
        assert _read_row(page, DUSTY)[DECLARER, "E"].state is MarkState.EMPTY
    with rules_off("clean_rivals"):
        e = _read_row(page, DUSTY)[DECLARER, "E"]
        assert (e.state, e.how) == (MarkState.UNSURE, THICK_BY_EDGE)
    e = _read_row(page, DUSTY)[DECLARER, "E"]
    assert (e.state, e.how) == (
        MarkState.UNSURE if stroke_by_s else MarkState.MARKED,
        THICK_BY_EDGE,
    )
    assert RULE_NAMES.index("clean_rivals") == RULE_NAMES.index("empty_field_dot") + 1


@pytest.mark.parametrize(("wide", "unsure"), [(5, True), (4, False)])
def test_a_doubling_read_empty_is_unsure_where_x_alone_holds_a_dot_s_core(wide, unsure):
    """The doubling read empty in a played row ('=' crossed) on a page that is not dusty:
    X, by its dot's core on its top edge (no drawn ink off the mask), is read unsure as a
    dot on an edge is, named ``THICK_BY_EDGE``; with the 4 px blob (0.744 mm, a printed
    line's thickness) the row is as read. The hunt's wrong row (seed 45177, clean
    ``page_0022.jpg`` row 12) had such a dot, its core 0.95 mm."""
    ev = _dotted("X", wide=wide, dust=NO_DUST, field=DOUBLING)
    read = _row_with(ev, PLAYED)
    assert a_doubling_left(ev, read)
    _only_unsure_there(ev, read, doubling_dot(ev, read, MARK_SETTINGS), DOUBLING, "X", unsure)


def test_thick_ink_at_a_printed_corner_is_no_doubling_dot():
    """Where two printed lines meet, a blurred print is a pen dot's thickness (TEST seed 13:
    9 rows no player doubled, each with its only thick ink at a corner of X or XX, 0.95 mm
    with the lines): the doubling's rule counts none within 0.6 mm of a box's corners. A
    blob 5 x 5 px on X's top left corner is thick ink by X, but not off its corners."""
    page = _fresh()
    box = load_layout().box(1, DOUBLING, "X")
    x, y = round(box.x * S), round(box.y * S)
    page[y - 2 : y + 3, x - 2 : x + 3] = 0.05
    ev = _evidence(page, NO_DUST)
    i = box_index(ev, DOUBLING, "X")
    assert holds_thick_ink_by(ev, i, MARK_SETTINGS)
    assert not holds_thick_ink_by(ev, i, MARK_SETTINGS, off_corners=True)
    read = _row_with(ev, PLAYED)
    assert doubling_dot(ev, read, MARK_SETTINGS) == read


def test_x_and_xx_both_with_a_dot_s_core_leave_the_doubling_as_read():
    ev = _dotted("X", "XX", dust=NO_DUST, field=DOUBLING)
    read = _row_with(ev, PLAYED)
    assert doubling_dot(ev, read, MARK_SETTINGS) == read


NO_DOUBLING_LEFT = [
    {},  # an unplayed row
    {**PLAYED, (PASSED_OUT, "PASS"): _crossed("PASS")},  # a passed-out board
    # the doubling holds a mark
    {**PLAYED, (DOUBLING, "XX"): MarkReading("XX", 0.07, MarkState.UNSURE, 0.5, "fill")},
]
"""Rows whose doubling ``empty_doubling`` leaves out (rules ``doubling_dot``,
``speckled_doubling``)."""


@pytest.mark.parametrize("boxes", NO_DOUBLING_LEFT)
def test_the_doubling_is_left_where_the_row_is_no_played_row_or_it_holds_a_mark(boxes):
    ev = _dotted("X", dust=NO_DUST, field=DOUBLING)
    read = _row_with(ev, boxes)
    assert not a_doubling_left(ev, read)


def test_not_on_a_dusty_page():
    """On a dusty page a clump of dust by X or XX is as thick as that dot (TRAINING's dirty
    glass: 0.95 mm by boxes no player doubled): the rule does not look."""
    ev = _dotted("X", field=DOUBLING)
    assert not a_doubling_left(ev, _row_with(ev, PLAYED))


@pytest.mark.parametrize(("side", "towards"), [(-1, "N"), (1, "S"), (0, None)])
def test_thick_ink_by_a_side_edge_names_the_box_beside_it_there(side, towards):
    """The dot's core (5 x 5 px) on E's left printed edge lies between N and E, on its right
    edge between E and S, and on its top edge between neither: E is read unsure as before,
    naming the box of its field on that side (``thick_ink_side``), whose mark the dot may
    be (``ocr.unchecked_marks.marks_in_the_gap``)."""
    page = _fresh()
    box = load_layout().box(1, DECLARER, "E")
    if side:
        x = round((box.x + (box.width if side > 0 else 0.0)) * S)
        y = round((box.y + box.height / 2) * S)
        page[y - 2 : y + 3, x - 2 : x + 3] = 0.05
    else:
        _blob_on_top_edge(page, DECLARER, "E", 5)
    ev = _evidence(page, NO_DUST)
    e = box_reading(ev, empty_field_dot(ev, _row_with(ev, PLAYED), MARK_SETTINGS), DECLARER, "E")
    assert (e.state, e.how) == (MarkState.UNSURE, THICK_BY_EDGE)
    assert e.neighbour == (None if towards is None else (DECLARER, towards))
