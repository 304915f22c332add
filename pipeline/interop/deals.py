"""Deal files read into hand records, and the hand-records sheet of a workbook.

A club with a dealing machine has the deal file of the session. We read it as PBN (every
dealing program writes PBN: games with [Board] and [Deal]) or as plain text with one
``<board> <PBN deal>`` per line. Each board becomes a
``pipeline.events.hand_records.HandRecord`` (which ``analyse`` gives the double-dummy table
and par); :func:`add_hand_records_sheet` puts them on a sheet of an openpyxl workbook.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from pipeline.events.hand_records import STRAIN_ORDER, HandRecord
from pipeline.events.hands import Deal, DealError
from pipeline.interop.pbn_syntax import parse_pbn
from pipeline.interop.records import InteropError, Location
from scoring.board import Vulnerability, dealer_of, vulnerability_of
from scoring.contract import Seat

__all__ = ["read_deal_file", "read_deals", "add_hand_records_sheet"]


def read_deal_file(path: str | Path) -> tuple[HandRecord, ...]:
    """Read a deal file: PBN, or text lines ``<board> <PBN deal>``; errors name file and line."""
    path = Path(path)
    return read_deals(path.read_bytes(), str(path))


def read_deals(data: bytes, source: str = "<deals>") -> tuple[HandRecord, ...]:
    text = data.decode("utf-8-sig", errors="replace")
    if "[" in text:
        return _from_pbn(data, source)
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.split(";", 1)[0].strip()
        if not line:
            continue
        where = Location(source, number)
        board_text, _, deal_text = line.partition(" ")
        if not board_text.isdigit():  # int()'s own words ("invalid literal ...") say nothing
            raise InteropError(
                where, f"expected '<board> N:<hands>': {board_text!r} is not a board number"
            )
        try:
            board = int(board_text)
            deal = Deal.parse(deal_text)
        except ValueError as error:
            raise InteropError(where, f"expected '<board> N:<hands>': {error}") from None
        try:
            records.append(_record(board, None, None, deal, where))
        except DealError as error:
            raise InteropError(where, str(error)) from None
    return tuple(records)


def _from_pbn(data: bytes, source: str) -> tuple[HandRecord, ...]:
    records = []
    for game in parse_pbn(data, source).games:
        board_text, deal_text = game.value("Board"), game.value("Deal")
        if board_text is None or deal_text is None:
            continue
        tag = game.get("Deal")
        where = Location(source, tag.line if tag else game.line)
        try:
            dealer_text, vul_text = game.value("Dealer"), game.value("Vulnerable")
            records.append(
                _record(
                    int(board_text),
                    Seat.parse(dealer_text) if dealer_text else None,
                    Vulnerability.parse(vul_text) if vul_text else None,
                    Deal.parse(deal_text),
                    where,
                )
            )
        except ValueError as error:
            raise InteropError(where, f"board {board_text}: {error}") from None
    return tuple(records)


def _record(
    board: int,
    dealer: Seat | None,
    vulnerability: Vulnerability | None,
    deal: Deal,
    where: Location,
) -> HandRecord:
    if not deal.complete:
        raise DealError(f"board {board}: a hand record needs all four hands")
    return HandRecord(
        board,
        dealer or dealer_of(board),
        vulnerability or vulnerability_of(board),
        deal,
        str(where),
    )


_HEADER = [
    "Board", "Dealer", "Vulnerable", "Seat", "Spades", "Hearts", "Diamonds", "Clubs", "HCP",
    "NT", "S", "H", "D", "C", "Par (NS)", "Par contracts",
]  # fmt: skip


def add_hand_records_sheet(
    workbook: Any, records: Sequence[HandRecord], title: str = "Hands"
) -> Any:
    """Add a sheet of hand records (and DD tables when analysed) to an openpyxl workbook.

    Cells are plain values (never formulas): holdings like "AKQ2" and numbers.
    """
    sheet = workbook.create_sheet(title)
    sheet.append(_HEADER)
    for record in records:
        for seat in Seat:
            hand = record.deal.hand(seat)
            assert hand is not None
            row: list[object] = [
                record.board, record.dealer.value, record.vulnerability.value, seat.value,
                *(holding or "-" for holding in hand.suits), hand.hcp(),
            ]  # fmt: skip
            if record.double_dummy is not None:
                row += [record.double_dummy.get(strain, seat) for strain in STRAIN_ORDER]
            else:
                row += [None] * 5
            if seat is Seat.NORTH and record.par is not None:
                played = ", ".join(f"{c} by {seat.value}" for c, seat in record.par.contracts)
                row += [record.par.score_ns, played]
            sheet.append(row)
    return sheet
