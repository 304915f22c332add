"""A dust dot beside a stroke the dust rules took away is not alone (rule ``dust_dot_alone``,
ocr/dust_dots.py ``_stroked_at_first``; issue 43, a wrong row on a fresh TEST set).

The case, built by hand after TEST noisy seed 86533 (blank forms, page_0001.jpg row 1): the
player circled level 2 (first read marked by its circle, ring 0.60) and a clump of 0.63
mm^2 fell in level 6 (first read marked by its dot). ``dusty_circles`` read the circle again
without the pieces it took for specks (empty, 0.33) and ``dusty_page`` read the clump as
dust. Weighed as its dot reads, the clump was the level's only mark: 6S by South down 2 for
2S down 2, both -100, and the written score could not tell.

By hand: a dot of 0.63 mm^2 weighed alone in a level or strain is (0.63 - 0.15) / 0.45 =
1.066667 on the scale to 0.60 mm^2 (``weighed_p``), 1 / (1 + 49^(1 - 2.133333)) =
1 / (1 + 49^-1.133333) = 0.987999; beside the circle it stays as read, 0.0001.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ocr.dust_dots import dust_dot_alone
from ocr.layout import LEVEL, PASSED_OUT, STRAIN
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import DUST_DOT, DUST_DOT_ALONE, MarkReading, MarkState
from tests.ocr.marked_rows import box_reading
from tests.ocr.test_dust_dots import _dust_dot, _row_one_evidence, _row_with

CLEAN = 0.0001


def _first(ev, boxes: dict[tuple[str, str], MarkReading]):
    """Row 1's evidence with ``boxes`` as their first readings (before any rule)."""
    return replace(ev, first=tuple(_row_with(ev, boxes)))


def _circled(option: str) -> MarkReading:
    return MarkReading(option, 0.004, MarkState.MARKED, 1.0, "circle", ring=0.60)


def test_a_clump_beside_a_circle_the_dust_rules_read_empty_stays_dust():
    ev = _row_one_evidence()
    after_rules = {(LEVEL, "6"): _dust_dot("6", 0.63)}  # level 2 read empty by dusty_circles
    read = _row_with(ev, after_rules)
    clump = MarkReading("6", 0.064, MarkState.MARKED, 1.0, "dot", dot_mm2=0.63)
    first = _first(ev, {(LEVEL, "2"): _circled("2"), (LEVEL, "6"): clump})
    six = box_reading(first, dust_dot_alone(first, read, MARK_SETTINGS), LEVEL, "6")
    assert (six.how, six.p_marked, six.state) == (DUST_DOT, CLEAN, MarkState.EMPTY)
    # Without the circle in the first readings the clump is alone and weighed by hand.
    alone = box_reading(ev, dust_dot_alone(ev, read, MARK_SETTINGS), LEVEL, "6")
    assert alone.how == DUST_DOT_ALONE
    assert alone.p_marked == pytest.approx(0.987999, abs=1e-6)


@pytest.mark.parametrize(
    ("other", "weighed"),
    [
        # A fill read marked for certain: a stroke the reader saw, like the circle.
        (MarkReading("NT", 0.3, MarkState.MARKED, 1.0, "fill"), False),
        # Only unsure by its fill: a faint tick ``dusty_fills`` may have read away, no
        # longer left out (``_ink_read_away``, tests/ocr/test_rules_read_away.py).
        (MarkReading("NT", 0.07, MarkState.UNSURE, 0.5, "fill"), False),
        # Marked by a dot (a clump can be as large) and empty now: the dot stays weighed.
        (MarkReading("NT", 0.0, MarkState.MARKED, 0.999, "dot", dot_mm2=0.6), True),
    ],
)
def test_a_stroke_first_read_keeps_the_dot_dust(other, weighed):
    """A clump of 0.63 mm^2 in strain H; strain NT first read as ``other``, empty now."""
    ev = _row_one_evidence()
    read = _row_with(ev, {(STRAIN, "H"): _dust_dot("H", 0.63)})
    first = _first(ev, {(STRAIN, "NT"): other})
    heart = box_reading(first, dust_dot_alone(first, read, MARK_SETTINGS), STRAIN, "H")
    assert (heart.how == DUST_DOT_ALONE) is weighed
    assert heart.p_marked == (pytest.approx(0.987999, abs=1e-6) if weighed else CLEAN)


def test_a_pass_box_first_crossed_keeps_every_dust_dot_dust():
    """PASS first read marked by its fill, empty after the dust rules: a passed-out board
    marks no level, and the clump in level 4 stays as read."""
    ev = _row_one_evidence()
    read = _row_with(ev, {(LEVEL, "4"): _dust_dot("4", 0.63)})
    first = _first(
        ev, {(PASSED_OUT, "PASS"): MarkReading("PASS", 0.3, MarkState.MARKED, 1.0, "fill")}
    )
    assert dust_dot_alone(first, read, MARK_SETTINGS) == read
