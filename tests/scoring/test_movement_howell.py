"""Howell movements against seed 004 ("Tävlingsformer" 1) and invariants."""

from __future__ import annotations

import pytest

from scoring.contract import Side
from scoring.movement import MovementError, MovementKind
from scoring.movements import Severity, check_movement, comparison_fields, howell
from scoring.movements.howell import HOWELL_SCHEDULES, MAX_HOWELL_TABLES

ALL_SIZES = range(4, 2 * MAX_HOWELL_TABLES + 1)


@pytest.mark.parametrize(
    ("tables", "rounds"),
    # Seed 004 §1, "Antal bord / Antal ronder": rounds = moving pairs.
    [(3, 5), (4, 7), (5, 9), (6, 11), (7, 13), (8, 15)],
)
def test_rounds_per_table_count_match_the_seed(tables, rounds):
    m = howell(2 * tables, 2)
    assert len(m.rounds) == rounds
    assert len(m.tables) == tables


@pytest.mark.parametrize(
    ("pairs", "bpr", "boards"),
    # Seed 004 §1 board counts: 3 tables 20/25/30, 4 tables 21/28, 5 tables 18/27, 7 tables 26.
    [(6, 4, 20), (6, 5, 25), (6, 6, 30), (8, 3, 21), (8, 4, 28), (10, 2, 18), (10, 3, 27),
     (14, 2, 26), (16, 2, 30)],
)  # fmt: skip
def test_board_counts_match_the_seed(pairs, bpr, boards):
    assert len(howell(pairs, bpr).boards) == boards


def test_four_pairs_by_hand():
    # Pair 4 stationary NS at table 1; 1, 2, 3 rotate, each following the next lower
    # number; two tables and three sets, so both tables share the round's set.
    m = howell(4, 2)
    got = [(e.round, e.table, e.ns, e.ew, e.boards) for e in m.entries]
    assert got == [
        (1, 1, 4, 1, (1, 2)), (1, 2, 2, 3, (1, 2)),
        (2, 1, 4, 2, (3, 4)), (2, 2, 3, 1, (3, 4)),
        (3, 1, 4, 3, (5, 6)), (3, 2, 1, 2, (5, 6)),
    ]  # fmt: skip


@pytest.mark.parametrize("pairs", ALL_SIZES)
def test_every_howell_follows_the_seed(pairs):
    m = howell(pairs, 2)
    full = pairs + pairs % 2
    moving = full - 1
    assert m.kind is MovementKind.HOWELL
    assert m.pairs == tuple(range(1, pairs + 1))
    assert not [p for p in check_movement(m) if p.severity is Severity.ERROR]
    # Everyone meets everyone exactly once.
    met = sorted(tuple(sorted(e.pairs)) for e in m.entries)
    assert met == [(p, q) for p in range(1, pairs + 1) for q in range(p + 1, pairs + 1)]
    assert comparison_fields(m) == (frozenset(range(1, pairs + 1)),)
    if pairs % 2 == 0:
        # The highest pair sits still, NS at table 1, every round.
        assert all(m.seating(pairs, r).table == 1 for r in m.rounds)
        assert all(m.seating(pairs, r).side is Side.NS for r in m.rounds)
        assert {m.times_played(b) for b in m.boards} == {full // 2}
    else:
        # Odd: the highest number is missing; its would-be opponent sits out, table 1 idle.
        assert [m.sitting_out(r) for r in m.rounds] == [(r,) for r in m.rounds]
        assert m.entries_at_table(1) == ()
        assert {m.times_played(b) for b in m.boards} == {full // 2 - 1}
    # Each moving pair follows the pair numbered just below it (1 follows the highest mover).
    for r in m.rounds[:-1]:
        for x in range(1, moving + 1):
            before = m.seating(moving if x == 1 else x - 1, r)
            after = m.seating(x, r + 1)
            if before is not None and after is not None:
                assert (after.table, after.side) == (before.table, before.side)
    # Boards in number order at every table: each table's set goes up by one a round.
    for t in m.tables:
        firsts = [e.boards[0] for e in m.entries_at_table(t)]
        steps = {((b - a) // 2) % moving for a, b in zip(firsts, firsts[1:], strict=False)}
        assert steps <= {1}


def test_schedules_are_starters():
    # Every difference 1..T-1 once among the couples: that is why everyone meets once.
    for tables, (couples, offsets, flags) in HOWELL_SCHEDULES.items():
        m = 2 * tables - 1
        diffs = sorted(min((b - a) % m, (a - b) % m) for a, b in couples)
        assert diffs == list(range(1, tables)), tables
        assert len(offsets) == tables and len(flags) == tables - 1


def test_stopped_early_is_allowed_but_not_everyone_meets():
    m = howell(10, 3, rounds=6)
    assert m.rounds == tuple(range(1, 7))
    # Stopped early on purpose (the spec says rounds): not an error by default.
    assert not [p for p in check_movement(m) if p.severity is Severity.ERROR]
    codes = {p.code for p in check_movement(m, require_all_meet=True)}
    assert "pairs-never-meet" in codes


@pytest.mark.parametrize(
    ("pairs", "kwargs", "message"),
    [
        (2, {}, "not available"),
        (3, {}, "not available"),
        (2 * MAX_HOWELL_TABLES + 1, {}, "not available"),
        (8, {"rounds": 8}, "1 to 7 rounds"),
        (8, {"rounds": 0}, "1 to 7 rounds"),
    ],
)
def test_bad_howells_are_refused(pairs, kwargs, message):
    with pytest.raises(MovementError, match=message):
        howell(pairs, 2, **kwargs)
