"""Interwoven Howell (seed 004 "Tävlingsformer" section 4).

Worked by hand for 8 tables (16 pairs): each group is the 8-pair Howell of
``HOWELL_SCHEDULES[4]`` (starter (1,6), (2,5), (3,4); pair x at position x - r + 1), group
A with offsets (0, 2, 4, 1), group B (pairs + 8) with offsets (0, 5, 3, 6). Round 1:
A: table 1 8-1 set 1; table 2 2-7 set 3; table 3 3-6 set 5; table 4 5-4 set 2 (the third
couple turned); B: table 5 16-9 set 1; table 6 10-15 set 6; table 7 11-14 set 4; table 8
13-12 set 7. A plays sets {1, 2, 3, 5}, B {1, 4, 6, 7}: the sets A rests (4, 6, 7) are
played in B, and set 1 is shared by the two stationary tables 1 and 5.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from scoring.movement import MovementError, MovementSpec
from scoring.movements import (
    Severity,
    build_movement,
    check_movement,
    comparison_fields,
    interwoven_howell,
    mitchell,
)
from scoring.movements.combined import event_meetings

EVEN_PAIRS = [16, 20, 24, 28, 32, 36]
ODD_TABLE_PAIRS = [22, 26, 30, 34]  # 11, 13, 15, 17 tables


def test_eight_tables_round_one_by_hand():
    m = interwoven_howell(16, 2)
    got = [(e.table, e.ns, e.ew, e.boards) for e in m.entries_in_round(1)]
    assert got == [
        (1, 8, 1, (1, 2)), (2, 2, 7, (5, 6)), (3, 3, 6, (9, 10)), (4, 5, 4, (3, 4)),
        (5, 16, 9, (1, 2)), (6, 10, 15, (11, 12)), (7, 11, 14, (7, 8)), (8, 13, 12, (13, 14)),
    ]  # fmt: skip
    # Round 2: every moving pair takes the seat of the pair numbered just below it, and
    # every table plays the next set.
    second = {e.table: (e.ns, e.ew, e.boards[0]) for e in m.entries_in_round(2)}
    assert second[1] == (8, 2, 3) and second[5] == (16, 10, 3)
    assert second[2] == (3, 1, 7)  # 2 -> 3, 7 -> 1 (pair 1 follows the highest mover, 7)


@pytest.mark.parametrize("pairs", EVEN_PAIRS)
def test_even_tables_two_stationary_pairs_and_groups_meet_inside(pairs):
    tables, group = pairs // 2, pairs // 2
    m = interwoven_howell(pairs, 2)
    assert (len(m.tables), len(m.rounds)) == (tables, group - 1)
    # every set is in play every round, and every board is played once at every table
    sets = group - 1
    assert len(m.boards) == 2 * sets
    assert {m.times_played(b) for b in m.boards} == {tables}
    for r in m.rounds:
        assert {e.boards for e in m.entries_in_round(r)} == {
            (2 * s - 1, 2 * s) for s in range(1, sets + 1)
        }
    # pairs `group` and `pairs` never move: NS at table 1 and at the first table of group B
    for stationary in (group, pairs):
        assert len({(e.table, e.side_of(stationary)) for e in m.entries_of_pair(stationary)}) == 1
    a, b = range(1, group + 1), range(group + 1, pairs + 1)
    met = event_meetings([m])
    for p, q in combinations(range(1, pairs + 1), 2):
        assert met[(p, q)] == (1 if (p in a) == (q in a) else 0), (p, q)
    assert not check_movement(m)
    assert len(comparison_fields(m)) == 1  # one top, one winner
    assert all(set(e.pairs) <= set(a) or set(e.pairs) <= set(b) for e in m.entries)


@pytest.mark.parametrize(
    ("pairs", "shared"), [(16, (1, 5)), (20, (2, 8)), (24, (1, 7)), (36, (1, 10))]
)
def test_even_tables_one_set_shared_by_two_tables_every_round(pairs, shared):
    m = interwoven_howell(pairs, 2)
    for r in m.rounds:
        boards = [e.boards for e in m.entries_in_round(r)]
        (twice,) = [b for b in set(boards) if boards.count(b) == 2]
        assert tuple(e.table for e in m.entries_in_round(r) if e.boards == twice) == shared


@pytest.mark.parametrize("pairs", ODD_TABLE_PAIRS)
def test_odd_tables_no_stationary_pair_one_meeting_across(pairs):
    tables = group = pairs // 2
    m = interwoven_howell(pairs, 1)
    assert (len(m.tables), len(m.rounds)) == (tables, group)
    assert {m.times_played(b) for b in m.boards} == {tables}
    # nobody sits still: every pair changes table or direction
    for p in m.pairs:
        assert len({(e.table, e.side_of(p)) for e in m.entries_of_pair(p)}) > 1
    met = event_meetings([m])
    for p in range(1, pairs + 1):
        mine = range(1, group + 1) if p <= group else range(group + 1, pairs + 1)
        others = [q for q in m.opponents_of(p) if q not in mine]
        assert len(others) == 1
        assert all(met[(min(p, q), max(p, q))] == 1 for q in mine if q != p)
    # A pair t meets B pair group + t + 1 at table 1 (A pair `group` meets B pair group + 1)
    for t in range(1, group + 1):
        partner = group + t + 1 if t < group else group + 1
        assert [e.table for e in m.entries_of_pair(t) if partner in e.pairs] == [1]
    assert not check_movement(m)


@pytest.mark.parametrize("pairs", ODD_TABLE_PAIRS)
def test_odd_tables_then_a_mitchell_one_round_short_meets_everyone_once(pairs):
    """Seed "Kombinerade tävlingar": interwoven Howell, then a Mitchell against the other
    group; the couple met at the cross table meets in the Mitchell's last round, so a
    Mitchell of tables - 1 rounds makes every couple meet exactly once over the event."""
    tables = pairs // 2
    met = event_meetings([interwoven_howell(pairs, 1), mitchell(tables, 1, rounds=tables - 1)])
    assert {met[c] for c in combinations(range(1, pairs + 1), 2)} == {1}
    full = event_meetings([interwoven_howell(pairs, 1), mitchell(tables, 1)])
    assert sum(1 for c in combinations(range(1, pairs + 1), 2) if full[c] == 2) == tables


@pytest.mark.parametrize("pairs", EVEN_PAIRS)
def test_even_tables_then_a_relay_mitchell_meets_everyone_once(pairs):
    tables = pairs // 2
    met = event_meetings([interwoven_howell(pairs, 1), mitchell(tables, 1)])
    assert {met[c] for c in combinations(range(1, pairs + 1), 2)} == {1}


@pytest.mark.parametrize("pairs", [15, 19, 21, 35])
def test_one_pair_short_the_highest_number_is_missing(pairs):
    m = interwoven_howell(pairs, 1)
    assert m.pairs == tuple(range(1, pairs + 1))
    assert pairs + 1 not in {p for e in m.entries for p in e.pairs}
    assert not [p for p in check_movement(m) if p.severity is Severity.ERROR]
    # the pair that would have met the missing one sits out, one a round
    assert all(len(m.sitting_out(r)) == 1 for r in m.rounds)


@pytest.mark.parametrize("pairs", [14, 17, 18, 38, 40])
def test_sizes_outside_8_to_18_tables_and_9_tables_are_refused(pairs):
    with pytest.raises(MovementError, match="8 to 18 tables"):
        interwoven_howell(pairs, 2)


def test_the_check_holds_the_groups_to_their_promise():
    m = interwoven_howell(16, 1)
    # swap two pairs of different groups in one line: they now meet across the groups
    first = m.entries[1]
    bad = [
        e if e is not first else type(e)(e.round, e.table, e.ns, 9 if e.ew != 9 else 10, e.boards)
        for e in m.entries
    ]
    codes = {
        p.code for p in check_movement(type(m)(m.name, m.kind, tuple(bad), m.pairs, spec=m.spec))
    }
    assert "meets-other-group" in codes


def test_event_file_spec():
    spec = MovementSpec("interwoven-howell", (("pairs", "20"), ("boards_per_round", "3")))
    m = build_movement(spec)
    assert m.name == "Interwoven Howell 20 pairs, 10 tables, 9 x 3 boards"
    assert m.spec == MovementSpec("interwoven-howell", (("pairs", 20), ("boards_per_round", 3)))


# -- 9 tables: why no schedule of the construction exists ---------------------------------
# A group of an interwoven Howell at 9 tables is a Howell of 9 pairs: 9 rounds, 4 tables of
# its own and the cross table (where the pair its missing 10th pair would have left idle
# meets the other group's). The construction is "every round a translate of round 1": pair
# x at position x - r and table t on set c_t + r in round r, positions and sets in a group
# of order 9 (Z9: every pair follows the pair numbered just below it, boards in number
# order; or Z3 x Z3, the only other group of order 9). Table t (t = 2..5) seats a couple
# {a_t, b_t} of positions, position 0 goes to the cross table on set c_1 = 0. It is a Howell
# (everyone meets everyone once) when the couples' differences +-(a_t - b_t) are the 8
# non-zero elements once (a *starter*), and no pair meets a set twice when {0} and the
# c_t - a_t, c_t - b_t are the 9 elements once; every table on its own set: c_2..c_5
# distinct and not 0. Group B's tables must play exactly the sets group A rests in the same
# round, and the cross table's set is both groups' c_1, so B's c_2..c_5 must be the 4
# non-zero elements A's c_2..c_5 leave out. The enumeration below (every starter, every
# choice of c_2..c_5) finds Z9's possible {c_2..c_5} and Z3 x Z3's, and no two of them
# are complementary, so no group B exists for any group A of the construction.


def _starters_and_adders(elements, add, neg):  # noqa: ANN001, ANN202
    from itertools import product

    zero = elements[0]
    nonzero = elements[1:]
    starters: list[tuple[tuple, ...]] = []

    def pair_up(rest, couples, used):  # noqa: ANN001, ANN202
        if not rest:
            starters.append(tuple(couples))
            return
        a = rest[0]
        for b in rest[1:]:
            difference = add(b, neg(a))
            key = frozenset((difference, neg(difference)))
            if key not in used:
                left = [x for x in rest if x not in (a, b)]
                pair_up(left, [*couples, (a, b)], used | {key})

    pair_up(list(nonzero), [], frozenset())
    adders = set()
    for starter in starters:
        for offsets in product(elements, repeat=len(starter)):
            if len(set(offsets) - {zero}) != len(starter):
                continue  # a table on the cross table's set, or two tables on one set
            pairs = zip(offsets, starter, strict=True)
            values = {zero} | {add(c, neg(x)) for c, couple in pairs for x in couple}
            if len(values) == len(elements):
                adders.add(frozenset(offsets))
    return starters, adders


def test_no_nine_table_schedule_of_the_construction_exists() -> None:
    from scoring.movements.howell import HOWELL_SCHEDULES

    z9 = list(range(9))
    starters, adders = _starters_and_adders(z9, lambda x, y: (x + y) % 9, lambda x: -x % 9)
    assert len(starters) == 9  # 4 couples, differences 1, 2, 3, 4 once each
    # Z9 has schedules for one group (HOWELL_SCHEDULES[5] is one), with 3 choices of sets:
    assert len(adders) == 3
    assert frozenset(HOWELL_SCHEDULES[5][1][1:]) in adders
    rest = {frozenset(set(range(1, 9)) - a) for a in adders}
    assert not rest & adders  # ... but group B would need the complement of one of them
    z33 = [(a, b) for a in range(3) for b in range(3)]
    starters, adders = _starters_and_adders(
        z33, lambda x, y: ((x[0] + y[0]) % 3, (x[1] + y[1]) % 3), lambda x: (-x[0] % 3, -x[1] % 3)
    )
    assert len(starters) == 9 and adders == set()  # Z3 x Z3: not even one group
    with pytest.raises(MovementError, match="except 9"):
        interwoven_howell(18, 2)
