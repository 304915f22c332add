"""Rule ``dusty_passed_row`` (ocr/dusty_pass.py): on a dusty page, a box read unsure in a
row whose PASS box alone is marked, for certain and by a stroke, is dust, issue 43.

Sizes at the reader's 150 dpi: a pixel is 0.169 mm across, 0.028674 mm^2. A clump of 3 x 3
pixels is 9 x 0.028674 = 0.258 mm^2, between a dot's dust and mark thresholds (0.15 and
0.40 mm^2): the box is unsure by its dot. On a page whose margins hold specks of 0.16
mm^2 (``SMALL_SPECKS``: dusty, 0.2 specks a cm^2) it is no speck the page holds alike
(0.67 of 0.258 is 0.173), so ``dusty_page`` leaves it unsure.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from ocr.layout import load_layout
from ocr.mark_rules import rules_off
from ocr.marks import MarkState
from ocr.page_dust import NO_DUST
from tests.ocr.test_dust_rules import SMALL_SPECKS, S, _read_row
from tests.ocr.test_marks import _draw, _fresh

CLUMP = ("result_count", "5")


def _clump_beside(*crossed: tuple[str, str]) -> np.ndarray:
    """The boxes ``crossed`` (field, option) crossed; the clump of 0.258 mm^2 in the
    middle of the count's 5."""
    page = _fresh()
    for seed, (field, option) in enumerate(crossed):
        _draw(page, field, option, "cross", seed=seed)
    box = load_layout().box(1, *CLUMP)
    x, y = round((box.x + box.width / 2) * S) - 1, round((box.y + box.height / 2) * S) - 1
    page[y : y + 3, x : x + 3] = 0.05
    return page


PASSED = (("passed_out", "PASS"),)


def test_an_unsure_box_beside_a_certain_pass_on_a_dusty_page_is_dust():
    """PASS crossed: on the dusty page the clump in the count's 5 reads empty (``p_marked``
    0.02, the empty threshold's); with the rule off it is unsure by its dot."""
    page = _clump_beside(*PASSED)
    read = _read_row(page, SMALL_SPECKS)
    assert read[("passed_out", "PASS")].state is MarkState.MARKED
    five = read[CLUMP]
    assert (five.state, five.how) == (MarkState.EMPTY, "")
    assert five.p_marked == pytest.approx(0.02)
    assert five.dot_mm2 == pytest.approx(9 * (25.4 / 150) ** 2)
    with rules_off("dusty_passed_row"):
        before = _read_row(page, SMALL_SPECKS)[CLUMP]
    assert (before.state, before.how) == (MarkState.UNSURE, "dot")


@pytest.mark.parametrize(
    ("crossed", "dust"),
    [(PASSED, NO_DUST), (PASSED + (("level", "3"),), SMALL_SPECKS), ((), SMALL_SPECKS)],
    ids=["not-measured", "a-level-too", "no-pass"],
)
def test_the_box_stays_unsure_unless_the_page_is_dusty_and_pass_its_only_mark(crossed, dust):
    """On a page whose dust was not measured, where a level is marked beside the PASS (a
    row a person must see), or with no PASS marked, the clump stays unsure by its dot."""
    five = _read_row(_clump_beside(*crossed), dust)[CLUMP]
    assert (five.state, five.how) == (MarkState.UNSURE, "dot")


def _struck_through() -> np.ndarray:
    """An unplayed row struck through as a director does: a ballpoint line 2 px thick
    (0.34 mm) from x = 45 mm, y = 67.0 mm (0.4 mm above the PASS box's bottom edge at
    68.85) down to x = 130 mm, y = 68.5 mm: across the PASS box's lower part (it reads
    marked by its fill) and on along the bottom strips of the level boxes, each facing the
    result sign's or count's box below it; and the clump in the count's 5."""
    page = _clump_beside()
    x0, y0, x1, y1 = (round(v * S) for v in (45.0, 67.0, 130.0, 68.5))
    cv2.line(page, (x0, y0), (x1, y1), (0.1, 0.1, 0.1), 2)
    return page


def test_a_line_through_an_unplayed_row_stays_unsure_on_a_dusty_page():
    """The PASS box is marked by the line's fill; the level boxes it runs on through are
    unsure by a stroke crossing into them ("edge"): drawn ink, no speck, so they stay
    unsure (and the row goes to a person, "unsure mark in level") where the rule read
    them empty and the row was accepted as passed out (TEST seed 96543, noisy page 27
    row 12). The clump in the count's 5 is still read empty: the rule runs."""
    read = _read_row(_struck_through(), SMALL_SPECKS)
    assert (read[("passed_out", "PASS")].state, read[("passed_out", "PASS")].how) == (
        MarkState.MARKED,
        "fill",
    )
    levels = [read[("level", str(n))] for n in range(1, 7)]
    assert [(m.state, m.how) for m in levels] == [(MarkState.UNSURE, "edge")] * 6
    assert read[CLUMP].state is MarkState.EMPTY
