"""Rule ``thick_beside_faint`` (ocr/thick_beside_faint.py): on a dusty page, beside a field's
mark read from a faint fill alone, the one other box with a pen dot's thickness of ink by
it is unsure (issue 43).

The stored band is a fresh TRAINING set's row (fine-dots dirty glass, seed 97445,
``page_0012.jpg`` row 2) with its page's dust as ``measure_dust`` found it: West's fine dot
on W's top right corner, hidden by the two printed lines there; a grey clump in S filling it
0.122; 1NT by West = was accepted as 1NT by South = before the rule.
"""

from __future__ import annotations

from ocr.dots import EDGE_UNSURE_MM2
from ocr.mark_rules import rules_off
from ocr.marks import THICK_BY_EDGE, MarkReading, MarkState
from ocr.page_dust import NO_DUST, PageDust
from tests.ocr.bands import band_row, stored_dust

BAND = "row_band_declarer_clump_beside_corner_dot.png"


def _dust() -> PageDust:
    return stored_dust(BAND)


def _declarer(dust: PageDust) -> dict[str, MarkReading]:
    return {m.option: m for m in band_row(BAND, 2, dust)["declarer"]}


def test_the_hidden_corner_dot_is_unsure_beside_the_clump():
    """S marked by the clump's fill alone (0.122), W unsure as a dot on its edge
    (``THICK_BY_EDGE``); without the rule W reads empty and S is the field's only mark."""
    read = _declarer(_dust())
    assert (read["S"].state, read["S"].how) == (MarkState.MARKED, "fill")
    assert 0.12 <= read["S"].fill <= 0.125
    w = read["W"]
    assert (w.state, w.how, w.dot_mm2) == (MarkState.UNSURE, THICK_BY_EDGE, EDGE_UNSURE_MM2)
    assert read["N"].state is read["E"].state is MarkState.EMPTY
    with rules_off("thick_beside_faint"):
        before = _declarer(_dust())
    assert before["W"].state is MarkState.EMPTY
    assert before["S"] == read["S"]


def test_not_on_a_page_whose_dust_was_not_measured():
    """The rule looks only at a dusty page: with no dust measured, W stays as the other
    rules read it."""
    with rules_off("thick_beside_faint"):
        before = _declarer(NO_DUST)
    assert _declarer(NO_DUST) == before
