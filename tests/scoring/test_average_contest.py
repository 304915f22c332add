"""Medeltävling (seed 004 "f) Medeltävlingar"): the winner is the pair nearest the average,
and every pair below the average is placed after every pair above it.

Worked by hand for six pairs at 62%, 55%, 50.5%, 49%, 45% and 38%: above the average
50.5 (0.5 away), 55 (5), 62 (12), then below 49 (1 away), 45 (5), 38 (12). So 49% is fourth
though it is nearer the average than 55% and 62%.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from scoring.options import Winner
from scoring.ranking import rank, ranking_scores


def _order(percents: dict[str, Fraction], winner: Winner) -> list[tuple[str, str]]:
    return [(p.label, p.entrant) for p in rank(ranking_scores(percents, winner))]


def test_the_seeds_rule_worked_by_hand() -> None:
    percents = {
        "A": Fraction(62), "B": Fraction(55), "C": Fraction(101, 2),
        "D": Fraction(49), "E": Fraction(45), "F": Fraction(38),
    }  # fmt: skip
    assert _order(percents, Winner.NEAREST_AVERAGE) == [
        ("1", "C"), ("2", "B"), ("3", "A"), ("4", "D"), ("5", "E"), ("6", "F"),
    ]  # fmt: skip
    assert _order(percents, Winner.HIGHEST) == [
        ("1", "A"), ("2", "B"), ("3", "C"), ("4", "D"), ("5", "E"), ("6", "F"),
    ]  # fmt: skip


def test_exactly_average_wins_and_equal_percentages_share() -> None:
    percents = {"A": Fraction(50), "B": Fraction(100), "C": Fraction(0), "D": Fraction(50)}
    assert _order(percents, Winner.NEAREST_AVERAGE) == [
        ("1-2", "A"), ("1-2", "D"), ("3", "B"), ("4", "C"),
    ]  # fmt: skip


@given(st.dictionaries(st.integers(1, 30), st.fractions(0, 100), min_size=2, max_size=12))
def test_above_before_below_and_nearer_first(percents: dict[int, Fraction]) -> None:
    order = [p.entrant for p in rank(ranking_scores(percents, Winner.NEAREST_AVERAGE))]
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            pa, pb = percents[a], percents[b]
            if (pa >= 50) == (pb >= 50):
                assert abs(pa - 50) <= abs(pb - 50)
            else:
                assert pa >= 50 > pb
