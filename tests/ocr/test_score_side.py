"""The score-side boxes: both marked read as no side, the used one unsure settled."""

from __future__ import annotations

from ocr.marks import MARKED_P, MarkReading, MarkState
from ocr.score_side import both_sides_marked, settled_side, without_unread_side
from ocr.used_marks import unexplained_marks, unexplained_unsure


def _box(option: str, state: MarkState, p: float, how: str = "fill") -> MarkReading:
    return MarkReading(option, 0.3 if state is MarkState.MARKED else 0.0, state, p, how)


def test_a_side_is_unread_only_where_both_boxes_are_marked_for_certain():
    # MARKED_P is p_of_evidence(1.0): the logistic's 98% at the marked threshold.
    assert abs(MARKED_P - 0.98) < 1e-12
    assert both_sides_marked(0.9999, 0.99995)
    assert both_sides_marked(MARKED_P, MARKED_P)
    # A dot halfway between dust and a pen's dot: evidence 0.5, p_marked 0.5 but for the
    # float's last bit. It is no mark: NS alone gives the side.
    assert not both_sides_marked(0.9999, 0.5000000000000002)
    assert not both_sides_marked(0.97, 0.9999)  # unsure by its fill, under 0.98
    assert not both_sides_marked(0.0001, 0.9999)


def test_the_second_marked_side_box_is_no_mark_the_reading_ignores():
    # The reading's score is NS's (+420 read as Law 77's): it uses the NS box. The EW box
    # marked as well is one "the reading does not use"; with both marked, neither is read.
    ns = _box("NS", MarkState.MARKED, 0.9999)
    ew = _box("EW", MarkState.MARKED, 0.9999)
    marks = {"score_side": [ns, ew]}
    stray = unexplained_marks(marks, {"score_side": "NS"})
    assert stray == [("score_side", "EW")]
    assert without_unread_side(stray + [("level", "3")], [ns, ew]) == [("level", "3")]
    # One marked and one unsure (the halfway dot), or one empty, or one alone: the side is
    # read, and an unused marked box still sends the row to a person.
    halfway_dot = _box("EW", MarkState.UNSURE, 0.5000000000000002, "dot")
    assert without_unread_side(stray, [ns, halfway_dot]) == stray
    assert without_unread_side(stray, [_box("NS", MarkState.EMPTY, 0.0001), ew]) == stray
    assert without_unread_side(stray, [ns]) == stray


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


def test_both_side_boxes_unsure_by_a_dot_say_no_side():
    # A pen dot on the edge between NS and EW makes both unsure (edge_dots): it names
    # neither side, so the side is left out and both are settled; not where one box is
    # unsure by other ink (a stroke reaching in, above), nor with no side used.
    ns_dot = _box("NS", MarkState.UNSURE, 0.5, "dot")
    ew_dot = _box("EW", MarkState.UNSURE, 0.5, "dot")
    both = {("score_side", "NS"), ("score_side", "EW")}
    assert settled_side([ns_dot, ew_dot], "NS") == both
    assert settled_side([ns_dot, ew_dot], "EW") == both
    assert settled_side([ns_dot, ew_dot], None) == frozenset()
    assert settled_side([_box("NS", MarkState.UNSURE, 0.5, "edge"), ew_dot], "NS") == frozenset()
    marks = {"score_side": [ns_dot, ew_dot]}
    settled = settled_side([ns_dot, ew_dot], "NS")
    assert unexplained_unsure(marks, {"score_side": "NS"}) == ["score_side"]
    assert unexplained_unsure(marks, {"score_side": "NS"}, settled) == []
