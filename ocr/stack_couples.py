"""The couples a stack's travellers hold, on whatever line they are written (issue 43).

A traveller's lines need not be in the order the board was played (two tables on each
other's lines, a traveller filled a line down or from the bottom), but its rows are the
board's meetings whatever lines they are on: each a round, each NS pair once against one
EW pair. In a Mitchell those meetings follow one rule on every board: NS pair k sits at
table k, the EW pairs move up a table and the boards down one each round, so board set s
meets EW place 2k - s against NS place k (places and sets counted from 0, round the table
count; ``scoring.movements.mitchell``). Across the stack that is one *slope* (EW places
move ``a`` for each NS place: 2 in an odd Mitchell, 1 in the synthetic pages' simple one,
``ocr.training.synthetic.results.mitchell_slots``), and each traveller has its own
*offset* (which set the board is). A director who sees 1-6, 2-7 and 4-9 on a
traveller knows the blank's 3 plays 8, whatever line it is on.

The slope is read from the stack, never assumed: it is the one ``a`` (prime to the
table count, so each EW pair is met once) for which, over every traveller with three
rows or more read for certain (``ocr.stack_seats.read_pairs``), the rows holding the
traveller's most common offset are all but ``_ROW_SHARE`` of them, ``_ROWS_SEEN`` rows
at least. A Howell, a Mitchell with a skip or a relay (its meetings change rule halfway),
seats of unequal size, or a section whose places are not all known
(``ocr.stack_lines.seat_places``) show none, and nothing is weighed.

A row's expected offset is what the traveller's other rows read for certain agree on
(``ocr.meeting_lines.agreed``: three quarters, two at least): one misread row of five is
outvoted. A reading whose couple has that offset weighs ``1 - SEAT_CHANGE``, any other
``SEAT_CHANGE`` (the pairs changed at a table, a late pair): the same prior the stack's
line order and the event's movement give a row (``ocr.stack_lines``,
``ocr/meeting_lines.py``), weighed with what the row's line says (``placed_weight``,
``ocr.stack_pairs``): alone where the line expects nothing (a stack with no step, a
traveller in an order of its own); times the line where it expects one seat's number,
the couple telling the other (with a third of the travellers off their line, a stack's
EW next lines can hold the step while its lines further apart fail it,
``ocr.stack_lines._step``, and an EW 21 that could be 27 was left to its digits where
the couple knew it: TRAINING seed 2417 ordinary, ``--off-line-share 0.33``, read alone,
18.38% -> 11.11% of the generic rows to review); where it expects both, nothing more
than the line. It is a prior: a number the digits read for certain is never overruled
(``ocr/stack_settles.py``).
Pure: no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from math import gcd

from ocr.meeting_lines import agreed
from ocr.reading import PageReading
from ocr.stack_lines import line_weight
from ocr.stack_seats import SEAT_CHANGE, read_pairs
from ocr.traveller_pairs import Pairs

__all__ = ["CoupleSlope", "couple_slope", "couple_weight", "placed_weight"]

_ROW_SHARE = 2 * SEAT_CHANGE
"""The largest share of the rows read for certain that may hold another offset than
their traveller's most common: a misread number, a pair changed at a table (the stack's
share for seats and steps, ``ocr.stack_seats._HOWELL_SHARE``, ``ocr.stack_lines``)."""

_ROWS_SEEN = 10
"""Rows read for certain, over the stack's travellers of three such rows or more, for
the stack to show a slope at all (``ocr.stack_lines._LINES_SEEN``)."""

_OWN_ROWS = 3
"""Rows a traveller must read for certain to count for the slope: of two, the most
common offset is one of the two whatever the slope."""

Seats = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass(frozen=True)
class CoupleSlope:
    """Each seat's pairs in order (their places), and how many EW places a couple moves
    for each NS place (None: the stack shows no slope)."""

    seats: Seats
    slope: int | None

    def offset(self, both: Pairs) -> int | None:
        """The couple's offset (its EW place less the slope times its NS place, round
        the table count); None where it has no place or there is no slope."""
        ns, ew = self._places[0].get(both[0]), self._places[1].get(both[1])
        if self.slope is None or ns is None or ew is None:
            return None
        return (ew - self.slope * ns) % len(self.seats[0])

    @cached_property
    def _places(self) -> tuple[dict[int | None, int], dict[int | None, int]]:
        """Each seat's number -> its place: a traveller's readings are weighed some
        30,000 times (``ocr.stack_pairs``)."""
        return tuple({p: i for i, p in enumerate(seat)} for seat in self.seats)  # type: ignore[return-value]

    def expected(self, page: PageReading) -> dict[int, int | None]:
        """Every written line of the traveller with the offset its other rows read for
        certain agree on (None where they do not, or there is no slope)."""
        offsets = {r.row: self.offset(read_pairs(r)) for r in page.rows if r.best is not None}
        out: dict[int, int | None] = {}
        for line in offsets:
            votes = Counter(o for other, o in offsets.items() if other != line and o is not None)
            out[line] = agreed(votes) if self.slope is not None else None
        return out


def couple_slope(pages: Iterable[PageReading], seats: Seats, complete: bool) -> CoupleSlope:
    """The slope the stack's travellers show (see the module docstring); ``seats`` each
    seat's pairs in order, ``complete`` whether every listed pair has one
    (``ocr.stack_lines.seat_places``)."""
    n = len(seats[0])
    if not complete or n < 3 or len(seats[1]) != n:
        return CoupleSlope(seats, None)
    place = ({p: i for i, p in enumerate(seats[0])}, {p: i for i, p in enumerate(seats[1])})
    travellers = []
    for page in pages:
        couples = [
            (place[0][ns], place[1][ew])
            for r in page.rows
            if r.best is not None
            for ns, ew in (read_pairs(r),)
            if ns in place[0] and ew in place[1]
        ]
        if len(couples) >= _OWN_ROWS:
            travellers.append(couples)
    total = sum(map(len, travellers))
    if total < _ROWS_SEEN:
        return CoupleSlope(seats, None)
    held = {a: _held(travellers, a, n) for a in range(1, n) if gcd(a, n) == 1}
    best = max(held, key=lambda a: held[a], default=None)
    if best is None or total - held[best] > _ROW_SHARE * total:
        return CoupleSlope(seats, None)
    return CoupleSlope(seats, best)


def _held(travellers: Sequence[Sequence[tuple[int, int]]], slope: int, n: int) -> int:
    """Rows, over the travellers, that hold their traveller's most common offset."""
    return sum(
        Counter((ew - slope * ns) % n for ns, ew in couples).most_common(1)[0][1]
        for couples in travellers
    )


def couple_weight(both: Pairs, slopes: CoupleSlope, expected: int | None) -> float:
    """The prior of a reading on a line whose traveller's other rows expect the offset
    ``expected``: ``1 - SEAT_CHANGE`` for a couple with it, ``SEAT_CHANGE`` for any other;
    1 where nothing is expected."""
    if expected is None:
        return 1.0
    return 1.0 - SEAT_CHANGE if slopes.offset(both) == expected else SEAT_CHANGE


def placed_weight(
    both: Pairs, line: Pairs, slopes: CoupleSlope | None, expected: int | None
) -> float:
    """The prior of a reading on a line whose other lines expect the numbers ``line``
    (``ocr.stack_lines``) and whose traveller's other rows expect the offset ``expected``:
    what the line says (``line_weight``) and, where it leaves a seat open, what the
    couple says (``couple_weight``: it tells that seat's number). Where the line expects
    both numbers the couple says nothing more: a couple with them has the offset, one
    that breaks either breaks it too, and the two would count the traveller's rows twice.

    A row off its line in a stack whose step shows in both seats (two tables on each
    other's lines) is still weighed by the line alone, 0.05 a number it breaks: weighing
    it as the likelier of on its line and off it (0.05 for the line times its couple)
    raised every reading that moves both numbers along by the same places, which the
    couple cannot tell from the right one (a "1-11" read 7-17 made line 7's own 7-17
    doubtful, TRAINING 5151 pencil; TEST 1441 noisy sent 5 more rows of one traveller
    than it accepted), and was dropped (docs/reader-history.md, "placed43"). Measured
    again with a row whose pair combs read blank kept out of the joint decoding
    (``ocr.stack_pairs._no_number_written``, the failure placed43 named): TRAINING 40 sets
    1163 -> 1097 generic rows to review, one more sent (5151 pencil again), but TEST 1441
    noisy ``page_0003.jpg`` sent 7 more rows than before (the generic pages 24.05% ->
    28.48%): dropped again ("blankalone43")."""
    if slopes is None or expected is None or None not in line:
        return line_weight(both, line)  # the couples say nothing, or nothing more
    return line_weight(both, line) * couple_weight(both, slopes, expected)
