"""Mitchell movements against seed 004 ("Tävlingsformer" 5-10) and invariants."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.movement import MovementError, MovementKind
from scoring.movements import (
    ArrowSwitch,
    EvenTables,
    Severity,
    balance_report,
    check_movement,
    comparison_fields,
    mitchell,
)
from tests.hypothesis_profiles import draws


def seating(movement, round_):
    """{table: (ns, ew, first board, last board)} for one round."""
    return {
        e.table: (e.ns, e.ew, e.boards[0], e.boards[-1]) for e in movement.entries_in_round(round_)
    }


def test_three_tables_by_hand():
    # NS 1-3 stay; EW 4-6 start at tables 1-3 and move up; boards move down (seed 004 §5).
    m = mitchell(3, 3)
    assert seating(m, 1) == {1: (1, 4, 1, 3), 2: (2, 5, 4, 6), 3: (3, 6, 7, 9)}
    assert seating(m, 2) == {1: (1, 6, 4, 6), 2: (2, 4, 7, 9), 3: (3, 5, 1, 3)}
    assert seating(m, 3) == {1: (1, 5, 7, 9), 2: (2, 6, 1, 3), 3: (3, 4, 4, 6)}
    assert m.kind is MovementKind.MITCHELL
    assert m.pairs == (1, 2, 3, 4, 5, 6)


def test_relay_round_one_is_the_seeds_eight_table_example():
    # Seed 004 §8: tables 1-4 boards 1-3 .. 10-12, bye stand 13-15, tables 5-7 boards
    # 16-18 .. 22-24, table 8 shares 1-3 with table 1.
    m = mitchell(8, 3)
    first = {t: (b[2], b[3]) for t, b in seating(m, 1).items()}
    assert first == {
        1: (1, 3), 2: (4, 6), 3: (7, 9), 4: (10, 12),
        5: (16, 18), 6: (19, 21), 7: (22, 24), 8: (1, 3),
    }  # fmt: skip
    assert 13 not in {b for e in m.entries_in_round(1) for b in e.boards}  # on the bye stand


def test_relay_round_two_follows_the_seeds_moves():
    # Boards of tables 1 and 8 go to table 7, table 5's go to the bye stand, the bye
    # stand's to table 4, the others one table down; EW pairs move up (16 -> table 1).
    m = mitchell(8, 3)
    assert seating(m, 2) == {
        1: (1, 16, 4, 6), 2: (2, 9, 7, 9), 3: (3, 10, 10, 12), 4: (4, 11, 13, 15),
        5: (5, 12, 19, 21), 6: (6, 13, 22, 24), 7: (7, 14, 1, 3), 8: (8, 15, 4, 6),
    }  # fmt: skip
    assert 16 not in {b for e in m.entries_in_round(2) for b in e.boards}  # now on the bye stand


def test_skip_mitchell_skips_after_half_and_ends_with_the_revenge_round():
    # Seed 004 §9 with 4 tables: after round 2 the EW pairs skip a table (1 -> 3,
    # 3 -> 1, 4 -> 2); in the last round they are back at their first table.
    m = mitchell(4, 2, even=EvenTables.SKIP)
    tables_of_5 = [m.seating(5, r).table for r in m.rounds]
    assert tables_of_5 == [1, 2, 4, 1]
    assert [m.seating(8, r).table for r in m.rounds] == [4, 1, 3, 4]
    assert m.opponents_of(5) == (1, 2, 4, 1)
    assert not [p for p in check_movement(m) if p.severity is Severity.ERROR]


def test_skip_mitchell_without_the_revenge_round():
    m = mitchell(4, 2, even=EvenTables.SKIP, rounds=3)
    assert m.rounds == (1, 2, 3)
    assert all(m.times_played(b) == 3 for b in m.boards)
    assert len(m.boards) == 8


def test_goteborg_mitchell_stops_early():
    # Seed 004 §10: 11 tables x 3 boards laid out (33), stopped after 8 rounds (24 played).
    m = mitchell(11, 3, rounds=8)
    assert m.rounds == tuple(range(1, 9))
    assert m.boards == tuple(range(1, 34))
    assert len(m.boards_of(12)) == 24
    assert {m.times_played(b) for b in m.boards} == {8}


def test_pure_mitchell_has_two_fields():
    m = mitchell(5, 3)
    assert comparison_fields(m) == (frozenset(range(1, 6)), frozenset(range(6, 11)))


def test_last_round_arrow_switch_makes_one_field():
    m = mitchell(5, 3, arrow_switch=ArrowSwitch.LAST_ROUND)
    assert comparison_fields(m) == (frozenset(range(1, 11)),)
    last = m.entries_in_round(5)
    assert all(e.switched for e in last)
    assert all(e.ns > 5 and e.ew == e.table for e in last)  # the stationary pair sits EW
    assert not any(e.switched for e in m.entries if e.round < 5)


def test_switch_rounds_are_explicit():
    m = mitchell(7, 2, switch_rounds=(2, 5))
    assert {e.round for e in m.entries if e.switched} == {2, 5}


def test_relay_never_switches_table_one():
    # Seed 004 §6: in a relay Mitchell the stationary pair at table 1 sits NS throughout.
    m = mitchell(8, 3, arrow_switch=ArrowSwitch.LAST_ROUND)
    assert all(e.ns == 1 for e in m.entries_at_table(1))
    assert all(e.switched for e in m.entries_in_round(8) if e.table != 1)


@pytest.mark.parametrize("tables", [6, 7, 9, 10, 12])
def test_balanced_arrow_switch_beats_last_round(tables):
    balanced = balance_report(mitchell(tables, 3, arrow_switch=ArrowSwitch.BALANCED))
    last = balance_report(mitchell(tables, 3, arrow_switch=ArrowSwitch.LAST_ROUND))
    assert balanced.mean_deviation < last.mean_deviation
    assert balanced.mean_deviation < Fraction(3, 20)


def test_pure_mitchell_balance_is_all_or_nothing():
    report = balance_report(mitchell(5, 2))
    assert (report.min_same_share, report.max_same_share) == (0, 1)


def test_absent_pair_gives_a_sit_out_each_round():
    # 9 tables, 17 pairs: pair 18 missing; the NS pair it would have met sits out.
    m = mitchell(9, 3, absent=(18,))
    assert 18 not in m.pairs
    # EW 18 starts at table 9 and moves up: 9, 1, 2, ... so NS 9, 1, 2, ... sit out.
    assert [m.sitting_out(r) for r in m.rounds] == [(9,), *((t,) for t in range(1, 9))]
    assert {m.times_played(b) for b in m.boards} == {8}


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"tables": 1, "boards_per_round": 3}, "at least 2 tables"),
        ({"tables": 2, "boards_per_round": 3}, "play a Howell"),
        ({"tables": 5, "boards_per_round": 0}, "at least 1"),
        ({"tables": 5, "boards_per_round": 3, "rounds": 6}, "1 to 5 rounds"),
        ({"tables": 5, "boards_per_round": 3, "absent": (11,)}, "pairs 1-10"),
        ({"tables": 5, "boards_per_round": 3, "switch_rounds": (6,)}, "not rounds 1-5"),
    ],
)
def test_bad_mitchells_are_refused(kwargs, message):
    with pytest.raises(MovementError, match=message):
        mitchell(**kwargs)


@settings(max_examples=draws(40), deadline=None)
@given(
    tables=st.integers(3, 13),
    bpr=st.integers(1, 4),
    even=st.sampled_from(EvenTables),
    switch=st.sampled_from(ArrowSwitch),
    data=st.data(),
)
def test_every_mitchell_is_playable(tables, bpr, even, switch, data):
    rounds = data.draw(st.integers(3, tables))
    m = mitchell(tables, bpr, rounds=rounds, even=even, arrow_switch=switch)
    assert not [p for p in check_movement(m) if p.severity is Severity.ERROR]
    assert len(m.boards) <= tables * bpr
    assert m.boards_per_round == bpr
    for t in range(1, tables + 1):
        # The stationary pair never leaves its table, whichever way it faces.
        assert all(t in e.pairs for e in m.entries_at_table(t))
    for pair in m.pairs:
        boards = m.boards_of(pair)
        assert len(boards) == len(set(boards)) == rounds * bpr
    if rounds == tables:
        assert len(m.boards) == tables * bpr
        assert {m.times_played(b) for b in m.boards} == {tables}
        expected_fields = 2 if switch is ArrowSwitch.NONE else 1
        assert len(comparison_fields(m)) == expected_fields


@pytest.mark.parametrize("tables", [4, 6, 8, 10, 12])
def test_relay_boards_come_in_number_order_at_every_table(tables):
    # Seed 004 §8: "Brickorna spelas i nummerordning vid varje bord."
    m = mitchell(tables, 3)
    total = 3 * tables
    for table in m.tables:
        firsts = [e.boards[0] for e in m.entries_at_table(table)]
        assert all((b - a) % total == 3 for a, b in zip(firsts, firsts[1:], strict=False))
