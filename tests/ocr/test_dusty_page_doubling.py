"""A doubling box whose dot rule ``dusty_page`` reads away keeps the empty threshold's
doubt (ocr/dusty_dot_rule.py, ``_without_dot``; TRAINING fine dots on the dirty glass,
seed 24680, ``page_0005.jpg`` row 7: 2HX by North = with no score written accepted as
2H =).

The numbers, by hand, at the reader's 150 dpi (5.906 px a mm, 34.88 px a mm^2): a dot of
5 x 5 px in a box's middle is 25 px, 0.717 mm^2, a mark (0.40 mm^2 and more). A page whose
margins hold clumps of 0.8 mm^2 holds it alike (0.8 >= 0.67 x 0.717 = 0.48): read without
the dot, the box is a ``DUST_DOT``. In X it keeps ``EMPTY_P`` (0.02); in level 3 the odds
of its fill without the dot, until ``dust_dot_alone`` weighs it again.
"""

from __future__ import annotations

import numpy as np
import pytest

from ocr.layout import DOUBLING, LEVEL, load_layout
from ocr.mark_rules import rules_off
from ocr.marks import DUST_DOT, EMPTY_P, MarkState
from ocr.page_dust import PageDust
from tests.ocr.test_dust_rules import _read_row
from tests.ocr.test_marks import DPI, _fresh

S = DPI / 25.4
CLUMPS = PageDust(150.0, (0.8,) * 30)


def _dot_in(field: str, option: str) -> np.ndarray:
    page = _fresh()
    box = load_layout().box(1, field, option)
    mx, my = round((box.x + box.width / 2) * S), round((box.y + box.height / 2) * S)
    page[my - 2 : my + 3, mx - 2 : mx + 3] = 0.05
    return page


def test_a_doubling_dot_read_as_the_page_s_dust_keeps_the_empty_threshold_s_doubt():
    x = _read_row(_dot_in(DOUBLING, "X"), CLUMPS)[(DOUBLING, "X")]
    assert (x.state, x.how) == (MarkState.EMPTY, DUST_DOT)
    assert x.dot_mm2 == pytest.approx(25 / S**2, abs=1e-9)
    assert x.p_marked == EMPTY_P


def test_another_field_s_dust_dot_keeps_the_odds_of_its_fill():
    """Level 3 read so is a clean box's odds until ``dust_dot_alone``, last, weighs it as
    its dot reads (the levels' only ink: tests/ocr/test_dust_dots.py)."""
    with rules_off("dust_dot_alone"):
        three = _read_row(_dot_in(LEVEL, "3"), CLUMPS)[(LEVEL, "3")]
    assert (three.state, three.how) == (MarkState.EMPTY, DUST_DOT)
    assert three.p_marked < 0.001
