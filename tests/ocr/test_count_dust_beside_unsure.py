"""A dust dot in a needed count of tricks is weighed beside another box of the count that
reads unsure (rule ``dust_dot_alone``, ocr/dust_dots.py; issue 43).

Each count makes its own score with the contract read (Law 77), so the written score tells
the counts apart, and the count is weighed whole: every dust dot in it as its dot reads. A
box of the count left unsure (a weak ring, a piece of ink) kept the count's dust dots as
read, near 0, and the unsure box then stood for the count against a score misread to fit it.

Fresh TEST noisy seed 1791, ``page_0028.jpg`` row 13: 4S by North -2, vulnerable, 200
written to East-West. The player's dot in count 2 (0.545 mm^2) was read as the page's dust
(``dusty_page``, 0.0004); count 1 held a weak ring (0.45, unsure); the written 2 was read as
a 1 (0.84): 4S by North -1 was accepted (100 for 200). The band stored here is the row as
the reader read it, with its page's dust.
"""

from __future__ import annotations

import pytest

from ocr.dust_dots import dust_dot_alone
from ocr.layout import RESULT_COUNT, RESULT_SIGN
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import DUST_DOT_ALONE, MarkReading, MarkState
from tests.ocr.bands import band_row, stored_dust
from tests.ocr.test_dust_dots import _dust_dot, _row_one_evidence, _row_with, _weighed_boxes

BAND = "row_band_count_dot_as_dust_beside_weak_ring_noisy.png"


def test_a_needed_count_s_dust_dot_is_weighed_beside_an_unsure_box_of_the_count():
    """Sign '-' marked for certain, result_count 1 unsure on a weak ring (0.5), a dust dot of
    0.40 mm^2 in result_count 2: weighed as its dot reads, 0.98 (test_dust_dots.py's
    scale); the unsure box stays as read."""
    ev = _row_one_evidence()
    boxes = {
        (RESULT_SIGN, "-"): MarkReading("-", 0.3, MarkState.MARKED, 0.9999, "fill"),
        (RESULT_COUNT, "1"): MarkReading("1", 0.0, MarkState.UNSURE, 0.5, "circle", ring=0.45),
        (RESULT_COUNT, "2"): _dust_dot("2", 0.40),
    }
    read = _row_with(ev, boxes)
    out = dust_dot_alone(ev, read, MARK_SETTINGS)
    assert _weighed_boxes(ev, out) == {(RESULT_COUNT, "2"): pytest.approx(0.98)}


def test_the_player_s_count_dot_read_as_dust_is_weighed_beside_the_weak_ring():
    read = band_row(BAND, 13, stored_dust(BAND))
    count = {m.option: m for m in read[RESULT_COUNT]}
    assert (count["1"].state, count["1"].how) == (MarkState.UNSURE, "circle")
    two = count["2"]
    assert (two.state, two.how, round(two.dot_mm2, 3)) == (MarkState.EMPTY, DUST_DOT_ALONE, 0.545)
    assert two.p_marked > 0.99
