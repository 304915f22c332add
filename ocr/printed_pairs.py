"""What a board's traveller has pre-printed, and what the movement allows on it.

A plain value the reader checks handwritten pairs against (ocr/row_reader.py,
ocr/pair_check.py) and the pipeline builds from the event's movement
(pipeline/doors/scans/reading.py): in a module of its own, so building it does not load
OpenCV and the reader.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property

__all__ = [
    "PrintedPairs",
    "meetings_differ",
    "meetings_pairs",
    "qr_differs",
    "qr_pairs",
    "seating_differs",
    "seating_pairs",
]

Seats = tuple[tuple[int, int, int], ...]
"""(round, NS, EW) per row, as ``ocr.qrpayload.Seating`` (not imported: no segno here)."""


@dataclass(frozen=True)
class PrintedPairs:
    """What a board's traveller has pre-printed, and what the movement allows on it.

    ``rows[i]`` is (round, NS pair, EW pair) printed on form row i+1, or None for a row
    printed empty; ``allowed`` are all (NS, EW) pairs the movement sends to the board;
    ``seated`` the pairs the movement seats in each round (any table, any board);
    ``one_series`` whether the event numbers its pairs in one series (see
    ``numbered_in_one_series``); ``section_pairs`` the section's pair numbers when only
    the form's QR code gives them (no event file, ``ocr/pair_check.py``).
    """

    rows: tuple[tuple[int | None, int, int] | None, ...]
    allowed: tuple[tuple[int, int], ...] | None = None
    seated: Mapping[int, frozenset[int]] | None = None
    one_series: bool | None = None  # the event numbers its pairs in one series; None: unknown
    section_pairs: frozenset[int] | None = None

    def row(self, number: int) -> tuple[int | None, int, int] | None:
        return self.rows[number - 1] if number <= len(self.rows) else None

    @cached_property
    def existing(self) -> frozenset[int] | None:
        """Every pair number the event has (seated in some round; without the event, the
        section's pairs of the QR code), None when unknown."""
        if self.seated:
            return frozenset().union(*self.seated.values())
        return self.section_pairs

    @cached_property
    def numbered_in_one_series(self) -> bool:
        """Whether the event numbers its pairs in one series (1 to 2n, or a Howell's), not
        NS and EW apart (both 1 to n): a pair number is then on one row of a traveller at
        most, in either seat. ``one_series`` when the event says; else worked out from the
        board's pairings: apart numbering puts one number on both sides of them (a
        Mitchell's NS 3 and EW 3 both play the board), one series never does. Three
        pairings at least are asked for, as two could miss that by chance."""
        if self.one_series is not None:
            return self.one_series
        pairs = set(self.allowed or ()) | {(ns, ew) for _, ns, ew in filter(None, self.rows)}
        ns, ew = {p[0] for p in pairs}, {p[1] for p in pairs}
        return len(pairs) >= 3 and not ns & ew


def seating_pairs(seating: tuple[tuple[int, int, int], ...]) -> PrintedPairs:
    """What a form whose QR code carries the board's seating (``ocr/qrpayload.py``,
    ``BSC3``) prints and allows, read without the event file: its rows, and the pairs of
    those rows as the pairs the movement sends to the board. The QR code is printed by
    the same job as the rows' type, so it is what the event file would say of this board
    (``pipeline/doors/scans/reading.py``); what the movement seats in each round of the
    section is not in it (``seated`` None). Written pairs the seating does not send to the
    board keep the prior of a wrong board (``ocr.pair_decode``) and go to a person."""
    return PrintedPairs(seating, tuple((ns, ew) for _, ns, ew in seating))


def seating_differs(printed: PrintedPairs, seating: tuple[tuple[int, int, int], ...]) -> str | None:
    """Read with the event file, why the form's QR code seating (what the paper prints) is
    not the event's movement for the board, or None where they agree. The reader takes
    the printed pairs from the event; a form printed from another movement (the event file
    changed after printing) would have its rows read against pairs the paper does not
    print, so its rows go to a person with this reason instead."""
    for number, seat in enumerate(seating, start=1):
        given = printed.row(number)
        if given != seat:
            event = "nothing" if given is None else "round {}, {}-{}".format(*given)
            return (
                f"the form prints row {number} as round {seat[0]}, {seat[1]}-{seat[2]} "
                f"(QR code); the event's movement seats {event} there"
            )
    more = [n for n in range(len(seating) + 1, len(printed.rows) + 1) if printed.row(n)]
    if more:
        return (
            f"the form prints {len(seating)} rows (QR code); the event's movement seats "
            f"row {more[0]} as well"
        )
    return None


def meetings_pairs(meetings: tuple[tuple[int, int, int], ...]) -> PrintedPairs:
    """What a blank form whose QR code carries the board's meetings (``BSC4``, ``forms
    blank --movement``) allows, read without the event file: nothing printed on its rows
    (players fill them in any order), and the meetings' pairs as the pairs the movement
    sends to the board, as the event's movement gives them for a blank form. Written
    pairs the movement does not send to the board go to a person (Law 15)."""
    return PrintedPairs((), tuple((ns, ew) for _, ns, ew in meetings))


def meetings_differ(printed: PrintedPairs, meetings: Seats) -> str | None:
    """Read with the event file, why a blank form's QR code meetings are not the pairs the
    event's movement sends to the board, or None where they agree (in any order): the
    form was printed for another movement, and its rows go to a person."""
    paper = {(ns, ew) for _, ns, ew in meetings}
    event = set(printed.allowed or ())
    if not event or paper == event:
        return None
    only = sorted(paper - event) or sorted(event - paper)
    side = "the form's QR code" if paper - event else "the event's movement"
    return (
        f"the form was printed for another movement: {side} has {only[0][0]}-{only[0][1]} "
        f"on this board, the other does not"
    )


def qr_pairs(seating: Seats | None, meetings: Seats | None) -> PrintedPairs | None:
    """Read without the event file, what the QR code says the board's form prints and
    allows: the seating of its rows (``BSC3``), a blank form's meetings (``BSC4``), or
    nothing (None: older forms, generic blank forms)."""
    if seating:
        return seating_pairs(seating)
    return meetings_pairs(meetings) if meetings else None


def qr_differs(printed: PrintedPairs, seating: Seats | None, meetings: Seats | None) -> str | None:
    """Read with the event file, why the QR code's seating or meetings are not the event's
    movement for the board (``seating_differs``, ``meetings_differ``); None where they
    agree or the QR code carries neither."""
    if seating:
        return seating_differs(printed, seating)
    return meetings_differ(printed, meetings) if meetings else None
