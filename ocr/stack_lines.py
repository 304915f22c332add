"""The order a stack's travellers are filled in, line by line (issue 43).

A Mitchell's traveller is filled in a fixed order: on a form whose lines are the NS
pairs', line k is NS pair k; played in round order, each line's NS pair is the last one's
less one and its EW pair the last one's less two (NS stationary, boards down a table and
EW up one each round). In both, going one line down moves each seat's number a fixed
number of places along that seat's pairs, round the table count: a *step* per seat that
the stack of travellers itself shows. A director reading a traveller whose other lines
read 6, 7, _, 9 expects 8 on the blank: a handwritten "3" that could be an 8 reads 8.

The steps are read from the stack, never assumed: a seat's pairs are the numbers the
other boards keep in it (``ocr.stack_seats.home_seat``: a Mitchell numbered in one
series), and a seat has a step where, over every two next lines of a traveller that both
read the seat's number (``ocr.stack_seats.read_pairs``), at least ``1 - _LINE_SHARE`` of
them move by the same number of places, ``_LINES_SEEN`` times or more, and every two read
lines of a traveller bear it out as well (lines k apart, k steps: a section with a gap
leaves a blank line whose far side is a place off). A Howell (pairs change seats), a
stack numbered NS and EW apart, or travellers filled in no order show none, and nothing
is weighed. A line's expected number is the one the traveller's other lines, each moved
by the step, agree on (``ocr.meeting_lines.agreed``: three quarters, two at least): a
reading with it weighs ``1 - SEAT_CHANGE``, any other ``SEAT_CHANGE`` (a table that wrote
on another line, a late pair under another number), the price of a change of seats. It
is a prior, as the event's movement is when a row is decoded: a number the digits read
for certain is never overruled (``ocr/stack_settles.py``), and a row whose digits plainly
read a number off the line goes to a person. Pure: no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass

from ocr.meeting_lines import agreed
from ocr.reading import PageReading
from ocr.stack_seats import SEAT_CHANGE, SeatsRead, read_pairs

__all__ = ["LineSteps", "line_steps", "line_weight", "seat_places"]

_LINE_SHARE = 2 * SEAT_CHANGE
"""The largest share of next lines (in a step's count) that may say otherwise: one
misread number, a table on another line, must not undo the order the rest shows
(``ocr.stack_seats``' share for seats)."""

_LINES_SEEN = 10
"""Next lines read in a seat, over the stack, for it to show a step at all: a stack of two
or three travellers could agree on a step by chance."""


@dataclass(frozen=True)
class LineSteps:
    """Each seat's pairs in order (the places a step moves along) and its step, None where
    the stack shows none."""

    seats: tuple[tuple[int, ...], tuple[int, ...]]
    steps: tuple[int | None, int | None]

    def expected(self, page: PageReading) -> dict[int, tuple[int | None, int | None]]:
        """Every written line of the traveller with the (NS, EW) numbers its other lines
        expect there (None in a seat where they do not agree or no step is shown)."""
        read = {r.row: read_pairs(r) for r in page.rows if r.best is not None}
        out: dict[int, tuple[int | None, int | None]] = {}
        for line in read:
            ns, ew = (self._expected(side, line, read) for side in (0, 1))
            out[line] = (ns, ew)
        return out

    def _expected(
        self, side: int, line: int, read: Mapping[int, tuple[int | None, int | None]]
    ) -> int | None:
        step, pairs = self.steps[side], self.seats[side]
        if step is None:
            return None
        place = {p: i for i, p in enumerate(pairs)}
        votes: Counter[int] = Counter()
        for other, both in read.items():
            number = both[side]
            if other != line and number in place:
                votes[pairs[(place[number] + step * (line - other)) % len(pairs)]] += 1
        return agreed(votes)


def line_steps(
    pages: Iterable[PageReading], seats: SeatsRead, section: Collection[int] | None
) -> LineSteps:
    """The steps the stack's travellers show (see the module docstring). ``seats`` are the
    numbers the stack reads in each seat; ``section`` the pairs the QR code lists (None:
    not listed): where it lists them, a seat's pairs are the section's numbers it reads
    more often (a "72" misread for certain is no place), and every one must have a seat
    for any step (a number no seat reads leaves the places, and so the steps, unknown)."""
    in_seat, complete = seat_places(seats, section)
    if not complete:
        return LineSteps(in_seat, (None, None))
    places: list[tuple[dict[int, int], dict[int, int]]] = []  # per traveller, line -> place
    for page in pages:
        read = {r.row: read_pairs(r) for r in page.rows if r.best is not None}
        places.append((_places(read, 0, in_seat[0]), _places(read, 1, in_seat[1])))
    steps = tuple(_step([p[side] for p in places], len(in_seat[side])) for side in (0, 1))
    return LineSteps((in_seat[0], in_seat[1]), (steps[0], steps[1]))


def seat_places(
    seats: SeatsRead, section: Collection[int] | None
) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], bool]:
    """Each seat's pairs in order (the places a step moves along, and a couple's places in
    ``ocr.stack_couples``), and whether they are complete: where the QR code lists the
    section's pairs, a seat's pairs are the listed numbers it reads more often, and every
    one must have a seat (a number no seat reads leaves every place after it unknown);
    where it lists none, every number the stack reads."""
    numbers = set(section) if section is not None else seats.numbers()
    homes = {p: _seat_of(*seats.read_in(p)) for p in numbers}
    ns, ew = (tuple(sorted(p for p, h in homes.items() if h == side)) for side in (0, 1))
    complete = section is None or all(homes.get(p) is not None for p in section)
    return (ns, ew), complete


def _seat_of(ns: int, ew: int) -> int | None:
    """The seat a number is read in more often over the stack (None: never read, or as
    often in each). A misread number reads in its other seat now and then; where it then
    holds the wrong place, the next lines do not move by one step and none is shown."""
    return None if ns == ew else (0 if ns > ew else 1)


def _places(
    read: Mapping[int, tuple[int | None, int | None]], side: int, pairs: tuple[int, ...]
) -> dict[int, int]:
    """Each line of a traveller that reads a number of ``pairs`` in ``side``, with its place
    along them."""
    place = {p: i for i, p in enumerate(pairs)}
    return {line: place[both[side]] for line, both in read.items() if both[side] in place}  # type: ignore[index]


def _step(travellers: list[dict[int, int]], n: int) -> int | None:
    """The step next lines show (``_LINES_SEEN`` of them, ``1 - _LINE_SHARE`` by one number
    of places), where every two read lines of a traveller bear it out as well: lines k
    apart are k steps apart. A section with a gap (no pair 4: line 4 blank on a form filled
    on the NS pairs' lines) moves one place a next line on each side of the gap, but line 5
    is not four places from line 1; only next lines asked, the blank's far side would be
    expected a place off. Never a step of no place: it would expect on every line the
    number the traveller's other lines hold, and a pair plays a board once.

    A traveller filled in an order of its own (from the bottom: each of its next lines
    moves by another one step, ``_own_order``) says nothing of the stack's and is left
    out: on the TRAINING stand-in (``held-out-real``, seed 13, pencil, a fifth of the
    travellers off their order, ``--off-line-share 0.2``) one traveller of sixteen filled
    from the bottom left 89% of the next lines at the step and the stack without one, and
    43% of its rows went to a person read alone (14% in order). Its own lines then expect
    nothing: moved by the stack's step, they disagree."""
    own = [_moves(places, n) for places in travellers]
    moves = sum(own, Counter())
    if sum(moves.values()) < _LINES_SEEN:
        return None
    first = moves.most_common(1)[0][0]
    kept_own = [(p, m) for p, m in zip(travellers, own, strict=True) if not _own_order(m, first)]
    kept = [p for p, _ in kept_own]
    moves = sum((m for _, m in kept_own), Counter())
    total = sum(moves.values())
    if total < _LINES_SEEN:
        return None
    step, count = moves.most_common(1)[0]
    if step == 0 or total - count > _LINE_SHARE * total:
        return None  # a pair plays a board once: no line holds the last one's number
    apart = [
        (places[b] - places[a] - step * (b - a)) % n == 0
        for places in kept
        for a in places
        for b in places
        if a < b
    ]
    return step if apart.count(False) <= _LINE_SHARE * len(apart) else None


def _moves(places: dict[int, int], n: int) -> Counter[int]:
    """How many next lines of one traveller move by each number of places (summed over
    travellers in their order, the counts come in the order a single pass would meet
    them, which ``most_common`` keeps among ties)."""
    return Counter(
        (places[line + 1] - place) % n for line, place in places.items() if line + 1 in places
    )


def _own_order(moves: Counter[int], step: int) -> bool:
    """Whether a traveller's next lines show one step of their own, not ``step``: three
    next lines at least, ``1 - _LINE_SHARE`` of them by one other number of places (a
    traveller filled in no order, or a line misread, is not one)."""
    total = sum(moves.values())
    if total < 3:
        return False
    mine, count = moves.most_common(1)[0]
    return mine != step and total - count <= _LINE_SHARE * total


def line_weight(
    both: tuple[int | None, int | None], expected: tuple[int | None, int | None]
) -> float:
    """The prior of a reading on a line whose other lines expect ``expected``: per seat
    with an expected number, ``1 - SEAT_CHANGE`` where the reading has it, ``SEAT_CHANGE``
    where it has another."""
    weight = 1.0
    for number, want in zip(both, expected, strict=True):
        if want is not None:
            weight *= 1.0 - SEAT_CHANGE if number == want else SEAT_CHANGE
    return weight
