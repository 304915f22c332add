"""Rule ``dusty_pass`` (ocr/dusty_pass.py): on a dusty page, a PASS box read unsure in a
row whose contract is marked for certain is dust, issue 43.

Sizes at the reader's 150 dpi: a pixel is 0.169 mm across, 0.028674 mm^2. A clump of 3 x 3
pixels is 9 x 0.028674 = 0.258 mm^2, between a dot's dust and mark thresholds (0.15 and
0.40 mm^2): the box is unsure by its dot. On a page whose margins hold specks of 0.16
mm^2 (``SMALL_SPECKS``: dusty, 0.2 specks a cm^2) it is no speck the page holds alike
(0.67 of 0.258 is 0.173), so ``dusty_page`` leaves it unsure.
"""

from __future__ import annotations

import numpy as np
import pytest

from ocr.layout import load_layout
from ocr.mark_rules import rules_off
from ocr.marks import MarkState
from ocr.page_dust import NO_DUST
from tests.ocr.test_dust_rules import SMALL_SPECKS, S, _read_row
from tests.ocr.test_marks import _draw, _fresh


def _clump_in_pass(*crossed: tuple[str, str]) -> np.ndarray:
    """The boxes ``crossed`` (field, option) crossed; the clump of 0.258 mm^2 in the
    middle of the PASS box."""
    page = _fresh()
    for seed, (field, option) in enumerate(crossed):
        _draw(page, field, option, "cross", seed=seed)
    box = load_layout().box(1, "passed_out", "PASS")
    x, y = round((box.x + box.width / 2) * S) - 1, round((box.y + box.height / 2) * S) - 1
    page[y : y + 3, x : x + 3] = 0.05
    return page


CONTRACT = (("level", "3"), ("strain", "H"))


def test_an_unsure_pass_beside_a_certain_contract_on_a_dusty_page_is_dust():
    """Level 3 and strain H crossed: on the dusty page the clump in PASS reads empty
    (``p_marked`` 0.02, the empty threshold's); with the rule off it is unsure by its dot."""
    page = _clump_in_pass(*CONTRACT)
    read = _read_row(page, SMALL_SPECKS)
    assert read[("level", "3")].state is MarkState.MARKED
    assert read[("strain", "H")].state is MarkState.MARKED
    passed = read[("passed_out", "PASS")]
    assert (passed.state, passed.how) == (MarkState.EMPTY, "")
    assert passed.p_marked == pytest.approx(0.02)
    assert passed.dot_mm2 == pytest.approx(9 * (25.4 / 150) ** 2)
    with rules_off("dusty_pass"):
        before = _read_row(page, SMALL_SPECKS)[("passed_out", "PASS")]
    assert (before.state, before.how) == (MarkState.UNSURE, "dot")


@pytest.mark.parametrize(
    ("crossed", "dust"),
    [(CONTRACT, NO_DUST), (CONTRACT[:1], SMALL_SPECKS), (CONTRACT[1:], SMALL_SPECKS)],
    ids=["not-measured", "level-only", "strain-only"],
)
def test_the_pass_stays_unsure_unless_the_page_is_dusty_and_the_contract_certain(crossed, dust):
    """On a page whose dust was not measured, or where only the level or only the strain
    is marked (no contract the pass-out cannot have), the clump stays unsure by its dot."""
    passed = _read_row(_clump_in_pass(*crossed), dust)[("passed_out", "PASS")]
    assert (passed.state, passed.how) == (MarkState.UNSURE, "dot")
