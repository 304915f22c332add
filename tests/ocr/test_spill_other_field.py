"""A stroke from a neighbour of another field whose mark is elsewhere is no stroke of that
neighbour's (rule ``without_spill``, ``_marked_elsewhere``, ocr/spill_rules.py; issue 43,
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

from ocr.layout import LEVEL, RESULT_SIGN, load_layout
from ocr.marks import MarkState
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


@pytest.mark.parametrize(
    ("level_marked", "state", "how"),
    [(True, MarkState.MARKED, "fill"), (False, MarkState.UNSURE, "edge")],
    ids=["level-5-crossed", "no-level-marked"],
)
def test_a_tick_out_of_its_box_towards_a_field_marked_elsewhere_is_its_own(
    level_marked, state, how
):
    read = _tick_out_of_plus_towards_level_2(level_marked)
    plus = read[RESULT_SIGN, "+"]
    assert (plus.state, plus.how) == (state, how)
    assert plus.fill == pytest.approx(0.12, abs=0.01)
    assert read[LEVEL, "2"].state is MarkState.EMPTY
    if how == "edge":
        assert plus.neighbour == (LEVEL, "2")
