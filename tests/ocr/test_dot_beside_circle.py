"""Rule ``dot_beside_circle`` (ocr/dot_beside_circle.py): beside a box unsure by a dot on its
edge, an empty box of its field with a ring of ``circle_by_dot_ring`` round it, or on a
page that is not dusty drawn ink beside three of its sides or more
(``circle_by_dot_sides``), is unsure on its circle (issue 43).

The stored band is a fresh TEST set's row (pdf150, seed 96152, ``page_0004.pdf`` row 8): a
pale ballpoint circle round S, tight over its printed edges, read as no ring; its left arc
on H's right edge read as a dot there, the strain's only ink, and 4S E +3 was accepted as
4H E +3 (-710 both).
"""

from __future__ import annotations

import numpy as np

from ocr.layout import load_layout
from ocr.mark_rules import rules_off
from ocr.marks import RING_UNSURE, MarkState
from tests.ocr.bands import band_marks
from tests.ocr.test_marks import _draw, _fresh

BAND = "row_band_circle_tight_edge_dot_beside.png"


def _states(read) -> dict[str, tuple[MarkState, str]]:
    return {o: (m.state, m.how) for o, m in read.items()}


def test_the_circled_box_beside_the_dot_is_unsure_on_its_circle():
    """H unsure by the dot on its edge, S unsure on its circle (``RING_UNSURE``); without the
    rule S reads empty and H is the strain's only ink."""
    read = band_marks(BAND, 8, "strain")
    assert _states(read) == {
        "C": (MarkState.EMPTY, ""),
        "D": (MarkState.EMPTY, ""),
        "H": (MarkState.UNSURE, "dot"),
        "S": (MarkState.UNSURE, "circle"),
        "NT": (MarkState.EMPTY, ""),
    }
    assert read["S"].ring == RING_UNSURE
    with rules_off("dot_beside_circle"):
        before = band_marks(BAND, 8, "strain")
    assert _states(before)["S"] == (MarkState.EMPTY, "")
    assert _states(before)["H"] == (MarkState.UNSURE, "dot")


def _read(page: np.ndarray, field: str) -> dict:
    from ocr.page_dust import NO_DUST
    from tests.ocr.test_dust_rules import _read_row

    return {o: m for (f, o), m in _read_row(page, NO_DUST).items() if f == field}


def test_a_field_with_a_mark_is_left_as_it_is():
    """The stored row with H crossed as well: the strain holds a mark, so the rule leaves the
    field to the rules after it."""
    from ocr.align import WORK_DPI
    from ocr.mark_geometry import row_geometry
    from tests.ocr.bands import read_band, stored_band

    strip = stored_band(BAND).copy()
    layout = load_layout()
    row = next(r for r in layout.rows if r.number == 8)
    x0, y0, _, _ = row_geometry(layout, row, WORK_DPI).band
    h = layout.box(8, "strain", "H")
    s = WORK_DPI / 25.4
    hx0, hy0 = round(h.x * s) - x0 + 3, round(h.y * s) - y0 + 3
    hx1, hy1 = round(h.x1 * s) - x0 - 3, round(h.y1 * s) - y0 - 3
    for k in range(hx1 - hx0):  # a cross: both diagonals, 2 px wide
        for dy in (0, 1):
            strip[hy0 + k * (hy1 - hy0) // (hx1 - hx0) + dy, hx0 + k] = 30
            strip[hy1 - k * (hy1 - hy0) // (hx1 - hx0) - dy, hx0 + k] = 30
    with rules_off("dot_beside_circle"):
        before = read_band(strip, 8, "strain")
    after = read_band(strip, 8, "strain")
    assert after == before
    assert after["H"].state is MarkState.MARKED


def test_no_neighbour_with_ink_round_it_no_change():
    """Level 3 crossed (the row holds a mark, so edge dots are looked for) and a 7 x 7 pixel
    dot on D's right edge: D is unsure by it when the rule runs, but neither C nor H holds
    drawn ink beside its sides, so nothing changes; ``edge_dot_rivals`` then reads D
    marked, the field's only ink."""
    from ocr.dots import EDGE_UNSURE_MM2

    page = _fresh()
    _draw(page, "level", "3", "cross")
    box = load_layout().box(1, "strain", "D")
    s = 150 / 25.4
    x, y = round(box.x1 * s) - 1, round((box.y + box.height / 2) * s)
    page[y - 3 : y + 4, x - 3 : x + 4] = 0.05
    with rules_off("dot_beside_circle"):
        before = _read(page, "strain")
    after = _read(page, "strain")
    assert after == before
    assert (after["D"].state, after["D"].dot_mm2) == (MarkState.MARKED, EDGE_UNSURE_MM2)
    assert all(after[o].state is MarkState.EMPTY for o in ("C", "H", "S", "NT"))


DUSTY_BAND = "row_band_pale_ring_dot_beside_dusty.png"


def test_a_pale_ring_beside_a_dot_on_a_dusty_page():
    """A fresh TEST set's row (noisy, seed 76811, ``page_0003.jpg`` row 5, a dusty greyscale
    scan) with its page's dust: a light blue gel circle round level 6 reads a ring of 0.297
    (over ``circle_by_dot_ring``, 0.22, under ``ring_empty_below``) and ink beside two of
    its sides; its arc on 5's edge is a dot there. 6 is unsure on its circle beside 5;
    without the rule it reads empty and 6H S -1 was accepted as 5H S -1."""
    from tests.ocr.bands import band_row, stored_dust

    def level() -> dict[str, tuple[MarkState, str]]:
        read = band_row(DUSTY_BAND, 5, stored_dust(DUSTY_BAND))["level"]
        return {m.option: (m.state, m.how) for m in read if m.state is not MarkState.EMPTY}

    assert level() == {"5": (MarkState.UNSURE, "dot"), "6": (MarkState.UNSURE, "circle")}
    with rules_off("dot_beside_circle"):
        assert level() == {"5": (MarkState.UNSURE, "dot")}
