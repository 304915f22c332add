"""The Movement type: guide-card lines and the questions validation and scoring ask of them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.contract import Side
from scoring.movement import Movement, MovementEntry, MovementError, MovementKind, Seating
from scoring.movements import ArrowSwitch, appendix_mitchell, howell, mitchell, team_movement
from tests.hypothesis_profiles import draws


def line(r: int, t: int, ns: int, ew: int, *boards: int, switched: bool = False) -> MovementEntry:
    return MovementEntry(r, t, ns, ew, tuple(boards), switched)


# A hand-written 2-table, 3-round movement for 5 pairs (pair 5 sits out in round 1, pair 1
# in round 2, pair 2 in round 3), 2 boards a round; boards 1-4 are played twice, 5-8 once.
SMALL = Movement(
    "small",
    MovementKind.CUSTOM,
    (
        line(1, 1, 1, 2, 1, 2),
        line(1, 2, 3, 4, 3, 4),
        line(2, 1, 2, 3, 5, 6),
        line(2, 2, 4, 5, 1, 2),
        line(3, 2, 5, 1, 3, 4),
        line(3, 1, 4, 3, 7, 8),
    ),
    pairs=(1, 2, 3, 4, 5),
)


def test_lines_are_sorted_by_round_then_table():
    assert [(e.round, e.table) for e in SMALL.entries] == [
        (1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2),
    ]  # fmt: skip


def test_shape():
    assert SMALL.rounds == (1, 2, 3)
    assert SMALL.tables == (1, 2)
    assert SMALL.boards == (1, 2, 3, 4, 5, 6, 7, 8)
    assert SMALL.boards_per_round == 2
    assert not SMALL.arrow_switched


@pytest.mark.parametrize(
    ("board", "round_", "expected"),
    [
        (1, None, ((1, 2), (4, 5))),
        (1, 1, ((1, 2),)),
        (1, 2, ((4, 5),)),
        (1, 3, ()),
        (3, 3, ((5, 1),)),
        (6, None, ((2, 3),)),
        (8, 3, ((4, 3),)),
        (9, None, ()),
    ],
)
def test_expected_pairs(board, round_, expected):
    assert SMALL.expected_pairs(board, round_) == expected


@pytest.mark.parametrize(("board", "times"), [(1, 2), (4, 2), (6, 1), (7, 1), (9, 0)])
def test_times_played_is_neuberg_normal(board, times):
    assert SMALL.times_played(board) == times


@pytest.mark.parametrize(("round_", "out"), [(1, (5,)), (2, (1,)), (3, (2,))])
def test_sitting_out(round_, out):
    assert SMALL.sitting_out(round_) == out


@pytest.mark.parametrize(
    ("board", "pair", "round_"),
    [
        (1, 1, 1),
        (1, 5, 2),
        (3, 1, 3),
        (3, 3, 1),
        (7, 4, 3),
        (5, 4, None),
        (5, 5, None),
        (2, 3, None),
    ],
)
def test_round_of(board, pair, round_):
    assert SMALL.round_of(board, pair) == round_


def test_side_and_seating():
    assert SMALL.side_of(1, 1) is Side.NS
    assert SMALL.side_of(1, 3) is Side.EW
    assert SMALL.side_of(3, 6) is Side.EW
    assert SMALL.side_of(2, 3) is None
    assert SMALL.seating(5, 3) == Seating(3, 2, Side.NS, 1, (3, 4))
    assert SMALL.seating(5, 1) is None


def test_per_pair_views():
    assert SMALL.boards_of(3) == (3, 4, 5, 6, 7, 8)
    assert SMALL.boards_of(1) == (1, 2, 3, 4)
    assert SMALL.opponents_of(3) == (4, 2, 4)
    assert [e.round for e in SMALL.entries_of_pair(4)] == [1, 2, 3]
    assert SMALL.entry_at(2, 2) == line(2, 2, 4, 5, 1, 2)
    assert SMALL.entry_at(4, 1) is None


def test_pairs_default_to_those_playing():
    movement = Movement("m", MovementKind.CUSTOM, (line(1, 1, 3, 7, 1),))
    assert movement.pairs == (3, 7)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((0, 1, 1, 2, (1,)), "round 0"),
        ((1, 0, 1, 2, (1,)), "table 0"),
        ((1, 1, 1, 1, (1,)), "against itself"),
        ((1, 1, 1, 2, ()), "no boards"),
        ((1, 1, 1, 2, (1, 1)), "listed twice"),
        ((1, 1, 1, 2, (0,)), "board 0"),
        ((1, 1, True, 2, (1,)), "ns True"),
    ],
)
def test_bad_lines_are_refused(args, message):
    with pytest.raises(MovementError, match=message):
        MovementEntry(*args)


def test_same_round_and_table_twice_is_refused():
    with pytest.raises(MovementError, match="round 1 table 1 is listed twice"):
        Movement("m", MovementKind.CUSTOM, (line(1, 1, 1, 2, 1), line(1, 1, 3, 4, 2)))


def test_pairs_playing_outside_the_section_are_refused():
    with pytest.raises(MovementError, match=r"pair\(s\) 4 play"):
        Movement("m", MovementKind.CUSTOM, (line(1, 1, 1, 4, 1),), pairs=(1, 2, 3))


def test_empty_movement_is_refused():
    with pytest.raises(MovementError, match="no lines"):
        Movement("m", MovementKind.CUSTOM, ())


def test_uneven_boards_per_round_has_no_single_answer():
    movement = Movement("m", MovementKind.CUSTOM, (line(1, 1, 1, 2, 1), line(1, 2, 3, 4, 2, 3)))
    with pytest.raises(MovementError, match="different numbers of boards"):
        _ = movement.boards_per_round


def test_movement_is_frozen_and_comparable():
    again = Movement("small", MovementKind.CUSTOM, tuple(reversed(SMALL.entries)), (1, 2, 3, 4, 5))
    assert again == SMALL
    with pytest.raises(AttributeError):
        SMALL.name = "x"  # type: ignore[misc]


_GENERATED = st.one_of(
    st.builds(
        lambda t, b, s: mitchell(t, b, arrow_switch=s),
        st.integers(3, 11),
        st.integers(1, 3),
        st.sampled_from(ArrowSwitch),
    ),
    st.builds(lambda p, b: howell(p, b), st.integers(4, 20), st.integers(1, 3)),
    st.builds(
        lambda p, b: appendix_mitchell(p, b), st.sampled_from(range(7, 24, 2)), st.integers(1, 3)
    ),
    st.builds(lambda t, b: team_movement(t, b), st.integers(2, 7), st.integers(1, 4)),
)


@settings(max_examples=draws(40), deadline=None)
@given(movement=_GENERATED)
def test_queries_agree_with_the_lines(movement):
    for board in movement.boards:
        plays = movement.plays_of(board)
        assert movement.times_played(board) == len(plays) == len(movement.expected_pairs(board))
        for entry in plays:
            for pair in entry.pairs:
                assert movement.round_of(board, pair) == entry.round
                assert movement.side_of(pair, board) == entry.side_of(pair)
                assert movement.seating(pair, entry.round).boards == entry.boards
    for round_ in movement.rounds:
        playing = {p for e in movement.entries_in_round(round_) for p in e.pairs}
        out = set(movement.sitting_out(round_))
        assert playing | out == set(movement.pairs) and not playing & out
        for pair in out:
            assert movement.seating(pair, round_) is None
    for pair in movement.pairs:
        lines = movement.entries_of_pair(pair)
        assert len(movement.opponents_of(pair)) == len(lines)
        assert sum(len(e.boards) for e in lines) == len(movement.boards_of(pair))


def test_movement_is_plain_data_for_the_event_store():
    # Indexes are cached properties, not dataclass fields: a record codec sees only data.
    from dataclasses import fields

    assert [f.name for f in fields(Movement)] == [
        "name", "kind", "entries", "pairs", "teams", "spec",
    ]  # fmt: skip
