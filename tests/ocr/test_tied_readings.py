"""ocr/tied_readings.py: a field whose options tie, its other options offered as buttons."""

from __future__ import annotations

from ocr.reading import Crop, PageRef, RowReading, RowResult, RowStatus
from ocr.tied_readings import TIED, tied_readings
from scoring.contract import Contract, Seat

REF = PageRef("slip.png")
CROP = Crop(REF, (0.0, 0.0, 10.0, 5.0))


def _row(best: RowResult, posterior: float, *kept: tuple[RowResult, float]) -> RowReading:
    return RowReading(REF, 7, 7, (), best, posterior, kept, RowStatus.REVIEW,
                      ("posterior 0.143 below 0.995",), CROP)  # fmt: skip


def _d(level: int, tricks: int) -> RowResult:
    """Diamonds by North, pairs 7 v 20, -100 written (two down, nobody vulnerable)."""
    return RowResult(7, 20, False, Contract.parse(f"{level}D"), Seat.NORTH, tricks, -100)


def test_a_level_read_empty_offers_the_other_levels_two_down_each():
    """The level's boxes all read empty and -100 is two down at every level: the reader
    kept 1D (7 - 2 = 5 tricks), 6D (10) and 4D (8), each 1/7. Offered: the other four
    levels in the form's order, two down each: 2D (6), 3D (7), 5D (9), 7D (11 tricks)."""
    row = _row(_d(1, 5), 0.14286, (_d(6, 10), 0.14285), (_d(4, 8), 0.14285))
    assert tied_readings(row) == (_d(2, 6), _d(3, 7), _d(5, 9), _d(7, 11))
    assert [str(r) for r in tied_readings(row)][:1] == ["7-20 2D N -2 -100"]


def test_no_option_that_takes_more_than_thirteen_tricks():
    """6S by North +1 (13 tricks), 5S +1 and 4S +1 tied: 7S +1 would take 14 tricks."""
    s = [RowResult(1, 2, False, Contract.parse(f"{n}S"), Seat.NORTH, n + 7, 510) for n in (6, 5, 4)]
    offered = tied_readings(_row(s[0], 0.2, (s[1], 0.2), (s[2], 0.2)))
    assert [r.contract.level for r in offered if r.contract] == [1, 2, 3]


def test_nothing_where_the_alternatives_weigh_less_or_change_other_parts():
    """An alternative under 0.99 of the best's posterior is no tie (0.14 against 0.1429 is
    0.98); two alternatives that change different parts (the level, the declarer) tie no
    one field; nor does one that changes two parts at once."""
    assert TIED == 0.99
    assert tied_readings(_row(_d(1, 5), 0.1429, (_d(6, 10), 0.14), (_d(4, 8), 0.1429))) == ()
    south = RowResult(7, 20, False, Contract.parse("1D"), Seat.SOUTH, 5, -100)
    assert tied_readings(_row(_d(1, 5), 0.3, (south, 0.3), (_d(4, 8), 0.3))) == ()
    both = RowResult(7, 20, False, Contract.parse("6D"), Seat.SOUTH, 10, -100)
    assert tied_readings(_row(_d(1, 5), 0.3, (both, 0.3), (_d(4, 8), 0.3))) == ()
