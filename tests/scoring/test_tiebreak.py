"""Tie-breaks (seed 004 section D): boards won between the tied pairs, IMP quotient, draw."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.ranking import rank
from scoring.tiebreak import (
    BoardsWon,
    ImpQuotient,
    RecordedDraw,
    TieBreakError,
    UnresolvedTieError,
    boards_won,
    imp_quotient,
)


def mp(**boards: int) -> dict[int, Fraction]:
    return {int(name[1:]): Fraction(value) for name, value in boards.items()}


AVERAGE_6 = {board: Fraction(6) for board in range(1, 10)}  # top 12 on every board

# Pair A and pair B (worked by hand, average 6):
# b1 both: 8 > 6 A; b2 both: 4 = 4 nobody; b3 both: 10 > 2 A;
# b4 only A, exactly 6 (average): nobody; b5 only B, 9 above average: B.  -> A 2, B 1
PAIR_A = mp(b1=8, b2=4, b3=10, b4=6)
PAIR_B = mp(b1=6, b2=4, b3=2, b5=9)


def test_boards_won_by_hand() -> None:
    assert boards_won(PAIR_A, PAIR_B, AVERAGE_6) == (2, 1)
    assert boards_won(PAIR_B, PAIR_A, AVERAGE_6) == (1, 2)


def test_board_only_one_played_below_average_goes_to_the_other() -> None:
    # b6 only A, 3 below average: B wins it -> 2-2
    with_b6 = {**PAIR_A, 6: Fraction(3)}
    assert boards_won(with_b6, PAIR_B, AVERAGE_6) == (2, 2)


def test_board_only_one_played_needs_its_average() -> None:
    with pytest.raises(TieBreakError, match="board 4: no average"):
        boards_won(PAIR_A, PAIR_B, {1: Fraction(6)})


def test_two_pairs_separated_by_boards_won() -> None:
    rule = BoardsWon({"A": PAIR_A, "B": PAIR_B}, AVERAGE_6)
    placings = rank({"B": 50, "A": 50, "C": 40}, break_ties=True, tiebreak=rule)
    assert [(p.entrant, p.label, p.decided_by) for p in placings] == [
        ("A", "1", "boards won"),
        ("B", "2", "boards won"),
        ("C", "3", None),
    ]


def test_boards_won_level_then_draw() -> None:
    rule = BoardsWon({"A": {**PAIR_A, 6: Fraction(3)}, "B": PAIR_B}, AVERAGE_6)
    with pytest.raises(UnresolvedTieError, match="A, B still tied for places 1-2 after boards"):
        rank({"A": 50, "B": 50}, break_ties=True, tiebreak=rule)
    placings = rank(
        {"A": 50, "B": 50}, break_ties=True, tiebreak=rule, draw=RecordedDraw(("B", "A"))
    )
    assert [(p.entrant, p.decided_by) for p in placings] == [("B", "draw"), ("A", "draw")]


# Three pairs, all boards played by all (worked by hand):
#        b1  b2  b3  b4
#   A    10   2   6   8
#   B     6  10   2   4
#   C     2   6  10   4
# A-B: b1 A, b2 B, b3 A, b4 A -> A 3, B 1
# A-C: b1 A, b2 C, b3 C, b4 A -> A 2, C 2
# B-C: b1 B, b2 B, b3 C, b4 -  -> B 2, C 1
# Totals A 5, B 3, C 3: A first; B and C compared again alone: B 2, C 1 -> B, C.
THREE = {
    "A": mp(b1=10, b2=2, b3=6, b4=8),
    "B": mp(b1=6, b2=10, b3=2, b4=4),
    "C": mp(b1=2, b2=6, b3=10, b4=4),
}


def test_three_tied_pairs_then_the_remaining_two_again() -> None:
    rule = BoardsWon(THREE, AVERAGE_6)
    assert rule.order(["C", "B", "A"]) == [["A"], ["B"], ["C"]]


def test_rock_paper_scissors_stays_tied() -> None:
    cyclic = {name: {b: s for b, s in boards.items() if b != 4} for name, boards in THREE.items()}
    rule = BoardsWon(cyclic, AVERAGE_6)
    assert rule.order(["C", "A", "B"]) == [["A", "B", "C"]]


def test_tied_pair_without_scores_is_named() -> None:
    rule = BoardsWon({"A": PAIR_A}, AVERAGE_6)
    with pytest.raises(TieBreakError, match="pair B: no board scores"):
        rule.order(["A", "B"])


@pytest.mark.parametrize(
    ("won", "lost", "key"),
    [
        (100, 80, (False, Fraction(5, 4))),
        (90, 60, (False, Fraction(3, 2))),
        (50, 0, (True, Fraction(50))),
        (0, 0, (False, Fraction(1))),
        (0, 40, (False, Fraction(0))),
    ],
)
def test_imp_quotient(won: int, lost: int, key: tuple[bool, Fraction]) -> None:
    assert imp_quotient(won, lost) == key


def test_imp_quotient_refuses_negative_imps() -> None:
    with pytest.raises(TieBreakError):
        imp_quotient(-1, 10)


def test_imp_quotient_order() -> None:
    rule = ImpQuotient(won={"X": 100, "Y": 90, "Z": 50}, lost={"X": 80, "Y": 60, "Z": 0})
    assert rule.order(["X", "Y", "Z"]) == [["Z"], ["Y"], ["X"]]
    with pytest.raises(TieBreakError, match="team Q"):
        rule.order(["X", "Q"])


def test_recorded_draw_cannot_list_a_pair_twice() -> None:
    with pytest.raises(TieBreakError, match="twice"):
        RecordedDraw((1, 2, 1))


board_scores = st.dictionaries(
    st.integers(min_value=1, max_value=8),
    st.integers(min_value=0, max_value=12).map(Fraction),
    max_size=8,
)


@given(
    st.dictionaries(st.sampled_from("ABCDEF"), board_scores, min_size=2, max_size=6),
    st.randoms(use_true_random=False),
)
def test_boards_won_order_ignores_input_order(
    scores: dict[str, dict[int, Fraction]], rnd: random.Random
) -> None:
    rule = BoardsWon(scores, AVERAGE_6)
    tied = list(scores)
    expected = rule.order(sorted(tied))
    rnd.shuffle(tied)
    assert rule.order(tied) == expected
    assert sorted(e for group in expected for e in group) == sorted(scores)


@given(st.integers(0, 50), st.integers(0, 50), st.integers(0, 50), st.integers(0, 50))
def test_imp_quotient_key_agrees_with_cross_multiplying(
    won_a: int, lost_a: int, won_b: int, lost_b: int
) -> None:
    if lost_a and lost_b:
        better = won_a * lost_b > won_b * lost_a
        assert (imp_quotient(won_a, lost_a) > imp_quotient(won_b, lost_b)) == better
