"""A pair plays a board once: what one row of a traveller seats, no other row seats again.

On a generic blank form the pair numbers are handwritten, and a handwritten 1 and 7, or
1 and 9, are often nearly as likely as each other: "1-18" against "9-14", "2-19" against
"2-79". The movement (``PrintedPairs.allowed``) already makes most such readings
unlikely, but a reading that seats pairs the movement does send to this board (another
table's pairs) stays possible, and the row goes to review on its posterior alone.

Every pair plays each board once, so on one traveller an NS pair number appears on one
row at most, and so does an EW pair number (the movement; a board played a second time
is no result, Law 15A, and the director adjusts). NS and EW are kept apart: a Mitchell
may number both 1 to n. A pair number a row reads for certain (its pair readings that
have it reach the acceptance threshold together, whatever else the row is in review for:
the pair digits are decoded apart from the marks) rules out every reading of another row
of the page that seats it again. The row's posterior is then its best reading's
probability given that the impossible readings are out: divided by one less the
probability of every pair reading of the row that seats such a pair (the pairs are
decoded apart from the contract, so that is exact). A row known only by its kept
readings (its best and two alternatives; ``read_rows`` gives every row's pair readings)
is judged on those: the rest of its probability is left in, and its posterior can only be
understated. On 200 ordinary TEST pages the kept readings alone left 90 rows of blank
forms in review on their posterior; the pair readings leave 67. A row is accepted this
way only if its posterior was its one reason for review. Two rows
that read the same pair for certain both go to review, saying so: one is misread, or the
pair played the board twice, which is for the director.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from ocr.reading import RowReading, RowResult, RowStatus
from ocr.row_reader import PairReadings, posterior_reason

__all__ = ["played_once"]


def played_once(
    rows: Sequence[RowReading],
    threshold: float,
    pair_readings: Mapping[int, PairReadings] | None = None,
) -> tuple[RowReading, ...]:
    """The rows of one traveller page, with readings that seat a pair another row seats
    for certain ruled out (see the module docstring). Repeats until nothing changes: a
    row's pairs made certain this way may rule out readings of another.

    ``pair_readings`` are the rows' pair readings from their decoding, every one with its
    probability (``read_rows``); a row without them is judged on its kept readings."""
    pairs = pair_readings or {}
    first = tuple(rows)
    out = list(rows)
    changed = True
    while changed:
        changed = False
        certain = _certain_pairs(out, threshold, pairs)
        for i, r in enumerate(out):
            if r.status not in (RowStatus.REVIEW, RowStatus.ACCEPTED) or r.best is None:
                continue
            elsewhere = _elsewhere(certain, r.row)
            if _clashes(r.best, elsewhere):
                # Two rows read the same pair for certain: one of them is wrong (or the
                # pair played the board twice, for the director). Neither is accepted.
                reason = _clash_reason(r.best, elsewhere)
                if reason not in r.reasons:
                    out[i] = replace(r, status=RowStatus.REVIEW, reasons=(*r.reasons, reason))
                continue
            if r.status is RowStatus.ACCEPTED:
                continue
            if r.reasons != (posterior_reason(r.posterior, threshold),):
                continue
            if r.row in pairs:
                # The pairs are decoded apart from the contract: the row's best reading
                # given no clash is its first probability over what the clashing pairs
                # leave (all of them, so this is worked out from the first each time).
                gone = sum(p for (ns, ew), p in pairs[r.row] if _seats(ns, ew, elsewhere))
                posterior = first[i].posterior / (1.0 - gone)
                if posterior <= r.posterior:
                    continue
            else:
                gone = sum(p for alt, p in r.alternatives if _clashes(alt, elsewhere))
                if gone <= 0.0:
                    continue
                posterior = r.posterior / (1.0 - gone)
            kept = tuple((alt, p) for alt, p in r.alternatives if not _clashes(alt, elsewhere))
            if posterior >= threshold:
                status, reasons = RowStatus.ACCEPTED, ()
            else:
                status, reasons = r.status, (posterior_reason(posterior, threshold),)
            out[i] = replace(r, posterior=posterior, alternatives=kept, status=status,
                             reasons=reasons)  # fmt: skip
            changed = True
    return tuple(out)


Seated = dict[str, dict[int, tuple[int, ...]]]
"""Per side ("NS", "EW"), each pair number read for certain and the form rows it is on."""


def _certain_pairs(
    rows: Sequence[RowReading], threshold: float, pairs: Mapping[int, PairReadings]
) -> Seated:
    """The pair numbers each row reads for certain: an NS (EW) number whose probability on
    the row reaches the threshold. That is the sum over the row's pair readings that have
    it, or without them over its best reading and kept alternatives (a lower bound: the
    readings not kept are counted as other numbers). A row in review for its marks still
    reads its pair numbers as surely as that says: they are handwritten digits or
    printed, decoded apart from the marks."""
    seated: Seated = {"NS": {}, "EW": {}}
    for r in rows:
        if r.best is None or r.status is RowStatus.EMPTY:
            continue
        kept = ((r.best, r.posterior), *r.alternatives)
        readings = pairs.get(r.row) or [((res.ns_pair, res.ew_pair), q) for res, q in kept]
        for k, (side, number) in enumerate((("NS", r.best.ns_pair), ("EW", r.best.ew_pair))):
            if number is None:
                continue
            p = sum(q for both, q in readings if both[k] == number)
            if p >= threshold:
                seated[side][number] = (*seated[side].get(number, ()), r.row)
    return seated


def _elsewhere(seated: Seated, i_row: int) -> dict[str, dict[int, int]]:
    """The certain pair numbers of rows other than form row ``i_row``, with one such row."""
    return {
        side: {n: next(r for r in on if r != i_row) for n, on in numbers.items()
               if any(r != i_row for r in on)}
        for side, numbers in seated.items()
    }  # fmt: skip


def _clashes(result: RowResult, elsewhere: dict[str, dict[int, int]]) -> bool:
    return _seats(result.ns_pair, result.ew_pair, elsewhere)


def _seats(ns: int | None, ew: int | None, elsewhere: dict[str, dict[int, int]]) -> bool:
    return ns in elsewhere["NS"] or ew in elsewhere["EW"]


def _clash_reason(result: RowResult, elsewhere: dict[str, dict[int, int]]) -> str:
    if result.ns_pair in elsewhere["NS"]:
        side, pair = "NS", result.ns_pair
    else:
        side, pair = "EW", result.ew_pair
    return f"{side} pair {pair} is on row {elsewhere[side][pair]} too (a pair plays a board once)"
