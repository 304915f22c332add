"""Movement suggestions against seed 004 "Val av tävlingsform för enkvälls partävling"."""

from __future__ import annotations

import pytest

from scoring.movement import MovementError, MovementKind
from scoring.movements import Severity, check_movement, suggest_movements


@pytest.mark.parametrize(
    ("pairs", "boards", "first"),
    [
        # Seed table: 6 pairs Howell 25 or 30; 7-8 Howell 28; 9-10 Howell 27; 13-14 Howell 26.
        (6, (25, 30), "Howell 6 pairs, 5 x 5 boards"),
        (8, (26, 28), "Howell 8 pairs, 7 x 4 boards"),
        (10, (26, 28), "Howell 10 pairs, 9 x 3 boards"),
        (13, (26, 28), "Howell 13 pairs, 13 x 2 boards"),
        (14, (26, 28), "Howell 14 pairs, 13 x 2 boards"),
    ],
)
def test_seed_howells_come_first(pairs, boards, first):
    assert suggest_movements(pairs, boards)[0].movement.name == first


def test_six_pairs_both_seed_board_counts():
    names = [s.movement.name for s in suggest_movements(6, (25, 30))]
    assert names[:2] == ["Howell 6 pairs, 5 x 5 boards", "Howell 6 pairs, 5 x 6 boards"]


@pytest.mark.parametrize("pairs", [15, 16, 17, 18, 19, 20])
def test_reduced_howell_counts_get_a_one_winner_mitchell_too(pairs):
    # The seed recommends a reduced Howell here (first: test_movement_reduced_howell.py);
    # a one-winner Mitchell is offered after it.
    found = suggest_movements(pairs, (26, 28))
    mitchells = [s for s in found if s.movement.kind is MovementKind.MITCHELL]
    assert mitchells, pairs
    assert all(s.movement.arrow_switched for s in mitchells)
    assert all(26 <= s.boards <= 28 for s in found)
    # No full Howell fits (15 or more rounds would be too many boards), and with a reduced
    # Howell offered there is no Howell stopped early either.
    assert not [s for s in found if s.spec.type == "howell"]


@pytest.mark.parametrize("pairs", [11, 12])
def test_eleven_twelve_pairs_get_a_reduced_howell(pairs):
    # Seed: 11-12 pairs, reduced Howell, 27 boards. 6 tables: 9 rounds of 3 boards.
    first = suggest_movements(pairs, (26, 28))[0]
    assert first.spec.as_dict() == {
        "type": "reduced-howell", "pairs": pairs, "boards_per_round": 3, "rounds": 9,
    }  # fmt: skip
    assert first.boards == 27


def test_a_howell_stopped_early_when_nothing_of_the_howell_family_fits():
    # 22 pairs, 11 tables: no full Howell (21 rounds) or reduced Howell fits 24-27 boards.
    found = suggest_movements(22, (24, 27))
    stopped = [s for s in found if s.spec.type == "howell"]
    assert stopped and all(s.spec.get("rounds") for s in stopped)


@pytest.mark.parametrize("pairs", [4, 5, 7, 9, 12, 13, 16, 19, 24, 29])
def test_every_suggestion_is_playable_and_fits(pairs):
    for s in suggest_movements(pairs, (20, 30)):
        assert not [p for p in check_movement(s.movement) if p.severity is Severity.ERROR]
        assert len(s.movement.pairs) == pairs
        assert 20 <= s.boards <= 30


def test_odd_fields_get_the_appendix_mitchell():
    kinds = {s.spec.type for s in suggest_movements(17, (24, 28))}
    assert {"mitchell", "appendix-mitchell"} <= kinds


@pytest.mark.parametrize(("pairs", "boards"), [(3, (24, 28)), (10, (28, 24)), (10, (0, 5))])
def test_bad_requests(pairs, boards):
    with pytest.raises(MovementError):
        suggest_movements(pairs, boards)


@pytest.mark.parametrize(
    ("pairs", "boards", "name"),
    [
        # 10 pairs: 5 tables, the endless Howell's 9 rounds of 3 = 27 boards fit.
        (10, (24, 28), "Endless Howell 10 pairs, 9 x 3 boards"),
        # 16 pairs: 15 rounds of 2 = 30 is too many, so it stops at 14 rounds (28 boards).
        (16, (26, 28), "Endless Howell 16 pairs, 14 x 2 boards"),
    ],
)
def test_one_barometer_is_offered_last(pairs, boards, name):
    last = suggest_movements(pairs, boards)[-1]
    assert last.movement.name == name and last.spec.type == "endless-howell"
    assert sum(s.spec.type == "endless-howell" for s in suggest_movements(pairs, boards)) == 1


# Seed 004 "Val av tävlingsform för enkvälls partävling", every row and every board count
# it lists: (pairs, the seed's form, its boards). Boards counted as the seed counts them,
# rounds x boards per round; the suggestion asked for exactly that count comes first.
SEED_TABLE = [
    (6, "howell", 25), (6, "howell", 30), (7, "howell", 28), (8, "howell", 28),
    (9, "howell", 27), (10, "howell", 27), (11, "reduced-howell", 27),
    (12, "reduced-howell", 27), (13, "howell", 26), (14, "howell", 26),
    (15, "reduced-howell", 26), (16, "reduced-howell", 26),
    (17, "reduced-howell", 26), (17, "reduced-howell", 28),
    (18, "reduced-howell", 26), (18, "reduced-howell", 28),
    (19, "reduced-howell", 26), (19, "reduced-howell", 28),
    (20, "reduced-howell", 26), (20, "reduced-howell", 28),
]  # fmt: skip


@pytest.mark.parametrize(("pairs", "form", "boards"), SEED_TABLE)
def test_every_row_of_the_seeds_table_is_offered_first(pairs, form, boards):
    first = suggest_movements(pairs, (boards, boards))[0]
    assert (first.spec.type, first.boards) == (form, boards)
    assert len(first.movement.pairs) == pairs
    # a full Howell: everyone meets everyone, rounds = pairs - 1 (even) or pairs (odd)
    if form == "howell":
        assert "rounds" not in first.spec.as_dict()
        assert len(first.movement.rounds) == pairs - 1 + pairs % 2
    assert not [p for p in check_movement(first.movement) if p.severity is Severity.ERROR]
