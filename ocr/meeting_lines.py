"""With the movement, the meeting each line of a blank traveller most likely holds (issue 43).

A board travels round by round, so the rows of a blank traveller are written in the order
its meetings play it: line 1 the board's first meeting, line 2 its second, and so on. The
movement gives that order exactly: read with the event, or from a blank form printed for
the movement (``forms blank --movement``, ``BSC4``), ``PrintedPairs.allowed`` lists the
board's meetings in round order (``pipeline.doors.scans.forms.travellers_from_event``,
``ocr/qrpayload.py``: "meetings: in round order"). A handwritten "7-14" whose 7 could be a
9 (9-16 is another meeting of the board) between lines that read 6-13 and 8-15 is 7-14.

Players need not fill in order (a late pair, a table that wrote on the wrong line, a
traveller filled from the bottom or from line 2), so the order is not assumed from the
line number: a line's expected meeting is what the traveller's other lines say. A line l
whose pairs read one meeting m for sure (``_READ``, as the stack reads a number,
``ocr.stack_seats``) expects meeting m + (k - l) on line k; where two lines or more
expect one meeting and at most ``_LINE_SHARE`` of them another, that is line k's. A
traveller shifted by one line expects the shift; one filled from the bottom, or with its
rows in no order, expects nothing and nothing is weighed; two rows swapped leave each
with an expectation its ink contradicts, and the row keeps what its ink says or goes to
a person (``ocr/event_pairs.py``).

It is a prior, as the movement's sending a pair to the board is: the line's meeting
weighs 1, any other reading ``OFF_LINE``; it is multiplied into the row's own pair
readings before the traveller's rows are decoded jointly. Pure: no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TypeVar

from ocr.reading import PairReadings
from ocr.stack_seats import SEAT_CHANGE

__all__ = ["OFF_LINE", "agreed", "expected_meetings", "line_prior"]

Pairs = tuple[int | None, int | None]
T = TypeVar("T")

_READ = 0.8
"""A line's pairs count as read, for what it expects on the others, where its likeliest
reading has at least this: as the stack reads a pair number (``ocr.stack_seats``)."""

_LINE_SHARE = 0.25
"""The largest share of the other lines that may expect another meeting: misread lines
must not undo the order the rest shows. On the TRAINING stand-in (``held-out-real``,
seed 13, ordinary, page_0020) two lines of ten read another meeting at 0.8 or more (a
handwritten 1 read as a 7 at 0.982, an 8 as a 9 at 0.855), and the stack's tenth
(``ocr.stack_lines``) left the whole traveller without an order; a quarter keeps it. The
line moves a row's odds twentyfold at most (``OFF_LINE``), never past what its ink reads
best, so an order formed wrongly sends rows to a person rather than misreading them.

The stack's line order read without the event (``ocr.stack_lines``) asks the same of a
line's expected number (``agreed``): there a tenth took the seat's number from every other
line (TRAINING stand-in, ``held-out-real`` seed 13, ordinary, ``page_0018``: line 3's EW
11 read 17 for certain left 9 of 10 lines expecting no EW number, 5 of them to a person
read right). Chosen there, read without the event (seeds 13 and 15225, every session on
blank forms, 30 pages of ordinary, pencil and damaged): 10 of 1,826 rows without a
player's error fewer to a person with a quarter, none with a third more; 0 wrong rows,
and none more on travellers filled off their order (``--off-line-share``)."""

OFF_LINE = SEAT_CHANGE
"""The prior of a reading that is not the meeting the traveller's other lines expect on
its line, against 1 for that meeting: the price of a change of seats (0.05,
``ocr.stack_seats.SEAT_CHANGE``), a table that wrote on another line. 0.2 read the same
TRAINING pages alike (docs/reader-history.md, "The traveller's line order as a prior for
handwritten pairs")."""


def expected_meetings(
    readings: Mapping[int, PairReadings], meetings: Sequence[tuple[int, int]]
) -> dict[int, tuple[int, int]]:
    """Each written line (form row -> its pair readings) with the meeting the traveller's
    other lines expect there; a line they do not agree on is left out. ``meetings`` are
    the board's meetings in the order the movement plays it."""
    place: dict[Pairs, int] = {m: i for i, m in enumerate(meetings)}
    if len(place) != len(meetings):
        return {}  # a meeting twice: the order says nothing
    sure = {line: place[m] for line, r in readings.items() if (m := _sure(r)) in place}
    out: dict[int, tuple[int, int]] = {}
    for line in readings:
        votes = Counter(m + line - other for other, m in sure.items() if other != line)
        expected = agreed(votes)
        if expected is not None and 0 <= expected < len(meetings):
            out[line] = meetings[expected]
    return out


def agreed(votes: Counter[T]) -> T | None:
    """What a line's other lines expect there (``votes``: each one's expectation, counted),
    where two or more expect it and at most ``_LINE_SHARE`` of them another; else None.
    The event's line order (``expected_meetings``) and the stack's read without it
    (``ocr.stack_lines``) ask the same."""
    if not votes:
        return None
    expected, count = votes.most_common(1)[0]
    total = sum(votes.values())
    return expected if count >= 2 and total - count <= _LINE_SHARE * total else None


def _sure(readings: PairReadings) -> Pairs | None:
    """The pairs a row reads for sure (its likeliest reading at ``_READ`` or more), or
    None."""
    if not readings:
        return None
    best, p = max(readings, key=lambda r: r[1])
    return best if p >= _READ else None


def line_prior(readings: PairReadings, expected: tuple[int, int] | None) -> PairReadings:
    """A row's pair readings weighed by its line: the expected meeting 1, any other
    reading ``OFF_LINE`` (not normalised: the joint decoding normalises each row)."""
    if expected is None:
        return readings
    return tuple((both, p if both == expected else p * OFF_LINE) for both, p in readings)
