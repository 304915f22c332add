"""The hand records of a session, as clubs hand them out after the evening.

Given the deals (a dealing machine's file), every board's four hands with their high-card
points, the double-dummy tricks (each declarer in each strain) and the par score, one
block per board and several boards to a printed page, in a sheet of its own
(``Hand records``, ``S1 Hand records``). The solver (the ``deals`` extra) may be missing:
the hands are printed then, without tricks and par.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from openpyxl.workbook.workbook import Workbook

from pipeline.events.hand_records import STRAIN_ORDER, HandRecord
from pipeline.publish.workbook.layout import (
    Column,
    finish_block_sheet,
    new_sheet,
    write_block_title,
    write_table,
    write_title,
)
from pipeline.publish.workbook.ranking import heading
from pipeline.results.model.event import EventResults
from scoring.contract import Seat

__all__ = ["write_hand_records"]

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_VULNERABLE = {"None": "none vulnerable", "NS": "NS vulnerable", "EW": "EW vulnerable",
               "All": "all vulnerable"}  # fmt: skip
_COLUMNS = (
    Column("Seat", 6, align="center"),
    Column("♠ Spades", 14),
    Column("♥ Hearts", 14),
    Column("♦ Diamonds", 14),
    Column("♣ Clubs", 14),
    Column("HCP", 5, align="center"),
    *(Column(f"{strain.value} tricks", 8, align="center") for strain in STRAIN_ORDER),
)


def _title(record: HandRecord) -> str:
    vulnerable = _VULNERABLE.get(record.vulnerability.value, record.vulnerability.value)
    parts = [f"Board {record.board}", f"dealer {record.dealer.value}", vulnerable]
    if record.par is not None:
        played = ", ".join(f"{c} by {seat.value}" for c, seat in record.par.contracts)
        parts.append(f"par {record.par.score_ns:+d} for NS ({played})" if played
                     else f"par {record.par.score_ns:+d} for NS")  # fmt: skip
    return " · ".join(parts)


def _rows(record: HandRecord) -> list[list[object]]:
    rows = []
    for seat in _SEATS:
        hand = record.deal.hand(seat)
        if hand is None:
            continue
        row: list[object] = [seat.value, *((h.replace("T", "10") or "—") for h in hand.suits),
                             hand.hcp()]  # fmt: skip
        dd = record.double_dummy
        row += [dd.get(strain, seat) if dd else None for strain in STRAIN_ORDER]
        rows.append(row)
    return rows


def write_hand_records(
    workbook: Workbook, results: EventResults, hands: Mapping[int, Sequence[HandRecord]]
) -> None:
    """A ``Hand records`` sheet for each session that has deals."""
    for session in results.sessions:
        records = sorted(hands.get(session.number, ()), key=lambda r: r.board)
        played = {b.board for b in session.boards}
        records = [r for r in records if r.board in played]
        if not records:
            continue
        prefix = f"S{session.number} " if results.multi_session else ""
        sheet = new_sheet(workbook, f"{prefix}Hand records")
        analysed = any(r.double_dummy is not None for r in records)
        note = ("double-dummy tricks for each declarer in each strain, and par" if analysed
                else "no double-dummy analysis (install the 'deals' extra)")  # fmt: skip
        title_rows = write_title(sheet, heading(results, f"{session.name}: hand records ({note})"))
        blocks = []
        row = title_rows
        for record in records:
            header = write_block_title(sheet, row, _title(record))
            end = write_table(sheet, header, _COLUMNS, _rows(record))
            blocks.append((row, end))
            row = end + 1
        finish_block_sheet(sheet, title_rows, blocks)
