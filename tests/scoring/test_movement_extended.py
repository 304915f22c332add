"""Extended Mitchell (Utvidgad Mitchell, seed 004 section 11).

Worked by hand for 8 tables, 3 boards a round, two extra rounds: the relay Mitchell plays
8 rounds on sets 1-8 (boards 1-24); extra round 1 (round 9) is round 1 of the circle
method in each field, turning positions 1..7 around the fixed 8th: NS field 1-8, 2-7, 3-6,
4-5 (the first pair NS where couple index + round is even), EW field 9-16, 10-15, 11-14,
12-13 at tables 5-8, all on set 9 (boards 25-27), the couples at tables 1 and 3 turned
(8-1, 6-3); round 10: couples (2, 8), (3, 1), (4, 7), (5, 6), NS 2-8, 1-3, 4-7, 6-5 ... on
set 10 (boards 28-30). 30 boards, each played 8 times.
"""

from __future__ import annotations

import pytest

from scoring.movement import MovementError, MovementSpec
from scoring.movements import (
    ArrowSwitch,
    EvenTables,
    Severity,
    build_movement,
    check_movement,
    comparison_fields,
    extended_mitchell,
    mitchell,
)
from scoring.movements.combined import event_meetings
from scoring.movements.extended import field_round


def test_eight_tables_two_extra_rounds_by_hand():
    m = extended_mitchell(8, 3, 2)
    assert m.name == "Extended Mitchell 8 tables (relay), 8 + 2 x 3 boards"
    assert len(m.rounds) == 10 and m.boards == tuple(range(1, 31))
    assert {m.times_played(b) for b in m.boards} == {8}
    nine = [(e.table, e.ns, e.ew, e.boards) for e in m.entries_in_round(9)]
    assert nine == [
        (1, 8, 1, (25, 26, 27)), (2, 2, 7, (25, 26, 27)), (3, 6, 3, (25, 26, 27)),
        (4, 4, 5, (25, 26, 27)), (5, 16, 9, (25, 26, 27)), (6, 10, 15, (25, 26, 27)),
        (7, 14, 11, (25, 26, 27)), (8, 12, 13, (25, 26, 27)),
    ]  # fmt: skip
    ten = [(e.ns, e.ew) for e in m.entries_in_round(10)[:4]]
    assert ten == [(2, 8), (1, 3), (4, 7), (6, 5)]
    # the Mitchell part is the relay Mitchell itself
    assert [e for e in m.entries if e.round <= 8] == list(mitchell(8, 3).entries)


def test_circle_method_rounds():
    assert field_round((1, 2, 3, 4), 1) == [(1, 4), (2, 3)]
    assert field_round((1, 2, 3, 4), 2) == [(2, 4), (3, 1)]
    assert field_round((1, 2, 3, 4, 5), 1) == [(2, 5), (3, 4)]  # pair 1 sits out


@pytest.mark.parametrize("tables", [4, 6, 8, 10, 12])
@pytest.mark.parametrize("extra", [1, 2, 3])
def test_no_replayed_board_or_opponent(tables, extra):
    m = extended_mitchell(tables, 2, extra)
    met = event_meetings([m])
    assert max(met.values()) == 1
    assert not check_movement(m)
    # every NS pair meets every EW pair, then `extra` pairs of its own field
    for p in m.pairs:
        opponents = m.opponents_of(p)
        other_field = [q for q in opponents if (q <= tables) != (p <= tables)]
        assert len(other_field) == tables and len(opponents) == tables + extra
    assert len(comparison_fields(m)) == 1


@pytest.mark.parametrize("tables", [5, 7, 9])
def test_odd_tables_one_pair_of_each_field_sits_out_an_extra_round(tables):
    m = extended_mitchell(tables, 3, 2)
    assert max(event_meetings([m]).values()) == 1
    for r in m.rounds[tables:]:
        out = m.sitting_out(r)
        assert len(out) == 2 and out[0] <= tables < out[1]
    problems = check_movement(m)
    assert [p.code for p in problems] == ["uneven-board-plays"]
    assert problems[0].severity is Severity.WARNING
    assert {m.times_played(b) for b in m.boards} == {tables - 1, tables}


def test_skip_mitchell_leaves_out_its_return_round():
    m = extended_mitchell(8, 3, 1, even=EvenTables.SKIP, arrow_switch=ArrowSwitch.LAST_ROUND)
    assert len(m.rounds) == 8  # 7 Mitchell rounds (no revanche) + 1
    assert max(event_meetings([m]).values()) == 1


@pytest.mark.parametrize("extra", [0, 4])
def test_one_to_three_extra_rounds(extra):
    with pytest.raises(MovementError, match="1 to 3"):
        extended_mitchell(8, 3, extra)


def test_event_file_spec():
    spec = MovementSpec(
        "extended-mitchell",
        (
            ("tables", "9"),
            ("boards_per_round", "3"),
            ("extra_rounds", "1"),
            ("arrow_switch", "balanced"),
        ),
    )
    m = build_movement(spec)
    assert m.spec is not None and m.spec.get("extra_rounds") == 1
    assert len(m.rounds) == 10 and len(m.boards) == 30
    with pytest.raises(MovementError, match="extra_rounds is missing"):
        build_movement(MovementSpec("extended-mitchell", (("tables", 9), ("boards_per_round", 3))))
