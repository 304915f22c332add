"""Rule ``faint_lone_pass`` (ocr/dusty_pass.py): on a dusty page, a PASS box marked by a
faint fill alone, nothing else marked on its row, is unsure (issue 43).

A passed-out row stands on its PASS box alone. The stored band is a fresh TRAINING set's
unplayed row (fine-dots dirty glass, seed 68724, ``page_0034.jpg`` row 5): a grey clump of
the glass in its PASS box, too pale to be a dot, fills it 0.111, over ``marked_above``
(0.10), and the row was accepted as passed out.

Drawn by hand at the reader's 150 dpi (a pixel 0.169 mm): the PASS box's inside, cropped
``BOX_INSET_MM`` within its printed border, is the reader's own crop (``RowMarks``), and a
square of full ink (grey 0.05: 95% darker than the paper, over ``ink_high``) of ``n`` x
``n`` pixels fills it ``n * n / area``.
"""

from __future__ import annotations

import numpy as np
import pytest

from ocr.layout import load_layout
from ocr.mark_geometry import row_geometry
from ocr.mark_rules import rules_off
from ocr.marks import MarkReading, MarkState
from ocr.page_dust import NO_DUST, PageDust
from tests.ocr.bands import band_row, stored_dust
from tests.ocr.test_dust_rules import SMALL_SPECKS, S, _read_row
from tests.ocr.test_marks import _draw, _fresh

BAND = "row_band_pass_grey_clump_dusty.png"


def _page_dust() -> PageDust:
    """The dust of the band's page as ``measure_dust`` found it (126 specks on 120.7 cm^2
    of blank paper, 0.17-0.66 mm^2), stored beside the band."""
    return stored_dust(BAND)


def _band_row(dust: PageDust) -> dict[str, list[MarkReading]]:
    """Row 5 of a blank page holding the stored band, every mark field read with ``dust``."""
    return band_row(BAND, 5, dust)


def _not_empty(read: dict[str, list[MarkReading]]) -> list[tuple[str, str, MarkState]]:
    return [(f, r.option, r.state) for f, rs in read.items() for r in rs
            if r.state is not MarkState.EMPTY]  # fmt: skip


def test_a_grey_clump_alone_in_the_pass_box_of_a_dusty_page_is_unsure():
    """The clump reads 0.111 by its fill alone: on a dusty page the row's only box not
    empty is PASS, unsure at even odds at most; without the rule it stays marked (the row
    read as passed out), and on a page whose dust was not measured the rule does not look
    (the band's specks then read as marks too)."""
    read = _band_row(_page_dust())
    assert _not_empty(read) == [("passed_out", "PASS", MarkState.UNSURE)]
    passed = read["passed_out"][0]
    assert passed.how == "fill"
    assert passed.fill == pytest.approx(0.111, abs=0.0005)
    assert passed.p_marked <= 0.5
    with rules_off("faint_lone_pass"):
        assert _not_empty(_band_row(_page_dust())) == [("passed_out", "PASS", MarkState.MARKED)]
    assert _band_row(NO_DUST)["passed_out"][0].state is MarkState.MARKED


AREA = 18 * 18
"""The PASS box's inside as the reader crops it at 150 dpi (``RowGeometry.inner``): its
printed 4.5 mm less twice ``BOX_INSET_MM``, 18 pixels a side: the fill's denominator."""

GREY = 0.70
"""A grain's grey: 30% darker than the paper, a third of the way up the ink ramp (20% to
50%), so each of its pixels holds 1/3 of ink and none is solid (a dot needs 1/2)."""


def test_the_pass_box_inside_is_as_counted():
    layout = load_layout()
    g = row_geometry(layout, layout.row(1), 150)
    i = next(k for k, (f, _, _) in enumerate(g.boxes) if f == "passed_out")
    x0, y0, x1, y1 = g.inner[i].tolist()
    assert (x1 - x0) * (y1 - y0) == AREA


def _grain_in_pass(n: int, *crossed: tuple[str, str]) -> np.ndarray:
    """A grey square, ``n`` x ``n`` pixels, in the middle of row 1's PASS box; the boxes
    ``crossed`` crossed."""
    page = _fresh()
    for seed, (field, option) in enumerate(crossed):
        _draw(page, field, option, "cross", seed=seed)
    box = load_layout().box(1, "passed_out", "PASS")
    x = round((box.x + box.width / 2) * S) - n // 2
    y = round((box.y + box.height / 2) * S) - n // 2
    page[y : y + n, x : x + n] = GREY
    return page


@pytest.mark.parametrize(
    ("n", "state"), [(11, MarkState.UNSURE), (14, MarkState.MARKED)], ids=["faint", "firm"]
)
def test_the_fill_decides_up_to_grey_clump_fill(n, state):
    """Grey squares of 11 x 11 and 14 x 14 pixels in the PASS box fill it at most 121/3/324
    = 0.124 and 196/3/324 = 0.202 (a little less: the flattened paper is a shade under
    white, so each pixel holds a little under a third of ink): the first lies between
    ``marked_above`` (0.10) and ``grey_clump_fill`` (0.15) and is unsure on a dusty
    page, the second over it stays marked; both are read by their fill (no solid pixel,
    no dot)."""
    most = n * n / 3 / AREA
    read = _read_row(_grain_in_pass(n), SMALL_SPECKS)
    passed = read[("passed_out", "PASS")]
    assert (passed.how, passed.dot_mm2) == ("fill", 0.0)
    assert 0.85 * most < passed.fill <= most
    assert passed.state is state
    not_empty = [k for k, r in read.items() if r.state is not MarkState.EMPTY]
    assert not_empty == [("passed_out", "PASS")]


def test_a_faint_pass_beside_another_mark_is_left_to_the_other_rules():
    """The same faint square with level 3 crossed: the PASS box is not the row's only mark,
    so this rule does not look at it (the contract and the pass-out are weighed by the
    decoder and ``dusty_pass``)."""
    page = _grain_in_pass(11, ("level", "3"))
    with rules_off("faint_lone_pass"):
        before = _read_row(page, SMALL_SPECKS)
    assert _read_row(page, SMALL_SPECKS) == before
    assert before[("passed_out", "PASS")].state is MarkState.MARKED
