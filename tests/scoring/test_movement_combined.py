"""Combined Howell-Bofors Mitchell over three sessions (seed 004 "Kombinerade tävlingar").

The seed's 22-pair example, line by line:
  Omgång 1: Par 1-7 H, Par 8-14 NS i BM, Par 15-21 ÖV i BM, Par 22 H
  Omgång 2: Par 1-7 ÖV i BM, Par 8-14 H, Par 15-21 NS i BM, Par 22 H
  Omgång 3: Par 1-7 NS i BM, Par 8-14 ÖV i BM, Par 15-22 H
By hand: groups of 7; the Howell of 8 pairs is 4 tables and 7 rounds, the Mitchell of 7
tables 7 rounds; both play sets 1-7, so every board is played 4 + 7 = 11 times (top 20)
and each session has 11 tables. Pair 1 meets 2-7 and 22 in session 1, 15-21 in session 2,
8-14 in session 3: 21 opponents, everyone once.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from scoring.contract import Side
from scoring.movement import MovementError
from scoring.movements import (
    ArrowSwitch,
    check_movement,
    combination_problems,
    comparison_fields,
    event_meetings,
    howell_bofors,
)

SEED_22 = {  # session -> (Howell pairs, Mitchell NS pairs, Mitchell EW pairs)
    1: (set(range(1, 8)) | {22}, set(range(8, 15)), set(range(15, 22))),
    2: (set(range(8, 15)) | {22}, set(range(15, 22)), set(range(1, 8))),
    3: (set(range(15, 23)), set(range(1, 8)), set(range(8, 15))),
}


@pytest.mark.parametrize("session", [1, 2, 3])
def test_the_seeds_22_pair_example(session):
    m = howell_bofors(22, session, 2, arrow_switch=ArrowSwitch.NONE)
    h_pairs, ns_pairs, ew_pairs = SEED_22[session]
    howell_lines = [e for e in m.entries if e.table <= 4]
    mitchell_lines = [e for e in m.entries if e.table > 4]
    assert {p for e in howell_lines for p in e.pairs} == h_pairs
    assert {e.ns for e in mitchell_lines} == ns_pairs  # no arrow switch: NS stay NS
    assert {e.ew for e in mitchell_lines} == ew_pairs
    assert (len(m.tables), len(m.rounds), len(m.boards)) == (11, 7, 14)
    assert {m.times_played(b) for b in m.boards} == {11}
    # pair 22 sits still, NS at table 1, every session
    assert {(e.table, e.side_of(22)) for e in m.entries_of_pair(22)} == {(1, Side.NS)}
    assert not check_movement(m)


def test_over_three_sessions_everyone_meets_everyone_once():
    sessions = [howell_bofors(22, s, 2) for s in (1, 2, 3)]
    met = event_meetings(sessions)
    assert {met[c] for c in combinations(range(1, 23), 2)} == {1}
    assert sorted(q for s in sessions for q in s.opponents_of(1)) == list(range(2, 23))
    assert combination_problems(sessions) == []


@pytest.mark.parametrize("pairs", [16, 28, 34, 40, 46, 52])
def test_every_size_of_the_seed(pairs):
    s = (pairs - 1) // 3
    sessions = [howell_bofors(pairs, n, 1) for n in (1, 2, 3)]
    for m in sessions:
        assert len(m.tables) == (s + 1) // 2 + s
        assert {m.times_played(b) for b in m.boards} == {(s + 1) // 2 + s}
        assert len(comparison_fields(m)) == 1  # one field: the groups share the boards
        assert not check_movement(m)
    met = event_meetings(sessions)
    assert {met[c] for c in combinations(range(1, pairs + 1), 2)} == {1}


def test_an_incomplete_combination_is_named():
    two = [howell_bofors(22, 1, 2), howell_bofors(22, 1, 2)]
    (problem,) = combination_problems(two)
    assert "sessions 1, 2 and 3" in problem and "session(s) 1, 1" in problem
    mixed = [howell_bofors(22, 1, 2), howell_bofors(16, 2, 2), howell_bofors(22, 3, 2)]
    assert "different numbers of pairs (16, 22)" in combination_problems(mixed)[0]


@pytest.mark.parametrize(("pairs", "session"), [(20, 1), (22, 4), (58, 1)])
def test_sizes_and_sessions(pairs, session):
    with pytest.raises(MovementError):
        howell_bofors(pairs, session, 2)
