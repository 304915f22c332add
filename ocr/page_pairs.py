"""A pair plays a board once: what one row of a traveller seats, no other row seats again.

On a generic blank form the pair numbers are handwritten, and a handwritten 1 and 7, or
1 and 9, are often nearly as likely as each other: "1-18" against "9-14", "2-19" against
"2-79". The movement (``PrintedPairs.allowed``) already makes most such readings
unlikely, but a reading that seats pairs the movement does send to this board (another
table's pairs) stays possible, and the row goes to review on its posterior alone.

Every pair plays each board once, so on one traveller an NS pair number appears on one
row at most, and so does an EW pair number (Law 4 and the movement: a pair meets each
board once in a session). When another row of the same page is accepted with those
pairs, a reading that seats them again is impossible. The row's posterior is then its
best reading's probability given that the impossible readings are out: divided by one
less their probability. Only the readings the row keeps (its best and two alternatives)
are taken out; the rest of its probability is left in, so the posterior can only be
understated. A row is accepted this way only if its posterior was its one reason for
review; a row whose best reading seats a pair another accepted row seats gets that as a
reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ocr.reading import RowReading, RowResult, RowStatus

__all__ = ["played_once"]

_POSTERIOR = "posterior "


def played_once(rows: Sequence[RowReading], threshold: float) -> tuple[RowReading, ...]:
    """The rows of one traveller page, with readings that seat an accepted row's pair again
    ruled out (see the module docstring). Repeats until nothing changes: a row accepted
    this way may rule out readings of another."""
    out = list(rows)
    changed = True
    while changed:
        changed = False
        for i, r in enumerate(out):
            if r.status is not RowStatus.REVIEW or r.best is None:
                continue
            seated = _seated_elsewhere(out, i)
            if _clashes(r.best, seated):
                reason = _clash_reason(r.best, seated)
                if reason not in r.reasons:
                    out[i] = replace(r, reasons=(*r.reasons, reason))
                continue
            if not r.reasons or not all(x.startswith(_POSTERIOR) for x in r.reasons):
                continue
            gone = sum(p for alt, p in r.alternatives if _clashes(alt, seated))
            if gone <= 0.0:
                continue
            posterior = r.posterior / (1.0 - gone)
            kept = tuple((alt, p) for alt, p in r.alternatives if not _clashes(alt, seated))
            if posterior >= threshold:
                status, reasons = RowStatus.ACCEPTED, ()
                changed = True
            else:
                status, reasons = r.status, (f"posterior {posterior:.3f} below {threshold}",)
            out[i] = replace(r, posterior=posterior, alternatives=kept, status=status,
                             reasons=reasons)  # fmt: skip
    return tuple(out)


def _seated_elsewhere(rows: Sequence[RowReading], i: int) -> dict[str, dict[int, int]]:
    """The NS and EW pair numbers accepted rows other than row ``i`` seat, and on which
    form row."""
    seated: dict[str, dict[int, int]] = {"NS": {}, "EW": {}}
    for j, r in enumerate(rows):
        if j == i or r.status is not RowStatus.ACCEPTED or r.best is None:
            continue
        if r.best.ns_pair is not None:
            seated["NS"][r.best.ns_pair] = r.row
        if r.best.ew_pair is not None:
            seated["EW"][r.best.ew_pair] = r.row
    return seated


def _clashes(result: RowResult, seated: dict[str, dict[int, int]]) -> bool:
    return result.ns_pair in seated["NS"] or result.ew_pair in seated["EW"]


def _clash_reason(result: RowResult, seated: dict[str, dict[int, int]]) -> str:
    if result.ns_pair in seated["NS"]:
        side, pair = "NS", result.ns_pair
    else:
        side, pair = "EW", result.ew_pair
    return f"{side} pair {pair} is on row {seated[side][pair]} too (a pair plays a board once)"
