"""The score-side boxes: both marked read as no side, the used one unsure settled, the
unused one unsure settled beside the used one and the declarer marked for certain."""

from __future__ import annotations

from ocr.marks import MARKED_P, MarkReading, MarkState
from ocr.score_side import (
    both_sides_marked,
    settled_other_side,
    settled_side,
    without_unread_side,
)
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


def _declarer(marked: str, unsure: str = "") -> list[MarkReading]:
    return [
        _box(o, MarkState.MARKED, 0.9999)
        if o == marked
        else _box(o, MarkState.UNSURE, 0.5, "dot")
        if o == unsure
        else _box(o, MarkState.EMPTY, 0.0001, "")
        for o in "NESW"
    ]


def test_the_unused_side_box_unsure_beside_the_used_one_marked_is_settled():
    """West down one: North-South score plus, and the table marked NS (for certain). EW
    unsure (a ring the strips see in part, a neighbour's stroke, a dot on the edge between
    the two) would be the table's side only with the declarer on the other partnership:
    with W marked for certain and N and S empty, it is settled."""
    ns = _box("NS", MarkState.MARKED, 0.9999)
    ew = _box("EW", MarkState.UNSURE, 0.5, "circle")
    uses = {"score_side": "NS", "declarer": "W"}
    marks = {"score_side": [ns, ew], "declarer": _declarer("W")}
    settled = settled_other_side(marks, uses)
    assert settled == {("score_side", "EW")}
    assert unexplained_unsure(marks, uses) == ["score_side"]
    assert unexplained_unsure(marks, uses, settled) == []
    # E unsure beside W (the same partnership) changes nothing.
    assert settled_other_side({**marks, "declarer": _declarer("W", "E")}, uses) == settled


def test_the_unused_side_box_is_left_where_side_or_declarer_is_in_doubt():
    ns = _box("NS", MarkState.MARKED, 0.9999)
    ew = _box("EW", MarkState.UNSURE, 0.5, "circle")
    uses = {"score_side": "NS", "declarer": "W"}
    marks = {"score_side": [ns, ew], "declarer": _declarer("W")}
    nothing: frozenset[tuple[str, str]] = frozenset()
    # the used side box only unsure (settled_side's question), or marked under MARKED_P
    unsure_ns = _box("NS", MarkState.UNSURE, 0.97, "fill")
    assert settled_other_side({**marks, "score_side": [unsure_ns, ew]}, uses) == nothing
    # the other side box marked too: both_sides_marked's question
    marked_ew = _box("EW", MarkState.MARKED, 0.9999)
    assert settled_other_side({**marks, "score_side": [ns, marked_ew]}, uses) == nothing
    # the declarer only unsure, or a box of the other partnership (N) holding ink
    unsure_w = [
        _box(o, MarkState.UNSURE, 0.5, "dot") if o == "W" else _box(o, MarkState.EMPTY, 0.0)
        for o in "NESW"
    ]
    assert settled_other_side({**marks, "declarer": unsure_w}, uses) == nothing
    assert settled_other_side({**marks, "declarer": _declarer("W", "N")}, uses) == nothing
    # no side or no declarer used (no score written; a pass-out)
    assert settled_other_side(marks, {"score_side": None, "declarer": "W"}) == nothing
    assert settled_other_side(marks, {"score_side": "NS", "declarer": None}) == nothing
