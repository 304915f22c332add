"""A pen dot with the page's specks beside it (rule ``dusty_dot_specks``, ocr/dot_specks.py).

The numbers, by hand, at the reader's 150 dpi (5.906 px a mm, 34.88 px a mm^2). Level 3's
box is 4.5 mm square; a dot of 5 x 5 px in its middle is 25 px, 0.717 mm^2: a mark (0.40
mm^2 and more). A speck of 2 x 2 px (4 px, 0.115 mm^2, 0.34 mm across) 2 px (0.34 mm) to
its right lies within ``dot_alone_mm`` (1 mm, 6 px) of the dot, so the dot does not stand
alone and the box is read by its fill (unsure). Without the dot, the speck is alone (no
other drawn ink within 0.3 mm), no more than 1 mm across, and a page whose margins hold
0.2 specks a cm^2 of 0.35 mm^2 holds it alike (0.35 >= 0.67 x 0.115): it is the page's
dust. Those margins hold no clump like the dot (0.35 < 0.67 x 0.717 = 0.48), so
``dusty_page`` keeps the dot.
"""

from __future__ import annotations

import numpy as np
import pytest

from ocr.layout import load_layout
from ocr.mark_rules import RULE_NAMES, rules_off
from ocr.marks import DUST_DOT_ALONE, MarkState
from ocr.page_dust import NO_DUST, PageDust
from tests.ocr.test_dust_rules import DUSTY, _read_row
from tests.ocr.test_marks import _fresh

S = 150 / 25.4
DOT_MM2 = 25 / S**2  # 0.717
CLUMPS = PageDust(150.0, (0.8,) * 30)  # margins holding clumps of 0.8 mm^2: as large


def _dot_in_level_3(beside: str) -> np.ndarray:
    """The form with a dot of 5 x 5 px in level 3's middle and, 2 px to its right,
    ``beside``: a speck of 2 x 2 px, or a stroke 1 px wide and 8 px (1.35 mm) long."""
    page = _fresh()
    box = load_layout().box(1, "level", "3")
    mx, my = round((box.x + box.width / 2) * S), round((box.y + box.height / 2) * S)
    page[my - 2 : my + 3, mx - 2 : mx + 3] = 0.05
    if beside == "speck":
        page[my - 1 : my + 1, mx + 5 : mx + 7] = 0.05
    else:
        page[my - 4 : my + 4, mx + 5 : mx + 6] = 0.05
    return page


def test_the_rule_runs_after_the_fills_and_before_the_page_s_clumps():
    at = RULE_NAMES.index("dusty_dot_specks")
    assert RULE_NAMES[at - 1] == "dusty_fills" and RULE_NAMES[at + 1] == "dusty_page"


def test_a_dot_with_a_speck_beside_it_on_a_dusty_page_is_a_dot():
    page = _dot_in_level_3("speck")
    dusty = _read_row(page, DUSTY)[("level", "3")]
    assert (dusty.state, dusty.how) == (MarkState.MARKED, "dot")
    assert dusty.dot_mm2 == pytest.approx(DOT_MM2, abs=1e-9)
    # The speck is the rest of a stroke as far as a page whose dust was not measured can
    # tell, and with the rule off: the box is read by its fill, unsure.
    for read in (_read_row(page, NO_DUST), _rule_off(page)):
        box = read[("level", "3")]
        assert (box.state, box.how, box.dot_mm2) == (MarkState.UNSURE, "fill", 0.0)


def _rule_off(page: np.ndarray) -> dict:
    with rules_off("dusty_dot_specks"):
        return _read_row(page, DUSTY)


def test_the_dot_is_still_weighed_against_the_page_s_clumps():
    # Margins holding clumps of 0.8 mm^2 (>= 0.48): dusty_page reads the dot as the page's
    # dust, and, alone in its field, dust_dot_alone weighs it as its dot reads.
    box = _read_row(_dot_in_level_3("speck"), CLUMPS)[("level", "3")]
    assert (box.state, box.how) == (MarkState.EMPTY, DUST_DOT_ALONE)
    assert box.dot_mm2 == pytest.approx(DOT_MM2, abs=1e-9)


def test_a_stroke_beside_a_blob_is_no_speck():
    # 8 px (1.35 mm) long: more than speck_most_mm (1 mm) across, so the blob may be a
    # piece of that stroke; the box stays unsure by its fill.
    box = _read_row(_dot_in_level_3("stroke"), DUSTY)[("level", "3")]
    assert (box.state, box.how, box.dot_mm2) == (MarkState.UNSURE, "fill", 0.0)
