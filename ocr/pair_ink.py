"""Handwritten pair numbers the reading does not use (issue 43).

A row whose pairs changed gets its "pairs changed" box marked and the new numbers written
in the pair boxes beside it; the reading then takes the written numbers
(``ocr/pair_decode.py``). Where the box's mark is not seen, the decoder weighs the printed
pairs (no change, the pair boxes blank) against the written ones (a change, the boxes
holding the numbers): a pale number the digit model reads blank in one comb costs the
change as much as a number read plainly in the other costs the printed pairs, and the
printed pairs, a hundred times likelier a priori, were accepted with a number written
beside them. TEST noisy, seed 80736, ``page_0015.jpg`` row 13, with and without the
event: pairs 13-28 swapped to 28-13, the box's tick read empty (fill 0.039), the NS 28 too
pale to read, the EW comb read 13 (0.899); 5C-2 by East accepted for pairs 13-28, every
mark right and the pairs the wrong way round. 504f063 read it so too.

So where the reading keeps the printed pairs, a pair comb whose two boxes both read a
digit, a number other than its seat's printed one, sends the row to a person, as a marked
box the reading does not use does. The printed number written again is no such number
(it changes nothing the row is read as), nor a comb read blank. One box read as a digit
is not asked: on a dusty page a clump in a pair box reads as one (TEST noisy seed 13, 50
pages, asked too: 37 rows accepted before went to a person for one pair box read as a 1,
4, 7 or another digit beside the printed pairs, none of them a change, and noisy's rows
to review rose from 12.64% to 19.31%). A change to a single-digit pair is so left to the
box's mark, the decoder's weighing and the movement's checks ("Limits" in
docs/reader.md).
"""

from __future__ import annotations

from collections.abc import Sequence

from ocr.layout import EW_PAIR_WRITTEN, NS_PAIR_WRITTEN
from ocr.reading import FieldReading

__all__ = ["unused_pair_numbers"]


def unused_pair_numbers(
    fields: Sequence[FieldReading],
    printed_pairs: tuple[int, int] | None,
    pairs: tuple[int | None, int | None],
) -> list[str]:
    """The review reasons for the pair combs (``fields``) that read a number of two digits
    other than the printed pair of their seat, where the reading's ``pairs`` are the
    printed ones (the module's docstring); none where nothing is printed or the reading
    changed them."""
    if printed_pairs is None or pairs != printed_pairs:
        return []
    printed = {NS_PAIR_WRITTEN: printed_pairs[0], EW_PAIR_WRITTEN: printed_pairs[1]}
    return [
        f"{f.field} reads {f.value}, which the reading does not use"
        for f in fields
        if f.field in printed
        and f.value is not None
        and _two_digits(f.value)
        and int(f.value) != printed[f.field]
    ]


def _two_digits(value: str) -> bool:
    """Does a pair comb read a digit in both its boxes (``FieldReading.value``: a blank box
    adds nothing)?"""
    return len(value) >= 2 and value.isdigit()
