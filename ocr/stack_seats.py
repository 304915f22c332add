"""The seats a stack of travellers reads its pair numbers in (issue 43).

A Mitchell's pairs keep their seats all session (NS stationary, EW moving): read without
the event, the other boards of the stack show which seat each number keeps, and whether
the stack numbers its pairs in one series (a number names one pair) or NS and EW apart
(a number names a pair on each side). ``ocr/stack_pairs.py`` weighs a row's handwritten
pair readings by them. A number counts as read in a seat where a row keeps its printed
pairs, or its handwritten pair readings give it ``_READ`` or more. One misread number
must not undo what the rest of the stack shows: a number keeps a home seat, and the
stack one series, while at most ``_HOWELL_SHARE`` of the readings say otherwise.
Pure: no I/O.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property

from ocr.reading import PageReading, PairReadings, RowReading, RowStatus
from ocr.traveller_pairs import Pairs

__all__ = ["SEAT_CHANGE", "SeatsRead", "home_seat", "read_pairs", "seats_read"]

SEAT_CHANGE = 0.05
"""The chance that a pair sits, on one row, in the seat the rest of the stack does not
show it in (a swap, a late pair seated elsewhere, a substitute): above the generator's 3%
of rows with changed pairs, for the late arrivals and swaps of real clubs."""

_READ = 0.8
"""A row's pair number counts as read in its seat, for the stack's seats, when the row's
pair readings give it at least this. On TRAINING blank forms (seed 9001, 64 ordinary
pages, 640 rows) 0.5, 0.8 and 0.95 send the same 18.91% to review: a stack's seats are
plain at any of them; 0.8 keeps a number the digits barely prefer out of the count."""

_HOWELL_SHARE = 2 * SEAT_CHANGE
"""The largest share of the numbers read on other boards that may sit in their number's
less usual seat for the stack to be taken as keeping seats: twice the changes of seat a
stack that keeps seats shows (a Howell's pairs sit in each seat about half the time)."""

_SEEN = 2
"""A number read fewer times than this on other boards has no home seat (weight 1/2 in
either): one reading could be the row's own doubt repeated."""


@dataclass(frozen=True)
class SeatsRead:
    """Per board, how often each pair number is read in each seat (``_READ``)."""

    ns: Mapping[int, Mapping[int, int]]  # board -> pair -> rows
    ew: Mapping[int, Mapping[int, int]]

    def elsewhere(self, board: int, pair: int) -> tuple[int, int]:
        """(NS, EW) rows reading ``pair`` on boards other than ``board``."""
        return (
            self._ns_total.get(pair, 0) - self.ns.get(board, {}).get(pair, 0),
            self._ew_total.get(pair, 0) - self.ew.get(board, {}).get(pair, 0),
        )

    def read_in(self, pair: int) -> tuple[int, int]:
        """(NS, EW) rows reading ``pair`` over the whole stack."""
        return self._ns_total.get(pair, 0), self._ew_total.get(pair, 0)

    def numbers(self) -> set[int]:
        """Every number the stack reads, in either seat."""
        return set(self._ns_total) | set(self._ew_total)

    @cached_property
    def _ns_total(self) -> dict[int, int]:
        return _totals(self.ns)

    @cached_property
    def _ew_total(self) -> dict[int, int]:
        return _totals(self.ew)

    def keeps_seats(self, board: int) -> bool:
        """Whether the numbers other boards than ``board`` read keep one seat each (a
        Mitchell numbered in one series): at most ``_HOWELL_SHARE`` of those readings in
        their number's less usual seat. The board's own rows are what is weighed."""
        numbers = set(self._ns_total) | set(self._ew_total)
        seats = [self.elsewhere(board, p) for p in numbers]
        total = sum(ns + ew for ns, ew in seats)
        minority = sum(min(ns, ew) for ns, ew in seats)
        return total > 0 and minority <= _HOWELL_SHARE * total

    def one_series(self) -> bool:
        """Whether the stack numbers its pairs in one series: hardly a traveller reads a
        number in both seats (numbered NS and EW apart, a Mitchell's NS 3 and EW 3 are two
        pairs that both play each board, and nearly every number is read in both seats of
        every traveller; a Howell's pairs change seats but play a board once). At most
        ``_HOWELL_SHARE`` of a traveller's numbers, counted over the stack, may be read in
        both seats: one misread number ("19" read as a sure 13 on one row of a 13-table
        Mitchell whose 13 sits NS) is not a second series (TRAINING pencil blank forms,
        seed 9001: it was, and took the traveller's clashes out of 16 pages)."""
        numbers = both = 0
        for board in set(self.ns) | set(self.ew):
            ns, ew = set(self.ns.get(board, {})), set(self.ew.get(board, {}))
            numbers += len(ns | ew)
            both += len(ns & ew)
        return numbers > 0 and bool(self._ns_total) and both <= _HOWELL_SHARE * numbers


def _totals(per_board: Mapping[int, Mapping[int, int]]) -> dict[int, int]:
    """Rows reading each pair number in one seat, over every board."""
    out: dict[int, int] = defaultdict(int)
    for numbers in per_board.values():
        for pair, n in numbers.items():
            out[pair] += n
    return out


def seats_read(pages: Iterable[PageReading]) -> SeatsRead:
    """The pair numbers each board of the stack reads in each seat: a printed pair the
    row keeps, or a handwritten one its pair readings give ``_READ`` or more."""
    ns: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    ew: dict[int, dict[int, int]] = defaultdict(lambda: defaultdict(int))
    for page in pages:
        if page.board is None:
            continue
        for row in page.rows:
            for side, pair in enumerate(read_pairs(row)):
                if pair is not None:
                    (ns, ew)[side][page.board][pair] += 1
    return SeatsRead(ns, ew)


def read_pairs(row: RowReading) -> Pairs:
    if row.status is RowStatus.EMPTY or row.best is None:
        return (None, None)
    best = (row.best.ns_pair, row.best.ew_pair)
    if row.printed_pairs is not None and best == row.printed_pairs:
        return best
    if not row.pair_readings:
        return (None, None)
    return (
        best[0] if _marginal(row.pair_readings, 0, best[0]) >= _READ else None,
        best[1] if _marginal(row.pair_readings, 1, best[1]) >= _READ else None,
    )


def _marginal(readings: PairReadings, side: int, pair: int | None) -> float:
    return sum(q for both, q in readings if both[side] == pair)


def home_seat(ns: int, ew: int) -> int | None:
    """The seat (0 NS, 1 EW) a number read ``ns`` and ``ew`` times on other boards keeps:
    read ``_SEEN`` times or more, at most ``_HOWELL_SHARE`` of them in the other seat (a
    misread, or a change of seats); None where the stack does not say."""
    if ns + ew < _SEEN or min(ns, ew) > _HOWELL_SHARE * (ns + ew):
        return None
    return 0 if ns > ew else 1
