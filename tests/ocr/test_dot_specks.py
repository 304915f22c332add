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

import cv2
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ocr.dot_specks import alone_among_specks, speck_margin
from ocr.dots import stands_alone
from ocr.layout import load_layout
from ocr.mark_rules import RULE_NAMES, rules_off
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import DUST_DOT_ALONE, MarkState
from ocr.page_dust import NO_DUST, PageDust
from tests.hypothesis_profiles import draws
from tests.ocr.test_dust_rules import DUSTY, _read_row
from tests.ocr.test_marks import _draw, _fresh

S = 150 / 25.4
DOT_MM2 = 25 / S**2  # 0.717
CLUMPS = PageDust(150.0, (0.8,) * 30)  # margins holding clumps of 0.8 mm^2: as large


def _dot_in_level_3(beside: str, declarer: bool = False) -> np.ndarray:
    """The form with a dot of 5 x 5 px in level 3's middle and, 2 px to its right,
    ``beside``: a speck of 2 x 2 px, or a stroke 1 px wide and 8 px (1.35 mm) long; and,
    with ``declarer``, a cross in declarer W: the row holds a mark besides."""
    page = _fresh()
    if declarer:
        _draw(page, "declarer", "W", "cross", 5)
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
    dusty = _read_row(_dot_in_level_3("speck", declarer=True), DUSTY)[("level", "3")]
    assert (dusty.state, dusty.how) == (MarkState.MARKED, "dot")
    assert dusty.dot_mm2 == pytest.approx(DOT_MM2, abs=1e-9)
    page = _dot_in_level_3("speck")
    # The speck is the rest of a stroke as far as a page whose dust was not measured can
    # tell, and with the rule off: the box is read by its fill, unsure.
    for read in (_read_row(page, NO_DUST), _rule_off(page)):
        box = read[("level", "3")]
        assert (box.state, box.how, box.dot_mm2) == (MarkState.UNSURE, "fill", 0.0)


def test_a_dot_with_a_speck_beside_it_alone_on_its_row_is_no_dot():
    """The same dot and speck with nothing else on the row: alone on a row with no other
    mark, such a blob is the paper's speck with the paper's specks by it, and a lone box
    (a pass-out's) has no score to check it. The box stays unsure by its fill."""
    read = _read_row(_dot_in_level_3("speck", declarer=False), DUSTY)
    box = read[("level", "3")]
    assert (box.state, box.how, box.dot_mm2) == (MarkState.UNSURE, "fill", 0.0)
    assert all(m.state is not MarkState.MARKED for m in read.values())


def _rule_off(page: np.ndarray) -> dict:
    with rules_off("dusty_dot_specks"):
        return _read_row(page, DUSTY)


def test_the_dot_is_still_weighed_against_the_page_s_clumps():
    # Margins holding clumps of 0.8 mm^2 (>= 0.48): dusty_page reads the dot as the page's
    # dust, and, alone in its field, dust_dot_alone weighs it as its dot reads.
    box = _read_row(_dot_in_level_3("speck", declarer=True), CLUMPS)[("level", "3")]
    assert (box.state, box.how) == (MarkState.EMPTY, DUST_DOT_ALONE)
    assert box.dot_mm2 == pytest.approx(DOT_MM2, abs=1e-9)


def test_a_stroke_beside_a_blob_is_no_speck():
    # 8 px (1.35 mm) long: more than speck_most_mm (1 mm) across, so the blob may be a
    # piece of that stroke; the box stays unsure by its fill.
    box = _read_row(_dot_in_level_3("stroke"), DUSTY)[("level", "3")]
    assert (box.state, box.how, box.dot_mm2) == (MarkState.UNSURE, "fill", 0.0)


def test_the_window_specks_are_looked_for_in_by_hand():
    # 150 dpi: a speck is no more than 1 mm across, 5.906 px: 6 px; alone beyond 0.3 mm,
    # 1.77 px: a gap of 2 px; followed across a line 1.2 mm, 7.09 px: 7; and 4 over.
    assert speck_margin(S, MARK_SETTINGS) == 6 + 2 + 7 + 4


def _alone_in_the_whole_band(drawn, printed, blob, reach):
    """The rule's test before it looked at a window: the specks of the whole band."""
    from ocr.page_dust import specks_of

    if stands_alone(drawn, blob, reach):
        return True
    x0, y0, x1, y1 = blob
    rest = drawn.copy()
    rest[y0:y1, x0:x1] = False
    specks = specks_of(rest, DUSTY, S, MARK_SETTINGS, printed)
    near = (slice(max(0, y0 - reach), y1 + reach), slice(max(0, x0 - reach), x1 + reach))
    return not bool((rest[near] & ~specks[near]).any())


@settings(max_examples=draws(300), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(20, 90), st.integers(20, 160))
def test_a_blob_is_alone_in_its_window_as_in_the_whole_band(seed: int, h: int, w: int):
    """Specks looked for round the blob only (``speck_margin``) tell the same as the whole
    band's: a band of grains, specks and strokes (some running out of it, some across
    printed lines), any blob."""
    rng = np.random.default_rng(seed)
    ink = np.zeros((h, w), np.uint8)
    for _ in range(int(rng.integers(0, 25))):
        x, y, side = int(rng.integers(0, w)), int(rng.integers(0, h)), int(rng.integers(1, 6))
        ink[y : y + side, x : x + int(rng.integers(1, 6))] = 1
    for _ in range(int(rng.integers(0, 4))):
        p0 = (int(rng.integers(-20, w + 20)), int(rng.integers(-20, h + 20)))
        p1 = (int(rng.integers(-20, w + 20)), int(rng.integers(-20, h + 20)))
        cv2.line(ink, p0, p1, 1, int(rng.integers(1, 3)))
    printed = np.zeros((h, w), bool)
    for _ in range(int(rng.integers(0, 3))):
        at = int(rng.integers(0, h))
        printed[at : at + int(rng.integers(1, 5)), :] = True
        at = int(rng.integers(0, w))
        printed[:, at : at + int(rng.integers(1, 5))] = True
    drawn = ink.astype(bool) & ~printed
    x0, y0 = int(rng.integers(0, w)), int(rng.integers(0, h))
    blob = (x0, y0, min(w, x0 + int(rng.integers(1, 12))), min(h, y0 + int(rng.integers(1, 12))))
    reach = round(1.0 * S)
    alone = alone_among_specks(DUSTY, S, MARK_SETTINGS, printed)
    assert alone(drawn, blob, reach) == _alone_in_the_whole_band(drawn, printed, blob, reach)
