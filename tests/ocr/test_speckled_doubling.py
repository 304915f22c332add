"""A played row's doubling read empty on a dusty page, its boxes read without the page's
specks where they hold no ink a player's mark leaves (rule ``speckled_doubling``; issue 43).

Where no score is written the doubling must say "no box" at ``CERTAIN_UNDOUBLED`` (0.999):
a speck of the glass in X (0.086 mm^2, ``p_marked`` 0.0028) left it at 0.997, and the row
went to a person. A speck is dust where nothing a player's mark leaves lies by the box
(``holds_no_ink_by``); a pale dot on X's printed edge, hidden by the mask of the line, is
such ink, and the doubling is left as read.
"""

from __future__ import annotations

import numpy as np
import pytest

from ocr.layout import DOUBLING, load_layout
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import MarkReading, MarkState
from ocr.page_dust import NO_DUST
from ocr.speckled_doubling import speckled_doubling, speckled_doubling_on_dusty_page
from ocr.unchecked_marks import CERTAIN_UNDOUBLED
from tests.ocr.bands import band_row, stored_dust
from tests.ocr.marked_rows import box_index
from tests.ocr.test_clean_rivals import PLAYED, _evidence
from tests.ocr.test_dust_dots import _row_with
from tests.ocr.test_dust_rules import DUSTY, S
from tests.ocr.test_empty_fields import NO_DOUBLING_LEFT, _blob_on_top_edge
from tests.ocr.test_marks import _fresh


def _speckled_x(edge_blob: int = 0, dust=DUSTY):  # type: ignore[no-untyped-def]
    """Row 1's evidence with a speck 2 x 2 px (0.115 mm^2) at X's centre and, where
    ``edge_blob``, a blob 5 px tall and that wide on X's top printed edge; and the row's
    readings: played ('=' crossed), X as first read, every other box clean."""
    page = _fresh()
    box = load_layout().box(1, DOUBLING, "X")
    x, y = round((box.x + box.width / 2) * S), round((box.y + box.height / 2) * S)
    page[y : y + 2, x : x + 2] = 0.05
    if edge_blob:
        _blob_on_top_edge(page, DOUBLING, "X", edge_blob)
    ev = _evidence(page, dust)
    i = box_index(ev, DOUBLING, "X")
    read = _row_with(ev, PLAYED)
    read[i] = ev.first[i]
    return ev, read, i


def _none_marked(doubling: list[MarkReading]) -> float:
    """P(no box of the doubling is marked) among the readings it can give (no box, X, XX),
    each box's ``p_marked`` taken alone (``ocr.unchecked_marks._share``)."""
    p = np.array([m.p_marked for m in doubling])
    none = float(np.prod(1.0 - p))
    one = sum(float(p[k] * np.prod(np.delete(1.0 - p, k))) for k in range(len(p)))
    return none / (none + one)


def test_a_speck_in_x_is_read_away():
    """The speck reads X empty at 0.0068 (its dot's size); without the page's specks X is
    as clean as a box with no ink (under 0.0001)."""
    ev, read, i = _speckled_x()
    assert read[i].state is MarkState.EMPTY and read[i].dot_mm2 > 0
    assert read[i].p_marked > 1.0 - CERTAIN_UNDOUBLED  # alone it breaks the 0.999
    assert speckled_doubling_on_dusty_page(ev, read)
    x = speckled_doubling(ev, read, MARK_SETTINGS)[i]
    assert x.state is MarkState.EMPTY and x.dot_mm2 == 0
    assert x.p_marked < 1e-4


@pytest.mark.parametrize(("wide", "left"), [(5, True), (4, False)])
def test_ink_a_player_s_mark_leaves_by_x_keeps_the_speck(wide, left):
    """A blob 5 px wide on X's top edge is solid ink 0.85 mm thick with the line (a pen
    dot's core, ``clean_rival_thick_mm``): X may hold the player's dot, and it is left as
    read. One 4 px wide is a printed line's thickness, and the speck is read away."""
    ev, read, i = _speckled_x(edge_blob=wide)
    x = speckled_doubling(ev, read, MARK_SETTINGS)[i]
    assert (x == read[i]) is left


def test_not_on_a_page_that_is_not_dusty():
    ev, read, _ = _speckled_x(dust=NO_DUST)
    assert not speckled_doubling_on_dusty_page(ev, read)


@pytest.mark.parametrize("boxes", NO_DOUBLING_LEFT)
def test_left_where_the_row_is_no_played_row_or_the_doubling_holds_a_mark(boxes):
    ev, _, i = _speckled_x()
    read = _row_with(ev, boxes)
    read[i] = ev.first[i]
    assert not speckled_doubling_on_dusty_page(ev, read)
    assert speckled_doubling(ev, read, MARK_SETTINGS) == read


SPECK = "row_band_doubling_speck.png"


def test_the_glass_s_speck_in_x_where_no_score_is_written():
    """Fresh TRAINING noisy 58213, ``page_0008.png`` row 6: 4H by West +3, no score
    written, a speck of 0.086 mm^2 in X (``p_marked`` 0.0028). Every other field was read
    for certain, and the row went to a person: "marks not certain in doubling, which the
    score cannot check". Read without the speck, the doubling says "undoubled" at 0.999."""
    doubling = band_row(SPECK, 6, stored_dust(SPECK))[DOUBLING]
    assert all(m.state is MarkState.EMPTY for m in doubling)
    assert _none_marked(doubling) >= CERTAIN_UNDOUBLED


PALE_DOT = "row_band_doubling_pale_dot_on_edge.png"


def test_the_pale_dot_on_x_s_edge_keeps_the_row_for_a_person():
    """TRAINING fine dots on dirty glass 75767, ``page_0016.jpg`` row 2: 4SX by East +1, no
    score written, the player's pale fine dot on X's top edge hidden by the mask of the
    line, a speck of 0.086 mm^2 inside X. The wrong row ``CERTAIN_UNDOUBLED`` was set
    against: the dot is ink a player's mark leaves, X keeps its speck (0.0028), and the
    doubling stays under 0.999."""
    doubling = band_row(PALE_DOT, 2, stored_dust(PALE_DOT))[DOUBLING]
    x = next(m for m in doubling if m.option == "X")
    assert x.dot_mm2 > 0 and x.p_marked > 0.002
    assert _none_marked(doubling) < CERTAIN_UNDOUBLED
