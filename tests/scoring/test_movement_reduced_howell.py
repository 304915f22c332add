"""Reduced Howell (seed 004 section 2) and endless Howell (section 3), against the seed.

Every figure here is the seed's or follows from its rules by hand:
- reduced Howell: rounds = moving pairs, so with T tables and m rounds there are
  s = 2T - m stationary pairs; each moving pair meets all s of them and 2(T - s) movers
  (one opponent a round: s + 2(T - s) = m); stationary pairs never meet; m board sets,
  each played once at every table (T results, T - 1 with the highest pair missing);
- the seed's sizes: 6 tables 8 or 9 rounds (24 or 27 boards), 8 tables 12 or 13 (24 or
  26), 9 and 10 tables 12, 13 or 14 (24, 26 or 28 boards at 2 a round);
- endless Howell: every table plays set r in round r; the highest pair is NS at table 1;
  pair t starts at table t, pair 2T + 1 - t at table t in the other direction; moving
  pairs go one table up or down, two rounds at the top table; everyone meets everyone.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from scoring.movement import MovementError, MovementSpec
from scoring.movements import (
    Severity,
    balance_report,
    build_movement,
    check_movement,
    endless_howell,
    pair_balance,
    reduced_howell,
    suggest_movements,
)
from scoring.movements.reduced_howell import reduced_howell_sizes

SEED_SIZES = [(6, 8), (6, 9), (8, 12), (8, 13), (9, 12), (9, 13), (9, 14), (10, 12), (10, 13),
              (10, 14)]  # fmt: skip


def test_every_size_of_the_seed_is_generated():
    assert set(SEED_SIZES) <= set(reduced_howell_sizes())


@pytest.mark.parametrize(("tables", "rounds"), reduced_howell_sizes())
@pytest.mark.parametrize("odd", [False, True])
def test_reduced_howell_has_the_seeds_properties(tables, rounds, odd):
    pairs = 2 * tables - odd
    movement = reduced_howell(pairs, 2, rounds)
    stationary = 2 * tables - rounds
    assert [p for p in check_movement(movement) if p.severity is Severity.ERROR] == []
    assert movement.rounds == tuple(range(1, rounds + 1))
    assert movement.boards == tuple(range(1, 2 * rounds + 1))  # m sets of 2 boards
    # Stationary pairs: the highest numbers, each at its own table all evening (the highest
    # at table 1), meeting every moving pair once and never each other.
    sitters = range(rounds + 1, pairs + 1)
    for pair in sitters:
        assert {e.table for e in movement.entries_of_pair(pair)} == {2 * tables + 1 - pair}
        assert sorted(movement.opponents_of(pair)) == list(range(1, rounds + 1))
    for mover in range(1, rounds + 1):
        opponents = movement.opponents_of(mover)
        assert len(opponents) == len(set(opponents))  # nobody met twice
        assert set(sitters) <= set(opponents)
        movers_met = [p for p in opponents if p <= rounds]
        absent = 1 if odd else 0  # the pair that would meet the missing one sits out
        assert len(movers_met) == 2 * (tables - stationary)
        assert len(opponents) == rounds - absent
        # Each mover plays every board set once (one set missed when it sits out).
        assert len(movement.boards_of(mover)) == 2 * (rounds - absent)
    # Every board played once at every table that is in play.
    assert set(Counter(movement.times_played(b) for b in movement.boards)) == {tables - odd}


@pytest.mark.parametrize(("tables", "rounds"), [(6, 9), (8, 13), (10, 14)])
def test_moving_pairs_follow_the_pair_just_below_and_boards_go_in_number_order(tables, rounds):
    movement = reduced_howell(2 * tables, 3, rounds)
    stationary_tables = 2 * tables - rounds
    for round_ in range(1, rounds):
        for pair in range(1, rounds + 1):
            before = movement.seating(rounds if pair == 1 else pair - 1, round_)
            after = movement.seating(pair, round_ + 1)
            assert after.table == before.table
            if after.table > stationary_tables:  # two movers: the same seat
                assert after.side == before.side
        for table in movement.tables:
            now = (movement.entry_at(round_, table).boards[0] - 1) // 3
            then = (movement.entry_at(round_ + 1, table).boards[0] - 1) // 3
            assert then == (now + 1) % rounds


def test_stationary_pairs_change_direction_for_balance():
    # Unswitched, two stationary pairs would sit NS on every board both play (same share
    # 1, the worst balance): the arrow switches at their tables bring it to a third or more.
    movement = reduced_howell(12, 3, 9)
    shares = pair_balance(movement)
    for couple in [(10, 11), (10, 12), (11, 12)]:
        assert Fraction(1, 3) <= shares[couple].same_share <= Fraction(2, 3)
    assert balance_report(movement).mean_deviation < Fraction(1, 10)


@pytest.mark.parametrize(
    ("pairs", "boards", "name", "played"),
    [
        # Seed table "Val av tävlingsform": 11-12 pairs reduced Howell 27 boards; 15-16: 26;
        # 17-18 and 19-20: 26 or 28.
        (11, (26, 28), "Reduced Howell 11 pairs, 9 x 3 boards", 27),
        (12, (26, 28), "Reduced Howell 12 pairs, 9 x 3 boards", 27),
        (15, (26, 28), "Reduced Howell 15 pairs, 13 x 2 boards", 26),
        (16, (26, 28), "Reduced Howell 16 pairs, 13 x 2 boards", 26),
        (17, (26, 28), "Reduced Howell 17 pairs, 13 x 2 boards", 26),
        (18, (28, 28), "Reduced Howell 18 pairs, 14 x 2 boards", 28),
        (19, (26, 26), "Reduced Howell 19 pairs, 13 x 2 boards", 26),
        (20, (28, 28), "Reduced Howell 20 pairs, 14 x 2 boards", 28),
    ],
)
def test_suggest_offers_the_seeds_reduced_howell_first(pairs, boards, name, played):
    first = suggest_movements(pairs, boards)[0]
    assert (first.movement.name, first.boards) == (name, played)
    assert first.spec.type == "reduced-howell"


def test_event_file_names_it_and_sizes_not_available_are_refused():
    spec = MovementSpec("reduced-howell", (("pairs", "12"), ("boards_per_round", 3), ("rounds", 9)))
    assert build_movement(spec).name == "Reduced Howell 12 pairs, 9 x 3 boards"
    with pytest.raises(MovementError, match="for 6 tables: 6 tables 8 rounds, 6 tables 9 rounds"):
        reduced_howell(12, 3, 10)
    with pytest.raises(MovementError, match="rounds is missing"):
        build_movement(MovementSpec("reduced-howell", (("pairs", 12), ("boards_per_round", 3))))


# -- endless Howell ---------------------------------------------------------------------
@pytest.mark.parametrize("pairs", range(4, 27))
def test_endless_howell_everyone_meets_everyone_on_the_same_boards(pairs):
    movement = endless_howell(pairs, 2)
    tables = (pairs + 1) // 2
    assert movement.rounds == tuple(range(1, 2 * tables))
    assert [p for p in check_movement(movement) if p.severity is Severity.ERROR] == []
    for round_ in movement.rounds:
        assert {e.boards for e in movement.entries_in_round(round_)} == {
            (2 * round_ - 1, 2 * round_)
        }
    for pair in movement.pairs:
        assert sorted(movement.opponents_of(pair)) == [p for p in movement.pairs if p != pair]


def test_endless_howell_first_round_and_moves_as_the_seed_says():
    movement = endless_howell(10, 2)  # 5 tables, 9 rounds
    first = {e.table: set(e.pairs) for e in movement.entries_in_round(1)}
    # Lower half at the table of its number, the others from 2T + 1 = 11 down.
    assert first == {1: {1, 10}, 2: {2, 9}, 3: {3, 8}, 4: {4, 7}, 5: {5, 6}}
    assert all(e.ns == 10 for e in movement.entries_at_table(1))  # highest pair NS at 1
    # Moving pairs go one table up or down, except two rounds in a row at the top table
    # (the movement is a loop: round 9 is followed by round 1 again).
    for pair in range(1, 10):
        tables = [movement.seating(pair, r).table for r in movement.rounds]
        loop = [*tables, tables[0]]
        steps = [(a, b - a) for a, b in zip(loop, loop[1:], strict=False)]
        assert all(abs(step) == 1 for a, step in steps if step)
        assert [a for a, step in steps if step == 0] == [5]
    # Pair x follows pair x - 1, and pair 1 follows the second highest (9).
    for round_ in range(1, 9):
        for pair in range(2, 10):
            after, before = movement.seating(pair, round_ + 1), movement.seating(pair - 1, round_)
            assert (after.table, after.side) == (before.table, before.side)
        after, before = movement.seating(1, round_ + 1), movement.seating(9, round_)
        assert (after.table, after.side) == (before.table, before.side)


def test_endless_howell_odd_field_and_stopped_early():
    movement = endless_howell(9, 3)
    assert movement.sitting_out(1) == (1,)  # pair 1 would meet the missing pair 10
    assert {movement.times_played(b) for b in movement.boards} == {4}
    early = endless_howell(12, 2, rounds=7)
    assert early.rounds == tuple(range(1, 8))
    assert early.spec.as_dict()["rounds"] == 7
    with pytest.raises(MovementError, match="1 to 11 rounds"):
        endless_howell(12, 2, rounds=12)


def test_barometer_movements_and_the_rounds_played_so_far():
    # Every table on the round's boards, each board in one round: a barometer.
    assert endless_howell(8, 2).barometer
    assert not reduced_howell(12, 3, 9).barometer  # tables on different sets
    after_two = endless_howell(8, 2).through_round(2)
    assert after_two.rounds == (1, 2) and after_two.boards == (1, 2, 3, 4)
    assert after_two.name == "Endless Howell 8 pairs, 7 x 2 boards, after round 2 of 7"
    assert after_two.times_played(3) == 4  # a played board keeps its number of results
    assert endless_howell(8, 2).through_round(7) == endless_howell(8, 2)
    with pytest.raises(MovementError, match="no round 8"):
        endless_howell(8, 2).through_round(8)


def test_event_check_holds_it_to_its_promise():
    # A line lost from the guide card: moving pair and stationary pair never meet.
    from dataclasses import replace

    movement = reduced_howell(12, 3, 9)
    lost = movement.entry_at(4, 1)
    broken = replace(movement, entries=tuple(e for e in movement.entries if e != lost))
    problems = [p for p in check_movement(broken) if p.severity is Severity.ERROR]
    assert [p.code for p in problems] == ["pairs-never-meet"]
    assert f"{min(lost.pairs)}-{max(lost.pairs)}" in problems[0].message
