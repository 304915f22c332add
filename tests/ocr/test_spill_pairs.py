"""Two neighbours cannot each explain their ink away by the other (rule ``without_spill``,
ocr/spill_rules.py; issue 43).

``without_spill`` reads a box marked by a thin fill without the strip facing a neighbour
a stroke comes in from: the stroke is that neighbour's when the neighbour is marked, and
the box is empty. Each box is weighed on the readings as they came to the rule; where two
neighbours would each be emptied, or one emptied by a neighbour that itself loses its mark
here, nobody's mark is left to have made the stroke: the box is unsure, a person looks.
Sizes at the reader's 150 dpi (a pixel is 0.169 mm); the level boxes are 4.5 mm wide and
1 mm apart.
"""

from __future__ import annotations

from ocr.layout import LEVEL, load_layout
from ocr.marks import MarkState
from tests.ocr.test_marks import _fresh, _line_mm, _read

THREE, FOUR = (load_layout().box(1, LEVEL, option) for option in "34")


def test_a_tick_across_the_gap_is_neither_box_s_for_certain():
    """A dark tick 3 px wide drawn over the gap between level 3 and level 4: its short arm
    from 1.5 mm inside level 3's right edge and 1.25 mm below its top down to the gap's
    middle, 0.45 mm under the boxes; its long arm up from there to 1.5 mm inside level 4
    and 0.35 mm above its top. Level 3 fills to 0.155 and level 4 to 0.151, both marked by
    their fill, and each holds ink only in its strip facing the other, where the other's
    stroke comes in: read without that strip each is empty (under 0.05).

    Weighed one against the other, each would be emptied as its neighbour's stroke and the
    row would hold no level at all, the tick lost. Neither neighbour keeps a mark to have
    made the stroke: both are unsure ('edge'), each naming the other."""
    page = _fresh()
    bottom = (THREE.x1 + 0.5, THREE.y1 + 0.45)
    _line_mm(page, (THREE.x1 - 1.5, THREE.y + 1.25), bottom, 0.1, 3)
    _line_mm(page, bottom, (FOUR.x + 1.5, FOUR.y - 0.35), 0.1, 3)
    read = _read(page)
    three, four = read[(LEVEL, "3")], read[(LEVEL, "4")]
    assert (three.state, three.how, three.neighbour) == (MarkState.UNSURE, "edge", (LEVEL, "4"))
    assert (four.state, four.how, four.neighbour) == (MarkState.UNSURE, "edge", (LEVEL, "3"))
