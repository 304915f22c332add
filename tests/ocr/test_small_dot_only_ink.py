"""A box unsure by its own dot inside it, under a pen dot's size, is never its field's only
ink: a clump or a speck is as large, and the written score decides
(``ocr.unchecked_marks.small_dots``; issue 43).

Fresh TRAINING fine dots on dirty glass seed 49485, ``page_0022.png`` row 4: 4S by South -1,
50 written to East-West. The player's dot for level 4 lies on 4's top-left corner, outside
the box, and no reading saw it; a clump of 0.344 mm^2 in level 2 was read unsure by its dot
and was the level's only ink, and the row was accepted as 2S -1 (50 at every level). The
band stored here is the row as the reader read it (its page's margins hold no specks).
"""

from __future__ import annotations

from dataclasses import replace

from ocr.dots import EDGE_UNSURE_MM2
from ocr.layout import LEVEL, STRAIN
from ocr.marks import MarkReading, MarkState
from ocr.reading import RowStatus
from ocr.unchecked_marks import small_dots
from tests.ocr.bands import band_marks
from tests.ocr.test_edge_dot_rivals import _four_by_west_one_down

BAND = "row_band_clump_in_level_dot_on_corner_fine_dots.png"
EDGE_BAND = "row_band_level_edge_dot_dusty_fine_dots.png"


def test_the_clump_in_level_2_is_a_small_dot_and_no_other_level_holds_ink():
    marks = band_marks(BAND, 4, LEVEL)
    two = marks["2"]
    assert (two.state, two.how, round(two.dot_mm2, 3)) == (MarkState.UNSURE, "dot", 0.344)
    assert all(marks[o].state is MarkState.EMPTY for o in "134567")
    assert small_dots({LEVEL: list(marks.values())}) == {(LEVEL, "2")}


def test_a_small_dot_inside_its_box_is_never_its_field_s_only_ink():
    """4? by West one down, +50 written, which every strain fits: a strain box unsure by a
    dot of 0.30 mm^2 inside it goes to a person; one on its printed edge (0.275, read by
    ``edge_dots``) is weighed by ``edge_dot_rivals`` and stays its field's only ink on a
    page that is not dusty, and so does a dot of a pen's size a rule made unsure. On a
    dusty page the dot on the edge goes to a person too (a clump the printed line cuts)."""
    inside = MarkReading("S", 0.03, MarkState.UNSURE, 0.7, "dot", dot_mm2=0.30)
    row = _four_by_west_one_down(inside)
    assert row.status is RowStatus.REVIEW
    assert row.reasons == ("marks not certain in strain, which the score cannot check",)
    on_edge = replace(inside, dot_mm2=EDGE_UNSURE_MM2)
    assert _four_by_west_one_down(on_edge, dusty=False).status is RowStatus.ACCEPTED
    on_dusty_page = _four_by_west_one_down(on_edge, dusty=True)
    assert on_dusty_page.reasons == ("marks not certain in strain, which the score cannot check",)
    pen_size = _four_by_west_one_down(replace(inside, dot_mm2=0.5))
    assert pen_size.status is RowStatus.ACCEPTED
    assert small_dots({STRAIN: [inside]}) == {(STRAIN, "S")}
    assert small_dots({STRAIN: [on_edge]}) == frozenset()
    assert small_dots({STRAIN: [on_edge]}, dusty=True) == {(STRAIN, "S")}


def test_a_dot_on_a_printed_edge_on_a_dusty_page():
    """Fresh TRAINING fine dots on dirty glass seed 37661, ``page_0025.png`` row 9: 2NT by
    South one down, 50 written to East-West (as at every level). The player's fine dot in
    level 2 left no ink a reading saw; a dot on 7's printed edge (the page's dust, cut by
    the printed line) is the level's only ink, read unsure by ``edge_dots``. On this dusty
    page it is never the level's only ink, and the score, the same at every level, sends
    the row to a person instead of accepting 7NT -1."""
    marks = band_marks(EDGE_BAND, 9, LEVEL)
    seven = marks["7"]
    assert (seven.state, seven.how, seven.dot_mm2) == (MarkState.UNSURE, "dot", EDGE_UNSURE_MM2)
    assert all(marks[o].state is MarkState.EMPTY for o in "123456")
    assert small_dots({LEVEL: list(marks.values())}, dusty=True) == {(LEVEL, "7")}
    assert small_dots({LEVEL: list(marks.values())}) == frozenset()
