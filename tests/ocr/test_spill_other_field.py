"""A stroke from a neighbour of another field whose mark is elsewhere is no stroke of that
neighbour's (rule ``without_spill``, ``_settled_elsewhere``, ocr/spill_rules.py; issue 43,
item 4).

The result-sign box "+" lies 1.5 mm under level 2 (both 4.5 mm boxes, "+" at x 66.5-71.0
mm, y 70.3-74.8 mm). A tick in "+", 2 px wide at 150 dpi: its short arm from (0.8, 0.8)
mm inside the box's corner down to (1.6, 1.4), its long arm from there up to (3.4, -0.6),
out through the box's top edge into the gap towards level 2. It fills "+" to 0.12, over
the marked threshold (0.10), most of it in the top strip (1 mm) that faces level 2, and
ink lies just outside that edge: read without the strip, "+" is not marked. Level 2 holds
nothing, so before the rule asked which field a neighbour is of, "+" was unsure ('edge':
level 2's circle, unseen, could run in). With level 5 crossed, level 2 holds no player's
mark (a field holds one), and "+" keeps its tick: marked.
"""

from __future__ import annotations

import pytest

from ocr.layout import LEVEL, RESULT_COUNT, RESULT_SIGN, STRAIN, load_layout
from ocr.marks import MarkState
from tests.ocr.bands import band_marks
from tests.ocr.test_marks import _draw, _fresh, _line_mm, _read

PLUS = load_layout().box(1, RESULT_SIGN, "+")


def _tick_out_of_plus_towards_level_2(level_marked: bool):
    page = _fresh()
    if level_marked:
        _draw(page, LEVEL, "5", "cross")
    _draw(page, "strain", "H", "cross")
    _draw(page, "declarer", "N", "cross")
    vertex = (PLUS.x + 1.6, PLUS.y + 1.4)
    _line_mm(page, (PLUS.x + 0.8, PLUS.y + 0.8), vertex, 0.05, 2)
    _line_mm(page, vertex, (PLUS.x + 3.4, PLUS.y - 0.6), 0.05, 2)
    return _read(page)


# The count of tricks is settled by "=" too: a contract made exactly marks no count, so no
# player's circle round count 7 (x 112.5-117.0 mm, y 70.35-74.85), 1.5 mm under strain H
# (x 113.0-117.5, y 64.35-68.85), reaches up into H. The tick of the test above, drawn
# upside down in H (3 px wide, filling H to 0.15): its long arm out through H's bottom edge
# towards count 7.
HEARTS = load_layout().box(1, STRAIN, "H")


def _tick_out_of_hearts_towards_count_7(made_exactly: bool):
    page = _fresh()
    _draw(page, LEVEL, "4", "cross")
    _draw(page, "declarer", "N", "cross")
    if made_exactly:
        _draw(page, RESULT_SIGN, "=", "cross")
    vertex = (HEARTS.x + 1.6, HEARTS.y + 3.1)
    _line_mm(page, (HEARTS.x + 0.8, HEARTS.y + 2.9), vertex, 0.05, 3)
    _line_mm(page, vertex, (HEARTS.x + 3.4, HEARTS.y + 5.1), 0.05, 3)
    return _read(page)


@pytest.mark.parametrize(
    ("draw", "box", "fill", "neighbour"),
    [
        (_tick_out_of_plus_towards_level_2, (RESULT_SIGN, "+"), 0.12, (LEVEL, "2")),
        (_tick_out_of_hearts_towards_count_7, (STRAIN, "H"), 0.15, (RESULT_COUNT, "7")),
    ],
    ids=["plus-by-level-2", "hearts-by-count-7"],
)
@pytest.mark.parametrize(
    ("settled", "state", "how"),
    [(True, MarkState.MARKED, "fill"), (False, MarkState.UNSURE, "edge")],
)
def test_a_tick_out_of_its_box_towards_a_field_settled_elsewhere_is_its_own(
    draw, box, fill, neighbour, settled, state, how
):
    """Settled: level 5 crossed beside "+" (the level's mark is elsewhere), "=" crossed
    beside H (a contract made exactly marks no count). Not settled: the box is unsure as
    the neighbour's stroke."""
    read = draw(settled)
    tick = read[box]
    assert (tick.state, tick.how) == (state, how)
    assert tick.fill == pytest.approx(fill, abs=0.01)
    assert read[neighbour].state is MarkState.EMPTY
    assert tick.neighbour == (neighbour if how == "edge" else None)


def test_a_tick_by_a_count_that_equals_rules_out_on_a_scan():
    """TRAINING dirty glass, fresh seed 15517, ``page_0040.jpg`` row 6 (stored band): the
    player's tick in H (0.13), a wide V whose vertex pokes out of H's bottom edge into the
    gap above count 7, with specks of the glass round 7; "=" is crossed. Before, H was unsure
    as 7's stroke ('edge'), and, that asked of a field "=" settles, as the arc of a circle
    round 7 ('beside a circle', ``beside_circles``): 4H by South = (+420) went to a person,
    "unsure mark in strain"."""
    read = band_marks("row_band_tick_by_settled_count_noisy.png", 6, STRAIN)
    assert (read["H"].state, read["H"].how) == (MarkState.MARKED, "fill")
    assert [o for o, m in read.items() if m.state is not MarkState.EMPTY] == ["H"]
