"""Rule ``faint_beside_weighed`` (ocr/faint_beside_weighed.py): beside a clump that
``dust_dot_alone`` weighs as a field's mark, an empty box of that field whose first fill is
0.03 or more is unsure (issue 43).

The stored band is a fresh TEST set's row (noisy, seed 26499, ``page_0035.jpg`` row 12) with
its page's dust as ``measure_dust`` found it: a clump of 0.40 mm^2 in level 4, the player's
black ballpoint dot in level 6 scanned pale, a fill of 0.040 that the page's specks take
whole; 6NT by South down 1 was accepted as 4NT down 1 (both -50) before the rule.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from ocr.faint_beside_weighed import faint_beside_weighed
from ocr.mark_rules import rule_steps, rules_off
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import DUST_DOT_ALONE, MarkReading, MarkState
from ocr.page_dust import NO_DUST, PageDust
from ocr.row_evidence import RowEvidence
from tests.ocr.bands import band_row, band_row_marks, stored_dust
from tests.ocr.marked_rows import box_reading

BAND = "row_band_level_clump_beside_pale_dot.png"


def _level(dust: PageDust) -> dict[str, MarkReading]:
    return {m.option: m for m in band_row(BAND, 12, dust)["level"]}


def test_the_pale_dot_is_a_rival_of_the_weighed_clump():
    """4 weighed as its dot reads (0.40 mm^2, ``DUST_DOT_ALONE``: on the scale to 0.60
    mm^2, (0.401433 - 0.15) / 0.45 = 0.558740, 1 / (1 + 49^-0.117480) = 0.612352), 6
    unsure by its fill of 0.040; without the rule 6 reads empty and the clump is the
    level's only candidate."""
    read = _level(stored_dust(BAND))
    assert (read["4"].how, round(read["4"].dot_mm2, 2)) == (DUST_DOT_ALONE, 0.40)
    assert read["4"].dot_mm2 == pytest.approx(0.401433, abs=1e-6)
    assert read["4"].p_marked == pytest.approx(0.612352, abs=1e-5)
    six = read["6"]
    assert six.state is MarkState.UNSURE
    assert 0.035 <= six.fill <= 0.045
    assert all(read[o].state is MarkState.EMPTY for o in "12357")
    with rules_off("faint_beside_weighed"):
        before = _level(stored_dust(BAND))
    assert before["6"].state is MarkState.EMPTY
    assert before["4"] == read["4"]


def test_not_on_a_page_whose_dust_was_not_measured():
    """No dust measured: no clump is weighed, and the rule changes nothing."""
    with rules_off("faint_beside_weighed"):
        before = _level(NO_DUST)
    assert _level(NO_DUST) == before


def _before_the_rule() -> tuple[RowEvidence, list[MarkReading]]:
    """The row's evidence and its readings as ``dust_dot_alone`` left them."""
    ev = band_row_marks(BAND, 12, stored_dust(BAND)).evidence()
    steps = dict(rule_steps(ev))
    return ev, steps["dust_dot_alone"]


def _six_at(fill: float) -> MarkState:
    ev, read = _before_the_rule()
    out = faint_beside_weighed(ev, read, replace(MARK_SETTINGS, faint_beside_weighed_fill=fill))
    return box_reading(ev, out, "level", "6").state


def test_the_threshold_is_the_first_fill():
    """6's first fill is 0.040: unsure at a threshold of 0.035 or 0.040, empty at 0.045."""
    assert _six_at(0.035) is MarkState.UNSURE
    assert _six_at(0.04) is MarkState.UNSURE
    assert _six_at(0.045) is MarkState.EMPTY


def test_nothing_changes_where_no_clump_is_weighed():
    """With no box weighed alone (the clump read as dust, as ``dusty_page`` left it) the
    rule reads the field as it was."""
    ev, read = _before_the_rule()
    unweighed = [replace(r, how="") if r.how == DUST_DOT_ALONE else r for r in read]
    assert faint_beside_weighed(ev, unweighed, MARK_SETTINGS) == unweighed
