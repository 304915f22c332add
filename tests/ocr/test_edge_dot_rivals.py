"""A pen dot on its box's printed edge, the only ink of its field, is its mark on a page
that is not dusty (rule ``edge_dot_rivals``, ocr/edge_dot_rivals.py; issue 43, item 4),
unless it lies in the gap towards another box of the field (``in_the_gap``, which rule
``clean_rivals`` asks on a dusty page too).

The numbers, by hand. At 150 dpi a pixel is 0.169 mm (5.906 px a mm). The dot is a disc of
radius 6 px (2.2 mm across) centred 3 px inside level 3's right edge (``INSIDE``): most of
its ink lies nearest level 3 (over ``edge_dot_own_share``, 0.65), so ``edge_dots`` reads 3
unsure by it (``EDGE_UNSURE_MM2``, 0.275 mm^2; tests/ocr/test_edge_dots.py). Joined across
the line's mask (5 px wide) it runs 9 px inside 3 to 3 px past the edge, its middle 3 px
(0.51 mm) inside 3. Centred 1 px inside, the joined dot's middle lies on the edge itself,
which is in the gap (the last test of this module). ``clean_rival_mm`` (0.6)
is round(3.54) = 4 px: drawn ink 1 or 3 px off another level's printed edge is by it,
ink 6 px off (1.02 mm) is not. Read marked, the box is at the marked threshold's
confidence, 0.98.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from ocr.clean_rivals import grown, holds_no_ink_by, in_the_gap
from ocr.edge_dots import EdgeDot
from ocr.layout import DOUBLING, LEVEL, STRAIN, load_layout
from ocr.mark_rules import rules_off
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import DOT_IN_GAP, MarkReading, MarkState
from ocr.page_dust import NO_DUST
from tests.ocr.bands import band_marks
from tests.ocr.marked_rows import box_index, marked_row
from tests.ocr.test_clean_rivals import _speck_above
from tests.ocr.test_dust_rules import DUSTY, S, _read_row
from tests.ocr.test_edge_dots import _dot_on_level_3_s_edge
from tests.ocr.test_marks import _fresh

LEVELS = ("1", "2", "3", "4", "5", "6", "7")
INSIDE = 3
"""How far inside level 3's right edge the dot is centred (px): its joined middle inside 3."""


def test_a_pen_dot_on_its_edge_alone_in_its_field_is_its_mark():
    """Heart filled (a played row), the dot on level 3's edge the levels' only ink: level
    3 is read marked by its dot at 0.98, every other level empty. Without the rule it is
    unsure, and a score that cannot tell 3 from another level sends the row to a person
    (TRAINING seed 13: 86 such boxes on 40 pages each of pencil, damaged, pdf150 and
    phone, every one the player's)."""
    page = _dot_on_level_3_s_edge(speck=False, inside_px=INSIDE)
    read = _read_row(page, NO_DUST)
    three = read[LEVEL, "3"]
    assert three.state is MarkState.MARKED
    assert three.p_marked == pytest.approx(0.98)
    assert all(read[LEVEL, o].state is MarkState.EMPTY for o in LEVELS if o != "3")
    with rules_off("edge_dot_rivals"):
        without = _read_row(page, NO_DUST)
    assert without[LEVEL, "3"].state is MarkState.UNSURE


@pytest.mark.parametrize(
    ("option", "wide", "gap_px", "marked"),
    [
        ("1", 8, 1, False),
        ("1", 8, 3, False),
        ("1", 8, 6, True),
        ("1", 2, 1, False),
        ("5", 8, 3, False),
    ],
)
def test_a_rival_with_ink_by_it_leaves_the_dot_unsure(option, wide, gap_px, marked):
    """The first fault: the player's mark in another level read empty. It leaves ink by its
    box: a piece of stroke 8 px wide 1 or 3 px above level 1's or 5's top edge (0.17, 0.51
    mm: within 0.6) is such ink, and 3 stays unsure; 6 px above (1.02 mm) it is no ink of
    1's, and 3 is marked. On a page that is not dusty a piece of 2 x 2 px (0.115 mm^2) is
    ink too: there is no dust to take it for."""
    page = _dot_on_level_3_s_edge(speck=False, inside_px=INSIDE)
    _speck_above(page, LEVEL, option, gap_px, wide)
    read = _read_row(page, NO_DUST)
    assert read[LEVEL, option].state is MarkState.EMPTY
    assert read[LEVEL, "3"].state is (MarkState.MARKED if marked else MarkState.UNSURE)


def test_on_a_dusty_page_the_rule_does_not_run():
    """On a dusty page ``clean_rivals`` asks the same with the glass's specks let go; with
    it off, the dot stays unsure: this rule does not look at a dusty page."""
    page = _dot_on_level_3_s_edge(speck=False)
    with rules_off("clean_rivals"):
        read = _read_row(page, DUSTY)
    assert (read[LEVEL, "3"].state, read[LEVEL, "3"].how) == (MarkState.UNSURE, "dot")


def test_a_dot_alone_in_a_row_no_result_marks_stays_unsure():
    """The row holds a mark (the doubling's X filled: ``edge_dots`` looks at it), but no
    level, strain, declarer or sign is marked for certain: nothing says the row was
    played, and a dot alone is no contract."""
    page = _dot_on_level_3_s_edge(speck=False)
    layout = load_layout()
    heart, double = layout.box(1, STRAIN, "H"), layout.box(1, DOUBLING, "X")
    hx, hy = round(heart.x * S) + 4, round(heart.y * S) + 4
    page[hy : hy + 18, hx : hx + 18] = 1.0  # the heart's fill taken off
    dx, dy = round(double.x * S) + 4, round(double.y * S) + 4
    page[dy : dy + 18, dx : dx + 18] = 0.05
    read = _read_row(page, NO_DUST)
    assert read[STRAIN, "H"].state is MarkState.EMPTY
    assert read[DOUBLING, "X"].state is MarkState.MARKED
    assert read[LEVEL, "3"].state is MarkState.UNSURE


def test_a_training_dot_centred_on_its_level_s_edge_stays_unsure():
    """TRAINING clean page_0003.jpg row 3 (the band tests/ocr/test_edge_dots.py reads): the
    player's dot for level 4 on 4's right edge, 0.896 of it nearer 4, the levels' only ink,
    its joined middle on the edge itself and its ink by the next level: in the gap
    (``edge_too``), so 4 stays unsure and the score or a person settles it (the price of
    the last test's mend), 3 and 5 empty."""
    marks = band_marks("row_band_dot_on_edge_owned.png", 3, LEVEL)
    assert (marks["4"].state, marks["4"].how) == (MarkState.UNSURE, DOT_IN_GAP)
    assert marks["5"].state is MarkState.EMPTY and marks["3"].state is MarkState.EMPTY


def _dot_in_the_gap_by_level_3() -> np.ndarray:
    """Row 1 with heart filled (a played row) and a pen dot 1.9 mm across (a disc of radius
    5 px) centred 2 px left of level 3's left edge (page x 425), in the 1 mm gap towards
    level 2 (its right edge at x 419). The mask of the printed lines is 5 px wide (an
    edge's column and 2 either side): 417-421 and 423-427. The disc (x 418-428) leaves
    drawn ink in the gap's free column 422 and in level 3's column 428; joined across the
    lines (the line's pixels within 3 px of drawn ink across it) the dot runs x 419-428,
    from level 2's edge to 3 px inside 3: its centre, x 424 (the middle of 419-429), lies
    1 px (0.169 mm) outside level 3's printed rectangle and 5 px (0.847 mm) from level 2's,
    and it touches level 2's edge (within ``edge_dot_near_mm``). As TRAINING ordinary seed
    5834 page_0030 row 3 (issue 43): the player's dot for level 2, joined x 360-369 in its
    band, level 2's edge at 360, level 3's at 366, 0.63 of it nearest 3."""
    from tests.ocr.test_edge_dots import _fresh

    page = _fresh()
    layout = load_layout()
    box = layout.box(1, LEVEL, "3")
    ex, my = round(box.x * S), round((box.y + box.height / 2) * S)
    cv2.circle(page, (ex - 2, my), 5, 0.05, -1)
    heart = layout.box(1, STRAIN, "H")
    x0, y0 = round(heart.x * S) + 4, round(heart.y * S) + 4
    page[y0 : y0 + 18, x0 : x0 + 18] = 0.05
    return page


def test_a_dot_in_the_gap_towards_another_level_stays_unsure(monkeypatch):
    """Issue 43 (edgedot43): a dot whose centre lies in the gap between level 3 and level 2
    covers the two printed edges that face each other there, and cannot say which level
    the player meant; where the score cannot tell 2 from 3 (2NTX-4 and 3NTX-4 not
    vulnerable are both 800) only a person can. Level 3 owns the dot (``edge_dots`` reads
    it unsure; by its share or, under 0.65, by its centre within 0.3 mm of 3's edge), and
    stays unsure, named ``DOT_IN_GAP`` (never its field's only ink: the last test of this
    module); level 2 and the rest stay empty. Without the gap test (``dots_in_the_gap``
    finding none) level 2 holds no ink but the dot's own and 3 is read marked: the fault.
    The dot on level 3's right edge, its centre 1 px inside 3, running 5 px into the gap
    towards 4, is still read marked (the first test of this module)."""
    from tests.ocr.test_clean_rivals import _evidence

    page = _dot_in_the_gap_by_level_3()
    ev = _evidence(page, NO_DUST)
    two, three = box_index(ev, LEVEL, "2"), box_index(ev, LEVEL, "3")
    (dot,) = ev.views.dots_on_edges(np.zeros(len(ev.first), bool), MARK_SETTINGS)
    assert dot.owner(MARK_SETTINGS.edge_dot_own_share, MARK_SETTINGS.edge_dot_centre_mm) == three
    assert (dot.inside[three], dot.near[two]) == (False, True)
    assert dot.centre_mm[three] == pytest.approx(1 / S)
    read = _read_row(page, NO_DUST)
    assert (read[LEVEL, "3"].state, read[LEVEL, "3"].how) == (MarkState.UNSURE, DOT_IN_GAP)
    assert all(read[LEVEL, o].state is MarkState.EMPTY for o in LEVELS if o != "3")
    monkeypatch.setattr("ocr.edge_dot_rivals.dots_in_the_gap", lambda *_, **__: ())
    assert _read_row(page, NO_DUST)[LEVEL, "3"].state is MarkState.MARKED


def test_on_a_dusty_page_a_dot_in_the_gap_stays_unsure_too(monkeypatch):
    """Issue 43 (gapdust43): rule ``clean_rivals`` sets a box's own dot on an edge aside in
    the same way on a dusty page, so the dot in the gap above cannot say 2 from 3 there
    either. Level 2 holds the dot's ink (it touches 2's edge, within ``clean_rival_mm``'s
    4 px): asked plainly 2 is no clean box; with the dot's own ink aside (its joined blob,
    grown by a pixel) it is. Level 3 stays unsure by its dot, every other level empty;
    without the gap test 3 is read marked (TRAINING noisy, 430 pages: 44 such boxes, one not
    the player's, seed 777 page_0013 row 1; docs/reader-history.md, gapdust43)."""
    from tests.ocr.test_clean_rivals import _evidence

    page = _dot_in_the_gap_by_level_3()
    ev = _evidence(page, DUSTY)
    two, three = box_index(ev, LEVEL, "2"), box_index(ev, LEVEL, "3")
    (dot,) = ev.views.dots_on_edges(np.zeros(len(ev.first), bool), MARK_SETTINGS)
    assert dot.owner(MARK_SETTINGS.edge_dot_own_share, MARK_SETTINGS.edge_dot_centre_mm) == three
    assert in_the_gap(dot, three, [two])
    assert not holds_no_ink_by(ev, two, MARK_SETTINGS)
    assert holds_no_ink_by(ev, two, MARK_SETTINGS, grown((dot.px,)))
    read = _read_row(page, DUSTY)
    assert (read[LEVEL, "3"].state, read[LEVEL, "3"].how) == (MarkState.UNSURE, DOT_IN_GAP)
    assert all(read[LEVEL, o].state is MarkState.EMPTY for o in LEVELS if o != "3")
    monkeypatch.setattr("ocr.clean_rivals.in_the_gap", lambda *_, **__: False)
    assert _read_row(page, DUSTY)[LEVEL, "3"].state is MarkState.MARKED


@pytest.mark.parametrize(
    ("near", "inside", "rivals", "gap"),
    [
        ((True, True, False), (False, False, False), [0, 2], True),  # 5834's dot
        ((True, True, False), (False, True, False), [0, 2], False),  # centre on 1's edge
        ((False, True, False), (False, False, False), [0, 2], False),  # facing no rival
        ((True, True, False), (False, False, False), [2], False),  # box 0 another field's
    ],
)
def test_in_the_gap_is_a_centre_outside_its_box_and_a_rival_near(near, inside, rivals, gap):
    """Box 1 owns the dot; ``in_the_gap`` asks only where its centre lies (``inside``) and
    which boxes of the field its ink comes near (``near``): the shares do not enter."""
    dot = EdgeDot(near, (0.37, 0.63, 0.0), (0, 0, 1, 1), (0.85, 0.17, 3.0), inside)
    assert in_the_gap(dot, 1, rivals) is gap


@pytest.mark.parametrize("inside_px", [1, 2, 3])
def test_a_dot_on_the_edge_a_neighbour_faces_is_its_own_though_read_as_a_stroke(inside_px):
    """A pen dot 2.2 mm across (a disc of radius 6 px) centred 1-3 px inside level 3's left
    edge, facing level 2 across the 1 mm gap: its ink in level 3 fills it 0.08-0.15, read
    by that fill, and runs out into the gap, so ``without_spill`` takes it for level 2's
    stroke and reads level 3 unsure ('edge'); ``edge_dots`` leaves a box already unsure as
    it is. The dot found on the edge is level 3's own (``EdgeDot.owner``) and level 2 holds
    no ink but the dot's: level 3 is marked (0.98), as a box unsure by that dot alone is.
    Without the rule it stays unsure by the stroke (TRAINING pencil seed 13,
    ``page_0034.jpg`` row 5: the player's pencil dot on W's left edge)."""
    page = _fresh()
    layout = load_layout()
    box = layout.box(1, LEVEL, "3")
    cv2.circle(page, (round(box.x * S) + inside_px, round((box.y + box.height / 2) * S)), 6,
               0.05, -1)  # fmt: skip
    heart = layout.box(1, STRAIN, "H")
    x0, y0 = round(heart.x * S) + 4, round(heart.y * S) + 4
    page[y0 : y0 + 18, x0 : x0 + 18] = 0.05
    three = _read_row(page, NO_DUST)[LEVEL, "3"]
    assert three.state is MarkState.MARKED
    assert three.p_marked == pytest.approx(0.98)
    with rules_off("edge_dot_rivals"):
        without = _read_row(page, NO_DUST)[LEVEL, "3"]
    assert (without.state, without.how) == (MarkState.UNSURE, "edge")


def _four_by_west_one_down(strain_s: MarkReading, dusty: bool = True):  # type: ignore[no-untyped-def]
    """Row 1, printed 3-15, not vulnerable: level 4, declarer W, one down, +50 for NS
    written, every strain box empty but S as given; on a dusty page unless ``dusty`` is
    false (``_decode_row``'s own default)."""
    from ocr.align import WORK_DPI
    from ocr.combs import DigitBox
    from ocr.printed_pairs import PrintedPairs
    from ocr.reading import PageRef
    from ocr.row_marks import FieldMarks
    from ocr.row_reader import _decode_row
    from scoring.board import Vulnerability

    marked = {"level": "4", "declarer": "W", "result_sign": "-", "result_count": "1",
              "score_side": "NS"}  # fmt: skip
    row = load_layout().row(1)
    marks, boxes = marked_row(row, marked)
    marks[STRAIN] = [strain_s if m.option == "S" else m for m in marks[STRAIN]]
    five, zero = ([0.001] * 10, [0.001] * 10)
    five[5], zero[0] = 0.991, 0.991
    boxes["score"] = [DigitBox(None), DigitBox(None), DigitBox(tuple(five)), DigitBox(tuple(zero))]
    mm = WORK_DPI / 25.4
    page = np.full((int(297 * mm), int(210 * mm)), 255, np.uint8)
    printed = PrintedPairs(rows=((1, 3, 15),))
    read = FieldMarks(marks, frozenset())
    return _decode_row(
        row, PageRef("p.png"), page, read, boxes, Vulnerability.NONE, printed, 0.995, dusty=dusty
    )


def test_a_box_unsure_by_its_dot_in_the_gap_is_never_its_field_s_only_ink():
    """TRAINING pdf150 seed 56264, ``page_0012.pdf`` row 3: 4H by W one down (+50 not
    vulnerable, as 4S, 4C, 4D and 4NT one down: 50 a trick undoubled), the player's dot in
    the gap between H and S given to S and left unsure there (``in_the_gap``), H read
    empty. As a dot on S's edge, the strains' only ink, S is weighed against the clean
    boxes alone and the row was accepted as 4S by W -1; named ``DOT_IN_GAP`` it is never
    its field's only ink, and the strain goes to a person."""
    from ocr.reading import RowStatus

    dot = MarkReading("S", 0.025, MarkState.UNSURE, 0.5, "dot", dot_mm2=0.275)
    on_edge = _four_by_west_one_down(dot, dusty=False)  # a PDF's page holds no dust
    assert (on_edge.status, str(on_edge.best)) == (RowStatus.ACCEPTED, "3-15 4S W -1 +50")
    in_gap = _four_by_west_one_down(replace(dot, how=DOT_IN_GAP), dusty=False)
    assert in_gap.status is RowStatus.REVIEW
    assert in_gap.reasons == ("marks not certain in strain, which the score cannot check",)


def test_a_dot_centred_on_its_edge_reaching_the_next_level_stays_unsure():
    """Fresh TRAINING phone seed 48171, ``page_0023.jpg`` row 3 (its band stored as the
    reader read it): the player's dot for level 2, pushed past 2's right edge, centred on
    level 3's left edge itself, 0.75 of it nearest 3 and 0.25 nearest 2. Read 3 marked, the
    row was accepted as 3S by East -1 for 2S by East -1 (+100 either way, vulnerable). A
    centre on the edge is no centre inside the box (``in_the_gap``'s ``edge_too``): 3 stays
    unsure, never its field's only ink, and the score cannot tell the levels apart."""
    marks = band_marks("row_band_level_dot_past_edge_phone.png", 3, LEVEL)
    assert (marks["3"].state, marks["3"].how) == (MarkState.UNSURE, DOT_IN_GAP)
    assert all(marks[o].state is MarkState.EMPTY for o in LEVELS if o != "3")
