"""A pen dot put across the 1 mm gap between two boxes, on both printed edges: joined across
the two lines it is wider than the dot, and is still a dot (``ocr.edge_dots``,
``edge_dot_max_mm``; issue 43).

The stored band is fresh TRAINING noisy 58213, ``page_0014.png`` row 15 (3NT by South
made, +400 written to North-South; not vulnerable), with its page's dust as
``measure_dust`` found it. The player's dot for level 3, about 1.9 mm high, lies on 3's
left edge and reaches over the gap onto 2's right edge. Joined across both lines it is
16 px = 2.7 mm wide at 150 dpi: each line's dark fringe beside the dot, outside the mask
of the lines, is drawn ink too. Under the 2.5 mm a dot was allowed before it was no dot,
no box held it, level 3 read empty and the row went to a person ("level 3 reads empty,
but the reading needs it marked"). Now the dot is 3's (its centre on 3's edge), and as it
reaches 2 it lies in the gap: 3 is unsure, naming 2 (a dot in the gap cannot say which of
the two the player meant), and the written 400 settles 3 (2NT+1 scores 150).
"""

from __future__ import annotations

import numpy as np

from ocr.edge_dots import EDGE_DOT_MAX_MM
from ocr.layout import LEVEL
from ocr.marks import DOT_IN_GAP, MarkState
from tests.ocr.bands import band_row, band_row_marks, stored_dust
from tests.ocr.marked_rows import box_index

BAND = "row_band_dot_across_the_gap_dusty.png"


def test_a_dot_joined_across_both_lines_of_the_gap_is_a_dot():
    """The rule ``edge_dots`` finds the dot near 2 and 3 (and no other level box), and
    it is wider than a pen dot alone (2.5 mm) but within the joined dot's 3 mm."""
    ev = band_row_marks(BAND, 15, stored_dust(BAND)).evidence()
    two, three = box_index(ev, LEVEL, "2"), box_index(ev, LEVEL, "3")
    dots = ev.views.dots_on_edges(np.zeros(len(ev.first), bool))
    across = [d for d in dots if d.near[two] and d.near[three]]
    assert len(across) == 1
    x0, _, x1, _ = across[0].px
    wide_mm = (x1 - x0) / ev.views.s
    assert 2.5 < wide_mm <= EDGE_DOT_MAX_MM == 3.0


def test_level_3_is_unsure_by_the_dot_in_the_gap():
    level = {m.option: m for m in band_row(BAND, 15, stored_dust(BAND))[LEVEL]}
    three = level["3"]
    assert (three.state, three.how, three.neighbour) == (MarkState.UNSURE, DOT_IN_GAP, (LEVEL, "2"))
    assert all(level[o].state is MarkState.EMPTY for o in "124567")
