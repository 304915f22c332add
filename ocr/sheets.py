"""What one printed traveller carries: its board and the rows pre-printed on it.

Plain values, apart from the printer (ocr/render.py, which draws them with reportlab), so
that what needs only to know what is printed (the pipeline's movement per board, the review
queue, pipeline/doors/scans/forms.py) does not load a PDF library.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ocr.layout import EW_PAIR, NS_PAIR, ROUND, Layout
from ocr.qrpayload import QrPayload, QrPayloadError, Seating

__all__ = ["PrintedRow", "TravellerSheet"]


@dataclass(frozen=True)
class PrintedRow:
    """What is pre-printed on one row: the round and the pairs the movement sends there.

    In an individual (four players a table, seed 004 "Individuellt") ``players`` holds the
    N, S, E, W player numbers, printed "N-S" and "E-W" in the pair cells instead of the
    partnerships' pair numbers, which the reader takes from the event's movement.
    """

    round: int | None = None
    ns_pair: int | None = None
    ew_pair: int | None = None
    players: tuple[int, int, int, int] | None = None

    def printed(self, name: str) -> str | None:
        """The text of the printed field ``name`` (round, ns_pair, ew_pair), None if empty."""
        if self.players is not None and name in (NS_PAIR, EW_PAIR):
            a, b = self.players[:2] if name == NS_PAIR else self.players[2:]
            return f"{a}-{b}"
        value = {ROUND: self.round, NS_PAIR: self.ns_pair, EW_PAIR: self.ew_pair}[name]
        return None if value is None else str(value)


@dataclass(frozen=True)
class TravellerSheet:
    """One traveller page: a board and its pre-printed rows (empty rows for a blank form)."""

    board: int
    rows: tuple[PrintedRow, ...] = ()
    event: str = ""
    session: str = ""
    section: str = ""
    title: str = ""  # free text printed in the header (event name, date); not in the QR
    pairs: tuple[int, ...] | None = None
    """The section's pair numbers, for the QR code (``ocr/qrpayload.py``): what a form
    read without the event file checks handwritten pair numbers against. None: unknown."""
    seating_in_qr: bool = True
    """Whether the QR code carries the board's seating (``BSC3``); False prints the QR code
    forms printed before it did (``BSC2``), for the tests and the benchmark's old forms."""
    meetings: Seating | None = None
    """A blank form's board as the movement plays it, (round, NS, EW) in round order, for
    the QR code (``BSC4``, ``forms blank --movement``); None for a generic blank form."""

    def payload(self, layout: Layout) -> QrPayload:
        """What the QR code says: with the board's seating where the rows print it (not on
        a blank form, nor an individual's, whose pair cells print players) and it fits
        the symbol; a blank form printed for a movement with its meetings; else the
        section's pairs only, and a form read without the event file checks its pairs as
        a form printed before did (docs/forms.md)."""
        plain = QrPayload(
            board=self.board,
            event=self.event,
            session=self.session,
            section=self.section,
            form_version=layout.version,
            paper=layout.paper,
            pairs=self.pairs,
        )
        if self.meetings is not None and not self.rows:
            return replace(plain, meetings=self.meetings)  # QrPayloadError if it does not fit
        seating = self.seating() if self.seating_in_qr else None
        if seating is None:
            return plain
        try:
            return replace(plain, seating=seating)
        except QrPayloadError:
            return plain

    def seating(self) -> Seating | None:
        """The rows' (round, NS, EW), or None where a row prints none of them or players."""
        out = []
        for row in self.rows:
            if row.players is not None or None in (row.round, row.ns_pair, row.ew_pair):
                return None
            out.append((row.round, row.ns_pair, row.ew_pair))
        return tuple(out) or None  # type: ignore[arg-type]
