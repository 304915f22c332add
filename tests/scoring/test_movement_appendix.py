"""Appendix Mitchell (Vändbordsmitchell) against seed 004 section 12."""

from __future__ import annotations

import pytest

from scoring.contract import Side
from scoring.movement import MovementError, MovementSpec
from scoring.movements import (
    ArrowSwitch,
    MovementProblem,
    Severity,
    appendix_mitchell,
    build_movement,
    check_movement,
)


def where(movement, pair, round_):
    seat = movement.seating(pair, round_)
    return None if seat is None else (seat.table, seat.side)


def test_seeds_29_pair_example():
    # "Näst högsta paret sitter alltså ÖV vid högsta bordet i första ronden, har frirond i
    # den andra, i rond 3 sitter det NS vid högsta bordet och i rond 4 ÖV vid bord 1."
    m = appendix_mitchell(29, 2)
    assert len(m.tables) == 14
    assert [where(m, 28, r) for r in (1, 2, 3, 4)] == [
        (14, Side.EW), None, (14, Side.NS), (1, Side.EW),
    ]  # fmt: skip
    # Round 1: pairs 1-14 NS at their tables, 15 EW at table 1 ... 28 EW at 14, 29 out.
    first = m.entries_in_round(1)
    assert [(e.ns, e.ew) for e in first] == [(t, 14 + t) for t in range(1, 15)]
    assert m.sitting_out(1) == (29,)


def test_even_tables_skip_after_half():
    # 14 tables: after round 7 the movers move two steps; the pair EW at the top table
    # skips the sit-out and sits NS at the top table.
    m = appendix_mitchell(29, 2)
    top_ew_round_7 = m.entry_at(7, 14).ew
    assert m.entry_at(8, 14).ns == top_ew_round_7
    assert top_ew_round_7 not in {p for r in m.rounds for p in m.sitting_out(r)}


@pytest.mark.parametrize("pairs", range(7, 32, 2))
def test_every_board_once_every_round(pairs):
    m = appendix_mitchell(pairs, 2)
    tables = (pairs - 1) // 2
    assert not [p for p in check_movement(m) if p.severity is Severity.ERROR]
    assert check_movement(m) == ()
    for r in m.rounds:
        played = sorted(b for e in m.entries_in_round(r) for b in e.boards)
        assert played == list(range(1, 2 * tables + 1))
        assert len(m.sitting_out(r)) == 1
    # Stationary pairs 1..n-1 never leave their table or direction.
    for t in range(1, tables):
        assert {where(m, t, r) for r in m.rounds} == {(t, Side.NS)}
    outs = [m.sitting_out(r)[0] for r in m.rounds]
    assert len(set(outs)) == len(outs)


def test_stopped_early_still_even():
    m = appendix_mitchell(19, 3, rounds=6)
    assert {m.times_played(b) for b in m.boards} == {6}


def test_arrow_switch_and_spec():
    m = build_movement(
        MovementSpec(
            "appendix-mitchell",
            (("pairs", "15"), ("boards_per_round", "3"), ("arrow_switch", "balanced")),
        )
    )
    assert m.arrow_switched
    assert m == appendix_mitchell(15, 3, arrow_switch=ArrowSwitch.BALANCED)
    assert not [p for p in check_movement(m) if p.severity is Severity.ERROR]


@pytest.mark.parametrize(
    ("pairs", "kwargs", "message"),
    [
        (5, {}, "at least 7"),
        (18, {}, "odd number"),
        (15, {"rounds": 8}, "1 to 7 rounds"),
    ],
)
def test_bad_appendix(pairs, kwargs, message):
    with pytest.raises(MovementError, match=message):
        appendix_mitchell(pairs, 2, **kwargs)


def test_problem_type_is_exported():
    assert MovementProblem.__name__ == "MovementProblem"
