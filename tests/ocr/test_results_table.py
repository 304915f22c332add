"""ocr/results_table.py: every table result, its Law 77 score and its mark groups.

Worked by hand from Law 77, not vulnerable: 4H making (10 tricks) is 120 + 300 = +420 by
South; 4H+1 and 5H= (11 tricks) are both 150 + 300 = +450, 4S+1 by South 450 too, and
3NT+1 by North 430.
"""

from __future__ import annotations

import pytest

from ocr.results_table import (
    groups_apart,
    marks_apart,
    result_index,
    results_with_score,
    score_table,
)
from scoring.board import Vulnerability
from scoring.contract import Contract, Doubling, Seat, Strain
from scoring.law77 import ns_score

NONE = Vulnerability.NONE
FOUR_HEARTS = Contract(4, Strain.HEARTS)


def test_a_result_s_index_finds_its_law_77_score():
    scores = score_table(NONE)[5]
    assert scores[result_index(FOUR_HEARTS, Seat.SOUTH, 10)] == 420
    assert scores[result_index(Contract(3, Strain.NOTRUMP), Seat.NORTH, 10)] == 430
    # 1CXX by West, no trick: seven down redoubled, 2 x (100 + 200 + 200 + 4 x 300) to NS
    assert scores[result_index(Contract(1, Strain.CLUBS, Doubling.REDOUBLED), Seat.WEST, 0)] == 3400


@pytest.mark.parametrize("vulnerability", list(Vulnerability))
def test_every_result_s_score_is_law_77_s_on_the_board(vulnerability):
    """The table is made from two sides' scores (vulnerable or not) shared by the four
    boards: each of the 5,880 results still scores as ``ns_score`` scores it alone."""
    li, si, di, ei, ti, scores, uniq, inverse = score_table(vulnerability)
    strains = (Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS, Strain.SPADES, Strain.NOTRUMP)
    doublings = (Doubling.UNDOUBLED, Doubling.DOUBLED, Doubling.REDOUBLED)
    seats = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
    assert len(scores) == 7 * 5 * 3 * 4 * 14
    for k in range(len(scores)):
        contract = Contract(int(li[k]) + 1, strains[si[k]], doublings[di[k]])
        assert result_index(contract, seats[ei[k]], int(ti[k])) == k
        assert scores[k] == ns_score(contract, seats[ei[k]], int(ti[k]), vulnerability)
    assert list(uniq[inverse]) == list(scores)


def test_a_vulnerable_side_s_scores_on_each_board():
    """4H= by South is +620 to NS (120 + 500) where NS are vulnerable (NS, All), +420 where
    not; by East -620 where EW are vulnerable (EW, All), -420 where not."""
    south = result_index(FOUR_HEARTS, Seat.SOUTH, 10)
    east = result_index(FOUR_HEARTS, Seat.EAST, 10)
    by_board = {v: (score_table(v)[5][south], score_table(v)[5][east]) for v in Vulnerability}
    assert by_board == {
        Vulnerability.NONE: (420, -420),
        Vulnerability.NS: (620, -420),
        Vulnerability.EW: (420, -620),
        Vulnerability.BOTH: (620, -620),
    }


def test_a_result_is_no_group_away_from_itself_and_a_pass_out_is_six():
    best = result_index(FOUR_HEARTS, Seat.SOUTH, 10)
    apart = groups_apart(NONE, best)
    assert apart[best] == 0
    assert apart[result_index(FOUR_HEARTS, Seat.SOUTH, 11)] == 1  # the result, +1
    assert apart[result_index(Contract(4, Strain.SPADES), Seat.NORTH, 11)] == 3
    assert apart[-1] == 6  # passed out: every group differs


def test_the_results_giving_a_score_one_group_away_come_in_the_table_s_order():
    """+450 one group from 4H= by S: 4H+1 (the result) and 5H= (the level; still "=").
    Two groups away also 4H+1 by N and 4S+1 by S, after them. One group away, EW's 450 is
    only 4H by S nine down (9 x 50, the result); 4H by E making is EW 420, and 4H+1 by E
    differs in two groups."""
    one = results_with_score(NONE, FOUR_HEARTS, Seat.SOUTH, 10, 450, 1)
    assert one == [(FOUR_HEARTS, Seat.SOUTH, 11), (Contract(5, Strain.HEARTS), Seat.SOUTH, 11)]
    two = results_with_score(NONE, FOUR_HEARTS, Seat.SOUTH, 10, 450, 2)
    assert two[:2] == one
    assert (FOUR_HEARTS, Seat.NORTH, 11) in two[2:]
    assert (Contract(4, Strain.SPADES), Seat.SOUTH, 11) in two[2:]
    assert results_with_score(NONE, FOUR_HEARTS, Seat.SOUTH, 10, -450, 1) == [
        (FOUR_HEARTS, Seat.SOUTH, 1)
    ]
    assert (FOUR_HEARTS, Seat.EAST, 11) in results_with_score(
        NONE, FOUR_HEARTS, Seat.SOUTH, 10, -450, 2
    )


def test_how_many_marks_a_reader_must_have_misread():
    """From 4S= by North: 4H= one (the strain's next box), 5S= one (the level's), 4SX= one
    (a doubling mark missed), by East one (the next declarer box), by South two (a box
    further on: a missed mark and a stray one), by West two; 4S+1 two ("+" for "=", the
    next box, and a count of one not seen), 4S-1 three ("-" is two boxes from "="), and a
    pass-out never one."""
    spades = Contract(4, Strain.SPADES)
    apart = marks_apart(NONE, result_index(spades, Seat.NORTH, 10))
    assert apart[result_index(Contract(4, Strain.HEARTS), Seat.NORTH, 10)] == 1
    assert apart[result_index(Contract(5, Strain.SPADES), Seat.NORTH, 11)] == 1
    assert apart[result_index(Contract(4, Strain.SPADES, Doubling.DOUBLED), Seat.NORTH, 10)] == 1
    assert [apart[result_index(spades, seat, 10)] for seat in Seat] == [0, 1, 2, 2]
    assert apart[result_index(spades, Seat.NORTH, 11)] == 2
    assert apart[result_index(spades, Seat.NORTH, 9)] == 3
    assert apart[-1] == 99


def test_a_count_of_tricks_in_the_next_box_is_one_misread_mark():
    """From 4H by East one down: two down is the count's next box (one), three down a box
    further (two), one over the sign's next box ("+" beside "-": one)."""
    hearts = Contract(4, Strain.HEARTS)
    apart = marks_apart(NONE, result_index(hearts, Seat.EAST, 9))
    assert [apart[result_index(hearts, Seat.EAST, t)] for t in (8, 7, 11)] == [1, 2, 1]
