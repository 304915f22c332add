"""Pair numbers checked on a form read without the event file (issue 43, item 2).

With the event file the reader knows the movement: a reading whose pairs it does not send
to the board, or whose numbers the event does not have, keeps a small prior and goes to a
person (``ocr/pair_decode.py``, ``ocr/row_reader.py``). Read alone (``bridgescan scan
read`` without ``--event``, or an office reading forms before the event file arrives), a
handwritten pair number had nothing to be checked against, and the digit model's commonest
confusion, a handwritten 1 read as a 7, was accepted: 8 wrong rows in 397 on pages nobody
here made, every one a 12, 13, 15, 16 or 17 accepted as 72, 73, 75, 76 or 77.

A form printed since issue 43 carries its section's pair numbers in the QR code
(``ocr/qrpayload.py``, payload ``BSC2``). The reader gives them to the pair decoding, so a
number the section does not have keeps the prior of a slip of the pen
(``ocr.pair_decode._NO_SUCH_PAIR``), and here a row whose best reading still has such a
number goes to a person, saying which numbers the section has: no pair can have sat down
under it.

A form whose QR code does not list them (printed before, or a blank form printed without
``--pairs``) cannot be checked so. A pair number written by hand on it is taken only when
it is no larger than the largest pair number seen on the form: the largest one the form
prints (read from the type, ``ocr.printed_page.printed_from_page``), or on a blank form, where
nothing is printed, twice the number of rows written on it (each row seats two pairs, and
a pair plays a board once, so a board played at every table of a section numbered in one
series seats all its pairs, 1 to twice the rows). A larger number is not plausible on
what the form shows, and a person looks. A board played at fewer tables than the section
has sends some right numbers to a person as well: that costs review, never a wrong row.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import replace

from ocr.layout import Rect
from ocr.qrpayload import pair_ranges
from ocr.reading import Crop, RowReading, RowStatus

__all__ = ["check_pair_numbers", "largest_plausible_pair"]


def largest_plausible_pair(rows: Sequence[RowReading]) -> int:
    """The largest pair number a form without listed pairs makes plausible: the largest
    number it prints, or where nothing is printed twice the rows written on it."""
    printed = [p for r in rows if r.printed_pairs is not None for p in r.printed_pairs]
    if printed:
        return max(printed)
    return 2 * sum(r.status is not RowStatus.EMPTY for r in rows)


def check_pair_numbers(
    rows: Sequence[RowReading],
    section_pairs: Collection[int] | None,
    picture: Callable[[Rect], bytes] | None = None,
) -> tuple[RowReading, ...]:
    """The rows of one page read without the event file, each whose best reading has a
    pair number the section does not have (``section_pairs``, from the QR code) or, where
    the QR code does not list them (None), an unverifiable one (a handwritten number above
    ``largest_plausible_pair``) sent to a person with the reason.

    ``picture(rect)`` makes the PNG of a row sent to review whose picture was not kept (a
    row reading its printed pairs keeps none), from the page it was read on."""
    bound = None if section_pairs is not None else largest_plausible_pair(rows)
    out = []
    for row in rows:
        reason = _reason(row, section_pairs, bound)
        if reason is None or reason in row.reasons:
            out.append(row)
            continue
        crop = row.crop
        if crop.png is None and picture is not None:
            crop = Crop(crop.page, crop.rect_mm, picture(Rect(*crop.rect_mm)))
        out.append(replace(row, status=RowStatus.REVIEW, reasons=(*row.reasons, reason),
                           crop=crop))  # fmt: skip
    return tuple(out)


def _reason(
    row: RowReading, section_pairs: Collection[int] | None, bound: int | None
) -> str | None:
    best = row.best
    if row.status is RowStatus.EMPTY or best is None:
        return None
    numbers = [p for p in (best.ns_pair, best.ew_pair) if p is not None]
    if section_pairs is not None:
        unknown = [p for p in numbers if p not in section_pairs]
        if unknown:
            return (
                f"pair {unknown[0]} is not a pair of this section "
                f"(the QR code lists {pair_ranges(section_pairs)})"
            )
        return None
    assert bound is not None
    printed = row.printed_pairs or ()
    handwritten = [p for p in numbers if p not in printed]
    above = [p for p in handwritten if p > bound]
    if above:
        return (
            f"pair {above[0]} cannot be checked: the QR code does not list the section's "
            f"pairs, and the form shows none above {bound}"
        )
    return None
