"""The arrow-switch search (scoring/movements/balance.py, seed 004 "Balans") ends where no
single switch evens the directions out any further, and never switches a frozen cell.

The imbalance is counted here from the seating itself, independently of the search: for
every two pairs at different tables of a board, (boards played in the same direction -
boards played in opposite directions)^2, summed, with the switched lines' pairs exchanged as
a guide card would seat them. Two pairs at one table play opposite whatever is switched,
and the search leaves those boards out of what it evens."""

from __future__ import annotations

from collections import defaultdict

from hypothesis import given
from hypothesis import strategies as st

from scoring.movement import MovementEntry
from scoring.movements.balance import balanced_switches


def _imbalance(lines: list[MovementEntry], switched: set[tuple[int, int]]) -> int:
    seats: dict[int, list[tuple[int, int, str]]] = defaultdict(list)  # (line, pair, seat)
    for line, e in enumerate(lines):
        ns, ew = (e.ew, e.ns) if (e.round, e.table) in switched else (e.ns, e.ew)
        for board in e.boards:
            seats[board] += [(line, ns, "NS"), (line, ew, "EW")]
    diff: dict[tuple[int, int], int] = defaultdict(int)
    for seated in seats.values():
        for i, (line, p, dp) in enumerate(seated):
            for other, q, dq in seated[i + 1 :]:
                if p != q and line != other:
                    diff[(min(p, q), max(p, q))] += 1 if dp == dq else -1
    return sum(d * d for d in diff.values())


@st.composite
def _lines(draw: st.DrawFn) -> tuple[list[MovementEntry], set[tuple[int, int]]]:
    pairs = draw(st.integers(4, 16))
    rounds, tables = draw(st.integers(1, 6)), draw(st.integers(1, 6))
    lines = []
    for r in range(1, rounds + 1):
        for t in range(1, tables + 1):
            ns, ew = draw(st.lists(st.integers(1, pairs), min_size=2, max_size=2, unique=True))
            boards = draw(st.sets(st.integers(1, 12), min_size=1, max_size=3))
            lines.append(MovementEntry(r, t, ns, ew, tuple(sorted(boards))))
    frozen = draw(st.sets(st.sampled_from([(e.round, e.table) for e in lines]), max_size=4))
    return lines, frozen


@given(_lines())
def test_no_single_switch_evens_the_directions_out_further(drawn) -> None:  # noqa: ANN001
    lines, frozen = drawn
    switched = balanced_switches(lines, frozen)
    assert not switched & frozen
    reached = _imbalance(lines, switched)
    for e in lines:
        cell = (e.round, e.table)
        if cell not in frozen:
            assert _imbalance(lines, switched ^ {cell}) >= reached


def test_two_tables_sharing_a_board_and_one_switch_that_evens_two() -> None:
    # Board 1 at two tables, 1-2 and 3-4: unswitched 1 and 3 sit NS (same, +1), 2 and 4 EW
    # (same, +1), 1-4 and 2-3 opposite (-1 each): 4. Switched, the first table seats 2 NS
    # and 1 EW: every sign turns, still 4, no better; nothing is switched.
    lines = [MovementEntry(1, 1, 1, 2, (1,)), MovementEntry(1, 2, 3, 4, (1,))]
    assert _imbalance(lines, set()) == 4
    assert _imbalance(lines, {(1, 1)}) == 4
    assert balanced_switches(lines) == set()
    # The same two tables again on board 2 in round 2: each couple twice the same way, +-2,
    # 16. Switching round 1's first table (the first cell tried) turns board 1's signs, so
    # every couple is +1 - 1 = 0; from there any other switch makes a couple +-2 again.
    lines += [MovementEntry(2, 1, 1, 2, (2,)), MovementEntry(2, 2, 3, 4, (2,))]
    assert _imbalance(lines, set()) == 16
    assert _imbalance(lines, {(1, 1)}) == 0
    assert balanced_switches(lines) == {(1, 1)}
    assert balanced_switches(lines, frozen={(1, 1)}) == {(1, 2)}  # the next cell tried


def test_a_kept_answer_is_the_callers_own_to_change() -> None:
    # The search's answer is kept for the same lines; a caller that changes the set it got
    # must not change what the next caller gets (the example above: {(1, 1)}).
    lines = [MovementEntry(r, t, p, p + 1, (r,)) for r in (1, 2) for t, p in ((1, 1), (2, 3))]
    first = balanced_switches(lines)
    assert first == {(1, 1)}
    first.add((2, 2))
    first.discard((1, 1))
    assert balanced_switches(lines) == {(1, 1)}
    assert balanced_switches(tuple(lines), frozen=[(1, 1)]) == {(1, 2)}
    assert balanced_switches(lines) == {(1, 1)}  # not the frozen search's answer
