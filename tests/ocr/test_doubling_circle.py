"""A circle round X that the strips and rays did not see (rule ``doubling_circle``,
ocr/doubling_circle.py; issue 43).

The stored band is row 2 of a fresh TEST pdf150 page (seed 58928, ``page_0021.pdf``;
``bench_ocr --split test --conditions pdf150 --pages 30 --seed 58928``), flattened as the
reader reads it: 3CX by South -3, no score written, a pencil circle round X drawn tight
over its top and right printed edges.
"""

from __future__ import annotations

from ocr.layout import DOUBLING
from ocr.mark_rules import rules_off
from ocr.marks import MarkState
from tests.ocr.bands import band_marks
from tests.ocr.test_marks import _draw, _fresh, _read

CIRCLE_OVER_EDGES = "row_band_circle_round_x_over_its_edges.png"


def test_a_circle_round_x_over_its_printed_edges_is_unsure_not_undoubled():
    """Drawn ink beside X's left side only, so no circle was looked for (the strips read
    0.33 of it, the rays 0.43); the ellipse round X follows the drawn strokes over 0.75
    of every quarter (``outline_unsure`` 0.70). Before the rule X read empty and the row
    was accepted as 3C -3 (+150 for EW where 3CX -3 is +800)."""
    marks = band_marks(CIRCLE_OVER_EDGES, 2, DOUBLING)
    assert (marks["X"].state, marks["X"].how) == (MarkState.UNSURE, "circle")
    assert marks["XX"].state is MarkState.EMPTY
    with rules_off("doubling_circle"):
        before = band_marks(CIRCLE_OVER_EDGES, 2, DOUBLING)
    assert before["X"].state is MarkState.EMPTY and before["XX"].state is MarkState.EMPTY


def test_a_neighbour_s_circle_beside_x_leaves_the_doubling_empty():
    """A circle round NT (seed 1) leaves drawn ink beside X's left side, where the rule
    asks for an ellipse round X: none follows it (0.0), and the doubling stays empty."""
    page = _fresh()
    _draw(page, "level", "3", "cross", 0)
    _draw(page, "strain", "NT", "ring", 1)
    _draw(page, "declarer", "N", "cross", 1)
    read = _read(page)
    assert read[("strain", "NT")].state is MarkState.MARKED
    assert read[(DOUBLING, "X")].state is MarkState.EMPTY
    assert read[(DOUBLING, "XX")].state is MarkState.EMPTY


def test_a_circle_round_x_drawn_in_the_gap_is_read_as_before():
    """Drawn wide in the gap round X, the circle is seen by the strips and rays: X is
    marked on its circle and the doubling is not empty (the rule does not look)."""
    page = _fresh()
    _draw(page, "level", "3", "cross", 0)
    _draw(page, "strain", "C", "cross", 0)
    _draw(page, DOUBLING, "X", "ring", 0)
    read = _read(page)
    assert (read[(DOUBLING, "X")].state, read[(DOUBLING, "X")].how) == (MarkState.MARKED, "circle")
