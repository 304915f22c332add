"""Individual movements (seed 004 "Individuellt"): the seed's 16-player reduced Howell as
printed, and the complete individual Howells (every two players partners once, opponents
twice)."""

from __future__ import annotations

from itertools import combinations

import pytest

from scoring.movement import MovementError, MovementSpec
from scoring.movements import build_movement, check_movement
from scoring.movements.individual import (
    individual_howell,
    individual_meetings,
    individual_reduced_howell,
)
from scoring.movements.spec import individual_of


def test_the_seeds_sixteen_players_round_one_as_printed() -> None:
    # Seed 004: "16 spelare. Reducerad Howell, 24 brickor", round 1 (N, S, Ö, V, Brickor).
    mv = individual_reduced_howell()
    first = [(t.table, t.players, t.boards) for t in mv.tables if t.round == 1]
    assert first == [
        (1, (13, 1, 7, 5), (1, 2)),
        (2, (10, 2, 14, 11), (5, 6)),
        (3, (3, 6, 8, 15), (9, 10)),
        (4, (12, 16, 4, 9), (13, 14)),
    ]
    # "Man följer spelare med närmast lägre nummer. 1 följer 12": in round 2 player 1 sits
    # where 12 sat (table 4 North), 2 where 1 sat (table 1 South); 13-16 stay.
    second = {t.table: t.players for t in mv.tables if t.round == 2}
    assert second[4][0] == 1 and second[1] == (13, 2, 8, 6) and second[2][2] == 14
    # 12 rounds of 2 boards: 24 boards, each played at the 4 tables once (4 results).
    pairs_movement = mv.as_movement()
    assert len(pairs_movement.rounds) == 12 and pairs_movement.boards == tuple(range(1, 25))
    assert {pairs_movement.times_played(b) for b in pairs_movement.boards} == {4}


def test_the_seeds_direction_switch_in_rounds_eleven_and_twelve() -> None:
    # "Alla bord har väderstreckssvängning i ronderna 11 och 12": the stationary players
    # sit in the other direction then (13 North all evening, East in rounds 11-12).
    mv = individual_reduced_howell()
    assert {t.round for t in mv.tables if t.switched} == {11, 12}
    seats_of_13 = [(t.round, "N" if t.north == 13 else "E") for t in mv.tables if 13 in t.players]
    assert seats_of_13 == [(r, "N") for r in range(1, 11)] + [(11, "E"), (12, "E")]


def test_the_seeds_properties_partners_opponents_boards() -> None:
    mv = individual_reduced_howell()
    counts = individual_meetings(mv)
    assert counts.problems == ()  # nobody twice in a round, no board replayed, no partner twice
    # Round 1's mover partnerships are 7-5, 10-2, 3-6, 4-9: differences 2, 4, 3, 5 (mod 12),
    # so player 1 partners 3, 11, 5, 9, 4, 10, 6, 8 once and never 2, 12 (1) or 7 (6).
    partners_of_1 = {b if a == 1 else a for (a, b), n in counts.partners.items() if 1 in (a, b)}
    assert partners_of_1 == {3, 4, 5, 6, 8, 9, 10, 11, 13, 14, 15, 16}
    # Every mover meets every other player; the four stationary players never meet.
    assert counts.never_met(mv.players) == tuple(combinations((13, 14, 15, 16), 2))
    # Every player plays 12 rounds (24 boards), none twice.
    assert all(len(mv.rounds_of(p)) == 12 for p in mv.players)


@pytest.mark.parametrize("players", [4, 5, 8, 12, 13, 16, 17])
def test_a_complete_individual_howell_is_a_whist_tournament(players: int) -> None:
    mv = individual_howell(players, 2)
    counts = individual_meetings(mv)
    assert counts.problems == ()
    for couple in combinations(range(1, players + 1), 2):
        assert (counts.partners[couple], counts.opponents[couple]) == (1, 2), couple
    rounds = players if players % 4 == 1 else players - 1
    tables = players // 4
    assert len(mv.tables) == rounds * tables
    pairs_movement = mv.as_movement()
    # every board played once at every table; nobody plays a board twice (problems above)
    assert {pairs_movement.times_played(b) for b in pairs_movement.boards} == {tables}
    assert check_movement(pairs_movement) == ()
    if players % 4 == 1:  # player r sits out round r
        for r in range(1, rounds + 1):
            seated = {p for t in mv.tables if t.round == r for p in t.players}
            assert set(range(1, players + 1)) - seated == {r}


def test_five_players_by_hand() -> None:
    # Starter N 1, S 4, E 2, W 3 on Z_5; player x at position x - r: round 1 N 2, S 5,
    # E 3, W 4 (1 out); round 2 N 3, S 1, E 4, W 5 (2 out).
    mv = individual_howell(5, 1)
    assert [t.players for t in mv.tables[:2]] == [(2, 5, 3, 4), (3, 1, 4, 5)]
    assert mv.partnerships[1] == (2, 5) and mv.partnerships[2] == (3, 4)
    assert mv.partnerships[3] == (3, 1)


def test_the_event_file_spec_and_its_mistakes() -> None:
    spec = MovementSpec("individual-howell", (("players", "13"), ("boards_per_round", "2")))
    movement = build_movement(spec)
    assert movement.pairs == tuple(range(1, 2 * 13 * 3 + 1))  # 13 rounds, 3 tables
    schedule = individual_of(movement)
    assert schedule is not None and schedule.players == tuple(range(1, 14))
    with pytest.raises(MovementError, match="4, 5, 8, 12, 13, 16, 17 players, not 10"):
        individual_howell(10, 2)
    with pytest.raises(MovementError, match="16-player"):
        individual_reduced_howell(12)
    with pytest.raises(MovementError, match="1-7 rounds"):
        individual_howell(8, 2, rounds=9)
