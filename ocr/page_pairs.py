"""A pair plays a board once: what one row of a traveller seats, no other row seats again.

On a generic blank form the pair numbers are handwritten, and a handwritten 1 and 7, or
1 and 9, are often nearly as likely as each other: "1-18" against "9-14", "2-19" against
"2-79". The movement (``PrintedPairs.allowed``) already makes most such readings
unlikely, but a reading that seats pairs the movement does send to this board (another
table's pairs) stays possible, and the row goes to review on its posterior alone.

Every pair plays each board once, so on one traveller an NS pair number appears on one
row at most, and so does an EW pair number (the movement; a board played a second time
is no result, Law 15A, and the director adjusts). Where the event numbers its pairs in
one series (1 to 2n, or a Howell's pairs, which change seats; ``PrintedPairs.
numbered_in_one_series``), a number is on one row at most whatever its seat: pair 10
sitting NS on row 10 rules out a reading of row 8 as 8-10, which the digits of a
handwritten "13" with a faint 3 can make. A Mitchell that numbers NS and EW 1 to n each
has two pairs under every number, and the sides are kept apart. A pair number a row
reads for certain (its pair readings that have it reach the acceptance threshold
together, whatever else the row is in review for: the pair digits are decoded apart from
the marks) rules out every reading of another row of the page that seats it again; what
that leaves of the other row may make its own pairs certain in turn, and they rule out
readings of a third (the page is looked at again until nothing more becomes certain).
The row's posterior is then its best reading's probability given that the impossible
readings are out: divided by one less the probability of every pair reading of the row
that seats such a pair (the pairs are decoded apart from the contract, so that is
exact). A row known only by its kept readings (its best and two alternatives;
``read_rows`` gives every row's pair readings) is judged on those: the rest of its
probability is left in, and its posterior can only be understated. On 200 ordinary TEST
pages the kept readings alone left 90 rows of blank forms in review on their posterior;
the pair readings leave 67. A row is accepted this way only if its posterior was its one
reason for review. Two rows that read the same pair for certain both go to review,
saying so: one is misread, or the pair played the board twice, which is for the
director. So does a row accepted on handwritten pairs whose number the form prints on
another row that keeps it, certain or not: the digit model is sure of a handwritten number
more often than it is right on writers it never saw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ocr.reading import RowReading, RowResult, RowStatus, pair_clash_reason
from ocr.row_reader import PairReadings, posterior_reason

__all__ = ["played_once"]


def played_once(
    rows: Sequence[RowReading],
    threshold: float,
    pair_readings: Mapping[int, PairReadings] | None = None,
    one_series: bool = False,
) -> tuple[RowReading, ...]:
    """The rows of one traveller page, with readings that seat a pair another row seats
    for certain ruled out (see the module docstring).

    ``pair_readings`` are the rows' pair readings from their decoding, every one with its
    probability (``read_rows``); a row without them is judged on its kept readings.
    ``one_series``: the event numbers its pairs in one series (``PrintedPairs.one_series``),
    so a pair number is on one row at most whichever seat it has there.

    What a row reads for certain is worked out again on what other rows' certain pairs
    leave of its readings, until nothing more becomes certain: a row's pairs made certain
    this way may rule out readings of another. A pair once certain stays so (ruling out
    another row's readings only raises what is left of a row's own), so this ends; two
    rows certain of the same pair both stay certain of it, and both go to review."""
    first = tuple(rows)
    readings = {r.row: _readings(r, pair_readings) for r in first if r.best is not None}
    sides = _ONE_SERIES if one_series else _APART
    seated: Seated = {side: {} for side in sides}
    while True:
        grown = _certain_pairs(first, threshold, readings, seated, sides)
        if grown == seated:
            break
        seated = grown
    judged = [_judged(r, threshold, readings.get(r.row, ()), seated, sides) for r in first]
    printed = _printed_kept(first, sides)
    return tuple(_handwritten_clash(r, printed, sides) for r in judged)


def _readings(row: RowReading, pair_readings: Mapping[int, PairReadings] | None) -> PairReadings:
    """A row's pair readings, or without them its kept readings' pairs (its best and
    alternatives: the rest of its probability is left out, so what is worked out from
    them can only be understated)."""
    if pair_readings and row.row in pair_readings:
        return pair_readings[row.row]
    assert row.best is not None
    kept = ((row.best, row.posterior), *row.alternatives)
    return tuple(((res.ns_pair, res.ew_pair), p) for res, p in kept)


def _judged(
    row: RowReading, threshold: float, readings: PairReadings, seated: Seated, sides: Sides
) -> RowReading:
    """One row given the pairs other rows read for certain: in review saying so if its
    best reading seats one of them again; accepted if its posterior was its one reason
    for review and reaches the threshold once the readings that seat them are out. The
    pairs are decoded apart from the contract, so the best reading's probability given
    that they are out is its first divided by what they leave."""
    if row.status not in (RowStatus.REVIEW, RowStatus.ACCEPTED) or row.best is None:
        return row
    elsewhere = _elsewhere(seated, row.row)
    if _clashes(row.best, elsewhere, sides):
        # Two rows read the same pair for certain: one of them is wrong (or the pair
        # played the board twice, for the director). Neither is accepted.
        reason = _clash_reason(row.best, elsewhere, sides)
        if reason in row.reasons:
            return row
        return replace(row, status=RowStatus.REVIEW, reasons=(*row.reasons, reason))
    if row.status is RowStatus.ACCEPTED:
        return row
    if row.reasons != (posterior_reason(row.posterior, threshold),):
        return row
    gone = _gone(readings, elsewhere, sides)
    if gone <= 0.0:
        return row
    posterior = row.posterior / (1.0 - gone)
    kept = tuple((alt, p) for alt, p in row.alternatives if not _clashes(alt, elsewhere, sides))
    # The row's own pair readings given the same: what the stack weighs (ocr/stack_pairs.py).
    left = tuple((both, p / (1.0 - gone)) for both, p in row.pair_readings
                 if not _seats(*both, elsewhere, sides))  # fmt: skip
    if posterior >= threshold:
        return replace(row, posterior=posterior, alternatives=kept, pair_readings=left,
                       status=RowStatus.ACCEPTED, reasons=())  # fmt: skip
    reasons = (posterior_reason(posterior, threshold),)
    return replace(row, posterior=posterior, alternatives=kept, pair_readings=left,
                   reasons=reasons)  # fmt: skip


Seated = dict[str, dict[int, tuple[int, ...]]]
"""Per side ("NS", "EW"), each pair number read for certain and the form rows it is on."""

Elsewhere = dict[str, dict[int, int]]
"""Per side, the pair numbers other rows read for certain, with the first such row."""

Sides = tuple[str, str]
"""The keys of ``Seated`` an NS and an EW pair number go under."""

_APART: Sides = ("NS", "EW")
"""NS and EW numbered apart (a Mitchell may number both 1 to n)."""

_ONE_SERIES: Sides = ("", "")
"""One series: pair 10 sitting NS on one row and EW on another is the same pair twice."""


def _printed_kept(rows: Sequence[RowReading], sides: Sides) -> Seated:
    """Per side, every pair number the form prints on a row whose best reading keeps it
    there, with those rows."""
    on: Seated = {side: {} for side in sides}
    for r in rows:
        if r.best is None or r.status is RowStatus.EMPTY or r.printed_pairs is None:
            continue
        best = (r.best.ns_pair, r.best.ew_pair)
        for side, number, printed in zip(sides, best, r.printed_pairs, strict=True):
            if number is not None and number == printed:
                on[side][number] = (*on[side].get(number, ()), r.row)
    return on


def _handwritten_clash(row: RowReading, printed: Seated, sides: Sides) -> RowReading:
    """An accepted row whose handwritten pairs seat a pair number the form prints on
    another row, whose reading keeps it there, goes to review: the traveller as read
    seats that pair twice, and one of the two is wrong (or the pair played the board
    twice, for the director). The digit model is sure of a handwritten number more often
    than it is right on writers it never saw: a light "20" whose 0 lost its thin side
    read as a certain 21, while row 4 prints 21 and its own changed pairs read 20-21,
    not for certain (issue 13, TEST ordinary pages read without an event, seed 21). A
    printed number is read from type or given by the event. Another row's handwritten
    reading is not enough: on blank forms a row read at 0.4 seated a pair that a row read
    for certain has, and sent that row to review for nothing (seed 21, 7 rows on 500
    ordinary pages); where it is certain, ``_judged`` says so already. A row that reads
    its own printed pairs is not judged so."""
    result = row.best
    if row.status is not RowStatus.ACCEPTED or result is None:
        return row
    if row.printed_pairs is not None and (result.ns_pair, result.ew_pair) == row.printed_pairs:
        return row
    elsewhere = _elsewhere(printed, row.row)
    if not _clashes(result, elsewhere, sides):
        return row
    reason = _clash_reason(result, elsewhere, sides)
    return replace(row, status=RowStatus.REVIEW, reasons=(*row.reasons, reason))


def _certain_pairs(
    rows: Sequence[RowReading],
    threshold: float,
    readings: Mapping[int, PairReadings],
    seated: Seated,
    sides: Sides,
) -> Seated:
    """``seated`` and the pair numbers each row reads for certain given it: an NS (EW)
    number of the row's best reading whose share of what the row's readings keep, once
    those seating a pair certain on another row are out, reaches the threshold. A row in
    review for its marks still reads its pair numbers as surely as that says: they are
    handwritten digits or printed, decoded apart from the marks."""
    grown: Seated = {side: dict(numbers) for side, numbers in seated.items()}
    for r in rows:
        if r.best is None or r.status is RowStatus.EMPTY:
            continue
        elsewhere = _elsewhere(seated, r.row)
        # ``_seats`` and ``_gone`` over the row's readings in one pass each, by the two
        # sides' numbers: the same readings kept and the same sum, in the same order
        ns_seated, ew_seated = elsewhere[sides[0]], elsewhere[sides[1]]
        row_readings = readings[r.row]
        kept = [(both, q) for both, q in row_readings
                if not (both[0] in ns_seated or both[1] in ew_seated)]  # fmt: skip
        left = 1.0 - sum(p for (ns, ew), p in row_readings if ns in ns_seated or ew in ew_seated)
        if left <= 0.0:
            continue
        numbers = (r.best.ns_pair, r.best.ew_pair)
        for k, (side, number) in enumerate(zip(sides, numbers, strict=True)):
            on = grown[side].get(number, ()) if number is not None else ()
            if number is None or r.row in on:
                continue
            if sum(q for both, q in kept if both[k] == number) / left >= threshold:
                grown[side][number] = (*on, r.row)
    return grown


def _elsewhere(seated: Seated, i_row: int) -> Elsewhere:
    """The certain pair numbers of rows other than form row ``i_row``, with the first such
    row on the form (whatever order the rows came in). Asked for every row in each pass
    over the page (``played_once``), where nearly every number is on one row: that row
    is read as it is, without a generator a number."""
    out: Elsewhere = {}
    for side, numbers in seated.items():
        others: dict[int, int] = {}
        for n, on in numbers.items():
            if len(on) == 1:
                if on[0] != i_row:
                    others[n] = on[0]
            else:
                rows = [r for r in on if r != i_row]
                if rows:
                    others[n] = min(rows)
        out[side] = others
    return out


def _gone(readings: PairReadings, elsewhere: Elsewhere, sides: Sides) -> float:
    """The probability of a row's pair readings that seat a pair certain on another row."""
    return sum(p for (ns, ew), p in readings if _seats(ns, ew, elsewhere, sides))


def _clashes(result: RowResult, elsewhere: Elsewhere, sides: Sides) -> bool:
    return _seats(result.ns_pair, result.ew_pair, elsewhere, sides)


def _seats(ns: int | None, ew: int | None, elsewhere: Elsewhere, sides: Sides) -> bool:
    return ns in elsewhere[sides[0]] or ew in elsewhere[sides[1]]


def _clash_reason(result: RowResult, elsewhere: Elsewhere, sides: Sides) -> str:
    if result.ns_pair in elsewhere[sides[0]]:
        side, pair = sides[0], result.ns_pair
    else:
        side, pair = sides[1], result.ew_pair
    who = f"{side} pair {pair}".strip()
    return pair_clash_reason(who, elsewhere[side][pair])
