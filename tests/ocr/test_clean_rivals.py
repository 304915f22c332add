"""A field's one unsure box whose other boxes hold no ink is its mark (rule
``clean_rivals``, ocr/clean_rivals.py; issue 43, item 4).

The numbers, by hand. At 150 dpi a pixel is 0.169 mm (5.906 px a mm), so
``clean_rival_mm`` (0.6) is round(3.54) = 4 px: drawn ink 3 px off a box's printed edge is
by it, ink 6 px off (1.02 mm) is not. A box read marked at the threshold (0.98, odds 49)
beside three clean boxes (0.0001, odds 0.00010001) is weighed against them alone
(ocr/unchecked_marks.py ``_certain``): 49 / (49 + 3 x 0.00010001) = 0.999994, certain
(0.995); read unsure (0.5, odds 1) it is weighed against "no box" too where another box
of its field held ink before a rule read it away (``inked_at_first``, ocr/unchecked_marks.py
``_only_ink``): 1 / (1 + 1 + 3 x 0.00010001) = 0.499925, never certain.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.clean_rivals import clean_rivals, holds_no_ink_by, unsure_on_dusty_page
from ocr.decode import decode_contract
from ocr.dust_dots import ONE_BOX_FIELDS
from ocr.layout import (
    DECLARER,
    DOUBLING,
    LEVEL,
    PASSED_OUT,
    RESULT_COUNT,
    RESULT_SIGN,
    STRAIN,
    load_layout,
)
from ocr.mark_rules import RULE_NAMES, rules_off
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import MarkReading, MarkState
from ocr.page_dust import NO_DUST
from ocr.unchecked_marks import CERTAIN, _group_certainty
from scoring.board import Vulnerability
from scoring.contract import Contract, Seat
from tests.ocr.marked_rows import box_index, box_reading
from tests.ocr.test_decode import evidence, marks_for
from tests.ocr.test_dust_dots import _row_with
from tests.ocr.test_dust_rules import DUSTY, SMALL_SPECKS, S, _read_row
from tests.ocr.test_marks import DPI, _draw, _fresh
from tests.ocr.test_page_dust import _grey


def _evidence(page: np.ndarray, dust=DUSTY):
    """Row 1's evidence on ``page`` (the rule reads its boxes' fields and drawn ink)."""
    from ocr.illumination import flatten
    from ocr.row_marks import RowMarks

    lay = load_layout()
    return RowMarks(flatten(_grey(page), DPI), lay, lay.row(1), DPI, dust).evidence()


def _crossed(option: str) -> MarkReading:
    return MarkReading(option, 0.3, MarkState.MARKED, 0.9999, "fill")


PLAYED = {(RESULT_SIGN, "="): _crossed("=")}
"""A played row: the result's sign crossed for certain."""


def _unsure(option: str, how: str = "dot") -> MarkReading:
    return MarkReading(option, 0.03, MarkState.UNSURE, 0.5, how, dot_mm2=0.26)


def _speck_above(page: np.ndarray, field: str, option: str, gap_px: int, wide: int = 2) -> None:
    """A piece of ink 2 px tall and ``wide`` px wide whose lower edge lies ``gap_px`` pixels
    above the box's top printed edge (from its middle column), on the page's pixel grid."""
    box = load_layout().box(1, field, option)
    x, y = round((box.x + box.width / 2) * S), round(box.y * S)
    page[y - gap_px - 2 : y - gap_px, x : x + wide] = 0.05


def _on_top_edge(page: np.ndarray, field: str, option: str, tall: int, wide: int) -> None:
    """A blob ``tall`` x ``wide`` px from 3 px above the box's top printed edge down (its
    middle column): at 150 dpi the mask of the printed lines is 5 px deep there (rows -2 to
    +2 of the edge's pixel row), so a blob 7 px tall leaves a row of drawn ink above the
    mask and one below it, one 6 px tall a row above it alone."""
    box = load_layout().box(1, field, option)
    x, y = round((box.x + box.width / 2) * S), round(box.y * S)
    page[y - 3 : y - 3 + tall, x : x + wide] = 0.05


def test_one_unsure_box_beside_clean_boxes_is_the_field_s_mark():
    """Declarer W unsure by a dot, N, E and S clean, '=' crossed, on a dusty page: W is
    read marked at 0.98, its ``how`` as read; every other box as it was."""
    ev = _evidence(_fresh())
    read = _row_with(ev, {**PLAYED, (DECLARER, "W"): _unsure("W")})
    assert unsure_on_dusty_page(ev, read)
    out = clean_rivals(ev, read, MARK_SETTINGS)
    w = box_reading(ev, out, DECLARER, "W")
    assert (w.state, w.how) == (MarkState.MARKED, "dot")
    assert w.p_marked == pytest.approx(0.98)
    changed = [i for i, (a, b) in enumerate(zip(read, out, strict=True)) if a != b]
    assert [ev.geometry.boxes[i][:2] for i in changed] == [(DECLARER, "W")]


@pytest.mark.parametrize(
    ("wide", "gap_px", "fires"),
    [(8, 1, False), (8, 3, False), (8, 6, True), (2, 1, True), (2, 3, True)],
)
def test_a_rival_with_ink_by_it_leaves_the_box_unsure(wide, gap_px, fires):
    """The first fault: the player's mark in E read empty. It leaves ink by its box: a
    piece of stroke 8 px wide (1.35 mm, over ``speck_most_mm``: no speck) 1 or 3 px above
    E's edge (0.17, 0.51 mm: within 0.6) is such ink, and W stays unsure; 6 px above (1.02
    mm) it is no ink of E's, and W is marked. A piece of 2 x 2 px (0.115 mm^2, alone, 0.67
    of it under the page's 0.35 mm^2 specks) is a speck of the page's dust wherever it
    lies: no ink of a player's mark."""
    page = _fresh()
    _speck_above(page, DECLARER, "E", gap_px, wide)
    ev = _evidence(page)
    assert ev.views.drawn.any()  # the piece is drawn ink, off the printed lines
    assert holds_no_ink_by(ev, box_index(ev, DECLARER, "E"), MARK_SETTINGS) is fires
    out = clean_rivals(ev, _row_with(ev, {**PLAYED, (DECLARER, "W"): _unsure("W")}), MARK_SETTINGS)
    assert box_reading(ev, out, DECLARER, "W").state is (
        MarkState.MARKED if fires else MarkState.UNSURE
    )


@pytest.mark.parametrize(("tall", "wide", "fires"), [(7, 3, False), (6, 2, True)])
def test_a_blob_on_a_rival_s_edge_is_ink_where_it_is_as_large_as_a_dot_s_part(tall, wide, fires):
    """A pen dot on E's top edge that ``dots_on_edges`` does not take leaves slivers either
    side of the line, each a speck. A blob of 7 x 3 px: 3 px of drawn ink above the mask
    and 3 below (specks of 0.086 mm^2), joined across the line by its 15 px on the line
    beside them: 21 px, 0.602 mm^2 (5.906 px a mm), over ``clean_rival_line_mm2`` (0.25):
    ink by E, W stays unsure. A blob of 6 x 2 px: 2 px above the mask and its 6 px on the
    line, 8 px, 0.229 mm^2, under 0.25: the page's dust on a line, W is marked."""
    page = _fresh()
    _on_top_edge(page, DECLARER, "E", tall, wide)
    ev = _evidence(page)
    assert ev.views.drawn.any()
    assert holds_no_ink_by(ev, box_index(ev, DECLARER, "E"), MARK_SETTINGS) is fires
    out = clean_rivals(ev, _row_with(ev, {**PLAYED, (DECLARER, "W"): _unsure("W")}), MARK_SETTINGS)
    assert box_reading(ev, out, DECLARER, "W").state is (
        MarkState.MARKED if fires else MarkState.UNSURE
    )


@pytest.mark.parametrize(("wide", "fires"), [(5, False), (4, True)])
def test_a_dot_the_mask_of_the_lines_covers_whole_is_ink_by_its_thickness(wide, fires):
    """A blob 5 px tall over E's top edge lies wholly in the mask of the printed lines (5 px
    deep): no drawn ink by E at all. 5 px wide, its middle pixel is 3 px from the paper: 6
    px thick, 1.016 mm (5.906 px a mm), over ``clean_rival_thick_mm`` (0.85): ink by E, W
    stays unsure. 4 px wide, 2.197 px from the paper (OpenCV's 5 x 5 distance mask): 4.39
    px, 0.744 mm, as thick as a scan's printed line: E is clean and W is marked."""
    page = _fresh()
    box = load_layout().box(1, DECLARER, "E")
    x, y = round((box.x + box.width / 2) * S), round(box.y * S)
    page[y - 2 : y + 3, x : x + wide] = 0.05
    ev = _evidence(page)
    i = box_index(ev, DECLARER, "E")
    x0, y0, x1, y1 = ev.views.px(ev.geometry.boxes[i][2])
    assert not ev.views.drawn[y0 - 4 : y1 + 4, x0 - 4 : x1 + 4].any()
    assert holds_no_ink_by(ev, i, MARK_SETTINGS) is fires
    out = clean_rivals(ev, _row_with(ev, {**PLAYED, (DECLARER, "W"): _unsure("W")}), MARK_SETTINGS)
    assert box_reading(ev, out, DECLARER, "W").state is (
        MarkState.MARKED if fires else MarkState.UNSURE
    )


def test_a_rival_first_read_unsure_is_no_clean_box():
    """A dot of 3 x 3 px in the middle of S (0.258 mm^2: unsure by its dot at first; a
    player's dot a dust rule may read as the page's dust, and a speck of it by size, 0.67
    of it under the page's 0.35 mm^2): however S is read after, W stays unsure."""
    page = _fresh()
    box = load_layout().box(1, DECLARER, "S")
    x, y = round((box.x + box.width / 2) * S), round((box.y + box.height / 2) * S)
    page[y : y + 3, x : x + 3] = 0.05
    ev = _evidence(page)
    assert ev.first[box_index(ev, DECLARER, "S")].state is MarkState.UNSURE
    assert not holds_no_ink_by(ev, box_index(ev, DECLARER, "S"), MARK_SETTINGS)
    out = clean_rivals(ev, _row_with(ev, {**PLAYED, (DECLARER, "W"): _unsure("W")}), MARK_SETTINGS)
    assert box_reading(ev, out, DECLARER, "W").state is MarkState.UNSURE


@pytest.mark.parametrize(
    "boxes",
    [
        # The second fault needs the box alone: two unsure boxes, or one beside a mark.
        {(STRAIN, "H"): _unsure("H"), (STRAIN, "S"): _unsure("S")},
        {
            (STRAIN, "H"): _unsure("H"),
            (STRAIN, "S"): MarkReading("S", 0.3, MarkState.MARKED, 0.9999, "fill"),
        },
        # A passed-out board marks no strain.
        {(STRAIN, "H"): _unsure("H"), (PASSED_OUT, "PASS"): _unsure("PASS", "fill")},
        {
            (STRAIN, "H"): _unsure("H"),
            (PASSED_OUT, "PASS"): MarkReading("PASS", 0.3, MarkState.MARKED, 0.9999, "fill"),
        },
        # Fields that may be left empty, or whose other boxes are many: not looked at.
        {(DOUBLING, "X"): _unsure("X")},
        {(RESULT_COUNT, "3"): _unsure("3")},
        {(PASSED_OUT, "PASS"): _unsure("PASS")},
    ],
)
def test_no_change_where_the_box_is_not_alone_or_its_field_may_be_empty(boxes):
    """Each in a played row ('=' crossed)."""
    ev = _evidence(_fresh())
    read = _row_with(ev, {**PLAYED, **boxes})
    assert clean_rivals(ev, read, MARK_SETTINGS) == read


@pytest.mark.parametrize(
    "others",
    [
        {},  # an unplayed row: a clump alone on it stays unsure
        {(RESULT_SIGN, "="): _unsure("=")},  # no other field marked for certain
        {(DOUBLING, "X"): _crossed("X"), (RESULT_COUNT, "2"): _crossed("2")},  # nor of those
        {(DECLARER, "N"): _crossed("N")},  # its own field's: not alone
    ],
)
def test_only_in_a_played_row(others):
    ev = _evidence(_fresh())
    read = _row_with(ev, {**others, (DECLARER, "W"): _unsure("W")})
    assert clean_rivals(ev, read, MARK_SETTINGS) == read


@pytest.mark.parametrize(
    ("field", "option"), [(LEVEL, "4"), (STRAIN, "NT"), (DECLARER, "N"), (RESULT_SIGN, "-")]
)
def test_each_field_a_played_result_marks_one_box_of(field, option):
    ev = _evidence(_fresh())
    played = {(LEVEL, "3"): _crossed("3")} if field == RESULT_SIGN else PLAYED
    read = _row_with(ev, {**played, (field, option): _unsure(option, "fill")})
    out = clean_rivals(ev, read, MARK_SETTINGS)
    assert box_reading(ev, out, field, option).state is MarkState.MARKED


def test_not_on_a_page_that_is_not_dusty():
    """Counted on dusty pages only: elsewhere the rule does not look at the row."""
    ev = _evidence(_fresh(), NO_DUST)
    assert not unsure_on_dusty_page(ev, _row_with(ev, {**PLAYED, (DECLARER, "W"): _unsure("W")}))


def test_read_marked_the_declarer_is_certain_against_the_clean_boxes():
    """4S= by West, both vulnerable, written -620: E gives the same score. W at 0.5 beside
    an E that held ink before a rule read it away is 0.499925 (by hand above) and the
    declarer unchecked; at 0.98 it is 0.999994, certain."""
    four_spades = Contract.parse("4S")
    marks = marks_for(four_spades, Seat.WEST, 10, -620)
    unsure = evidence(marks, 620, {"declarer": {"W": 0.5}})
    unsure = replace(unsure, inked_at_first=frozenset({(DECLARER, "E")}))
    assert _group_certainty(unsure.declarer, "W") == pytest.approx(0.499925, abs=1e-6)
    assert "declarer" in decode_contract(unsure, Vulnerability.BOTH).unchecked
    marked = evidence(marks, 620, {"declarer": {"W": 0.98}})
    assert _group_certainty(marked.declarer, "W", blank=False) == pytest.approx(0.999994, abs=1e-6)
    assert _group_certainty(marked.declarer, "W", blank=False) >= CERTAIN
    decoded = decode_contract(marked, Vulnerability.BOTH)
    assert decoded.ranked[0][0] == (four_spades, Seat.WEST, 10, -620)
    assert decoded.unchecked == ()


def _dot_in(page: np.ndarray, field: str, option: str) -> None:
    """A dot of 3 x 3 px (0.258 mm^2: between 0.15 and 0.40, unsure) in the box's middle."""
    box = load_layout().box(1, field, option)
    x, y = round((box.x + box.width / 2) * S) - 1, round((box.y + box.height / 2) * S) - 1
    page[y : y + 3, x : x + 3] = 0.05


def test_a_small_dot_read_on_a_dusty_page():
    """A dot of 0.258 mm^2 in declarer W on a page whose specks are 0.16 mm^2 (0.67 of the
    dot, 0.173, is larger: no dust like it, ``dusty_page`` keeps it): unsure by its dot
    without the rule, marked with it; with a piece of stroke (2 x 8 px) 1 px above S,
    unsure both ways."""
    page = _fresh()
    _draw(page, LEVEL, "3", "cross")  # a played row
    _dot_in(page, DECLARER, "W")
    with rules_off("clean_rivals"):
        assert _read_row(page, SMALL_SPECKS)[(DECLARER, "W")].state is MarkState.UNSURE
    assert _read_row(page, SMALL_SPECKS)[(DECLARER, "W")].state is MarkState.MARKED
    _speck_above(page, DECLARER, "S", 1, wide=8)
    assert _read_row(page, SMALL_SPECKS)[(DECLARER, "W")].state is MarkState.UNSURE


def test_the_rule_runs_after_every_rule_that_reads_a_box_unsure():
    """After every rule that reads a box unsure, ``empty_field_dot`` too (a box it reads
    unsure is one this rule may read marked); only ``edge_dot_rivals``, which never runs on
    a dusty page, ``dot_beside_circle``, which never runs on a dusty page either,
    ``faint_lone_pass``, ``struck_pass`` and ``faint_in_band``, which read no box but one
    marked by its fill alone, and ``thick_beside_faint``, which reads a box unsure only
    beside a field's mark of a fill alone (a field ``clean_rivals`` leaves as it is), and
    ``clump_fills``, which reads a box less marked only in a field another box of which is
    marked for certain (nor such a field), and ``strips_alone_beside_circle``, which reads
    a box unsure only beside a box of its field circled for certain (nor such a field),
    and ``empty_count_dot``, which reads unsure only a count box (a field ``clean_rivals``
    never reads), and ``speckled_doubling``, which reads a box of the doubling only less
    marked (nor such a field), come after it."""
    assert RULE_NAMES[-12:] == (
        "empty_field_dot",
        "clean_rivals",
        "dot_beside_circle",
        "edge_dot_rivals",
        "faint_lone_pass",
        "struck_pass",
        "thick_beside_faint",
        "faint_in_band",
        "clump_fills",
        "strips_alone_beside_circle",
        "empty_count_dot",
        "speckled_doubling",
    )


_STATES = st.sampled_from([MarkState.EMPTY, MarkState.EMPTY, MarkState.UNSURE, MarkState.MARKED])


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_it_only_ever_marks_a_lone_unsure_box_of_a_one_box_field(data):
    """On any readings of a clean dusty row: a box changes only from unsure to marked, in a
    field of ``ONE_BOX_FIELDS`` where it was the only box not read empty, in a row where
    another of those fields holds a box marked for certain, and never while the PASS box
    holds a mark."""
    ev = _evidence_once()
    read = []
    for _f, o, _ in ev.geometry.boxes:
        state = data.draw(_STATES)
        p = {MarkState.EMPTY: 0.0001, MarkState.UNSURE: 0.5, MarkState.MARKED: 0.9999}[state]
        read.append(MarkReading(o, 0.0, state, p, "fill" if state is not MarkState.EMPTY else ""))
    out = clean_rivals(ev, read, MARK_SETTINGS)
    fields = [f for f, _, _ in ev.geometry.boxes]
    passed = any(
        f == PASSED_OUT and r.state is not MarkState.EMPTY
        for f, r in zip(fields, read, strict=True)
    )
    for i, (a, b) in enumerate(zip(read, out, strict=True)):
        others = [read[j] for j, f in enumerate(fields) if f == fields[i] and j != i]
        lone = a.state is MarkState.UNSURE and all(r.state is MarkState.EMPTY for r in others)
        played = any(
            f in ONE_BOX_FIELDS and f != fields[i] and r.state is MarkState.MARKED
            for f, r in zip(fields, read, strict=True)
        )
        expected = lone and fields[i] in ONE_BOX_FIELDS and not passed and played
        assert (b != a) is expected
        if b != a:
            assert (b.state, b.how) == (MarkState.MARKED, a.how)


_EV: list = []


def _evidence_once():
    if not _EV:
        _EV.append(_evidence(_fresh()))
    return _EV[0]


def _level_3_dotted_on_its_edge(stroke_by_4: bool) -> tuple[object, dict]:
    """Row 1 with heart filled (a played row) and a pen dot 1.5 mm across (a disc of
    radius 4 px) centred 1 px inside level 3's right edge (``tests.ocr.test_edge_dots``:
    0.97 of its ink nearest level 3, its owner; its blob joined across the line centred
    half a pixel inside the edge, 0.08 mm: a dot centred on the edge itself that reaches
    level 4 is one in the gap on a dusty page, tests/ocr/test_dot_on_edge_by_gap.py); the
    disc runs 3 px into the 6 px gap, 3 px from level 4, within ``clean_rival_mm`` (4 px)
    of it. With ``stroke_by_4``, a piece of stroke 8 px wide 1 px above level 4's top edge
    (1.35 mm: no speck). Its evidence and its boxes as read on a dusty page."""
    from tests.ocr.test_edge_dots import _dot_on_level_3_s_edge

    page = _dot_on_level_3_s_edge(speck=False, radius_px=4)
    if stroke_by_4:
        _speck_above(page, LEVEL, "4", 1, wide=8)
    return _evidence(page), _read_row(page, DUSTY)


def test_a_dot_on_its_own_edge_is_no_ink_of_the_next_box():
    """Issue 43, item 4 (noisy43c: TRAINING noisy, seed 13, page_0016 row 2, page_0020 row
    8: a player's dot on the edge a strain box shares the gap with its neighbour, the
    field's only ink, left unsure where the score cannot check it). Level 4 holds the dot's
    ink within 0.6 mm: asked as before it is no clean box. But the dot is level 3's, and it
    stands alone (no other drawn ink within 1 mm): without it level 4 holds no ink, every
    other level box is clean, and level 3 is read marked."""
    ev, read = _level_3_dotted_on_its_edge(stroke_by_4=False)
    four = box_index(ev, LEVEL, "4")
    assert not holds_no_ink_by(ev, four, MARK_SETTINGS)
    (dot,) = ev.views.dots_on_edges(np.zeros(len(ev.first), bool), MARK_SETTINGS)
    owner = dot.owner(MARK_SETTINGS.edge_dot_own_share, MARK_SETTINGS.edge_dot_centre_mm)
    assert owner == box_index(ev, LEVEL, "3")
    assert holds_no_ink_by(ev, four, MARK_SETTINGS, (dot.px,))
    assert (read[LEVEL, "3"].state, read[LEVEL, "3"].how) == (MarkState.MARKED, "dot")
    assert read[LEVEL, "4"].state is MarkState.EMPTY


def test_ink_by_the_next_box_beyond_the_dot_is_still_its_ink():
    """The same dot and a piece of stroke by level 4 away from it: that is ink a player's
    mark in level 4 leaves, and level 3 stays unsure."""
    ev, read = _level_3_dotted_on_its_edge(stroke_by_4=True)
    (dot,) = ev.views.dots_on_edges(np.zeros(len(ev.first), bool), MARK_SETTINGS)
    assert not holds_no_ink_by(ev, box_index(ev, LEVEL, "4"), MARK_SETTINGS, (dot.px,))
    assert read[LEVEL, "3"].state is MarkState.UNSURE


def _level_3_dotted_beside_a_blob_by_5(thick_blob: bool) -> tuple[object, dict]:
    """The pen dot on level 3's edge above (1.5 mm across: a disc 9 px across, 1.52 mm,
    over ``edge_dot_core_mm``'s 6.20 px) and, on level 5's top edge (its middle column), a
    blob: 7 x 3 px (``_on_top_edge``: 0.602 mm^2 joined
    across the line, over ``clean_rival_line_mm2``; 3 px wide, its middle column 2 px from
    the paper, 4 px across, 0.68 mm: as thin as a line and a grain; the 3 px above the mask
    and the 3 below are specks of 0.086 mm^2), or with ``thick_blob`` a blob 5 x 5 px the
    mask covers whole (6 px across, 1.016 mm: over ``clean_rival_thick_mm``)."""
    from tests.ocr.test_edge_dots import _dot_on_level_3_s_edge

    page = _dot_on_level_3_s_edge(speck=False, radius_px=4)
    if thick_blob:
        box = load_layout().box(1, LEVEL, "5")
        x, y = round((box.x + box.width / 2) * S), round(box.y * S)
        page[y - 2 : y + 3, x : x + 5] = 0.05
    else:
        _on_top_edge(page, LEVEL, "5", 7, 3)
    return _evidence(page), _read_row(page, DUSTY)


@pytest.mark.parametrize("thick_blob", [False, True])
def test_a_pen_dot_s_rivals_may_hold_blobs_on_their_lines(thick_blob):
    """Issue 43, item 4 (noisy43d: TRAINING's dirty glass page_0048 row 6, page_0070 row
    2: a player's dot on the level's or strain's edge, the field's only ink, left unsure
    beside a blob of the glass's dust on another box's line, the score unable to check
    it). Level 5 holds a blob on its line: asked as before it is no clean box. Level 3's
    own dot holds a pen's core, and a field holds one mark: the thin blob on level 5's
    line, whose drawn ink is specks, is no ink a player's mark leaves beside a pen dot
    (boxes no player marked unsure by their own dot with such a core: 0 of 37 on those
    pages), and level 3 is read marked. A blob as thick as a dot's core (a pen dot the mask
    covers whole) still counts: level 3 stays unsure."""
    ev, read = _level_3_dotted_beside_a_blob_by_5(thick_blob)
    five = box_index(ev, LEVEL, "5")
    (dot,) = ev.views.dots_on_edges(np.zeros(len(ev.first), bool), MARK_SETTINGS)
    assert not holds_no_ink_by(ev, five, MARK_SETTINGS, (dot.px,))
    assert holds_no_ink_by(ev, five, MARK_SETTINGS, (dot.px,), on_lines=False) is not thick_blob
    three = read[LEVEL, "3"]
    assert (three.state, three.how) == (
        MarkState.UNSURE if thick_blob else MarkState.MARKED,
        "dot",
    )
    assert read[LEVEL, "5"].state is MarkState.EMPTY
