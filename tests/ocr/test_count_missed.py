"""The count of tricks of a result over or under, read empty, whose one box has a pen dot's
thickness of ink by it (rule ``empty_field_dot``, ``ocr.result_sign.over_or_under``;
issue 43).

A result over or under the contract marks one box of the count, as a level marks one box of
its field: read empty with "+" or "-" marked for certain, the count is a mark missed, and
the one count box with solid ink 0.85 mm thick by it (``clean_rival_thick_mm``) is read
unsure as a dot on its edge. The written score settles it: every count gives its own score
(Law 77). A result made exactly ("=") marks no count, and a sign only unsure or two signs
inked say nothing of it: the count is left as read.
"""

from __future__ import annotations

import pytest

from ocr.empty_fields import empty_field_dot
from ocr.layout import LEVEL, RESULT_COUNT, RESULT_SIGN
from ocr.mark_rules import rule_steps
from ocr.mark_settings import MARK_SETTINGS
from ocr.marks import THICK_BY_EDGE, MarkReading, MarkState
from tests.ocr.bands import band_row, band_row_marks, stored_dust
from tests.ocr.marked_rows import box_index
from tests.ocr.test_clean_rivals import _crossed
from tests.ocr.test_dust_dots import _row_with
from tests.ocr.test_empty_fields import _dotted

BAND = "row_band_count_dot_between_lines.png"


def _unsure(option: str) -> MarkReading:
    return MarkReading(option, 0.07, MarkState.UNSURE, 0.5, "fill")


@pytest.mark.parametrize(
    ("sign", "unsure"),
    [
        ({"-": _crossed("-")}, True),
        ({"+": _crossed("+")}, True),
        ({"=": _crossed("=")}, False),  # made exactly: no count
        ({"-": _unsure("-")}, False),  # the sign itself in doubt
        ({"-": _crossed("-"), "+": _unsure("+")}, False),  # two signs inked
    ],
)
def test_the_count_of_a_result_over_or_under_is_a_field_to_mark(sign, unsure):
    """A blob 5 px tall and wide on count 3's top edge (its core with the line 5 px, 0.85
    mm: ``tests.ocr.test_empty_fields``), the level crossed (a played row)."""
    ev = _dotted("3", field=RESULT_COUNT)
    boxes = {(RESULT_SIGN, o): r for o, r in sign.items()} | {(LEVEL, "3"): _crossed("3")}
    read = empty_field_dot(ev, _row_with(ev, boxes), MARK_SETTINGS)
    three = read[box_index(ev, RESULT_COUNT, "3")]
    assert (three.state is MarkState.UNSURE) is unsure
    if unsure:
        assert three.how in (THICK_BY_EDGE, "dot")


def test_a_pen_dot_squeezed_between_two_printed_lines():
    """Fresh TRAINING noisy 58213, ``page_0007.png`` row 14 (3S by South -1, 100 written to
    East-West, North-South vulnerable): the player's dot for count 1 sits under the box,
    between its bottom line and the line of the box below; the masks of the two lines
    leave one row of its pixels (8 px, under ``edge_dot_least_mm2``'s 8.7), and the count
    read empty beside "-" marked: "result_count 1 reads empty, but the reading needs it
    marked". Its core with the lines is a pen dot's thickness: count 1 is unsure, and the
    written 100 settles it (-2 scores 200)."""
    count = {m.option: m for m in band_row(BAND, 14, stored_dust(BAND))[RESULT_COUNT]}
    assert count["1"].state is MarkState.UNSURE
    assert all(count[str(n)].state is MarkState.EMPTY for n in range(2, 14))


LATE = "row_band_count_dot_beside_late_sign.png"


def test_the_count_beside_a_sign_read_marked_only_by_a_later_rule():
    """Fresh TRAINING noisy 58213, ``page_0060.png`` row 14 (5C by West +2, 440 written to
    East-West): the player's dot for "+" lies on its top left corner, unsure by
    ``edge_dots`` and read marked by ``clean_rivals`` (rule 28), after
    ``empty_field_dot`` (27) looked at the count; the dot for count 2 lies on its left
    edge under the masks of the lines. Rule ``empty_count_dot``, last, reads count 2
    unsure, and the written 440 settles it (+1 scores 420)."""
    marks = band_row_marks(LATE, 14, stored_dust(LATE))
    steps = dict(rule_steps(marks.evidence()))
    before = steps["clean_rivals"]
    ev = marks.evidence()
    assert before[box_index(ev, RESULT_SIGN, "+")].state is MarkState.MARKED
    two = steps["empty_count_dot"][box_index(ev, RESULT_COUNT, "2")]
    assert (two.state, two.how) == (MarkState.UNSURE, THICK_BY_EDGE)
    count = {m.option: m for m in band_row(LATE, 14, stored_dust(LATE))[RESULT_COUNT]}
    assert count["2"].state is MarkState.UNSURE
    assert all(count[str(n)].state is MarkState.EMPTY for n in (1, *range(3, 14)))
