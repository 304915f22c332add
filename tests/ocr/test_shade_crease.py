"""A fold's crease down a box (rule ``faint_in_band``, ocr/shade_rule.py; issue 43).

``shaded_band`` reads a box against the paper beside it, but keeps the plain fill where
the box stays in its class against that paper. A crease can run down the box itself: the
band is then darker inside the box than in the strips beside it, and a box no player
marked reads a thin fill over ``marked_above`` (0.10) either way. ``faint_in_band``, the
last rule, reads a box still marked by its fill alone against the paper beside it without
that keep: where that reads fainter than on its own and ``shade_sure_fill`` (0.15) or
less, the box is unsure (p 0.5), and the score or a person settles it.

The stored bands are rows 1 and 2 of TRAINING damaged, seed 55629, ``page_0008.jpg``
(``bench_ocr --split training --conditions damaged --pages 30 --seed 55629``), flattened
as the reader reads them: a vertical crease runs down the doubling's XX box and the
result counts 12 and 13 below it.
"""

from __future__ import annotations

import pytest

from ocr.layout import DOUBLING, PASSED_OUT, load_layout
from ocr.mark_rules import rules_off
from ocr.marks import MarkState
from tests.ocr.bands import band_marks
from tests.ocr.test_marks import _draw, _fresh, _read
from tests.ocr.test_shading import _fold

ROW_1 = "row_band_fold_crease_down_a_box.png"
ROW_2 = "row_band_fold_crease_down_a_box_row2.png"
NO_BAND = "row_band_pass_faint_beside_no_band.png"


def test_xx_down_a_crease_with_no_score_written_is_unsure_not_marked():
    """Row 1: 3NT by North -1, undoubled, no score written. XX reads a fill of 0.159 on
    its own and 0.091 against the band beside it, read with a pixel's play at the band's
    edge (ocr/shading.py ``_STEP_PLAY_PX``; 0.107 without, which ``faint_in_band`` made
    unsure): unsure already by ``shaded_band``, between 0.05 and 0.10. X 0.048 (empty).
    Before these rules XX was marked and the row accepted as 3NTXX -1 (-200 for -50),
    with the event and without it: the hunt's wrong row."""
    marks = band_marks(ROW_1, 1, DOUBLING)
    assert marks["XX"].state is MarkState.UNSURE
    assert marks["XX"].fill == pytest.approx(0.091, abs=0.001)
    assert marks["X"].state is MarkState.EMPTY
    with rules_off("faint_in_band"):
        assert band_marks(ROW_1, 1, DOUBLING)["XX"].state is MarkState.UNSURE
    with rules_off("shaded_band", "faint_in_band"):
        before = band_marks(ROW_1, 1, DOUBLING)
    assert (before["XX"].state, before["XX"].how) == (MarkState.MARKED, "fill")
    assert before["XX"].fill == pytest.approx(0.159, abs=0.001)


def test_the_same_crease_a_row_below_leaves_xx_unsure_too():
    """Row 2 (4S by North =, 420 written): XX 0.194 on its own, 0.103 against the band
    (0.119 without the play), marked either way: ``faint_in_band`` makes it unsure."""
    marks = band_marks(ROW_2, 2, DOUBLING)
    assert marks["XX"].state is MarkState.UNSURE
    with rules_off("faint_in_band"):
        assert band_marks(ROW_2, 2, DOUBLING)["XX"].state is MarkState.MARKED


def test_a_faint_mark_with_no_band_beside_it_stays_marked():
    """TRAINING scribble, seed 13, ``page_0035.jpg`` row 10 (passed out): the player's PASS
    reads a fill of 0.117 (over 0.10), and against the paper beside it 5e-9 less: two
    measures of the same paper, not a band. Under ``shade_fill_drop`` (0.02) the box
    stays marked and the row is accepted as passed out."""
    marks = band_marks(NO_BAND, 10, PASSED_OUT)
    assert (marks["PASS"].state, marks["PASS"].how) == (MarkState.MARKED, "fill")
    assert marks["PASS"].fill == pytest.approx(0.117, abs=0.001)


def _under_a_fold(style: str, seed: int) -> MarkState:
    """XX marked by ``style`` (a training pen) under a fold's band 5 mm wide, 28% darker,
    from 0.5 mm left of the box, as ocr/training/synthetic/worn_paper.py shades a slope."""
    page = _fresh()
    _draw(page, DOUBLING, "XX", style, seed)
    _fold(page, load_layout().box(1, DOUBLING, "XX").x - 0.5, 5.0, 0.28)
    return _read(page)[(DOUBLING, "XX")].state


@pytest.mark.parametrize("style", ["tick", "slash", "cross", "scribble", "fill", "partial"])
def test_a_players_stroke_under_a_fold_s_band_stays_marked(style):
    """A stroke is dark against any paper: read against the band a tick keeps a fill of
    0.26 and more, a slash 0.27, a cross 0.49, far over 0.15."""
    assert _under_a_fold(style, 0) is MarkState.MARKED
    assert _under_a_fold(style, 1) is MarkState.MARKED


def test_a_small_pen_dot_under_a_fold_s_band_goes_to_a_person():
    """The price of the rule: a pen dot of 1.2 mm^2 (fill 0.128 on clean paper, marked by
    its dot) merges with a band over its box, whose fill (0.393) then marks it; against
    the band it is the dot's own 0.13, under 0.15, so the box is unsure, no longer marked.
    A larger dot (seed 0, 0.28 on clean paper) stays marked."""
    assert _under_a_fold("dot", 3) is MarkState.UNSURE
    assert _under_a_fold("dot", 0) is MarkState.MARKED
