"""A doubtful handwritten pair number the stack settles otherwise than the digits read it.

Read with the event, a generic blank form's pair readings are weighed against the pairs
the movement sends to the board when the row is decoded (``ocr/pair_decode.py``): a
handwritten "18" the digit model reads 14 at 0.74 and 18 at 0.20 reads 18 where the
movement does not send 14 to the board, and the row is accepted at that posterior. Read
alone, the stack of travellers gives the same kind of evidence after every page is read
(``ocr/stack_pairs.py``: a pair plays a board once, the seats and couples the other
boards read), and the traveller's joint decoding may make another reading than the
digits' best the likeliest by far. The row is then read so, and accepted, only where:

- its posterior was its one reason for review, or a pair another row of the traveller
  reads for certain (``ocr/page_pairs.py``): both are about the pairs alone;
- the digits read no number of their best reading that the new reading changes for
  certain (its share of the row's pair readings under the threshold): the stack settles
  a doubt, it never overturns a number the ink shows plainly (a pair that played the
  board twice, or sat where the stack does not expect it, is the director's, Law 15);
- the new reading's posterior, its contract's probability times its pairs' jointly
  decoded, reaches the threshold, as a row is accepted;
- the new reading's numbers are the section's, where the QR code lists them: a number
  the section lacks sends a row to a person when it is read (``ocr/pair_check.py``), and
  a reading the stack settles on must not pass by that check.

Nothing here weighs the written score: a pair number and a score are independent, and no
row is made to agree by bending its pair number. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace

from ocr.reading import RowReading, RowStatus, is_pair_clash, posterior_reason
from ocr.traveller_pairs import Pairs, as_readings

__all__ = ["settled_otherwise"]


def settled_otherwise(
    row: RowReading,
    before: Mapping[Pairs, float],
    after: Mapping[Pairs, float],
    likeliest: Pairs,
    threshold: float,
    section: Collection[int] | None = None,
) -> RowReading | None:
    """``row`` read with the pairs ``likeliest`` and accepted, where the stack settles its
    doubtful pair number so (see the module docstring); None where it does not.

    ``before`` are the row's pair readings as the digits give them (with what
    ``ocr/page_pairs.py`` ruled out), ``after`` the same decoded with the stack;
    ``section`` the pairs the QR code lists (None: not listed)."""
    best = row.best
    if best is None or row.status is not RowStatus.REVIEW:
        return None
    first = (best.ns_pair, best.ew_pair)
    if section is not None and any(p not in section for p in likeliest):
        return None
    own = posterior_reason(row.posterior, threshold)
    if not row.reasons or any(r != own and not is_pair_clash(r) for r in row.reasons):
        return None
    for side in (0, 1):
        changed = likeliest[side] != first[side]
        if changed and _share(before, side, first[side]) >= threshold:
            return None
    posterior = row.posterior / before[first] * after[likeliest]
    if posterior < threshold:
        return None
    contract = row.posterior / before[first]
    read = replace(best, ns_pair=likeliest[0], ew_pair=likeliest[1])
    others = [(k, q) for k, q in as_readings(after) if k != likeliest][:2]
    alternatives = tuple(
        (replace(best, ns_pair=k[0], ew_pair=k[1]), contract * q) for k, q in others
    )
    return replace(row, best=read, posterior=posterior, alternatives=alternatives,
                   pair_readings=as_readings(after), status=RowStatus.ACCEPTED,
                   reasons=())  # fmt: skip


def _share(readings: Mapping[Pairs, float], side: int, number: int | None) -> float:
    """The share of a row's pair readings that read ``number`` in seat ``side``."""
    total = sum(readings.values())
    return sum(q for k, q in readings.items() if k[side] == number) / total if total else 0.0
