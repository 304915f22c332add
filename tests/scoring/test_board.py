"""Law 2: dealer and vulnerability from the board number."""

import pytest

from scoring.board import Vulnerability, dealer_of, vulnerability_of
from scoring.contract import Seat, Side
from scoring.errors import BoardError, VulnerabilityError

# rules.md §1, as printed: boards 1-16.
PRINTED = "None NS EW All NS EW All None EW All None NS All None NS EW".split()


@pytest.mark.parametrize("board", range(1, 49))
def test_vulnerability_cycle_repeats_every_16_boards(board: int) -> None:
    assert str(vulnerability_of(board)) == PRINTED[(board - 1) % 16]


@pytest.mark.parametrize(
    ("board", "dealer"),
    [
        (1, Seat.NORTH),
        (2, Seat.EAST),
        (3, Seat.SOUTH),
        (4, Seat.WEST),
        (5, Seat.NORTH),
        (28, Seat.WEST),
    ],
)
def test_dealer_rotates_every_board(board: int, dealer: Seat) -> None:
    assert dealer_of(board) is dealer


@pytest.mark.parametrize("board", [0, -3, True, 2.5])
def test_board_numbers_start_at_one(board: object) -> None:
    with pytest.raises(BoardError):
        vulnerability_of(board)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("None", Vulnerability.NONE),
        ("-", Vulnerability.NONE),
        ("Love", Vulnerability.NONE),
        ("Ingen", Vulnerability.NONE),
        ("N-S", Vulnerability.NS),
        ("E-W", Vulnerability.EW),
        ("Ö-V", Vulnerability.EW),
        ("ØV", Vulnerability.EW),
        ("All", Vulnerability.BOTH),
        ("Both", Vulnerability.BOTH),
        ("Alle", Vulnerability.BOTH),
        ("Alla", Vulnerability.BOTH),
        ("Begge", Vulnerability.BOTH),
    ],
)
def test_vulnerability_as_written(text: str, expected: Vulnerability) -> None:
    assert Vulnerability.parse(text) is expected


def test_unknown_vulnerability() -> None:
    with pytest.raises(VulnerabilityError, match="'Some'"):
        Vulnerability.parse("Some")


def test_is_vulnerable() -> None:
    assert Vulnerability.NS.is_vulnerable(Side.NS)
    assert not Vulnerability.NS.is_vulnerable(Seat.EAST)
    assert Vulnerability.BOTH.is_vulnerable(Seat.WEST)
    assert not Vulnerability.NONE.is_vulnerable(Side.NS)
