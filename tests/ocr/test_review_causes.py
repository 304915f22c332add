"""Rows to review by the mark boxes read otherwise than the truth
(benchmarks/review_causes.py), on rows built by hand."""

from __future__ import annotations

from benchmarks.review_causes import NO_BOX, box_cause, row_causes, table


def _row(**read: tuple[str, str]) -> dict[tuple[str, str], tuple[str, str]]:
    """A row whose level 1-3, declarer N and S and score side NS and EW read empty, but the
    boxes named ("level_2": ("unsure", "dot"))."""
    boxes = [("level", "1"), ("level", "2"), ("level", "3"), ("declarer", "N"),
             ("declarer", "S"), ("score_side", "NS"), ("score_side", "EW")]  # fmt: skip
    out = {b: ("empty", "") for b in boxes}
    for name, v in read.items():
        field, option = name.rsplit("_", 1)
        out[field, option] = v
    return out


PLAYER = {("level", "2"), ("declarer", "S"), ("score_side", "NS")}


def test_a_row_read_as_the_players_marked_it_holds_no_box_cause():
    marks = _row(level_2=("marked", "fill"), declarer_S=("marked", "circle"))
    assert row_causes(marks, PLAYER) == {NO_BOX}  # the score side left empty is no cause


def test_a_players_box_read_empty_and_one_unsure_by_a_neighbours_stroke():
    marks = _row(declarer_S=("unsure", "edge"), score_side_NS=("marked", "dot"))
    assert row_causes(marks, PLAYER) == {
        "a player's box read empty",  # level 2
        "a player's box unsure by a neighbour's stroke",
    }


def test_an_unsure_players_box_alone_in_its_field_or_beside_other_ink():
    alone = _row(level_2=("unsure", "dot"), declarer_S=("marked", "fill"))
    assert box_cause("level", "2", alone, PLAYER) == (
        "a player's box unsure by its dot, the only inked box of its field"
    )
    beside = _row(level_2=("unsure", "dot"), level_3=("unsure", "circle"))
    assert box_cause("level", "2", beside, PLAYER) == (
        "a player's box unsure by its dot, beside another inked box of its field"
    )
    assert box_cause("level", "3", beside, PLAYER) == "a box no player marked read unsure by circle"
    assert box_cause("level", "1", beside, PLAYER) is None


def test_the_table_counts_rows_holding_a_cause_and_rows_holding_it_alone():
    rows = [{"a", "b"}, {"a"}, {"b"}, {"b"}, {"c", "a"}]
    assert table(rows) == {"a": (3, 1), "b": (3, 2), "c": (1, 0)}


def test_a_cause_names_the_rule_that_decided_its_box_where_asked():
    """``--by-rule``: each box's cause ends with the rule that last changed it (as
    ``benchmarks.rules_seen`` records it); a box no rule changed says "first reading"."""
    marks = _row(declarer_S=("unsure", "edge"), level_3=("marked", "fill"))
    decided = {("declarer", "S"): "without_spill", ("level", "2"): "dusty_circles",
               ("level", "3"): "first reading"}  # fmt: skip
    assert row_causes(marks, PLAYER, decided) == {
        "a player's box read empty, by dusty_circles",
        "a player's box unsure by a neighbour's stroke, by without_spill",
        "a box no player marked read marked by fill, by first reading",
    }
    assert box_cause("level", "1", marks, PLAYER, decided) is None
    assert row_causes(marks, PLAYER) == {
        "a player's box read empty",
        "a player's box unsure by a neighbour's stroke",
        "a box no player marked read marked by fill",
    }
