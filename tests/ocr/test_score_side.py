"""The score-side boxes: both marked read as no side, the used one unsure settled."""

from __future__ import annotations

from ocr.marks import MarkReading, MarkState
from ocr.score_side import both_sides_marked, settled_side, side_unread, without_unread_side
from ocr.used_marks import unexplained_marks


def _box(option: str, state: MarkState, p: float, how: str = "fill") -> MarkReading:
    return MarkReading(option, 0.3 if state is MarkState.MARKED else 0.0, state, p, how)


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


def test_the_used_side_box_unsure_beside_an_empty_one_is_settled():
    # The reading's score is NS's; its NS box is unsure because its ink may be the EW
    # box's stroke reaching in ("edge"), and the EW box reads empty: settled.
    edge = _box("NS", MarkState.UNSURE, 0.5, "edge")
    empty_ew = _box("EW", MarkState.EMPTY, 0.0001, "")
    assert settled_side([edge, empty_ew], "NS") == {("score_side", "NS")}
    # Not where the reading's side is the other one (the unsure box is then unused), nor
    # where the other box holds ink (unsure or marked), nor with no side used (no score).
    assert settled_side([edge, empty_ew], "EW") == frozenset()
    assert settled_side([edge, _box("EW", MarkState.UNSURE, 0.5, "dot")], "NS") == frozenset()
    assert settled_side([edge, _box("EW", MarkState.MARKED, 0.9999)], "NS") == frozenset()
    assert settled_side([edge, empty_ew], None) == frozenset()
    # A used box read marked or empty needs no settling.
    assert settled_side([_box("NS", MarkState.MARKED, 0.9999), empty_ew], "NS") == frozenset()
