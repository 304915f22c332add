"""Movement checks: each planted mistake is found, with its code and the lines involved."""

from __future__ import annotations

import pytest

from scoring.movement import Movement, MovementEntry, MovementError, MovementKind
from scoring.movements import (
    Severity,
    check_movement,
    comparison_fields,
    howell,
    mitchell,
    validate_movement,
)


def line(r: int, t: int, ns: int, ew: int, *boards: int) -> MovementEntry:
    return MovementEntry(r, t, ns, ew, tuple(boards))


def movement(*lines: MovementEntry, kind=MovementKind.CUSTOM, pairs=()) -> Movement:
    return Movement("test", kind, lines, pairs)


def codes(m: Movement, **options) -> list[tuple[str, Severity]]:
    return [(p.code, p.severity) for p in check_movement(m, **options)]


def test_a_good_movement_has_no_problems():
    assert check_movement(mitchell(5, 3)) == ()
    assert check_movement(howell(8, 3)) == ()


def test_pair_twice_in_a_round():
    m = movement(line(1, 1, 1, 2, 1), line(1, 2, 3, 1, 2), line(2, 1, 1, 3, 3), line(2, 2, 2, 4, 4))
    problems = check_movement(m)
    found = [p for p in problems if p.code == "pair-twice-in-round"]
    assert len(found) == 1
    assert found[0].severity is Severity.ERROR
    assert "pair 1 is at tables 1, 2 in round 1" in found[0].message
    assert found[0].entries == (line(1, 1, 1, 2, 1), line(1, 2, 3, 1, 2))


def test_board_replayed():
    m = movement(line(1, 1, 1, 2, 1, 2), line(2, 1, 1, 3, 2, 3), line(2, 2, 2, 4, 4, 5))
    found = [p for p in check_movement(m) if p.code == "board-replayed"]
    assert [p.message for p in found] == ["pair 1 plays board 2 more than once (rounds 1, 2)"]


def test_board_split_between_tables():
    # Board 2 at tables 1 and 2 in the same round, but the tables' boards differ: a typo.
    m = movement(line(1, 1, 1, 2, 1, 2), line(1, 2, 3, 4, 2, 3))
    assert ("board-split", Severity.ERROR) in codes(m)


def test_shared_boards_in_a_relay_are_fine():
    m = movement(line(1, 1, 1, 2, 1, 2), line(1, 2, 3, 4, 1, 2))
    assert codes(m) == []


def test_uneven_board_plays_is_a_warning():
    m = movement(line(1, 1, 1, 2, 1), line(1, 2, 3, 4, 2), line(2, 1, 1, 3, 2), line(2, 2, 2, 4, 3))
    found = [p for p in check_movement(m) if p.code == "uneven-board-plays"]
    assert len(found) == 1 and found[0].severity is Severity.WARNING
    assert found[0].message.startswith("most boards are played 1 times but 2 (2x)")


def test_uneven_boards_per_round_is_a_warning():
    m = movement(line(1, 1, 1, 2, 1, 2), line(1, 2, 3, 4, 3, 4), line(2, 1, 1, 3, 5))
    assert ("uneven-boards-per-round", Severity.WARNING) in codes(m)


def test_pair_that_never_plays_is_a_warning():
    m = movement(line(1, 1, 1, 2, 1), pairs=(1, 2, 3))
    assert codes(m) == [("pair-never-plays", Severity.WARNING)]


def test_howell_must_meet_everyone_once():
    # 4 pairs, but 1-2 meet twice and 1-3 never.
    m = movement(
        line(1, 1, 4, 1, 1), line(1, 2, 2, 3, 2),
        line(2, 1, 4, 2, 3), line(2, 2, 1, 3, 4),
        line(3, 1, 4, 3, 5), line(3, 2, 2, 1, 6),
        kind=MovementKind.HOWELL,
    )  # fmt: skip
    # Each board is played once here, so only the meeting rule is asked for.
    assert codes(m, require_one_field=False) == []
    bad = movement(
        line(1, 1, 4, 1, 1), line(1, 2, 2, 3, 2),
        line(2, 1, 4, 2, 3), line(2, 2, 1, 2, 4),
        line(3, 1, 4, 3, 5), line(3, 2, 1, 2, 6),
        kind=MovementKind.HOWELL,
    )  # fmt: skip
    found = {p.code: p for p in check_movement(bad, require_one_field=False)}
    assert "1-3" in found["pairs-never-meet"].message
    assert found["pairs-meet-twice"].message == "pairs 1 and 2 meet 2 times"
    assert len(found["pairs-meet-twice"].entries) == 2


def test_one_winner_needs_one_field():
    pure = mitchell(5, 2)
    assert len(comparison_fields(pure)) == 2
    assert codes(pure) == []  # a pure Mitchell has two winners by design
    assert codes(pure, require_one_field=True) == [("not-comparable", Severity.ERROR)]


def test_errors_come_before_warnings():
    m = movement(line(1, 1, 1, 2, 1), line(1, 2, 1, 3, 2), pairs=(1, 2, 3, 4))
    severities = [p.severity for p in check_movement(m)]
    assert severities == sorted(severities, key=lambda s: s is Severity.WARNING)
    assert severities[0] is Severity.ERROR and severities[-1] is Severity.WARNING


def test_validate_raises_with_every_error():
    m = movement(line(1, 1, 1, 2, 1), line(1, 2, 1, 3, 1), line(2, 1, 1, 4, 1))
    with pytest.raises(MovementError) as info:
        validate_movement(m)
    text = str(info.value)
    assert "[pair-twice-in-round]" in text and "[board-replayed]" in text


def test_validate_returns_a_good_movement():
    m = mitchell(7, 2)
    assert validate_movement(m) is m
