"""Swedish bronze and silver points (seed 004) behind the MasterpointScale interface.

Every expected table is worked out by hand in the comments from the seed's rules and the
choices written in docs/scoring-imps-vp-ranking-masterpoints.md.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.masterpoints import (
    Award,
    Competition,
    MasterpointError,
    MasterpointScale,
    StrengthGroup,
    SwedishBronze,
    SwedishSilver,
    award,
)
from scoring.ranking import rank

BRONZE = SwedishBronze()
SILVER = SwedishSilver()

BRONZE_TABLES = [
    # pairs, table: winner 2 per pair; places = a quarter of the pairs, rounded up;
    # each place 2/3 of the one before, rounded up
    (4, (8,)),  # 1 place
    (5, (10, 7)),  # 5/4 -> 2 places; 6.67 -> 7
    (8, (16, 11)),  # 10.67 -> 11
    (10, (20, 14, 10)),  # 10/4 = 2.5 -> 3 places; 13.33 -> 14; 9.33 -> 10
    (12, (24, 16, 11)),  # 16; 10.67 -> 11
    (16, (32, 22, 15, 10)),  # 21.33 -> 22; 14.67 -> 15; 10
    (32, (64, 43, 29, 20, 14, 10, 7, 5)),  # 42.67, 28.67, 19.33, 13.33, 9.33, 6.67, 4.67
]


@pytest.mark.parametrize(("pairs", "expected"), BRONZE_TABLES)
def test_bronze_tables(pairs: int, expected: tuple[int, ...]) -> None:
    assert BRONZE.table(Competition(pairs, 24)) == expected


@pytest.mark.parametrize(
    ("competition", "reason"),
    [
        (Competition(3, 24), "at least 4 pairs, the session had 3"),
        (Competition(8, 17), "at least 18 boards, not 17"),
        (Competition(8, 9, inexperienced=True), "need 10 boards, not 9"),
    ],
)
def test_bronze_minimum_pairs_and_boards(competition: Competition, reason: str) -> None:
    assert reason in (BRONZE.ineligible(competition) or "")
    assert BRONZE.table(competition) == ()


def test_bronze_inexperienced_half_scale() -> None:
    # 8 pairs, 14 boards: full scale 16, 11 -> half 8, 5.5 -> 6
    assert BRONZE.table(Competition(8, 14, inexperienced=True)) == (8, 6)
    # 18 boards or more: the normal scale even for inexperienced players
    assert BRONZE.table(Competition(8, 18, inexperienced=True)) == (16, 11)
    assert BRONZE.minimum(Competition(8, 14, inexperienced=True)) == 2
    assert BRONZE.minimum(Competition(8, 24)) == 4


@pytest.mark.parametrize(
    ("pairs", "group", "groups", "expected"),
    [
        (10, StrengthGroup.A, 2, (24, 16, 11)),  # 2 x 1.2 x 10 = 24
        (7, StrengthGroup.B, 2, (12, 8)),  # 2 x 0.8 x 7 = 11.2 -> 12; 8
        (10, StrengthGroup.A, 3, (24, 16, 11)),
        (10, StrengthGroup.B, 3, (20, 14, 10)),  # normal scale
        (10, StrengthGroup.C, 3, (16, 11, 8)),  # 16; 10.67 -> 11; 7.33 -> 8
    ],
)
def test_bronze_strength_groups(
    pairs: int, group: StrengthGroup, groups: int, expected: tuple[int, ...]
) -> None:
    assert BRONZE.table(Competition(pairs, 24, group=group, groups=groups)) == expected


def test_pure_mitchell_is_two_competitions() -> None:
    ns, ew = Competition.mitchell(7, 7, 26)
    # each direction: 7 pairs -> winner 14, 2 places: 14, 9.33 -> 10
    assert BRONZE.table(ns) == BRONZE.table(ew) == (14, 10)
    # 2 + 2 pairs: the session has 4 pairs, so it earns points: winner 4
    small_ns, _ = Competition.mitchell(2, 2, 18)
    assert BRONZE.table(small_ns) == (4,)


def test_award_splits_shared_places() -> None:
    # 12 pairs: 24, 16, 11. Pairs 3 and 9 share 2-3: (16 + 11) / 2 = 13.5 -> 14 each.
    totals = {1: 200, 3: 180, 9: 180, 4: 170, 5: 150, 6: 140}
    awards = award(rank(totals), BRONZE, Competition(12, 24))
    assert awards == [Award(1, "1", 24), Award(3, "2-3", 14), Award(9, "2-3", 14)]


def test_shared_place_beyond_the_last_award_keeps_the_minimum() -> None:
    # 32 pairs: place 8 is worth 5, place 9 nothing; sharing 8-9: 2.5 -> 3, minimum 4.
    totals = {pair: 100 - pair for pair in range(1, 8)} | {8: 50, 9: 50, 10: 10}
    awards = award(rank(totals), BRONZE, Competition(32, 24))
    assert [(a.entrant, a.place, a.points_per_player) for a in awards[-3:]] == [
        (7, "7", 7),
        (8, "8-9", 4),
        (9, "8-9", 4),
    ]


def test_half_scale_shared_place_gets_at_least_two() -> None:
    # 5 pairs, 12 boards, inexperienced: full 10, 7 -> half 5, 4.
    # Pairs sharing 2-3: (4 + 0) / 2 = 2 each (the minimum).
    awards = award(
        rank({1: 60, 2: 50, 3: 50, 4: 40, 5: 30}),
        BRONZE,
        Competition(5, 12, inexperienced=True),
    )
    assert [(a.entrant, a.points_per_player) for a in awards] == [(1, 5), (2, 2), (3, 2)]


def test_ineligible_competition_awards_nothing() -> None:
    assert award(rank({1: 10, 2: 5, 3: 1}), BRONZE, Competition(3, 24)) == []


def test_silver_full_and_reduced_scale() -> None:
    # 16 pairs: 16, 10.67 -> 11, 7.33 -> 8, 5.33 -> 6
    assert SILVER.table(Competition(16, 27)) == (16, 11, 8, 6)
    # met 9 of the 15 others: 9 + 1 + 6 x 0.5 = 13 -> 13, 8.67 -> 9, 6, 4
    reduced = Competition(16, 27, pairs_met=9)
    assert SILVER.winner_figure(reduced) == 13
    assert SILVER.table(reduced) == (13, 9, 6, 4)
    # 15 pairs, met 9 of 14: 9 + 1 + 2.5 = 12.5 -> 13
    assert SILVER.winner_figure(Competition(15, 27, pairs_met=9)) == 13
    # meeting everyone is the full scale
    assert SILVER.table(Competition(16, 27, pairs_met=15)) == SILVER.table(Competition(16, 27))


@pytest.mark.parametrize("scale", [BRONZE, SILVER])
def test_more_than_32_pairs_is_outside_the_course_scales(scale: MasterpointScale) -> None:
    with pytest.raises(MasterpointError, match="up to 32 pairs, not 33"):
        scale.table(Competition(33, 24))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"group": StrengthGroup.C, "groups": 2}, "no group C among 2"),
        ({"groups": 2}, "needs the pair's group"),
        ({"pairs_met": 12}, "meet 0-11 others"),
    ],
)
def test_bad_competitions_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(MasterpointError, match=message):
        Competition(12, 24, **kwargs)  # type: ignore[arg-type]


class FlatScale:
    """A made-up federation: 3 points to the winner, 1 to the runner-up, from 2 pairs."""

    name = "flat"

    def ineligible(self, competition: Competition) -> str | None:
        return None if competition.pairs >= 2 else "one pair is not a competition"

    def table(self, competition: Competition) -> tuple[int, ...]:
        return () if self.ineligible(competition) else (3, 1)

    def minimum(self, competition: Competition) -> int:
        return 1


def test_another_federation_plugs_in() -> None:
    scale: MasterpointScale = FlatScale()
    awards = award(rank({"x": 2, "y": 2, "z": 1}), scale, Competition(3, 20))
    assert [(a.entrant, a.points_per_player) for a in awards] == [("x", 2), ("y", 2)]


@given(st.integers(min_value=4, max_value=32), st.integers(min_value=18, max_value=40))
def test_bronze_table_shape(pairs: int, boards: int) -> None:
    table = BRONZE.table(Competition(pairs, boards))
    assert len(table) == ceil(Fraction(pairs, 4))
    assert table[0] == 2 * pairs
    assert all(value >= 4 for value in table)
    assert all(b <= a for a, b in zip(table, table[1:], strict=False))


@given(st.integers(min_value=1, max_value=32), st.data())
def test_silver_reduced_never_above_full(pairs: int, data: st.DataObject) -> None:
    met = data.draw(st.integers(min_value=0, max_value=pairs - 1))
    reduced = SILVER.table(Competition(pairs, 24, pairs_met=met))
    full = SILVER.table(Competition(pairs, 24))
    assert len(reduced) == len(full)
    assert all(r <= f for r, f in zip(reduced, full, strict=True))
