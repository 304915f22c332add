"""Both score-side boxes marked: the written score's side is not read (ocr/score_side.py)."""

from __future__ import annotations

from ocr.marks import MarkReading, MarkState
from ocr.row_reader import unexplained_marks
from ocr.score_side import both_sides_marked, side_unread, without_unread_side


def _box(option: str, state: MarkState, p: float) -> MarkReading:
    return MarkReading(option, 0.3 if state is MarkState.MARKED else 0.0, state, p, "fill")


def test_a_side_is_unread_only_where_both_boxes_are_over_half():
    assert side_unread(0.9999, 0.99995)
    assert side_unread(0.51, 0.51)
    assert not side_unread(0.9999, 0.5)  # 0.5 is no mark: NS alone gives the side
    assert not side_unread(0.0001, 0.9999)


def test_the_second_marked_side_box_is_no_mark_the_reading_ignores():
    # The reading's score is NS's (+420 read as Law 77's): it uses the NS box. The EW box
    # marked as well is one "the reading does not use"; with both marked, neither is read.
    ns = _box("NS", MarkState.MARKED, 0.9999)
    ew = _box("EW", MarkState.MARKED, 0.9999)
    marks = {"score_side": [ns, ew]}
    stray = unexplained_marks(marks, {"score_side": "NS"})
    assert stray == [("score_side", "EW")]
    assert both_sides_marked([ns, ew])
    assert without_unread_side(stray + [("level", "3")], [ns, ew]) == [("level", "3")]
    assert without_unread_side(stray, [ns, _box("EW", MarkState.UNSURE, 0.5)]) == stray
    # One marked and one unsure, or one alone: the side is read, and an unused marked box
    # still sends the row to a person.
    assert not both_sides_marked([ns, _box("EW", MarkState.UNSURE, 0.5)])
    assert not both_sides_marked([_box("NS", MarkState.EMPTY, 0.0001), ew])
    assert not both_sides_marked([ns])
