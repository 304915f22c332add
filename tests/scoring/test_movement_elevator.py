"""Gröna Hissen's pairing rule (seed 004): first against second, third against fourth...

Worked by hand from the seed's words; the choices where it is silent (better placed pair
NS, table 1 for the leaders, the lowest placed pair that has not sat out sits out) are in
scoring/movements/elevator.py.
"""

from __future__ import annotations

import pytest

from scoring.movement import MovementError
from scoring.movements.elevator import (
    check_delay,
    drawn_rounds,
    elevator_pairing,
    elevator_round,
)


def test_first_meets_second_third_meets_fourth() -> None:
    assert elevator_pairing([5, 2, 7, 1, 3, 6]) == (((5, 2), (7, 1), (3, 6)), None)


def test_odd_field_lowest_placed_who_has_not_sat_out_sits_out() -> None:
    assert elevator_pairing([5, 2, 7, 1, 3]) == (((5, 2), (7, 1)), 3)
    assert elevator_pairing([5, 2, 7, 1, 3], sat_out={3}) == (((5, 2), (7, 3)), 1)


def test_new_opponents_the_first_meets_the_third_when_it_has_met_the_second() -> None:
    # Seed (teams, "Gröna Hissen"): "om ettan har mött tvåan, får ettan möta trean, tvåan
    # mot nästa lediga lag".
    met = {frozenset((5, 2))}
    assert elevator_pairing([5, 2, 7, 1], met=met, new_opponents=True) == (((5, 7), (2, 1)), None)
    # Without the rule the same pairs meet again (the commonest at club level).
    assert elevator_pairing([5, 2, 7, 1], met=met) == (((5, 2), (7, 1)), None)


def test_a_round_is_the_rounds_set_at_every_table() -> None:
    lines = elevator_round(3, ((5, 2), (7, 1)), 2)
    assert [(e.table, e.ns, e.ew, e.boards) for e in lines] == [
        (1, 5, 2, (5, 6)),
        (2, 7, 1, (5, 6)),
    ]


def test_drawn_rounds_are_the_recorded_draw_and_avoid_a_second_meeting() -> None:
    first = drawn_rounds(range(1, 9), 2, 2, draw=11)
    assert first == drawn_rounds(range(1, 9), 2, 2, draw=11)  # the record is the draw
    assert first != drawn_rounds(range(1, 9), 2, 2, draw=12)
    rounds = {r: {frozenset(e.pairs) for e in first if e.round == r} for r in (1, 2)}
    assert len(rounds[1]) == len(rounds[2]) == 4 and not rounds[1] & rounds[2]
    with pytest.raises(MovementError, match="delay 3 must be 1 or 2"):
        check_delay(3)
