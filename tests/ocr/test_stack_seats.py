"""ocr/stack_seats.py: the seats a stack reads its pair numbers in; one misread number does
not undo them. Counted by hand on stacks of certain readings (``test_stack_pairs``'s rows).
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from ocr.stack_seats import home_seat, seats_read
from tests.ocr.test_stack_pairs import _page, _row


def _board(board: int, *pairs: tuple[int, int]):  # type: ignore[no-untyped-def]
    rows = [_row(board, n, ((both, 1.0),)) for n, both in enumerate(pairs, start=1)]
    return _page(board, *rows, pairs=None)


def test_one_misread_number_is_not_a_second_series() -> None:
    """Five boards of a two-table Mitchell numbered 1-4 (NS 1, 2; EW 3, 4); board 6 reads
    row 2 as 2-1 (a misread 4). Numbers read per board: 4 on boards 2-5, 3 on board 6
    (NS 1, 2; EW 3, 1), of which one (1) in both seats: 1 of 19, at most 0.1 of them.
    Read so, a number names one pair: 1-3 on one row and 3-2 on another seat pair 3
    twice. Before, any number read in both seats on one board made two series."""
    stack = [_board(b, (1, 3), (2, 4)) for b in (2, 3)]
    stack += [_board(b, (1, 4), (2, 3)) for b in (4, 5)]
    assert seats_read(stack).one_series()
    assert seats_read([*stack, _board(6, (1, 3), (2, 1))]).one_series()


def test_a_mitchell_numbered_apart_is_two_series() -> None:
    """NS 1, 2 and EW 1, 2: every number of every board is read in both seats (2 of 2)."""
    stack = [_board(b, (1, 1), (2, 2)) for b in (2, 3)] + [_board(4, (1, 2), (2, 1))]
    assert not seats_read(stack).one_series()


def test_a_number_keeps_its_home_seat_against_one_misreading() -> None:
    """Pair 13 read NS on 13 other rows and EW on 1 (1 of 14, at most 0.1): NS. Read NS 2
    and EW 1 (1 of 3): no home seat; read once: none (fewer than 2 readings)."""
    assert home_seat(13, 1) == 0 and home_seat(1, 13) == 1
    assert home_seat(9, 1) == 0  # 1 of 10, at most 0.1 of them
    assert home_seat(8, 1) is None  # 1 of 9: more than 0.1 of them
    assert home_seat(2, 1) is None and home_seat(1, 0) is None and home_seat(0, 0) is None


@given(ns=st.integers(0, 60), ew=st.integers(0, 60))
def test_a_home_seat_is_the_seat_nearly_every_reading_shows(ns: int, ew: int) -> None:
    """Whatever the counts: a home seat is the majority's, its minority at most a tenth,
    and the seat is the same with the counts swapped, the other way round."""
    home = home_seat(ns, ew)
    if home is not None:
        assert ns + ew >= 2 and 10 * min(ns, ew) <= ns + ew
        assert home == (0 if ns > ew else 1)
        assert home_seat(ew, ns) == 1 - home
